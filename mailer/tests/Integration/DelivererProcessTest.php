<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Integration;

use PHPUnit\Framework\Attributes\CoversNothing;
use PHPUnit\Framework\TestCase;
use Salon\Mailer\Outbox;
use Salon\Mailer\OutboxLimits;
use Salon\Mailer\Tests\Unit\OutboxTest;
use Salon\Mailer\Tests\Unit\TempDirectory;

/**
 * `bin/deliver.php --loop`, the deliverer service, as a process: how it stops. `docker compose stop` and `down`
 * send SIGTERM and SIGKILL it 10 s later; the native stack does the same. A stop must come within a second when
 * idle, and in the middle of a pass it must finish the message SMTP is taking, and leave the rest in the outbox.
 *
 * The SMTP server here is this test itself, speaking just enough SMTP to hold a message until the test decides
 * to answer its DATA: so the signal arrives exactly while a message is in hand.
 */
#[CoversNothing]
final class DelivererProcessTest extends TestCase
{
    use TempDirectory;

    /** @var resource|null */
    private $process = null;
    /** @var array<int, resource> */
    private array $pipes = [];
    private string $stderrFile = '';

    protected function setUp(): void
    {
        if (!function_exists('pcntl_signal')) {
            self::markTestSkipped('the CLI has no pcntl here; the images and the native stack have it');
        }
        $this->makeTempDirectory();
        $this->stderrFile = $this->dir . '.log';
    }

    protected function tearDown(): void
    {
        if (is_resource($this->process)) {
            proc_terminate($this->process, SIGKILL);
            proc_close($this->process);
        }
        $this->removeTempDirectory();
        @unlink($this->stderrFile);
    }

    private function startDeliverer(int $smtpPort): void
    {
        $env = [
            'PATH' => (string) getenv('PATH'),
            'MAIL_FROM' => 'formularz@salon.test',
            'MAIL_TO' => 'recepcja@salon.test',
            'SMTP_HOST' => '127.0.0.1',
            'SMTP_PORT' => (string) $smtpPort,
            'SMTP_TIMEOUT' => '10',
            'OUTBOX_DIR' => $this->dir,
            'OUTBOX_POLL_SECONDS' => '1',
        ];
        $this->process = proc_open(
            [PHP_BINARY, dirname(__DIR__, 2) . '/bin/deliver.php', '--loop'],
            [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['file', $this->stderrFile, 'a']],
            $this->pipes,
            null,
            $env,
        );
        self::assertIsResource($this->process);
    }

    /** Waits for the process to exit; returns [exit code, seconds it took]. */
    private function waitForExit(float $timeout): array
    {
        $started = microtime(true);
        while (microtime(true) - $started < $timeout) {
            $status = proc_get_status($this->process);
            if (!$status['running']) {
                proc_close($this->process);
                $this->process = null;

                return [$status['exitcode'], microtime(true) - $started];
            }
            usleep(20_000);
        }
        self::fail(sprintf("deliverer still running %.1f s after SIGTERM; its log:\n%s", $timeout, (string) file_get_contents($this->stderrFile)));
    }

    private function signal(int $signal): void
    {
        $pid = proc_get_status($this->process)['pid'];
        self::assertTrue(posix_kill($pid, $signal));
    }

    private function waitForLog(string $needle, float $timeout = 5.0): void
    {
        $deadline = microtime(true) + $timeout;
        while (microtime(true) < $deadline) {
            if (str_contains((string) file_get_contents($this->stderrFile), $needle)) {
                return;
            }
            usleep(20_000);
        }
        self::fail("no '$needle' in the deliverer's log:\n" . (string) file_get_contents($this->stderrFile));
    }

