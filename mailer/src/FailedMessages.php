<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * outbox/failed/: messages that gave up (refused by the server, or still not delivered when their retries' time was
 * up, or files that are not readable entries), kept for a person to look at or put back for failedDays after the
 * salon was told of them (SalonNotices), then deleted (the privacy policy, /rodo, says so).
 */
final class FailedMessages
{
    public const DIR = 'failed';

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
     * @return list<string> paths of the messages that gave up, oldest first
     *
     * @throws OutboxUnavailable
     */
    public function paths(): array
    {
        return is_dir($this->dir) ? $this->spool->entriesIn($this->dir) : [];
    }

    /**
     * Moves a claimed file here as it is. The claim is released either way.
     *
     * @throws OutboxUnavailable
     */
    public function keep(Claim $claim): string
    {
        return $this->spool->moveInto($claim, $this->dir);
    }

    /**
     * Deletes what failed/ has kept for failedDays after the salon was told of it (the notice): a message the salon
     * was never told of is never deleted.
     *
     * @param array<string, int> $told id => when the notice told the salon of it
     *
     * @return list<string> the ids (as in the log lines) of the deleted messages
     */
    public function expire(array $told): array
    {
        return $this->spool->deleteToldBefore($this->paths(), $told, ($this->clock)() - $this->limits->failedDays * 86400);
    }

    /**
     * Deletes failed messages after a person looked at them: the one with $id, or all with null.
     *
     * @return int how many
     */
    public function purge(?string $id = null): int
    {
        $count = 0;
        foreach ($this->paths() as $path) {
            if (($id === null || Spool::idFromPath($path) === $id) && @unlink($path)) {
                $count++;
            }
        }
        error_clear_last();
        $this->spool->syncDirectory($this->dir);

        return $count;
    }

    /**
     * The failed messages (all, or those at $paths), oldest first: entries, or the names of files that are not
     * readable entries.
     *
     * @param list<string>|null $paths
     *
     * @return list<OutboxEntry|string>
     */
    public function entries(?array $paths = null): array
    {
        $entries = [];
        foreach ($paths ?? $this->paths() as $path) {
            try {
                $entries[] = OutboxEntry::fromJson((string) @file_get_contents($path));
            } catch (\UnexpectedValueException) {
                $entries[] = basename($path);
            }
        }

        return $entries;
    }

    /**
     * Puts every message from failed/ back into the queue with its attempts reset (after the cause was fixed).
     *
     * @return int how many
     *
     * @throws OutboxUnavailable
     */
    public function requeue(): int
    {
        return $this->spool->requeue($this->paths(), ($this->clock)());
    }
}
