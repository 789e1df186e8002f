<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Integration;

use PHPUnit\Framework\Attributes\CoversNothing;
use PHPUnit\Framework\TestCase;
use Salon\Mailer\ContactMessage;
use Salon\Mailer\MessageBuilder;
use Salon\Mailer\Outbox;
use Salon\Mailer\Tests\Unit\OutboxTest;
use Salon\Mailer\Tests\Unit\ScriptedSmtpServer;
use Salon\Mailer\Tests\Unit\TempDirectory;
use Salon\Mailer\Tests\Unit\TestConfig;

/**
 * `bin/deliver.php` with no option, as cron or an operator runs it: each run a new process, so whatever a pass must
 * remember (what the salon was told of, when the digest went) can only be in the outbox volume. Against a scripted
 * SMTP server (tests/Fixtures/smtp-server.php), which counts the messages it accepts.
 */
#[CoversNothing]
final class OneShotRunTest extends TestCase
{
    use TempDirectory;

    private ScriptedSmtpServer $smtp;

    protected function setUp(): void
    {
        $this->makeTempDirectory();
        $this->smtp = new ScriptedSmtpServer();
    }

    protected function tearDown(): void
    {
        $this->smtp->stop();
        $this->removeTempDirectory();
    }

    /** One run of deliver.php; returns its log (stderr). */
    private function deliverOnce(): string
    {
        $process = proc_open(
            [PHP_BINARY, dirname(__DIR__, 2) . '/bin/deliver.php'],
            [1 => ['file', '/dev/null', 'w'], 2 => ['pipe', 'w']],
            $pipes,
            null,
            [
                'PATH' => (string) getenv('PATH'), 'MAIL_FROM' => 'formularz@salon.test', 'MAIL_TO' => 'recepcja@salon.test',
                'SMTP_HOST' => '127.0.0.1', 'SMTP_PORT' => (string) $this->smtp->port, 'SMTP_TIMEOUT' => '10',
                'OUTBOX_DIR' => $this->dir,
                // A "day" of a minute: the messages below were held in an earlier one, so the digest is due now.
                'HELD_DIGEST_DAY_SECONDS' => '60',
            ],
        );
        self::assertIsResource($process);
        $log = (string) stream_get_contents($pipes[2]);
        proc_close($process);

        return $log;
    }

    private function accepted(): int
    {
        return count(array_filter($this->smtp->log(), static fn (string $l): bool => $l === 'message'));
    }

    public function testARunDoesWhatALoopsPassDoesAndTheNextRunRemembersItFromTheOutbox(): void
    {
        // Two minutes ago: a post held for review, a message the relay refused, and one still waiting.
        $then = time() - 120;
        $config = TestConfig::make(['OUTBOX_DIR' => $this->dir]);
        $outbox = Outbox::fromConfig($config, static fn (): int => $then);
        $visitor = new ContactMessage('Anna Nowak', 'anna@example.com', '', 'Czy jest wolny termin w sobotę?');
        $outbox->held->hold((new MessageBuilder($config))->build($visitor), $visitor);
        $outbox->refuse($outbox->store(OutboxTest::message('refused')), '550 5.7.1 rejected');
        $outbox->store(OutboxTest::message('waiting'))->release();

        $first = $this->deliverOnce();

        self::assertSame(3, $this->accepted(), "the waiting message, the notice of the failed one, the summary:\n$first");
        self::assertStringContainsString('contact-form: sent ', $first);
        self::assertStringContainsString('contact-form: told what=failed count=1', $first);
        self::assertStringContainsString('contact-form: told what=held count=1', $first);

        $second = $this->deliverOnce();

        self::assertSame(3, $this->accepted(), "a new process knows the salon was told:\n$second");
        self::assertStringNotContainsString('told', $second);
        self::assertCount(1, $outbox->held->paths(), 'held until confirmed, --release, --purge or its days');
        self::assertCount(1, $outbox->failed->paths());

        // Its memory is in the volume and nowhere else: without the volume's own files (dotfiles beside the messages)
        // the next run knows nothing, and tells the salon again rather than forget anything.
        foreach (glob($this->dir . '/.*', GLOB_NOSORT) ?: [] as $path) {
            is_file($path) && unlink($path);
        }
        $third = $this->deliverOnce();

        self::assertSame(5, $this->accepted(), $third);
        self::assertStringContainsString('contact-form: told what=held count=1', $third);
    }
}
