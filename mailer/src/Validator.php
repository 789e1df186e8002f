<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * Turns the raw form fields into a ContactMessage or into error messages per field, in the page's language (Words).
 *
 * The browser only checks "required" and type=email, so everything is re-checked here:
 * the form can be posted by anything, and name, email and phone end up in mail headers.
 */
final class Validator
{
    /**
     * The fields' Polish labels and longest values, in characters (the e-mail in bytes: 254 is RFC 5321's path limit).
     * One file, read here, by the mailer's pages and mail, and by the page's form for its maxLength
     * (frontend/app/components/ContactForm/submitContact.ts); the Polish form's labels are these
     * (frontend/app/site/words/pl/form.ts, tests/unit/ContactForm.words.test.tsx checks it).
     */
    public const FIELDS_FILE = __DIR__ . '/contact-fields.json';

    /**
     * The trap: a field no person sees (display: none, so no browser's autofill fills it either; its name and label
     * match no autofill heuristic) that form-filling bots fill. Filled, the message is held and its sender asked to
     * confirm it, never dropped (RequestHandler).
     */
    public const TRAP_FIELD = 'pole_kontrolne';

    /**
     * What a name is made of. The name goes into Reply-To and the subject, where mail clients show it as the
     * sender: anything else could pass for another sender there, e.g. an RFC 2047 encoded word
     * ("=?utf-8?q?recepcja=40salon=2Etest?=", plain ASCII, decoded into an address), bidi and other format
     * characters (U+202E, U+2066), line separators, a BOM, an address or its look-alikes (@, ＠, ﹫, <, >).
     */
    private const NAME_PATTERN = '/^[\p{L}\p{M}\p{Nd}\p{Zs}.,\'’\-()&]+$/uD';

    /**
     * An address as people type it: a dot-atom local part at a host name with a top-level domain (RFC 5322
     * without its rarities). Quoted local parts ("a,b"@x.pl) and address literals (a@[127.0.0.1]) pass PHP's
     * filter and PHPMailer, but nobody answers such an address, and they carry commas, quotes and brackets into a
     * header.
     */
    private const EMAIL_PATTERN = '/^[A-Za-z0-9!#$%&\'*+\/=?^_`{|}~-]{1,64}(?:\.[A-Za-z0-9!#$%&\'*+\/=?^_`{|}~-]{1,64})*'
        . '@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/D';

    /**
     * @param array<array-key, mixed> $input usually $_POST
     *
     * @return ContactMessage|array<string, string> the message, or field name => error in the page's language
     */
    public function validate(array $input): ContactMessage|array
    {
        $errors = [];
        $limits = self::limits();
        $words = Words::of($input);

        $name = $this->text($input, 'name', $errors, $words, singleLine: true);
        if ($name !== null) {
            if ($name === '') {
                $errors['name'] = $words->text('nameEmpty');
            } elseif (mb_strlen($name, 'UTF-8') > $limits['name']) {
                $errors['name'] = $words->text('nameLong', $words->characters($limits['name']));
            } elseif (preg_match(self::NAME_PATTERN, $name) !== 1) {
                $errors['name'] = $words->text('nameCharacters');
            }
        }

        $email = $this->text($input, 'email', $errors, $words, singleLine: true);
        if ($email !== null) {
            if ($email === '') {
                $errors['email'] = $words->text('emailEmpty');
            } elseif (strlen($email) > $limits['email']) {
                $errors['email'] = $words->text('emailLong', $words->characters($limits['email']));
            } elseif (!self::isTypedAddress($email)) {
                $errors['email'] = $words->text('emailInvalid');
            }
        }

        $phone = $this->text($input, 'phone', $errors, $words, singleLine: true);
        if ($phone !== null && $phone !== '') {
            if (mb_strlen($phone, 'UTF-8') > $limits['phone']) {
                $errors['phone'] = $words->text('phoneLong', $words->characters($limits['phone']));
            } elseif (preg_match('/^[0-9 +\-().]+$/D', $phone) !== 1) {
                $errors['phone'] = $words->text('phoneCharacters');
            }
        }

        $message = $this->text($input, 'message', $errors, $words, singleLine: false);
        if ($message !== null) {
            if ($message === '') {
                $errors['message'] = $words->text('messageEmpty');
            } elseif (mb_strlen($message, 'UTF-8') > $limits['message']) {
                $errors['message'] = $words->text('messageLong', $words->characters($limits['message']));
            }
        }

        if ($errors !== []) {
            return $errors;
        }

        return new ContactMessage((string) $name, (string) $email, (string) $phone, (string) $message, $words->language);
    }

    /**
     * True when the trap field was filled in (see TRAP_FIELD).
     *
     * @param array<array-key, mixed> $input
     */
    public function isTrapFilled(array $input): bool
    {
        $value = $input[self::TRAP_FIELD] ?? '';

        return !is_string($value) || trim($value) !== '';
    }

