<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * outbox/held/: posts that came without a valid proof of work (ProofOfWork), kept for a person to review. Never
 * sent unless a person releases them (release() puts one into the queue, to be delivered once); the salon reads
 * them in the daily digest (SalonNotices); purged by a person or heldDays after that digest, and bounded by maxHeld (hold() refuses with OutboxFull beyond it, so a flood cannot fill the
 * disk).
 */
final class HeldMessages
{
    public const DIR = 'held';

    public readonly string $dir;

    /** @param \Closure(): int $clock */
    public function __construct(
        private readonly Spool $spool,
        private readonly OutboxLimits $limits,
        private readonly \Closure $clock,
    ) {
        $this->dir = $spool->dir . '/' . self::DIR;
    }

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
        fclose($this->spool->write($this->dir . '/' . Spool::fileName($entry, $now), $entry->toJson(), $now));

        return $entry->id();
    }

    /**
     * @return list<string> paths of the held messages, oldest first
     *
     * @throws OutboxUnavailable
     */
    public function paths(): array
    {
        return is_dir($this->dir) ? $this->spool->entriesIn($this->dir) : [];
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
        $entries = [];
        foreach ($paths ?? $this->paths() as $path) {
            try {
                $entries[] = OutboxEntry::fromJson((string) @file_get_contents($path));
            } catch (\UnexpectedValueException) {
                // not one of ours: left for a person, never sent
            }
        }

        return $entries;
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
     * Deletes held messages: the one with $id, or all with null.
     *
     * @return int how many
     */
    public function purge(?string $id = null): int
    {
        $count = 0;
        foreach ($this->matching($id) as $path) {
            if (@unlink($path)) {
                $count++;
            }
        }
        error_clear_last();
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
        return $this->spool->deleteToldBefore($this->paths(), $told, ($this->clock)() - $this->limits->heldDays * 86400);
    }

    /** @return list<string> */
    private function matching(?string $id): array
    {
        if ($id !== null && preg_match(Outbox::ID_PATTERN, $id) !== 1) {
            return [];
        }

        return array_values(array_filter($this->paths(), static fn (string $path): bool => $id === null || str_ends_with($path, '-' . $id . '.json')));
    }
}
