<?php

/*
 * A scripted SMTP server for the tests that need a server to answer in a particular way (refuse a message, defer
 * it, never answer): one connection at a time on 127.0.0.1, until it is killed.
 *
 *   php smtp-server.php '<script as JSON>' <log file>
 *
 * Prints "port=<n>" once it listens. The script maps a stage to the reply sent there; missing stages get the
 * usual success: greeting "220 test ESMTP", EHLO "250 test", MAIL/RCPT "250 ok", DATA "354 go ahead",
 * DATAEND (after the final dot) "250 queued", QUIT "221 bye". A reply "silent" sends nothing and holds the
 * connection for "holdSeconds" (default 8) before closing it. The log gets one line per command received (not the
 * message itself) and "message" for every message accepted, and "envelope MAIL FROM:<…>" / "envelope RCPT TO:<…>". A stage may be given a list of replies instead: one
 * per use, in order, the last one repeated (e.g. refuse the first message and queue the rest). With "password",
 * EHLO offers AUTH PLAIN and a login with another password is refused (535); the log says "AUTH ok" or "AUTH bad".
 */

declare(strict_types=1);

[, $scriptJson, $logFile] = $argv;
$script = (array) json_decode($scriptJson, true, 8, JSON_THROW_ON_ERROR) + [
    'greeting' => '220 test ESMTP',
    'EHLO' => "250-test\r\n250 8BITMIME",
    'MAIL' => '250 ok',
    'RCPT' => '250 ok',
    'DATA' => '354 go ahead',
    'DATAEND' => '250 queued',
    'QUIT' => '221 bye',
    'holdSeconds' => 8,
    'last' => [],
    'password' => null,
];
if (is_string($script['password'])) {
    $script['EHLO'] = "250-test\r\n250-AUTH PLAIN\r\n250 8BITMIME";
}
$server = stream_socket_server('tcp://127.0.0.1:0', $errno, $error);
if ($server === false) {
    fwrite(STDERR, "cannot listen: $error\n");
    exit(1);
}
$name = (string) stream_socket_get_name($server, false);
echo 'port=', substr($name, strrpos($name, ':') + 1), "\n";
fflush(STDOUT);

$log = static function (string $line) use ($logFile): void {
    file_put_contents($logFile, $line . "\n", FILE_APPEND | LOCK_EX);
};

while (true) {
    $client = @stream_socket_accept($server, 3600);
    if ($client === false) {
        continue;
    }
    $reply = static function (string $stage) use ($client, &$script, $log): bool {
        $answer = $script[$stage];
        if (is_array($answer)) {
            $answer = count($script[$stage]) > 1 ? array_shift($script[$stage]) : $answer[0];
        }
        if ($answer === 'silent') {
            sleep((int) $script['holdSeconds']);

            return false;
        }
        if ($stage === 'DATAEND') {
            // Before the answer: the client may look at the log as soon as it has it.
            $log(str_starts_with($answer, '250') ? 'message' : 'refused');
        }
        $script['last'][$stage] = $answer;
        fwrite($client, $answer . "\r\n");

        return true;
    };
    if (!$reply('greeting')) {
        fclose($client);
        continue;
    }
    while (($line = fgets($client)) !== false) {
        $command = strtoupper(substr(trim($line), 0, 4));
        if ($command === 'AUTH' && is_string($script['password'])) {
            fwrite($client, "334 \r\n");
            $credentials = explode("\0", (string) base64_decode(trim((string) fgets($client))));
            $ok = ($credentials[2] ?? null) === $script['password'];
            $log($ok ? 'AUTH ok' : 'AUTH bad');
            fwrite($client, ($ok ? '235 2.7.0 Authentication successful' : '535 5.7.8 Authentication credentials invalid') . "\r\n");
            continue;
        }
        $log($command);
        if ($command === 'MAIL' || $command === 'RCPT') {
            // The envelope's addresses, apart (ScriptedSmtpServer::envelope).
            $log('envelope ' . trim($line));
        }
        $stage = match ($command) {
            'EHLO', 'HELO' => 'EHLO',
            'MAIL' => 'MAIL',
            'RCPT' => 'RCPT',
            'DATA' => 'DATA',
            'QUIT' => 'QUIT',
            default => null,
        };
        if ($stage === null) {
            fwrite($client, "250 ok\r\n");
            continue;
        }
        if (!$reply($stage) || $stage === 'QUIT') {
            break;
        }
        if ($stage === 'DATA' && str_starts_with($script['last']['DATA'], '354')) {
            while (($data = fgets($client)) !== false && rtrim($data, "\r\n") !== '.') {
                // the message itself is not logged
            }
            if (!$reply('DATAEND')) {
                break;
            }
        }
    }
    fclose($client);
}
