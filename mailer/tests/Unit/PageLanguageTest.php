<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Unit;

use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Salon\Mailer\Confirmation;
use Salon\Mailer\ConfirmationPage;
use Salon\Mailer\ContactMessage;
use Salon\Mailer\HttpRequest;
use Salon\Mailer\MessageBuilder;
use Salon\Mailer\OutboxEntry;
use Salon\Mailer\RefusalPage;
use Salon\Mailer\RequestHandler;
use Salon\Mailer\Response;
use Salon\Mailer\Validator;
use Salon\Mailer\Words;

/**
 * The form sends its page's language (Words::FIELD): whatever the visitor reads from the mailer is in it — the
 * fields' messages, the question, the pages of a plain form post, the confirmation page it is sent to — while the
 * mail to the salon stays Polish, says which page it came from and keeps her text as written. Anything but uk or en
 * is Polish.
 */
#[CoversClass(Words::class)]
#[CoversClass(RequestHandler::class)]
#[CoversClass(Validator::class)]
#[CoversClass(RefusalPage::class)]
#[CoversClass(ConfirmationPage::class)]
#[CoversClass(MessageBuilder::class)]
final class PageLanguageTest extends TestCase
{
    use HandlerFixture;

    private const SITE = 'http://127.0.0.1:8080';
    private const NAVIGATION_ACCEPT = 'text/html,application/xhtml+xml,*/*;q=0.8';
    private const FORM = ['name' => 'Олена', 'email' => 'olena@example.com', 'phone' => '', 'message' => "Добрий день!\nЧи можна записатися на п’ятницю?", Validator::TRAP_FIELD => ''];
    private const WRONG = ['name' => '', 'email' => 'olena(at)example', 'phone' => '600 abc', 'message' => 'x', Validator::TRAP_FIELD => ''];

    /** @param array<string, string|list<string>> $fields */
    private static function post(array $fields, ?string $accept = 'application/json', bool $proof = true): HttpRequest
    {
        return new HttpRequest('POST', 'application/x-www-form-urlencoded', http_build_query($fields), self::SITE, self::SITE . '/uk/kontakt', accept: $accept, proof: $proof ? self::proof() : null);
    }

    /** @return array<string, mixed> */
    private static function json(Response $response, int $status): array
    {
        self::assertSame($status, $response->status);

        return $response->data();
    }

    public function testAUkrainianPageGetsItsFieldErrorsInUkrainian(): void
    {
        $data = self::json($this->handler()->handle(self::post(['language' => 'uk'] + self::WRONG)), 422);

        self::assertSame('У формі є помилки. Виправте позначені поля та спробуйте ще раз.', $data['error']);
        self::assertSame([
            'name' => 'Вкажіть ім’я.',
            'email' => 'Вкажіть правильну адресу електронної пошти.',
            'phone' => 'Номер телефону може містити лише цифри, пробіли та знаки + - ( ).',
        ], $data['fields']);
    }

    public function testAnEnglishPageGetsItsFieldErrorsInEnglish(): void
    {
        $data = self::json($this->handler()->handle(self::post(['language' => 'en'] + self::WRONG)), 422);

        self::assertSame('The form has some errors. Please correct the marked fields and try again.', $data['error']);
        self::assertSame([
            'name' => 'Please enter your name.',
            'email' => 'Please enter a valid email address.',
            'phone' => 'Your phone number can only contain digits, spaces and the characters + - ( ).',
        ], $data['fields']);
    }

    public function testTheLimitsAreCountedInTheLanguagesOwnPlural(): void
    {
        $long = ['message' => str_repeat('a', 5001), 'name' => str_repeat('a', 101), 'email' => 'a@b.pl'];

        self::assertSame(['name' => 'Ім’я може мати щонайбільше 100 символів.', 'message' => 'Повідомлення може мати щонайбільше 5000 символів.'], (new Validator())->validate(['language' => 'uk'] + $long));
        self::assertSame(['name' => 'Your name can be at most 100 characters long.', 'message' => 'Your message can be at most 5,000 characters long.'], (new Validator())->validate(['language' => 'en'] + $long));
        self::assertSame(['1 символ', '254 символи', '12 символів', '21 символ', '30 символів'], array_map(Words::in('uk')->characters(...), [1, 254, 12, 21, 30]));
        self::assertSame(['1 znak', '254 znaki', '12 znaków', '100 znaków'], array_map(Words::in('pl')->characters(...), [1, 254, 12, 100]));
        self::assertSame(['1 character', '254 characters'], array_map(Words::in('en')->characters(...), [1, 254]));
    }

