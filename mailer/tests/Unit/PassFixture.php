<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Unit;

use Salon\Mailer\Config;
use Salon\Mailer\ContactMessage;
use Salon\Mailer\Deliverer;
use Salon\Mailer\DelivererPass;
use Salon\Mailer\DeliveryReport;
use Salon\Mailer\MessageBuilder;
use Salon\Mailer\Outbox;
use Salon\Mailer\OutgoingMessage;

/**
 * An outbox under a clock the test moves, and deliverer passes over it. Every pass is made by a new DelivererPass,
 * as a restart or a cron run would: what it remembers is in the outbox.
 */
trait PassFixture
{
    use TempDirectory;

    private int $now;
    private Config $config;
    private Outbox $outbox;
    private FakeSender $sender;
    /** @var list<string> */
    private array $log = [];

    protected function setUp(): void
    {
        $this->makeTempDirectory();
        $this->now = self::warsaw('2025-06-16 15:00');
        $this->config = TestConfig::make(['OUTBOX_DIR' => $this->dir, 'HELD_DIGEST_HOUR' => '8']);
        $this->outbox = Outbox::fromConfig($this->config, fn (): int => $this->now);
        $this->sender = new FakeSender();
    }

    protected function tearDown(): void
    {
        $this->removeTempDirectory();
    }

    private static function warsaw(string $time): int
    {
        return (new \DateTimeImmutable($time, new \DateTimeZone('Europe/Warsaw')))->getTimestamp();
    }

    private function pass(bool $ignoreSchedule = false): DeliveryReport
    {
        $log = function (string $line): void {
            $this->log[] = $line;
        };
        $builder = new MessageBuilder($this->config, fn (): \DateTimeImmutable => new \DateTimeImmutable('@' . $this->now));

        return (new DelivererPass($this->config, $this->outbox, new Deliverer($this->outbox, $this->sender, $log, 300), $this->sender, $builder, $log))->run($ignoreSchedule);
    }

    private function visitor(string $token): ContactMessage
    {
        return new ContactMessage("Klientka $token", "klientka.$token@example.com", '+48 600 100 200', "Dzień dobry, pytanie „{$token}”.\nDruga linia.");
    }

    private function hold(string $token): string
    {
        $visitor = $this->visitor($token);
        $message = (new MessageBuilder($this->config, fn (): \DateTimeImmutable => new \DateTimeImmutable('@' . $this->now)))->build($visitor);

        return $this->outbox->held->hold($message, $visitor)->id;
    }

    /** @return list<OutgoingMessage> the mails to the salon that the site itself wrote */
    private function notices(string $subject): array
    {
        return array_values(array_filter($this->sender->sent, static fn (OutgoingMessage $m): bool => str_starts_with($m->subject, $subject)));
    }
}
