<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * outbox/failed/: messages that gave up (refused by the server, or still not delivered when their retries' time was
 * up, or files that are not readable entries), kept for a person to look at or put back for failedDays after the
 * salon was told of them (SalonNotices), then deleted (the privacy policy, /rodo, says so).
 */
final class FailedMessages extends OutboxFolder
{
    public const DIR = 'failed';

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
        return $this->deleteToldDaysAgo($told, $this->limits->failedDays);
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
        return $this->read($paths);
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
