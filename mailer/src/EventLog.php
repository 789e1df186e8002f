<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * The mailer's log lines: "contact-form: <event> key=value ...", one per message and outcome.
 * Values are ids, counts, times and reason codes; never an address or a word of the message.
 */
final class EventLog
{
    public const PREFIX = 'contact-form: ';

    /** @param array<string, string|int> $fields */
    public static function line(string $event, array $fields = []): string
    {
        $parts = [self::PREFIX . $event];
        foreach ($fields as $key => $value) {
            $value = (string) $value;
            // One line, and a value with spaces stays one value.
            $value = (string) preg_replace('/[\x00-\x1F\x7F]+/', ' ', $value);
            $parts[] = $key . '=' . (preg_match('/^[^\s"=]+$/D', $value) === 1 ? $value : '"' . str_replace('"', "'", $value) . '"');
        }

        return implode(' ', $parts);
    }

    /**
     * PHP's error log: php-fpm's log (stderr) for requests, stderr for the deliverer. The time is added here
     * because php-fpm prints workers' lines without one.
     *
     * @return \Closure(string): void
     */
    public static function toErrorLog(): \Closure
    {
        return static function (string $line): void {
            error_log(date('Y-m-d\TH:i:sP') . ' ' . $line);
        };
    }

    public static function time(int $timestamp): string
    {
        return date('Y-m-d\TH:i:sP', $timestamp);
    }
}
