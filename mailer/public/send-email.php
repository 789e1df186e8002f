<?php

/*
 * POST /send-email.php - the contact form's endpoint and the only file php-fpm ever runs
 * (nginx pins SCRIPT_FILENAME to it). Everything else lives outside the web root.
 */

declare(strict_types=1);

use Salon\Mailer\Config;
use Salon\Mailer\InvalidConfig;
use Salon\Mailer\MessageBuilder;
use Salon\Mailer\RequestHandler;
use Salon\Mailer\ResponseEmitter;
use Salon\Mailer\SmtpSender;
use Salon\Mailer\Validator;

// A PHP notice printed into the body would break the JSON; the pool enforces this too,
// this line covers a run under some other php.ini.
ini_set('display_errors', '0');

require dirname(__DIR__) . '/vendor/autoload.php';

$emitter = new ResponseEmitter();

try {
    $config = Config::fromEnvironment();
    $handler = new RequestHandler(new Validator(), new MessageBuilder($config), new SmtpSender($config));
    // A body over post_max_size is dropped by PHP before this script runs (with a warning in the log).
    $postLimit = ini_parse_quantity((string) ini_get('post_max_size'));
    $response = $handler->handle(
        (string) ($_SERVER['REQUEST_METHOD'] ?? ''),
        (string) ($_SERVER['CONTENT_TYPE'] ?? ''),
        $_POST,
        $postLimit > 0 && (int) ($_SERVER['CONTENT_LENGTH'] ?? 0) > $postLimit,
    );
} catch (InvalidConfig $e) {
    // Names of variables only, never values (see InvalidConfig).
    error_log('contact-form: ' . $e->getMessage());
    $response = RequestHandler::error(500, RequestHandler::SEND_ERROR);
} catch (\Throwable $e) {
    // Unexpected: log where, not what (the message could quote visitor input).
    error_log(sprintf('contact-form: unexpected %s at %s:%d', get_class($e), $e->getFile(), $e->getLine()));
    $response = RequestHandler::error(500, RequestHandler::SEND_ERROR);
}

$emitter->emit($response);