    /** `--check`, the php image's entrypoint: a configuration that cannot work stops the container, naming what is wrong. */
    public function testCheckNamesEverySettingThatCannotWorkAndNothingSecret(): void
    {
        $check = function (array $settings): array {
            $env = ['PATH' => (string) getenv('PATH'), 'MAIL_FROM' => 'formularz@salon.test', 'OUTBOX_DIR' => $this->dir] + $settings;
            $process = proc_open([PHP_BINARY, dirname(__DIR__, 2) . '/bin/deliver.php', '--check'], [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null, $env);
            $out = stream_get_contents($pipes[1]) . stream_get_contents($pipes[2]);

            return [proc_close($process), $out];
        };

        [$code, $out] = $check(['MAIL_TO' => 'recepcja@salon.test']);
        self::assertSame(0, $code, $out);
        self::assertSame('', $out);

        [$code, $out] = $check(['SMTP_AUTH' => '1', 'SMTP_USER' => 'u', 'SMTP_PASS' => 'sekret-987']);
        self::assertSame(2, $code);
        self::assertStringContainsString('MAIL_TO is missing', $out);
        self::assertStringNotContainsString('sekret-987', $out);

        [$code, $out] = $check(['MAIL_TO' => 'recepcja@salon.test', 'SITE_ORIGIN' => 'salon.test']);
        self::assertSame(2, $code);
        self::assertStringContainsString('SITE_ORIGIN', $out);
    }

    /** `--check` is the deliverer's (no key needed, POW_KEY_FILE may be mounted into php alone), `--check=php` the endpoint's. */
    public function testCheckAsksForTheProofOfWorkKeyOnlyWhereItIsNeededAndNamesItsFile(): void
    {
        $run = function (string $option, array $settings): array {
            $env = ['PATH' => (string) getenv('PATH'), 'MAIL_FROM' => 'formularz@salon.test', 'MAIL_TO' => 'recepcja@salon.test', 'OUTBOX_DIR' => $this->dir] + $settings;
            $process = proc_open([PHP_BINARY, dirname(__DIR__, 2) . '/bin/deliver.php', $option], [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null, $env);
            $out = stream_get_contents($pipes[1]) . stream_get_contents($pipes[2]);

            return [proc_close($process), $out];
        };
        $missing = ['POW_KEY_FILE' => $this->dir . '/not-mounted'];

        self::assertSame([0, ''], $run('--check', $missing), 'the deliverer starts without the key file');
        [$code, $out] = $run('--check=php', $missing);
        self::assertSame(2, $code);
        self::assertStringContainsString('reason=pow-key detail="POW_KEY_FILE ' . $this->dir . '/not-mounted is not a readable file"', $out);

        // No POW_KEY_FILE: php's check makes the generated key, and replaces an empty one (a crash while it was written).
        file_put_contents($this->dir . '/.pow-key', '');
        self::assertSame([0, ''], $run('--check=php', []));
        self::assertMatchesRegularExpression('/^[0-9a-f]{64}$/D', (string) file_get_contents($this->dir . '/.pow-key'));
    }

    /** The container's health check: a stale loop, or SMTP failing past the threshold. */
    public function testHealthFailsWhileSmtpHasBeenFailingPastTheThreshold(): void
    {
        $run = function (): array {
            $env = ['PATH' => (string) getenv('PATH'), 'MAIL_FROM' => 'formularz@salon.test', 'MAIL_TO' => 'recepcja@salon.test', 'OUTBOX_DIR' => $this->dir, 'HEALTH_SMTP_DOWN_SECONDS' => '900'];
            $process = proc_open([PHP_BINARY, dirname(__DIR__, 2) . '/bin/deliver.php', '--health'], [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null, $env);
            $out = stream_get_contents($pipes[1]) . stream_get_contents($pipes[2]);

            return [proc_close($process), $out];
        };
        [$code, $out] = $run();
        self::assertSame(1, $code, 'no pass yet');
        self::assertStringStartsWith('deliverer-stalled: ', $out);

        touch($this->dir . '/.deliverer-heartbeat');
        self::assertSame([0, ''], $run());

        // The loop runs, but SMTP has refused the login for 15 minutes and more.
        file_put_contents($this->dir . '/.smtp-down', (string) (time() - 901));
        [$code, $out] = $run();
        self::assertSame(1, $code);
        self::assertStringStartsWith('smtp-down: unreachable or refusing the login since ', $out);
        file_put_contents($this->dir . '/.smtp-down', (string) (time() - 60));
        self::assertSame([0, ''], $run(), 'a minute is not yet trouble');
    }

    public function testIdleItStopsOnSigtermWithinASecond(): void
    {
        $this->startDeliverer(9); // nothing to send; its first check of SMTP finds nothing on port 9
        $this->waitForLog('deliverer-started');

        $this->signal(SIGTERM);
        [$code, $seconds] = $this->waitForExit(3.0);

        self::assertSame(0, $code);
        self::assertLessThan(1.0, $seconds);
        self::assertStringContainsString('deliverer-stopped', (string) file_get_contents($this->stderrFile));
    }

    public function testSigquitStopsItToo(): void
    {
        $this->startDeliverer(9);
        $this->waitForLog('deliverer-started');

        $this->signal(SIGQUIT);

        self::assertSame(0, $this->waitForExit(3.0)[0]);
    }

    public function testInTheMiddleOfAPassItFinishesTheMessageInHandAndKeepsTheRest(): void
    {
        $outbox = new Outbox($this->dir, new OutboxLimits(retrySeconds: 60));
        foreach (['a', 'b', 'c'] as $token) {
            $outbox->store(OutboxTest::message($token))->release();
            usleep(1000); // distinct, ordered file names
        }
        $server = stream_socket_server('tcp://127.0.0.1:0', $errno, $error);
        self::assertIsResource($server, $error);
        $port = (int) substr((string) strrchr((string) stream_socket_get_name($server, false), ':'), 1);
        $this->startDeliverer($port);

        $client = stream_socket_accept($server, 10);
        self::assertIsResource($client, 'the deliverer never connected');
        stream_set_timeout($client, 10);
        $say = static function (string $line) use ($client): void {
            fwrite($client, $line . "\r\n");
        };
        $say('220 test ESMTP');
        $accepted = 0;
        while (($line = fgets($client)) !== false) {
            $command = strtoupper(substr(trim($line), 0, 4));
            if ($command === 'EHLO' || $command === 'HELO') {
                $say('250 test');
            } elseif ($command === 'DATA') {
                $say('354 go ahead');
                while (($data = fgets($client)) !== false && rtrim($data, "\r\n") !== '.') {
                    // the message
                }
                // The message is in hand: now the stop comes, before SMTP has said yes.
                $this->signal(SIGTERM);
                usleep(300_000);
                $accepted++;
                $say('250 accepted');
            } elseif ($command === 'QUIT') {
                $say('221 bye');
                break;
            } else {
                $say('250 ok');
            }
        }
        fclose($client);

        [$code] = $this->waitForExit(5.0);
        $log = (string) file_get_contents($this->stderrFile);

        self::assertSame(0, $code, $log);
        self::assertSame(1, $accepted);
        self::assertSame(1, substr_count($log, 'contact-form: sent '), $log);
        self::assertStringContainsString('deliverer-stopping signal=' . SIGTERM, $log);
        // The first one left the outbox; the other two wait for the next start, unsent and uncounted.
        self::assertCount(2, $outbox->pending());
        fclose($server);
    }
}
