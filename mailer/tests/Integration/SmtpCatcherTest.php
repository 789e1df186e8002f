<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Integration;

use PHPUnit\Framework\Attributes\CoversNothing;
use PHPUnit\Framework\TestCase;
use Salon\Mailer\Config;
use Salon\Mailer\MessageBuilder;
use Salon\Mailer\RequestHandler;
use Salon\Mailer\SmtpSender;
use Salon\Mailer\Validator;

/**
 * The whole path through real PHPMailer and a real SMTP server (MailDev), read back
 * through MailDev's REST API, which decodes quoted-printable bodies and encoded-word headers.
 *
 * Env: SMTP_HOST, SMTP_PORT (default 127.0.0.1:1025), MAIL_API (default http://127.0.0.1:8025),
 * MAIL_CATCHER_REQUIRED=1 turns "catcher not reachable" from a skip into a failure (CI).
 */
#[CoversNothing]
final class SmtpCatcherTest extends TestCase
{
    private const FROM = 'formularz@salon.test';
    private const TO = 'recepcja@salon.test';

    private string $api;
    private Config $config;

    protected function setUp(): void
    {
        $this->config = Config::fromArray([
            'MAIL_FROM' => self::FROM,
            'MAIL_TO' => self::TO,
            'SMTP_HOST' => (string) getenv('SMTP_HOST'),
            'SMTP_PORT' => (string) getenv('SMTP_PORT'),
            'SMTP_TIMEOUT' => '5',
        ]);
        $this->api = rtrim((string) (getenv('MAIL_API') ?: 'http://127.0.0.1:8025'), '/');

        $problem = $this->catcherProblem();
        if ($problem !== null) {
            if (getenv('MAIL_CATCHER_REQUIRED') === '1') {
                self::fail('Mail catcher required (MAIL_CATCHER_REQUIRED=1) but ' . $problem);
            }
            self::markTestSkipped('Mail catcher not reachable: ' . $problem);
        }
    }

    public function testContactFormMailArrivesIntact(): void
    {
        // A token of our own: other test runs may share the catcher, so never clear or take "the latest".
        $token = bin2hex(random_bytes(6));
        $handler = new RequestHandler(new Validator(), new MessageBuilder($this->config), new SmtpSender($this->config));

        $response = $handler->handle('POST', 'multipart/form-data; boundary=x', [
            'name' => 'Zażółć Gęślą ' . $token,
            'email' => 'gosc-' . $token . '@example.com',
            'phone' => '',
            'message' => "Zażółć gęślą jaźń\nDruga linia — cudzysłów „tak”.",
            'website' => '',
        ]);
        self::assertSame(200, $response->status, $response->body);

        $mail = $this->waitForMail($token);
        try {
            self::assertSame('Wiadomość ze strony od Zażółć Gęślą ' . $token, $mail['subject']);
            self::assertSame([self::FROM], array_column($mail['from'], 'address'));
            self::assertSame([self::TO], array_column($mail['to'], 'address'));
            self::assertSame(['gosc-' . $token . '@example.com'], array_column($mail['replyTo'], 'address'));
            self::assertSame(['Zażółć Gęślą ' . $token], array_column($mail['replyTo'], 'name'));
            self::assertStringContainsString("Zażółć gęślą jaźń\nDruga linia — cudzysłów „tak”.", $mail['text']);
            self::assertStringContainsString('Telefon: (nie podano)', $mail['text']);
            self::assertStringEndsWith('@salon.test>', $mail['headers']['message-id']);
            self::assertStringContainsStringIgnoringCase('charset=utf-8', $mail['headers']['content-type']);
        } finally {
            $this->http('DELETE', '/email/' . rawurlencode($mail['id']));
        }
    }

    private function catcherProblem(): ?string
    {
        $smtp = @fsockopen($this->config->smtpHost, $this->config->smtpPort, $errno, $error, 2.0);
        if ($smtp === false) {
            return sprintf('no SMTP at %s:%d (%s)', $this->config->smtpHost, $this->config->smtpPort, $error);
        }
        fclose($smtp);
        if ($this->http('GET', '/email') === null) {
            return 'no MailDev API at ' . $this->api;
        }

        return null;
    }

    /**
     * MailDev stores the message a moment after the SMTP session ends, hence the polling.
     *
     * @return array{id: string, subject: string, text: string, from: list<array{address: string, name: string}>,
     *               to: list<array{address: string, name: string}>, replyTo: list<array{address: string, name: string}>,
     *               headers: array<string, string>}
     */
    private function waitForMail(string $token): array
    {
        $deadline = microtime(true) + 10;
        do {
            foreach ((array) json_decode((string) $this->http('GET', '/email'), true) as $mail) {
                if (is_array($mail) && str_contains((string) ($mail['subject'] ?? ''), $token)) {
                    return $mail;
                }
            }
            usleep(200_000);
        } while (microtime(true) < $deadline);

        self::fail("The message with token $token did not reach MailDev at {$this->api} within 10 s.");
    }

    /** Plain streams, so the test needs no curl extension. Returns null when there is no answer. */
    private function http(string $method, string $path): ?string
    {
        $context = stream_context_create(['http' => ['method' => $method, 'timeout' => 3, 'ignore_errors' => true]]);
        $body = @file_get_contents($this->api . $path, false, $context);
        $status = isset($http_response_header[0]) && preg_match('/^HTTP\/\S+ (\d{3})/', $http_response_header[0], $m) === 1
            ? (int) $m[1] : 0;

        return ($body === false || $status < 200 || $status >= 300) ? null : $body;
    }
}
