<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * An outbox file this process holds an exclusive lock on (flock), so no other deliverer and no other
 * request can send the same message meanwhile. The kernel drops the lock if the process dies, so a
 * killed worker never strands a message. `entry` is null when the file could not be read as an entry.
 */
final class Claim
{
    /** @param resource|null $handle the locked file */
    public function __construct(
        public readonly string $path,
        public mixed $handle,
        public readonly ?OutboxEntry $entry,
        public readonly string $problem = '',
    ) {
    }

    public function release(): void
    {
        if (is_resource($this->handle)) {
            flock($this->handle, LOCK_UN);
            fclose($this->handle);
        }
        $this->handle = null;
    }

    public function __destruct()
    {
        $this->release();
    }
}
