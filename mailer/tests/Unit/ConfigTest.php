<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Unit;

use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;
use Salon\Mailer\Config;
use Salon\Mailer\Defaults;
use Salon\Mailer\InvalidConfig;
use Salon\Mailer\OutboxLimits;

#[CoversClass(Config::class)]
#[CoversClass(Defaults::class)]
final class ConfigTest extends TestCase
{
    public function testDefaultsSuitTheLocalMailCatcher(): void
    {
        $config = TestConfig::make();

        self::assertSame('formularz@salon.test', $config->fromAddress);
        self::assertSame('recepcja@salon.test', $config->toAddress);
        self::assertSame('127.0.0.1', $config->smtpHost);
        self::assertSame(1025, $config->smtpPort);
        self::assertSame('', $config->smtpSecure);
        self::assertFalse($config->smtpAuth);
        self::assertSame('salon.test', $config->siteDomain());
    }

    /** Every default comes from docker/defaults.env, the one place the stack's defaults are written. */
    public function testDefaultsComeFromTheDefaultsFile(): void
    {
        $config = TestConfig::make();
        $defaults = Defaults::all();

        self::assertSame($defaults['MAIL_FROM_NAME'], $config->fromName);
        self::assertSame((int) $defaults['SMTP_PORT'], $config->smtpPort);
        self::assertSame($defaults['SMTP_HOST'], $config->smtpHost);
        self::assertSame((int) $defaults['SMTP_TIMEOUT'], $config->smtpTimeout);
        self::assertSame((int) $defaults['OUTBOX_RETRY_HOURS'], $config->outbox->retryHours);
        self::assertSame((int) $defaults['OUTBOX_RETRY_SECONDS'], $config->outbox->retrySeconds);
        self::assertSame((int) $defaults['OUTBOX_MAX_PENDING'], $config->outbox->maxPending);
        self::assertSame((int) $defaults['OUTBOX_MIN_FREE_MB'] * 1024 * 1024, $config->outbox->minFreeBytes);
        self::assertSame((int) $defaults['OUTBOX_FAILED_DAYS'], $config->outbox->failedDays);
        self::assertSame((int) $defaults['OUTBOX_MAX_HELD'], $config->outbox->maxHeld);
        self::assertSame((int) $defaults['OUTBOX_HELD_DAYS'], $config->outbox->heldDays);
    }

    /**
     * An Outbox or a Config made in code without a configuration (the tests) takes its constructor's defaults: they
     * are docker/defaults.env's, but for the disk's floor, which is off there.
     */
    public function testConstructorDefaultsAreTheDefaultsFile(): void
    {
        $fromFile = TestConfig::make();
        self::assertEquals(new OutboxLimits(...[...get_object_vars($fromFile->outbox), 'minFreeBytes' => 0]), new OutboxLimits());
        $bare = new Config('formularz@salon.test', 'Salon', 'recepcja@salon.test', '127.0.0.1', 1025, '', false, '', '', 10);
        foreach (['healthSmtpDownSeconds', 'healthWaitingSeconds', 'healthDelivererSeconds', 'healthSmtpProbeSeconds', 'heldDigestHour', 'heldDigestDaySeconds'] as $setting) {
            self::assertSame($fromFile->$setting, $bare->$setting, $setting);
        }
    }

    public function testAnotherDefaultsFileChangesTheDefaults(): void
    {
        $file = tempnam(sys_get_temp_dir(), 'defaults');
        file_put_contents($file, "# a comment=not a setting\nSMTP_TIMEOUT=7\nMAIL_FROM_NAME=Inny salon\n");
        try {
            self::assertSame(['SMTP_TIMEOUT' => '7', 'MAIL_FROM_NAME' => 'Inny salon'], Defaults::all($file));
        } finally {
            unlink($file);
        }
    }

