<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * The durable queue between "the visitor pressed Send" and "SMTP accepted the mail": one JSON file per
 * message in a directory (OUTBOX_DIR).
 *
 * - store(): written to a temporary file in the same directory, fsync'ed, locked, renamed into place and the
 *   directory fsync'ed: after it returns, the message survives a crash of PHP, the box or the mail server,
 *   and a half-written file never carries a real name.
 * - claim(): an exclusive, non-blocking flock on the file, re-checked against the path afterwards, so two
 *   deliverers (or a request and a deliverer) never send one message twice; the lock dies with its process.
 * - markSent() removes the file only after SMTP accepted the mail; reschedule() counts the failure, sets the
 *   next attempt with exponential backoff and after maxAttempts moves the file to failed/, where it stays.
 *
 * Files are named "<UTC time>-<id>.json" (id: see OutboxEntry::id, the id the log lines carry); dotfiles
 * (temporary files, the SMTP-down marker) are never entries.
 */
final class Outbox
{
    public const FAILED_DIR = 'failed';
    /** Retries back off exponentially up to this delay. */
    public const RETRY_CAP_SECONDS = 4 * 3600;
    /** After a failed attempt, requests leave delivery to the deliverer for this long (see smtpLooksDown). */
    public const SMTP_DOWN_SECONDS = 30;
    /** A temporary file this old belongs to a write that died before its rename: nobody was told "sent". */
    public const STALE_TEMP_SECONDS = 600;

    private const TEMP_PREFIX = '.tmp-';
    private const SMTP_DOWN_MARKER = '.smtp-down';

    /** @var \Closure(): int */
    private readonly \Closure $clock;

    /**
     * @param (\Closure(): int)|null $clock unix time; injectable for the backoff tests
     */
    public function __construct(
        public readonly string $dir,
        public readonly int $maxAttempts = 10,
        public readonly int $retrySeconds = 60,
        ?\Closure $clock = null,
    ) {
        $this->clock = $clock ?? static fn (): int => time();
    }

    public static function fromConfig(Config $config): self
    {
        return new self($config->outboxDir, $config->outboxMaxAttempts, $config->outboxRetrySeconds);
    }

    public function now(): int
    {
        return ($this->clock)();
    }

    /**
     * Stores a new message durably and returns it claimed by the caller, so it can be sent at once
     * without any deliverer taking it meanwhile.
     *
     * @throws OutboxUnavailable nothing was stored
     */
    public function store(OutgoingMessage $message): Claim
    {
        $now = $this->now();
        $entry = new OutboxEntry($message, $now, 0, $now);
        $path = $this->dir . '/' . gmdate('Ymd\THis\Z', $now) . '-' . $entry->id() . '.json';

        return new Claim($path, $this->writeLocked($path, $entry->toJson()), $entry);
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
        return $this->entriesIn($this->dir);
    }

    /** @return list<string> paths of the messages that gave up (outbox/failed/) */
    public function failed(): array
    {
        return is_dir($this->failedDir()) ? $this->entriesIn($this->failedDir()) : [];
    }

