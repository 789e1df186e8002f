<?php

declare(strict_types=1);

namespace Salon\Mailer;

/** The body is not a form a browser would send (for the log: a short reason, never the content). */
final class MalformedBody extends \RuntimeException
{
}
