<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * The deployment is missing or mis-typing a setting.
 *
 * The message names variables only, never their values: it goes to the log,
 * and SMTP_PASS must never end up there.
 */
final class InvalidConfig extends \RuntimeException
{
}
