<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Unit;

use Salon\Mailer\Deliverer;
use Salon\Mailer\MessageBuilder;
use Salon\Mailer\OriginPolicy;
use Salon\Mailer\Outbox;
use Salon\Mailer\ProofOfWork;
use Salon\Mailer\RequestHandler;
use Salon\Mailer\Validator;

/**
 * A request handler as the endpoint builds it, on an outbox in a fresh folder, a fake SMTP sender and a log kept in
 * memory; the site's own pages at SITE.
 */
trait HandlerFixture
{
    use TempDirectory;

    private FakeSender $sender;
    private Outbox $outbox;
    /** @var list<string> */
    private array $log = [];
    /** The handler's proof of work (spent records in this test's outbox); static for the static request builders. */
    private static ProofOfWork $pow;

    protected function setUp(): void
    {
        $this->outbox = new Outbox($this->makeTempDirectory());
        $this->sender = new FakeSender();
        self::$pow = Proofs::pow($this->outbox->dir);
    }

    /** A freshly solved proof of work, as the page's script sends it. */
    private static function proof(): string
    {
        return Proofs::solve(self::$pow->challenge());
    }

    protected function tearDown(): void
    {
        $this->removeTempDirectory();
    }

    /** @param bool $withKey false: the proof of work's key cannot be had (KeyUnusable), as send-email.php then builds it */
    private function handler(?Outbox $outbox = null, bool $withKey = true): RequestHandler
    {
        $log = function (string $line): void {
            $this->log[] = $line;
        };
        $outbox ??= $this->outbox;

        return new RequestHandler(
            new Validator(),
            new MessageBuilder(TestConfig::make()),
            $outbox,
            new Deliverer($outbox, $this->sender, $log),
            OriginPolicy::fromString(self::SITE),
            $withKey ? self::$pow : null,
            $log,
        );
    }
}
