<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Integration;

use PHPUnit\Framework\Attributes\CoversNothing;
use PHPUnit\Framework\TestCase;
use Salon\Mailer\Config;
use Salon\Mailer\OutgoingMessage;
use Salon\Mailer\SendFailed;
use Salon\Mailer\SmtpSender;

/**
 * SMTP_SECURE and SMTP_AUTH against real servers that demand them: MailDev (the version the stack runs) with a
 * throwaway self-signed certificate made here, trusted through SMTP_CA_FILE:
 *   - STARTTLS and a login, demanded (MailDev with STARTTLS switched back on, see Fixtures/maildev-starttls.cjs);
 *   - implicit TLS and a login (MailDev's own --incoming-secure);
 *   - a login in clear text, no TLS at all (MailDev with an incoming user and nothing else).
 */
#[CoversNothing]
final class SmtpTlsTest extends TestCase
{
    private const USER = 'formularz';
    private const PASS = 'tajne hasło 123';

    private static string $certDir = '';
    private static ?MailDev $startTls = null;
    private static ?MailDev $implicitTls = null;
    private static ?MailDev $plainLogin = null;

    public static function setUpBeforeClass(): void
    {
        self::$certDir = sys_get_temp_dir() . '/smtp-tls-test-' . bin2hex(random_bytes(6));
        mkdir(self::$certDir, 0700);
        $cert = self::$certDir . '/cert.pem';
        $key = self::$certDir . '/key.pem';
        // A day's certificate for this address only, on a key made for the occasion.
        exec(sprintf(
            'openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 -subj /CN=127.0.0.1 -addext %s -keyout %s -out %s 2>&1',
            escapeshellarg('subjectAltName=IP:127.0.0.1'),
            escapeshellarg($key),
            escapeshellarg($cert),
        ), $output, $status);
        self::assertSame(0, $status, 'openssl: ' . implode("\n", $output));
        $login = ['--incoming-user', self::USER, '--incoming-pass', self::PASS];
        $tls = ['--incoming-cert', $cert, '--incoming-key', $key];
        self::$startTls = new MailDev([...$login, ...$tls], [dirname(__DIR__) . '/Fixtures/maildev-starttls.cjs'], wait: false);
        self::$implicitTls = new MailDev([...$login, ...$tls, '--incoming-secure'], wait: false);
        self::$plainLogin = new MailDev($login, wait: false);
        foreach ([self::$startTls, self::$implicitTls, self::$plainLogin] as $maildev) {
            $maildev->waitUntilUp();
        }
    }

    public static function tearDownAfterClass(): void
    {
        foreach ([self::$startTls, self::$implicitTls, self::$plainLogin] as $maildev) {
            $maildev?->stop();
        }
        exec('rm -rf ' . escapeshellarg(self::$certDir));
    }

    /** @param array<string, string> $settings */
    private static function sender(MailDev $server, array $settings): SmtpSender
    {
        return new SmtpSender(Config::fromArray($settings + [
            'MAIL_FROM' => 'formularz@salon.test',
            'MAIL_TO' => 'recepcja@salon.test',
            'SMTP_HOST' => '127.0.0.1',
            'SMTP_PORT' => (string) $server->smtpPort,
            'SMTP_TIMEOUT' => '5',
            'OUTBOX_DIR' => '/nonexistent',
        ]));
    }

    /** @return array<string, string> */
    private static function tlsLogin(string $secure): array
    {
        return ['SMTP_SECURE' => $secure, 'SMTP_AUTH' => '1', 'SMTP_USER' => self::USER, 'SMTP_PASS' => self::PASS, 'SMTP_CA_FILE' => self::$certDir . '/cert.pem'];
    }

    private static function message(string $token): OutgoingMessage
    {
        return new OutgoingMessage(
            from: 'formularz@salon.test',
            fromName: 'Strona salonu',
            to: 'recepcja@salon.test',
            replyTo: 'gosc@example.com',
            replyToName: 'Zażółć Gęślą',
            subject: "Wiadomość ze strony $token",
            body: "Zażółć gęślą jaźń $token\n",
            messageId: '<' . $token . '@salon.test>',
        );
    }

    /** @param array<string, string> $settings */
    private static function failure(MailDev $server, array $settings, string $token): SendFailed
    {
        try {
            self::sender($server, $settings)->send(self::message($token));
        } catch (SendFailed $e) {
            return $e;
        }
        self::fail('the message was sent: ' . json_encode($settings));
    }

