<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * What the deliverer must remember between passes, in the outbox volume (a restart, or a one-shot run by cron,
 * picks it up where the last pass left it): when the salon was told of each held and failed message (the digest or
 * notice that named it: retention counts from then, and nothing is named twice), when the last digest and notice
 * went, the backoff of one that failed, and the counts last logged. One JSON file, written atomically; a pass changes it only under its lock, so two
 * deliverers (the service and a cron run) never interleave. A lost or damaged file only makes messages look not
 * yet told: they are listed again and kept longer, never deleted sooner.
 */
final class DelivererState
{
    public const FILE = '.deliverer-state.json';
    /** Held messages the digest has told the salon of. */
    public const HELD = 'held';
    /** Failed messages the notice has told the salon of. */
    public const FAILED = 'failed';

    private const LOCK = '.deliverer-state.lock';

    /** @var resource|null */
    private $lock = null;

    /**
     * @param array<string, mixed> $data
     */
    private function __construct(private readonly string $dir, private array $data)
    {
    }

    /** The state as the last pass left it; empty when there is none (or it cannot be read). */
    public static function load(string $dir): self
    {
        $json = @file_get_contents($dir . '/' . self::FILE);
        error_clear_last();
        $data = $json === false ? null : json_decode($json, true, 8);

        return new self($dir, is_array($data) ? $data : []);
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
        $this->data = self::load($this->dir)->data;

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
