<?php

/*
 * A push monitor's receiving end for HealthPingTest, under `php -S`: every request is appended to PING_LOG as a JSON
 * line (method, path, body, user agent). PING_LOG.mode, if present, says how to answer: "error" (500) or "hang"
 * (no answer for 30 s); otherwise 200 "OK", as Healthchecks.io answers.
 */

declare(strict_types=1);

$log = (string) getenv('PING_LOG');
$mode = trim((string) @file_get_contents($log . '.mode'));
if ($mode === 'hang') {
    sleep(30);
}
file_put_contents($log, json_encode([
    'method' => $_SERVER['REQUEST_METHOD'] ?? '',
    'path' => parse_url((string) ($_SERVER['REQUEST_URI'] ?? ''), PHP_URL_PATH),
    'body' => (string) file_get_contents('php://input'),
    'agent' => $_SERVER['HTTP_USER_AGENT'] ?? '',
]) . "\n", FILE_APPEND | LOCK_EX);
http_response_code($mode === 'error' ? 500 : 200);
echo 'OK';
