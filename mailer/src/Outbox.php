<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * The durable queue between "the visitor pressed Send" and "SMTP accepted the mail": one JSON file per waiting
 * message in a directory (OUTBOX_DIR), and beside it what the outbox also holds: held/ ($held), failed/ ($failed)
 * and what is known of the SMTP server ($smtp). The files' mechanics (atomic writes, claims) are Spool's.
 *
 * - store(): durable before it returns (Spool::write). Refused (OutboxFull) over maxPending waiting messages or
 *   under minFreeBytes of free disk, so a flood or an outage cannot fill the disk.
 * - claim(): an exclusive, non-blocking flock, so two deliverers (or a request and a deliverer) never send one
 *   message twice; the lock dies with its process.
 * - beginAttempt() counts an attempt before it is made, so an attempt whose process dies (a kill, an OOM,
 *   php-fpm's request_terminate_timeout) is counted all the same, and backs off like any other; recordFailure()
 *   keeps the reason and moves the file to failed/ only once the message has been retried for retryHours: an
 *   unreachable server or a refused login never gives up a younger message. refuse() moves a message the
 *   server refused for good to failed/ at once; markSent() removes the file only after SMTP accepted the mail.
 *
 * A waiting file's mtime is its next attempt time, so a pass reads only the files that are due (the JSON inside
 * stays the authority).
 */
final class Outbox
{
    /** A message's id as OutboxEntry makes it and --held lists it. */
    public const ID_PATTERN = '/^[0-9a-f]{16}$/D';

    /** Retries back off exponentially up to this delay, so that a repaired server is used within the hour. */
    public const RETRY_CAP_SECONDS = 3600;

    public readonly HeldMessages $held;
    public readonly FailedMessages $failed;
    public readonly SmtpHealth $smtp;
    /** The folders' file mechanics (also for the deliverer's own state file). */
    public readonly Spool $spool;
    /** @var \Closure(): int */
    private readonly \Closure $clock;

    /**
     * @param (\Closure(): int)|null                $clock     unix time; injectable for the backoff tests
     * @param (\Closure(): (int|float|false))|null  $freeBytes free space on the outbox's disk; injectable for tests
     */
    public function __construct(
        public readonly string $dir,
        public readonly OutboxLimits $limits = new OutboxLimits(),
        ?\Closure $clock = null,
        ?\Closure $freeBytes = null,
    ) {
        $this->clock = $clock ?? static fn (): int => time();
        $this->spool = new Spool($dir, $freeBytes);
        $this->held = new HeldMessages($this->spool, $limits, $this->clock);
        $this->failed = new FailedMessages($this->spool, $limits, $this->clock);
        $this->smtp = new SmtpHealth($dir, $this->clock);
    }

    /** @param (\Closure(): int)|null $clock */
    public static function fromConfig(Config $config, ?\Closure $clock = null): self
    {
        return new self($config->outboxDir, $config->outbox, $clock);
    }

    public function now(): int
    {
        return ($this->clock)();
    }

    /**
     * Stores a new message durably and returns it claimed by the caller, so it can be sent at once
     * without any deliverer taking it meanwhile. With $attemptNow the first attempt is counted already (the
     * caller sends it right away; see beginAttempt); otherwise the message is due for the deliverer at once.
     *
     * @throws OutboxFull        nothing was stored: too many waiting, or too little disk (clears by itself)
     * @throws OutboxUnavailable nothing was stored
     */
    public function store(OutgoingMessage $message, bool $attemptNow = false, ?ContactMessage $visitor = null): Claim
    {
        $this->ensureRoom();
        $now = $this->now();
        $entry = new OutboxEntry($message, $now, 0, $now, visitor: $visitor);
        if ($attemptNow) {
            $entry = $entry->attemptStarted($now + $this->retryDelay(1));
        }
        $path = $this->dir . '/' . Spool::fileName($entry, $now);

        return new Claim($path, $this->spool->write($path, $entry->toJson(), $entry->nextAttemptAt), $entry);
    }

    /**
     * The waiting messages, oldest first (file names start with the time they were stored).
     *
     * @return list<string> paths
     *
     * @throws OutboxUnavailable the directory cannot be listed
     */
    public function pending(): array
    {
        return $this->spool->entriesIn($this->dir);
    }

