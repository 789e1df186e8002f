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
use Salon\Mailer\SendFailed;
use Salon\Mailer\Spool;

/**
 * A deliverer's pass beyond sending: the salon hears of every held and failed message by mail, once, and nothing
 * is deleted before it did (PassFixture: each pass a new DelivererPass, as after a restart).
 */
#[CoversClass(DelivererPass::class)]
#[CoversClass(DelivererState::class)]
#[CoversClass(DigestSchedule::class)]
#[CoversClass(SalonNotices::class)]
final class DelivererPassTest extends TestCase
{
    use PassFixture;

    public function testHeldMessagesReachTheSalonInOneDigestTheNextDayAtTheSetHourAndNeverTwice(): void
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
        $digest = $this->sender->sent[0];
        self::assertSame('Formularz kontaktowy: wiadomości wstrzymane do sprawdzenia (2)', $digest->subject);
        self::assertSame('recepcja@salon.test', $digest->to);
        self::assertSame('formularz@salon.test', $digest->from);
        self::assertSame('', $digest->replyTo);
        self::assertStringContainsString('tych wiadomości formularz NIE SPRAWDZIŁ', $digest->body);
        self::assertStringContainsString('MOGĄ BYĆ SPAMEM', $digest->body);
        foreach (['a' => '15:00', 'b' => '17:30'] as $token => $time) {
            self::assertStringContainsString(implode("\n", MessageBuilder::fields($this->visitor($token), self::warsaw("2025-06-16 $time"))), $digest->body);
        }
        self::assertLessThan(strpos($digest->body, 'Klientka b'), strpos($digest->body, 'Klientka a'), 'the oldest first');
        self::assertContains('contact-form: told what=held count=2 form=full left=0', $this->log);
        self::assertCount(2, $this->outbox->held->paths(), 'still held: --held lists them, --release sends one');

        foreach (['2025-06-17 08:05', '2025-06-17 20:00', '2025-06-18 08:00', '2025-06-19 09:00'] as $time) {
            $this->now = self::warsaw($time);
            $this->pass();
        }
        self::assertCount(1, $this->sender->sent, 'never twice, and no digest without something new');

