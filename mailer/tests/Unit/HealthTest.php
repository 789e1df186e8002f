<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Unit;

use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;
use Salon\Mailer\Config;
use Salon\Mailer\Deliverer;
use Salon\Mailer\DelivererState;
use Salon\Mailer\Health;
use Salon\Mailer\Outbox;
use Salon\Mailer\ProofOfWork;
use Salon\Mailer\SendFailed;

#[CoversClass(Health::class)]
#[CoversClass(Deliverer::class)]
final class HealthTest extends TestCase
{
    use TempDirectory;

    private int $now = 1_750_000_000;
    private int|false $free = 10 * 1024 * 1024 * 1024;
    private Config $config;
    private Outbox $outbox;
    private Health $health;

    protected function setUp(): void
    {
        $this->makeTempDirectory();
        $this->config = TestConfig::make([
            'OUTBOX_DIR' => $this->dir,
            'OUTBOX_MIN_FREE_MB' => '100',
            'HEALTH_SMTP_DOWN_SECONDS' => '900',
            'HEALTH_WAITING_SECONDS' => '3600',
            'HEALTH_DELIVERER_SECONDS' => '600',
        ]);
        $this->outbox = Outbox::fromConfig($this->config, fn (): int => $this->now);
        $this->health = new Health($this->config, $this->outbox, fn (): int|false => $this->free);
        $this->health->beat();
    }

    protected function tearDown(): void
    {
        $this->removeTempDirectory();
    }

    /** @return list<string> */
    private function codes(): array
    {
        return array_keys($this->health->problems());
    }

    public function testAWorkingPipelineHasNoProblemAndAnswers200WithNothingButItsStatus(): void
    {
        self::assertSame([], $this->health->problems());

        $response = Health::answer('GET', fn (): array => $this->health->problems(), $this->now);

        self::assertSame(200, $response->status);
        self::assertSame(['status' => 'ok', 'checked' => '2025-06-15T15:06:40Z'], $response->data());
        self::assertSame('no-store', $response->headers['Cache-Control']);
        self::assertSame(200, Health::answer('HEAD', fn (): array => [], $this->now)->status);
    }

    public function testProblemsAnswer503NamingEachByItsCodeAndNothingElse(): void
    {
        $this->outbox->store(OutboxTest::message('a'))->release();
        $this->now += 3600;
        $this->outbox->smtp->noteDown();
        $this->now += 900;

        $response = Health::answer('GET', fn (): array => $this->health->problems(), $this->now);

        self::assertSame(503, $response->status);
        self::assertSame(['status' => 'fail', 'problems' => ['smtp-down', 'mail-waiting', 'deliverer-stalled'], 'checked' => '2025-06-15T16:21:40Z'], $response->data());
        self::assertStringNotContainsString('@', $response->body, 'no address, no message id');
    }

    public function testOnlyGetAndHeadAreAnswered(): void
    {
        $response = Health::answer('POST', fn (): array => [], $this->now);

        self::assertSame(405, $response->status);
        self::assertSame('GET, HEAD', $response->headers['Allow']);
    }

    public function testSmtpDownCountsFromTheFirstFailureOfTheOutageNotTheLatest(): void
    {
        $this->outbox->smtp->noteDown();
        $this->now += 600;
        $this->outbox->smtp->noteDown();
        $this->health->beat();
        self::assertSame([], $this->codes(), 'ten minutes is under the threshold');

        $this->now += 300;
        $this->outbox->smtp->noteDown();
        $this->health->beat();
        self::assertSame(['smtp-down'], $this->codes(), 'failing for 15 minutes, though the last failure is a second old');
        self::assertNotNull($this->health->smtpProblem());

        $this->outbox->smtp->noteUp();
        self::assertSame([], $this->codes(), 'a success ends it');
        $this->outbox->smtp->noteDown();
        self::assertSame([], $this->codes(), 'a new outage starts from zero');
    }