    public function testOutboxSettings(): void
    {
        $config = TestConfig::make(['OUTBOX_DIR' => '/srv/outbox', 'OUTBOX_RETRY_HOURS' => '3', 'OUTBOX_RETRY_SECONDS' => '5']);

        self::assertSame('/srv/outbox', $config->outboxDir);
        self::assertSame(3, $config->outbox->retryHours);
        self::assertSame(5, $config->outbox->retrySeconds);

        try {
            TestConfig::make(['OUTBOX_DIR' => 'relative/outbox', 'OUTBOX_RETRY_HOURS' => '0', 'OUTBOX_RETRY_SECONDS' => 'soon']);
            self::fail('expected InvalidConfig');
        } catch (InvalidConfig $e) {
            self::assertStringContainsString('OUTBOX_DIR must be an absolute path', $e->getMessage());
            self::assertStringContainsString('OUTBOX_RETRY_HOURS must be a number of hours from 1 to 720', $e->getMessage());
            self::assertStringContainsString('OUTBOX_RETRY_SECONDS', $e->getMessage());
        }
    }

    public function testAuthenticationWithoutTlsIsRefusedForARemoteServer(): void
    {
        // With SMTP_SECURE empty there is no STARTTLS at all (AutoTLS is off for the catchers): the password and
        // every message would cross the network in clear text, even to a server that offers STARTTLS.
        foreach (['smtp.example.com', '10.0.0.5', 'mail'] as $host) {
            try {
                TestConfig::make(['SMTP_HOST' => $host, 'SMTP_AUTH' => '1', 'SMTP_USER' => 'u', 'SMTP_PASS' => 'secret']);
                self::fail("expected InvalidConfig for $host");
            } catch (InvalidConfig $e) {
                self::assertStringContainsString('SMTP_AUTH=1 needs SMTP_SECURE=tls or ssl', $e->getMessage());
                self::assertStringNotContainsString('secret', $e->getMessage());
            }
        }
    }

    public function testAuthenticationWithoutTlsIsAllowedOnLoopbackAndToTheDevelopmentCatcher(): void
    {
        foreach (['127.0.0.1', '127.0.0.53', 'localhost', '::1', '[::1]', 'catcher'] as $host) {
            $config = TestConfig::make(['SMTP_HOST' => $host, 'SMTP_AUTH' => '1', 'SMTP_USER' => 'u', 'SMTP_PASS' => 'p']);
            self::assertTrue($config->smtpAuth, $host);
        }
        foreach (['tls', 'ssl'] as $secure) {
            self::assertTrue(TestConfig::make(['SMTP_HOST' => 'smtp.example.com', 'SMTP_SECURE' => $secure, 'SMTP_AUTH' => '1', 'SMTP_USER' => 'u', 'SMTP_PASS' => 'p'])->smtpAuth);
        }
    }

    public function testACaFileIsOptionalAndMustBeReadable(): void
    {
        self::assertSame('', TestConfig::make()->smtpCaFile);
        self::assertSame(__FILE__, TestConfig::make(['SMTP_SECURE' => 'tls', 'SMTP_CA_FILE' => __FILE__])->smtpCaFile);
        $this->expectException(InvalidConfig::class);
        $this->expectExceptionMessage('SMTP_CA_FILE is not a readable file');
        TestConfig::make(['SMTP_SECURE' => 'tls', 'SMTP_CA_FILE' => '/nonexistent/ca.pem']);
    }

    public function testOutboxBounds(): void
    {
        $defaults = TestConfig::make();
        self::assertSame(500, $defaults->outbox->maxPending);
        self::assertSame(100 * 1024 * 1024, $defaults->outbox->minFreeBytes);
        self::assertSame(30, $defaults->outbox->failedDays);

        $config = TestConfig::make(['OUTBOX_MAX_PENDING' => '50', 'OUTBOX_MIN_FREE_MB' => '0', 'OUTBOX_FAILED_DAYS' => '7']);
        self::assertSame(50, $config->outbox->maxPending);
        self::assertSame(0, $config->outbox->minFreeBytes);
        self::assertSame(7, $config->outbox->failedDays);

        try {
            TestConfig::make(['OUTBOX_MAX_PENDING' => '0', 'OUTBOX_MIN_FREE_MB' => '-1', 'OUTBOX_FAILED_DAYS' => '31']);
            self::fail('expected InvalidConfig');
        } catch (InvalidConfig $e) {
            self::assertStringContainsString('OUTBOX_MAX_PENDING', $e->getMessage());
            self::assertStringContainsString('OUTBOX_MIN_FREE_MB', $e->getMessage());
            // Config::FAILED_DAYS_MAX: the longest the outbox may keep them.
            self::assertStringContainsString('OUTBOX_FAILED_DAYS must be a number of days from 1 to 30', $e->getMessage());
        }
    }

