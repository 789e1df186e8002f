<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * The outbox takes no new message for now: too many are waiting (SMTP has been away long, or someone floods the
 * form faster than it is delivered), or the disk is nearly full. Nothing was stored. It clears by itself once the
 * deliverer catches up or space is freed.
 */
final class OutboxFull extends \RuntimeException
{
    /** @param array<string, string|int> $details for the log line (counts, never content) */
    public function __construct(public readonly string $reason, public readonly array $details)
    {
        parent::__construct($reason);
    }
}
