<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Unit;

use Salon\Mailer\MailSender;
use Salon\Mailer\OutgoingMessage;
use Salon\Mailer\SendFailed;

/**
 * Records what would have been sent, or fails like a dead relay (while $failure is set), or refuses the messages
 * $refuse picks as a spam filter would (550 to their content).
 */
final class FakeSender implements MailSender
{
    /** @var list<OutgoingMessage> */
    public array $sent = [];
    public int $calls = 0;
    public int $probes = 0;

    /**
     * @param (\Closure(OutgoingMessage): void)|null $onSend runs while the message is "with SMTP"
     * @param (\Closure(OutgoingMessage): bool)|null $refuse
     */
    public function __construct(public ?SendFailed $failure = null, public ?\Closure $onSend = null, public ?\Closure $refuse = null)
    {
    }

    public function send(OutgoingMessage $message): void
    {
        $this->calls++;
        if ($this->onSend !== null) {
            ($this->onSend)($message);
        }
        if ($this->failure !== null) {
            throw $this->failure;
        }
        if ($this->refuse !== null && ($this->refuse)($message)) {
            throw SendFailed::refused('message refused: 550 5.7.1 Message rejected as spam');
        }
        $this->sent[] = $message;
    }

    public function probe(): void
    {
        $this->probes++;
        // A refusal is an answer: the server is up.
        if ($this->failure !== null && !$this->failure->permanent) {
            throw $this->failure;
        }
    }
}
