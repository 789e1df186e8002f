<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Unit;

/**
 * Runs a piece of a test as a user that permission bits apply to. Root ignores them, so as root the work runs in
 * a forked child that has become "nobody" (as PHP-FPM's workers are www-data) and owns $dir; otherwise it runs
 * here. The result travels back as JSON.
 */
trait AsUnprivilegedUser
{
    /**
     * @param \Closure(): mixed $work
     * @param list<class-string> $classes loaded before the fork: the child may not be able to read the checkout
     */
    private static function asUnprivilegedUser(string $dir, \Closure $work, array $classes = []): mixed
    {
        if (!function_exists('posix_geteuid') || posix_geteuid() !== 0) {
            return $work();
        }
        if (!function_exists('pcntl_fork')) {
            self::fail('running as root without pcntl: permission bits cannot be tested');
        }
        foreach ($classes as $class) {
            class_exists($class) || interface_exists($class) || enum_exists($class);
        }
        chown($dir, 65534);
        $resultFile = (string) tempnam(sys_get_temp_dir(), 'unprivileged-result-');
        chmod($resultFile, 0666);
        $pid = pcntl_fork();
        if ($pid === 0) {
            posix_setgid(65534);
            posix_setuid(65534);
            try {
                $result = ['ok' => $work()];
            } catch (\Throwable $e) {
                $result = ['error' => get_class($e) . ': ' . $e->getMessage()];
            }
            file_put_contents($resultFile, json_encode($result));
            posix_kill(posix_getpid(), SIGKILL); // no PHPUnit shutdown in the child
        }
        pcntl_waitpid($pid, $status);
        chown($dir, 0);
        $result = json_decode((string) file_get_contents($resultFile), true);
        unlink($resultFile);
        self::assertIsArray($result, 'the child reported nothing');
        self::assertArrayNotHasKey('error', $result, (string) ($result['error'] ?? ''));

        return $result['ok'];
    }
}
