<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * The outbox could not be written (or read): the message is NOT stored, so the visitor must not be told
 * it was. The message names the step and the path, never the message's content.
 */
final class OutboxUnavailable extends \RuntimeException
{
    public static function because(string $what, string $path): self
    {
        $error = error_get_last();
        error_clear_last();
        $reason = is_array($error) ? preg_replace('/^\w+\([^)]*\): (Failed to open stream: )?/', '', $error['message']) : 'unknown error';

        return new self(sprintf('%s %s: %s', $what, $path, SendFailed::redact((string) $reason)));
    }
}
