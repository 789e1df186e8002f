<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Unit;

use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Salon\Mailer\ContactMessage;
use Salon\Mailer\Validator;

#[CoversClass(Validator::class)]
#[CoversClass(ContactMessage::class)]
final class ValidatorTest extends TestCase
{
    private const VALID = [
        'name' => 'Anna Kowalska',
        'email' => 'anna@example.com',
        'phone' => '+48 600 100 200',
        'message' => 'Dzień dobry, chciałabym umówić wizytę.',
    ];

    /**
     * @param array<string, mixed> $overrides
     *
     * @return ContactMessage|array<string, string>
     */
    private static function validate(array $overrides = []): ContactMessage|array
    {
        return (new Validator())->validate(array_merge(self::VALID, $overrides));
    }

    /**
     * @param array<string, mixed> $overrides
     *
     * @return array<string, string>
     */
    private static function errors(array $overrides): array
    {
        $result = self::validate($overrides);
        self::assertIsArray($result, 'expected validation errors');

        return $result;
    }

    public function testValidInputBecomesAContactMessage(): void
    {
        $result = self::validate();

        self::assertInstanceOf(ContactMessage::class, $result);
        self::assertSame('Anna Kowalska', $result->name);
        self::assertSame('anna@example.com', $result->email);
        self::assertSame('+48 600 100 200', $result->phone);
        self::assertSame('Dzień dobry, chciałabym umówić wizytę.', $result->message);
    }

    public function testFieldsAreTrimmedIncludingNoBreakSpaces(): void
    {
        $result = self::validate([
            'name' => "  Anna\u{00A0}",
            'email' => ' anna@example.com ',
            'phone' => "\t600 100 200 ",
            'message' => "\n  Treść  \n\n",
        ]);

        self::assertInstanceOf(ContactMessage::class, $result);
        self::assertSame('Anna', $result->name);
        self::assertSame('anna@example.com', $result->email);
        self::assertSame('600 100 200', $result->phone);
        self::assertSame('Treść', $result->message);
    }

    public function testEmptyFormReportsEveryRequiredFieldInPolish(): void
    {
        $errors = (new Validator())->validate([]);

        self::assertSame([
            'name' => 'Podaj imię.',
            'email' => 'Podaj adres e-mail.',
            'message' => 'Wpisz treść wiadomości.',
        ], $errors);
    }

    public function testWhitespaceOnlyCountsAsEmpty(): void
    {
        $errors = self::errors(['name' => "  \u{00A0} ", 'message' => " \r\n\t "]);

        self::assertSame('Podaj imię.', $errors['name']);
        self::assertSame('Wpisz treść wiadomości.', $errors['message']);
    }

    public function testPhoneIsOptional(): void
    {
        foreach ([['phone' => ''], ['phone' => '   ']] as $overrides) {
            $result = self::validate($overrides);
            self::assertInstanceOf(ContactMessage::class, $result);
            self::assertSame('', $result->phone);
        }
        $withoutPhone = self::VALID;
        unset($withoutPhone['phone']);
        self::assertInstanceOf(ContactMessage::class, (new Validator())->validate($withoutPhone));
    }

    public function testNameLimitIsExactly100Characters(): void
    {
        // Multibyte letters: the limit is in characters, not bytes.
        self::assertInstanceOf(ContactMessage::class, self::validate(['name' => str_repeat('ż', 100)]));
        self::assertSame(
            'Imię może mieć najwyżej 100 znaków.',
            self::errors(['name' => str_repeat('ż', 101)])['name'],
        );
    }

    public function testEmailLimitIs254Characters(): void
    {
        // 64-character local part (its own limit) and 63-character labels, so only the total decides.
        $address = static fn (int $lastLabel): string => str_repeat('x', 64) . '@' . str_repeat('a', 63)
            . '.' . str_repeat('b', 63) . '.' . str_repeat('c', $lastLabel) . '.pl';
        self::assertSame(254, strlen($address(58)));
        self::assertInstanceOf(ContactMessage::class, self::validate(['email' => $address(58)]));

        self::assertSame(
            'Adres e-mail może mieć najwyżej 254 znaki.',
            self::errors(['email' => $address(59)])['email'],
        );
    }

    /**
     * @return iterable<string, array{string}>
     */
    public static function invalidEmails(): iterable
    {
        yield 'no at' => ['anna.example.com'];
        yield 'no domain' => ['anna@'];
        yield 'no local part' => ['@example.com'];
        yield 'space inside' => ['anna kowalska@example.com'];
        yield 'two addresses' => ['anna@example.com, eve@example.com'];
        yield 'display name' => ['Anna <anna@example.com>'];
        yield 'IDN domain' => ['anna@żółw.pl'];
        yield 'non-ASCII local part' => ['żaneta@example.com'];
    }

