<?php

/*
 * One of several deliverers started at once by OutboxRaceTest: a pass over the outbox with a sender that
 * appends each Message-ID it "sends" to a shared file, slowly enough that the processes really overlap.
 *   php race-deliverer.php <outbox dir> <sent log>
 */

declare(strict_types=1);

use Salon\Mailer\Deliverer;
use Salon\Mailer\MailSender;
use Salon\Mailer\OutgoingMessage;
use Salon\Mailer\Outbox;

require dirname(__DIR__, 2) . '/vendor/autoload.php';

[, $dir, $sentLog] = $argv;

$sender = new class ($sentLog) implements MailSender {
    public function __construct(private readonly string $sentLog)
    {
    }

    public function send(OutgoingMessage $message): void
    {
        usleep(random_int(200, 2000));
        file_put_contents($this->sentLog, $message->messageId . "\n", FILE_APPEND | LOCK_EX);
    }

    public function probe(): void
    {
    }
};

$outbox = new Outbox($dir);
$report = (new Deliverer($outbox, $sender, static function (string $line): void {
}))->runOnce(true);
echo json_encode($report->toArray()), "\n";
