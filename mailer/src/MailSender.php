<?php

declare(strict_types=1);

namespace Salon\Mailer;

/** Delivers a built message; an interface so the handler can be tested without SMTP. */
interface MailSender
{
    /** @throws SendFailed when the message was not accepted for delivery (its kind says why) */
    public function send(OutgoingMessage $message): void;

    /**
     * Opens an SMTP session ready to take mail (TLS and login included) and closes it, sending nothing: tells the
     * deliverer that a server that was down is back, so the messages waiting for it need not sit out their backoff.
     *
     * @throws SendFailed
     */
    public function probe(): void;
}