    /**
     * The waiting messages whose next attempt has come, oldest first, known without opening them (by mtime,
     * see Spool::write). A pass claims and reads only these; the entry's own nextAttemptAt is checked after.
     *
     * @return list<string> paths
     *
     * @throws OutboxUnavailable the directory cannot be listed
     */
    public function due(): array
    {
        $now = $this->now();
        // No schedule lies further ahead than the backoff's cap: an mtime beyond it is not one of ours (a file
        // copied in, a clock set back), and the entry's JSON has to say.
        $horizon = $now + max(self::RETRY_CAP_SECONDS, $this->limits->retrySeconds);
        $due = [];
        foreach ($this->pending() as $path) {
            clearstatcache(true, $path);
            $at = @filemtime($path);
            if ($at !== false && ($at <= $now || $at > $horizon)) {
                $due[] = $path;
            }
        }
        error_clear_last();

        return $due;
    }

    /**
     * Whether a waiting message's next attempt has come. One scheduled further ahead than the backoff's cap was
     * scheduled by a clock that has since been set back: it is due now, not in days.
     */
    public function isDue(OutboxEntry $entry): bool
    {
        $now = $this->now();

        return $entry->nextAttemptAt <= $now || $entry->nextAttemptAt > $now + max(self::RETRY_CAP_SECONDS, $this->limits->retrySeconds);
    }

    /**
     * Gives every message stored "in the future" (its file name's time later than now: the clock ran ahead when it
     * was stored and has been set back) the present as its time, so that its age, its retention and /health's
     * clock-back read true again. Returns how many were redated.
     *
     * @throws OutboxUnavailable
     */
    public function redateFuture(): int
    {
        $now = $this->now();
        $count = 0;
        foreach ([$this->dir, $this->held->dir, $this->failed->dir] as $dir) {
            if (!is_dir($dir)) {
                continue;
            }
            foreach ($this->spool->entriesIn($dir) as $path) {
                if (Spool::storedAt($path) > $now + Health::CLOCK_TOLERANCE_SECONDS && $this->spool->redate($path, $now)) {
                    $count++;
                }
            }
        }

        return $count;
    }

    /**
     * Takes the message for this process, or returns null when another process holds it or it is gone
     * (sent or rescheduled by someone else between the listing and now).
     */
    public function claim(string $path): ?Claim
    {
        return $this->spool->claim($path);
    }

    /**
     * claim() for a handle opened earlier (Spool::claimHandle). Public for the tests that open the handle
     * themselves to stage the race between the open and the lock.
     *
     * @param resource $handle
     */
    public function claimHandle(string $path, $handle): ?Claim
    {
        return $this->spool->claimHandle($path, $handle);
    }

    /**
     * SMTP accepted the message: remove it. The claim is released either way.
     *
     * @throws OutboxUnavailable the file could not be removed (it would be sent again)
     */
    public function markSent(Claim $claim): void
    {
        try {
            if (!@unlink($claim->path)) {
                throw OutboxUnavailable::because('cannot remove the sent message', $claim->path);
            }
            $this->spool->syncDirectory($this->dir);
        } finally {
            $claim->release();
        }
    }

    /**
     * Counts the attempt about to be made and schedules the next one, before anything is sent: a process that
     * dies during the attempt (a kill, an OOM, request_terminate_timeout) leaves it counted, so no message is
     * retried forever. Returns the claim on the rewritten file; the old claim is released.
     *
     * @throws OutboxUnavailable nothing changed (the caller must not send: the attempt would go uncounted)
     */
    public function beginAttempt(Claim $claim): Claim
    {
        try {
            $entry = $claim->entry ?? throw new \LogicException('an unreadable entry cannot be sent');
            $next = $entry->attemptStarted($this->now() + $this->retryDelay($entry->attempts + 1));

            return $this->spool->rewrite($claim, $next);
        } finally {
            $claim->release();
        }
    }

