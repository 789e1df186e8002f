<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Unit;

use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Salon\Mailer\DelivererPass;
use Salon\Mailer\DelivererState;
use Salon\Mailer\MessageBuilder;
use Salon\Mailer\SendFailed;

/**
 * A summary or notice the relay does not take now is tried again as a message would be, not on every pass: each try
 * rereads every untold file and costs an SMTP session. What the backoff is at lives in the outbox, so a new
 * DelivererPass for every pass (a restart, a cron run) keeps it.
 */
#[CoversClass(DelivererPass::class)]
#[CoversClass(DelivererState::class)]
final class SalonNoticeBackoffTest extends TestCase
{
    use PassFixture;

    /** @return array<string, array{string, SendFailed}> */
    public static function failures(): array
    {
        return [
            'summary, 4xx' => ['held', SendFailed::deferred('MAIL FROM refused: 451 4.7.1 Try again later')],
            'summary, relay unreachable' => ['held', SendFailed::because('SMTP Error: data not accepted: 421 4.3.2 Service shutting down')],
            'notice, 5xx to RCPT TO' => ['failed', SendFailed::deferred('RCPT TO refused: 550 5.1.1 Mailbox unavailable')],
        ];
    }

    #[DataProvider('failures')]
    public function testAMailToTheSalonThatFailsBacksOffDoublingToAnHourAndGoesOnceTheRelayTakesIt(string $what, SendFailed $failure): void
    {
        $visitor = $this->visitor('a');
        if ($what === 'held') {
            $this->hold('a');
            $this->now = self::warsaw('2025-06-17 08:00');
        } else {
            $this->outbox->refuse($this->outbox->store((new MessageBuilder($this->config))->build($visitor), visitor: $visitor), '550 5.7.1 rejected');
        }
        $start = $this->now;
        $tries = [];
        // The relay answers the deliverer's probe (a session and the login) but not the mail.
        $this->sender->onSend = function () use (&$tries, $failure): void {
            $tries[] = $this->now;
            throw $failure;
        };

        // Two and a half hours of passes, every 20 s (OUTBOX_POLL_SECONDS is 5: the backoff is the same, the test
        // shorter).
        for (; $this->now < $start + 9000; $this->now += 20) {
            $this->pass();
        }

        $gaps = array_map(static fn (int $a, int $b): int => $b - $a, array_slice($tries, 0, -1), array_slice($tries, 1));
        self::assertSame([60, 120, 240, 480, 960, 1920, 3600], $gaps, 'doubling from OUTBOX_RETRY_SECONDS, capped at an hour');
        self::assertSame($start, $tries[0]);
        self::assertContains("contact-form: error reason=salon-$what-not-sent next=" . date('Y-m-d\TH:i:sP', $start + 60) . ' detail="' . $failure->getMessage() . '"', $this->log);

        $this->sender->onSend = null;
        $next = $tries[7] + 3600;
        for (; $this->now <= $next + 60; $this->now += 20) {
            $this->pass();
        }
        self::assertCount(1, $this->sender->sent, 'taken at its next try, once');
        self::assertSame([$next], array_values(DelivererState::load($this->dir)->told($what)), 'told at that try');
    }
}
