<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * Delivery failed. The message is safe for the log: one line, addresses replaced,
 * because PHPMailer's errors quote recipients ("The following recipients failed: ...").
 */
final class SendFailed extends \RuntimeException
{
    public static function because(string $reason, ?\Throwable $previous = null): self
    {
        return new self(self::redact($reason), 0, $previous);
    }

    public static function redact(string $text): string
    {
        $text = (string) preg_replace('/[^\s<>"\'(),;:]+@[^\s<>"\'(),;:]+/', '[address]', $text);
        $text = trim((string) preg_replace('/\s+/', ' ', $text));

        return mb_strimwidth($text, 0, 300, '…', 'UTF-8');
    }
}
