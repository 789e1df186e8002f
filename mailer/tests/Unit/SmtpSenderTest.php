<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Unit;

use PHPMailer\PHPMailer\PHPMailer;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Salon\Mailer\OutgoingMessage;
use Salon\Mailer\SendFailed;
use Salon\Mailer\SmtpSender;

/** PHPMailer's configuration and the MIME it would send, checked with preSend() and no server. */
#[CoversClass(SmtpSender::class)]
#[CoversClass(SendFailed::class)]
final class SmtpSenderTest extends TestCase
{
    private static function outgoing(string $replyTo = 'gosc@example.com'): OutgoingMessage
    {
        return new OutgoingMessage(
            from: 'formularz@salon.test',
            fromName: 'Strona salonu',
            to: 'recepcja@salon.test',
            replyTo: $replyTo,
            replyToName: 'Zażółć Gęślą',
            subject: 'Wiadomość ze strony od Zażółć Gęślą',
            body: "Wiadomość:\nZażółć gęślą jaźń\n",
            messageId: '<0123456789abcdef@salon.test>',
            date: 'Sun, 09 Mar 2025 13:30:00 +0100',
        );
    }

    public function testCatcherSettingsMeanPlainSmtpWithoutAutoTls(): void
    {
        $mailer = (new SmtpSender(TestConfig::make()))->prepare(self::outgoing());

        self::assertSame('smtp', $mailer->Mailer);
        self::assertSame('127.0.0.1', $mailer->Host);
        self::assertSame(1025, $mailer->Port);
        self::assertSame('', $mailer->SMTPSecure);
        self::assertFalse($mailer->SMTPAutoTLS);
        self::assertFalse($mailer->SMTPAuth);
        self::assertSame(10, $mailer->Timeout);
        self::assertSame(0, $mailer->SMTPDebug);
        self::assertSame('utf-8', strtolower($mailer->CharSet));
    }

    public function testProductionSettingsArePassedOn(): void
    {
        $mailer = (new SmtpSender(TestConfig::make([
            'SMTP_HOST' => 'smtp.example.com', 'SMTP_PORT' => '465', 'SMTP_SECURE' => 'ssl',
            'SMTP_AUTH' => '1', 'SMTP_USER' => 'u', 'SMTP_PASS' => 'p', 'SMTP_TIMEOUT' => '7',
        ])))->prepare(self::outgoing());

        self::assertSame('ssl', $mailer->SMTPSecure);
        self::assertTrue($mailer->SMTPAuth);
        self::assertSame('u', $mailer->Username);
        self::assertSame('p', $mailer->Password);
        self::assertSame(7, $mailer->Timeout);
    }

    public function testFromToAndTheEnvelopeAreTheConfigurationsWhenItSendsNotWhenTheMessageWasStored(): void
    {
        // Stored while MAIL_TO and MAIL_FROM were wrong; sent after they were corrected.
        $stored = self::outgoing();
        $corrected = TestConfig::make(['MAIL_TO' => 'salon@poprawiony.test', 'MAIL_FROM' => 'strona@poprawiony.test', 'MAIL_FROM_NAME' => 'Strona']);
        $mailer = (new SmtpSender($corrected))->prepare($stored);
        self::assertTrue($mailer->preSend());
        [$headers] = explode("\r\n\r\n", $mailer->getSentMIMEMessage(), 2);

        self::assertStringContainsString("\r\nTo: salon@poprawiony.test\r\n", $headers);
        self::assertStringContainsString("\r\nFrom: Strona <strona@poprawiony.test>\r\n", $headers);
        self::assertSame('strona@poprawiony.test', $mailer->Sender, 'bounces go to the mailbox MAIL_FROM names now');
        self::assertStringNotContainsString('recepcja@salon.test', $headers);
    }