    /** @return iterable<string, array{array<string, string|list<string>>}> */
    public static function notUkrainianNorEnglish(): iterable
    {
        yield 'no language' => [[]];
        yield 'an unknown one' => [['language' => 'de']];
        yield 'upper case' => [['language' => 'UK']];
        yield 'sent twice' => [['language' => ['uk', 'en']]];
        yield 'Polish' => [['language' => 'pl']];
    }

    /** @param array<string, string|list<string>> $language */
    #[DataProvider('notUkrainianNorEnglish')]
    public function testAnyOtherLanguageIsPolish(array $language): void
    {
        $data = self::json($this->handler()->handle(self::post($language + self::WRONG)), 422);

        self::assertSame(RequestHandler::VALIDATION_ERROR, $data['error']);
        self::assertSame('Podaj imię.', $data['fields']['name']);

        $handler = $this->handler();
        $page = $handler->handle(self::post($language + self::FORM, self::NAVIGATION_ACCEPT));
        $handler->afterResponse();
        self::assertSame('/kontakt/wyslano', $page->headers['Location']);
        self::assertStringContainsString("\nStrona: polska\n", $this->sender->sent[0]->body);
    }

    public function testTheMailOfAUkrainianPageSaysSoInPolishAndKeepsHerTextAsWritten(): void
    {
        $handler = $this->handler();
        self::json($handler->handle(self::post(['language' => 'uk'] + self::FORM)), 200);
        $handler->afterResponse();

        $mail = $this->sender->sent[0];
        self::assertStringStartsWith('Wiadomość z formularza kontaktowego na stronie ', $mail->body);
        self::assertStringContainsString("\nImię: Олена\nE-mail: olena@example.com\nTelefon: (nie podano)\n", $mail->body);
        self::assertStringContainsString("\nStrona: ukraińska\n", $mail->body);
        self::assertStringContainsString("\nWiadomość:\nДобрий день!\nЧи можна записатися на п’ятницю?\n", $mail->body);
        self::assertStringStartsWith('Formularz kontaktowy strony: nowa wiadomość (', $mail->subject);
    }

    public function testTheMailOfAnEnglishPageSaysStronaAngielska(): void
    {
        $body = (new MessageBuilder(TestConfig::make()))->build(new ContactMessage('Ann', 'ann@example.com', '', 'Hello', 'en'))->body;

        self::assertStringContainsString("\nStrona: angielska\n", $body);
    }

    public function testAPlainPostFromAUkrainianPageIsSentToTheUkrainianConfirmationPageAndEnglishToTheEnglish(): void
    {
        $uk = $this->handler()->handle(self::post(['language' => 'uk'] + self::FORM, self::NAVIGATION_ACCEPT));
        $en = $this->handler()->handle(self::post(['language' => 'en'] + self::FORM, self::NAVIGATION_ACCEPT));

        self::assertSame(303, $uk->status);
        self::assertSame('/uk/kontakt/wyslano', $uk->headers['Location']);
        self::assertSame('/en/kontakt/wyslano', $en->headers['Location']);
        self::assertSame('/uk/kontakt/wyslano', Words::in('uk')->path(RequestHandler::SENT_PAGE), 'the route table\'s rule');
    }

    public function testARefusalPageOfAnEnglishPageIsEnglishAndLeadsBackToTheEnglishPages(): void
    {
        $response = $this->handler()->handle(self::post(['language' => 'en'] + self::WRONG, self::NAVIGATION_ACCEPT));

        self::assertSame(422, $response->status);
        self::assertStringStartsWith('<!DOCTYPE html><html lang="en">', $response->body);
        self::assertStringContainsString('<title>Your message has not been sent</title>', $response->body);
        self::assertStringContainsString('<p>Please correct in the form:</p>', $response->body);
        self::assertStringContainsString('<li><strong>Name</strong>: Please enter your name.</li>', $response->body);
        self::assertStringContainsString('<li><strong>Email</strong>: Please enter a valid email address.</li>', $response->body);
        self::assertStringContainsString('Back button – what you typed will still be in the fields.', $response->body);
        self::assertStringContainsString('<a href="/en/kontakt#formularz">Contact form</a> · <a href="/en">Home</a>', $response->body);
        self::assertStringNotContainsString(RefusalPage::FIX_FIELDS, $response->body);
    }

