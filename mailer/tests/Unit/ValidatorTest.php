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
            'name' => 'Podaj imię i nazwisko.',
            'email' => 'Podaj adres e-mail.',
            'message' => 'Wpisz treść wiadomości.',
        ], $errors);
    }

    public function testWhitespaceOnlyCountsAsEmpty(): void
    {
        $errors = self::errors(['name' => "  \u{00A0} ", 'message' => " \r\n\t "]);

        self::assertSame('Podaj imię i nazwisko.', $errors['name']);
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

    /**
     * @return iterable<string, array{string, string, string}>
     */
    public static function headerInjections(): iterable
    {
        yield 'name CRLF' => ['name', "Anna\r\nBcc: victim@example.com", 'Imię i nazwisko nie może zawierać znaków nowego wiersza.'];
        yield 'name LF only' => ['name', "Anna\nBcc: victim@example.com", 'Imię i nazwisko nie może zawierać znaków nowego wiersza.'];
        yield 'name trailing CR' => ['name', "Anna\r", 'Imię i nazwisko nie może zawierać znaków nowego wiersza.'];
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

    public function testHoneypot(): void
    {
        $validator = new Validator();

        self::assertFalse($validator->isHoneypotFilled(self::VALID));
        self::assertFalse($validator->isHoneypotFilled(['website' => '']));
        self::assertFalse($validator->isHoneypotFilled(['website' => '  ']));
        self::assertTrue($validator->isHoneypotFilled(['website' => 'https://spam.example']));
        self::assertTrue($validator->isHoneypotFilled(['website' => ['x']]));
    }
}