    /**
     * Reads one field as clean text, or records an error and returns null.
     * A missing field counts as empty, so "required" rules decide about it.
     *
     * @param array<array-key, mixed> $input
     * @param array<string, string>   $errors
     */
    private function text(array $input, string $field, array &$errors, Words $words, bool $singleLine): ?string
    {
        $value = $input[$field] ?? '';
        // name[]=x arrives as an array; PHP would otherwise turn it into "Array" or a TypeError.
        if (!is_string($value)) {
            $errors[$field] = $words->text('notText');

            return null;
        }
        if (!mb_check_encoding($value, 'UTF-8')) {
            $errors[$field] = $words->text('badEncoding');

            return null;
        }
        // Checked on the raw value: a line break in a field that reaches a header is an
        // injection attempt even at the end, and a browser's single-line input never sends one.
        if ($singleLine && preg_match('/[\r\n]/', $value) === 1) {
            $errors[$field] = $words->text($field . 'LineBreak');

            return null;
        }
        if (!$singleLine) {
            // Browsers send textarea line breaks as CRLF; count and store each as one character.
            $value = str_replace(["\r\n", "\r"], "\n", $value);
            // Invisible format characters (bidi overrides and isolates, zero-width spaces and joiners, the BOM: Unicode
            // category Cf) can make the text read otherwise than it is written, e.g. a link that shows one domain and
            // goes to another: removed. Line and paragraph separators are line breaks.
            $value = (string) preg_replace(['/\p{Cf}+/u', '/[\x{2028}\x{2029}]/u'], ['', "\n"], $value);
        }
        // Other control characters (NUL, ESC, ...) have no place in a contact message; tab and
        // the newlines of the message are the only ones a person types.
        $allowed = $singleLine ? '\t' : '\t\n';
        if (preg_match('/[^\P{Cc}' . $allowed . ']/u', $value) === 1) {
            $errors[$field] = $words->text('badEncoding');

            return null;
        }

        return self::trimBlanks($value);
    }

    /**
     * trim() for Unicode blanks too (pasted text often carries no-break spaces), in time linear in the length:
     * a pattern for trailing blanks ('[\s\p{Z}]+$') retries from every blank of a run inside the text, which
     * without PCRE's JIT (off when its memory cannot be had) took 26 s for 64 KiB of spaces.
     */
    private static function trimBlanks(string $value): string
    {
        // Anchored at the start: one attempt, linear.
        $value = (string) preg_replace('/^[\s\p{Z}]+/u', '', $value);
        $end = strlen($value);
        while ($end > 0) {
            // The last character: back over UTF-8 continuation bytes (10xxxxxx) to its first byte.
            $start = $end - 1;
            while ($start > 0 && (ord($value[$start]) & 0xC0) === 0x80) {
                $start--;
            }
            if (preg_match('/^[\s\p{Z}]$/uD', substr($value, $start, $end - $start)) !== 1) {
                break;
            }
            $end = $start;
        }

        return substr($value, 0, $end);
    }

    private static function isTypedAddress(string $email): bool
    {
        // "=?": an encoded word, which some clients decode even where RFC 2047 forbids it.
        return preg_match(self::EMAIL_PATTERN, $email) === 1
            && strlen(strstr($email, '@', true) ?: '') <= 64
            && !str_contains($email, '=?')
            // PHPMailer's own check (FILTER_VALIDATE_EMAIL, ASCII only: IDN domains would need intl) must agree.
            && filter_var($email, FILTER_VALIDATE_EMAIL) !== false;
    }

    /**
     * The fields' limits from FIELDS_FILE.
     *
     * @return array{name: int, email: int, phone: int, message: int}
     */
    public static function limits(): array
    {
        return array_map(static fn (array $field): int => $field['maxLength'], self::fields());
    }

    /**
     * The fields' Polish labels, as the Polish form shows them (the mail and the Polish pages name the fields so; the
     * translations' are Words::labels()).
     *
     * @return array{name: string, email: string, phone: string, message: string}
     */
    public static function labels(): array
    {
        return array_map(static fn (array $field): string => $field['label'], self::fields());
    }

    /**
     * FIELDS_FILE, read once per process.
     *
     * @return array{name: array{label: string, maxLength: int}, email: array{label: string, maxLength: int}, phone: array{label: string, maxLength: int}, message: array{label: string, maxLength: int}}
     */
    private static function fields(): array
    {
        static $fields = null;
        if ($fields === null) {
            $read = json_decode((string) file_get_contents(self::FIELDS_FILE), true, 4, JSON_THROW_ON_ERROR);
            foreach (['name', 'email', 'phone', 'message'] as $field) {
                $spec = is_array($read) ? ($read[$field] ?? null) : null;
                if (!is_array($spec) || !is_int($spec['maxLength'] ?? null) || $spec['maxLength'] < 1 || !is_string($spec['label'] ?? null) || $spec['label'] === '') {
                    throw new \UnexpectedValueException(self::FIELDS_FILE . ": no label or positive maxLength for \"$field\"");
                }
            }
            $fields = $read;
        }

        return $fields;
    }
}
