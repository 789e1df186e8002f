<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * The page a plain form post gets when its message was not taken (JavaScript off, or the page's scripts never ran):
 * what went wrong, what to fix, field by field, and how to get back to the filled form, in the language of the page
 * the form was on (Words; Polish when it is not known). Built from the handler's own messages only: nothing the
 * visitor sent is echoed back. No script, no request to anything but the
 * site; its look is a small inline stylesheet (the site's stylesheet has a hashed name the mailer cannot know).
 * nginx answers its own refusals of this address (413, 429, 502–504) with pages of the same shape
 * (docker/nginx/templates/contact-refusals.inc.template).
 */
final class RefusalPage
{
    public const TITLE = Words::PL['refusalTitle'];
    /** The browser's Back returns to the form as it was left: the fields keep what was typed. */
    public const BACK_HINT = Words::PL['backHint'];
    public const FIX_FIELDS = Words::PL['fixFields'];
    /** The shared look of every refusal page, the mailer's and nginx's. */
    public const STYLE = 'body{margin:0;font:1.0625rem/1.6 system-ui,sans-serif;color:#2d2327;background:#fbf8f4}'
        . 'main{max-width:40rem;margin:0 auto;padding:2.5rem 1.5rem}h1{font-size:1.75rem;line-height:1.25;color:#552f3f}'
        . 'a{color:#552f3f;font-weight:600}li{margin:.25rem 0}';

    /**
     * @param array<string, string> $fields field name => message (422)
     */
    public static function render(int $status, string $error, array $fields = [], ?Words $words = null): string
    {
        $words ??= Words::in('pl');
        $items = '';
        $labels = $words->labels();
        foreach ($fields as $field => $message) {
            $label = $labels[$field] ?? $field;
            $items .= '<li><strong>' . self::escape($label) . '</strong>: ' . self::escape($message) . '</li>';
        }
        $what = $items === ''
            ? '<p>' . self::escape($error) . '</p>'
            : '<p>' . self::escape($words->text('fixFields')) . '</p><ul>' . $items . '</ul>';
        // A GET of the address itself (a bookmark, a reload of an old answer) has no form to go back to.
        $back = $status === 405 ? '' : '<p>' . self::escape($words->text('backHint')) . '</p>';

        return self::document($words->text('refusalTitle'), $what . $back, '', $words);
    }

    /**
     * A whole page of the mailer's (this one, ConfirmationPage): $title as its title and heading, $main (HTML) below,
     * then the way back to the form and home (the pages in $words' language); $style adds to the shared look.
     */
    public static function document(string $title, string $main, string $style = '', ?Words $words = null): string
    {
        $words ??= Words::in('pl');

        return '<!DOCTYPE html><html lang="' . $words->language . '"><head><meta charset="utf-8">'
            . '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">'
            . '<title>' . self::escape($title) . '</title><style>' . self::STYLE . $style . '</style></head>'
            . '<body><main><h1>' . self::escape($title) . '</h1>' . $main
            . '<p><a href="' . $words->path('/kontakt') . '#formularz">' . self::escape($words->text('formLink')) . '</a>'
            . ' · <a href="' . $words->path('/') . '">' . self::escape($words->text('homeLink')) . '</a></p>'
            . '</main></body></html>';
    }

    public static function escape(string $text): string
    {
        return htmlspecialchars($text, ENT_QUOTES | ENT_SUBSTITUTE | ENT_HTML5, 'UTF-8');
    }
}
