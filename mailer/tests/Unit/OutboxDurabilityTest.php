<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Unit;

use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;
use Salon\Mailer\Outbox;

/**
 * What no functional test can see: that every write reaches the disk before it counts. The outbox's writes run
 * under strace (tests/Fixtures/outbox-writes.php), and the system calls must come in this order for each file:
 * write, fsync of the file, flock, rename into its name, fsync of the folder; and an fsync of the folder after
 * each removal or move. A file renamed before it is locked could be claimed by a deliverer in between; one renamed
 * or removed without the fsyncs could come back empty, or come back at all, after a power cut.
 */
#[CoversClass(Outbox::class)]
final class OutboxDurabilityTest extends TestCase
{
    use TempDirectory;

    protected function setUp(): void
    {
        $this->makeTempDirectory();
    }

    protected function tearDown(): void
    {
        $this->removeTempDirectory();
    }

    /**
     * The outbox's system calls, in order, with file descriptors replaced by the paths they were opened on.
     *
     * @return list<array{call: string, path: string, arg: string}>
     */
    private function traceOutboxWrites(): array
    {
        $strace = trim((string) shell_exec('command -v strace'));
        self::assertNotSame('', $strace, 'strace is needed for this test (tests/install.sh installs it)');
        $trace = $this->dir . '.strace';
        $process = proc_open(
            [$strace, '-f', '-qq', '-e', 'trace=openat,close,fsync,fdatasync,flock,rename,unlink,mkdir', '-o', $trace, PHP_BINARY, dirname(__DIR__) . '/Fixtures/outbox-writes.php', $this->dir],
            [1 => ['pipe', 'w'], 2 => ['pipe', 'w']],
            $pipes,
        );
        self::assertIsResource($process);
        stream_get_contents($pipes[1]);
        $err = (string) stream_get_contents($pipes[2]);
        self::assertSame(0, proc_close($process), $err);

        $open = [];
        $calls = [];
        foreach (file($trace, FILE_IGNORE_NEW_LINES) ?: [] as $line) {
            if (preg_match('/^\d+\s+(\w+)\((.*)\)\s+= (-?\d+)/', $line, $m) !== 1 || (int) $m[3] < 0) {
                continue;
            }
            [, $call, $args, $result] = $m;
            if ($call === 'openat' && preg_match('/^AT_FDCWD, "([^"]+)"/', $args, $a) === 1) {
                $open[(int) $result] = $a[1];
            } elseif ($call === 'close') {
                unset($open[(int) $args]);
            } elseif (in_array($call, ['fsync', 'fdatasync', 'flock'], true)) {
                $fd = (int) $args;
                if (isset($open[$fd]) && str_starts_with($open[$fd], $this->dir)) {
                    $calls[] = ['call' => $call === 'fdatasync' ? 'fsync' : $call, 'path' => $open[$fd], 'arg' => trim((string) strstr($args, ',') ?: '', ', ')];
                }
            } elseif (in_array($call, ['rename', 'unlink', 'mkdir'], true) && preg_match('/^"([^"]+)"(?:, "([^"]+)")?/', $args, $a) === 1 && str_starts_with($a[1], $this->dir)) {
                $calls[] = ['call' => $call, 'path' => $a[1], 'arg' => $a[2] ?? ''];
            }
        }
        @unlink($trace);

        return $calls;
    }

    /** @param list<array{call: string, path: string, arg: string}> $calls */
    private static function indexOf(array $calls, string $call, string $path, int $from = 0, string $arg = ''): int
    {
        for ($i = $from; $i < count($calls); $i++) {
            if ($calls[$i]['call'] === $call && $calls[$i]['path'] === $path && ($arg === '' || str_contains($calls[$i]['arg'], $arg))) {
                return $i;
            }
        }

        return -1;
    }

