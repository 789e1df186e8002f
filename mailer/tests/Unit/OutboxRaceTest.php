<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Unit;

use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;
use Salon\Mailer\Deliverer;
use Salon\Mailer\Outbox;

/** Real processes racing for the same outbox: every message is sent exactly once. */
#[CoversClass(Outbox::class)]
#[CoversClass(Deliverer::class)]
final class OutboxRaceTest extends TestCase
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

    public function testFourDeliverersAtOnceSendEachOfSixtyMessagesOnce(): void
    {
        $outbox = new Outbox($this->dir . '/outbox');
        mkdir($outbox->dir);
        $ids = [];
        for ($i = 0; $i < 60; $i++) {
            $message = OutboxTest::message("race-$i");
            $ids[] = $message->messageId;
            $outbox->store($message)->release();
        }
        $sentLog = $this->dir . '/sent.log';
        touch($sentLog);

        $processes = [];
        for ($p = 0; $p < 4; $p++) {
            $processes[] = proc_open(
                [PHP_BINARY, dirname(__DIR__) . '/Fixtures/race-deliverer.php', $outbox->dir, $sentLog],
                [1 => ['pipe', 'w'], 2 => ['pipe', 'w']],
                $pipes[$p],
            );
        }
        $reports = [];
        foreach ($processes as $p => $process) {
            $out = stream_get_contents($pipes[$p][1]);
            $err = stream_get_contents($pipes[$p][2]);
            self::assertSame(0, proc_close($process), $err);
            $reports[] = json_decode((string) $out, true);
        }

        $sent = array_filter(explode("\n", (string) file_get_contents($sentLog)));
        sort($sent);
        sort($ids);
        self::assertSame($ids, $sent, 'each message exactly once');
        self::assertSame([], $outbox->pending());
        self::assertSame(60, array_sum(array_column($reports, 'sent')));
        self::assertGreaterThan(1, count(array_filter(array_column($reports, 'sent'))), 'the processes did overlap');
    }
}
