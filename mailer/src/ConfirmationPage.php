<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * The question a plain form post gets when its message waits for confirmation (RequestHandler: no proof of work, or
 * the trap filled): why we ask, the question with its answer field, and a button that posts the token and the
 * answer. In the look of the mailer's other pages (RefusalPage), in the words of the page the form was on, whose
 * language goes with the answer as the form sent it. Nothing the visitor wrote is on it: her message stays on the
 * server, and the hidden fields hold only the token and the language.
 */
final class ConfirmationPage
{
    public const TITLE = Words::PL['confirmTitle'];
    public const HINT = Words::PL['confirmHint'];
    public const SUBMIT = Words::PL['confirmSubmit'];
    /** The form's look, added to the mailer pages' own (RefusalPage::STYLE): the site's colours, a visible focus. */
    private const STYLE = 'label{display:block;font-weight:600;margin-top:1.5rem}#odpowiedz-podpowiedz{margin:.25rem 0}'
        . 'input{font:inherit;padding:.625rem .75rem;width:8rem;border:1px solid #8a7a80;border-radius:.375rem;'
        . 'background:#fff;color:inherit}button{font:inherit;font-weight:600;margin-top:1rem;padding:.75rem 1.5rem;'
        . 'border:0;border-radius:2rem;background:#552f3f;color:#fff;cursor:pointer}'
        . ':focus-visible{outline:3px solid #b0607e;outline-offset:2px}.alert{color:#8f1d2c;font-weight:600}';

    /** @param bool $alert $why says what went wrong (a wrong or empty answer), not why we ask */
    public static function render(string $token, string $question, string $why, bool $alert = false, ?Words $words = null): string
    {
        $words ??= Words::in('pl');
        $e = RefusalPage::escape(...);
        $intro = $alert
            ? '<p class="alert" role="alert">' . $e($why) . '</p>'
            : '<p>' . $e($why) . '</p>';

        return RefusalPage::document($words->text('confirmTitle'), $intro
            . '<form method="post" action="/send-email.php">'
            . '<input type="hidden" name="' . RequestHandler::TOKEN_FIELD . '" value="' . $e($token) . '">'
            . '<input type="hidden" name="' . Words::FIELD . '" value="' . $words->language . '">'
            . '<label for="odpowiedz">' . $e($question) . '</label>'
            . '<p id="odpowiedz-podpowiedz">' . $e($words->text('confirmHint')) . '</p>'
            . '<input id="odpowiedz" name="' . RequestHandler::ANSWER_FIELD . '" inputmode="numeric" autocomplete="off"'
            . ' maxlength="40" required autofocus aria-describedby="odpowiedz-podpowiedz">'
            . '<div><button type="submit">' . $e($words->text('confirmSubmit')) . '</button></div>'
            . '</form>', self::STYLE, $words);
    }
}
