<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * Decides who the mail is from and to and what it says.
 *
 * From and To come only from Config: a visitor's address in From fails SPF/DMARC
 * at the salon's provider, and a To taken from the form would make this an open relay.
 * The visitor goes into Reply-To, so "Reply" in the salon's mail client just works.
 */
final class MessageBuilder
{
    private const TIMEZONE = 'Europe/Warsaw';

    /** @var \Closure(): \DateTimeImmutable */
    private readonly \Closure $clock;

    /**
     * @param (\Closure(): \DateTimeImmutable)|null $clock injectable so tests get a fixed date
     */
    public function __construct(private readonly Config $config, ?\Closure $clock = null)
    {
        $this->clock = $clock ?? static fn (): \DateTimeImmutable => new \DateTimeImmutable('now');
    }

    public function build(ContactMessage $message): OutgoingMessage
    {
        $name = self::headerSafe($message->name);
        $now = ($this->clock)();

        return new OutgoingMessage(
            from: $this->config->fromAddress,
            fromName: $this->config->fromName,
            to: $this->config->toAddress,
            replyTo: $message->email,
            replyToName: $name,
            subject: 'Wiadomość ze strony od ' . $name,
            body: $this->body($message, $now),
            messageId: sprintf('<%s@%s>', bin2hex(random_bytes(16)), $this->config->siteDomain()),
            date: $now->setTimezone(new \DateTimeZone(self::TIMEZONE))->format(\DateTimeInterface::RFC2822),
        );
    }

    private function body(ContactMessage $message, \DateTimeImmutable $now): string
    {
        // The salon reads this in Warsaw whatever the server's time zone is.
        $date = $now->setTimezone(new \DateTimeZone(self::TIMEZONE))->format('Y-m-d H:i');

        return implode("\n", [
            'Nowa wiadomość z formularza kontaktowego na stronie.',
            '',
            'Imię i nazwisko: ' . $message->name,
            'E-mail: ' . $message->email,
            'Telefon: ' . ($message->phone !== '' ? $message->phone : '(nie podano)'),
            'Data: ' . $date,
            '',
            'Wiadomość:',
            $message->message,
            '',
        ]);
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
