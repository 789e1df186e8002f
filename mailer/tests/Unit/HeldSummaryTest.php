<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Unit;

use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;
use Salon\Mailer\ContactMessage;
use Salon\Mailer\DelivererPass;
use Salon\Mailer\DelivererState;
use Salon\Mailer\DigestSchedule;
use Salon\Mailer\MessageBuilder;
use Salon\Mailer\OutboxEntry;
use Salon\Mailer\OutboxUnavailable;
use Salon\Mailer\OutgoingMessage;
use Salon\Mailer\SalonNotices;
use Salon\Mailer\Spool;

/**
 * What nobody confirmed reaches the salon only as a short daily summary, marked unconfirmed: how many, the newest few
 * in full; it promises nothing, so a flood of them is one short mail (PassFixture: each pass a new DelivererPass, as
 * after a restart).
 */
#[CoversClass(DelivererPass::class)]
#[CoversClass(DelivererState::class)]
#[CoversClass(DigestSchedule::class)]
#[CoversClass(SalonNotices::class)]
final class HeldSummaryTest extends TestCase
{
    use PassFixture;

    public function testUnconfirmedMessagesReachTheSalonInOneSummaryTheNextDayAtTheSetHourAndNeverTwice(): void
    {
        $this->hold('a');
        $this->now = self::warsaw('2025-06-16 17:30');
        $this->hold('b');
        foreach (['2025-06-16 17:31', '2025-06-16 23:59', '2025-06-17 07:59'] as $time) {
            $this->now = self::warsaw($time);
            $this->pass();
        }
        self::assertSame([], $this->sender->sent, 'not before the next day\'s hour');

        $this->now = self::warsaw('2025-06-17 08:00');
        $report = $this->pass();

        self::assertSame(2, $report->toldOfHeld);
        self::assertCount(1, $this->sender->sent);
        $summary = $this->sender->sent[0];
        self::assertSame('Formularz kontaktowy: niepotwierdzone wiadomości (2)', $summary->subject);
        self::assertSame('', $summary->replyTo);
        self::assertStringContainsString('NIEPOTWIERDZONE', $summary->body);
        self::assertStringContainsString('Zwykle to spam', $summary->body);
        self::assertStringContainsString('od poprzedniego zestawienia: 2', $summary->body);
        foreach (['a' => '15:00', 'b' => '17:30'] as $token => $time) {
            self::assertStringContainsString(implode("\n", MessageBuilder::fields($this->visitor($token), self::warsaw("2025-06-16 $time"))), $summary->body);
        }
        self::assertLessThan(strpos($summary->body, 'Klientka a'), strpos($summary->body, 'Klientka b'), 'the newest first');
        self::assertContains('contact-form: told what=held count=2', $this->log);
        self::assertCount(2, $this->outbox->held->paths(), 'still held: --held lists them, --release sends one');

        foreach (['2025-06-17 08:05', '2025-06-17 20:00', '2025-06-18 08:00', '2025-06-19 09:00'] as $time) {
            $this->now = self::warsaw($time);
            $this->pass();
        }
        self::assertCount(1, $this->sender->sent, 'never twice, and no summary without something new');

        $this->now = self::warsaw('2025-06-19 09:30');
        $this->hold('c');
        $this->now = self::warsaw('2025-06-20 08:00');
        $this->pass();
        self::assertCount(2, $this->sender->sent);
        self::assertSame('Formularz kontaktowy: niepotwierdzone wiadomości (1)', $this->sender->sent[1]->subject);
        self::assertStringContainsString('Klientka c', $this->sender->sent[1]->body);
        self::assertStringNotContainsString('Klientka a', $this->sender->sent[1]->body);
    }

    public function testAMessageHeldJustBeforeTheHourButStoredAfterTheSummaryIsInTheNextOne(): void
    {
        $this->hold('a');
        $this->now = self::warsaw('2025-06-17 08:00');
        $this->pass();
        // A request that read the clock at 07:59:59 and finished its write after the summary went.
        $this->now = self::warsaw('2025-06-17 07:59:59');
        $this->hold('late');
        foreach (['2025-06-17 08:30', '2025-06-17 23:00', '2025-06-18 07:59'] as $time) {
            $this->now = self::warsaw($time);
            $this->pass();
        }
        self::assertCount(1, $this->sender->sent, 'one summary a day');

        $this->now = self::warsaw('2025-06-18 08:00');
        $this->pass();
        self::assertCount(2, $this->sender->sent);
        self::assertStringContainsString('Klientka late', $this->sender->sent[1]->body);
    }

