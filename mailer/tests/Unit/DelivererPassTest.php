<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Unit;

use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;
use Salon\Mailer\ContactMessage;
use Salon\Mailer\DelivererPass;
use Salon\Mailer\DelivererState;
use Salon\Mailer\Health;
use Salon\Mailer\MessageBuilder;
use Salon\Mailer\OutgoingMessage;
use Salon\Mailer\SalonNotices;
use Salon\Mailer\SendFailed;

/**
 * A failed message is "told" only when a mail that carried its text reached the salon: a notice the relay refuses is
 * split, a message whose own notice is refused stays untold (kept, named by /health) until one goes, and retention
 * counts only from the notice with its text (PassFixture: each pass a new DelivererPass, as after a restart).
 */
#[CoversClass(DelivererPass::class)]
#[CoversClass(DelivererState::class)]
#[CoversClass(SalonNotices::class)]
final class DelivererPassTest extends TestCase
{
    use PassFixture;

    private function store(string $token, string $extra = ''): string
    {
        $visitor = $this->visitor($token);
        if ($extra !== '') {
            $visitor = new ContactMessage($visitor->name, $visitor->email, $visitor->phone, $visitor->message . $extra);
        }
        $claim = $this->outbox->store((new MessageBuilder($this->config))->build($visitor), visitor: $visitor);
        $claim->release();

        return (string) $claim->entry?->id();
    }

    /** @return list<string> the problem codes /health gives now */
    private function health(): array
    {
        return array_keys((new Health($this->config, $this->outbox, static fn (): int => PHP_INT_MAX))->problems(keyMatters: false));
    }

    public function testAMessageTheRelayRefusesReachesTheSalonWithItsTextAnswerAndAddressAndIsToldOnce(): void
    {
        // A filter that refuses the word "reklama" in a message, not the notice that quotes it from the visitor.
        $this->sender->refuse = static fn (OutgoingMessage $m): bool => str_contains($m->body, 'reklama') && !str_starts_with($m->subject, 'Formularz kontaktowy: wiadomości niedoręczone');
        $this->store('spam', ' To nie reklama.');
        $this->now++;
        $this->store('real');

        $report = $this->pass();

        self::assertSame(1, $report->sent, 'the other message went out in the same pass');
        self::assertSame(1, $report->toldOfFailed);
        $notice = $this->notices('Formularz kontaktowy: wiadomości niedoręczone (1)');
        self::assertCount(1, $notice);
        self::assertStringContainsString('550 5.7.1 Message rejected as spam', $notice[0]->body);
        self::assertStringContainsString('E-mail: klientka.spam@example.com', $notice[0]->body);
        self::assertStringContainsString("Wiadomość:\nDzień dobry, pytanie „spam”.\nDruga linia. To nie reklama.", $notice[0]->body, 'her words, for the salon to answer');
        self::assertStringContainsString('deliver.php --failed', $notice[0]->body);
        self::assertMatchesRegularExpression('/wysłana przez formularz 2025-06-16 15:00, id [0-9a-f]{16}/', $notice[0]->body);
        self::assertNotContains(Health::MAIL_FAILED, $this->health(), 'the salon has her text: no alarm');

        $this->now += 7200;
        $this->pass();
        self::assertCount(1, $this->notices('Formularz kontaktowy: wiadomości niedoręczone'), 'told once');
    }

    public function testANoticeTheRelayRefusesStartsNoRetentionAndHealthNamesItUntilOneWithTheTextGoes(): void
    {
        // A filter that refuses the message and the notice quoting it alike (554: a link it dislikes).
        $this->sender->refuse = static fn (OutgoingMessage $m): bool => str_contains($m->body, 'zły-link.example');
        $id = $this->store('a', ' http://zły-link.example/');

        $report = $this->pass();

        self::assertSame(0, $report->toldOfFailed);
        $bare = $this->notices('Formularz kontaktowy: wiadomości niedoręczone (1)');
        self::assertCount(1, $bare, 'the salon hears that it exists');
        self::assertStringContainsString($id, $bare[0]->body);
        self::assertStringContainsString('deliver.php --failed', $bare[0]->body);
        self::assertStringNotContainsString('zły-link', $bare[0]->body);
        self::assertSame([], DelivererState::load($this->dir)->told(DelivererState::FAILED), 'a bare mail tells nothing');
        self::assertContains(Health::MAIL_FAILED, $this->health());
        self::assertContains(Health::NOTICE_REFUSED, $this->health());

        // A day of passes every ten minutes: tried again hourly, never more often.
        for ($pass = 1; $pass <= 6 * 24; $pass++) {
            $this->now += 600;
            $this->pass();
        }
        self::assertLessThanOrEqual(1 + 2 * 25, $this->sender->calls, 'the message once, then a notice and its bare form at most hourly');
        // Forty days: never deleted unread.
        for ($day = 1; $day <= 40; $day++) {
            $this->now += 86400;
            $this->pass();
        }
        self::assertCount(1, $this->outbox->failed->paths(), 'kept past the 30 days: the salon never had its text');
        self::assertContains(Health::NOTICE_REFUSED, $this->health());

        // The relay's filter is corrected: the next notice carries the text and marks it told; the alarm ends.
        $this->sender->refuse = null;
        $this->now += 3600;
        $this->pass();
        $full = array_values(array_filter($this->notices('Formularz kontaktowy: wiadomości niedoręczone (1)'), static fn (OutgoingMessage $m): bool => str_contains($m->body, 'zły-link.example')));
        self::assertCount(1, $full);
        self::assertSame([], array_intersect([Health::MAIL_FAILED, Health::NOTICE_REFUSED], $this->health()));
        $this->now += 30 * 86400 + 60;
        $this->pass();
        self::assertSame([], $this->outbox->failed->paths(), 'thirty days after the notice with its text');
    }

