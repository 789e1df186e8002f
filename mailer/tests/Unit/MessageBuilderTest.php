<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Unit;

use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;
use Salon\Mailer\ContactMessage;
use Salon\Mailer\MessageBuilder;
use Salon\Mailer\OutgoingMessage;

#[CoversClass(MessageBuilder::class)]
#[CoversClass(OutgoingMessage::class)]
final class MessageBuilderTest extends TestCase
{
    private static function builder(): MessageBuilder
    {
        // 12:30 UTC in March is 13:30 in Warsaw (CET); the test run's zone is UTC (phpunit.xml).
        return new MessageBuilder(
            TestConfig::make(['MAIL_FROM_NAME' => 'Strona salonu']),
            static fn (): \DateTimeImmutable => new \DateTimeImmutable('2025-03-09 12:30:00', new \DateTimeZone('UTC')),
        );
    }

    private static function message(string $phone = '+48 600 100 200'): ContactMessage
    {
        return new ContactMessage('Zażółć Gęślą', 'gosc@example.com', $phone, "Zażółć gęślą jaźń\nDruga linia");
    }

    public function testAddressesComeFromConfigAndTheVisitorOnlyIntoReplyTo(): void
    {
        $mail = self::builder()->build(self::message());

        self::assertSame('formularz@salon.test', $mail->from);
        self::assertSame('Strona salonu', $mail->fromName);
        self::assertSame('recepcja@salon.test', $mail->to);
        self::assertSame('gosc@example.com', $mail->replyTo);
        self::assertSame('Zażółć Gęślą', $mail->replyToName);
    }

    public function testAVisitorClaimingTheSalonsAddressStillOnlyLandsInReplyTo(): void
    {
        $mail = self::builder()->build(new ContactMessage('X', 'recepcja@salon.test', '', 'x'));

        self::assertSame('formularz@salon.test', $mail->from);
        self::assertSame('recepcja@salon.test', $mail->to);
        self::assertSame('recepcja@salon.test', $mail->replyTo);
    }

    public function testTheSubjectNamesTheFormAndTheTimeAndHoldsNothingTheVisitorWrote(): void
    {
        self::assertSame('Formularz kontaktowy strony: nowa wiadomość (2025-03-09 13:30)', self::builder()->build(self::message())->subject);

        // A name that poses as the salon's own mail stays out of the subject.
        $mail = self::builder()->build(new ContactMessage('Dział IT Aurea - Twoja skrzynka wygasa', 'it@aurea-salon.pl', '', 'Zaloguj się: https://aurea-salon.pl.example'));
        self::assertSame('Formularz kontaktowy strony: nowa wiadomość (2025-03-09 13:30)', $mail->subject);
    }

    public function testAboveTheVisitorsTextTheMailSaysWhoseWordsTheyAreAndFromWhichAddress(): void
    {
        $body = self::builder()->build(new ContactMessage('Dział IT Aurea', 'it@aurea-salon.pl', '', 'Twoja skrzynka wygasa: https://aurea-salon.pl.example'))->body;

        $text = strpos($body, 'Twoja skrzynka wygasa');
        $notice = strpos($body, 'napisała osoba odwiedzająca stronę – jej własne słowa, przepisane bez zmian, nie salonu');
        self::assertNotFalse($notice);
        self::assertLessThan($text, $notice, 'said before the text');
        self::assertStringStartsWith("Wiadomość z formularza kontaktowego na stronie salon.test.\n", $body);
        self::assertLessThan($text, strpos($body, 'Nadawca podał adres it@aurea-salon.pl (nikt go nie sprawdził)'));
        self::assertLessThan($text, strpos($body, 'Nie loguj się przez linki z tej wiadomości'));
    }

    public function testReplyToNameIsSanitisedEvenIfValidationWasBypassed(): void
    {
        $mail = self::builder()->build(new ContactMessage("Eve\r\nBcc: x@example.com\0", 'eve@example.com', '', 'x'));

        self::assertSame('Eve Bcc: x@example.com', $mail->replyToName);
        self::assertStringNotContainsString('Eve', $mail->subject);
    }

    public function testANameThatCouldPassForAnotherSenderIsDefusedEvenIfValidationWasBypassed(): void
    {
        $mail = self::builder()->build(new ContactMessage("=?utf-8?q?recepcja=40salon=2Etest?=\u{202E}\u{FEFF}x\u{2028}y", 'eve@example.com', '', 'x'));

        self::assertSame('= ?utf-8?q?recepcja=40salon=2Etest?=x y', $mail->replyToName);
    }

    public function testBodyLabelsEveryFieldInPolish(): void
    {
        $body = self::builder()->build(self::message())->body;

        self::assertStringContainsString("Imię: Zażółć Gęślą\n", $body);
        self::assertStringContainsString("E-mail: gosc@example.com\n", $body);
        self::assertStringContainsString("Telefon: +48 600 100 200\n", $body);
        self::assertStringContainsString("Data: 2025-03-09 13:30\n", $body);
        self::assertStringContainsString("Wiadomość:\nZażółć gęślą jaźń\nDruga linia\n", $body);
        self::assertTrue(mb_check_encoding($body, 'UTF-8'));
    }

    public function testMissingPhoneIsSaidOutLoud(): void
    {
        self::assertStringContainsString("Telefon: (nie podano)\n", self::builder()->build(self::message(''))->body);
    }

    public function testMessageIdIsOnTheSiteDomainAndNewForEachMessage(): void
    {
        $first = self::builder()->build(self::message())->messageId;
        $second = self::builder()->build(self::message())->messageId;

        self::assertMatchesRegularExpression('/^<[0-9a-f]{32}@salon\.test>$/D', $first);
        self::assertNotSame($first, $second);
    }

    public function testTheDateHeaderIsFixedWhenTheMessageIsBuilt(): void
    {
        self::assertSame('Sun, 09 Mar 2025 13:30:00 +0100', self::builder()->build(self::message())->date);
    }
}