    #[DataProvider('invalidEmails')]
    public function testInvalidEmailIsRefused(string $email): void
    {
        self::assertSame('Podaj poprawny adres e-mail.', self::errors(['email' => $email])['email']);
    }

    /**
     * @return iterable<string, array{string}>
     */
    public static function validPhones(): iterable
    {
        yield 'mobile with country code' => ['+48 600 100 200'];
        yield 'landline with brackets' => ['(42) 630-12-34'];
        yield 'dots' => ['600.100.200'];
        yield 'digits only' => ['600100200'];
        yield 'exactly 30 characters' => [str_repeat('1', 30)];
    }

    #[DataProvider('validPhones')]
    public function testPhoneFormatsPeopleTypeAreAccepted(string $phone): void
    {
        $result = self::validate(['phone' => $phone]);
        self::assertInstanceOf(ContactMessage::class, $result);
        self::assertSame($phone, $result->phone);
    }

    public function testPhoneWithLettersIsRefused(): void
    {
        foreach (['600 100 200 wew. 5', 'zadzwoń', '600/100/200', '600_100'] as $phone) {
            self::assertSame(
                'Numer telefonu może zawierać tylko cyfry, spacje i znaki + - ( ).',
                self::errors(['phone' => $phone])['phone'],
                $phone,
            );
        }
    }

    public function testPhoneLimitIsExactly30Characters(): void
    {
        self::assertSame(
            'Numer telefonu może mieć najwyżej 30 znaków.',
            self::errors(['phone' => str_repeat('1', 31)])['phone'],
        );
    }

    public function testMessageLimitIsExactly5000Characters(): void
    {
        self::assertInstanceOf(ContactMessage::class, self::validate(['message' => str_repeat('ą', 5000)]));
        self::assertSame(
            'Wiadomość może mieć najwyżej 5000 znaków.',
            self::errors(['message' => str_repeat('ą', 5001)])['message'],
        );
    }

    public function testMessageKeepsNewlinesAndCountsCrlfAsOneCharacter(): void
    {
        // Browsers send textarea line breaks as CRLF: 1666 * "ab\r\n" + "cc" is 6666 bytes
        // on the wire but 5000 characters once each break counts as one.
        $result = self::validate(['message' => str_repeat("ab\r\n", 1666) . 'cc']);

        self::assertInstanceOf(ContactMessage::class, $result);
        self::assertSame(5000, mb_strlen($result->message));
        self::assertStringNotContainsString("\r", $result->message);

        $result = self::validate(['message' => "Linia 1\r\nLinia 2\r\rLinia 4"]);
        self::assertInstanceOf(ContactMessage::class, $result);
        self::assertSame("Linia 1\nLinia 2\n\nLinia 4", $result->message);
    }

    public function testFormatCharactersAreRemovedFromTheText(): void
    {
        // A link that reads "aurea-salon.pl/logowanie" but is written backwards after a right-to-left override, words
        // split by zero-width spaces so filters miss them, a BOM, a word joiner: what the salon would read is not what
        // is there. Emoji built with a joiner fall apart into their parts; nothing else changes.
        $result = self::validate(['message' => "Zaloguj się: https://\u{202E}lp.nolas-aerua//:sptth\u{202C} pil\u{200B}nie\u{FEFF}\u{2060}!\u{2028}Anna 👩\u{200D}👧"]);

        self::assertInstanceOf(ContactMessage::class, $result);
        self::assertSame("Zaloguj się: https://lp.nolas-aerua//:sptth pilnie!\nAnna 👩👧", $result->message);
        self::assertSame(['message' => 'Wpisz treść wiadomości.'], self::errors(['message' => "\u{200B}\u{202E}\u{200B}"]), 'nothing visible is nothing');
    }

    /**
     * @return iterable<string, array{string, string, string}>
     */
    public static function headerInjections(): iterable
    {
        yield 'name CRLF' => ['name', "Anna\r\nBcc: victim@example.com", 'Imię nie może zawierać znaków nowego wiersza.'];
        yield 'name LF only' => ['name', "Anna\nBcc: victim@example.com", 'Imię nie może zawierać znaków nowego wiersza.'];
        yield 'name trailing CR' => ['name', "Anna\r", 'Imię nie może zawierać znaków nowego wiersza.'];
        yield 'email CRLF' => ['email', "anna@example.com\r\nBcc: victim@example.com", 'Adres e-mail nie może zawierać znaków nowego wiersza.'];
        yield 'email trailing LF' => ['email', "anna@example.com\n", 'Adres e-mail nie może zawierać znaków nowego wiersza.'];
        yield 'phone LF' => ['phone', "600\nBcc: victim@example.com", 'Numer telefonu nie może zawierać znaków nowego wiersza.'];
    }

