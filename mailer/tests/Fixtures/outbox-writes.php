<?php

/*
 * Every way the outbox writes, once, for OutboxDurabilityTest to watch under strace: a message stored, an attempt
 * counted and its failure recorded (the last one: to failed/), another message stored and sent.
 *   php outbox-writes.php <outbox dir>
 */

declare(strict_types=1);

use Salon\Mailer\Outbox;
use Salon\Mailer\OutboxLimits;
use Salon\Mailer\OutgoingMessage;

require dirname(__DIR__, 2) . '/vendor/autoload.php';

$message = static fn (string $token): OutgoingMessage => new OutgoingMessage(
    'formularz@salon.test',
    'Strona',
    'recepcja@salon.test',
    'gosc@example.com',
    'Gość',
    'Temat',
    "Treść $token\n",
    "<$token@salon.test>",
    '',
);
$now = time();
$outbox = new Outbox($argv[1], new OutboxLimits(retryHours: 1, retrySeconds: 60), static function () use (&$now): int {
    return $now;
});
fwrite(STDERR, "== store\n");
$outbox->store($message('a'))->release();
fwrite(STDERR, "== attempt\n");
$claim = $outbox->beginAttempt($outbox->claim($outbox->pending()[0]) ?? throw new RuntimeException('not claimed'));
// Its time is up: the failure moves it to failed/.
$now += 3600;
fwrite(STDERR, "== failure\n");
$outbox->recordFailure($claim, 'SMTP down');
fwrite(STDERR, "== sent\n");
$outbox->markSent($outbox->store($message('b'), attemptNow: true));
fwrite(STDERR, "== done\n");