    /**
     * Takes the message for this process, or returns null when another process holds it or it is gone
     * (sent or rescheduled by someone else between the listing and now).
     */
    public function claim(string $path): ?Claim
    {
        $handle = @fopen($path, 'r');
        if ($handle === false) {
            error_clear_last();

            return null;
        }
        if (!flock($handle, LOCK_EX | LOCK_NB)) {
            fclose($handle);

            return null;
        }
        // The lock is on the file we opened; the path may meanwhile name a newer file (reschedule replaces
        // it) or nothing (sent). Only the file still at the path is the live entry.
        $held = fstat($handle);
        clearstatcache(true, $path);
        $current = @stat($path);
        if ($held === false || $current === false || $held['nlink'] < 1 || $held['ino'] !== $current['ino'] || $held['dev'] !== $current['dev']) {
            error_clear_last();
            flock($handle, LOCK_UN);
            fclose($handle);

            return null;
        }
        $json = stream_get_contents($handle);
        try {
            return new Claim($path, $handle, OutboxEntry::fromJson((string) $json));
        } catch (\UnexpectedValueException $e) {
            return new Claim($path, $handle, null, $e->getMessage());
        }
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
            $this->syncDirectory($this->dir);
        } finally {
            $claim->release();
        }
    }

    /**
     * Counts a failed attempt: schedules the next one, or after maxAttempts moves the file to failed/.
     * Returns the entry as now stored. The claim is released either way.
     *
     * @throws OutboxUnavailable the new state could not be written (the old one stays: the attempt is not counted)
     */
    public function reschedule(Claim $claim, string $error): OutboxEntry
    {
        try {
            $entry = $claim->entry ?? throw new \LogicException('an unreadable entry cannot be rescheduled');
            $attempts = $entry->attempts + 1;
            $gaveUp = $attempts >= $this->maxAttempts;
            $updated = $entry->afterFailure($gaveUp ? 0 : $this->now() + $this->retryDelay($attempts), $error);
            // The new file is locked before it takes the path, so nobody can grab it before we are done.
            $newHandle = $this->writeLocked($claim->path, $updated->toJson());
            $claim->release();
            $next = new Claim($claim->path, $newHandle, $updated);
            if ($gaveUp) {
                $this->moveToFailed($next);
            }
            $next->release();

            return $updated;
        } finally {
            $claim->release();
        }
    }

    /**
     * Moves a claimed file to failed/ as it is (a message that used up its attempts, or a file that is not
     * a readable entry). It is kept there for a person to look at; nothing is ever deleted.
     *
     * @throws OutboxUnavailable
     */
    public function moveToFailed(Claim $claim): string
    {
        try {
            $failedDir = $this->failedDir();
            if (!is_dir($failedDir) && !@mkdir($failedDir, 0700) && !is_dir($failedDir)) {
                throw OutboxUnavailable::because('cannot create', $failedDir);
            }
            $target = $failedDir . '/' . basename($claim->path);
            if (!@rename($claim->path, $target)) {
                throw OutboxUnavailable::because('cannot move to failed/', $claim->path);
            }
            $this->syncDirectory($failedDir);
            $this->syncDirectory($this->dir);

            return $target;
        } finally {
            $claim->release();
        }
    }

    /**
     * Puts every message from failed/ back into the queue with its attempts reset (after the cause was fixed).
     *
     * @return int how many
     *
     * @throws OutboxUnavailable
     */
    public function requeueFailed(): int
    {
        $count = 0;
        foreach ($this->failed() as $path) {
            $claim = $this->claim($path);
            if ($claim === null || $claim->entry === null) {
                $claim?->release();
                continue;
            }
            // Moved first (atomic, one copy only), then reset; if the reset fails, the deliverer finds the
            // used-up attempt count and moves it back to failed/.
            $target = $this->dir . '/' . basename($path);
            try {
                if (!@rename($path, $target)) {
                    throw OutboxUnavailable::because('cannot move back from failed/', $path);
                }
                fclose($this->writeLocked($target, $claim->entry->requeued($this->now())->toJson()));
            } finally {
                $claim->release();
            }
            $count++;
        }

        return $count;
    }

    /** Delay before attempt number $attempts + 1: retrySeconds, doubled per failure, capped. */
    public function retryDelay(int $attempts): int
    {
        $cap = max(self::RETRY_CAP_SECONDS, $this->retrySeconds);
        $delay = $this->retrySeconds;
        for ($i = 1; $i < $attempts && $delay < $cap; $i++) {
            $delay *= 2;
        }

        return min($delay, $cap);
    }

    /**
     * True for a short while after a delivery attempt failed: requests then leave the message to the
     * deliverer instead of each waiting for the same dead server (SMTP_TIMEOUT) before their worker is free.
     */
    public function smtpLooksDown(): bool
    {
        $marker = $this->dir . '/' . self::SMTP_DOWN_MARKER;
        clearstatcache(true, $marker);
        $since = @filemtime($marker);
        error_clear_last();

        return $since !== false && $since > $this->now() - self::SMTP_DOWN_SECONDS;
    }

    public function noteSmtpDown(): void
    {
        @touch($this->dir . '/' . self::SMTP_DOWN_MARKER, $this->now());
        error_clear_last();
    }

    public function noteSmtpUp(): void
    {
        $marker = $this->dir . '/' . self::SMTP_DOWN_MARKER;
        if (file_exists($marker)) {
            @unlink($marker);
            error_clear_last();
        }
    }

    /**
     * Removes temporary files left by a write that died before its rename (so nobody was answered 200 for
     * them). Returns how many.
     */
    public function removeStaleTemporaryFiles(): int
    {
        $removed = 0;
        foreach (@scandir($this->dir) ?: [] as $name) {
            $path = $this->dir . '/' . $name;
            if (str_starts_with($name, self::TEMP_PREFIX) && (int) @filemtime($path) < $this->now() - self::STALE_TEMP_SECONDS && @unlink($path)) {
                $removed++;
            }
        }
        error_clear_last();

        return $removed;
    }

    private function failedDir(): string
    {
        return $this->dir . '/' . self::FAILED_DIR;
    }

    /**
     * @return list<string>
     *
     * @throws OutboxUnavailable
     */
    private function entriesIn(string $dir): array
    {
        $names = @scandir($dir);
        if ($names === false) {
            throw OutboxUnavailable::because('cannot list', $dir);
        }
        $paths = [];
        foreach ($names as $name) {
            if ($name[0] !== '.' && str_ends_with($name, '.json')) {
                $paths[] = $dir . '/' . $name;
            }
        }
        sort($paths, SORT_STRING);

        return $paths;
    }

    /**
     * Writes $data to $path atomically and durably and returns the new file, locked: temporary file in the
     * same directory (rename is atomic only within one file system), fsync, lock, rename, fsync the directory.
     *
     * @return resource
     *
     * @throws OutboxUnavailable nothing was written under $path
     */
    private function writeLocked(string $path, string $data)
    {
        $dir = dirname($path);
        $temp = $dir . '/' . self::TEMP_PREFIX . bin2hex(random_bytes(8));
        // 'x': create, never reuse. The file holds a person's message and address: owner only.
        $handle = @fopen($temp, 'x');
        if ($handle === false) {
            throw OutboxUnavailable::because('cannot create a file in', $dir);
        }
        try {
            if (!@chmod($temp, 0600)) {
                throw OutboxUnavailable::because('cannot chmod', $temp);
            }
            $written = @fwrite($handle, $data);
            if ($written !== strlen($data) || !@fflush($handle) || !@fsync($handle)) {
                throw OutboxUnavailable::because('cannot write', $temp);
            }
            if (!flock($handle, LOCK_EX | LOCK_NB)) {
                throw OutboxUnavailable::because('cannot lock', $temp);
            }
            if (!@rename($temp, $path)) {
                throw OutboxUnavailable::because('cannot rename into', $path);
            }
        } catch (OutboxUnavailable $e) {
            fclose($handle);
            @unlink($temp);
            error_clear_last();
            throw $e;
        }
        $this->syncDirectory($dir);

        return $handle;
    }

    /** Makes a rename or unlink in $dir durable (the entry itself was fsync'ed before). */
    private function syncDirectory(string $dir): void
    {
        $handle = @fopen($dir, 'r');
        if ($handle !== false) {
            @fsync($handle);
            fclose($handle);
        }
        error_clear_last();
    }
}
