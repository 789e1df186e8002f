<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Unit;

use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;
use Salon\Mailer\Deliverer;
use Salon\Mailer\DeliveryReport;
use Salon\Mailer\EventLog;
use Salon\Mailer\Outbox;
use Salon\Mailer\OutboxLimits;
use Salon\Mailer\OutboxEntry;
use Salon\Mailer\SendFailed;
use Salon\Mailer\SmtpSender;

#[CoversClass(Deliverer::class)]
#[CoversClass(DeliveryReport::class)]
#[CoversClass(EventLog::class)]
final class DelivererTest extends TestCase
{
    use DelivererFixture;

    private function store(string $token): string
    {
        $claim = $this->outbox->store(OutboxTest::message($token));
        $claim->release();

        return $claim->path;
    }

    private function down(): void
    {
        $this->sender->failure = SendFailed::because('SMTP Error: Could not connect to SMTP host. recepcja@salon.test');
    }

    public function testAPassSendsEveryDueMessageOldestFirstAndEmptiesTheOutbox(): void
    {
        $this->store('a');
        $this->now++;
        $this->store('b');

        $report = $this->deliverer->runOnce();

        self::assertSame(2, $report->sent);
        self::assertSame(0, $report->left);
        self::assertEquals([OutboxTest::message('a'), OutboxTest::message('b')], $this->sender->sent);
        self::assertSame([], $this->outbox->pending());
        $id = (new OutboxEntry(OutboxTest::message('a'), 0))->id();
        self::assertSame("contact-form: sent id=$id attempt=1", $this->log[0]);
    }

    public function testAStopRequestFinishesTheMessageInHandAndLeavesTheRestWaiting(): void
    {
        foreach (['a', 'b', 'c'] as $token) {
            $this->store($token);
            $this->now++;
        }

        // SIGTERM arrives while the first message is with SMTP: the pass ends before the second.
        $report = $this->deliverer->runOnce(false, fn (): bool => $this->sender->calls >= 1);

        self::assertTrue($report->interrupted);
        self::assertSame(1, $report->sent);
        self::assertSame(2, $report->left);
        self::assertEquals([OutboxTest::message('a')], $this->sender->sent);
        self::assertCount(2, $this->outbox->pending());
        self::assertFalse($this->deliverer->runOnce()->interrupted);
        self::assertCount(3, $this->sender->sent);
    }

    public function testAFailureSchedulesARetryLogsItAndStopsThePass(): void
    {
        $this->store('a');
        $this->now++;
        $this->store('b');
        $this->down();

        $report = $this->deliverer->runOnce();

        self::assertSame(1, $this->sender->calls, 'the second would only wait for the same dead server');
        self::assertSame(1, $report->retried);
        self::assertTrue($report->stoppedBySmtpFailure);
        self::assertSame(2, $report->left);
        self::assertTrue($this->outbox->smtp->looksDown());
        $id = (new OutboxEntry(OutboxTest::message('a'), 0))->id();
        self::assertSame(
            "contact-form: retry id=$id attempt=1 next=" . EventLog::time($this->now + 60) . ' reason="SMTP Error: Could not connect to SMTP host. [address]"',
            $this->log[0],
        );
    }

    public function testMessagesNotDueWaitUnlessTheScheduleIsIgnored(): void
    {
        $this->store('a');
        $this->down();
        $this->deliverer->runOnce();

        // Still down 59 s later (the probe says so): the message waits, no attempt is made.
        $this->now += 59;
        $report = $this->deliverer->runOnce();
        self::assertSame(1, $report->waiting);
        self::assertSame(1, $this->sender->calls);
        self::assertSame(1, $this->sender->probes);

        $this->sender->failure = null;
        $report = $this->deliverer->runOnce(ignoreSchedule: true);
        self::assertSame(1, $report->sent);
        self::assertFalse($this->outbox->smtp->looksDown(), 'a success clears the marker');
    }