    public function testStartTlsAndALoginDeliver(): void
    {
        $token = 'starttls-' . bin2hex(random_bytes(4));
        self::sender(self::$startTls, self::tlsLogin('tls'))->send(self::message($token));

        $mail = self::$startTls->waitForMail($token);
        self::assertNotNull($mail, 'delivered over STARTTLS with a login');
        self::assertStringContainsString("Zażółć gęślą jaźń $token", (string) $mail['text']);
    }

    public function testImplicitTlsAndALoginDeliver(): void
    {
        $token = 'smtps-' . bin2hex(random_bytes(4));
        self::sender(self::$implicitTls, self::tlsLogin('ssl'))->send(self::message($token));

        self::assertNotNull(self::$implicitTls->waitForMail($token), 'delivered over implicit TLS with a login');
    }

    public function testTheStartTlsServerReallyDemandsBoth(): void
    {
        // A login without TLS (allowed by Config only because the host is loopback) is refused by the server...
        $token = bin2hex(random_bytes(4));
        $noTls = self::failure(self::$startTls, ['SMTP_AUTH' => '1', 'SMTP_USER' => self::USER, 'SMTP_PASS' => self::PASS], "no-tls-$token");
        // (538 "Must issue a STARTTLS command first"; PHPMailer reports it as "Could not authenticate", and the
        // same login over STARTTLS succeeds in the test above.)
        self::assertSame(SendFailed::UNREACHABLE, $noTls->kind, $noTls->getMessage());
        self::assertStringContainsString('Could not authenticate', $noTls->getMessage());
        // ...and so is a message without a login, TLS or not.
        $noLogin = self::failure(self::$startTls, ['SMTP_SECURE' => 'tls', 'SMTP_CA_FILE' => self::$certDir . '/cert.pem'], "no-login-$token");
        self::assertSame(SendFailed::DEFERRED, $noLogin->kind, 'a refused envelope is about the setup, not the message');
        self::assertStringContainsString('530', $noLogin->getMessage());
        usleep(300_000);
        self::assertSame([], self::$startTls->mailWith($token));
    }

    public function testAnUntrustedCertificateStopsTheSessionBeforeTheLogin(): void
    {
        // Without SMTP_CA_FILE the system's CA store decides, and it does not know the throwaway certificate:
        // the password is not sent to a server whose certificate cannot be verified.
        $token = 'untrusted-' . bin2hex(random_bytes(4));
        $settings = self::tlsLogin('tls');
        unset($settings['SMTP_CA_FILE']);
        $e = self::failure(self::$startTls, $settings, $token);

        self::assertSame(SendFailed::UNREACHABLE, $e->kind, $e->getMessage());
        self::assertSame([], self::$startTls->mailWith($token));
    }

    public function testTlsDemandedButNotOfferedStopsBeforeTheLogin(): void
    {
        // This server would take the login in clear text and the message after it. SMTP_SECURE=tls means STARTTLS
        // or nothing: PHPMailer stops when the server cannot do it, so neither the password nor the message leaves.
        $token = 'no-starttls-' . bin2hex(random_bytes(4));
        $e = self::failure(self::$plainLogin, self::tlsLogin('tls'), $token);

        self::assertSame(SendFailed::UNREACHABLE, $e->kind, $e->getMessage());
        usleep(300_000);
        self::assertSame([], self::$plainLogin->mailWith($token));
        // The same server with a clear-text login (loopback, the development case) does deliver: it is the TLS
        // demand that stopped the message above, not the server.
        self::sender(self::$plainLogin, ['SMTP_AUTH' => '1', 'SMTP_USER' => self::USER, 'SMTP_PASS' => self::PASS])->send(self::message($token . '-plain'));
        self::assertNotNull(self::$plainLogin->waitForMail($token . '-plain'));
    }

    public function testAWrongPasswordIsASetupProblemNotTheMessages(): void
    {
        $settings = ['SMTP_PASS' => 'wrong'] + self::tlsLogin('tls');
        $e = self::failure(self::$startTls, $settings, 'wrong-password');

        // Retried with backoff (and every waiting message sent once the password is fixed), never failed/ at once.
        self::assertSame(SendFailed::UNREACHABLE, $e->kind, $e->getMessage());
        self::assertStringNotContainsString('wrong', $e->getMessage());
    }
}
