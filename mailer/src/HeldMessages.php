<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * outbox/held/: posts that came without a valid proof of work (ProofOfWork), kept for a person to review. Never
 * sent unless a person releases them (release() puts one into the queue, to be delivered once); the salon reads
 * them in the daily digest (SalonNotices); purged by a person or heldDays after that digest, and bounded by
 * maxHeld (hold() refuses with OutboxFull beyond it, so a flood cannot fill the disk).
 */
final class HeldMessages extends OutboxFolder
{
    public const DIR = 'held';

    /**
     * Stores a post that came without a valid proof of work, not to be sent unless a person releases it.
     *
     * @return string its id (as in the log lines)
     *
     * @throws OutboxFull        held/ is at maxHeld (or the disk nearly full): nothing was stored
     * @throws OutboxUnavailable nothing was stored
     */
    public function hold(OutgoingMessage $message, ?ContactMessage $visitor = null): string
    {
        $held = $this->paths();
        if (count($held) >= $this->limits->maxHeld) {
            throw new OutboxFull('held-full', ['held' => count($held), 'limit' => $this->limits->maxHeld]);
        }
        $this->spool->ensureDiskRoom($this->limits->minFreeBytes);
        $this->spool->ensureDirectory($this->dir);
        $now = ($this->clock)();
        $entry = new OutboxEntry($message, $now, 0, $now, visitor: $visitor);
        $path = $this->dir . '/' . Spool::fileName($entry, $now);
        fclose($this->spool->write($path, $entry->toJson(), $now));
        // Counted again with this file in: posts arriving together each counted before the others wrote, so the
        // first count alone would let a flood pass the limit by as many as PHP-FPM has workers.
        $held = count($this->paths());
        if ($held > $this->limits->maxHeld) {
            @unlink($path);
            error_clear_last();
            $this->spool->syncDirectory($this->dir);
            throw new OutboxFull('held-full', ['held' => $held - 1, 'limit' => $this->limits->maxHeld]);
        }

        return $entry->id();
    }

    /**
     * The held messages (all, or those at $paths), oldest first, for a person to review.
     *
     * @param list<string>|null $paths
     *
     * @return list<OutboxEntry>
     */
    public function entries(?array $paths = null): array
    {
        // A file that is not one of ours is left for a person, never sent.
        return array_values(array_filter($this->read($paths), static fn (OutboxEntry|string $e): bool => $e instanceof OutboxEntry));
    }

    /**
     * Puts held messages into the queue (then delivered once, like any other): the one with $id, or all with null.
     *
     * @return int how many
     *
     * @throws OutboxUnavailable
     */
    public function release(?string $id = null): int
    {
        $count = $this->spool->requeue($this->matching($id), ($this->clock)());
        $this->spool->syncDirectory($this->dir);

        return $count;
    }

    /**
     * Deletes what held/ has kept for heldDays (the privacy policy's promise) after the salon was told of it (the
     * digest): a message the salon was never told of is never deleted.
     *
     * @param array<string, int> $told id => when the digest told the salon of it
     *
     * @return list<string> ids
     */
    public function expire(array $told): array
    {
        return $this->deleteToldDaysAgo($told, $this->limits->heldDays);
    }
}
