<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Unit;

use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;
use Salon\Mailer\Deliverer;
use Salon\Mailer\DeliveryReport;
use Salon\Mailer\EventLog;
use Salon\Mailer\Outbox;
use Salon\Mailer\OutboxEntry;
use Salon\Mailer\SendFailed;

#[CoversClass(Deliverer::class)]
#[CoversClass(DeliveryReport::class)]
#[CoversClass(EventLog::class)]
final class DelivererTest extends TestCase
{
    use TempDirectory;

    private int $now = 1_750_000_000;
    private Outbox $outbox;
    private FakeSender $sender;
    private Deliverer $deliverer;
    /** @var list<string> */
    private array $log = [];

    protected function setUp(): void
    {
        $this->makeTempDirectory();
        $this->outbox = new Outbox($this->dir, 3, 60, fn (): int => $this->now);
        $this->sender = new FakeSender();
        $this->deliverer = new Deliverer($this->outbox, $this->sender, function (string $line): void {
            $this->log[] = $line;
        });
    }

    protected function tearDown(): void
    {
        $this->removeTempDirectory();
    }

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
        self::assertTrue($this->outbox->smtpLooksDown());
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
        $this->sender->failure = null;

        $this->now += 59;
        $report = $this->deliverer->runOnce();
        self::assertSame(1, $report->waiting);
        self::assertSame([], $this->sender->sent);

        $report = $this->deliverer->runOnce(ignoreSchedule: true);
        self::assertSame(1, $report->sent);
        self::assertFalse($this->outbox->smtpLooksDown(), 'a success clears the marker');
    }

    public function testTheSameMessageIdOnEveryRetryAndTheMessageFailsAfterMaxAttempts(): void
    {
        $path = $this->store('a');
        $this->down();
        for ($i = 0; $i < 3; $i++) {
            $this->now += 3600;
            $this->deliverer->runOnce();
        }

        self::assertSame(3, $this->sender->calls);
        self::assertSame([], $this->outbox->pending());
        self::assertSame([$this->dir . '/failed/' . basename($path)], $this->outbox->failed());
        $id = (new OutboxEntry(OutboxTest::message('a'), 0))->id();
        self::assertStringStartsWith("contact-form: failed id=$id attempts=3 kept=failed/ reason=", $this->log[2]);

        // Nothing more happens to it until a person puts it back.
        $this->sender->failure = null;
        self::assertSame(0, $this->deliverer->runOnce()->sent);
        $this->outbox->requeueFailed();
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