    public function testTheSameMessageIdOnEveryRetryAndTheMessageGivesUpOnlyWhenItsTimeIsUp(): void
    {
        $path = $this->store('a');
        $stored = $this->now;
        $this->down();
        // Retried whenever due, at most an hour apart, for five days: never failed/ meanwhile.
        while ($this->now < $stored + 120 * 3600 - 3600) {
            $this->now += 3600;
            $this->deliverer->runOnce();
            self::assertSame([], $this->outbox->failed->paths(), 'not before its time is up');
            self::assertCount(1, $this->outbox->pending());
        }
        $calls = $this->sender->calls;
        self::assertSame(119, $calls, "one attempt an hour (the backoff's cap) for 119 hours");

        $this->now += 3600;
        $report = $this->deliverer->runOnce();

        self::assertSame(1, $report->failed, 'the attempt at the limit failed: it gives up');
        self::assertSame($calls + 1, $this->sender->calls);
        self::assertSame([], $this->outbox->pending());
        self::assertSame([$this->dir . '/failed/' . basename($path)], $this->outbox->failed->paths());
        $kept = OutboxEntry::fromJson((string) file_get_contents($this->outbox->failed->paths()[0]));
        self::assertSame(OutboxEntry::EXPIRED, $kept->gaveUp);
        $id = (new OutboxEntry(OutboxTest::message('a'), 0))->id();
        self::assertStringStartsWith("contact-form: failed id=$id attempts=" . ($calls + 1) . ' kept=failed/ reason=', end($this->log));

        // Nothing more happens to it until a person puts it back.
        $this->sender->failure = null;
        self::assertSame(0, $this->deliverer->runOnce()->sent);
        $this->outbox->failed->requeue();
        self::assertSame(1, $this->deliverer->runOnce()->sent);
        self::assertSame(OutboxTest::message('a')->messageId, $this->sender->sent[0]->messageId);
    }

    public function testAMessageHeldByAnotherProcessIsLeftAlone(): void
    {
        $held = $this->outbox->store(OutboxTest::message('a'));

        $report = $this->deliverer->runOnce(ignoreSchedule: true);

        self::assertSame(1, $report->busy);
        self::assertSame([], $this->sender->sent);
        $held->release();
    }

    public function testAnUnreadableFileIsMovedToFailedNotDeleted(): void
    {
        file_put_contents($this->dir . '/20250101T000000Z-broken.json', 'garbage');

        $report = $this->deliverer->runOnce();

        self::assertSame(1, $report->failed);
        self::assertSame('garbage', file_get_contents($this->dir . '/failed/20250101T000000Z-broken.json'));
        self::assertStringStartsWith('contact-form: failed id=20250101T000000Z-broken attempts=0 kept=failed/ reason="unreadable: not JSON', $this->log[0]);
    }

    public function testAMessageTheServerRefusesGoesToFailedAtOnceAndThePassGoesOn(): void
    {
        // A spam filter refuses the oldest message; the real one behind it must not wait.
        $server = new ScriptedSmtpServer(['DATAEND' => ['550 5.7.1 Message rejected as spam', '250 queued']]);
        $deliverer = new Deliverer($this->outbox, new SmtpSender(TestConfig::make(['SMTP_PORT' => (string) $server->port, 'SMTP_TIMEOUT' => '2'])), function (string $line): void {
            $this->log[] = $line;
        });
        $refused = $this->store('spam');
        $this->now++;
        $this->store('real');

        $report = $deliverer->runOnce();

        self::assertSame(1, $report->sent, 'the real message went out in the same pass');
        self::assertSame(1, $report->failed);
        self::assertFalse($report->stoppedBySmtpFailure);
        self::assertSame([], $this->outbox->pending());
        self::assertSame([$this->dir . '/failed/' . basename($refused)], $this->outbox->failed->paths(), 'never retried');
        $kept = OutboxEntry::fromJson((string) file_get_contents($this->outbox->failed->paths()[0]));
        self::assertStringContainsString('550 5.7.1 Message rejected as spam', $kept->lastError, 'the server\'s answer is kept');
        self::assertFalse($this->outbox->smtp->looksDown(), 'a server that answers is not down: requests keep sending at once');
        $id = (new OutboxEntry(OutboxTest::message('spam'), 0))->id();
        self::assertMatchesRegularExpression("/^contact-form: refused id=$id attempt=1 kept=failed\\/ reason=\"[^\"]*550 5\\.7\\.1 Message rejected as spam\"$/", $this->log[0]);
        self::assertSame(['message'], array_values(array_filter($server->log(), static fn (string $l): bool => $l === 'message')));
    }

