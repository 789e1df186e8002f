<?php

/*
 * Stores one message in the outbox given as argument and prints "stored" or the exception; started by
 * OutboxTest as an unprivileged user (nobody) when the tests run as root, since root ignores permission bits.
 *   php store-one.php <outbox dir>
 */

declare(strict_types=1);

use Salon\Mailer\Outbox;
use Salon\Mailer\OutboxUnavailable;
use Salon\Mailer\Tests\Unit\OutboxTest;

require dirname(__DIR__, 2) . '/vendor/autoload.php';

if (function_exists('posix_geteuid') && posix_geteuid() === 0) {
    posix_setgid(65534);
    posix_setuid(65534);
}
try {
    (new Outbox($argv[1]))->store(OutboxTest::message())->release();
    echo "stored\n";
} catch (OutboxUnavailable $e) {
    echo 'OutboxUnavailable: ', $e->getMessage(), "\n";
}
