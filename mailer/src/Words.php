<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * What the mailer says to a visitor, in her page's language: the form sends it in a hidden field (FIELD: pl, uk or
 * en; anything else, or none, is Polish), and the messages of the fields, the question, the JSON answers and the
 * pages for a plain form post follow it. The Polish texts are the spec's (the classes' constants name them); uk and
 * en say the same, to "ви" and to "you", as the site's Ukrainian and English pages do (frontend/app/site/words/).
 * A refusal before the body is read (method, origin, type, size, shape) has no field to go by and stays Polish, as
 * do the mail to the salon and the log; nginx's own refusals go by the page the form was posted from (its Referer).
 */
final readonly class Words
{
    /** The form's hidden field with its page's language (ContactForm.tsx, ConfirmationPage). */
    public const FIELD = 'language';

    public const PL = [
        'success' => 'Wiadomość została wysłana. Dziękujemy za kontakt!',
        'sendError' => 'Wystąpił błąd podczas wysyłania wiadomości. Prosimy spróbować ponownie później.',
        /** nginx's own refusals (docker/nginx/templates): a body over its limit (413), too many posts (429). */
        'tooLarge' => 'Wiadomość jest za duża. Skróć ją i spróbuj ponownie.',
        'tooMany' => 'Wysłano zbyt wiele wiadomości w krótkim czasie. Spróbuj ponownie za kilka minut.',
        'validation' => 'Formularz zawiera błędy. Popraw zaznaczone pola i spróbuj ponownie.',
        'outboxFull' => 'Chwilowo nie możemy przyjąć wiadomości. Prosimy spróbować ponownie za kilka minut albo zadzwonić do salonu.',
        'confirmNeeded' => 'Jeszcze jeden krok: odpowiedz na pytanie poniżej, a wyślemy wiadomość do salonu. Pytamy, bo ta przeglądarka nie wykonała zabezpieczenia przed spamem (np. JavaScript jest wyłączony) – tak odróżniamy ludzi od automatów.',
        'confirmWrong' => 'To nie jest dobra odpowiedź, więc jeszcze nie wysłaliśmy wiadomości. Spróbuj jeszcze raz – pytanie jest nowe.',
        'confirmEmpty' => 'Wpisz odpowiedź na pytanie.',
        'confirmGone' => 'Tej wiadomości nie możemy już potwierdzić, więc nie trafiła do salonu. Napisz ją jeszcze raz albo zadzwoń do salonu.',
        'confirmTitle' => 'Potwierdź wysłanie wiadomości',
        'confirmHint' => 'Wpisz wynik cyframi.',
        'confirmSubmit' => 'Potwierdź i wyślij',
        'question' => 'Ile to jest %s plus %s?',
        'refusalTitle' => 'Wiadomość nie została wysłana',
        'backHint' => 'Wróć do formularza przyciskiem „Wstecz” przeglądarki – wpisany tekst zostanie w polach.',
        'fixFields' => 'Popraw w formularzu:',
        'formLink' => 'Formularz kontaktowy',
        'homeLink' => 'Strona główna',
        'notText' => 'Pole ma nieprawidłowy format.',
        'badEncoding' => 'Pole zawiera nieprawidłowe znaki.',
        'nameEmpty' => 'Podaj imię.',
        'nameLong' => 'Imię może mieć najwyżej %s.',
        'nameCharacters' => 'Imię może zawierać tylko litery, cyfry, spacje i znaki . , \' ’ - ( ) &.',
        'nameLineBreak' => 'Imię nie może zawierać znaków nowego wiersza.',
        'emailEmpty' => 'Podaj adres e-mail.',
        'emailLong' => 'Adres e-mail może mieć najwyżej %s.',
        'emailInvalid' => 'Podaj poprawny adres e-mail.',
        'emailLineBreak' => 'Adres e-mail nie może zawierać znaków nowego wiersza.',
        'phoneLong' => 'Numer telefonu może mieć najwyżej %s.',
        'phoneCharacters' => 'Numer telefonu może zawierać tylko cyfry, spacje i znaki + - ( ).',
        'phoneLineBreak' => 'Numer telefonu nie może zawierać znaków nowego wiersza.',
        'messageEmpty' => 'Wpisz treść wiadomości.',
        'messageLong' => 'Wiadomość może mieć najwyżej %s.',
    ];

    private const UK = [
        'success' => 'Повідомлення надіслано. Дякуємо, що звернулися до нас!',
        'sendError' => 'Під час надсилання повідомлення сталася помилка. Будь ласка, спробуйте ще раз пізніше.',
        'tooLarge' => 'Повідомлення задовге. Скоротіть його та надішліть ще раз.',
        'tooMany' => 'Надіслано забагато повідомлень за короткий час. Спробуйте ще раз за кілька хвилин.',
        'validation' => 'У формі є помилки. Виправте позначені поля та спробуйте ще раз.',
        'outboxFull' => 'Зараз ми не можемо прийняти повідомлення. Будь ласка, спробуйте ще раз за кілька хвилин або зателефонуйте до салону.',
        'confirmNeeded' => 'Ще один крок: дайте відповідь на запитання нижче, і ми надішлемо повідомлення до салону. Ми запитуємо, бо цей браузер не виконав захисту від спаму (наприклад, вимкнено JavaScript), — так ми відрізняємо людей від ботів.',
        'confirmWrong' => 'Це неправильна відповідь, тож ми ще не надіслали повідомлення. Спробуйте ще раз — запитання нове.',
        'confirmEmpty' => 'Введіть відповідь на запитання.',
        'confirmGone' => 'Це повідомлення вже неможливо підтвердити, тому воно не надійшло до салону. Напишіть його ще раз або зателефонуйте до салону.',
        'confirmTitle' => 'Підтвердьте надсилання повідомлення',
        'confirmHint' => 'Введіть результат цифрами.',
        'confirmSubmit' => 'Підтвердити й надіслати',
        'question' => 'Скільки буде %s плюс %s?',
        'refusalTitle' => 'Повідомлення не надіслано',
        'backHint' => 'Поверніться до форми кнопкою «Назад» у браузері — введений текст залишиться в полях.',
        'fixFields' => 'Виправте у формі:',
        'formLink' => 'Контактна форма',
        'homeLink' => 'Головна',
        'notText' => 'Поле має неправильний формат.',
        'badEncoding' => 'Поле містить недопустимі символи.',
        'nameEmpty' => 'Вкажіть ім’я.',
        'nameLong' => 'Ім’я може мати щонайбільше %s.',
        'nameCharacters' => 'Ім’я може містити лише літери, цифри, пробіли та знаки . , \' ’ - ( ) &.',
        'nameLineBreak' => 'Ім’я не може містити символів нового рядка.',
        'emailEmpty' => 'Вкажіть адресу електронної пошти.',
        'emailLong' => 'Адреса електронної пошти може мати щонайбільше %s.',
        'emailInvalid' => 'Вкажіть правильну адресу електронної пошти.',
        'emailLineBreak' => 'Адреса електронної пошти не може містити символів нового рядка.',
        'phoneLong' => 'Номер телефону може мати щонайбільше %s.',
        'phoneCharacters' => 'Номер телефону може містити лише цифри, пробіли та знаки + - ( ).',
        'phoneLineBreak' => 'Номер телефону не може містити символів нового рядка.',
        'messageEmpty' => 'Напишіть текст повідомлення.',
        'messageLong' => 'Повідомлення може мати щонайбільше %s.',
    ];

    private const EN = [
        'success' => 'Your message has been sent. Thank you for getting in touch!',
        'sendError' => 'Something went wrong while sending your message. Please try again later.',
        'tooLarge' => 'Your message is too long. Please shorten it and send it again.',
        'tooMany' => 'Too many messages have been sent in a short time. Please try again in a few minutes.',
        'validation' => 'The form has some errors. Please correct the marked fields and try again.',
        'outboxFull' => 'We cannot accept messages at the moment. Please try again in a few minutes or call the salon.',
        'confirmNeeded' => 'One more step: answer the question below and we will send your message to the salon. We ask because this browser did not complete the spam check (for example, JavaScript is turned off) – this is how we tell people from bots.',
        'confirmWrong' => 'That is not the right answer, so we have not sent your message yet. Please try again – this is a new question.',
        'confirmEmpty' => 'Please type your answer to the question.',
        'confirmGone' => 'This message can no longer be confirmed, so it has not reached the salon. Please write it again or call the salon.',
        'confirmTitle' => 'Confirm sending your message',
        'confirmHint' => 'Type the answer as a number.',
        'confirmSubmit' => 'Confirm and send',
        'question' => 'What is %s plus %s?',
        'refusalTitle' => 'Your message has not been sent',
        'backHint' => 'Go back to the form with your browser’s Back button – what you typed will still be in the fields.',
        'fixFields' => 'Please correct in the form:',
        'formLink' => 'Contact form',
        'homeLink' => 'Home',
        'notText' => 'This field is not in a valid format.',
        'badEncoding' => 'This field contains characters that are not allowed.',
        'nameEmpty' => 'Please enter your name.',
        'nameLong' => 'Your name can be at most %s long.',
        'nameCharacters' => 'Your name can only contain letters, digits, spaces and the characters . , \' ’ - ( ) &.',
        'nameLineBreak' => 'Your name cannot contain line breaks.',
        'emailEmpty' => 'Please enter your email address.',
        'emailLong' => 'Your email address can be at most %s long.',
        'emailInvalid' => 'Please enter a valid email address.',
        'emailLineBreak' => 'Your email address cannot contain line breaks.',
        'phoneLong' => 'Your phone number can be at most %s long.',
        'phoneCharacters' => 'Your phone number can only contain digits, spaces and the characters + - ( ).',
        'phoneLineBreak' => 'Your phone number cannot contain line breaks.',
        'messageEmpty' => 'Please write your message.',
        'messageLong' => 'Your message can be at most %s long.',
    ];

    /** The fields' names in the translations (Polish: contact-fields.json); as the page's form names them. */
    private const LABELS = [
        'uk' => ['name' => 'Ім’я', 'email' => 'Електронна пошта', 'phone' => 'Телефон', 'message' => 'Повідомлення'],
        'en' => ['name' => 'Name', 'email' => 'Email', 'phone' => 'Phone', 'message' => 'Message'],
    ];

    /** The numbers the question asks (Confirmation), as words. */
    private const NUMBERS = [
        'pl' => [1 => 'jeden', 2 => 'dwa', 3 => 'trzy', 4 => 'cztery', 5 => 'pięć'],
        'uk' => [1 => 'один', 2 => 'два', 3 => 'три', 4 => 'чотири', 5 => 'п’ять'],
        'en' => [1 => 'one', 2 => 'two', 3 => 'three', 4 => 'four', 5 => 'five'],
    ];

    /** @param 'pl'|'uk'|'en' $language */
    private function __construct(public string $language)
    {
    }

    /** The words of a language: uk or en, anything else Polish. */
    public static function in(mixed $language): self
    {
        return new self(in_array($language, ['uk', 'en'], true) ? $language : 'pl');
    }

    /**
     * The words of the page a form body came from (its FIELD).
     *
     * @param array<array-key, mixed> $fields
     */
    public static function of(array $fields): self
    {
        return self::in($fields[self::FIELD] ?? 'pl');
    }

    /** A text (PL's keys), its %s filled with $values. */
    public function text(string $key, string ...$values): string
    {
        $texts = match ($this->language) {
            'uk' => self::UK,
            'en' => self::EN,
            default => self::PL,
        };

        return $values === [] ? $texts[$key] : sprintf($texts[$key], ...$values);
    }

    /**
     * The fields' names as the page's form shows them.
     *
     * @return array{name: string, email: string, phone: string, message: string}
     */
    public function labels(): array
    {
        return self::LABELS[$this->language] ?? Validator::labels();
    }

    /** The question of Confirmation: the sum of two numbers from 1 to 5, written as words. */
    public function question(int $first, int $second): string
    {
        return $this->text('question', self::NUMBERS[$this->language][$first], self::NUMBERS[$this->language][$second]);
    }

    /**
     * A page of the site in this language, by its Polish path: the translation's is under /uk or /en with the same
     * slug (the route table's rule, frontend/app/site/languagePaths.ts): "/kontakt" → "/uk/kontakt", "/" → "/uk".
     */
    public function path(string $polishPath): string
    {
        if ($this->language === 'pl') {
            return $polishPath;
        }

        return $polishPath === '/' ? '/' . $this->language : '/' . $this->language . $polishPath;
    }

    /** "100 znaków", "254 символи", "5,000 characters": a count of characters, in the language's plural. */
    public function characters(int $count): string
    {
        $ones = $count % 10;
        $tens = $count % 100;
        $few = $ones >= 2 && $ones <= 4 && ($tens < 12 || $tens > 14);

        return match ($this->language) {
            'uk' => $count . ' ' . ($ones === 1 && $tens !== 11 ? 'символ' : ($few ? 'символи' : 'символів')),
            'en' => number_format($count) . ($count === 1 ? ' character' : ' characters'),
            default => $count . ' ' . ($count === 1 ? 'znak' : ($few ? 'znaki' : 'znaków')),
        };
    }
}
