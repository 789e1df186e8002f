<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Integration;

use PHPUnit\Framework\Attributes\CoversNothing;
use PHPUnit\Framework\TestCase;
use Salon\Mailer\Config;
use Salon\Mailer\Deliverer;
use Salon\Mailer\HttpRequest;
use Salon\Mailer\MessageBuilder;
use Salon\Mailer\OriginPolicy;
use Salon\Mailer\Outbox;
use Salon\Mailer\OutboxEntry;
use Salon\Mailer\ProofOfWork;
use Salon\Mailer\RequestHandler;
use Salon\Mailer\SmtpSender;
use Salon\Mailer\Tests\Unit\Proofs;
use Salon\Mailer\Tests\Unit\TempDirectory;
use Salon\Mailer\Validator;

/**
 * The whole path through real PHPMailer and a real SMTP server (MailDev), read back
 * through MailDev's REST API, which decodes quoted-printable bodies and encoded-word headers.
 *
 * Never skipped: with MAIL_API set (a catcher that already runs, at SMTP_HOST:SMTP_PORT) that catcher must
 * answer, or the test fails; without it (as the test command runs it), the test starts a MailDev of its own
 * (node_modules/maildev), so `npm run test:php` proves delivery on any machine with the repository installed, and
 * never talks to a catcher someone else left on the default ports.
 */
#[CoversNothing]
final class SmtpCatcherTest extends TestCase
{
    use TempDirectory;

    private const FROM = 'formularz@salon.test';
    private const TO = 'recepcja@salon.test';

    private static ?MailDev $ownCatcher = null;

    private string $api;
    private string $smtpHost;
    private string $smtpPort;
    private Config $config;

    /** @var list<string> */
    private array $log = [];

    public static function tearDownAfterClass(): void
    {
        self::$ownCatcher?->stop();
        self::$ownCatcher = null;
    }

    protected function tearDown(): void
    {
        $this->removeTempDirectory();
    }

    /** @param array<string, string> $overrides */
    private function config(array $overrides = []): Config
    {
        return Config::fromArray($overrides + [
            'MAIL_FROM' => self::FROM,
            'MAIL_TO' => self::TO,
            'SMTP_HOST' => $this->smtpHost,
            'SMTP_PORT' => $this->smtpPort,
            'SMTP_TIMEOUT' => '5',
            'OUTBOX_DIR' => $this->dir,
        ]);
    }

    private function handler(Config $config, Outbox $outbox): RequestHandler
    {
        $log = function (string $line): void {
            $this->log[] = $line;
        };

        return new RequestHandler(
            new Validator(),
            new MessageBuilder($config),
            $outbox,
            new Deliverer($outbox, new SmtpSender($config), $log),
            OriginPolicy::fromString('http://127.0.0.1:8080'),
            $this->pow,
            $log,
        );
    }

    /** @param array<string, string> $fields */
    private function post(array $fields): HttpRequest
    {
        return new HttpRequest('POST', 'application/x-www-form-urlencoded', http_build_query($fields), 'http://127.0.0.1:8080', proof: Proofs::solve($this->pow->challenge()));
    }

    private ProofOfWork $pow;

    protected function setUp(): void
    {
        $this->pow = Proofs::pow($this->makeTempDirectory());
        $stackApi = (string) getenv('MAIL_API');
        if ($stackApi !== '') {
            $this->api = rtrim($stackApi, '/');
            $this->smtpHost = (string) (getenv('SMTP_HOST') ?: '127.0.0.1');
            $this->smtpPort = (string) (getenv('SMTP_PORT') ?: '1025');
        } else {
            self::$ownCatcher ??= new MailDev();
            $this->api = self::$ownCatcher->api;
            $this->smtpHost = '127.0.0.1';
            $this->smtpPort = (string) self::$ownCatcher->smtpPort;
        }
        $this->config = $this->config();

        $problem = $this->catcherProblem();
        if ($problem !== null) {
            self::fail('The mail catcher (MAIL_API=' . $this->api . ') does not answer: ' . $problem);
        }
    }