    #[DataProvider('headerInjections')]
    public function testLineBreaksAreRefusedInHeaderFields(string $field, string $value, string $expected): void
    {
        self::assertSame($expected, self::errors([$field => $value])[$field]);
    }

    public function testArraysAreRefusedForEveryField(): void
    {
        // name[]=x in a form body arrives as an array.
        foreach (['name', 'email', 'phone', 'message'] as $field) {
            $errors = self::errors([$field => ['x']]);
            self::assertSame('Pole ma nieprawidłowy format.', $errors[$field], $field);
            self::assertCount(1, $errors);
        }
    }

    public function testInvalidUtf8IsRefused(): void
    {
        foreach (['name', 'email', 'phone', 'message'] as $field) {
            $errors = self::errors([$field => "Za\xC5\xBC\xF3\xB3\xE6"]); // mixed UTF-8 and ISO-8859-2
            self::assertSame('Pole zawiera nieprawidłowe znaki.', $errors[$field], $field);
        }
    }

    public function testControlCharactersAreRefused(): void
    {
        self::assertSame('Pole zawiera nieprawidłowe znaki.', self::errors(['name' => "Anna\0"])['name']);
        self::assertSame('Pole zawiera nieprawidłowe znaki.', self::errors(['message' => "Tekst\x1B[31m"])['message']);
        // A tab typed or pasted into the message is fine.
        self::assertInstanceOf(ContactMessage::class, self::validate(['message' => "a\tb"]));
    }

    public function testPolishTextPassesUnchanged(): void
    {
        $result = self::validate(['name' => 'Zażółć Gęślą-Jaźń', 'message' => 'Zażółć gęślą jaźń']);

        self::assertInstanceOf(ContactMessage::class, $result);
        self::assertSame('Zażółć Gęślą-Jaźń', $result->name);
        self::assertSame('Zażółć gęślą jaźń', $result->message);
    }

    public function testUnknownFieldsAreIgnored(): void
    {
        self::assertInstanceOf(ContactMessage::class, self::validate(['to' => 'evil@example.com', 'subject' => 'x']));
    }

    /** @return iterable<string, array{string}> */
    public static function spoofedNames(): iterable
    {
        // Plain ASCII, yet mail clients decode it into "recepcja@salon.test" in the Reply-To (Mailsploit).
        yield 'RFC 2047 encoded word' => ['=?utf-8?q?recepcja=40salon=2Etest?='];
        yield 'encoded word, base64' => ['=?UTF-8?B?cmVjZXBjamFAc2Fsb24udGVzdA==?='];
        yield 'right-to-left override' => ["Anna \u{202E}tset.nolas@ajcpecer"];
        yield 'left-to-right isolate' => ["Anna \u{2066}Kowalska\u{2069}"];
        yield 'line separator' => ["Anna\u{2028}Bcc: x"];
        yield 'paragraph separator' => ["Anna\u{2029}Kowalska"];
        yield 'byte order mark' => ["\u{FEFF}Anna Kowalska"];
        yield 'zero-width space' => ["recepcja\u{200B}salon"];
        yield 'an address as the name' => ['recepcja@salon.test'];
        yield 'full-width at sign' => ['recepcja＠salon.test'];
        yield 'small at sign' => ['recepcja﹫salon.test'];
        yield 'angle brackets' => ['Salon <recepcja>'];
        yield 'quotes and a comma' => ['"Salon, recepcja"'];
    }

    #[DataProvider('spoofedNames')]
    public function testNamesThatCouldPassForAnotherSenderAreRefused(string $name): void
    {
        self::assertSame(
            'Imię może zawierać tylko litery, cyfry, spacje i znaki . , \' ’ - ( ) &.',
            self::errors(['name' => $name])['name'],
        );
    }

    /** @return iterable<string, array{string}> */
    public static function realNames(): iterable
    {
        yield 'Polish letters' => ['Zażółć Gęślą-Jaźń'];
        yield 'apostrophe' => ["Anna O'Brien"];
        yield 'typographic apostrophe' => ['Anna D’Angelo'];
        yield 'initial and comma' => ['Kowalska, Anna M.'];
        yield 'two people' => ['Kasia & Tomek'];
        yield 'company' => ['Studio 22 (Łódź)'];
        yield 'combining accent' => ["Zoe\u{0308}"];
        yield 'Cyrillic' => ['Анна Ковальская'];
    }

