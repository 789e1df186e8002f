<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * What the outbox knows about the SMTP server, as marker files every process sees (dotfiles, never entries):
 * whether it was found away and since when, whether it has just come back, and when it was last asked. Requests
 * read it to decide whether to send at once, the deliverer to probe and to reset the backoff, Health to report.
 */
final class SmtpHealth
{
    /** After a delivery found SMTP away, requests leave delivery to the deliverer for this long (see looksDown). */
    public const DOWN_SECONDS = 30;

    /** Exists from a failure to reach SMTP until the next success: holds the first such failure, its mtime the last. */
    private const DOWN_MARKER = '.smtp-down';
    /** Left by the success that ended an outage, taken by the next deliverer pass (see takeRecovery). */
    private const RECOVERED_MARKER = '.smtp-recovered';
    /** Touched whenever SMTP was last asked (a message or a probe): when the deliverer's idle probe is due. */
    private const CHECKED_MARKER = '.smtp-checked';

    /** @param \Closure(): int $clock */
    public function __construct(private readonly string $dir, private readonly \Closure $clock)
    {
    }

    /**
     * True for a short while after a delivery found SMTP away: requests then leave the message to the
     * deliverer instead of each waiting for the same dead server (SMTP_TIMEOUT) before their worker is free.
     */
    public function looksDown(): bool
    {
        $last = $this->lastFailure();

        return $last !== null && $last > ($this->clock)() - self::DOWN_SECONDS;
    }

    /** When SMTP was last found away, if it has not been reached since; null when it is not known to be down. */
    public function lastFailure(): ?int
    {
        return $this->markerTime(self::DOWN_MARKER);
    }

    /**
     * Since when SMTP has been failing: the first failure after its last success (what the marker holds; its
     * mtime is the latest failure). Null when it is not known to be down.
     */
    public function downSince(): ?int
    {
        $last = $this->lastFailure();
        if ($last === null) {
            return null;
        }
        $first = @file_get_contents($this->dir . '/' . self::DOWN_MARKER);
        error_clear_last();

        return $first !== false && preg_match('/^\d{1,12}$/D', trim($first)) === 1 ? min((int) trim($first), $last) : $last;
    }

    /** When SMTP last took a message or answered a probe, or was probed (see noteChecked). */
    public function checkedAt(): ?int
    {
        return $this->markerTime(self::CHECKED_MARKER);
    }

    public function noteDown(): void
    {
        $marker = $this->dir . '/' . self::DOWN_MARKER;
        // The first failure of an outage creates the marker with its time; later ones only move its mtime.
        $handle = @fopen($marker, 'x');
        if ($handle !== false) {
            fwrite($handle, (string) ($this->clock)());
            fclose($handle);
        }
        @touch($marker, ($this->clock)());
        $this->noteChecked();
    }

    /** SMTP was asked (a probe), whatever it answered: the next idle probe is due a probe interval later. */
    public function noteChecked(): void
    {
        @touch($this->dir . '/' . self::CHECKED_MARKER, ($this->clock)());
        error_clear_last();
    }

    /**
     * SMTP took a message (or a probe): if it had been away, the messages waiting for it are due again now, not
     * after their backoff; the next deliverer pass sees that through takeRecovery().
     */
    public function noteUp(): void
    {
        $this->noteChecked();
        $marker = $this->dir . '/' . self::DOWN_MARKER;
        if (file_exists($marker) && @unlink($marker)) {
            @touch($this->dir . '/' . self::RECOVERED_MARKER, ($this->clock)());
        }
        error_clear_last();
    }

    /** True once after SMTP came back from an outage (for one deliverer: the first to take it). */
    public function takeRecovery(): bool
    {
        $taken = @unlink($this->dir . '/' . self::RECOVERED_MARKER);
        error_clear_last();

        return $taken;
    }

    private function markerTime(string $name): ?int
    {
        $marker = $this->dir . '/' . $name;
        clearstatcache(true, $marker);
        $time = @filemtime($marker);
        error_clear_last();

        return $time === false ? null : $time;
    }
}
