<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Unit;

use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Salon\Mailer\Deliverer;
use Salon\Mailer\HttpRequest;
use Salon\Mailer\Outbox;
use Salon\Mailer\OutboxLimits;
use Salon\Mailer\OutboxEntry;
use Salon\Mailer\ProofOfWork;
use Salon\Mailer\RequestHandler;
use Salon\Mailer\Response;
use Salon\Mailer\SendFailed;
use Salon\Mailer\Validator;

#[CoversClass(RequestHandler::class)]
#[CoversClass(Response::class)]
#[CoversClass(HttpRequest::class)]
final class RequestHandlerTest extends TestCase
{
    use HandlerFixture;

    private const FORM = [
        'name' => 'Zażółć Gęślą',
        'email' => 'gosc@example.com',
        'phone' => '',
        'message' => 'Zażółć gęślą jaźń',
    ];
    private const BOUNDARY = '----WebKitFormBoundary7MA4YWxkTrZu0gW';
    private const MULTIPART = 'multipart/form-data; boundary=' . self::BOUNDARY;
    private const SITE = 'http://127.0.0.1:8080';

    /** @param array<string, string> $fields */
    private static function multipart(array $fields): string
    {
        $body = '';
        foreach ($fields as $name => $value) {
            $body .= '--' . self::BOUNDARY . "\r\nContent-Disposition: form-data; name=\"$name\"\r\n\r\n$value\r\n";
        }

        return $body . '--' . self::BOUNDARY . "--\r\n";
    }

    /** @param array<string, string> $fields */
    private static function post(array $fields = self::FORM, string $contentType = self::MULTIPART, ?string $origin = self::SITE, ?string $referer = null, string $method = 'POST'): HttpRequest
    {
        $body = str_starts_with(strtolower($contentType), 'multipart/') ? self::multipart($fields) : http_build_query($fields);

        return new HttpRequest($method, $contentType, $body, $origin, $referer, proof: self::proof());
    }

    private static function assertJsonResponse(Response $response, int $status): void
    {
        self::assertSame($status, $response->status);
        self::assertSame('application/json; charset=utf-8', $response->headers['Content-Type']);
        self::assertSame('no-store', $response->headers['Cache-Control']);
        self::assertJson($response->body);
    }

    public function testValidPostIsStoredAnsweredThenSentAfterTheResponse(): void
    {
        $handler = $this->handler();
        $response = $handler->handle(self::post());

        self::assertJsonResponse($response, 200);
        self::assertSame('{"ok":true,"message":"Wiadomość została wysłana. Dziękujemy za kontakt!"}', $response->body);
        // Stored before anything is sent; SMTP is tried only after the answer went out.
        self::assertSame([], $this->sender->sent);
        self::assertCount(1, $this->outbox->pending());
        $stored = OutboxEntry::fromJson((string) file_get_contents($this->outbox->pending()[0]));

        $handler->afterResponse();

        self::assertCount(1, $this->sender->sent);
        $mail = $this->sender->sent[0];
        self::assertSame('formularz@salon.test', $mail->from);
        self::assertSame('recepcja@salon.test', $mail->to);
        self::assertSame('gosc@example.com', $mail->replyTo);
        self::assertStringContainsString('Zażółć gęślą jaźń', $mail->body);
        self::assertSame($stored->message->messageId, $mail->messageId, 'the Message-ID fixed when stored');
        self::assertSame([], $this->outbox->pending(), 'removed once SMTP accepted it');
        $id = $stored->id();
        self::assertSame(["contact-form: stored id=$id", "contact-form: sent id=$id attempt=1"], $this->log);
    }

    public function testUrlEncodedPostIsAcceptedToo(): void
    {
        $handler = $this->handler();
        $response = $handler->handle(self::post(self::FORM, 'application/x-www-form-urlencoded;charset=UTF-8'));
        $handler->afterResponse();

        self::assertJsonResponse($response, 200);
        self::assertCount(1, $this->sender->sent);
    }

    public function testWithSmtpDownTheVisitorStillGets200AndTheMessageWaits(): void
    {
        $this->sender->failure = SendFailed::because('SMTP Error: Could not connect to SMTP host.');
        $handler = $this->handler();

        $response = $handler->handle(self::post());
        $handler->afterResponse();

        self::assertJsonResponse($response, 200);
        self::assertCount(1, $this->outbox->pending());
        $entry = OutboxEntry::fromJson((string) file_get_contents($this->outbox->pending()[0]));
        self::assertSame(1, $entry->attempts);
        self::assertStringStartsWith('contact-form: retry id=' . $entry->id() . ' attempt=1 next=', $this->log[1]);

        // The next request does not wait for the dead server again; the deliverer takes it from here.
        $next = $this->handler();
        self::assertSame(200, $next->handle(self::post())->status);
        $next->afterResponse();
        self::assertSame(1, $this->sender->calls);
        self::assertCount(2, $this->outbox->pending());
        self::assertMatchesRegularExpression('/^contact-form: deferred id=[0-9a-f]{16} reason=smtp-down$/', $this->log[3]);
    }

