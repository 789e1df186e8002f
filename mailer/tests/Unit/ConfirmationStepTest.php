<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Unit;

use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;
use Salon\Mailer\Confirmation;
use Salon\Mailer\ConfirmationPage;
use Salon\Mailer\Deliverer;
use Salon\Mailer\HeldMessages;
use Salon\Mailer\HttpRequest;
use Salon\Mailer\Outbox;
use Salon\Mailer\OutboxEntry;
use Salon\Mailer\OutboxFull;
use Salon\Mailer\OutboxLimits;
use Salon\Mailer\RequestHandler;
use Salon\Mailer\Response;
use Salon\Mailer\Validator;

/**
 * A valid post without a valid proof of work (JavaScript off, the solver failed, a script, a replay) or with the trap
 * filled is never told "sent": it is held and its sender asked one question; the right answer puts it into the queue
 * (sent once, as any other), a wrong one keeps her text and asks again, and what nobody confirms stays held until it
 * expires.
 */
#[CoversClass(RequestHandler::class)]
#[CoversClass(HeldMessages::class)]
#[CoversClass(ConfirmationPage::class)]
final class ConfirmationStepTest extends TestCase
{
    use HandlerFixture;

    private const SITE = 'http://127.0.0.1:8080';
    private const FORM = ['name' => 'Zażółć', 'email' => 'gosc@example.com', 'phone' => '', 'message' => 'Zażółć gęślą jaźń', Validator::TRAP_FIELD => ''];
    private const NAVIGATION_ACCEPT = 'text/html,application/xhtml+xml,*/*;q=0.8';

    private int $now = 1_800_000_000;

    /** @param array<string, string> $fields */
    private static function post(?string $proof = null, ?string $accept = 'application/json', array $fields = self::FORM): HttpRequest
    {
        return new HttpRequest('POST', 'application/x-www-form-urlencoded', http_build_query($fields), self::SITE, accept: $accept, proof: $proof);
    }

    private static function answer(string $token, string $answer, ?string $accept = 'application/json'): HttpRequest
    {
        return self::post(null, $accept, [RequestHandler::TOKEN_FIELD => $token, RequestHandler::ANSWER_FIELD => $answer]);
    }

    private function outboxAt(int $maxHeld = 500, int $maxPending = 500): Outbox
    {
        return new Outbox($this->dir, new OutboxLimits(maxPending: $maxPending, maxHeld: $maxHeld, heldDays: 14), fn (): int => $this->now);
    }

    private function deliverAll(Outbox $outbox): void
    {
        (new Deliverer($outbox, $this->sender, static function (string $line): void {
        }))->runOnce(true);
    }

    /** @return array{token: string, question: string} the question of a JSON answer */
    private static function asked(Response $response): array
    {
        $data = json_decode($response->body, true, 8, JSON_THROW_ON_ERROR);
        self::assertFalse($data['ok'], 'never "sent" while it waits for its answer');
        self::assertIsString($data['confirm']['token'] ?? null);

        return $data['confirm'];
    }

    /** The answer a person gives: the sum the held message's question asks for. */
    private static function rightAnswer(Outbox $outbox): string
    {
        $asked = $outbox->held->entries()[0]->confirmation ?? self::fail('no question on the held message');

        return (string) ($asked->first + $asked->second);
    }

    /** Handles a request as the endpoint does, the delivery after the answer included. */
    private function send(Outbox $outbox, HttpRequest $request): Response
    {
        $handler = $this->handler($outbox);
        $response = $handler->handle($request);
        $handler->afterResponse();

        return $response;
    }

    public function testAPostWithoutAProofIsAskedTheQuestionAndNothingGoesUntilItIsAnswered(): void
    {
        $outbox = $this->outboxAt();

        $response = $this->send($outbox, self::post());
        $this->deliverAll($outbox);

        self::assertSame(428, $response->status);
        $asked = self::asked($response);
        self::assertMatchesRegularExpression('/^Ile to jest (jeden|dwa|trzy|cztery|pięć) plus (jeden|dwa|trzy|cztery|pięć)\?$/u', $asked['question']);
        self::assertSame(RequestHandler::CONFIRM_NEEDED, json_decode($response->body, true)['error']);
        self::assertStringNotContainsString('gęślą', $response->body, 'her message stays on the server');
        self::assertSame([], $this->sender->sent);
        self::assertSame([], $outbox->pending());
        self::assertCount(1, $outbox->held->paths());
        self::assertSame('gosc@example.com', $outbox->held->entries()[0]->message->replyTo);
        self::assertSame(['contact-form: held id=' . $outbox->held->entries()[0]->id() . ' proof=missing'], $this->log);
    }

