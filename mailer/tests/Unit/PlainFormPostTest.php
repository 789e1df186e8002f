<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Unit;

use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Salon\Mailer\HttpRequest;
use Salon\Mailer\Outbox;
use Salon\Mailer\ConfirmationPage;
use Salon\Mailer\RefusalPage;
use Salon\Mailer\RequestHandler;
use Salon\Mailer\Validator;
use Salon\Mailer\Response;

/**
 * The form posted by the browser itself (JavaScript off, or the page's scripts never ran): the same checks and the
 * same outbox as the script's post, answered with pages — 303 to the confirmation page, or a Polish page that says
 * what to fix — instead of JSON.
 */
#[CoversClass(RequestHandler::class)]
#[CoversClass(RefusalPage::class)]
#[CoversClass(Response::class)]
#[CoversClass(HttpRequest::class)]
final class PlainFormPostTest extends TestCase
{
    use HandlerFixture;

    /** What Chromium sends with a form post it makes itself (a navigation). */
    private const NAVIGATION_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7';
    private const FORM = ['name' => 'Zażółć Gęślą', 'email' => 'gosc@example.com', 'phone' => '', 'message' => 'Zażółć gęślą jaźń', Validator::TRAP_FIELD => ''];
    private const SITE = 'http://127.0.0.1:8080';
    private const URLENCODED = 'application/x-www-form-urlencoded';

    /** @param array<string, string> $fields */
    private static function formPost(array $fields = self::FORM, ?string $accept = self::NAVIGATION_ACCEPT, string $method = 'POST', ?string $origin = self::SITE): HttpRequest
    {
        return new HttpRequest($method, self::URLENCODED, http_build_query($fields), $origin, self::SITE . '/kontakt', false, '127.0.0.1:8080', 'same-origin', $accept, self::proof());
    }

    private static function assertPage(Response $response, int $status): void
    {
        self::assertSame($status, $response->status);
        self::assertSame('text/html; charset=utf-8', $response->headers['Content-Type']);
        self::assertSame('no-store', $response->headers['Cache-Control']);
        self::assertStringStartsWith('<!DOCTYPE html><html lang="pl">', $response->body);
        self::assertStringContainsString('<h1>' . RefusalPage::TITLE . '</h1>', $response->body);
        self::assertStringContainsString('<a href="/kontakt#formularz">Formularz kontaktowy</a>', $response->body);
        self::assertStringNotContainsString('<script', $response->body);
    }

    public function testAValidPostIsStoredOnceAndAnsweredWithA303ToTheConfirmationPage(): void
    {
        $handler = $this->handler();
        $response = $handler->handle(self::formPost());

        self::assertSame(303, $response->status);
        self::assertSame('/kontakt/wyslano', $response->headers['Location']);
        self::assertSame('no-store', $response->headers['Cache-Control']);
        self::assertSame('', $response->body);
        self::assertCount(1, $this->outbox->pending(), 'stored before the answer');

        $handler->afterResponse();
        self::assertCount(1, $this->sender->sent, 'and sent once, as the script\'s post is');
        self::assertSame('gosc@example.com', $this->sender->sent[0]->replyTo);
        self::assertStringContainsString('Zażółć gęślą jaźń', $this->sender->sent[0]->body);
        self::assertSame([], $this->outbox->pending());
    }

    public function testTheRedirectCarriesNothingTheVisitorSent(): void
    {
        $response = $this->handler()->handle(self::formPost());

        foreach ([...array_values($response->headers), $response->body] as $value) {
            foreach (['Zażółć', 'gosc', 'example.com', rawurlencode('Zażółć')] as $sent) {
                self::assertStringNotContainsString($sent, $value);
            }
        }
    }

    public function testTheScriptsPostStillGetsJsonAndAnyOtherClientToo(): void
    {
        foreach (['application/json', '*/*', null] as $accept) {
            $response = $this->handler()->handle(self::formPost(accept: $accept));
            self::assertSame(200, $response->status, (string) $accept);
            self::assertSame('application/json; charset=utf-8', $response->headers['Content-Type']);
            self::assertSame(['ok' => true, 'message' => RequestHandler::SUCCESS], $response->data());
        }
        self::assertCount(3, $this->outbox->pending());
    }

    public function testInvalidFieldsGet422WithAPageNamingEachFieldToFixAndNothingIsStored(): void
    {
        $response = $this->handler()->handle(self::formPost(['name' => '', 'email' => 'anna(at)example', 'phone' => '600 abc', 'message' => 'Treść']));

        self::assertPage($response, 422);
        self::assertStringContainsString('<p>Popraw w formularzu:</p>', $response->body);
        self::assertStringContainsString('<li><strong>Imię</strong>: Podaj imię.</li>', $response->body);
        self::assertStringContainsString('<li><strong>E-mail</strong>: Podaj poprawny adres e-mail.</li>', $response->body);
        self::assertStringContainsString('<li><strong>Telefon</strong>: Numer telefonu może zawierać tylko cyfry, spacje i znaki + - ( ).</li>', $response->body);
        self::assertStringNotContainsString('Wiadomość</strong>', $response->body, 'only the fields to fix');
        self::assertStringContainsString(RefusalPage::BACK_HINT, $response->body);
        self::assertSame([], $this->outbox->pending());
        self::assertSame(['contact-form: rejected reason=validation fields=name,email,phone'], $this->log);
    }

