<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * outbox/failed/: messages that gave up (attempts used up, refused by the server, or files that are not readable
 * entries), kept for a person to look at or put back for failedDays, counted from when the visitor sent them (the
 * time in the file name); then deleted (the privacy policy, /rodo, says so).
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
     * Deletes what failed/ has kept for failedDays, counted from when the visitor sent it (the time in the file
     * name; a file not named by the outbox counts from its mtime).
     *
     * @return list<string> the ids (as in the log lines) of the deleted messages
     */
    public function expire(): array
    {
        return $this->spool->deleteStoredBefore($this->paths(), ($this->clock)() - $this->limits->failedDays * 86400);
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