    public function testAnOutboxThatCannotBeWrittenIs503AndNothingIsSent(): void
    {
        $handler = $this->handler(new Outbox($this->dir . '/missing'));

        $response = $handler->handle(self::post());
        $handler->afterResponse();

        self::assertJsonResponse($response, 503);
        self::assertSame(['ok' => false, 'error' => RequestHandler::SEND_ERROR], $response->data());
        self::assertSame([], $this->sender->sent, 'never sent without being stored first');
        self::assertStringStartsWith('contact-form: error reason=outbox-unwritable detail="cannot create a file in ', $this->log[0]);
    }

    private const FULL_ERROR = 'Chwilowo nie możemy przyjąć wiadomości. Prosimy spróbować ponownie za kilka minut albo zadzwonić do salonu.';

    public function testOverTheCapOfWaitingMessagesIs503InPolishAndItRecoversByItself(): void
    {
        $outbox = Outbox::fromConfig(TestConfig::make(['OUTBOX_DIR' => $this->dir, 'OUTBOX_MAX_PENDING' => '2']));
        $this->sender->failure = SendFailed::because('SMTP Error: Could not connect to SMTP host.');
        foreach ([1, 2] as $n) {
            $handler = $this->handler($outbox);
            self::assertSame(200, $handler->handle(self::post())->status, "message $n");
            $handler->afterResponse();
        }

        $response = $this->handler($outbox)->handle(self::post());

        self::assertJsonResponse($response, 503);
        self::assertSame(['ok' => false, 'error' => self::FULL_ERROR], $response->data());
        self::assertSame('300', $response->headers['Retry-After']);
        self::assertCount(2, $outbox->pending(), 'nothing stored over the cap');
        self::assertSame('contact-form: error reason=outbox-full waiting=2 limit=2', end($this->log));

        // SMTP is back and the deliverer empties the outbox: posts are taken again, nobody has to reset anything.
        $this->sender->failure = null;
        (new Deliverer($outbox, $this->sender, static function (string $line): void {
        }))->runOnce(true);
        self::assertSame(200, $this->handler($outbox)->handle(self::post())->status);
    }

    public function testUnderTheFreeSpaceFloorIs503InPolishAndNothingIsWritten(): void
    {
        // A floor no disk here can meet (a petabyte).
        $outbox = Outbox::fromConfig(TestConfig::make(['OUTBOX_DIR' => $this->dir, 'OUTBOX_MIN_FREE_MB' => '1000000000']));

        $response = $this->handler($outbox)->handle(self::post());

        self::assertJsonResponse($response, 503);
        self::assertSame(['ok' => false, 'error' => self::FULL_ERROR], $response->data());
        // No message (its proof of work was spent: the page solves a new one for the next try).
        self::assertSame([ProofOfWork::SPENT_DIR], $this->namesIn($this->dir));
        self::assertMatchesRegularExpression('/^contact-form: error reason=disk-low free-mb=\d+ floor-mb=1000000000$/', end($this->log));
    }

    public function testTheFreeSpaceCheckRecoversByItselfToo(): void
    {
        $free = 10 * 1024 * 1024;
        $outbox = new Outbox($this->dir, new OutboxLimits(minFreeBytes: 50 * 1024 * 1024), freeBytes: function () use (&$free): int {
            return $free;
        });
        self::assertSame(503, $this->handler($outbox)->handle(self::post())->status);
        $free = 200 * 1024 * 1024; // someone rotated the logs
        self::assertSame(200, $this->handler($outbox)->handle(self::post())->status);
    }

    public function testTheAttemptIsOnFileBeforeTheRequestSendsIt(): void
    {
        // If the worker dies while SMTP has the message (request_terminate_timeout, OOM), the deliverer must find the
        // attempt counted and wait its backoff, not retry it at once and forever.
        $handler = $this->handler();
        $handler->handle(self::post());

        $entry = OutboxEntry::fromJson((string) file_get_contents($this->outbox->pending()[0]));
        self::assertSame(1, $entry->attempts);
        self::assertGreaterThan(time() + 30, $entry->nextAttemptAt);

        $handler->afterResponse();
        self::assertCount(1, $this->sender->sent);
        self::assertSame([], $this->outbox->pending());
    }

