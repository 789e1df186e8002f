<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * How much the outbox takes and how long it keeps it (Config builds it from the OUTBOX_* settings; the defaults
 * here are docker/defaults.env's, for an Outbox made without a configuration, but for the disk's floor, off there;
 * ConfigTest holds them equal).
 */
final readonly class OutboxLimits
{
    public function __construct(
        /**
         * Hours a message is retried before it is moved to failed/ (counted from when it was accepted, or put back
         * in the queue); mail servers give up after 4 to 5 days (RFC 5321, 4.5.4.1).
         */
        public int $retryHours = 120,
        /** Delay before the first retry; each further retry waits twice as long (capped, see Outbox). */
        public int $retrySeconds = 60,
        /** Waiting messages over which new posts are refused (OutboxFull) until the deliverer catches up. */
        public int $maxPending = 500,
        /** Free bytes on the outbox's disk under which nothing more is stored; 0: not checked. */
        public int $minFreeBytes = 0,
        /** Days failed/ keeps a message, counted from the notice that named it, never before. */
        public int $failedDays = 30,
        /** Messages held for review over which such posts are refused. */
        public int $maxHeld = 500,
        /** Days held/ keeps a message, counted from the digest that named it, never before. */
        public int $heldDays = 14,
    ) {
    }
}