    public function testContactFormMailArrivesIntact(): void
    {
        // A token of our own: other test runs may share the catcher, so never clear or take "the latest".
        $token = bin2hex(random_bytes(6));
        $outbox = Outbox::fromConfig($this->config);
        $handler = $this->handler($this->config, $outbox);

        $response = $handler->handle($this->post([
            'name' => 'Zażółć Gęślą ' . $token,
            'email' => 'gosc-' . $token . '@example.com',
            'phone' => '',
            'message' => "Zażółć gęślą jaźń\nDruga linia — cudzysłów „tak”.",
            'pole_kontrolne' => '',
        ]));
        $stored = OutboxEntry::fromJson((string) file_get_contents($outbox->pending()[0]));
        $handler->afterResponse();
        self::assertSame([], $outbox->pending(), 'removed after SMTP accepted it');
        self::assertSame(200, $response->status, $response->body);

        $mail = $this->waitForMail($token);
        try {
            // The subject as it arrived, Polish letters decoded: the form and the time, not the visitor's name.
            self::assertSame($stored->message->subject, $mail['subject']);
            self::assertStringStartsWith('Formularz kontaktowy strony: nowa wiadomość (', $mail['subject']);
            self::assertSame([self::FROM], array_column($mail['from'], 'address'));
            self::assertSame([self::TO], array_column($mail['to'], 'address'));
            self::assertSame(['gosc-' . $token . '@example.com'], array_column($mail['replyTo'], 'address'));
            self::assertSame(['Zażółć Gęślą ' . $token], array_column($mail['replyTo'], 'name'));
            self::assertStringContainsString("Zażółć gęślą jaźń\nDruga linia — cudzysłów „tak”.", $mail['text']);
            self::assertStringContainsString('Telefon: (nie podano)', $mail['text']);
            self::assertSame($stored->message->messageId, $mail['headers']['message-id']);
            self::assertStringContainsStringIgnoringCase('charset=utf-8', $mail['headers']['content-type']);
        } finally {
            $this->http('DELETE', '/email/' . rawurlencode($mail['id']));
        }
    }

    public function testAMessageThatFailedFirstArrivesOnceWithItsOriginalMessageId(): void
    {
        $token = bin2hex(random_bytes(6));
        // Port 9 is closed here: the first attempt fails the way a stopped catcher does.
        $dead = $this->config(['SMTP_PORT' => '9', 'SMTP_TIMEOUT' => '2']);
        $outbox = Outbox::fromConfig($dead);
        $handler = $this->handler($dead, $outbox);
        $response = $handler->handle($this->post(['name' => 'Retry ' . $token, 'email' => 'r@example.com', 'message' => 'Ponowna próba ' . $token]));
        $handler->afterResponse();
        self::assertSame(200, $response->status);
        self::assertCount(1, $outbox->pending());
        $stored = OutboxEntry::fromJson((string) file_get_contents($outbox->pending()[0]));
        self::assertSame(1, $stored->attempts);

        $report = (new Deliverer($outbox, new SmtpSender($this->config), static function (string $line): void {
        }))->runOnce(ignoreSchedule: true);

        self::assertSame(1, $report->sent);
        self::assertSame([], $outbox->pending());
        $mail = $this->waitForMail($token);
        try {
            self::assertSame($stored->message->messageId, $mail['headers']['message-id']);
            self::assertStringContainsString('Ponowna próba ' . $token, $mail['text']);
            usleep(300_000);
            $copies = array_filter(
                (array) json_decode((string) $this->http('GET', '/email'), true),
                static fn ($m): bool => is_array($m) && str_contains((string) ($m['text'] ?? ''), $token),
            );
            self::assertCount(1, $copies, 'exactly once');
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
                if (is_array($mail) && str_contains((string) ($mail['text'] ?? ''), $token)) {
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