    /**
     * /rodo states the settings themselves (placeholders filled in at build time, frontend/app/salon/privacySettings.ts),
     * counted from when the salon was told of the messages, as the code counts (DelivererPass, SalonNotices).
     */
    public function testThePrivacyPolicyStatesTheRetentionSettingsCountedAsTheCodeCountsThem(): void
    {
        $policy = json_decode((string) file_get_contents(dirname(__DIR__, 3) . '/content/legal/rodo.json'), true, 32, JSON_THROW_ON_ERROR);
        $items = [];
        array_walk_recursive($policy, static function ($value) use (&$items): void {
            if (is_string($value) && str_contains($value, 'nie udało się doręczyć')) {
                $items[] = $value;
            }
        });

        self::assertCount(1, $items, 'one line of the retention section is about undelivered form messages');
        self::assertMatchesRegularExpression('/\*\*najwyżej \{retention\.failed\}\*\* od chwili, gdy serwer strony powiadomi nas o nich e-mailem/u', $items[0]);

        $held = [];
        array_walk_recursive($policy, static function ($value) use (&$held): void {
            if (is_string($value) && str_contains($value, 'nie odpowiedział na pytanie potwierdzające')) {
                $held[] = $value;
            }
        });
        self::assertCount(1, $held, 'one line is about the messages nobody confirmed');
        // Counted from when they came (HeldMessages::expire): nobody was promised they would be read.
        self::assertMatchesRegularExpression('/\*\*najwyżej \{retention\.held\}\*\* od ich otrzymania/u', $held[0]);
        self::assertSame(14, TestConfig::make()->outbox->heldDays, 'the default is the promise');
    }

    public function testProductionSettingsAreRead(): void
    {
        $config = TestConfig::make([
            'MAIL_FROM_NAME' => 'Salon – formularz',
            'SMTP_HOST' => 'smtp.example.com',
            'SMTP_PORT' => '587',
            'SMTP_SECURE' => 'TLS',
            'SMTP_AUTH' => '1',
            'SMTP_USER' => 'formularz',
            'SMTP_PASS' => ' tajne hasło ',
            'SMTP_TIMEOUT' => '5',
        ]);

        self::assertSame('Salon – formularz', $config->fromName);
        self::assertSame('smtp.example.com', $config->smtpHost);
        self::assertSame(587, $config->smtpPort);
        self::assertSame('tls', $config->smtpSecure);
        self::assertTrue($config->smtpAuth);
        self::assertSame('formularz', $config->smtpUser);
        self::assertSame(' tajne hasło ', $config->smtpPass, 'passwords are not trimmed');
        self::assertSame(5, $config->smtpTimeout);
    }

    public function testEmptyValuesMeanDefaults(): void
    {
        $config = TestConfig::make(['SMTP_HOST' => '', 'SMTP_PORT' => ' ', 'MAIL_FROM_NAME' => '']);

        self::assertSame('127.0.0.1', $config->smtpHost);
        self::assertSame(1025, $config->smtpPort);
        self::assertSame(Defaults::of('MAIL_FROM_NAME'), $config->fromName);
    }

    public function testMissingAddressesAreAllReportedAtOnce(): void
    {
        try {
            Config::fromArray([]);
            self::fail('expected InvalidConfig');
        } catch (InvalidConfig $e) {
            self::assertStringContainsString('MAIL_FROM is missing', $e->getMessage());
            self::assertStringContainsString('MAIL_TO is missing', $e->getMessage());
            self::assertStringContainsString('OUTBOX_DIR is missing', $e->getMessage());
        }
    }

