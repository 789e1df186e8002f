<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Integration;

/**
 * A MailDev of a test's own (node_modules/maildev, the version the stack runs), on free loopback ports, with
 * whatever incoming options the test needs (TLS, a login); read back through its REST API.
 */
final class MailDev
{
    /** @var resource */
    private $process;
    public readonly int $smtpPort;
    public readonly string $api;
    private readonly string $mailDir;
    private readonly string $logFile;

    /**
     * @param list<string> $options  MailDev's command-line options (--incoming-user …)
     * @param list<string> $preloads extra `node --require` modules
     * @param bool         $wait     false: the caller calls waitUntilUp() (to start several at once)
     */
    public function __construct(array $options = [], array $preloads = [], bool $wait = true)
    {
        $root = dirname(__DIR__, 3);
        $maildev = $root . '/node_modules/maildev/bin/maildev';
        $node = trim((string) shell_exec('command -v node'));
        if ($node === '' || !is_file($maildev)) {
            throw new \RuntimeException("MailDev cannot be started: needs node and $maildev (npm install at the repository root)");
        }
        [$this->smtpPort, $webPort] = self::freePorts(2);
        $this->api = "http://127.0.0.1:$webPort";
        $this->mailDir = sys_get_temp_dir() . '/maildev-test-' . bin2hex(random_bytes(6));
        $this->logFile = $this->mailDir . '.log';
        $command = [$node, '--require', $root . '/tests/catcher/preload.cjs'];
        foreach ($preloads as $preload) {
            array_push($command, '--require', $preload);
        }
        array_push($command, $maildev, '-s', (string) $this->smtpPort, '-w', (string) $webPort, '--ip', '127.0.0.1', '--web-ip', '127.0.0.1', '--mail-directory', $this->mailDir, ...$options);
        // Only PATH: MailDev also reads MAILDEV_* variables, which must not leak in from the caller.
        $process = proc_open($command, [0 => ['file', '/dev/null', 'r'], 1 => ['file', $this->logFile, 'a'], 2 => ['file', $this->logFile, 'a']], $pipes, null, ['PATH' => (string) getenv('PATH')]);
        if (!is_resource($process)) {
            throw new \RuntimeException('MailDev did not start');
        }
        $this->process = $process;
        if ($wait) {
            $this->waitUntilUp();
        }
    }

    public function waitUntilUp(): void
    {
        $deadline = microtime(true) + 30;
        // Its own words, not a probe: MailDev with --incoming-secure dies of a client that connects and closes
        // without a TLS handshake ("Socket closed while initiating TLS", rethrown by lib/mailserver.js).
        while (!str_contains($this->log(), 'SMTP Server running at') || $this->get('/email') === null) {
            if (!proc_get_status($this->process)['running'] || microtime(true) > $deadline) {
                $log = (string) @file_get_contents($this->logFile);
                $this->stop();
                throw new \RuntimeException("MailDev did not come up on $this->api:\n$log");
            }
            usleep(100_000);
        }
    }

    /** @var array<int, true> the ports handed out here: a MailDev started beside another may not be up yet */
    private static array $given = [];

    /**
     * Free loopback ports, none handed out before, each held open until all are chosen: a port closed before the
     * next is asked for may be the kernel's next answer too (ci37: SMTP and web both given 35759).
     *
     * @return list<int>
     */
    public static function freePorts(int $count): array
    {
        $sockets = [];
        $ports = [];
        while (count($ports) < $count) {
            $socket = stream_socket_server('tcp://127.0.0.1:0', $errno, $error);
            if ($socket === false) {
                throw new \RuntimeException("no free port: $error");
            }
            $sockets[] = $socket;
            $name = (string) stream_socket_get_name($socket, false);
            $port = (int) substr($name, (int) strrpos($name, ':') + 1);
            if (!isset(self::$given[$port])) {
                self::$given[$port] = true;
                $ports[] = $port;
            }
        }
        array_map(fclose(...), $sockets);

        return $ports;
    }

    /**
     * The messages whose subject contains $token (MailDev decodes encoded words and quoted-printable bodies).
     *
     * @return list<array<string, mixed>>
     */
    public function mailWith(string $token): array
    {
        return array_values(array_filter(
            (array) json_decode((string) $this->get('/email'), true),
            static fn ($mail): bool => is_array($mail) && str_contains((string) ($mail['subject'] ?? ''), $token),
        ));
    }

    /** MailDev stores a message a moment after the SMTP session ends: waits for it. */
    public function waitForMail(string $token, float $seconds = 10.0): ?array
    {
        $deadline = microtime(true) + $seconds;
        do {
            $found = $this->mailWith($token);
            if ($found !== []) {
                return $found[0];
            }
            usleep(100_000);
        } while (microtime(true) < $deadline);

        return null;
    }

    public function log(): string
    {
        return (string) @file_get_contents($this->logFile);
    }

    /** Plain streams, so the tests need no curl extension. Null when there is no 2xx answer. */
    public function get(string $path): ?string
    {
        $context = stream_context_create(['http' => ['timeout' => 3, 'ignore_errors' => true]]);
        $body = @file_get_contents($this->api . $path, false, $context);
        $status = isset($http_response_header[0]) && preg_match('/^HTTP\/\S+ (\d{3})/', $http_response_header[0], $m) === 1 ? (int) $m[1] : 0;
        error_clear_last();

        return ($body === false || $status < 200 || $status >= 300) ? null : $body;
    }

    public function stop(): void
    {
        if (is_resource($this->process)) {
            proc_terminate($this->process, SIGTERM);
            proc_close($this->process);
        }
        if (is_dir($this->mailDir)) {
            exec('rm -rf ' . escapeshellarg($this->mailDir));
        }
        @unlink($this->logFile);
    }

    public function __destruct()
    {
        $this->stop();
    }
}