    public function testANoticeTooLargeForTheRelayGoesInPartsNeverReducedToIds(): void
    {
        $limit = 12_000;
        // A relay with a size limit (552 to anything over it), which no single message here reaches.
        $this->sender->refuse = static fn (OutgoingMessage $m): bool => strlen($m->body) > $limit;
        $this->sender->failure = SendFailed::because('SMTP Error: Could not connect to SMTP host.');
        $ids = [];
        for ($i = 0; $i < 12; $i++) {
            $ids[] = $this->store("m$i", ' ' . str_repeat('Długi opis. ', 200));
            $this->now++;
        }
        // Five days and more without a relay: all twelve outlive their retries (each pass tries one: the first
        // failure to connect ends it).
        $this->pass();
        $this->now += 121 * 3600;
        for ($pass = 1; $pass <= 13; $pass++) {
            $this->now += 60;
            $this->pass();
        }
        self::assertCount(12, $this->outbox->failed->paths());

        $this->sender->failure = null;
        $this->now += 60;
        $this->pass();

        $notices = $this->notices('Formularz kontaktowy: wiadomości niedoręczone');
        self::assertGreaterThan(1, count($notices));
        foreach ($notices as $notice) {
            self::assertLessThanOrEqual($limit, strlen($notice->body));
        }
        $all = implode("\n", array_map(static fn (OutgoingMessage $m): string => $m->body, $notices));
        for ($i = 0; $i < 12; $i++) {
            self::assertSame(1, substr_count($all, "pytanie „m{$i}”"), "the text of message $i, once");
        }
        self::assertEqualsCanonicalizing($ids, array_keys(DelivererState::load($this->dir)->told(DelivererState::FAILED)));
        self::assertNotContains(Health::MAIL_FAILED, $this->health());
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
        self::assertCount(1, $this->outbox->failed->paths());
    }

    public function testNothingFailedIsDeletedUnreadAndWhatWasToldIsDeletedThirtyDaysAfterTheNotice(): void
    {
        $late = $this->store('late');
        $this->sender->failure = SendFailed::because('SMTP Error: Could not connect to SMTP host.');
        // Forty days without a relay: the waiting message outlives its retries, nothing can reach the salon.
        for ($day = 1; $day <= 40; $day++) {
            $this->now += 86400;
            $this->pass();
        }
        self::assertCount(1, $this->outbox->failed->paths(), 'failed, never told: kept');
        self::assertSame([], $this->sender->sent);

        // The relay is back; the deliverer's probe finds it within 30 s, and the same pass tells the salon.
        $this->sender->failure = null;
        $this->now += 60;
        $report = $this->pass();
        self::assertSame(1, $report->toldOfFailed);
        $notice = $this->notices('Formularz kontaktowy: wiadomości niedoręczone (1)')[0];
        self::assertStringContainsString('Niedoręczona przez 120 godzin', $notice->body);
        self::assertStringContainsString("Wiadomość:\nDzień dobry, pytanie „late”.", $notice->body);

        $this->now += 30 * 86400 - 60;
        $this->pass();
        self::assertCount(1, $this->outbox->failed->paths(), 'thirty days after the notice, not before');
        $this->now += 120;
        $this->pass();
        self::assertSame([], $this->outbox->failed->paths());
        self::assertContains("contact-form: expired id=$late kept-days=30", $this->log);
    }
}
