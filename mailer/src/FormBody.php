<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * Parses the raw request body of the form (multipart/form-data or application/x-www-form-urlencoded).
 *
 * PHP's own parser is switched off (enable_post_data_reading = Off in docker/php/php.ini): it logs a PHP
 * Warning for every oddly shaped body (a missing boundary, too many fields, nesting too deep, a body over
 * post_max_size), and it silently turns "name[]=x" into arrays or drops what it does not like. Here the
 * fields the form and its confirmation have are read as text, and everything unusual is either a field error (a repeated
 * field, "name[]", a file) or a 400.
 *
 * Result: field name => string, or => list of strings when the field came as a file, as "name[...]"
 * or more than once (Validator refuses such values as "not text"). Unknown fields are dropped.
 */
final class FormBody
{
    public const FIELDS = ['name', 'email', 'phone', 'message', Validator::TRAP_FIELD, Words::FIELD, RequestHandler::TOKEN_FIELD, RequestHandler::ANSWER_FIELD];

    /** Parts or pairs beyond this are not a browser's form; at most 6 fields are sent. */
    public const MAX_PARTS = 50;

    /**
     * @return array<string, string|list<string>>
     *
     * @throws MalformedBody
     */
    public static function parse(string $contentType, string $body): array
    {
        $mediaType = strtolower(trim(explode(';', $contentType, 2)[0]));

        return match ($mediaType) {
            'application/x-www-form-urlencoded' => self::urlEncoded($body),
            'multipart/form-data' => self::multipart(self::boundary($contentType), $body),
            default => throw new MalformedBody('unsupported media type'),
        };
    }

    /** @return array<string, string|list<string>> */
    private static function urlEncoded(string $body): array
    {
        $fields = new FieldCollector();
        if ($body === '') {
            return [];
        }
        $pairs = explode('&', $body);
        if (count($pairs) > self::MAX_PARTS) {
            throw new MalformedBody('too many fields');
        }
        foreach ($pairs as $pair) {
            if ($pair === '') {
                continue;
            }
            [$key, $value] = array_pad(explode('=', $pair, 2), 2, '');
            $fields->add(urldecode($key), urldecode($value), false);
        }

        return $fields->toArray();
    }

    /** @throws MalformedBody */
    private static function boundary(string $contentType): string
    {
        // boundary="quoted" or boundary=token (RFC 2046: 1-70 characters).
        if (preg_match('/;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i', $contentType, $m) !== 1) {
            throw new MalformedBody('multipart without a boundary');
        }

        return $m[1] !== '' ? $m[1] : $m[2];
    }

    /**
     * RFC 7578 as browsers write it: "--boundary CRLF headers CRLF CRLF value" per field, parts separated by
     * "CRLF --boundary", the last followed by "--".
     *
     * @return array<string, string|list<string>>
     *
     * @throws MalformedBody
     */
    private static function multipart(string $boundary, string $body): array
    {
        $fields = new FieldCollector();
        $sections = explode("\r\n--" . $boundary, "\r\n" . $body);
        // The first section is the preamble (empty for browsers); the body must end with the close delimiter.
        array_shift($sections);
        if ($sections === []) {
            throw new MalformedBody('multipart body without its boundary');
        }
        if (count($sections) > self::MAX_PARTS + 1) {
            throw new MalformedBody('too many parts');
        }
        $closed = false;
        foreach ($sections as $section) {
            if (str_starts_with($section, '--')) {
                $closed = true;
                break;
            }
            // After the delimiter: optional transport padding, then CRLF.
            if (preg_match('/^[ \t]*\r\n/', $section, $m) !== 1) {
                throw new MalformedBody('multipart delimiter not followed by a line break');
            }
            $part = substr($section, strlen($m[0]));
            $split = strpos($part, "\r\n\r\n");
            if ($split === false) {
                throw new MalformedBody('multipart part without a header block');
            }
            [$name, $isFile] = self::disposition(substr($part, 0, $split));
            $fields->add($name, substr($part, $split + 4), $isFile);
        }
        if (!$closed) {
            throw new MalformedBody('multipart body not closed (truncated?)');
        }

        return $fields->toArray();
    }

    /**
     * @return array{string, bool} the field name and whether the part is a file
     *
     * @throws MalformedBody
     */
    private static function disposition(string $headerBlock): array
    {
        foreach (explode("\r\n", $headerBlock) as $line) {
            if (preg_match('/^content-disposition:\s*form-data\s*(;.*)?$/i', $line, $m) !== 1) {
                continue;
            }
            $params = $m[1] ?? '';
            if (preg_match('/;\s*name=(?:"([^"]*)"|([^\s;"]+))/i', $params, $name) !== 1) {
                throw new MalformedBody('multipart part without a name');
            }
            $isFile = preg_match('/;\s*filename\*?=/i', $params) === 1;

            return [($name[1] ?? '') !== '' ? $name[1] : ($name[2] ?? ''), $isFile];
        }
        throw new MalformedBody('multipart part without Content-Disposition: form-data');
    }
}
