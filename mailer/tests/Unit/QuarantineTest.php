<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Unit;

use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;
use Salon\Mailer\Deliverer;
use Salon\Mailer\HttpRequest;
use Salon\Mailer\Outbox;
use Salon\Mailer\OutboxEntry;
use Salon\Mailer\OutboxFull;
use Salon\Mailer\OutboxLimits;
use Salon\Mailer\RequestHandler;

/**
 * A valid post without a valid proof of work (JavaScript off, a script, a replay) is held back in held/: answered
 * as stored, never sent unless a person releases it, then sent once; purged by hand or after heldDays.
 */
#[CoversClass(RequestHandler::class)]
#[CoversClass(Outbox::class)]
final class QuarantineTest extends TestCase
{
    use HandlerFixture;

    private const SITE = 'http://127.0.0.1:8080';
    private const FORM = ['name' => 'Zażółć Gęślą', 'email' => 'gosc@example.com', 'phone' => '', 'message' => 'Zażółć gęślą jaźń', 'website' => ''];
    private const NAVIGATION_ACCEPT = 'text/html,application/xhtml+xml,*/*;q=0.8';

    private int $now = 1_800_000_000;

    private static function post(?string $proof = null, ?string $accept = 'application/json', array $fields = self::FORM): HttpRequest
    {
        return new HttpRequest('POST', 'application/x-www-form-urlencoded', http_build_query($fields), self::SITE, accept: $accept, proof: $proof);
    }

    private function outboxAt(int $maxHeld = 500): Outbox
    {
        return new Outbox($this->dir, new OutboxLimits(maxHeld: $maxHeld, heldDays: 14), fn (): int => $this->now);
    }

    private function deliverAll(Outbox $outbox): void
    {
        (new Deliverer($outbox, $this->sender, static function (string $line): void {
        }))->runOnce(true);
    }

    public function testAPostWithoutAProofIsHeldAnsweredAsStoredAndNeverSentByTheDeliverer(): void
    {
        $outbox = $this->outboxAt();
        $handler = $this->handler($outbox);

        $response = $handler->handle(self::post());
        $handler->afterResponse();
        $this->deliverAll($outbox);

        self::assertSame(200, $response->status);
        self::assertSame([], $this->sender->sent);
        self::assertSame([], $outbox->pending());
        self::assertCount(1, $outbox->held->paths());
        $entry = $outbox->held->entries()[0];
        self::assertSame('gosc@example.com', $entry->message->replyTo);
        self::assertSame(['contact-form: held id=' . $entry->id() . ' proof=missing'], $this->log);
    }

    public function testAPlainFormPostWithoutJavaScriptIsHeldAndGetsTheConfirmationPage(): void
    {
        $response = $this->handler($this->outboxAt())->handle(self::post(null, self::NAVIGATION_ACCEPT));

        self::assertSame(303, $response->status);
        self::assertSame(RequestHandler::SENT_PAGE, $response->headers['Location']);
        self::assertCount(1, $this->outbox->held->paths());
    }

    public function testAReplayedProofIsHeldAndTheFirstUseIsSent(): void
    {
        $outbox = $this->outboxAt();
        $proof = self::proof();
        $first = $this->handler($outbox);
        $first->handle(self::post($proof));
        $first->afterResponse();
        $second = $this->handler($outbox);
        $second->handle(self::post($proof));
        $second->afterResponse();

        self::assertCount(1, $this->sender->sent);
        self::assertCount(1, $outbox->held->paths());
        self::assertStringEndsWith('proof=replayed', end($this->log));
    }

    public function testAnInvalidFormIsRefusedBeforeItsProofIsSpent(): void
    {
        $outbox = $this->outboxAt();
        $proof = self::proof();

        self::assertSame(422, $this->handler($outbox)->handle(self::post($proof, fields: ['email' => 'x'] + self::FORM))->status);
        $handler = $this->handler($outbox);
        $handler->handle(self::post($proof));
        $handler->afterResponse();

        self::assertCount(1, $this->sender->sent, 'corrected and sent again with the same proof');
        self::assertSame([], $outbox->held->paths());
    }

    public function testBeyondMaxHeldPostsWithoutAProofAre503AndCountedWhileProvenOnesStillGoThrough(): void
    {
        $outbox = $this->outboxAt(maxHeld: 2);
        for ($i = 0; $i < 2; $i++) {
            self::assertSame(200, $this->handler($outbox)->handle(self::post())->status);
        }

        $refused = $this->handler($outbox)->handle(self::post());
        $proven = $this->handler($outbox);
        $accepted = $proven->handle(self::post(self::proof()));
        $proven->afterResponse();

        self::assertSame(503, $refused->status);
        self::assertSame('300', $refused->headers['Retry-After']);
        self::assertContains('contact-form: refused reason=held-full proof=missing held=2 limit=2', $this->log);
        self::assertCount(2, $outbox->held->paths());
        self::assertSame(200, $accepted->status);
        self::assertCount(1, $this->sender->sent);
    }

