<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * The durable queue between "the visitor pressed Send" and "SMTP accepted the mail": one JSON file per
 * message in a directory (OUTBOX_DIR).
 *
 * - store(): written to a temporary file in the same directory, fsync'ed, locked, renamed into place and the
 *   directory fsync'ed: after it returns, the message survives a crash of PHP, the box or the mail server,
 *   and a half-written file never carries a real name. Refused (OutboxFull) over maxPending waiting messages or
 *   under minFreeBytes of free disk, so a flood or an outage cannot fill the disk.
 * - claim(): an exclusive, non-blocking flock on the file, re-checked against the path afterwards, so two
 *   deliverers (or a request and a deliverer) never send one message twice; the lock dies with its process.
 * - beginAttempt() counts an attempt before it is made, so an attempt whose process dies (a kill, an OOM,
 *   php-fpm's request_terminate_timeout) is counted all the same; recordFailure() keeps the reason and after
 *   maxAttempts moves the file to failed/; refuse() moves a message the server refused to failed/ at once;
 *   markSent() removes the file only after SMTP accepted the mail.
 * - held/ keeps posts that came without a valid proof of work (ProofOfWork): never sent unless a person releases
 *   them (release() puts one into the queue, to be delivered once), purged by a person or after heldDays, and
 *   bounded by maxHeld (hold() refuses with OutboxFull beyond it, so a flood cannot fill the disk).
 * - failed/ keeps messages for a person to look at for failedDays (counted from when the visitor sent them, the
 *   time in the file name); expireFailed() deletes them after that (the privacy policy, /rodo, says so).
 *
 * Files are named "<UTC time>-<id>.json" (id: see OutboxEntry::id, the id the log lines carry); dotfiles
 * (temporary files, the SMTP markers) are never entries. A waiting file's mtime is its next attempt time, so a
 * pass reads only the files that are due (the JSON inside stays the authority).
 */
final class Outbox
{
    public const FAILED_DIR = 'failed';
    /** Posts without a valid proof of work, kept for a person to review (release or purge) for heldDays. */
    public const HELD_DIR = 'held';

    /** A message's id as OutboxEntry makes it and --held lists it. */
    public const ID_PATTERN = '/^[0-9a-f]{16}$/D';

    /** Retries back off exponentially up to this delay. */
    public const RETRY_CAP_SECONDS = 4 * 3600;
    /** After a delivery found SMTP away, requests leave delivery to the deliverer for this long (see smtpLooksDown). */
    public const SMTP_DOWN_SECONDS = 30;
    /** A temporary file this old belongs to a write that died before its rename: nobody was told "sent". */
    public const STALE_TEMP_SECONDS = 600;

    private const TEMP_PREFIX = '.tmp-';
    /** Exists from a failure to reach SMTP until the next success; its mtime is the last such failure. */
    private const SMTP_DOWN_MARKER = '.smtp-down';
    /** Left by the success that ended an outage, taken by the next deliverer pass (see takeRecovery). */
    private const SMTP_RECOVERED_MARKER = '.smtp-recovered';
    /** Touched whenever SMTP was last asked (a message or a probe): when the deliverer's idle probe is due. */
    private const SMTP_CHECKED_MARKER = '.smtp-checked';

    /** @var \Closure(): int */
    private readonly \Closure $clock;
    /** @var \Closure(): (int|float|false) */
    private readonly \Closure $freeBytes;

    /**
     * @param (\Closure(): int)|null                $clock     unix time; injectable for the backoff tests
     * @param (\Closure(): (int|float|false))|null  $freeBytes free space on the outbox's disk; injectable for tests
     */
    public function __construct(
        public readonly string $dir,
        public readonly int $maxAttempts = 10,
        public readonly int $retrySeconds = 60,
        ?\Closure $clock = null,
        public readonly int $maxPending = 500,
        public readonly int $minFreeBytes = 0,
        public readonly int $failedDays = 30,
        ?\Closure $freeBytes = null,
        public readonly int $maxHeld = 500,
        public readonly int $heldDays = 14,
    ) {
        $this->clock = $clock ?? static fn (): int => time();
        $this->freeBytes = $freeBytes ?? fn (): float|false => @disk_free_space($this->dir);
    }

    /** @param (\Closure(): int)|null $clock */
    public static function fromConfig(Config $config, ?\Closure $clock = null): self
    {
        return new self(
            $config->outboxDir,
            $config->outboxMaxAttempts,
            $config->outboxRetrySeconds,
            $clock,
            $config->outboxMaxPending,
            $config->outboxMinFreeMb * 1024 * 1024,
            $config->outboxFailedDays,
            null,
            $config->outboxMaxHeld,
            $config->outboxHeldDays,
        );
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
    public function store(OutgoingMessage $message, bool $attemptNow = false): Claim
    {
        $this->ensureRoom();
        $now = $this->now();
        $entry = new OutboxEntry($message, $now, 0, $now);
        if ($attemptNow) {
            $entry = $entry->attemptStarted($now + $this->retryDelay(1));
        }
        $path = $this->dir . '/' . self::fileName($entry, $now);

        return new Claim($path, $this->writeLocked($path, $entry->toJson(), $entry->nextAttemptAt), $entry);
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

    /**
     * The waiting messages whose next attempt has come, oldest first, known without opening them (by mtime,
     * see writeLocked). A pass claims and reads only these; the entry's own nextAttemptAt is checked after.
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
        $horizon = $now + max(self::RETRY_CAP_SECONDS, $this->retrySeconds);
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

        return $this->claimHandle($path, $handle);
    }

    /**
     * claim() for a handle opened earlier. Between the open and the lock, the file may have been sent (removed) or
     * rescheduled (replaced by a new file under the same path); then the handle holds a dead copy and null is
     * returned. Public for the tests that open the handle themselves to stage exactly that race. The handle is
     * the Claim's on success, closed otherwise.
     *
     * @param resource $handle
     */
    public function claimHandle(string $path, $handle): ?Claim
    {
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

            return $this->rewrite($claim, $next);
        } finally {
            $claim->release();
        }
    }

    /**
     * The attempt counted by beginAttempt (or by store) failed for a passing reason: keeps the reason, and after
     * the last attempt moves the file to failed/. Returns the entry as stored, nextAttemptAt 0 when it gave up.
     * The claim is released either way.
     *
     * @throws OutboxUnavailable the reason could not be written (the attempt stays counted and scheduled)
     */
    public function recordFailure(Claim $claim, string $error): OutboxEntry
    {
        try {
            $entry = $claim->entry ?? throw new \LogicException('an unreadable entry cannot be rescheduled');
            $gaveUp = $entry->attempts >= $this->maxAttempts;
            $updated = $entry->failedWith($error, $gaveUp ? 0 : $entry->nextAttemptAt);
            $next = $this->rewrite($claim, $updated);
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
        try {
            $entry = $claim->entry ?? throw new \LogicException('an unreadable entry cannot be refused');
            $updated = $entry->failedWith($answer, 0);
            $this->moveToFailed($this->rewrite($claim, $updated));

            return $updated;
        } finally {
            $claim->release();
        }
    }

    /**
     * Moves a claimed file to failed/ as it is (a message that used up its attempts or was refused, or a file
     * that is not a readable entry). It is kept there for a person to look at, for failedDays.
     *
     * @throws OutboxUnavailable
     */
    public function moveToFailed(Claim $claim): string
    {
        try {
            $failedDir = $this->failedDir();
            // Visitors' messages: only the outbox's owner may list or read them.
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
     * Deletes what failed/ has kept for failedDays, counted from when the visitor sent it (the time in the file
     * name; a file not named by the outbox counts from its mtime).
     *
     * @return list<string> the ids (as in the log lines) of the deleted messages
     */
    public function expireFailed(): array
    {
        return $this->expireIn($this->failed(), $this->failedDir(), $this->failedDays);
    }

    /**
     * Stores a post that came without a valid proof of work in held/, not to be sent unless a person releases it.
     *
     * @return string its id (as in the log lines)
     *
     * @throws OutboxFull        held/ is at maxHeld (or the disk nearly full): nothing was stored
     * @throws OutboxUnavailable nothing was stored
     */
    public function hold(OutgoingMessage $message): string
    {
        $held = $this->held();
        if (count($held) >= $this->maxHeld) {
            throw new OutboxFull('held-full', ['held' => count($held), 'limit' => $this->maxHeld]);
        }
        $this->ensureDiskRoom();
        $dir = $this->heldDir();
        if (!is_dir($dir) && !@mkdir($dir, 0700) && !is_dir($dir)) {
            throw OutboxUnavailable::because('cannot create', $dir);
        }
        $now = $this->now();
        $entry = new OutboxEntry($message, $now, 0, $now);
        fclose($this->writeLocked($dir . '/' . self::fileName($entry, $now), $entry->toJson(), $now));

        return $entry->id();
    }

    /**
     * @return list<string> paths of the held messages, oldest first
     *
     * @throws OutboxUnavailable
     */
    public function held(): array
    {
        return is_dir($this->heldDir()) ? $this->entriesIn($this->heldDir()) : [];
    }

    /**
     * The held messages, oldest first, for a person to review.
     *
     * @return list<OutboxEntry>
     */
    public function heldEntries(): array
    {
        $entries = [];
        foreach ($this->held() as $path) {
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
        $count = $this->requeue($this->heldMatching($id), 'held/');
        $this->syncDirectory($this->heldDir());

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
        foreach ($this->heldMatching($id) as $path) {
            if (@unlink($path)) {
                $count++;
            }
        }
        error_clear_last();
        $this->syncDirectory($this->heldDir());

        return $count;
    }

    /**
     * Deletes what held/ has kept for heldDays (the privacy policy's promise), counted from when it was sent.
     *
     * @return list<string> ids
     */
    public function expireHeld(): array
    {
        return $this->expireIn($this->held(), $this->heldDir(), $this->heldDays);
    }

    /** A message's file: sortable by when it was stored, named by its id. */
    private static function fileName(OutboxEntry $entry, int $storedAt): string
    {
        return gmdate('Ymd\THis\Z', $storedAt) . '-' . $entry->id() . '.json';
    }

    /** @return list<string> */
    private function heldMatching(?string $id): array
    {
        if ($id !== null && preg_match(self::ID_PATTERN, $id) !== 1) {
            return [];
        }

        return array_values(array_filter($this->held(), static fn (string $path): bool => $id === null || str_ends_with($path, '-' . $id . '.json')));
    }

    /**
     * @param list<string> $paths
     *
     * @return list<string> the ids of the deleted messages
     */
    private function expireIn(array $paths, string $dir, int $days): array
    {
        $limit = $this->now() - $days * 86400;
        $expired = [];
        foreach ($paths as $path) {
            if (self::storedAt($path) < $limit && @unlink($path)) {
                $expired[] = self::idFromPath($path);
            }
        }
        error_clear_last();
        if ($expired !== []) {
            $this->syncDirectory($dir);
        }

        return $expired;
    }

    /** When the message at $path was stored: the time in its name, or for a file not named by the outbox its mtime. */
    public static function storedAt(string $path): int
    {
        if (preg_match('/^(\d{8}T\d{6}Z)-/', basename($path), $m) === 1) {
            $stored = \DateTimeImmutable::createFromFormat('!Ymd\THis\Z', $m[1], new \DateTimeZone('UTC'));
            if ($stored !== false) {
                return $stored->getTimestamp();
            }
        }
        $mtime = @filemtime($path);
        error_clear_last();

        return (int) $mtime;
    }

    /** The id a message's file is named by (as the log lines carry it); a file not named by the outbox: its name. */
    public static function idFromPath(string $path): string
    {
        $name = basename($path, '.json');

        return preg_match('/^\d{8}T\d{6}Z-(.+)$/D', $name, $m) === 1 ? $m[1] : $name;
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
        return $this->requeue($this->failed(), 'failed/');
    }

    /**
     * Moves each of $paths (in failed/ or held/) back into the queue, attempts reset and due now.
     *
     * @param list<string> $paths
     *
     * @throws OutboxUnavailable
     */
    private function requeue(array $paths, string $from): int
    {
        $count = 0;
        foreach ($paths as $path) {
            $claim = $this->claim($path);
            if ($claim === null || $claim->entry === null) {
                $claim?->release();
                continue;
            }
            // Moved first (atomic, one copy only), then reset; if the reset fails, the deliverer finds the entry as
            // it was (from failed/: its used-up attempt count moves it back there; from held/: due, sent once).
            $target = $this->dir . '/' . basename($path);
            try {
                if (!@rename($path, $target)) {
                    throw OutboxUnavailable::because("cannot move back from $from", $path);
                }
                fclose($this->writeLocked($target, $claim->entry->requeued($this->now())->toJson(), $this->now()));
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
     * True for a short while after a delivery found SMTP away: requests then leave the message to the
     * deliverer instead of each waiting for the same dead server (SMTP_TIMEOUT) before their worker is free.
     */
    public function smtpLooksDown(): bool
    {
        $last = $this->smtpLastFailure();

        return $last !== null && $last > $this->now() - self::SMTP_DOWN_SECONDS;
    }

    /** When SMTP was last found away, if it has not been reached since; null when it is not known to be down. */
    public function smtpLastFailure(): ?int
    {
        return $this->markerTime(self::SMTP_DOWN_MARKER);
    }

    /**
     * Since when SMTP has been failing: the first failure after its last success (what the marker holds; its
     * mtime is the latest failure). Null when it is not known to be down.
     */
    public function smtpDownSince(): ?int
    {
        $last = $this->smtpLastFailure();
        if ($last === null) {
            return null;
        }
        $first = @file_get_contents($this->dir . '/' . self::SMTP_DOWN_MARKER);
        error_clear_last();

        return $first !== false && preg_match('/^\d{1,12}$/D', trim($first)) === 1 ? min((int) trim($first), $last) : $last;
    }

    /** When SMTP last took a message or answered a probe, or was probed (see noteSmtpChecked). */
    public function smtpCheckedAt(): ?int
    {
        return $this->markerTime(self::SMTP_CHECKED_MARKER);
    }

    public function noteSmtpDown(): void
    {
        $marker = $this->dir . '/' . self::SMTP_DOWN_MARKER;
        // The first failure of an outage creates the marker with its time; later ones only move its mtime.
        $handle = @fopen($marker, 'x');
        if ($handle !== false) {
            fwrite($handle, (string) $this->now());
            fclose($handle);
        }
        @touch($marker, $this->now());
        $this->noteSmtpChecked();
    }

    /** SMTP was asked (a probe), whatever it answered: the next idle probe is due a probe interval later. */
    public function noteSmtpChecked(): void
    {
        @touch($this->dir . '/' . self::SMTP_CHECKED_MARKER, $this->now());
        error_clear_last();
    }

    /**
     * SMTP took a message (or a probe): if it had been away, the messages waiting for it are due again now, not
     * after their backoff (up to 4 h); the next deliverer pass sees that through takeRecovery().
     */
    public function noteSmtpUp(): void
    {
        $this->noteSmtpChecked();
        $marker = $this->dir . '/' . self::SMTP_DOWN_MARKER;
        if (file_exists($marker) && @unlink($marker)) {
            @touch($this->dir . '/' . self::SMTP_RECOVERED_MARKER, $this->now());
        }
        error_clear_last();
    }

    private function markerTime(string $name): ?int
    {
        $marker = $this->dir . '/' . $name;
        clearstatcache(true, $marker);
        $time = @filemtime($marker);
        error_clear_last();

        return $time === false ? null : $time;
    }

    /** True once after SMTP came back from an outage (for one deliverer: the first to take it). */
    public function takeRecovery(): bool
    {
        $taken = @unlink($this->dir . '/' . self::SMTP_RECOVERED_MARKER);
        error_clear_last();

        return $taken;
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

    private function heldDir(): string
    {
        return $this->dir . '/' . self::HELD_DIR;
    }

    private function failedDir(): string
    {
        return $this->dir . '/' . self::FAILED_DIR;
    }

    /** @throws OutboxFull */
    private function ensureRoom(): void
    {
        try {
            $waiting = count($this->pending());
        } catch (OutboxUnavailable) {
            // No folder to count in: the write that follows fails and says why.
            $waiting = 0;
        }
        if ($waiting >= $this->maxPending) {
            throw new OutboxFull('outbox-full', ['waiting' => $waiting, 'limit' => $this->maxPending]);
        }
        $this->ensureDiskRoom();
    }

    /** @throws OutboxFull */
    private function ensureDiskRoom(): void
    {
        if ($this->minFreeBytes > 0) {
            $free = ($this->freeBytes)();
            error_clear_last();
            if ($free !== false && $free < $this->minFreeBytes) {
                throw new OutboxFull('disk-low', ['free-mb' => (int) floor($free / 1048576), 'floor-mb' => intdiv($this->minFreeBytes, 1048576)]);
            }
        }
    }

    /**
     * Replaces a claimed entry with $entry, locked for the caller before it takes the path (nobody can grab it
     * in between). The old claim is released.
     *
     * @throws OutboxUnavailable the old entry stays as it was
     */
    private function rewrite(Claim $claim, OutboxEntry $entry): Claim
    {
        $handle = $this->writeLocked($claim->path, $entry->toJson(), $entry->nextAttemptAt);
        $claim->release();

        return new Claim($claim->path, $handle, $entry);
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
     * The file's mtime is set to $dueAt, the time of its next attempt (see due()).
     *
     * @return resource
     *
     * @throws OutboxUnavailable nothing was written under $path
     */
    private function writeLocked(string $path, string $data, int $dueAt)
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
            // Locked before it has its name, so no deliverer can claim it between the rename and the lock.
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
        // Only a hint (a lost mtime makes the entry look due, and its JSON says when it is): not fsync'ed.
        @touch($path, $dueAt);
        error_clear_last();
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