    public function testWhileSmtpLooksDownTheMessageIsStoredDueAndUncounted(): void
    {
        $this->outbox->smtp->noteDown();
        $handler = $this->handler();
        $handler->handle(self::post());
        $handler->afterResponse();

        $entry = OutboxEntry::fromJson((string) file_get_contents($this->outbox->pending()[0]));
        self::assertSame(0, $entry->attempts, 'no attempt was made');
        self::assertLessThanOrEqual(time(), $entry->nextAttemptAt, 'the deliverer takes it at once');
        self::assertSame(0, $this->sender->calls);
    }

    public function testACrossSitePostWithoutOriginOrRefererIsRefusedBySecFetchSite(): void
    {
        $request = static fn (string $site): HttpRequest => new HttpRequest('POST', self::MULTIPART, self::multipart(self::FORM), null, null, false, null, $site, proof: self::proof());

        $response = $this->handler()->handle($request('cross-site'));
        self::assertJsonResponse($response, 403);
        self::assertSame(['ok' => false, 'error' => RequestHandler::ORIGIN_ERROR], $response->data());
        self::assertSame('contact-form: rejected reason=fetch-site', end($this->log));
        self::assertSame(200, $this->handler()->handle($request('same-origin'))->status);
    }

    /** @return iterable<string, array{string}> */
    public static function otherMethods(): iterable
    {
        foreach (['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS', 'PATCH'] as $method) {
            yield $method => [$method];
        }
    }

    #[DataProvider('otherMethods')]
    public function testOtherMethodsGet405WithAllow(string $method): void
    {
        $response = $this->handler()->handle(self::post(method: $method));

        self::assertJsonResponse($response, 405);
        self::assertSame('POST', $response->headers['Allow']);
        self::assertSame(['ok' => false, 'error' => RequestHandler::METHOD_ERROR], $response->data());
        self::assertSame([], $this->outbox->pending());
        self::assertSame(['contact-form: rejected reason=method'], $this->log);
    }

    public function testLowercaseMethodNameIsStillPost(): void
    {
        self::assertSame(200, $this->handler()->handle(self::post(method: 'post'))->status);
    }

    public function testPostsFromAnotherSiteGet403(): void
    {
        $response = $this->handler()->handle(self::post(origin: 'https://evil.example'));
        self::assertJsonResponse($response, 403);
        self::assertSame(['ok' => false, 'error' => RequestHandler::ORIGIN_ERROR], $response->data());

        self::assertSame(403, $this->handler()->handle(self::post(origin: null, referer: 'https://evil.example/form'))->status);
        self::assertSame(['contact-form: rejected reason=origin', 'contact-form: rejected reason=referer'], $this->log);
        self::assertSame([], $this->outbox->pending());
    }

    public function testAPageOfTheHostTheRequestWasSentToPassesWithoutAnySiteOrigin(): void
    {
        // WEB_PORT=8081: the page and the post both at localhost:8081, SITE_ORIGIN not set.
        $request = static fn (?string $host): HttpRequest => new HttpRequest('POST', self::MULTIPART, self::multipart(self::FORM), 'http://localhost:8081', null, false, $host, proof: self::proof());
        self::assertSame(403, $this->handler()->handle($request(null))->status);
        self::assertSame(403, $this->handler()->handle($request('localhost:8080'))->status);
        self::assertSame(200, $this->handler()->handle($request('localhost:8081'))->status);
    }

    public function testOwnRefererOrNoHeaderAtAllPasses(): void
    {
        self::assertSame(200, $this->handler()->handle(self::post(origin: null, referer: self::SITE . '/kontakt'))->status);
        self::assertSame(200, $this->handler()->handle(self::post(origin: null))->status);
    }

    /** @return iterable<string, array{string}> */
    public static function otherContentTypes(): iterable
    {
        yield 'json' => ['application/json'];
        yield 'text' => ['text/plain;charset=UTF-8'];
        yield 'none' => [''];
        yield 'lookalike' => ['multipart/form-data-evil'];
    }

    #[DataProvider('otherContentTypes')]
    public function testOtherContentTypesGet415(string $contentType): void
    {
        $response = $this->handler()->handle(new HttpRequest('POST', $contentType, '{"name":"x"}', self::SITE));

        self::assertJsonResponse($response, 415);
        self::assertSame(['ok' => false, 'error' => RequestHandler::TYPE_ERROR], $response->data());
        self::assertSame([], $this->outbox->pending());
    }

    public function testContentTypeIsCaseInsensitive(): void
    {
        self::assertSame(200, $this->handler()->handle(self::post(contentType: 'Multipart/Form-Data; boundary=' . self::BOUNDARY))->status);
    }

