<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * outbox/held/: posts waiting for their sender's confirmation (Confirmation): they came without a valid proof of
 * work (ProofOfWork), or with the trap field filled. Nobody was told "sent" for them. A right answer (confirm())
 * puts the message into the queue, delivered once like any other; an operator can do the same (release()). What no
 * one confirms was never promised: the salon gets a short daily summary of it (SalonNotices), and it is deleted
 * heldDays after it came. Bounded by maxHeld (hold() refuses with OutboxFull beyond it, so a flood cannot fill the
 * disk).
 */
final class HeldMessages extends OutboxFolder
{
    public const DIR = 'held';

    /** A token as HeldPost makes it: the message's id and the secret, each in hex. */
    private const TOKEN_PATTERN = '/^([0-9a-f]{16})\.([0-9a-f]{32})$/D';

    /**
     * Stores a post to be confirmed by its sender, with its first question; not sent unless confirmed or released.
     *
     * @throws OutboxFull        held/ is at maxHeld (or the disk nearly full): nothing was stored
     * @throws OutboxUnavailable nothing was stored
     */
    public function hold(OutgoingMessage $message, ?ContactMessage $visitor = null): HeldPost
    {
        $held = $this->paths();
        if (count($held) >= $this->limits->maxHeld) {
            throw new OutboxFull('held-full', ['held' => count($held), 'limit' => $this->limits->maxHeld]);
        }
        $this->spool->ensureDiskRoom($this->limits->minFreeBytes);
        $this->spool->ensureDirectory($this->dir);
        $now = ($this->clock)();
        [$confirmation, $secret] = Confirmation::ask();
        $entry = new OutboxEntry($message, $now, 0, $now, visitor: $visitor, confirmation: $confirmation);
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

        return new HeldPost($entry->id(), $entry->id() . '.' . $secret, $confirmation);
    }

    /** The question now asked for the message a token names, or null when it has nothing to confirm. */
    public function asked(string $token): ?Confirmation
    {
        if (preg_match(self::TOKEN_PATTERN, $token, $m) !== 1) {
            return null;
        }
        foreach ($this->entries($this->matching($m[1])) as $entry) {
            $asked = $entry->confirmation;
            if ($asked !== null && $asked->holdsSecret($m[2]) && !$asked->exhausted()) {
                return $asked;
            }
        }

        return null;
    }

    /**
     * The sender's answer to the question of the message her token names: right, the message goes into the queue
     * (to be sent once, like any other); wrong, she gets another question (the message stays held); gone when there
     * is nothing to confirm (an unknown or forged token, a message already confirmed or deleted, or one that had
     * Confirmation::MAX_WRONG wrong answers).
     *
     * @throws OutboxUnavailable the outcome could not be written (nothing changed)
     */
    public function confirm(string $token, string $answer): ConfirmationOutcome
    {
        if (preg_match(self::TOKEN_PATTERN, $token, $m) !== 1) {
            return ConfirmationOutcome::gone();
        }
        [, $id, $secret] = $m;
        foreach ($this->matching($id) as $path) {
            // Another request answering the same message this very moment holds it: that one decides.
            $claim = $this->spool->claim($path);
            if ($claim === null) {
                continue;
            }
            try {
                $entry = $claim->entry;
                $asked = $entry?->confirmation;
                if ($entry === null || $asked === null || !$asked->holdsSecret($secret) || $asked->exhausted()) {
                    return ConfirmationOutcome::gone($id);
                }
                if ($asked->accepts($answer)) {
                    $queued = $this->spool->requeueClaimed($claim, ($this->clock)());
                    $this->spool->syncDirectory($this->dir);

                    return ConfirmationOutcome::confirmed($queued, $id);
                }
                $next = $asked->askedAgain();
                $this->spool->rewrite($claim, $entry->confirmedBy($next))->release();

                return $next->exhausted() ? ConfirmationOutcome::gone($id) : ConfirmationOutcome::wrong($next, $id);
            } finally {
                $claim->release();
            }
        }

        return ConfirmationOutcome::gone($id);
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
     * Deletes what held/ has kept for heldDays since it came (the privacy policy's promise): nobody confirmed it, so
     * nobody was promised it would be read.
     *
     * @return list<string> ids
     */
    public function expire(): array
    {
        $limit = ($this->clock)() - $this->limits->heldDays * 86400;

        return $this->spool->deleteStoredBefore($this->paths(), $limit);
    }
}