    public function testAMessageWaitingLongerThanTheThresholdIsAProblem(): void
    {
        $this->outbox->store(OutboxTest::message('a'))->release();
        $this->now += 3599;
        $this->health->beat();
        self::assertSame([], $this->codes());

        $this->now += 1;
        self::assertSame(['mail-waiting'], $this->codes());
    }

    public function testAFailedMessageIsAProblemUntilANoticeCarriedItsTextAndTheAnswerStillCountsIt(): void
    {
        $this->outbox->failed->keep($this->outbox->store(OutboxTest::message('a')));
        $failed = fn (): int => count($this->outbox->failed->paths());
        self::assertSame(['mail-failed'], $this->codes());

        $state = DelivererState::load($this->dir);
        $state->tell(DelivererState::FAILED, $this->health->untoldFailed(), $this->now);
        $state->save($this->outbox->spool, $this->now);

        self::assertSame([], $this->codes(), 'the salon has its text: the alarm ends, and the next fault can raise it');
        $response = Health::answer('GET', fn (): array => $this->health->problems(), $this->now, $failed);
        self::assertSame(['status' => 'ok', 'checked' => '2025-06-15T15:06:40Z', 'failed' => 1], $response->data());
    }

    public function testAPasswordFileThatCannotGiveALoginIsNamedAtOnce(): void
    {
        $file = $this->dir . '/smtp_pass';
        $config = TestConfig::make(['OUTBOX_DIR' => $this->dir, 'SMTP_HOST' => 'smtp.example.com', 'SMTP_SECURE' => 'tls', 'SMTP_AUTH' => '1', 'SMTP_USER' => 'u', 'SMTP_PASS_FILE' => $file]);
        $health = new Health($config, $this->outbox, fn (): int|false => $this->free);

        self::assertSame(['smtp-password'], array_keys($health->problems(keyMatters: false)), 'missing');
        touch($file);
        self::assertSame(['smtp-password'], array_keys($health->problems(keyMatters: false)), 'empty');
        file_put_contents($file, "hasło\n");
        self::assertSame([], $health->problems(keyMatters: false));
    }

    public function testTimesFromAClockSinceSetBackAreNamedAndNoAgeIsNegativeOrPutOff(): void
    {
        // Stored while the clock ran thirty days ahead; the clock is right again.
        $ahead = new Outbox($this->dir, $this->config->outbox, fn (): int => $this->now + 30 * 86400);
        $ahead->store(OutboxTest::message('a'))->release();

        self::assertSame(['clock-back'], $this->codes(), 'the jump is named');

        self::assertSame(1, $this->outbox->redateFuture());
        self::assertSame([], $this->codes(), 'redated by the deliverer: the alarm ends with its cause');
        $this->now += 3600;
        $this->health->beat();
        self::assertSame(['mail-waiting'], $this->codes(), 'its age counts from the redating, not from thirty days on');
    }

    public function testAHeartbeatFromTheFutureProvesNoDelivererIsAlive(): void
    {
        touch($this->dir . '/' . Health::HEARTBEAT_FILE, $this->now + 30 * 86400);

        self::assertSame(['clock-back', 'deliverer-stalled'], $this->codes());
    }

    public function testAnUnconfirmedMessageTheSummaryShouldHaveCountedLongAgoIsAProblem(): void
    {
        // Held at 15:00; its summary is due at 08:00 the next day (the default hour, the salon's time).
        $this->now = (new \DateTimeImmutable('2025-06-16 15:00', new \DateTimeZone('Europe/Warsaw')))->getTimestamp();
        $id = $this->outbox->held->hold(OutboxTest::message('a'))->id;
        $due = (new \DateTimeImmutable('2025-06-17 08:00', new \DateTimeZone('Europe/Warsaw')))->getTimestamp();

        $this->now = $due + 3599;
        $this->health->beat();
        self::assertSame([], $this->codes());
        $this->now = $due + 3600;
        self::assertSame(['held-digest-overdue'], $this->codes());

        $state = DelivererState::load($this->dir);
        $state->tell(DelivererState::HELD, [$id], $this->now);
        $state->save($this->outbox->spool, $this->now);
        self::assertSame([], $this->codes(), 'counted by a summary: no longer overdue, though still held');
    }

