<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Integration;

use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;
use Salon\Mailer\Deliverer;
use Salon\Mailer\DelivererPass;
use Salon\Mailer\HealthPing;
use Salon\Mailer\MessageBuilder;
use Salon\Mailer\Outbox;
use Salon\Mailer\SendFailed;
use Salon\Mailer\Tests\Unit\FakeSender;
use Salon\Mailer\Tests\Unit\TempDirectory;
use Salon\Mailer\Tests\Unit\TestConfig;

/**
 * HEALTHCHECK_URL against a local receiver (tests/Fixtures/ping-receiver.php under `php -S`): what a dead man's
 * switch gets from the deliverer's passes, the loop's and a one-shot run's alike.
 */
#[CoversClass(HealthPing::class)]
#[CoversClass(DelivererPass::class)]
final class HealthPingTest extends TestCase
{
    use TempDirectory;

    /** @var resource|null */
    private $receiver = null;
    private string $url = '';
    private string $pingLog = '';
    private int $now = 1_750_000_000;
    /** @var list<string> */
    private array $log = [];

    protected function setUp(): void
    {
        $this->makeTempDirectory();
        $this->pingLog = $this->dir . '.pings';
        $probe = stream_socket_server('tcp://127.0.0.1:0');
        self::assertIsResource($probe);
        $port = (int) substr((string) strrchr((string) stream_socket_get_name($probe, false), ':'), 1);
        fclose($probe);
        $receiver = proc_open(
            [PHP_BINARY, '-S', "127.0.0.1:$port", dirname(__DIR__) . '/Fixtures/ping-receiver.php'],
            [1 => ['file', '/dev/null', 'w'], 2 => ['file', '/dev/null', 'w']],
            $pipes,
            null,
            ['PING_LOG' => $this->pingLog, 'PATH' => (string) getenv('PATH')],
        );
        self::assertIsResource($receiver);
        $this->receiver = $receiver;
        for ($i = 0; $i < 100 && @fsockopen('127.0.0.1', $port) === false; $i++) {
            usleep(50_000);
        }
        $this->url = "http://127.0.0.1:$port/ping/0f1e2d3c";
    }

    protected function tearDown(): void
    {
        if (is_resource($this->receiver)) {
            proc_terminate($this->receiver, SIGKILL);
            proc_close($this->receiver);
        }
        @unlink($this->pingLog);
        @unlink($this->pingLog . '.mode');
        $this->removeTempDirectory();
    }

    /** @return list<array{method: string, path: string, body: string, agent: string}> */
    private function pings(): array
    {
        $lines = array_filter(explode("\n", (string) @file_get_contents($this->pingLog)));

        return array_values(array_map(static fn (string $l): array => json_decode($l, true, 4, JSON_THROW_ON_ERROR), $lines));
    }

    /** @param array<string, string> $settings */
    private function pass(FakeSender $sender, int $timeout = 5, array $settings = []): void
    {
        $config = TestConfig::make($settings + ['OUTBOX_DIR' => $this->dir, 'HEALTH_SMTP_DOWN_SECONDS' => '900']);
        $outbox = Outbox::fromConfig($config, fn (): int => $this->now);
        $log = function (string $line): void {
            $this->log[] = $line;
        };
        (new DelivererPass(
            $config,
            $outbox,
            new Deliverer($outbox, $sender, $log, 300),
            $sender,
            new MessageBuilder($config),
            $log,
            null,
            new HealthPing($this->url, $log, $timeout),
        ))->run();
    }

