<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Unit;

use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;
use Salon\Mailer\Deliverer;
use Salon\Mailer\DelivererPass;
use Salon\Mailer\MessageBuilder;
use Salon\Mailer\Outbox;
use Salon\Mailer\OutboxEntry;
use Salon\Mailer\OutboxLimits;
use Salon\Mailer\SendFailed;

/**
 * Days of a relay that is away, simulated with the mailer's clock: a post every 4 hours (each tried at once by its
 * request, as the endpoint does unless SMTP was just found away) and a deliverer pass every 30 minutes.
 */
#[CoversClass(DelivererPass::class)]
#[CoversClass(Deliverer::class)]
#[CoversClass(Outbox::class)]
final class OutageTest extends TestCase
{
    use TempDirectory;

    private const START = 1_750_000_000;

    private int $now = self::START;
    private Outbox $outbox;
    private FakeSender $sender;
    private Deliverer $deliverer;
    private DelivererPass $pass;
    /** @var list<string> */
    private array $log = [];
    private int $posted = 0;

    protected function setUp(): void
    {
        $this->makeTempDirectory();
        $config = TestConfig::make(['OUTBOX_DIR' => $this->dir]);
        $this->outbox = new Outbox($this->dir, new OutboxLimits(), fn (): int => $this->now);
        $this->sender = new FakeSender();
        $log = function (string $line): void {
            $this->log[] = $line;
        };
        $this->deliverer = new Deliverer($this->outbox, $this->sender, $log, 300);
        $builder = new MessageBuilder($config, fn (): \DateTimeImmutable => new \DateTimeImmutable('@' . $this->now));
        $this->pass = new DelivererPass($config, $this->outbox, $this->deliverer, $this->sender, $builder, $log);
    }

    protected function tearDown(): void
    {
        $this->removeTempDirectory();
    }

    /** Runs the clock on to $until: a post every 4 hours, a deliverer pass every 30 minutes. */
    private function runUntil(int $until): void
    {
        while ($this->now < $until) {
            $this->now += 1800;
            if (($this->now - self::START) % (4 * 3600) === 0) {
                $sendNow = !$this->outbox->smtp->looksDown();
                $claim = $this->outbox->store(OutboxTest::message('post' . $this->posted++), attemptNow: $sendNow);
                $sendNow ? $this->deliverer->deliver($claim, counted: true) : $claim->release();
            }
            $this->pass->run();
        }
    }

    public function testARelayAwayForFourDaysUnreachableThenRefusingTheLoginLosesNothing(): void
    {
        $this->sender->failure = SendFailed::because('SMTP Error: Could not connect to SMTP host.');
        $this->runUntil(self::START + 2 * 86400);
        // The operator's password expired meanwhile: the relay answers, and refuses the login.
        $this->sender->failure = SendFailed::because('SMTP Error: Could not authenticate.');
        $this->runUntil(self::START + 4 * 86400);

        self::assertSame(24, $this->posted);
        self::assertCount(24, $this->outbox->pending(), 'every post waits');
        self::assertSame([], $this->outbox->failed->paths(), 'none given up');
        self::assertSame([], $this->sender->sent);

        // Fixed: the next pass sends everything at once (the probe finds it back), not after an hour's backoff.
        $this->sender->failure = null;
        $this->runUntil($this->now + 1800);

        self::assertSame([], $this->outbox->pending());
        self::assertSame([], $this->outbox->failed->paths());
        $ids = array_map(static fn ($m): string => $m->messageId, $this->sender->sent);
        self::assertCount(24, $ids);
        self::assertCount(24, array_unique($ids), 'each once');
    }

    public function testARelayAwayForSixDaysLeavesTheOldestInFailedAsExpiredAndDeliversTheRest(): void
    {
        $this->sender->failure = SendFailed::because('SMTP Error: Could not connect to SMTP host.');
        $this->runUntil(self::START + 6 * 86400);

        $failed = $this->outbox->failed->paths();
        $waiting = $this->outbox->pending();
        self::assertSame(36, $this->posted);
        self::assertCount(36, [...$failed, ...$waiting], 'nothing lost');
        // What was retried for five days has given up; nothing younger has.
        foreach ($failed as $path) {
            $entry = OutboxEntry::fromJson((string) file_get_contents($path));
            self::assertSame(OutboxEntry::EXPIRED, $entry->gaveUp);
            self::assertGreaterThanOrEqual(120 * 3600, $this->now - $entry->createdAt);
        }
        foreach ($waiting as $path) {
            self::assertLessThan(121 * 3600, $this->now - OutboxEntry::fromJson((string) file_get_contents($path))->createdAt, 'at most the backoff\'s hour past its limit');
        }
        self::assertGreaterThanOrEqual(5, count($failed), 'the posts of the first day');

        // Back: the waiting ones are delivered, and the salon gets one notice with the text of every failed one.
        $this->sender->failure = null;
        $this->runUntil($this->now + 1800);
        self::assertSame([], $this->outbox->pending());
        $notices = array_values(array_filter($this->sender->sent, static fn ($m): bool => str_starts_with($m->subject, 'Formularz kontaktowy: wiadomości niedoręczone')));
        self::assertCount(1, $notices);
        self::assertSame(sprintf('Formularz kontaktowy: wiadomości niedoręczone (%d)', count($failed)), $notices[0]->subject);
        foreach ($failed as $path) {
            $entry = OutboxEntry::fromJson((string) file_get_contents($path));
            self::assertStringContainsString($entry->message->body, $notices[0]->body, 'its text reached the salon');
        }
        self::assertCount(count($waiting) + 1, $this->sender->sent);
    }
}