    public function testHeadersOfTheMimeMessage(): void
    {
        $mailer = (new SmtpSender(TestConfig::make(['MAIL_FROM_NAME' => 'Strona salonu'])))->prepare(self::outgoing());
        self::assertTrue($mailer->preSend());
        $mime = $mailer->getSentMIMEMessage();
        [$headers, $body] = explode("\r\n\r\n", $mime, 2);

        self::assertStringContainsString("\r\nFrom: Strona salonu <formularz@salon.test>\r\n", $headers);
        self::assertStringContainsString("\r\nTo: recepcja@salon.test\r\n", $headers);
        self::assertMatchesRegularExpression('/\r\nReply-To: =\?UTF-8\?[BQ]\?[^\r\n]+\?= <gosc@example\.com>\r\n/i', $headers);
        self::assertStringContainsString("\r\nMessage-ID: <0123456789abcdef@salon.test>\r\n", $headers);
        self::assertMatchesRegularExpression("/(^|\r\n)Date: Sun, 0?9 Mar 2025 13:30:00 \\+0100\r\n/", $headers, 'the stored date, not the time of this retry');
        self::assertStringContainsStringIgnoringCase('Content-Type: text/plain; charset=UTF-8', $headers);
        self::assertStringContainsString('Content-Transfer-Encoding: quoted-printable', $headers);
        self::assertStringNotContainsString('X-Mailer', $headers);
        self::assertSame('formularz@salon.test', $mailer->Sender, 'bounces go to the site, not the visitor');

        self::assertMatchesRegularExpression('/\r\nSubject: (=\?UTF-8\?[BQ]\?[^\r\n]+\?=\s*)+\r\n/i', $headers . "\r\n");
        self::assertSame('Wiadomość ze strony od Zażółć Gęślą', iconv_mime_decode(
            (string) preg_replace('/^.*\r\nSubject: (.*?)\r\n(?=\S).*$/s', '$1', $headers . "\r\nX: y"),
            0,
            'UTF-8',
        ));
        self::assertStringContainsString('Za=C5=BC=C3=B3=C5=82=C4=87 g=C4=99=C5=9Bl=C4=85 ja=C5=BA=C5=84', $body);
        self::assertSame("Wiadomość:\nZażółć gęślą jaźń\n", str_replace("\r\n", "\n", quoted_printable_decode($body)));
    }

    public function testRecipientsAreExactlyTheConfiguredOnes(): void
    {
        $mailer = (new SmtpSender(TestConfig::make()))->prepare(self::outgoing());

        self::assertSame([['recepcja@salon.test', '']], $mailer->getToAddresses());
        self::assertSame([], $mailer->getCcAddresses());
        self::assertSame([], $mailer->getBccAddresses());
        // PHPMailer 6 keys this list by address, 7 does not; each entry is [address, name] in both.
        self::assertSame(['gosc@example.com'], array_column(array_values($mailer->getReplyToAddresses()), 0));
    }

    public function testAReplyToPhpMailerRefusesIsASendFailure(): void
    {
        $this->expectException(SendFailed::class);

        // The validator never lets this through; the sender must still not send without Reply-To.
        (new SmtpSender(TestConfig::make()))->send(self::outgoing('no-at-sign'));
    }

    public function testAnUnreachableServerFailsFastWithARedactedReason(): void
    {
        // Port 9 (discard) on localhost is closed here; connection refused comes back at once.
        $sender = new SmtpSender(TestConfig::make(['SMTP_PORT' => '9', 'SMTP_TIMEOUT' => '2']));
        $started = microtime(true);
        try {
            $sender->send(self::outgoing());
            self::fail('expected SendFailed');
        } catch (SendFailed $e) {
            self::assertLessThan(5, microtime(true) - $started);
            self::assertStringNotContainsString('@', $e->getMessage());
            self::assertStringNotContainsString("\n", $e->getMessage());
            self::assertInstanceOf(\PHPMailer\PHPMailer\Exception::class, $e->getPrevious());
        }
    }

    /** @param array<string, string> $settings */
    private static function senderTo(ScriptedSmtpServer $server, array $settings = []): SmtpSender
    {
        return new SmtpSender(TestConfig::make($settings + ['SMTP_PORT' => (string) $server->port, 'SMTP_TIMEOUT' => '2']));
    }