    public function testBadValuesAreRefusedWithoutEchoingThem(): void
    {
        try {
            TestConfig::make([
                'MAIL_TO' => 'not-an-address',
                'SMTP_PORT' => '70000',
                'SMTP_SECURE' => 'starttls',
                'SMTP_AUTH' => 'yes',
                'SMTP_TIMEOUT' => '300',
                'SMTP_PASS' => 'sekret-123',
            ]);
            self::fail('expected InvalidConfig');
        } catch (InvalidConfig $e) {
            foreach (['MAIL_TO', 'SMTP_PORT', 'SMTP_SECURE', 'SMTP_AUTH', 'SMTP_TIMEOUT'] as $name) {
                self::assertStringContainsString($name, $e->getMessage());
            }
            self::assertStringNotContainsString('not-an-address', $e->getMessage());
            self::assertStringNotContainsString('sekret-123', $e->getMessage());
        }
    }

    public function testAuthNeedsCredentials(): void
    {
        $this->expectException(InvalidConfig::class);
        $this->expectExceptionMessage('SMTP_AUTH=1 needs SMTP_USER and SMTP_PASS');

        TestConfig::make(['SMTP_AUTH' => '1', 'SMTP_USER' => 'x']);
    }

    public function testPasswordComesFromAFileReadWhenALoginIsMadeNotWhenTheSettingsAre(): void
    {
        $file = tempnam(sys_get_temp_dir(), 'salon-smtp-pass-');
        $settings = ['SMTP_HOST' => 'smtp.example.com', 'SMTP_SECURE' => 'tls', 'SMTP_AUTH' => '1', 'SMTP_USER' => 'u', 'SMTP_PASS_FILE' => $file];
        try {
            // As `echo ' tajne hasło ' > secrets/smtp_pass` writes it: the line break is not part of the password.
            file_put_contents($file, " tajne hasło \n");
            $config = TestConfig::make($settings);
            self::assertSame(' tajne hasło ', $config->smtpPassword());
            self::assertNull($config->smtpPasswordProblem());
            file_put_contents($file, "nowe\n");
            self::assertSame('nowe', $config->smtpPassword(), 'a new password needs no restart');

            try {
                TestConfig::make(['SMTP_AUTH' => '1', 'SMTP_USER' => 'u', 'SMTP_PASS' => 'p', 'SMTP_PASS_FILE' => $file]);
                self::fail('expected InvalidConfig');
            } catch (InvalidConfig $e) {
                self::assertStringContainsString('SMTP_PASS or SMTP_PASS_FILE, not both', $e->getMessage());
            }

            // Between truncate and write during a password change: the settings stand, no login can be made.
            file_put_contents($file, '');
            self::assertSame('SMTP_PASS_FILE is empty', TestConfig::make($settings)->smtpPasswordProblem());
        } finally {
            unlink($file);
        }
        $config = TestConfig::make($settings);
        self::assertSame('SMTP_PASS_FILE is missing or cannot be read', $config->smtpPasswordProblem());
        self::assertStringNotContainsString($file, (string) $config->smtpPasswordProblem(), 'a path in the message would tell an attacker where to look');
        $this->expectException(\RuntimeException::class);
        $config->smtpPassword();
    }

    public function testPasswordIsHiddenFromDumps(): void
    {
        $dump = print_r(TestConfig::make(['SMTP_AUTH' => '1', 'SMTP_USER' => 'u', 'SMTP_PASS' => 'sekret-123']), true);

        self::assertStringNotContainsString('sekret-123', $dump);
    }

    public function testFromEnvironmentReadsGetenv(): void
    {
        $saved = [];
        foreach (Config::NAMES as $name) {
            $saved[$name] = getenv($name);
            putenv($name);
        }
        try {
            putenv('MAIL_FROM=strona@env.test');
            putenv('MAIL_TO=salon@env.test');
            putenv('SMTP_PORT=2525');
            putenv('OUTBOX_DIR=/var/spool/salon-outbox/');

            $config = Config::fromEnvironment();

            self::assertSame('strona@env.test', $config->fromAddress);
            self::assertSame('salon@env.test', $config->toAddress);
            self::assertSame(2525, $config->smtpPort);
            self::assertSame('/var/spool/salon-outbox', $config->outboxDir);
        } finally {
            foreach ($saved as $name => $value) {
                putenv($value === false ? $name : "$name=$value");
            }
        }
    }
}
