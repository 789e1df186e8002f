<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Unit;

use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;
use Salon\Mailer\Config;
use Salon\Mailer\ContactMessage;
use Salon\Mailer\Deliverer;
use Salon\Mailer\DelivererPass;
use Salon\Mailer\Health;
use Salon\Mailer\HttpRequest;
use Salon\Mailer\MessageBuilder;
use Salon\Mailer\OriginPolicy;
use Salon\Mailer\Outbox;
use Salon\Mailer\OutgoingMessage;
use Salon\Mailer\RequestHandler;
use Salon\Mailer\SmtpSender;
use Salon\Mailer\Validator;

/**
 * What is decided when a message goes, not when it was stored, against a relay double (tests/Fixtures/smtp-server.php)
 * and the mailer's clock: the addresses (a corrected MAIL_TO reaches every waiting and failed message), the password
 * (storing needs none), the clock (a message stored by a clock since set back is not stranded), and the deliverer's
 * heartbeat during a long catch-up.
 */
#[CoversClass(SmtpSender::class)]
#[CoversClass(DelivererPass::class)]
#[CoversClass(Deliverer::class)]
#[CoversClass(Outbox::class)]
final class SendTimeTest extends TestCase
{
    use TempDirectory;

    private int $now = 1_800_000_000;
    /** @var list<string> */
    private array $log = [];

    protected function setUp(): void
    {
        $this->makeTempDirectory();
    }

    protected function tearDown(): void
    {
        $this->removeTempDirectory();
    }

    /** @param array<string, string> $settings */
    private function config(ScriptedSmtpServer $server, array $settings = []): Config
    {
        return TestConfig::make($settings + ['OUTBOX_DIR' => $this->dir, 'SMTP_PORT' => (string) $server->port, 'SMTP_TIMEOUT' => '2']);
    }

    private function outbox(Config $config, int $offset = 0): Outbox
    {
        return Outbox::fromConfig($config, fn (): int => $this->now + $offset);
    }

    private function pass(Config $config, ?\Closure $sender = null): void
    {
        $outbox = $this->outbox($config);
        $smtp = new SmtpSender($config);
        $log = function (string $line): void {
            $this->log[] = $line;
        };
        $builder = new MessageBuilder($config, fn (): \DateTimeImmutable => new \DateTimeImmutable('@' . $this->now));
        (new DelivererPass($config, $outbox, new Deliverer($outbox, $smtp, $log, 300), $smtp, $builder, $log))->run();
    }

    private function store(Config $config, string $token, int $offset = 0): void
    {
        $visitor = new ContactMessage("Klientka $token", "k.$token@example.com", '', "Pytanie $token");
        $this->outbox($config, $offset)->store((new MessageBuilder($config))->build($visitor), visitor: $visitor)->release();
    }

    public function testACorrectedMailToReachesEveryWaitingAndFailedMessage(): void
    {
        $server = new ScriptedSmtpServer(['RCPT' => '550 5.1.1 No such mailbox', 'greeting' => '220 test ESMTP']);
        $wrong = $this->config($server, ['MAIL_TO' => 'literowka@salon.test', 'MAIL_FROM' => 'stary@salon.test']);
        $this->store($wrong, 'waiting');
        $this->now++;
        $this->store($wrong, 'failed');
        $failed = $this->outbox($wrong);
        $failed->failed->keep($failed->claim($failed->pending()[1]) ?? self::fail('claim'));
        $this->pass($wrong);
        self::assertSame(['MAIL FROM:<stary@salon.test>', 'RCPT TO:<literowka@salon.test>'], array_slice($server->envelope(), 0, 2));
        $server->stop();

        // The operator corrects .env and restarts; --retry-failed puts the failed one back.
        $server = new ScriptedSmtpServer();
        $right = $this->config($server, ['MAIL_TO' => 'kontakt@salon.test', 'MAIL_FROM' => 'strona@salon.test']);
        self::assertSame(1, $this->outbox($right)->failed->requeue());
        $this->now += 3600;
        $this->pass($right);

        self::assertSame(2, count(array_filter($server->log(), static fn (string $l): bool => $l === 'message')));
        $envelope = $server->envelope();
        self::assertSame(['MAIL FROM:<strona@salon.test>', 'RCPT TO:<kontakt@salon.test>'], array_values(array_unique($envelope)));
        self::assertSame([], $this->outbox($right)->pending());
    }

