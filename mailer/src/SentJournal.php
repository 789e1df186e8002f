<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * The deliverer's memory of what SMTP has taken: one empty file per sent message's id, its mtime the time it was
 * sent, in OUTBOX_DIR/.sent/ (beside the messages, so the php workers and the deliverer share it, and a dotfile
 * folder, so never taken for a message). A backup restored later brings back the messages that waited when it
 * was taken; those sent since are in here, and Deliverer removes them instead of sending them again.
 * docker/backup.sh keeps this folder across a restore (it adds the backup's ids to it, never removes any).
 *
 * An id is a hash of the Message-ID (OutboxEntry::id): nothing about the visitor. Ids are forgotten after
 * KEEP_DAYS, longer than docker/backup.sh lets a backup live (BACKUP_RETENTION_DAYS), so every backup that can
 * still be restored finds its sent messages here.
 *
 * Writing an id never fails a delivery: without it only a later restore could send that message once more, the
 * same gap as a process that dies between SMTP's answer and the file's removal.
 */
final class SentJournal
{
    public const DIR = '.sent';
    public const KEEP_DAYS = 60;
    /** Forgetting is looked at once a day at most: a write is one file, not a scan of the folder. */
    private const FORGET_EVERY_SECONDS = 86400;
    private const FORGOTTEN_MARKER = '.forgotten';

    /** @param \Closure(): int $clock unix time */
    public function __construct(private readonly string $dir, private readonly \Closure $clock)
    {
    }

    /** The journal of an outbox, on its clock. */
    public static function of(Outbox $outbox): self
    {
        return new self($outbox->dir . '/' . self::DIR, $outbox->now(...));
    }

    /** True when SMTP has taken the message with this id (in the last KEEP_DAYS). */
    public function has(string $id): bool
    {
        $known = preg_match(Outbox::ID_PATTERN, $id) === 1 && is_file($this->dir . '/' . $id);
        clearstatcache(false, $this->dir . '/' . $id);

        return $known;
    }

    /** Notes that SMTP has taken the message; false when it could not be noted (nothing else happens then). */
    public function record(string $id): bool
    {
        if (preg_match(Outbox::ID_PATTERN, $id) !== 1) {
            return false;
        }
        $now = ($this->clock)();
        $noted = (is_dir($this->dir) || @mkdir($this->dir, 0700) || is_dir($this->dir))
            && @touch($this->dir . '/' . $id, $now);
        error_clear_last();
        if ($noted && $this->forgottenAt() <= $now - self::FORGET_EVERY_SECONDS) {
            $this->forgetOld();
        }

        return $noted;
    }

    /** Forgets ids sent more than KEEP_DAYS ago; returns how many. */
    public function forgetOld(): int
    {
        $now = ($this->clock)();
        $names = is_dir($this->dir) ? @scandir($this->dir) : false;
        if ($names === false) {
            error_clear_last();

            return 0;
        }
        $limit = $now - self::KEEP_DAYS * 86400;
        $forgotten = 0;
        foreach ($names as $name) {
            $path = $this->dir . '/' . $name;
            if ($name[0] !== '.' && (int) @filemtime($path) < $limit && @unlink($path)) {
                $forgotten++;
            }
        }
        @touch($this->dir . '/' . self::FORGOTTEN_MARKER, $now);
        error_clear_last();
        clearstatcache();

        return $forgotten;
    }

    private function forgottenAt(): int
    {
        $at = @filemtime($this->dir . '/' . self::FORGOTTEN_MARKER);
        error_clear_last();
        clearstatcache(false, $this->dir . '/' . self::FORGOTTEN_MARKER);

        return $at === false ? 0 : $at;
    }
}
