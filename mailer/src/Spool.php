<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * The mechanics of the outbox's folders (the queue, held/, failed/): one JSON file per message, named
 * "<UTC time>-<id>.json" (id: see OutboxEntry::id, the id the log lines carry), dotfiles never entries.
 *
 * - write(): a temporary file in the same folder, fsync'ed, locked, renamed into place and the folder fsync'ed:
 *   after it returns the message survives a crash of PHP, the box or the mail server, and a half-written file
 *   never carries a real name.
 * - claim(): an exclusive, non-blocking flock on the file, re-checked against the path afterwards, so two
 *   processes never hold one message; the lock dies with its process.
 */
final class Spool
{
    /** A temporary file this old belongs to a write that died before its rename: nobody was told "sent". */
    public const STALE_TEMP_SECONDS = 600;

    private const TEMP_PREFIX = '.tmp-';

    /** @var \Closure(): (int|float|false) */
    private readonly \Closure $freeBytes;

    /** @param (\Closure(): (int|float|false))|null $freeBytes free space on the outbox's disk; injectable for tests */
    public function __construct(public readonly string $dir, ?\Closure $freeBytes = null)
    {
        $this->freeBytes = $freeBytes ?? fn (): float|false => @disk_free_space($this->dir);
    }

    /** A message's file: sortable by when it was stored, named by its id. */
    public static function fileName(OutboxEntry $entry, int $storedAt): string
    {
        return gmdate('Ymd\THis\Z', $storedAt) . '-' . $entry->id() . '.json';
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
     * The entries of a folder, oldest first (their names start with the time they were stored).
     *
     * @return list<string> paths
     *
     * @throws OutboxUnavailable
     */
    public function entriesIn(string $dir): array
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
     * returned. The handle is the Claim's on success, closed otherwise.
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
     * Replaces a claimed entry with $entry, locked for the caller before it takes the path (nobody can grab it
     * in between). The old claim is released.
     *
     * @throws OutboxUnavailable the old entry stays as it was
     */
    public function rewrite(Claim $claim, OutboxEntry $entry): Claim
    {
        $handle = $this->write($claim->path, $entry->toJson(), $entry->nextAttemptAt);
        $claim->release();

        return new Claim($claim->path, $handle, $entry);
    }

    /**
     * Moves a claimed file into $dir as it is. The claim is released either way.
     *
     * @throws OutboxUnavailable
     */
    public function moveInto(Claim $claim, string $dir): string
    {
        try {
            $this->ensureDirectory($dir);
            $target = $dir . '/' . basename($claim->path);
            if (!@rename($claim->path, $target)) {
                throw OutboxUnavailable::because('cannot move to ' . basename($dir) . '/', $claim->path);
            }
            $this->syncDirectory($dir);
            $this->syncDirectory(dirname($claim->path));

            return $target;
        } finally {
            $claim->release();
        }
    }

    /**
     * Moves each of $paths (in failed/ or held/) back into the queue, attempts reset and due now.
     *
     * @param list<string> $paths
     *
     * @throws OutboxUnavailable
     */
    public function requeue(array $paths, int $now): int
    {
        $count = 0;
        foreach ($paths as $path) {
            $claim = $this->claim($path);
            if ($claim === null || $claim->entry === null) {
                $claim?->release();
                continue;
            }
            $this->requeueClaimed($claim, $now);
            $count++;
        }

        return $count;
    }

    /**
     * Moves one claimed entry (in failed/ or held/) back into the queue, attempts reset and due now; returns its path
     * there. The claim is released either way.
     *
     * @throws OutboxUnavailable
     */
    public function requeueClaimed(Claim $claim, int $now): string
    {
        // Moved first (atomic, one copy only), then reset; if the reset fails, the deliverer finds the entry as
        // it was (from failed/: its used-up attempt count moves it back there; from held/: due, sent once).
        $target = $this->dir . '/' . basename($claim->path);
        try {
            $entry = $claim->entry ?? throw new \LogicException('an unreadable entry cannot be queued');
            if (!@rename($claim->path, $target)) {
                throw OutboxUnavailable::because('cannot move back from ' . basename(dirname($claim->path)) . '/', $claim->path);
            }
            fclose($this->write($target, $entry->requeued($now)->toJson(), $now));
        } finally {
            $claim->release();
        }

        return $target;
    }

    /**
     * Renames an entry to the name it gets when stored at $at (the same id), under its claim; false when another
     * process holds it (the next pass redates it).
     */
    public function redate(string $path, int $at): bool
    {
        $claim = $this->claim($path);
        if ($claim === null) {
            return false;
        }
        try {
            $target = dirname($path) . '/' . gmdate('Ymd\THis\Z', $at) . '-' . self::idFromPath($path) . '.json';
            $moved = @rename($path, $target);
            error_clear_last();
            if ($moved) {
                // The mtime of a waiting file is its next attempt: due now.
                @touch($target, $at);
                $this->syncDirectory(dirname($path));
            }

            return $moved;
        } finally {
            $claim->release();
        }
    }

    /**
     * Deletes those of $paths stored before $limit (by the time in their names).
     *
     * @param list<string> $paths
     *
     * @return list<string> the ids (as in the log lines) of the deleted messages
     */
    public function deleteStoredBefore(array $paths, int $limit): array
    {
        $deleted = [];
        foreach ($paths as $path) {
            if (self::storedAt($path) < $limit && @unlink($path)) {
                $deleted[] = self::idFromPath($path);
            }
        }
        error_clear_last();
        if ($deleted !== []) {
            $this->syncDirectory(dirname($paths[0]));
        }

        return $deleted;
    }

    /**
     * Deletes those of $paths the salon was told of before $limit; one it was never told of stays.
     *
     * @param list<string>       $paths
     * @param array<string, int> $told  id => when the salon was told of it
     *
     * @return list<string> the ids (as in the log lines) of the deleted messages
     */
    public function deleteToldBefore(array $paths, array $told, int $limit): array
    {
        $deleted = [];
        foreach ($paths as $path) {
            $id = self::idFromPath($path);
            if (isset($told[$id]) && $told[$id] < $limit && @unlink($path)) {
                $deleted[] = $id;
            }
        }
        error_clear_last();
        if ($deleted !== []) {
            $this->syncDirectory(dirname($paths[0]));
        }

        return $deleted;
    }

    /**
     * Removes temporary files left by a write that died before its rename (so nobody was answered 200 for
     * them). Returns how many.
     */
    public function removeStaleTemporaryFiles(int $now): int
    {
        $removed = 0;
        foreach (@scandir($this->dir) ?: [] as $name) {
            $path = $this->dir . '/' . $name;
            if (str_starts_with($name, self::TEMP_PREFIX) && (int) @filemtime($path) < $now - self::STALE_TEMP_SECONDS && @unlink($path)) {
                $removed++;
            }
        }
        error_clear_last();

        return $removed;
    }

    /** @throws OutboxFull less than $minFreeBytes free on the outbox's disk */
    public function ensureDiskRoom(int $minFreeBytes): void
    {
        if ($minFreeBytes > 0) {
            $free = ($this->freeBytes)();
            error_clear_last();
            if ($free !== false && $free < $minFreeBytes) {
                throw new OutboxFull('disk-low', ['free-mb' => (int) floor($free / 1048576), 'floor-mb' => intdiv($minFreeBytes, 1048576)]);
            }
        }
    }

    /**
     * A folder for visitors' messages: only the outbox's owner may list or read them.
     *
     * @throws OutboxUnavailable
     */
    public function ensureDirectory(string $dir): void
    {
        if (!is_dir($dir) && !@mkdir($dir, 0700) && !is_dir($dir)) {
            throw OutboxUnavailable::because('cannot create', $dir);
        }
    }

    /**
     * Writes $data to $path atomically and durably and returns the new file, locked: temporary file in the
     * same folder (rename is atomic only within one file system), fsync, lock, rename, fsync the folder.
     * The file's mtime is set to $dueAt, the time of its next attempt (see Outbox::due()).
     *
     * @return resource
     *
     * @throws OutboxUnavailable nothing was written under $path
     */
    public function write(string $path, string $data, int $dueAt)
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
    public function syncDirectory(string $dir): void
    {
        $handle = @fopen($dir, 'r');
        if ($handle !== false) {
            @fsync($handle);
            fclose($handle);
        }
        error_clear_last();
    }
}
