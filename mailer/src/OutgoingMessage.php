<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * An e-mail ready to hand to a MailSender: plain data, no SMTP, so it can be
 * tested on its own and later stored in an outbox and retried unchanged.
 */
final readonly class OutgoingMessage
{
    public function __construct(
        public string $from,
        public string $fromName,
        public string $to,
        public string $replyTo,
        public string $replyToName,
        public string $subject,
        /** Plain text, UTF-8, "\n" line breaks. */
        public string $body,
        /** "<random@site-domain>", fixed here so that a retry does not look like a second mail. */
        public string $messageId,
    ) {
    }
}
