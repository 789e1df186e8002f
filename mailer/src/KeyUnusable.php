<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * The proof of work's key cannot be had: POW_KEY_FILE missing, unreadable or too short, or the generated key cannot
 * be written. The message names the file (never its content). The endpoint then holds every post for review instead
 * of answering 500, and GET /health says pow-key.
 */
final class KeyUnusable extends \RuntimeException
{
}
