<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * An e-mail ready to hand to a MailSender: plain data, no SMTP, so it can be stored in the
 * outbox as JSON and sent unchanged on every retry (same Message-ID, same Date).
 */
final readonly class OutgoingMessage
{
    // from, fromName and to record the configuration when the message was built; the sender takes the configuration
    // of the moment it sends (SmtpSender). They stay written for the release before this one, which requires them.
    private const FIELDS = ['from', 'fromName', 'to', 'replyTo', 'replyToName', 'subject', 'body', 'messageId', 'date'];

    public function __construct(
        public string $from,
        public string $fromName,
        public string $to,
        public string $replyTo,
        public string $replyToName,
        public string $subject,
        /** Plain text, UTF-8, "\n" line breaks. */
        public string $body,
        /** "<random@site-domain>", fixed when the message is built, so a retry does not look like a second mail. */
        public string $messageId,
        /** The Date header (RFC 2822), fixed with the Message-ID; '' lets the sender use the time of sending. */
        public string $date = '',
    ) {
    }

    /** @return array<string, string> */
    public function toArray(): array
    {
        return get_object_vars($this);
    }

    /**
     * @param array<array-key, mixed> $data as written by toArray()
     *
     * @throws \UnexpectedValueException when a field is missing or not a string
     */
    public static function fromArray(array $data): self
    {
        $values = [];
        foreach (self::FIELDS as $field) {
            if (!isset($data[$field]) || !is_string($data[$field])) {
                throw new \UnexpectedValueException("message field '$field' is missing or not text");
            }
            $values[$field] = $data[$field];
        }

        return new self(...$values);
    }
}