    public function testTheOutboxDiskUnderItsFloorIsAProblem(): void
    {
        $this->free = 100 * 1024 * 1024 - 1;

        self::assertSame(['disk-low'], $this->codes());
    }

    public function testADelivererThatHasNotPassedLatelyIsAProblem(): void
    {
        $this->now += 599;
        self::assertSame([], $this->codes());

        $this->now += 1;
        self::assertSame(['deliverer-stalled'], $this->codes());
        unlink($this->dir . '/' . Health::HEARTBEAT_FILE);
        self::assertSame(['deliverer-stalled'], $this->codes(), 'never passed at all');
    }

    public function testAnUnusableProofOfWorkKeyIsAProblemAndAGeneratedOneThatCanBeReplacedIsNot(): void
    {
        file_put_contents($this->dir . '/' . ProofOfWork::GENERATED_KEY_FILE, '');
        self::assertSame([], $this->codes(), 'an empty generated key (a crash while it was written) is replaced at its next use');

        // The operator's key file: not there (not mounted), then too short, then right.
        $key = $this->dir . '.pow-key-file';
        $config = TestConfig::make(['OUTBOX_DIR' => $this->dir, 'POW_KEY_FILE' => $key]);
        $health = new Health($config, $this->outbox, fn (): int => 10 * 1024 * 1024 * 1024);
        try {
            self::assertSame(['pow-key'], array_keys($health->problems()));
            self::assertStringContainsString($key, $health->problems()['pow-key'], 'the detail names the file');
            file_put_contents($key, 'short');
            self::assertSame(['pow-key'], array_keys($health->problems()));
            file_put_contents($key, str_repeat('k', 32));
            self::assertSame([], $health->problems());
        } finally {
            @unlink($key);
        }
    }

    public function testAnOutboxThatCannotBeListedIsAProblem(): void
    {
        $config = TestConfig::make(['OUTBOX_DIR' => $this->dir . '/missing']);
        $health = new Health($config, Outbox::fromConfig($config, fn (): int => $this->now), fn (): int => PHP_INT_MAX);

        self::assertContains('outbox-unavailable', array_keys($health->problems()));
    }

    public function testTheDelivererAsksAnIdleServerSoAnOutageIsSeenBeforeAnyoneWrites(): void
    {
        $sender = new FakeSender();
        $log = [];
        $deliverer = new Deliverer($this->outbox, $sender, static function (string $line) use (&$log): void {
            $log[] = $line;
        }, 300);

        $deliverer->runOnce();
        self::assertSame(1, $sender->probes, 'never asked before: asked now');
        $this->now += 299;
        $deliverer->runOnce();
        self::assertSame(1, $sender->probes, 'not again within the probe interval');

        // The relay goes away (or starts refusing the login) with nothing waiting.
        $sender->failure = SendFailed::because('SMTP Error: Could not authenticate.');
        $this->now += 1;
        $deliverer->runOnce();
        self::assertSame(2, $sender->probes);
        self::assertSame(['contact-form: smtp-down reason="SMTP Error: Could not authenticate."'], $log);
        $this->now += 900;
        $deliverer->runOnce();
        $this->health->beat();
        self::assertSame(['smtp-down'], $this->codes());
        self::assertSame(3, $sender->probes, 'while down, asked again every 30 s');

        // Fixed: the next probe finds it back and /health is green again, though no message was sent.
        $sender->failure = null;
        $this->now += 30;
        $deliverer->runOnce();
        self::assertSame(4, $sender->probes);
        self::assertSame([], $this->codes());
        self::assertStringStartsWith('contact-form: smtp-back down-since=', $log[1]);
    }

    public function testWithoutAProbeIntervalAnIdleServerIsNotAsked(): void
    {
        $sender = new FakeSender();
        (new Deliverer($this->outbox, $sender, static function (): void {
        }))->runOnce();

        self::assertSame(0, $sender->probes);
    }
}
