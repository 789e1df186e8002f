<?php

/*
 * HttpRequest::fromGlobals() as PHP-FPM would run it, for HttpRequestTest: the php.ini setting under test is given
 * on the command line (php -d enable_post_data_reading=...), the request's server variables as JSON in argv[1].
 * Prints the request as JSON, or "InvalidConfig: <message>".
 */

declare(strict_types=1);

use Salon\Mailer\HttpRequest;
use Salon\Mailer\InvalidConfig;

require dirname(__DIR__, 2) . '/vendor/autoload.php';

$_SERVER = (array) json_decode($argv[1] ?? '{}', true) + $_SERVER;
try {
    echo json_encode(get_object_vars(HttpRequest::fromGlobals()), JSON_THROW_ON_ERROR), "\n";
} catch (InvalidConfig $e) {
    echo 'InvalidConfig: ', $e->getMessage(), "\n";
}