    public function testANewPasswordWrittenToItsFileIsUsedByTheNextAttemptWithoutARestart(): void
    {
        // The relay's password expired; the operator writes the new one. Nobody restarts the deliverer.
        $server = new ScriptedSmtpServer(['password' => 'nowe-haslo']);
        $passFile = $this->dir . '.smtp-pass';
        file_put_contents($passFile, "stare-haslo\n");
        try {
            $config = TestConfig::make([
                'SMTP_PORT' => (string) $server->port, 'SMTP_TIMEOUT' => '2',
                'SMTP_AUTH' => '1', 'SMTP_USER' => 'formularz', 'SMTP_PASS_FILE' => $passFile,
            ]);
            $deliverer = new Deliverer($this->outbox, new SmtpSender($config), function (string $line): void {
                $this->log[] = $line;
            });
            $this->store('a');

            $report = $deliverer->runOnce();
            self::assertSame(0, $report->sent);
            self::assertSame(1, $report->retried, 'a refused login is retried, never failed/');
            self::assertContains('AUTH bad', $server->log());
            self::assertNotNull($this->outbox->smtp->downSince(), 'and counts as SMTP down');

            file_put_contents($passFile, "nowe-haslo\n");
            $this->now += 60;
            $report = $deliverer->runOnce();

            self::assertSame(1, $report->sent, 'the same Deliverer, the new password');
            self::assertContains('AUTH ok', $server->log());
            self::assertSame(['message'], array_values(array_filter($server->log(), static fn (string $l): bool => $l === 'message')));
            foreach ($this->log as $line) {
                self::assertStringNotContainsString('haslo', $line);
            }
        } finally {
            @unlink($passFile);
            $server->stop();
        }
    }

    public function testAnAttemptThatDiesWithItsProcessIsCountedBacksOffAndGivesUpOnlyWhenItsTimeIsUp(): void
    {
        // request_terminate_timeout, the OOM killer or a kill ends the process while SMTP has the message: the
        // attempt counts all the same and backs off, so a message that kills every attempt is tried ever more
        // rarely, and never delays the others.
        $path = $this->store('a');
        for ($attempt = 1; $attempt <= 3; $attempt++) {
            self::assertSame(SIGKILL, self::runDyingDeliverer($this->dir, $this->now), 'the fixture kills itself while sending');
            clearstatcache();
            $entry = OutboxEntry::fromJson((string) file_get_contents($path));
            self::assertSame($attempt, $entry->attempts, "attempt $attempt is on file although its process died");
            self::assertTrue($entry->attemptOpen, 'and known not to have finished');
        }
        self::assertSame($this->now + 240, OutboxEntry::fromJson((string) file_get_contents($path))->nextAttemptAt, 'backed off');

        // A day later it is tried again: its time is not up.
        $this->now += 86400;
        $report = $this->deliverer->runOnce();
        self::assertSame(1, $report->sent);
        self::assertSame([], $this->outbox->failed->paths());
    }

    public function testAMessageWhoseLastAttemptNeverFinishedGivesUpWithoutAnotherTryWhenItsTimeIsUp(): void
    {
        $path = $this->store('a');
        self::assertSame(SIGKILL, self::runDyingDeliverer($this->dir, $this->now));
        $this->now += 120 * 3600;

        $report = $this->deliverer->runOnce();

        self::assertSame(1, $report->failed);
        self::assertSame(0, $this->sender->calls, 'not tried again: it might kill this process too');
        self::assertSame([$this->dir . '/failed/' . basename($path)], $this->outbox->failed->paths());
        $kept = OutboxEntry::fromJson((string) file_get_contents($this->outbox->failed->paths()[0]));
        self::assertSame(OutboxEntry::EXPIRED, $kept->gaveUp);
        self::assertStringContainsString('attempt 1 did not finish', $kept->lastError);
    }