    /**
     * Where the next change to the folders after $after is (a rename, removal or new folder), or the end: an fsync
     * that only comes after it belongs to that change, not to this one.
     *
     * @param list<array{call: string, path: string, arg: string}> $calls
     */
    private static function nextChange(array $calls, int $after): int
    {
        for ($i = $after + 1; $i < count($calls); $i++) {
            if (in_array($calls[$i]['call'], ['rename', 'unlink', 'mkdir'], true)) {
                return $i;
            }
        }

        return count($calls);
    }

    public function testEveryWriteIsSyncedAndLockedBeforeItTakesItsNameAndTheFolderIsSyncedAfter(): void
    {
        $calls = $this->traceOutboxWrites();
        $renames = array_keys(array_filter($calls, fn (array $c): bool => $c['call'] === 'rename' && str_contains($c['path'], '/.tmp-')));
        // store, beginAttempt, recordFailure, store: four new versions of an entry.
        self::assertCount(4, $renames, print_r($calls, true));

        foreach ($renames as $rename) {
            $temp = $calls[$rename]['path'];
            $summary = basename($temp) . ' → ' . basename($calls[$rename]['arg']);
            $fsync = self::indexOf($calls, 'fsync', $temp);
            $lock = self::indexOf($calls, 'flock', $temp, 0, 'LOCK_EX');
            self::assertGreaterThanOrEqual(0, $fsync, "$summary: the file is fsync'ed");
            self::assertLessThan($rename, $fsync, "$summary: fsync'ed before the rename");
            self::assertGreaterThanOrEqual(0, $lock, "$summary: the file is locked");
            self::assertLessThan($rename, $lock, "$summary: locked before the rename, so nobody can claim it in between");
            $folderSync = self::indexOf($calls, 'fsync', dirname($calls[$rename]['arg']), $rename);
            self::assertGreaterThan($rename, $folderSync, "$summary: the folder is fsync'ed after the rename");
            self::assertLessThan(self::nextChange($calls, $rename), $folderSync, "$summary: the folder is fsync'ed before anything else changes");
        }
    }

    public function testTheFolderIsSyncedAfterAMoveToFailedAndAfterARemoval(): void
    {
        $calls = $this->traceOutboxWrites();

        $mkdir = self::indexOf($calls, 'mkdir', $this->dir . '/failed');
        self::assertGreaterThanOrEqual(0, $mkdir, 'failed/ is created');
        $move = -1;
        foreach ($calls as $i => $c) {
            if ($c['call'] === 'rename' && str_starts_with($c['arg'], $this->dir . '/failed/')) {
                $move = $i;
            }
        }
        self::assertGreaterThan($mkdir, $move, 'the entry is moved into failed/');
        $next = self::nextChange($calls, $move);
        self::assertGreaterThan($move, self::indexOf($calls, 'fsync', $this->dir . '/failed', $move), 'failed/ is fsync\'ed after the move');
        self::assertLessThan($next, self::indexOf($calls, 'fsync', $this->dir . '/failed', $move), 'failed/ is fsync\'ed before anything else changes');
        self::assertGreaterThan($move, self::indexOf($calls, 'fsync', $this->dir, $move), 'the outbox is fsync\'ed after the move');
        self::assertLessThan($next, self::indexOf($calls, 'fsync', $this->dir, $move), 'the outbox is fsync\'ed before anything else changes');

        $unlink = -1;
        foreach ($calls as $i => $c) {
            if ($c['call'] === 'unlink' && str_ends_with($c['path'], '.json')) {
                $unlink = $i;
            }
        }
        self::assertGreaterThanOrEqual(0, $unlink, 'the sent message is removed');
        $folderSync = self::indexOf($calls, 'fsync', $this->dir, $unlink);
        self::assertGreaterThan($unlink, $folderSync, 'the outbox is fsync\'ed after the removal');
        self::assertLessThan(self::nextChange($calls, $unlink), $folderSync, 'before anything else changes');
    }
}
