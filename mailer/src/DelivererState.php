<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * What the deliverer must remember between passes, in the outbox volume (a restart, or a one-shot run by cron,
 * picks it up where the last pass left it): when the salon got the text of each failed message (retention counts
 * from then) and which unconfirmed ones a summary counted (nothing is counted twice), when the last summary and
 * notice went, the failed messages whose notice the relay refused, the backoff of a mail that failed, and the counts
 * last logged. One JSON file, written atomically; a pass changes it only under its lock, so two
 * deliverers (the service and a cron run) never interleave. A lost or damaged file only makes messages look not
 * yet told: they are listed again and kept longer, never deleted sooner.
 */
final class DelivererState
{
    public const FILE = '.deliverer-state.json';
    /** Unconfirmed messages a summary has counted. */
    public const HELD = 'held';
    /** Failed messages whose text a notice carried to the salon. */
    public const FAILED = 'failed';

    private const LOCK = '.deliverer-state.lock';

    /** @var resource|null */
    private $lock = null;

    /**
     * @param array<string, mixed> $data
     * @param int|null             $now  times after it read as it (see load)
     */
    private function __construct(private readonly string $dir, private array $data, private readonly ?int $now = null)
    {
    }

    /**
     * The state as the last pass left it; empty when there is none (or it cannot be read). Times later than $now
     * (a clock that ran ahead and was set back) read as $now: a digest, a notice or a deletion is never put off
     * until the clock catches up.
     */
    public static function load(string $dir, ?int $now = null): self
    {
        $json = @file_get_contents($dir . '/' . self::FILE);
        error_clear_last();
        $data = $json === false ? null : json_decode($json, true, 8);
        $state = new self($dir, is_array($data) ? $data : [], $now);
        if ($now !== null) {
            $state->clampTimes($now);
        }

        return $state;
    }

    /**
     * True when a time this state holds lies after $now (a schedule, a "retry-…-at", more than a day after it): the
     * clock went back since it was written.
     */
    public function hasTimeAfter(int $now): bool
    {
        foreach ($this->times() as [$time, $schedule]) {
            if ($time > $now + ($schedule ? self::SCHEDULE_HORIZON : 0)) {
                return true;
            }
        }

        return false;
    }

    /** No schedule of the deliverer's lies further ahead (OUTBOX_RETRY_SECONDS is at most a day). */
    private const SCHEDULE_HORIZON = 86400;

    /**
     * @return \Generator<array{int, bool}> every time the state holds (what was told when, the last mails, *-at
     *                                      numbers), and whether it is a schedule (may lie ahead) or a past event
     */
    private function times(): \Generator
    {
        foreach ([self::HELD, self::FAILED] as $kind) {
            foreach ($this->told($kind) as $at) {
                yield [$at, false];
            }
            if ($this->lastTold($kind) !== null) {
                yield [$this->lastTold($kind), false];
            }
        }
        foreach ($this->data['numbers'] ?? [] as $name => $value) {
            if (is_int($value) && str_ends_with((string) $name, '-at')) {
                yield [$value, str_starts_with((string) $name, 'retry-')];
            }
        }
    }

    private function clampTimes(int $now): void
    {
        foreach ([self::HELD, self::FAILED] as $kind) {
            foreach ($this->told($kind) as $id => $at) {
                $this->data['told'][$kind][$id] = min($at, $now);
            }
            if (($this->lastTold($kind) ?? PHP_INT_MIN) > $now) {
                $this->data['last'][$kind] = $now;
            }
        }
        foreach ($this->data['numbers'] ?? [] as $name => $value) {
            if (is_int($value) && str_ends_with((string) $name, '-at')) {
                $latest = str_starts_with((string) $name, 'retry-') ? $now + self::SCHEDULE_HORIZON : $now;
                $this->data['numbers'][$name] = min($value, $latest);
            }
        }
    }

    /**
     * Takes the pass's lock (without waiting: another deliverer's pass does the same work). Reads the state again
     * under it.
     */
    public function lock(): bool
    {
        $handle = @fopen($this->dir . '/' . self::LOCK, 'c');
        error_clear_last();
        if ($handle === false || !flock($handle, LOCK_EX | LOCK_NB)) {
            $handle === false || fclose($handle);

            return false;
        }
        $this->lock = $handle;
        $this->data = self::load($this->dir, $this->now)->data;

        return true;
    }

    public function unlock(): void
    {
        if (is_resource($this->lock)) {
            flock($this->lock, LOCK_UN);
            fclose($this->lock);
        }
        $this->lock = null;
    }

    /** @throws OutboxUnavailable */
    public function save(Spool $spool, int $now): void
    {
        fclose($spool->write($this->dir . '/' . self::FILE, json_encode($this->data, JSON_UNESCAPED_SLASHES | JSON_THROW_ON_ERROR), $now));
    }

    /**
     * When the salon was told of each message of a kind (HELD, FAILED).
     *
     * @return array<string, int> id => time
     */
    public function told(string $kind): array
    {
        $told = $this->data['told'][$kind] ?? [];

        return is_array($told) ? array_filter($told, 'is_int') : [];
    }

    /** @param list<string> $ids */
    public function tell(string $kind, array $ids, int $at): void
    {
        foreach ($ids as $id) {
            $this->data['told'][$kind][$id] = $at;
        }
        $this->data['last'][$kind] = $at;
    }

    /**
     * Forgets what no longer is (sent, released, purged, expired): the file stays as small as the folders.
     *
     * @param list<string> $ids the ids still there
     */
    public function keepOnly(string $kind, array $ids): void
    {
        $this->data['told'][$kind] = array_intersect_key($this->told($kind), array_flip($ids));
    }

    /** When the salon was last told of a kind (the last digest, the last notice); null: never. */
    public function lastTold(string $kind): ?int
    {
        $last = $this->data['last'][$kind] ?? null;

        return is_int($last) ? $last : null;
    }

    /** A number to remember (e.g. the count last logged), or null. */
    public function number(string $name): ?int
    {
        $value = $this->data['numbers'][$name] ?? null;

        return is_int($value) ? $value : null;
    }

    public function setNumber(string $name, int $value): void
    {
        $this->data['numbers'][$name] = $value;
    }

    /** @return list<string> a list of ids to remember (e.g. those whose notice the relay refused) */
    public function ids(string $name): array
    {
        $ids = $this->data['ids'][$name] ?? [];

        return is_array($ids) ? array_values(array_filter($ids, 'is_string')) : [];
    }

    /** @param list<string> $ids */
    public function setIds(string $name, array $ids): void
    {
        $this->data['ids'][$name] = array_values(array_unique($ids));
    }

    /** A short text to remember (e.g. the state last pushed to the monitor), or null. */
    public function text(string $name): ?string
    {
        $value = $this->data['texts'][$name] ?? null;

        return is_string($value) ? $value : null;
    }

    public function setText(string $name, string $value): void
    {
        $this->data['texts'][$name] = $value;
    }

    public function __destruct()
    {
        $this->unlock();
    }
}
