<?php

/*
 * A deliverer whose process dies while SMTP has the message (what request_terminate_timeout, the OOM killer or
 * `kill -9` do to a worker), for DelivererTest: one pass over every waiting message; the sender SIGKILLs this
 * process instead of returning.
 *   php dying-deliverer.php <outbox dir>
 */

declare(strict_types=1);

use Salon\Mailer\Deliverer;
use Salon\Mailer\MailSender;
use Salon\Mailer\Outbox;
use Salon\Mailer\OutboxLimits;
use Salon\Mailer\OutgoingMessage;

require dirname(__DIR__, 2) . '/vendor/autoload.php';

$sender = new class () implements MailSender {
    public function send(OutgoingMessage $message): void
    {
        posix_kill(getmypid(), SIGKILL);
        sleep(10);
    }

    public function probe(): void
    {
    }
};

// The test's clock (argv[2]), so the message's time limit is counted as the test counts it.
$now = (int) ($argv[2] ?? time());
(new Deliverer(new Outbox($argv[1], new OutboxLimits(retrySeconds: 60), static fn (): int => $now), $sender, static function (string $line): void {
}))->runOnce(true);
