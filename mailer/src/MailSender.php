<?php

declare(strict_types=1);

namespace Salon\Mailer;

/** Delivers a built message; an interface so the handler can be tested without SMTP. */
interface MailSender
{
    /** @throws SendFailed when the message was not accepted for delivery */
    public function send(OutgoingMessage $message): void;
}
