<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * A folder of the outbox whose messages wait for a person rather than for SMTP (held/, failed/): listed, purged by a
 * person, and deleted some days after the salon was told of them, never before.
 */
abstract class OutboxFolder
{
    /** The folder's name in the outbox; each kind of folder sets its own. */
    public const DIR = '';

    public readonly string $dir;

    /** @param \Closure(): int $clock */
    public function __construct(
        protected readonly Spool $spool,
        protected readonly OutboxLimits $limits,
        protected readonly \Closure $clock,
    ) {
        $this->dir = $spool->dir . '/' . static::DIR;
    }

    /**
     * @return list<string> paths of the messages here, oldest first
     *
     * @throws OutboxUnavailable
     */
    public function paths(): array
    {
        return is_dir($this->dir) ? $this->spool->entriesIn($this->dir) : [];
    }

    /**
     * The messages (all, or those at $paths), oldest first, as entries; a file that is not a readable entry by its
     * name (the salon's mails name it too, so that it is not kept unseen). A file gone since it was listed (released
     * or purged meanwhile) is left out: it is not a message anyone must read here.
     *
     * @param list<string>|null $paths
     *
     * @return list<OutboxEntry|string>
     */
    public function read(?array $paths): array
    {
        $entries = [];
        foreach ($paths ?? $this->paths() as $path) {
            $json = @file_get_contents($path);
            if ($json === false && !file_exists($path)) {
                error_clear_last();
                continue;
            }
            try {
                $entries[] = OutboxEntry::fromJson((string) $json);
            } catch (\UnexpectedValueException) {
                $entries[] = basename($path);
            }
        }

        return $entries;
    }

    /**
     * Deletes messages once a person has read them: the one with $id, or all with null.
     *
     * @return int how many
     */
    public function purge(?string $id = null): int
    {
        $count = 0;
        foreach ($this->matching($id) as $path) {
            if (@unlink($path)) {
                $count++;
            }
        }
        error_clear_last();
        $this->spool->syncDirectory($this->dir);

        return $count;
    }

    /**
     * The messages with $id (none for what is not an id), or all with null.
     *
     * @return list<string> paths
     */
    protected function matching(?string $id): array
    {
        if ($id !== null && preg_match(Outbox::ID_PATTERN, $id) !== 1) {
            return [];
        }

        return array_values(array_filter($this->paths(), static fn (string $path): bool => $id === null || Spool::idFromPath($path) === $id));
    }

    /**
     * Deletes what the salon was told of at least $days days ago (the privacy policy's promise); a message the salon
     * was never told of is never deleted.
     *
     * @param array<string, int> $told id => when the salon was told of it
     *
     * @return list<string> the ids (as in the log lines) of the deleted messages
     */
    protected function deleteToldDaysAgo(array $told, int $days): array
    {
        return $this->spool->deleteToldBefore($this->paths(), $told, ($this->clock)() - $days * 86400);
    }
}
