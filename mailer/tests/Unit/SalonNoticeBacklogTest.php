<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Unit;

use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;
use Salon\Mailer\DelivererPass;
use Salon\Mailer\MessageBuilder;
use Salon\Mailer\SalonNotices;
use Salon\Mailer\Spool;

/**
 * More failed messages than one notice carries: the salon is told of a message only by a notice that carried its
 * text; the rest are kept, untold, and the next notice carries them. Retention counts for each from its own notice.
 */
#[CoversClass(DelivererPass::class)]
#[CoversClass(SalonNotices::class)]
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
        self::assertSame('Formularz kontaktowy: wiadomości niedoręczone (20)', $this->sender->sent[0]->subject);
        self::assertStringContainsString('20 z 25, które na to czekają', $this->sender->sent[0]->body);
        self::assertStringContainsString('Pozostałe (5) przyjdą w następnym powiadomieniu', $this->sender->sent[0]->body);
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