    /** A pass in a process of its own whose sender SIGKILLs that process in the middle of sending. */
    private static function runDyingDeliverer(string $dir, int $now): int
    {
        $process = proc_open([PHP_BINARY, dirname(__DIR__) . '/Fixtures/dying-deliverer.php', $dir, (string) $now], [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
        self::assertIsResource($process);
        stream_get_contents($pipes[1]);
        stream_get_contents($pipes[2]);

        // For a process killed by a signal, proc_close() gives the signal's number.
        return proc_close($process);
    }

    public function testAfterSmtpRecoversTheBackoffIsResetWithoutWaitingHours(): void
    {
        $this->outbox = new Outbox($this->dir, new OutboxLimits(retrySeconds: 60), fn (): int => $this->now);
        $this->deliverer = new Deliverer($this->outbox, $this->sender, function (string $line): void {
            $this->log[] = $line;
        });
        $path = $this->store('a');
        $this->down();
        for ($i = 0; $i < 6; $i++) {
            $this->now = OutboxEntry::fromJson((string) file_get_contents($path))->nextAttemptAt;
            $this->deliverer->runOnce();
        }
        $entry = OutboxEntry::fromJson((string) file_get_contents($path));
        self::assertSame(6, $entry->attempts);
        self::assertSame($this->now + 1920, $entry->nextAttemptAt, 'the next attempt half an hour away');

        // SMTP is back a minute later; nobody runs --now, no new message comes.
        $this->sender->failure = null;
        $this->now += 60;
        $report = $this->deliverer->runOnce();

        self::assertSame(1, $report->sent, 'sent within a pass of SMTP being back, not in half an hour');
        self::assertSame(7, $this->sender->calls);
        self::assertSame([], $this->outbox->pending());
    }

    public function testASuccessfulSendAfterAnOutageMakesTheWaitingMessagesDueAtOnce(): void
    {
        $this->outbox = new Outbox($this->dir, new OutboxLimits(retrySeconds: 60), fn (): int => $this->now);
        $this->deliverer = new Deliverer($this->outbox, $this->sender, function (string $line): void {
            $this->log[] = $line;
        });
        $this->store('a');
        $this->down();
        $this->deliverer->runOnce();
        $this->sender->failure = null;

        // A new message goes out at once (a request's own attempt): SMTP is evidently back.
        $this->now += 5;
        $claim = $this->outbox->store(OutboxTest::message('b'));
        $this->deliverer->deliver($claim);
        $report = $this->deliverer->runOnce();

        self::assertSame(1, $report->sent, 'the one that failed before did not wait for its backoff');
        self::assertSame([], $this->outbox->pending());
    }

    public function testAPassDoesNotReadMessagesThatAreNotDue(): void
    {
        // A waiting message whose file is then damaged: a pass that parsed every file would find it (and move it
        // to failed/); one that only looks at due messages leaves it alone.
        $path = $this->store('a');
        $this->down();
        $this->deliverer->runOnce();
        $this->sender->failure = null;
        $mtime = filemtime($path);
        file_put_contents($path, 'not read');
        touch($path, (int) $mtime);
        $this->now += 10;

        $report = $this->deliverer->runOnce();

        self::assertSame('not read', file_get_contents($path));
        self::assertSame(0, $report->failed);
        self::assertSame([], $this->outbox->failed->paths());
    }

    public function testAMessageSentButNotRemovableIsNeverSentAgain(): void
    {
        // SMTP accepted the message, then its file could not be removed (the outbox went read-only: a remount, a
        // full quota). It stays in the outbox; this process must remember it was sent and only remove it later.
        $dir = $this->dir;
        $result = self::asUnprivilegedUser($dir, static function () use ($dir): array {
            $outbox = new Outbox($dir, new OutboxLimits(retrySeconds: 60));
            $sender = new FakeSender(onSend: static function () use ($dir): void {
                chmod($dir, 0500);
            });
            $log = [];
            $deliverer = new Deliverer($outbox, $sender, static function (string $line) use (&$log): void {
                $log[] = $line;
            });
            $outbox->store(OutboxTest::message('a'))->release();
            $deliverer->runOnce();
            chmod($dir, 0700);
            $sender->onSend = null;
            $again = $deliverer->runOnce(true);

            return ['calls' => $sender->calls, 'sent' => $again->sent, 'left' => count($outbox->pending()), 'log' => $log];
        }, [Outbox::class, \Salon\Mailer\OutboxLimits::class, \Salon\Mailer\Spool::class, \Salon\Mailer\HeldMessages::class, \Salon\Mailer\FailedMessages::class, \Salon\Mailer\SmtpHealth::class, Deliverer::class, FakeSender::class, OutboxTest::class, EventLog::class, DeliveryReport::class, OutboxEntry::class,
            \Salon\Mailer\Claim::class, \Salon\Mailer\OutgoingMessage::class, \Salon\Mailer\OutboxUnavailable::class, \Salon\Mailer\Outcome::class, SendFailed::class]);

        self::assertSame(1, $result['calls'], 'SMTP got it once');
        self::assertSame(1, $result['sent']);
        self::assertSame(0, $result['left'], 'removed once the outbox was writable again');
        $id = (new OutboxEntry(OutboxTest::message('a'), 0))->id();
        self::assertStringStartsWith("contact-form: error id=$id reason=sent-not-removed detail=\"cannot remove the sent message", $result['log'][0]);
        self::assertSame("contact-form: sent id=$id attempt=1", $result['log'][1]);
    }

    public function testLogLinesCarryNoAddressOrMessageText(): void
    {
        $this->store('a');
        $this->down();
        $this->deliverer->runOnce();
        $this->sender->failure = null;
        $this->deliverer->runOnce(true);

        self::assertCount(2, $this->log);
        foreach ($this->log as $line) {
            foreach (['gosc@example.com', 'recepcja@salon.test', 'Zażółć', 'cudzysłów', '@'] as $secret) {
                self::assertStringNotContainsString($secret, $line);
            }
            self::assertStringNotContainsString("\n", $line);
        }
    }
}