    public function testAMissingEmptyOrUnreadablePasswordFileNeverStopsTheFormAndTheMessageGoesOnceItIsFixed(): void
    {
        $server = new ScriptedSmtpServer(['password' => 'haslo']);
        $passFile = $this->dir . '/smtp_pass';
        $config = $this->config($server, ['SMTP_AUTH' => '1', 'SMTP_USER' => 'formularz', 'SMTP_PASS_FILE' => $passFile]);
        $outbox = $this->outbox($config);
        $pow = Proofs::pow($this->dir);
        $log = function (string $line): void {
            $this->log[] = $line;
        };
        $health = new Health($config, $outbox, static fn (): int => PHP_INT_MAX);
        $form = ['name' => 'Anna', 'email' => 'anna@example.com', 'phone' => '', 'message' => 'Dzień dobry', Validator::TRAP_FIELD => ''];

        foreach (['missing' => null, 'empty' => '', 'unreadable' => "haslo\n"] as $state => $content) {
            @unlink($passFile);
            if ($content !== null) {
                file_put_contents($passFile, $content);
            }
            if ($state === 'unreadable') {
                // A directory where the file should be: no process can read a password from it.
                unlink($passFile);
                mkdir($passFile);
            }
            $handler = new RequestHandler(new Validator(), new MessageBuilder($config), $outbox, new Deliverer($outbox, new SmtpSender($config), $log), OriginPolicy::fromString('http://127.0.0.1:8080'), $pow, $log);
            $request = new HttpRequest('POST', 'application/x-www-form-urlencoded', http_build_query($form), 'http://127.0.0.1:8080', proof: Proofs::solve($pow->challenge()));

            $response = $handler->handle($request);
            $handler->afterResponse();

            self::assertSame(200, $response->status, "$state: the form takes the message");
            self::assertArrayHasKey(Health::SMTP_PASSWORD, $health->problems(keyMatters: false), "$state: /health names it");
            if ($state === 'unreadable') {
                rmdir($passFile);
            }
        }
        self::assertCount(3, $outbox->pending(), 'all three stored, none sent');
        self::assertNotContains('message', $server->log());

        file_put_contents($passFile, "haslo\n");
        $this->now += 3600;
        $this->pass($config);

        self::assertSame(3, count(array_filter($server->log(), static fn (string $l): bool => $l === 'message')));
        self::assertSame([], $outbox->pending());
        self::assertArrayNotHasKey(Health::SMTP_PASSWORD, $health->problems(keyMatters: false));
    }

    public function testAMessageStoredByAClockThirtyDaysAheadIsSentWithinTheHourAfterTheClockIsRight(): void
    {
        $server = new ScriptedSmtpServer(['DATAEND' => ['451 4.3.0 try later', '250 queued']]);
        $config = $this->config($server);
        // Stored and tried while the clock ran thirty days ahead: its next attempt is scheduled thirty days out.
        $ahead = $this->outbox($config, 30 * 86400);
        $this->store($config, 'ahead', 30 * 86400);
        $smtp = new SmtpSender($config);
        (new Deliverer($ahead, $smtp, static function (string $l): void {
        }))->runOnce();
        self::assertCount(1, $ahead->pending());

        // The clock is right again; the deliverer's next pass, within seconds.
        $this->now += 5;
        $this->pass($config);

        self::assertSame(['message'], array_values(array_filter($server->log(), static fn (string $l): bool => $l === 'message')));
        self::assertSame([], $this->outbox($config)->pending());
        self::assertContains('contact-form: clock-back redated=1', $this->log);
    }

    public function testAPassOfThreeHundredMessagesAgainstASlowRelayNeverReadsAsStalled(): void
    {
        $config = TestConfig::make(['OUTBOX_DIR' => $this->dir, 'HEALTH_DELIVERER_SECONDS' => '600']);
        for ($i = 0; $i < 300; $i++) {
            $this->store($config, "m$i");
        }
        $outbox = $this->outbox($config);
        $health = new Health($config, $outbox, static fn (): int => PHP_INT_MAX);
        $stalled = [];
        // Each message takes the relay eight seconds: forty minutes for the pass, four times the threshold.
        $sender = new FakeSender(onSend: function (OutgoingMessage $m) use ($health, &$stalled): void {
            $this->now += 8;
            if ($health->delivererProblem() !== null) {
                $stalled[] = $this->now;
            }
        });
        $log = static function (string $l): void {
        };
        $builder = new MessageBuilder($config);

        (new DelivererPass($config, $outbox, new Deliverer($outbox, $sender, $log), $sender, $builder, $log))->run();

        self::assertCount(300, $sender->sent);
        self::assertSame([], $stalled, 'the heartbeat goes on during the catch-up');
        self::assertNull($health->delivererProblem());
    }
}
