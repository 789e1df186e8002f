<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * A contact-form message that passed validation: trimmed, valid UTF-8,
 * no line breaks in name, email or phone, newlines in message normalised to "\n".
 */
final readonly class ContactMessage
{
    public function __construct(
        public string $name,
        public string $email,
        /** '' when the visitor left it empty (the field is optional). */
        public string $phone,
        public string $message,
        /** The language of the page it was sent from (Words: pl, uk or en); the mail to the salon says it. */
        public string $language = 'pl',
    ) {
    }
}