    /**
     * The attempt counted by beginAttempt (or by store) failed for a passing reason: keeps the reason, and once the
     * message has been retried for retryHours moves the file to failed/ (EXPIRED). Returns the entry as stored,
     * nextAttemptAt 0 when it gave up. The claim is released either way.
     *
     * @throws OutboxUnavailable the reason could not be written (the attempt stays counted and scheduled)
     */
    public function recordFailure(Claim $claim, string $error): OutboxEntry
    {
        try {
            $entry = $claim->entry ?? throw new \LogicException('an unreadable entry cannot be rescheduled');
            $gaveUp = $this->outOfTime($entry);
            $updated = $entry->failedWith($error, $gaveUp ? 0 : $entry->nextAttemptAt, $gaveUp ? OutboxEntry::EXPIRED : '');
            $next = $this->spool->rewrite($claim, $updated);
            if ($gaveUp) {
                $this->failed->keep($next);
            }
            $next->release();

            return $updated;
        } finally {
            $claim->release();
        }
    }

    /**
     * True once the message has been retried for retryHours (since it was accepted or put back in the queue; a time
     * in the future, from a clock since set back, counts as now).
     */
    public function outOfTime(OutboxEntry $entry): bool
    {
        return $this->now() >= min($entry->queuedAt, $this->now()) + $this->limits->retryHours * 3600;
    }

    /**
     * Moves a claimed message to failed/ as EXPIRED, with $reason (its last attempt never finished and its time is
     * up). The claim is released either way.
     *
     * @throws OutboxUnavailable
     */
    public function expire(Claim $claim, string $reason): OutboxEntry
    {
        return $this->giveUp($claim, $reason, OutboxEntry::EXPIRED);
    }

    /**
     * Counts a failed attempt and schedules the next (beginAttempt and recordFailure in one, for a failure found
     * before anything was sent). The claim is released either way.
     *
     * @throws OutboxUnavailable
     */
    public function reschedule(Claim $claim, string $error): OutboxEntry
    {
        return $this->recordFailure($this->beginAttempt($claim), $error);
    }

    /**
     * The server refused the message for good: it goes to failed/ at once, with the server's answer.
     *
     * @throws OutboxUnavailable
     */
    public function refuse(Claim $claim, string $answer): OutboxEntry
    {
        return $this->giveUp($claim, $answer, OutboxEntry::REFUSED);
    }

    /**
     * Moves a claimed message to failed/ with why it gave up ($gaveUp: OutboxEntry::EXPIRED or REFUSED) and the last
     * error. The claim is released either way.
     *
     * @throws OutboxUnavailable
     */
    private function giveUp(Claim $claim, string $error, string $gaveUp): OutboxEntry
    {
        try {
            $entry = $claim->entry ?? throw new \LogicException('an unreadable entry cannot be moved as given up');
            $updated = $entry->failedWith($error, 0, $gaveUp);
            $this->failed->keep($this->spool->rewrite($claim, $updated));

            return $updated;
        } finally {
            $claim->release();
        }
    }

    /** Delay before attempt number $attempts + 1: retrySeconds, doubled per failure, capped. */
    public function retryDelay(int $attempts): int
    {
        $cap = max(self::RETRY_CAP_SECONDS, $this->limits->retrySeconds);
        $delay = $this->limits->retrySeconds;
        for ($i = 1; $i < $attempts && $delay < $cap; $i++) {
            $delay *= 2;
        }

        return min($delay, $cap);
    }

    /**
     * Removes temporary files left by a write that died before its rename (so nobody was answered 200 for
     * them). Returns how many.
     */
    public function removeStaleTemporaryFiles(): int
    {
        return $this->spool->removeStaleTemporaryFiles($this->now());
    }

    /**
     * Refuses a new message to the queue while more than maxPending wait or the disk is nearly full.
     *
     * @throws OutboxFull
     */
    public function ensureRoom(): void
    {
        try {
            $waiting = count($this->pending());
        } catch (OutboxUnavailable) {
            // No folder to count in: the write that follows fails and says why.
            $waiting = 0;
        }
        if ($waiting >= $this->limits->maxPending) {
            throw new OutboxFull('outbox-full', ['waiting' => $waiting, 'limit' => $this->limits->maxPending]);
        }
        $this->spool->ensureDiskRoom($this->limits->minFreeBytes);
    }
}