    public function testTheRightAnswerSendsTheMessageOnceLikeAnyOther(): void
    {
        $outbox = $this->outboxAt();
        $token = self::asked($this->send($outbox, self::post()))['token'];

        $response = $this->send($outbox, self::answer($token, self::rightAnswer($outbox)));
        $this->deliverAll($outbox);
        $again = $this->send($outbox, self::answer($token, '2'));

        self::assertSame(200, $response->status);
        self::assertSame(RequestHandler::SUCCESS, json_decode($response->body, true)['message']);
        self::assertCount(1, $this->sender->sent, 'sent right after the answer, and once');
        self::assertStringContainsString('Zażółć gęślą jaźń', $this->sender->sent[0]->body);
        self::assertSame('gosc@example.com', $this->sender->sent[0]->replyTo);
        self::assertSame([], $outbox->held->paths());
        self::assertSame([], $outbox->pending());
        self::assertSame(410, $again->status, 'nothing left to confirm');
        self::assertCount(1, $this->sender->sent);
    }

    public function testAWrongAnswerKeepsHerTextAndAsksANewQuestionWhoseRightAnswerSendsIt(): void
    {
        $outbox = $this->outboxAt();
        $first = self::asked($this->send($outbox, self::post()));
        $wrong = (string) ((int) self::rightAnswer($outbox) + 1);

        $response = $this->send($outbox, self::answer($first['token'], $wrong));

        self::assertSame(422, $response->status);
        $second = self::asked($response);
        self::assertSame(RequestHandler::CONFIRM_WRONG, json_decode($response->body, true)['error']);
        self::assertNotSame($first['question'], $second['question'], 'a new question');
        self::assertSame([], $this->sender->sent);
        self::assertCount(1, $outbox->held->entries());
        self::assertSame('Zażółć gęślą jaźń', $outbox->held->entries()[0]->visitor?->message);
        self::assertSame(200, $this->send($outbox, self::answer($second['token'], self::rightAnswer($outbox)))->status);
        self::assertCount(1, $this->sender->sent);
    }

    public function testAfterThreeWrongAnswersItCannotBeConfirmedAndStaysHeldForTheOperator(): void
    {
        $outbox = $this->outboxAt();
        $token = self::asked($this->send($outbox, self::post()))['token'];
        for ($i = 1; $i < Confirmation::MAX_WRONG; $i++) {
            self::assertSame(422, $this->send($outbox, self::answer($token, '99'))->status);
        }

        $last = $this->send($outbox, self::answer($token, '99'));
        $right = $this->send($outbox, self::answer($token, self::rightAnswer($outbox)));

        self::assertSame(410, $last->status);
        self::assertSame(RequestHandler::CONFIRM_GONE, json_decode($last->body, true)['error']);
        self::assertSame(410, $right->status, 'a guessing script gains nothing by guessing on');
        self::assertSame([], $this->sender->sent);
        self::assertCount(1, $outbox->held->paths());
    }

    public function testAnEmptyAnswerAsksAgainWithoutCountingAsWrong(): void
    {
        $outbox = $this->outboxAt();
        $first = self::asked($this->send($outbox, self::post()));

        $response = $this->send($outbox, self::answer($first['token'], '  '));

        self::assertSame(422, $response->status);
        self::assertSame(RequestHandler::CONFIRM_EMPTY, json_decode($response->body, true)['error']);
        self::assertSame($first['question'], self::asked($response)['question']);
        self::assertSame(0, $outbox->held->entries()[0]->confirmation?->wrong);
    }

    public function testATokenWithAnotherSecretOrOfAnotherMessageConfirmsNothing(): void
    {
        $outbox = $this->outboxAt();
        $mine = self::asked($this->send($outbox, self::post()))['token'];
        $this->now++;
        $theirs = self::asked($this->send($outbox, self::post(fields: ['message' => 'inna'] + self::FORM)))['token'];
        [$id] = explode('.', $mine);
        [, $secret] = explode('.', $theirs);
        $answer = self::rightAnswer($outbox);

        foreach ([$id . '.' . $secret, $id . '.' . str_repeat('0', 32), $id, '../' . $mine, ''] as $forged) {
            self::assertSame(410, $this->send($outbox, self::answer($forged, $answer))->status, $forged);
        }
        self::assertSame([], $this->sender->sent);
        self::assertCount(2, $outbox->held->paths());
    }

    public function testAFilledTrapLeadsToTheQuestionEvenWithAValidProofNeverToASilentDrop(): void
    {
        $outbox = $this->outboxAt();

        $response = $this->send($outbox, self::post(self::proof(), fields: [Validator::TRAP_FIELD => 'Anna Nowak'] + self::FORM));

        self::assertSame(428, $response->status);
        self::assertSame([], $this->sender->sent);
        self::assertStringEndsWith('proof=trap', end($this->log));
        self::assertSame(200, $this->send($outbox, self::answer(self::asked($response)['token'], self::rightAnswer($outbox)))->status);
        self::assertCount(1, $this->sender->sent, 'a person whose browser filled the trap is heard');
    }

