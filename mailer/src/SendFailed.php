<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * Delivery failed, and how: the kind decides what happens to the message (see Deliverer::deliver).
 * The message is safe for the log: one line, addresses replaced, because PHPMailer's errors and servers' answers
 * quote recipients ("The following recipients failed: ...").
 */
final class SendFailed extends \RuntimeException
{
    /** No SMTP session ready to take mail: no connection, no answer in time, TLS or login failed, 421. */
    public const UNREACHABLE = 'unreachable';
    /** The server answered "not now" (4xx), or refused the envelope, which is the same for every message. */
    public const DEFERRED = 'deferred';
    /** The server refused this message itself (5xx after its content): a retry would get the same answer. */
    public const REFUSED = 'refused';

    /** True for REFUSED: the message goes to failed/ at once. */
    public readonly bool $permanent;

    private function __construct(string $message, public readonly string $kind, ?\Throwable $previous)
    {
        parent::__construct($message, 0, $previous);
        $this->permanent = $kind === self::REFUSED;
    }

    public static function because(string $reason, ?\Throwable $previous = null): self
    {
        return new self(self::redact($reason), self::UNREACHABLE, $previous);
    }

    public static function deferred(string $reason, ?\Throwable $previous = null): self
    {
        return new self(self::redact($reason), self::DEFERRED, $previous);
    }

    public static function refused(string $reason, ?\Throwable $previous = null): self
    {
        return new self(self::redact($reason), self::REFUSED, $previous);
    }

    public static function redact(string $text): string
    {
        $text = (string) preg_replace('/[^\s<>"\'(),;:]+@[^\s<>"\'(),;:]+/', '[address]', $text);
        $text = trim((string) preg_replace('/\s+/', ' ', $text));

        return mb_strimwidth($text, 0, 300, '…', 'UTF-8');
    }
}
