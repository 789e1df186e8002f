<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Unit;

use Salon\Mailer\Config;

/** One Config for the unit tests; addresses on .test, which can never be real. */
final class TestConfig
{
    /**
     * @param array<string, string> $overrides
     */
    public static function make(array $overrides = []): Config
    {
        return Config::fromArray($overrides + [
            'MAIL_FROM' => 'formularz@salon.test',
            'MAIL_TO' => 'recepcja@salon.test',
            'OUTBOX_DIR' => '/nonexistent/salon-outbox',
        ]);
    }
}