    #[DataProvider('realNames')]
    public function testNamesPeopleWriteArePassed(string $name): void
    {
        $result = self::validate(['name' => $name]);
        self::assertInstanceOf(ContactMessage::class, $result);
        self::assertSame($name, $result->name);
    }

    public function testTrimmingIsLinearEvenWithoutPcreJit(): void
    {
        // PCRE's JIT is off when its memory cannot be allocated; a trailing-blank pattern then tries every
        // position of a run of blanks inside the text: 64 KiB of spaces between two letters took 26 s here.
        $jit = (string) ini_get('pcre.jit');
        ini_set('pcre.jit', '0');
        try {
            $started = microtime(true);
            $errors = self::errors([
                'name' => 'a' . str_repeat(' ', 65000) . 'b',
                'message' => 'y' . str_repeat("\u{00A0}", 20000) . 'z',
            ]);
            $seconds = microtime(true) - $started;
        } finally {
            ini_set('pcre.jit', $jit);
        }

        self::assertLessThan(1.0, $seconds);
        self::assertSame('Imię może mieć najwyżej 100 znaków.', $errors['name']);
        self::assertSame('Wiadomość może mieć najwyżej 5000 znaków.', $errors['message']);
    }

    public function testBlanksAroundTheTextAreTrimmedBlanksInsideKept(): void
    {
        $result = self::validate([
            'name' => "\u{3000} \u{00A0}Anna  Maria\u{2009}\t ",
            'message' => "\n\u{00A0}Linia 1\n\n  Linia 2 \u{00A0}\n\n",
        ]);

        self::assertInstanceOf(ContactMessage::class, $result);
        self::assertSame('Anna  Maria', $result->name);
        self::assertSame("Linia 1\n\n  Linia 2", $result->message);
    }

    /** @return iterable<string, array{string}> */
    public static function typedAddresses(): iterable
    {
        yield 'plain' => ['anna@example.com'];
        yield 'dots and plus' => ['anna.kowalska+salon@poczta.onet.pl'];
        yield 'apostrophe' => ["o'brien@example.ie"];
        yield 'underscore, hyphen, digits' => ['a_b-c.9@sub-domain.example.co.uk'];
        yield 'capitals' => ['Anna@Example.COM'];
        yield 'punycode domain' => ['anna@xn--w-uga1v8h.pl'];
    }

    #[DataProvider('typedAddresses')]
    public function testAddressesPeopleTypeAreAccepted(string $email): void
    {
        $result = self::validate(['email' => $email]);
        self::assertInstanceOf(ContactMessage::class, $result);
        self::assertSame($email, $result->email);
    }

    /** @return iterable<string, array{string}> */
    public static function exoticAddresses(): iterable
    {
        yield 'quoted local part with a comma' => ['"a,b"@x.pl'];
        yield 'quoted local part with a space' => ['"anna kowalska"@example.com'];
        yield 'IPv4 literal' => ['a@[127.0.0.1]'];
        yield 'IPv6 literal' => ['a@[IPv6:::1]'];
        yield 'dot at the start' => ['.anna@example.com'];
        yield 'two dots' => ['anna..k@example.com'];
        yield 'dot before the at' => ['anna.@example.com'];
        yield 'host without a dot' => ['anna@localhost'];
        yield 'hyphen at the edge of a label' => ['anna@-example.com'];
        yield 'numeric top-level domain' => ['anna@example.123'];
        yield 'encoded word as local part' => ['=?utf-8?q?x?=@example.com'];
        yield 'local part over 64' => [str_repeat('a', 65) . '@example.com'];
    }

    #[DataProvider('exoticAddresses')]
    public function testQuotedLocalPartsAndAddressLiteralsAreRefused(string $email): void
    {
        self::assertSame('Podaj poprawny adres e-mail.', self::errors(['email' => $email])['email']);
    }

    public function testTrap(): void
    {
        $validator = new Validator();

        self::assertFalse($validator->isTrapFilled(self::VALID));
        self::assertFalse($validator->isTrapFilled([Validator::TRAP_FIELD => '']));
        self::assertFalse($validator->isTrapFilled([Validator::TRAP_FIELD => '  ']));
        self::assertTrue($validator->isTrapFilled([Validator::TRAP_FIELD => 'https://spam.example']));
        self::assertTrue($validator->isTrapFilled([Validator::TRAP_FIELD => ['x']]));
        self::assertFalse($validator->isTrapFilled(['website' => 'https://spam.example']), 'the old name is nothing now');
    }
}