    public function testThePageNeverEchoesWhatWasSent(): void
    {
        $response = $this->handler()->handle(self::formPost(['name' => '<img src=x onerror=alert(1)>', 'email' => '"><script>x</script>', 'message' => 'Sekret 12345']));

        self::assertPage($response, 422);
        foreach (['<img src=x', 'onerror', '<script>x', 'Sekret 12345', '&lt;img'] as $sent) {
            self::assertStringNotContainsString($sent, $response->body);
        }
    }

    public function testAPostFromAnotherSiteGets403AsAPage(): void
    {
        $response = $this->handler()->handle(self::formPost(origin: 'https://evil.example'));

        self::assertPage($response, 403);
        self::assertStringContainsString('<p>' . RequestHandler::ORIGIN_ERROR . '</p>', $response->body);
        self::assertSame([], $this->outbox->pending());
    }

    public function testOpeningTheAddressInTheBrowserGets405AsAPageWithAWayToTheForm(): void
    {
        $response = $this->handler()->handle(self::formPost([], method: 'GET'));

        self::assertPage($response, 405);
        self::assertSame('POST', $response->headers['Allow']);
        self::assertStringContainsString(RequestHandler::METHOD_PAGE_ERROR, $response->body);
        self::assertStringNotContainsString(RefusalPage::BACK_HINT, $response->body, 'there is no filled form to go back to');
    }

    public function testAFullOutboxGets503AsAPageWithRetryAfter(): void
    {
        $outbox = Outbox::fromConfig(TestConfig::make(['OUTBOX_DIR' => $this->dir, 'OUTBOX_MIN_FREE_MB' => '1000000000']));

        $response = $this->handler($outbox)->handle(self::formPost());

        self::assertPage($response, 503);
        self::assertSame('300', $response->headers['Retry-After']);
        self::assertStringContainsString('<p>' . RequestHandler::OUTBOX_FULL_ERROR . '</p>', $response->body);
        self::assertStringContainsString(RefusalPage::BACK_HINT, $response->body);
    }

    public function testAnOversizedOrMalformedBodyGetsItsStatusAsAPage(): void
    {
        $tooLarge = new HttpRequest('POST', self::URLENCODED, '', self::SITE, null, true, null, null, self::NAVIGATION_ACCEPT);
        self::assertPage($this->handler()->handle($tooLarge), 413);
        $malformed = new HttpRequest('POST', 'multipart/form-data', 'x', self::SITE, null, false, null, null, self::NAVIGATION_ACCEPT);
        self::assertPage($this->handler()->handle($malformed), 400);
    }

    public function testAFilledTrapGetsTheQuestionPageNotTheConfirmationOfSending(): void
    {
        $handler = $this->handler();
        $response = $handler->handle(self::formPost([Validator::TRAP_FIELD => 'https://spam.example'] + self::FORM));
        $handler->afterResponse();

        self::assertSame(200, $response->status);
        self::assertArrayNotHasKey('Location', $response->headers);
        self::assertStringContainsString('<h1>' . ConfirmationPage::TITLE . '</h1>', $response->body);
        self::assertSame([], $this->outbox->pending());
        self::assertSame([], $this->sender->sent);
        self::assertCount(1, $this->outbox->held->paths());
    }

    public function testAnUnexpectedErrorIsAPageForAPageAndJsonForTheScript(): void
    {
        $page = RequestHandler::error(500, RequestHandler::SEND_ERROR, [], true);
        self::assertPage($page, 500);
        self::assertStringContainsString(RequestHandler::SEND_ERROR, $page->body);
        self::assertSame(['ok' => false, 'error' => RequestHandler::SEND_ERROR], RequestHandler::error(500, RequestHandler::SEND_ERROR)->data());
    }

    /** @return iterable<string, array{?string, bool}> */
    public static function accepts(): iterable
    {
        yield 'Chromium navigation' => [self::NAVIGATION_ACCEPT, true];
        yield 'Firefox navigation' => ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', true];
        yield 'the form\'s script' => ['application/json', false];
        yield 'curl' => ['*/*', false];
        yield 'none' => [null, false];
    }

    #[DataProvider('accepts')]
    public function testAPageIsForWhatAsksForHtml(?string $accept, bool $page): void
    {
        self::assertSame($page, HttpRequest::acceptsHtml($accept));
    }
}
