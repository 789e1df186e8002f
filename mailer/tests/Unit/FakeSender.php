<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Unit;

use Salon\Mailer\MailSender;
use Salon\Mailer\OutgoingMessage;
use Salon\Mailer\SendFailed;

/** Records what would have been sent, or fails like a dead relay (while $failure is set). */
final class FakeSender implements MailSender
{
    /** @var list<OutgoingMessage> */
    public array $sent = [];
    public int $calls = 0;

    public function __construct(public ?SendFailed $failure = null)
    {
    }

    public function send(OutgoingMessage $message): void
    {
        $this->calls++;
        if ($this->failure !== null) {
            throw $this->failure;
        }
        $this->sent[] = $message;
    }
}