    public function testBodyOverTheLimitIs413(): void
    {
        $response = $this->handler()->handle(new HttpRequest('POST', self::MULTIPART, '', self::SITE, null, bodyTooLarge: true));
        self::assertJsonResponse($response, 413);
        self::assertSame(['ok' => false, 'error' => RequestHandler::TOO_LARGE_ERROR], $response->data());

        $big = new HttpRequest('POST', self::MULTIPART, str_repeat('x', HttpRequest::BODY_LIMIT + 1), self::SITE);
        self::assertSame(413, $this->handler()->handle($big)->status);
        self::assertSame([], $this->outbox->pending());
    }

    public function testAMalformedBodyIs400(): void
    {
        $response = $this->handler()->handle(new HttpRequest('POST', 'multipart/form-data', self::multipart(self::FORM), self::SITE, proof: self::proof()));

        self::assertJsonResponse($response, 400);
        self::assertSame(['ok' => false, 'error' => RequestHandler::MALFORMED_ERROR], $response->data());
        self::assertSame(['contact-form: rejected reason=malformed detail="multipart without a boundary"'], $this->log);
    }

    public function testInvalidFieldsGet422WithPolishMessagesPerField(): void
    {
        $response = $this->handler()->handle(self::post([
            'name' => '',
            'email' => 'nie-adres',
            'phone' => 'abc',
            'message' => 'Treść',
        ]));

        self::assertJsonResponse($response, 422);
        self::assertSame([
            'ok' => false,
            'error' => 'Formularz zawiera błędy. Popraw zaznaczone pola i spróbuj ponownie.',
            'fields' => [
                'name' => 'Podaj imię.',
                'email' => 'Podaj poprawny adres e-mail.',
                'phone' => 'Numer telefonu może zawierać tylko cyfry, spacje i znaki + - ( ).',
            ],
        ], $response->data());
        // Polish letters are sent as UTF-8, not \u escapes.
        self::assertStringContainsString('"name":"Podaj imię."', $response->body);
        self::assertSame([], $this->outbox->pending());
        self::assertSame(['contact-form: rejected reason=validation fields=name,email,phone'], $this->log);
    }

    public function testHeaderInjectionIs422AndNothingIsStored(): void
    {
        $response = $this->handler()->handle(self::post(['email' => "a@example.com\r\nBcc: b@example.com"] + self::FORM));

        self::assertSame(422, $response->status);
        self::assertArrayHasKey('email', $response->data()['fields']);
        self::assertSame([], $this->outbox->pending());
        self::assertStringNotContainsString('example.com', implode("\n", $this->log));
    }

    public function testArrayFieldsAre422(): void
    {
        $request = new HttpRequest('POST', 'application/x-www-form-urlencoded', 'name[]=x&email=a%40example.com&message=m', self::SITE);
        $response = $this->handler()->handle($request);

        self::assertSame(422, $response->status);
        self::assertSame(['name' => 'Pole ma nieprawidłowy format.'], $response->data()['fields']);
    }

    public function testAFilledTrapIsNeverToldSentNorDroppedButAskedToConfirm(): void
    {
        $handler = $this->handler();
        $response = $handler->handle(self::post([Validator::TRAP_FIELD => 'https://spam.example'] + self::FORM));
        $handler->afterResponse();

        self::assertJsonResponse($response, 428);
        self::assertFalse($response->data()['ok']);
        self::assertArrayHasKey('confirm', $response->data());
        self::assertSame([], $this->sender->sent);
        self::assertSame([], $this->outbox->pending());
        self::assertCount(1, $this->outbox->held->paths(), 'kept for her confirmation, never dropped');
    }

    public function testAFilledTrapStillGetsTheFieldErrorsSoAPersonCanCorrectThem(): void
    {
        $response = $this->handler()->handle(self::post([Validator::TRAP_FIELD => 'x', 'email' => 'zły'] + self::FORM));

        self::assertSame(422, $response->status);
        self::assertSame([], $this->outbox->held->paths());
    }

    public function testAnEmptyTrapIsIgnored(): void
    {
        self::assertSame(200, $this->handler()->handle(self::post([Validator::TRAP_FIELD => ''] + self::FORM))->status);
        self::assertCount(1, $this->outbox->pending());
    }

    public function testLogLinesNeverCarryAddressesOrText(): void
    {
        $this->sender->failure = SendFailed::because('SMTP Error: 550 <gosc@example.com> rejected');
        $handler = $this->handler();
        $handler->handle(self::post());
        $handler->afterResponse();
        $this->handler()->handle(self::post(['email' => 'zły'] + self::FORM));

        self::assertCount(3, $this->log);
        foreach ($this->log as $line) {
            foreach (['gosc@example.com', 'recepcja@salon.test', 'Zażółć', 'zły'] as $secret) {
                self::assertStringNotContainsString($secret, $line);
            }
        }
    }
}