    public function testPostsHeldAtTheSameMomentNeverPassMaxHeldTogether(): void
    {
        $limits = new OutboxLimits(maxHeld: 2, heldDays: 14);
        $other = new Outbox($this->dir, $limits, fn (): int => $this->now);
        $other->held->hold(OutboxTest::message('first'));
        // Another worker's post lands while this one is between its count and its write.
        $concurrent = false;
        $outbox = new Outbox($this->dir, $limits, function () use ($other, &$concurrent): int {
            if (!$concurrent) {
                $concurrent = true;
                $other->held->hold(OutboxTest::message('concurrent'));
            }

            return $this->now;
        });

        try {
            $outbox->held->hold(OutboxTest::message('late'));
            self::fail('a third held message was stored beyond maxHeld 2');
        } catch (OutboxFull $e) {
            self::assertSame('held-full', $e->getMessage());
        }
        self::assertCount(2, $outbox->held->paths());
        $kept = array_map(static fn (OutboxEntry $e): string => $e->message->messageId, $outbox->held->entries());
        $expected = [OutboxTest::message('first')->messageId, OutboxTest::message('concurrent')->messageId];
        sort($kept);
        sort($expected);
        self::assertSame($expected, $kept, 'the two that came first are kept');
    }

    public function testReleasePutsOneHeldMessageIntoTheQueueAndItIsSentOnce(): void
    {
        $outbox = $this->outboxAt();
        $this->handler($outbox)->handle(self::post(fields: ['message' => 'pierwsza'] + self::FORM));
        $this->now++;
        $this->handler($outbox)->handle(self::post(fields: ['message' => 'druga'] + self::FORM));
        [$first, $second] = $outbox->held->entries();

        self::assertSame(0, $outbox->held->release('0123456789abcdef'), 'an unknown id releases nothing');
        self::assertSame(0, $outbox->held->release('../x'), 'nor does a path');
        self::assertSame(1, $outbox->held->release($second->id()));
        $this->deliverAll($outbox);
        $this->deliverAll($outbox);

        self::assertCount(1, $this->sender->sent);
        self::assertStringContainsString('druga', $this->sender->sent[0]->body);
        self::assertSame($second->message->messageId, $this->sender->sent[0]->messageId);
        self::assertSame([$first->id()], array_map(static fn ($e) => $e->id(), $outbox->held->entries()));
        self::assertSame(1, $outbox->held->release());
        $this->deliverAll($outbox);
        self::assertCount(2, $this->sender->sent);
        self::assertSame([], $outbox->held->paths());
    }

    public function testWithoutAUsableKeyEveryPostIsHeldNotRefusedAndTheChallengeSays503(): void
    {
        // POW_KEY_FILE vanished or is short: no proof can be checked. Never a 500 for the visitor, never a loss.
        $outbox = $this->outboxAt();
        $handler = $this->handler($outbox, withKey: false);

        $response = $handler->handle(self::post(self::proof()));
        $handler->afterResponse();
        $this->deliverAll($outbox);

        self::assertSame(200, $response->status);
        self::assertSame([], $this->sender->sent);
        self::assertCount(1, $outbox->held->paths());
        self::assertContains('contact-form: held id=' . $outbox->held->entries()[0]->id() . ' proof=no-key', $this->log);
        self::assertSame(303, $this->handler($outbox, withKey: false)->handle(self::post(null, self::NAVIGATION_ACCEPT))->status);
        $challenge = $handler->challenge(new HttpRequest('GET'));
        self::assertSame(503, $challenge->status);
        self::assertSame('60', $challenge->headers['Retry-After']);
    }

    public function testPurgeDeletesOneOrAllAndNothingIsSent(): void
    {
        $outbox = $this->outboxAt();
        for ($i = 0; $i < 3; $i++) {
            $this->handler($outbox)->handle(self::post(fields: ['message' => "nr $i"] + self::FORM));
            $this->now++;
        }
        $ids = array_map(static fn ($e) => $e->id(), $outbox->held->entries());

        self::assertSame(1, $outbox->held->purge($ids[1]));
        self::assertSame([$ids[0], $ids[2]], array_map(static fn ($e) => $e->id(), $outbox->held->entries()));
        self::assertSame(2, $outbox->held->purge());
        $this->deliverAll($outbox);
        self::assertSame([], $outbox->held->paths());
        self::assertSame([], $this->sender->sent);
    }

    public function testHeldMessagesAreDeletedHeldDaysAfterTheSalonWasToldOfThemAndNeverBefore(): void
    {
        $outbox = $this->outboxAt();
        $this->handler($outbox)->handle(self::post());
        $id = $outbox->held->entries()[0]->id();

        $this->now += 30 * 86400;
        self::assertSame([], $outbox->held->expire([]), 'the digest never told the salon of it: kept');
        $told = [$id => $this->now];
        $this->now += 14 * 86400 - 1;
        self::assertSame([], $outbox->held->expire($told));
        $this->now += 2;
        self::assertSame([$id], $outbox->held->expire($told), '14 days after the digest, as the privacy policy says');

        self::assertSame([], $outbox->held->paths());
        self::assertSame([], $this->sender->sent);
    }
}