    public function testAUkrainianRefusalPageIsUkrainian(): void
    {
        $response = $this->handler()->handle(self::post(['language' => 'uk'] + self::WRONG, self::NAVIGATION_ACCEPT));

        self::assertStringStartsWith('<!DOCTYPE html><html lang="uk">', $response->body);
        self::assertStringContainsString('<h1>Повідомлення не надіслано</h1>', $response->body);
        self::assertStringContainsString('<li><strong>Ім’я</strong>: Вкажіть ім’я.</li>', $response->body);
        self::assertStringContainsString('<a href="/uk/kontakt#formularz">Контактна форма</a> · <a href="/uk">Головна</a>', $response->body);
    }

    public function testTheQuestionOfAUkrainianPageIsUkrainianAndItsAnswerLeadsToTheUkrainianConfirmationPage(): void
    {
        $data = self::json($this->handler()->handle(self::post(['language' => 'uk'] + self::FORM, proof: false)), 428);
        self::assertStringStartsWith('Ще один крок: дайте відповідь на запитання нижче', $data['error']);
        self::assertMatchesRegularExpression('/^Скільки буде (один|два|три|чотири|п’ять) плюс (один|два|три|чотири|п’ять)\?$/u', $data['confirm']['question']);
        self::assertSame(['Введіть результат цифрами.', 'Підтвердьте надсилання повідомлення', 'Підтвердити й надіслати'], [$data['confirm']['hint'], $data['confirm']['title'], $data['confirm']['submit']]);

        $token = (string) $data['confirm']['token'];
        $wrong = self::json($this->handler()->handle(self::post(['language' => 'uk', 'confirmation' => $token, 'answer' => '11'])), 422);
        self::assertSame('Це неправильна відповідь, тож ми ще не надіслали повідомлення. Спробуйте ще раз — запитання нове.', $wrong['error']);

        $asked = $this->outbox->held->entries()[0]->confirmation ?? self::fail('no question');
        $answer = ['language' => 'uk', 'confirmation' => $token, 'answer' => (string) ($asked->first + $asked->second)];
        $sent = $this->handler()->handle(self::post($answer, self::NAVIGATION_ACCEPT));
        self::assertSame('/uk/kontakt/wyslano', $sent->headers['Location']);
    }

    public function testWithoutJavaScriptTheQuestionIsAUkrainianPageWhoseFormSendsTheLanguageOn(): void
    {
        $page = $this->handler()->handle(self::post(['language' => 'uk'] + self::FORM, self::NAVIGATION_ACCEPT, false));

        self::assertSame(200, $page->status);
        self::assertStringStartsWith('<!DOCTYPE html><html lang="uk">', $page->body);
        self::assertStringContainsString('<h1>Підтвердьте надсилання повідомлення</h1>', $page->body);
        self::assertMatchesRegularExpression('/<label for="odpowiedz">Скільки буде \S+ плюс \S+\?<\/label>/u', $page->body);
        self::assertStringContainsString('<input type="hidden" name="language" value="uk">', $page->body);
        self::assertStringContainsString('<button type="submit">Підтвердити й надіслати</button>', $page->body);
        self::assertStringNotContainsString(ConfirmationPage::TITLE, $page->body);
    }

    public function testNothingLeftToConfirmIsSaidInThePagesLanguage(): void
    {
        $gone = self::json($this->handler()->handle(self::post(['language' => 'en', 'confirmation' => str_repeat('a', 16) . '.' . str_repeat('b', 32), 'answer' => '4'])), 410);

        self::assertSame('This message can no longer be confirmed, so it has not reached the salon. Please write it again or call the salon.', $gone['error']);
    }

    public function testTheAnswerMayBeAWordOfAnyOfTheLanguages(): void
    {
        $asked = new Confirmation(str_repeat('a', 64), 2, 3);

        self::assertSame('What is two plus three?', $asked->question(Words::in('en')));
        self::assertSame('Ile to jest dwa plus trzy?', $asked->question());
        foreach (['5', 'pięć', 'п’ять', "п'ять", 'пʼять', 'Five'] as $answer) {
            self::assertTrue($asked->accepts($answer), $answer);
        }
        self::assertFalse($asked->accepts('шість'));
    }

    public function testTheHeldMessageKeepsItsLanguageAndAnOlderOneIsPolish(): void
    {
        $this->handler()->handle(self::post(['language' => 'en'] + self::FORM, proof: false));
        $stored = $this->outbox->held->entries()[0];
        self::assertSame('en', $stored->visitor?->language);
        self::assertSame('en', OutboxEntry::fromJson($stored->toJson())->visitor?->language);

        $older = json_decode($stored->toJson(), true, 8, JSON_THROW_ON_ERROR);
        unset($older['visitor']['language']);
        self::assertSame('pl', OutboxEntry::fromJson((string) json_encode($older))->visitor?->language);
    }
}