    public function testAServerThatRefusesTheMessageIsAPermanentFailureWithItsAnswer(): void
    {
        $server = new ScriptedSmtpServer(['DATAEND' => '550 5.7.1 Message rejected as spam <x@example.com>']);
        try {
            self::senderTo($server)->send(self::outgoing());
            self::fail('expected SendFailed');
        } catch (SendFailed $e) {
            self::assertTrue($e->permanent, 'a 5xx answer to the message itself will not change on a retry');
            self::assertStringContainsString('550 5.7.1 Message rejected as spam', $e->getMessage());
            self::assertStringNotContainsString('x@example.com', $e->getMessage());
        }
        self::assertSame(['EHLO', 'MAIL', 'RCPT', 'DATA', 'refused'], array_slice($server->log(), 0, 5));
    }

    /** @return iterable<string, array{array<string, string>}> */
    public static function passingFailures(): iterable
    {
        yield '4xx to the message (greylisting)' => [['DATAEND' => '451 4.7.1 Greylisted, try again later']];
        yield '421 at the greeting (server closing)' => [['greeting' => '421 4.3.2 Service shutting down']];
        // The envelope is the same for every message (the site to the salon): a 5xx there is about the setup or
        // the relay's quota, not about this visitor's message, so it must not send the message to failed/.
        yield '5xx to MAIL FROM' => [['MAIL' => '550 5.7.1 Sender not allowed']];
        yield '5xx to RCPT TO' => [['RCPT' => '554 5.7.1 Relay access denied']];
    }

    /** @param array<string, string> $script */
    #[DataProvider('passingFailures')]
    public function testConnectionTroubleAnd4xxAnswersAreWorthARetry(array $script): void
    {
        $server = new ScriptedSmtpServer($script);
        try {
            self::senderTo($server)->send(self::outgoing());
            self::fail('expected SendFailed');
        } catch (SendFailed $e) {
            self::assertFalse($e->permanent, $e->getMessage());
        }
    }

    public function testAServerThatNeverAnswersFailsWithinSmtpTimeout(): void
    {
        // Accepts the connection and says nothing (holds it 8 s). PHPMailer waits for each reply up to its own
        // Timelimit, 300 s unless set: a worker (and the visitor's next request) would hang for minutes.
        $server = new ScriptedSmtpServer(['greeting' => 'silent', 'holdSeconds' => 8]);
        $started = microtime(true);
        try {
            self::senderTo($server, ['SMTP_TIMEOUT' => '2'])->send(self::outgoing());
            self::fail('expected SendFailed');
        } catch (SendFailed $e) {
            self::assertFalse($e->permanent);
        }
        self::assertLessThan(5.0, microtime(true) - $started, 'SMTP_TIMEOUT bounds the wait for every reply');
    }

    public function testWithTlsDemandedNoLoginCrossesTheWireWhenTheServerCannotDoStartTls(): void
    {
        // The server offers no STARTTLS (its EHLO lists only 8BITMIME): the session must end before AUTH and MAIL.
        $server = new ScriptedSmtpServer();
        try {
            self::senderTo($server, ['SMTP_HOST' => '127.0.0.1', 'SMTP_SECURE' => 'tls', 'SMTP_AUTH' => '1', 'SMTP_USER' => 'u', 'SMTP_PASS' => 'secret'])->send(self::outgoing());
            self::fail('expected SendFailed');
        } catch (SendFailed $e) {
            self::assertSame(SendFailed::UNREACHABLE, $e->kind);
        }
        usleep(100_000);
        self::assertSame(['EHLO', 'STAR'], array_slice($server->log(), 0, 2), 'it asked for STARTTLS');
        self::assertNotContains('AUTH', $server->log());
        self::assertNotContains('MAIL', $server->log());
    }

    public function testRedactionRemovesAddressesAndLineBreaks(): void
    {
        self::assertSame(
            'SMTP Error: The following recipients failed: [address]: 550 no such user <[address]>',
            SendFailed::redact("SMTP Error: The following recipients failed: recepcja@salon.test:\r\n 550 no such user <x@y.pl>"),
        );
    }
}
