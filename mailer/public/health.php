<?php

/*
 * GET /health - whether the contact pipeline works, for uptime monitors: 200 {"status":"ok",...} or 503
 * {"status":"fail","problems":[...]} (codes: src/Health.php). nginx pins SCRIPT_FILENAME to this file for that one
 * address and limits it per client like the form.
 */

declare(strict_types=1);

use Salon\Mailer\Config;
use Salon\Mailer\EventLog;
use Salon\Mailer\Health;
use Salon\Mailer\InvalidConfig;
use Salon\Mailer\Outbox;
use Salon\Mailer\ResponseEmitter;

ini_set('display_errors', '0');

require dirname(__DIR__) . '/vendor/autoload.php';

$log = EventLog::toErrorLog();
$method = (string) ($_SERVER['REQUEST_METHOD'] ?? 'GET');
try {
    $config = Config::fromEnvironment();
    $outbox = Outbox::fromConfig($config);
    $health = new Health($config, $outbox);
    $problems = static fn (): array => $health->problems();
    $failed = static fn (): int => count($outbox->failed->paths());
} catch (InvalidConfig $e) {
    // Names of variables only, never values (see InvalidConfig).
    $log(EventLog::line('error', ['reason' => 'config', 'detail' => $e->getMessage()]));
    $problems = static fn (): array => [Health::CONFIG => 'the configuration is refused'];
    $failed = null;
}
try {
    $response = Health::answer($method, $problems, time(), $failed);
} catch (\Throwable $e) {
    $log(EventLog::line('error', ['reason' => 'unexpected', 'detail' => sprintf('%s at %s:%d', get_class($e), basename($e->getFile()), $e->getLine())]));
    $response = Health::answer($method, static fn (): array => [Health::UNEXPECTED => ''], time());
}
(new ResponseEmitter())->emit($response);