    public function testAFloodOfFiveThousandIsOneShortSummary(): void
    {
        // Written as hold() would write them, without an fsync each: the flood is the summary's test, not the disk's.
        mkdir($this->dir . '/held', 0700);
        $text = str_repeat('Spam spam spam. ', 312);
        for ($i = 0; $i < 5000; $i++) {
            $visitor = new ContactMessage("Automat $i", "bot$i@example.com", '', $text . $i);
            $entry = new OutboxEntry((new MessageBuilder($this->config))->build($visitor), $this->now - 5000 + $i, visitor: $visitor);
            file_put_contents($this->dir . '/held/' . Spool::fileName($entry, $entry->createdAt), $entry->toJson());
        }
        $this->now = self::warsaw('2025-06-17 08:00');

        self::assertSame(5000, $this->pass()->toldOfHeld);
        $this->now = self::warsaw('2025-06-18 08:00');
        $this->pass();

        self::assertCount(1, $this->sender->sent, 'one summary, and none the next day with nothing new');
        $body = $this->sender->sent[0]->body;
        self::assertLessThan(40 * 1024, strlen($body), 'short: 5000 texts of 5000 characters would be 25 MB');
        self::assertStringContainsString('(5000)', $this->sender->sent[0]->subject);
        self::assertStringContainsString('--- 5 z 5', $body);
        foreach ([4999, 4995] as $i) {
            self::assertStringContainsString("Automat $i\n", $body, 'the newest in full');
        }
        self::assertStringNotContainsString("Automat 4994\n", $body);
        self::assertStringContainsString('deliver.php --held', $body);
        self::assertCount(5000, $this->outbox->held->entries(), 'every one still listed by --held');
    }

    public function testARelayThatRefusesTheSummaryGetsTheCountsAlone(): void
    {
        $this->hold('a');
        // A spam filter that takes the texts for what they mostly are.
        $this->sender->refuse = static fn (OutgoingMessage $m): bool => str_contains($m->body, 'Klientka');
        $this->now = self::warsaw('2025-06-17 08:00');

        $this->pass();
        $this->now = self::warsaw('2025-06-17 09:00');
        $this->pass();

        self::assertCount(1, $this->sender->sent, 'one mail, not one per pass');
        $bare = $this->sender->sent[0]->body;
        self::assertStringNotContainsString('Klientka a', $bare);
        self::assertStringContainsString('od poprzedniego zestawienia: 1', $bare);
        self::assertStringContainsString('deliver.php --held', $bare);
    }

    public function testNoSummaryGoesWhileTheStateThatStopsTheNextOneCannotBeWritten(): void
    {
        $this->hold('a');
        // A full or read-only outbox, for the state file alone: a directory where it would be written.
        mkdir($this->dir . '/' . DelivererState::FILE);
        foreach (['2025-06-17 08:00', '2025-06-17 08:01', '2025-06-17 08:02'] as $time) {
            $this->now = self::warsaw($time);
            try {
                $this->pass();
                self::fail('the pass reports the outbox it cannot write');
            } catch (OutboxUnavailable) {
            }
        }
        self::assertSame([], $this->sender->sent, 'not one summary per pass');
        self::assertCount(3, array_filter($this->log, static fn (string $l): bool => str_contains($l, 'reason=salon-held-not-sent')));

        rmdir($this->dir . '/' . DelivererState::FILE);
        foreach (['2025-06-17 08:03', '2025-06-17 08:04', '2025-06-17 08:05'] as $time) {
            $this->now = self::warsaw($time);
            $this->pass();
        }
        self::assertCount(1, $this->sender->sent, 'once it can be kept, the summary goes, once');
    }

    public function testAFileInHeldThatIsNotAReadableMessageIsCountedAndNotCountedAgain(): void
    {
        mkdir($this->dir . '/held', 0700);
        file_put_contents($this->dir . '/held/20250616T130000Z-0123456789abcdef.json', '{"broken');
        $this->now = self::warsaw('2025-06-17 08:00');

        self::assertSame(1, $this->pass()->toldOfHeld);
        self::assertStringContainsString('od poprzedniego zestawienia: 1', $this->sender->sent[0]->body);
        $this->now = self::warsaw('2025-06-18 08:00');
        $this->pass();
        self::assertCount(1, $this->sender->sent);
    }

    public function testAMessageReleasedOrPurgedWhileTheSummaryIsWrittenIsNotNamedAsUnreadable(): void
    {
        $this->hold('released');
        $this->hold('purged');
        $paths = $this->outbox->held->paths();
        // A person acts between the pass's listing and its reading: the files are gone, nobody must read them here.
        $this->outbox->held->release($this->outbox->held->entries([$paths[0]])[0]->id());
        $this->outbox->held->purge();

        self::assertSame([], $this->outbox->held->read($paths));
    }

    public function testWhatNobodyConfirmedIsDeletedHeldDaysAfterItCameWhetherOrNotASummaryCountedIt(): void
    {
        $id = $this->hold('held');
        $this->now += 14 * 86400 - 60;
        $this->pass();
        self::assertCount(1, $this->outbox->held->paths());

        $this->now += 120;
        $this->pass();
        self::assertSame([], $this->outbox->held->paths());
        self::assertContains("contact-form: expired id=$id kept-days=14 from=held", $this->log);
    }
}
