<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * Decides who the mail is from and to and what it says.
 *
 * From and To come only from Config: a visitor's address in From fails SPF/DMARC
 * at the salon's provider, and a To taken from the form would make this an open relay.
 * The visitor goes into Reply-To, so "Reply" in the salon's mail client just works.
 *
 * The mail comes from the salon's own domain, so nothing the visitor wrote may pass for the salon's words: the
 * subject holds none of it (a name such as "Dział IT Aurea - Twoja skrzynka wygasa" would otherwise stand there),
 * and the body says, above the visitor's text, that what follows are a visitor's own words sent through the form,
 * from which address, unchecked (mail clients turn a URL in it into a link).
 */
final class MessageBuilder
{
    /** The salon's time zone: every time the salon reads is in it. */
    public const TIMEZONE = 'Europe/Warsaw';

    /** @var \Closure(): \DateTimeImmutable */
    private readonly \Closure $clock;

    /**
     * @param (\Closure(): \DateTimeImmutable)|null $clock injectable so tests get a fixed date
     */
    public function __construct(private readonly Config $config, ?\Closure $clock = null)
    {
        $this->clock = $clock ?? static fn (): \DateTimeImmutable => new \DateTimeImmutable('now');
    }

    /** The language of the page the visitor wrote from, as the salon reads it ("Strona: ukraińska"). */
    public const PAGE_LANGUAGES = ['pl' => 'polska', 'uk' => 'ukraińska', 'en' => 'angielska'];

    /** The subject: the form and the time, never the visitor's words. */
    public const SUBJECT = 'Formularz kontaktowy strony: nowa wiadomość (%s)';

    public function build(ContactMessage $message): OutgoingMessage
    {
        $now = ($this->clock)();

        return new OutgoingMessage(
            from: $this->config->fromAddress,
            fromName: $this->config->fromName,
            to: $this->config->toAddress,
            replyTo: $message->email,
            replyToName: self::headerSafe($message->name),
            subject: sprintf(self::SUBJECT, self::localTime($now)),
            body: $this->body($message, $now),
            messageId: sprintf('<%s@%s>', bin2hex(random_bytes(16)), $this->config->siteDomain()),
            date: $now->setTimezone(new \DateTimeZone(self::TIMEZONE))->format(\DateTimeInterface::RFC2822),
        );
    }

    /** A mail of the site's own to the salon (SalonNotices): no Reply-To, since nobody but the site wrote it. */
    public function notice(string $subject, string $body): OutgoingMessage
    {
        $now = ($this->clock)();

        return new OutgoingMessage(
            from: $this->config->fromAddress,
            fromName: $this->config->fromName,
            to: $this->config->toAddress,
            replyTo: '',
            replyToName: '',
            subject: $subject,
            body: $body,
            messageId: sprintf('<%s@%s>', bin2hex(random_bytes(16)), $this->config->siteDomain()),
            date: $now->setTimezone(new \DateTimeZone(self::TIMEZONE))->format(\DateTimeInterface::RFC2822),
        );
    }

    private function body(ContactMessage $message, \DateTimeImmutable $now): string
    {
        return implode("\n", [
            'Wiadomość z formularza kontaktowego na stronie ' . $this->config->siteDomain() . '.',
            'To, co poniżej, napisała osoba odwiedzająca stronę – jej własne słowa, przepisane bez zmian, nie salonu',
            'ani strony. Nadawca podał adres ' . $message->email . ' (nikt go nie sprawdził); „Odpowiedz” trafi na ten',
            'adres. Nie loguj się przez linki z tej wiadomości i nie podawaj w odpowiedzi haseł ani danych.',
            '',
            ...self::fields($message, $now),
        ]);
    }

    /**
     * The visitor's fields, labelled in Polish, with the page's language, the text last as written (also the held
     * messages' digest shows them so).
     *
     * @return list<string> lines
     */
    public static function fields(ContactMessage $message, \DateTimeImmutable|int $at): array
    {
        $label = Validator::labels();

        return [
            $label['name'] . ': ' . $message->name,
            $label['email'] . ': ' . $message->email,
            $label['phone'] . ': ' . ($message->phone !== '' ? $message->phone : '(nie podano)'),
            'Data: ' . self::localTime($at),
            'Strona: ' . (self::PAGE_LANGUAGES[$message->language] ?? self::PAGE_LANGUAGES['pl']),
            '',
            $label['message'] . ':',
            $message->message,
            '',
        ];
    }

    /** A time as the salon reads it: in Warsaw, whatever the server's time zone is. */
    public static function localTime(\DateTimeImmutable|int $at): string
    {
        $time = is_int($at) ? (new \DateTimeImmutable('@' . $at)) : $at;

        return $time->setTimezone(new \DateTimeZone(self::TIMEZONE))->format('Y-m-d H:i');
    }

    /**
     * The validator already refuses line breaks and whatever could pass for another sender; this is the second
     * lock on the header door, in case the builder is ever fed from elsewhere (an outbox, a test): no line
     * breaks or separators, no invisible format characters (bidi overrides, BOM), no encoded word ("=?").
     */
    private static function headerSafe(string $value): string
    {
        $value = (string) preg_replace('/\p{Cf}+/u', '', $value);
        $value = str_replace('=?', '= ?', $value);

        return trim((string) preg_replace('/[\p{Cc}\p{Z}\s]+/u', ' ', $value));
    }
}