    public function testHealthyEveryFiveMinutesFailingAtOnceWithTheCodesAndBackAtOnce(): void
    {
        $sender = new FakeSender();
        $this->pass($sender);
        $this->now += 299;
        $this->pass($sender);
        self::assertSame([['method' => 'GET', 'path' => '/ping/0f1e2d3c', 'body' => '', 'agent' => 'salon-deliverer']], $this->pings());
        $this->now += 1;
        $this->pass($sender);
        self::assertCount(2, $this->pings(), 'every five minutes while healthy');

        // The relay goes away; the deliverer's probe finds it, and 15 minutes later it counts as down.
        $sender->failure = SendFailed::because('SMTP Error: Could not connect to SMTP host.');
        $this->now += 300;
        $this->pass($sender);
        $this->now += 900;
        $this->pass($sender);
        $fail = $this->pings()[3];
        self::assertSame(['method' => 'POST', 'path' => '/ping/0f1e2d3c/fail', 'body' => "smtp-down\n"], array_slice($fail, 0, 3, true));

        $sender->failure = null;
        $this->now += 30;
        $this->pass($sender);
        self::assertSame('/ping/0f1e2d3c', $this->pings()[4]['path'], 'back: pushed at once, not five minutes later');
        self::assertSame([], array_filter($this->log, static fn (string $l): bool => str_contains($l, 'healthcheck-ping')));
    }

    public function testThePushCarriesWhatHealthSaysTheProofOfWorkKeyIncluded(): void
    {
        // POW_KEY_FILE truncated by a botched edit: every post would need a person's confirmation.
        $key = $this->dir . '.pow-key';
        file_put_contents($key, 'short');
        try {
            $this->pass(new FakeSender(), settings: ['POW_KEY_FILE' => $key]);
        } finally {
            unlink($key);
        }

        self::assertSame(['method' => 'POST', 'path' => '/ping/0f1e2d3c/fail', 'body' => "pow-key\n"], array_slice($this->pings()[0], 0, 3, true));
    }

    public function testAMonitorThatFailsOrHangsCostsATimeoutAndALogLineNeverAMessage(): void
    {
        file_put_contents($this->pingLog . '.mode', 'error');
        $this->pass(new FakeSender());
        self::assertSame(['contact-form: error reason=healthcheck-ping host=127.0.0.1 status=500'], array_values(array_filter($this->log, static fn (string $l): bool => str_contains($l, 'healthcheck-ping'))));

        file_put_contents($this->pingLog . '.mode', 'hang');
        $sender = new FakeSender();
        $config = TestConfig::make(['OUTBOX_DIR' => $this->dir]);
        Outbox::fromConfig($config, fn (): int => $this->now)->store((new MessageBuilder($config))->build(new \Salon\Mailer\ContactMessage('Anna', 'anna@example.com', '', 'x')))->release();
        $this->now += 300;
        $started = microtime(true);
        $this->pass($sender, timeout: 1);

        self::assertLessThan(4.0, microtime(true) - $started, 'bounded by the timeout');
        self::assertCount(1, $sender->sent, 'the message went out all the same');
    }

    public function testAOneShotRunPingsAsALoopsPassDoes(): void
    {
        $process = proc_open(
            [PHP_BINARY, dirname(__DIR__, 2) . '/bin/deliver.php'],
            [1 => ['pipe', 'w'], 2 => ['pipe', 'w']],
            $pipes,
            null,
            [
                'PATH' => (string) getenv('PATH'), 'MAIL_FROM' => 'formularz@salon.test', 'MAIL_TO' => 'recepcja@salon.test',
                'SMTP_HOST' => '127.0.0.1', 'SMTP_PORT' => '9', 'SMTP_TIMEOUT' => '2', 'OUTBOX_DIR' => $this->dir,
                'HEALTHCHECK_URL' => $this->url, 'HEALTH_SMTP_DOWN_SECONDS' => '1',
            ],
        );
        self::assertIsResource($process);
        $out = stream_get_contents($pipes[1]) . stream_get_contents($pipes[2]);
        proc_close($process);

        // Nothing listens on port 9: the first probe finds SMTP away, which counts from now: healthy still.
        self::assertSame([['method' => 'GET', 'path' => '/ping/0f1e2d3c']], array_map(static fn (array $p): array => array_slice($p, 0, 2, true), $this->pings()), $out);
    }
}