    public function testWithoutJavaScriptTheQuestionIsAPageThatPostsTheTokenAndTheAnswer(): void
    {
        $outbox = $this->outboxAt();

        $page = $this->send($outbox, self::post(null, self::NAVIGATION_ACCEPT));

        self::assertSame(200, $page->status);
        self::assertSame('text/html; charset=utf-8', $page->headers['Content-Type']);
        self::assertStringContainsString('<h1>' . ConfirmationPage::TITLE . '</h1>', $page->body);
        self::assertStringContainsString('<form method="post" action="/send-email.php">', $page->body);
        $asked = $outbox->held->entries()[0]->confirmation;
        self::assertNotNull($asked);
        self::assertStringContainsString('<label for="odpowiedz">' . $asked->question() . '</label>', $page->body);
        self::assertMatchesRegularExpression('/<input id="odpowiedz" name="answer"[^>]* required/', $page->body);
        self::assertSame(1, preg_match('/name="confirmation" value="([0-9a-f.]+)"/', $page->body, $m));
        self::assertStringNotContainsString('gęślą', $page->body, 'not echoed into the page or a hidden field');
        self::assertStringNotContainsString('gosc@example.com', $page->body);
        self::assertStringNotContainsString('<script', $page->body);

        $wrong = $this->send($outbox, self::answer($m[1], '99', self::NAVIGATION_ACCEPT));
        self::assertSame(422, $wrong->status);
        self::assertStringContainsString('<p class="alert" role="alert">' . RequestHandler::CONFIRM_WRONG . '</p>', $wrong->body);
        $sent = $this->send($outbox, self::answer($m[1], self::rightAnswer($outbox), self::NAVIGATION_ACCEPT));
        self::assertSame(303, $sent->status);
        self::assertSame(RequestHandler::SENT_PAGE, $sent->headers['Location']);
        self::assertCount(1, $this->sender->sent);
    }

    public function testAnsweringWhileTheQueueIsFullKeepsTheMessageAndItsQuestion(): void
    {
        $outbox = $this->outboxAt(maxPending: 1);
        $token = self::asked($this->send($outbox, self::post()))['token'];
        $outbox->store(OutboxTest::message('someone else'));

        $full = $this->send($outbox, self::answer($token, self::rightAnswer($outbox)));
        self::assertSame(503, $full->status);
        self::assertCount(1, $outbox->held->paths());
        $claim = $outbox->claim($outbox->pending()[0]);
        self::assertNotNull($claim);
        $outbox->markSent($claim);

        self::assertSame(200, $this->send($outbox, self::answer($token, self::rightAnswer($outbox)))->status, 'the same answer, once there is room');
    }

    public function testAReplayedProofIsAskedAndTheFirstUseIsSent(): void
    {
        $outbox = $this->outboxAt();
        $proof = self::proof();
        $this->send($outbox, self::post($proof));
        $second = $this->send($outbox, self::post($proof));

        self::assertCount(1, $this->sender->sent);
        self::assertSame(428, $second->status);
        self::assertCount(1, $outbox->held->paths());
        self::assertStringEndsWith('proof=replayed', end($this->log));
    }

    public function testAnInvalidFormIsRefusedBeforeItsProofIsSpent(): void
    {
        $outbox = $this->outboxAt();
        $proof = self::proof();

        self::assertSame(422, $this->handler($outbox)->handle(self::post($proof, fields: ['email' => 'x'] + self::FORM))->status);
        $this->send($outbox, self::post($proof));

        self::assertCount(1, $this->sender->sent, 'corrected and sent again with the same proof');
        self::assertSame([], $outbox->held->paths());
    }

    public function testBeyondMaxHeldPostsWithoutAProofAre503AndCountedWhileProvenOnesStillGoThrough(): void
    {
        $outbox = $this->outboxAt(maxHeld: 2);
        for ($i = 0; $i < 2; $i++) {
            self::assertSame(428, $this->handler($outbox)->handle(self::post())->status);
        }

        $refused = $this->handler($outbox)->handle(self::post());
        $accepted = $this->send($outbox, self::post(self::proof()));

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

    public function testTheOperatorCanReleaseOneHeldMessageIntoTheQueueAndItIsSentOnce(): void
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

    public function testWithoutAUsableKeyEveryPostIsAskedNotRefusedAndTheChallengeSays503(): void
    {
        // POW_KEY_FILE vanished or is short: no proof can be checked. Never a 500 for the visitor, never a loss.
        $outbox = $this->outboxAt();
        $handler = $this->handler($outbox, withKey: false);

        $response = $handler->handle(self::post(self::proof()));
        $handler->afterResponse();
        $this->deliverAll($outbox);

        self::assertSame(428, $response->status);
        self::assertSame([], $this->sender->sent);
        self::assertCount(1, $outbox->held->paths());
        self::assertContains('contact-form: held id=' . $outbox->held->entries()[0]->id() . ' proof=no-key', $this->log);
        self::assertSame(200, $this->handler($outbox, withKey: false)->handle(self::post(null, self::NAVIGATION_ACCEPT))->status);
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

    public function testWhatNobodyConfirmedIsDeletedHeldDaysAfterItCame(): void
    {
        $outbox = $this->outboxAt();
        $this->handler($outbox)->handle(self::post());
        $id = $outbox->held->entries()[0]->id();

        $this->now += 14 * 86400 - 1;
        self::assertSame([], $outbox->held->expire());
        $this->now += 2;
        self::assertSame([$id], $outbox->held->expire(), '14 days after it came, as the privacy policy says');

        self::assertSame([], $outbox->held->paths());
        self::assertSame([], $this->sender->sent);
    }
}