        $this->now = self::warsaw('2025-06-19 09:30');
        $this->hold('c');
        $this->now = self::warsaw('2025-06-20 08:00');
        $this->pass();
        self::assertCount(2, $this->sender->sent);
        self::assertStringStartsWith('Formularz kontaktowy: wiadomości wstrzymane do sprawdzenia (1)', $this->sender->sent[1]->subject);
        self::assertStringContainsString('Klientka c', $this->sender->sent[1]->body);
        self::assertStringNotContainsString('Klientka a', $this->sender->sent[1]->body);
    }

    public function testAMessageHeldJustBeforeTheHourButStoredAfterTheDigestWaitsForTheNextDay(): void
    {
        $this->hold('a');
        $this->now = self::warsaw('2025-06-17 08:00');
        $this->pass();
        // A request that read the clock at 07:59:59 and finished its write after the digest went.
        $this->now = self::warsaw('2025-06-17 07:59:59');
        $this->hold('late');
        foreach (['2025-06-17 08:30', '2025-06-17 23:00', '2025-06-18 07:59'] as $time) {
            $this->now = self::warsaw($time);
            $this->pass();
        }
        self::assertCount(1, $this->sender->sent, 'one digest a day');

        $this->now = self::warsaw('2025-06-18 08:00');
        $this->pass();
        self::assertCount(2, $this->sender->sent);
        self::assertStringContainsString('Klientka late', $this->sender->sent[1]->body);
    }

    public function testAHeldFloodOfFiveThousandGivesOneDigestOfBoundedSize(): void
    {
        // Written as hold() would write them, without an fsync each: the flood is the digest's test, not the disk's.
        mkdir($this->dir . '/held', 0700);
        $text = str_repeat('Spam spam spam. ', 312);
        for ($i = 0; $i < 5000; $i++) {
            $visitor = new ContactMessage("Automat $i", "bot$i@example.com", '', $text . $i);
            $entry = new OutboxEntry((new MessageBuilder($this->config))->build($visitor), $this->now - 5000 + $i, visitor: $visitor);
            file_put_contents($this->dir . '/held/' . Spool::fileName($entry, $entry->createdAt), $entry->toJson());
        }
        $this->now = self::warsaw('2025-06-17 08:00');

        self::assertSame(20, $this->pass()->toldOfHeld);
        $this->now += 3600;
        $this->pass();

        self::assertCount(1, $this->sender->sent, 'one digest');
        $body = $this->sender->sent[0]->body;
        self::assertLessThan(128 * 1024, strlen($body), 'bounded: 5000 texts of 5000 characters would be 25 MB');
        self::assertStringContainsString('(5000)', $this->sender->sent[0]->subject);
        self::assertStringContainsString('--- 20 z 5000', $body);
        self::assertStringNotContainsString('--- 21 z 5000', $body);
        foreach ([0, 9, 4990, 4999] as $i) {
            self::assertStringContainsString("Automat $i\n", $body, 'the oldest ten and the newest ten in full');
        }
        self::assertStringNotContainsString("Automat 10\n", $body);
        self::assertStringNotContainsString("Automat 4989\n", $body);
        self::assertStringContainsString('Pozostałe, niepokazane tutaj: 4980', $body);
        self::assertStringContainsString('Przyjdą w następnym zestawieniu', $body);
        self::assertStringContainsString('deliver.php --held', $body);
        self::assertCount(5000, $this->outbox->held->entries(), 'every one still listed by --held');
    }

    public function testARelayThatRefusesTheDigestGetsItsBareFormAndTheSalonIsStillTold(): void
    {
        $this->hold('a');
        // A spam filter that takes the held texts for what they may be.
        $this->sender->refuse = static fn (OutgoingMessage $m): bool => str_contains($m->body, 'pytanie');
        $this->now = self::warsaw('2025-06-17 08:00');

        $report = $this->pass();

        self::assertSame(1, $report->toldOfHeld);
        self::assertCount(1, $this->sender->sent);
        $bare = $this->sender->sent[0]->body;
        self::assertStringNotContainsString('Klientka a', $bare);
        self::assertStringContainsString('Serwer poczty nie przyjął zestawienia z treścią wiadomości', $bare);
        self::assertStringContainsString($this->outbox->held->entries()[0]->id(), $bare);
        self::assertStringContainsString('deliver.php --held', $bare);
        self::assertContains('contact-form: told what=held count=1 form=bare left=0', $this->log);
    }

    public function testNoDigestGoesWhileTheStateThatStopsTheNextOneCannotBeWritten(): void
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
        self::assertSame([], $this->sender->sent, 'not one digest per pass');
        self::assertCount(3, array_filter($this->log, static fn (string $l): bool => str_contains($l, 'reason=salon-held-not-sent')));

        rmdir($this->dir . '/' . DelivererState::FILE);
        foreach (['2025-06-17 08:03', '2025-06-17 08:04', '2025-06-17 08:05'] as $time) {
            $this->now = self::warsaw($time);
            $this->pass();
        }
        self::assertCount(1, $this->sender->sent, 'once it can be kept, the digest goes, once');
    }

    public function testAMessageTheRelayRefusesIsToldWithItsAnswerAndAddressButNotItsText(): void
    {
        $this->sender->refuse = static fn (OutgoingMessage $m): bool => str_contains($m->body, 'pytanie „spam”');
        $visitor = $this->visitor('spam');
        $this->outbox->store((new MessageBuilder($this->config))->build($visitor), visitor: $visitor)->release();
        $this->now++;
        $real = $this->visitor('real');
        $this->outbox->store((new MessageBuilder($this->config))->build($real), visitor: $real)->release();

        $report = $this->pass();

        self::assertSame(1, $report->sent, 'the other message went out in the same pass');
        self::assertSame(1, $report->toldOfFailed);
        $notice = $this->notices('Formularz kontaktowy: wiadomości niedoręczone (1)');
        self::assertCount(1, $notice);
        self::assertStringContainsString('550 5.7.1 Message rejected as spam', $notice[0]->body);
        self::assertStringContainsString('E-mail: klientka.spam@example.com', $notice[0]->body);
        self::assertStringNotContainsString('pytanie „spam”', $notice[0]->body);
        self::assertStringContainsString('deliver.php --failed', $notice[0]->body);
        self::assertMatchesRegularExpression('/wysłana przez formularz 2025-06-16 15:00, id [0-9a-f]{16}/', $notice[0]->body);

        $this->now += 7200;
        $this->pass();
        self::assertCount(1, $this->notices('Formularz kontaktowy: wiadomości niedoręczone'), 'told once');
    }

    public function testAFileThatIsNotAReadableMessageIsNamedToTheSalonAndKept(): void
    {
        // Damaged on disk (a disk error, a hand edit): it cannot be sent, and it is not thrown away either.
        file_put_contents($this->dir . '/20250616T130000Z-0123456789abcdef.json', '{"broken');

        $report = $this->pass();

        self::assertSame(1, $report->toldOfFailed);
        $notice = $this->notices('Formularz kontaktowy: wiadomości niedoręczone (1)');
        self::assertCount(1, $notice);
        self::assertStringContainsString('plik 20250616T130000Z-0123456789abcdef.json, którego serwer nie umiał odczytać', $notice[0]->body);
        self::assertStringContainsString('deliver.php --failed', $notice[0]->body);
        self::assertCount(1, $this->outbox->failed->paths());
    }

    public function testAFileInHeldThatIsNotAReadableMessageIsNamedInTheDigestAndNotRetriedDaily(): void
    {
        mkdir($this->dir . '/held', 0700);
        file_put_contents($this->dir . '/held/20250616T130000Z-0123456789abcdef.json', '{"broken');
        $this->now = self::warsaw('2025-06-17 08:00');

        self::assertSame(1, $this->pass()->toldOfHeld);
        self::assertStringContainsString('plik 20250616T130000Z-0123456789abcdef.json, którego serwer nie umiał odczytać', $this->sender->sent[0]->body);
        $this->now = self::warsaw('2025-06-18 08:00');
        $this->pass();
        self::assertCount(1, $this->sender->sent);
    }

    public function testAMessageReleasedOrPurgedWhileTheDigestIsWrittenIsNotNamedAsUnreadable(): void
    {
        $this->hold('released');
        $this->hold('purged');
        $paths = $this->outbox->held->paths();
        // A person acts between the pass's listing and its reading: the files are gone, nobody must read them here.
        $this->outbox->held->release($this->outbox->held->entries([$paths[0]])[0]->id());
        $this->outbox->held->purge();

        self::assertSame([], $this->outbox->held->read($paths));
    }

    public function testNothingIsDeletedUnreadAndWhatWasToldIsDeletedAfterThePrivacyPolicysDays(): void
    {
        $heldId = $this->hold('held');
        $visitor = $this->visitor('late');
        $late = $this->outbox->store((new MessageBuilder($this->config))->build($visitor), visitor: $visitor);
        $late->release();
        $this->sender->failure = SendFailed::because('SMTP Error: Could not connect to SMTP host.');
        // Forty days without a relay: the waiting message outlives its retries, nothing can reach the salon.
        for ($day = 1; $day <= 40; $day++) {
            $this->now += 86400;
            $this->pass();
        }
        self::assertCount(1, $this->outbox->held->paths(), 'held for 40 days, never told: kept');
        self::assertCount(1, $this->outbox->failed->paths(), 'failed, never told: kept');
        self::assertSame([], $this->sender->sent);

        // The relay is back at 09:00; the next pass tells the salon of both, the failed one with its text.
        $this->sender->failure = null;
        $this->now = self::warsaw('2025-07-27 09:00');
        $report = $this->pass();
        self::assertSame(1, $report->toldOfHeld);
        self::assertSame(1, $report->toldOfFailed);
        $notice = $this->notices('Formularz kontaktowy: wiadomości niedoręczone (1)')[0];
        self::assertStringContainsString('Niedoręczona przez 120 godzin', $notice->body);
        self::assertStringContainsString("Wiadomość:\nDzień dobry, pytanie „late”.", $notice->body);

        $this->now += 14 * 86400 - 60;
        $this->pass();
        self::assertCount(1, $this->outbox->held->paths(), 'fourteen days after the digest, not before');
        $this->now += 120;
        $this->pass();
        self::assertSame([], $this->outbox->held->paths());
        $this->now += 16 * 86400 - 120;
        $this->pass();
        self::assertCount(1, $this->outbox->failed->paths(), 'thirty days after the notice, not before');
        $this->now += 120;
        $this->pass();
        self::assertSame([], $this->outbox->failed->paths());
        self::assertSame(
            ["contact-form: expired id=$heldId kept-days=14 from=held", 'contact-form: expired id=' . $late->entry?->id() . ' kept-days=30'],
            array_values(array_filter($this->log, static fn (string $l): bool => str_starts_with($l, 'contact-form: expired id='))),
        );
    }
}
