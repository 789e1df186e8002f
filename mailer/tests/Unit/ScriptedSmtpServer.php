<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Unit;

/** tests/Fixtures/smtp-server.php as a child process: an SMTP server that answers as a test tells it to. */
final class ScriptedSmtpServer
{
    /** @var resource */
    private $process;
    public readonly int $port;
    private readonly string $logFile;

    /** @param array<string, string|int> $script stage => reply (see the fixture) */
    public function __construct(array $script = [])
    {
        $this->logFile = (string) tempnam(sys_get_temp_dir(), 'smtp-server-log-');
        $process = proc_open(
            [PHP_BINARY, dirname(__DIR__) . '/Fixtures/smtp-server.php', json_encode((object) $script, JSON_THROW_ON_ERROR), $this->logFile],
            [1 => ['pipe', 'w'], 2 => ['file', '/dev/null', 'w']],
            $pipes,
        );
        if (!is_resource($process)) {
            throw new \RuntimeException('cannot start the scripted SMTP server');
        }
        $this->process = $process;
        $line = (string) fgets($pipes[1]);
        if (preg_match('/^port=(\d+)$/', trim($line), $m) !== 1) {
            $this->stop();
            throw new \RuntimeException('the scripted SMTP server did not start: ' . $line);
        }
        $this->port = (int) $m[1];
    }

    /** @return list<string> the commands received, and "message" for each message accepted */
    public function log(): array
    {
        return array_values(array_filter($this->lines(), static fn (string $l): bool => !str_starts_with($l, 'envelope ')));
    }

    /** @return list<string> the envelope's commands as received ("MAIL FROM:<…>", "RCPT TO:<…>") */
    public function envelope(): array
    {
        return array_values(array_map(
            static fn (string $l): string => substr($l, strlen('envelope ')),
            array_filter($this->lines(), static fn (string $l): bool => str_starts_with($l, 'envelope ')),
        ));
    }

    /** @return list<string> */
    private function lines(): array
    {
        return array_values(array_filter(explode("\n", (string) @file_get_contents($this->logFile))));
    }

    public function stop(): void
    {
        if (is_resource($this->process)) {
            proc_terminate($this->process, SIGKILL);
            proc_close($this->process);
        }
        @unlink($this->logFile);
    }

    public function __destruct()
    {
        $this->stop();
    }
}
