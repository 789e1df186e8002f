<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Unit;

use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;
use Salon\Mailer\DelivererPass;
use Salon\Mailer\Health;
use Salon\Mailer\MessageBuilder;
use Salon\Mailer\SalonNotices;
use Salon\Mailer\SendFailed;
use Salon\Mailer\Spool;

/**
 * More messages than one digest or notice names: the salon is told of a message only by a mail that named it one
 * by one (its text, or for one the relay refused its time and how to find it); the rest are kept, untold, and the
 * next mail names them. Retention counts for each from its own mail.
 */
#[CoversClass(DelivererPass::class)]
#[CoversClass(SalonNotices::class)]
#[CoversClass(Health::class)]
final class SalonNoticeBacklogTest extends TestCase
{
    use PassFixture;

    /** @return list<string> ids of the messages still in a folder */
    private function idsIn(string $folder): array
    {
        return array_map(Spool::idFromPath(...), $folder === 'held' ? $this->outbox->held->paths() : $this->outbox->failed->paths());
    }

    /** How many of the mails sent so far carry the text of the visitor's message $token. */
    private function mailsWithText(string $token): int
    {
        return count(array_filter($this->sender->sent, static fn ($m): bool => str_contains($m->body, "Wiadomość:\nDzień dobry, pytanie „{$token}”.\nDruga linia.\n")));
    }

    public function testAHeldFloodReachesTheSalonTwentyADayOldestAndNewestFirstEachTextOnceAndNothingUntoldIsDeleted(): void
    {
        $ids = [];
        for ($i = 0; $i < 50; $i++) {
            $ids["m$i"] = $this->hold("m$i");
            $this->now += 60;
        }

        $this->now = self::warsaw('2025-06-17 08:00');
        self::assertSame(20, $this->pass()->toldOfHeld);
        self::assertCount(1, $this->sender->sent);
        self::assertStringStartsWith('Formularz kontaktowy: wiadomości wstrzymane do sprawdzenia (50)', $this->sender->sent[0]->subject);
        self::assertContains('contact-form: told what=held count=20 form=full left=30', $this->log);
        $this->now = self::warsaw('2025-06-17 12:00');
        $this->pass();
        self::assertArrayNotHasKey(Health::HELD_DIGEST_OVERDUE, (new Health($this->config, $this->outbox))->problems(false), 'the rest are due tomorrow');

        // The relay is away for three weeks: no digest can go, and the fourteen days of the first twenty pass.
        $this->sender->failure = SendFailed::because('SMTP Error: Could not connect to SMTP host.');
        for ($this->now = self::warsaw('2025-06-18 08:00'); $this->now < self::warsaw('2025-07-09 07:00'); $this->now += 12 * 3600) {
            $this->pass();
        }
        self::assertSame(array_values(array_slice($ids, 10, 30)), $this->idsIn('held'), 'the twenty told (the ten oldest, the ten newest) are deleted, the thirty untold kept');
        self::assertArrayHasKey(Health::HELD_DIGEST_OVERDUE, (new Health($this->config, $this->outbox))->problems(false));

        // Back: a digest a day, twenty a time, though nothing new was held, until every text has reached the salon.
        $this->sender->failure = null;
        foreach (['2025-07-09 08:00' => 20, '2025-07-09 20:00' => 0, '2025-07-10 08:00' => 10, '2025-07-11 08:00' => 0] as $time => $told) {
            $this->now = self::warsaw($time);
            self::assertSame($told, $this->pass()->toldOfHeld, $time);
        }
        self::assertCount(3, $this->sender->sent);
        self::assertStringStartsWith('Formularz kontaktowy: wiadomości wstrzymane do sprawdzenia (30)', $this->sender->sent[1]->subject);
        self::assertStringContainsString('Pozostałe, niepokazane tutaj: 10', $this->sender->sent[1]->body);
        self::assertStringStartsWith('Formularz kontaktowy: wiadomości wstrzymane do sprawdzenia (10)', $this->sender->sent[2]->subject);
        // Each mail: the ten oldest and the ten newest of what is untold.
        $mail = static fn (int $i): int => match (true) {
            $i < 10 || $i >= 40 => 0,
            $i < 20 || $i >= 30 => 1,
            default => 2,
        };
        foreach (array_keys($ids) as $i => $token) {
            self::assertSame(1, $this->mailsWithText($token), "$token: its text reached the salon once");
            self::assertStringContainsString("pytanie „{$token}”", $this->sender->sent[$mail($i)]->body, "$token: in mail {$mail($i)}");
        }

        // Each is kept its fourteen days from the digest that carried its text.
        $this->now = self::warsaw('2025-07-23 08:01');
        $this->pass();
        self::assertSame(array_values(array_slice($ids, 20, 10)), $this->idsIn('held'));
        $this->now = self::warsaw('2025-07-24 08:01');
        $this->pass();
        self::assertSame([], $this->idsIn('held'));
    }

    public function testMoreThanTwentyFailedMessagesReachTheSalonInFullOverSuccessiveNoticesAndNoneIsDeletedBefore(): void
    {
        $ids = [];
        for ($i = 0; $i < 25; $i++) {
            $visitor = $this->visitor("f$i");
            $claim = $this->outbox->store((new MessageBuilder($this->config))->build($visitor), visitor: $visitor);
            $ids["f$i"] = $this->outbox->expire($claim, 'SMTP Error: Could not connect to SMTP host.')->id();
            $this->now += 60;
        }
        $first = $this->now;

        self::assertSame(20, $this->pass()->toldOfFailed);
        $this->now += 1800;
        self::assertSame(0, $this->pass()->toldOfFailed, 'at most a notice an hour');
        $this->now = $first + 3600;
        self::assertSame(5, $this->pass()->toldOfFailed);
        $this->now += 7200;
        self::assertSame(0, $this->pass()->toldOfFailed);

        self::assertCount(2, $this->sender->sent);
        self::assertStringStartsWith('Formularz kontaktowy: wiadomości niedoręczone (25)', $this->sender->sent[0]->subject);
        self::assertStringContainsString('Przyjdą w następnym powiadomieniu', $this->sender->sent[0]->body);
        self::assertStringStartsWith('Formularz kontaktowy: wiadomości niedoręczone (5)', $this->sender->sent[1]->subject);
        foreach (array_keys($ids) as $i => $token) {
            self::assertSame(1, $this->mailsWithText($token), "$token: its text reached the salon once");
            $mail = $i >= 10 && $i < 15 ? 1 : 0;
            self::assertStringContainsString("pytanie „{$token}”", $this->sender->sent[$mail]->body, "$token: the ten oldest and the ten newest first");
        }

        // Thirty days from the notice that carried its text, not from the first notice.
        $this->now = $first + 30 * 86400 + 60;
        $this->pass();
        self::assertSame(array_values(array_slice($ids, 10, 5)), $this->idsIn('failed'));
        $this->now = $first + 3600 + 30 * 86400 + 60;
        $this->pass();
        self::assertSame([], $this->idsIn('failed'));
    }
}
