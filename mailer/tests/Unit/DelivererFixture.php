<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Unit;

use Salon\Mailer\Deliverer;
use Salon\Mailer\Outbox;
use Salon\Mailer\OutboxLimits;

/**
 * An outbox under a clock the test moves (retry after 60 s), a fake SMTP sender and a deliverer over them, its log
 * lines collected; run as an unprivileged user, as the deliverer is.
 */
trait DelivererFixture
{
    use TempDirectory;
    use AsUnprivilegedUser;

    private int $now = 1_750_000_000;
    private Outbox $outbox;
    private FakeSender $sender;
    private Deliverer $deliverer;
    /** @var list<string> */
    private array $log = [];

    protected function setUp(): void
    {
        $this->makeTempDirectory();
        $this->outbox = new Outbox($this->dir, new OutboxLimits(retrySeconds: 60), fn (): int => $this->now);
        $this->sender = new FakeSender();
        $this->deliverer = new Deliverer($this->outbox, $this->sender, function (string $line): void {
            $this->log[] = $line;
        });
    }

    protected function tearDown(): void
    {
        $this->removeTempDirectory();
    }
}
