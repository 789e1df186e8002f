<?php

/*
 * POST /send-email.php - the contact form's endpoint (and GET /contact-challenge); with public/health.php the only
 * files php-fpm ever runs (nginx pins SCRIPT_FILENAME to them). Everything else lives outside the web root.
 */

declare(strict_types=1);

use Salon\Mailer\Config;
use Salon\Mailer\Deliverer;
use Salon\Mailer\EventLog;
use Salon\Mailer\HttpRequest;
use Salon\Mailer\InvalidConfig;
use Salon\Mailer\KeyUnusable;
use Salon\Mailer\MessageBuilder;
use Salon\Mailer\OriginPolicy;
use Salon\Mailer\Outbox;
use Salon\Mailer\ProofOfWork;
use Salon\Mailer\RequestHandler;
use Salon\Mailer\ResponseEmitter;
use Salon\Mailer\SmtpSender;
use Salon\Mailer\Validator;

// A PHP notice printed into the body would break the JSON; the pool enforces this too,
// this line covers a run under some other php.ini.
ini_set('display_errors', '0');
// A visitor closing the tab must not stop a message half-way between "stored" and "sent".
ignore_user_abort(true);

require dirname(__DIR__) . '/vendor/autoload.php';

$emitter = new ResponseEmitter();
$log = EventLog::toErrorLog();
$handler = null;

try {
    $config = Config::fromEnvironment();
    $outbox = Outbox::fromConfig($config);
    try {
        $proof = ProofOfWork::fromConfig($config);
    } catch (KeyUnusable $e) {
        // Not a 500 for every visitor: without a key no proof can be checked, so every post is held (and /health says
        // pow-key). The message names the file, never the key.
        $log(EventLog::line('error', ['reason' => 'pow-key', 'detail' => $e->getMessage()]));
        $proof = null;
    }
    $handler = new RequestHandler(
        new Validator(),
        new MessageBuilder($config),
        $outbox,
        new Deliverer($outbox, new SmtpSender($config), $log),
        OriginPolicy::fromEnvironment(),
        $proof,
        $log,
    );
    // nginx runs this one script for two addresses: /send-email.php and GET /contact-challenge (salon.conf).
    $response = ($_SERVER['SALON_ENDPOINT'] ?? '') === 'challenge'
        ? $handler->challenge(HttpRequest::fromGlobals())
        : $handler->handle(HttpRequest::fromGlobals());
} catch (InvalidConfig $e) {
    // Names of variables only, never values (see InvalidConfig).
    $log(EventLog::line('error', ['reason' => 'config', 'detail' => $e->getMessage()]));
    $response = RequestHandler::error(500, RequestHandler::SEND_ERROR, [], HttpRequest::acceptsHtml($_SERVER['HTTP_ACCEPT'] ?? null));
} catch (\Throwable $e) {
    // Unexpected: log where, not what (the message could quote visitor input).
    $log(EventLog::line('error', ['reason' => 'unexpected', 'detail' => sprintf('%s at %s:%d', get_class($e), basename($e->getFile()), $e->getLine())]));
    $response = RequestHandler::error(500, RequestHandler::SEND_ERROR, [], HttpRequest::acceptsHtml($_SERVER['HTTP_ACCEPT'] ?? null));
}

$emitter->emit($response);

// The message is stored; the visitor has her answer. Now try SMTP in this same worker, right away.
if ($handler !== null) {
    if (function_exists('fastcgi_finish_request')) {
        fastcgi_finish_request();
    }
    try {
        $handler->afterResponse();
    } catch (\Throwable $e) {
        $log(EventLog::line('error', ['reason' => 'unexpected', 'detail' => sprintf('%s at %s:%d', get_class($e), basename($e->getFile()), $e->getLine())]));
    }
}
