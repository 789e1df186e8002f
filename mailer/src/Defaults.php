<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * The settings' defaults, read from docker/defaults.env: the one file that writes them for the mailer, the web
 * image, the native stack, the compose files and the docs (its header says how it is checked). The file sits two
 * folders above this one both in the checkout and in the php image (/srv/mailer/src → /srv/docker/defaults.env).
 */
final class Defaults
{
    public const FILE = __DIR__ . '/../../docker/defaults.env';

    /** @var array<string, array<string, string>> file => name => value, read once per process */
    private static array $read = [];

    /**
     * @return array<string, string> setting name => its default ('' when it has none)
     *
     * @throws InvalidConfig when the file cannot be read
     */
    public static function all(string $file = self::FILE): array
    {
        if (isset(self::$read[$file])) {
            return self::$read[$file];
        }
        $lines = is_readable($file) ? @file($file, FILE_IGNORE_NEW_LINES) : false;
        if ($lines === false) {
            throw new InvalidConfig("Invalid mailer configuration: the defaults file $file is not readable");
        }
        $defaults = [];
        foreach ($lines as $line) {
            if (preg_match('/^([A-Z][A-Z0-9_]*)=(.*)$/D', $line, $m) === 1) {
                $defaults[$m[1]] = $m[2];
            }
        }

        return self::$read[$file] = $defaults;
    }

    /** The default of one setting; '' when it has none. */
    public static function of(string $name): string
    {
        return self::all()[$name] ?? '';
    }
}
