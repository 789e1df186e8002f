<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Unit;

use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Salon\Mailer\MessageBuilder;
use Salon\Mailer\RequestHandler;
use Salon\Mailer\Response;
use Salon\Mailer\SendFailed;
use Salon\Mailer\Validator;

#[CoversClass(RequestHandler::class)]
#[CoversClass(Response::class)]
final class RequestHandlerTest extends TestCase
{
    private const FORM = [
        'name' => 'Zażółć Gęślą',
        'email' => 'gosc@example.com',
        'phone' => '',
        'message' => 'Zażółć gęślą jaźń',
    ];
    private const MULTIPART = 'multipart/form-data; boundary=----WebKitFormBoundary7MA4YWxkTrZu0gW';

    private FakeSender $sender;
    /** @var list<string> */
    private array $log = [];

    private function handler(?FakeSender $sender = null): RequestHandler
    {
        $this->sender = $sender ?? new FakeSender();

        return new RequestHandler(
            new Validator(),
            new MessageBuilder(TestConfig::make()),
            $this->sender,
            function (string $line): void {
                $this->log[] = $line;
            },
        );
    }

    private static function assertJsonResponse(Response $response, int $status): void
    {
        self::assertSame($status, $response->status);
        self::assertSame('application/json; charset=utf-8', $response->headers['Content-Type']);
        self::assertSame('no-store', $response->headers['Cache-Control']);
        self::assertJson($response->body);
    }

    public function testValidMultipartPostSendsOneMailAndAnswers200(): void
    {
        $response = $this->handler()->handle('POST', self::MULTIPART, self::FORM);

        self::assertJsonResponse($response, 200);
        self::assertSame(
            '{"ok":true,"message":"Wiadomość została wysłana. Dziękujemy za kontakt!"}',
            $response->body,
        );
        self::assertCount(1, $this->sender->sent);
        $mail = $this->sender->sent[0];
        self::assertSame('formularz@salon.test', $mail->from);
        self::assertSame('recepcja@salon.test', $mail->to);
        self::assertSame('gosc@example.com', $mail->replyTo);
        self::assertStringContainsString('Zażółć gęślą jaźń', $mail->body);
        self::assertSame([], $this->log);
    }

    public function testUrlEncodedPostIsAcceptedToo(): void
    {
        $response = $this->handler()->handle('POST', 'application/x-www-form-urlencoded;charset=UTF-8', self::FORM);

        self::assertJsonResponse($response, 200);
        self::assertCount(1, $this->sender->sent);
    }

    /**
     * @return iterable<string, array{string}>
     */
    public static function otherMethods(): iterable
    {
        foreach (['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS', 'PATCH'] as $method) {
            yield $method => [$method];
        }
    }

    #[DataProvider('otherMethods')]
    public function testOtherMethodsGet405WithAllow(string $method): void
    {
        $response = $this->handler()->handle($method, self::MULTIPART, self::FORM);

        self::assertJsonResponse($response, 405);
        self::assertSame('POST', $response->headers['Allow']);
        self::assertSame(['ok' => false, 'error' => RequestHandler::METHOD_ERROR], $response->data());
        self::assertSame([], $this->sender->sent);
    }

    public function testLowercaseMethodNameIsStillPost(): void
    {
        self::assertSame(200, $this->handler()->handle('post', self::MULTIPART, self::FORM)->status);
    }

    /**
     * @return iterable<string, array{string}>
     */
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
        $response = $this->handler()->handle('POST', $contentType, self::FORM);

        self::assertJsonResponse($response, 415);
        self::assertSame(['ok' => false, 'error' => RequestHandler::TYPE_ERROR], $response->data());
        self::assertSame([], $this->sender->sent);
    }

    public function testContentTypeIsCaseInsensitive(): void
    {
        self::assertSame(200, $this->handler()->handle('POST', 'Multipart/Form-Data; boundary=x', self::FORM)->status);
    }

    public function testBodyDroppedForSizeIs413NotAnEmptyForm(): void
    {
        $response = $this->handler()->handle('POST', self::MULTIPART, [], bodyTooLarge: true);

        self::assertJsonResponse($response, 413);
        self::assertSame(['ok' => false, 'error' => RequestHandler::TOO_LARGE_ERROR], $response->data());
        self::assertSame([], $this->sender->sent);
    }

    public function testInvalidFieldsGet422WithPolishMessagesPerField(): void
    {
        $response = $this->handler()->handle('POST', self::MULTIPART, [
            'name' => '',
            'email' => 'nie-adres',
            'phone' => 'abc',
            'message' => 'Treść',
        ]);

        self::assertJsonResponse($response, 422);
        self::assertSame([
            'ok' => false,
            'error' => 'Formularz zawiera błędy. Popraw zaznaczone pola i spróbuj ponownie.',
            'fields' => [
                'name' => 'Podaj imię i nazwisko.',
                'email' => 'Podaj poprawny adres e-mail.',
                'phone' => 'Numer telefonu może zawierać tylko cyfry, spacje i znaki + - ( ).',
            ],
        ], $response->data());
        // Polish letters are sent as UTF-8, not \u escapes.
        self::assertStringContainsString('"name":"Podaj imię i nazwisko."', $response->body);
        self::assertSame([], $this->sender->sent);
    }

    public function testHeaderInjectionIs422AndNothingIsSent(): void
    {
        $response = $this->handler()->handle('POST', self::MULTIPART, ['email' => "a@example.com\r\nBcc: b@example.com"] + self::FORM);

        self::assertSame(422, $response->status);
        self::assertArrayHasKey('email', $response->data()['fields']);
        self::assertSame([], $this->sender->sent);
    }

    public function testSenderFailureIs502WithoutInternals(): void
    {
        $failure = SendFailed::because('SMTP Error: Could not connect to SMTP host. recepcja@salon.test');
        $response = $this->handler(new FakeSender($failure))->handle('POST', self::MULTIPART, self::FORM);

        self::assertJsonResponse($response, 502);
        self::assertSame([
            'ok' => false,
            'error' => 'Wystąpił błąd podczas wysyłania wiadomości. Prosimy spróbować ponownie później.',
        ], $response->data());
        self::assertStringNotContainsString('SMTP', $response->body);

        self::assertCount(1, $this->log);
        self::assertStringStartsWith('contact-form: send failed: SMTP Error: Could not connect', $this->log[0]);
        foreach (['gosc@example.com', 'recepcja@salon.test', 'Zażółć', "\n"] as $secret) {
            self::assertStringNotContainsString($secret, $this->log[0]);
        }
    }

    public function testHoneypotAnswersLikeSuccessButSendsNothing(): void
    {
        $response = $this->handler()->handle('POST', self::MULTIPART, ['website' => 'https://spam.example'] + self::FORM);

        self::assertJsonResponse($response, 200);
        self::assertSame(['ok' => true, 'message' => RequestHandler::SUCCESS], $response->data());
        self::assertSame([], $this->sender->sent);
        self::assertSame(['contact-form: honeypot'], $this->log);
    }

    public function testHoneypotWinsOverValidationSoBotsLearnNothing(): void
    {
        $response = $this->handler()->handle('POST', self::MULTIPART, ['website' => 'x', 'email' => 'zły']);

        self::assertSame(200, $response->status);
        self::assertSame([], $this->sender->sent);
    }

    public function testEmptyHoneypotIsIgnored(): void
    {
        $response = $this->handler()->handle('POST', self::MULTIPART, ['website' => ''] + self::FORM);

        self::assertSame(200, $response->status);
        self::assertCount(1, $this->sender->sent);
    }
}
