<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * Every setting of the mailer, read from environment variables.
 *
 * Nothing is hard-coded so that the same code talks to the local mail catcher
 * (no TLS, no auth) and to the production relay (TLS and auth) without edits.
 */
final readonly class Config
{
    /** The variables read; anything else in the environment is ignored. */
    public const NAMES = [
        'MAIL_FROM', 'MAIL_FROM_NAME', 'MAIL_TO',
        'SMTP_HOST', 'SMTP_PORT', 'SMTP_SECURE', 'SMTP_AUTH', 'SMTP_USER', 'SMTP_PASS', 'SMTP_PASS_FILE', 'SMTP_TIMEOUT',
        'SMTP_CA_FILE',
        'OUTBOX_DIR', 'OUTBOX_RETRY_HOURS', 'OUTBOX_RETRY_SECONDS', 'OUTBOX_MAX_PENDING', 'OUTBOX_MIN_FREE_MB',
        'OUTBOX_FAILED_DAYS', 'OUTBOX_MAX_HELD', 'OUTBOX_HELD_DAYS', 'POW_KEY_FILE',
        'HEALTH_SMTP_DOWN_SECONDS', 'HEALTH_WAITING_SECONDS', 'HEALTH_DELIVERER_SECONDS', 'HEALTH_SMTP_PROBE_SECONDS',
        'HELD_DIGEST_HOUR', 'HELD_DIGEST_DAY_SECONDS',
    ];

    /**
     * The longest OUTBOX_FAILED_DAYS: days after the salon had an undelivered message (the notice that carried its
     * text, or named one the relay refused) within which it is deleted. The privacy texts state the setting itself.
     */
    public const FAILED_DAYS_MAX = 30;
    /**
     * The longest OUTBOX_HELD_DAYS: days after it came within which a message nobody confirmed is deleted. The
     * privacy texts state the setting itself.
     */
    public const HELD_DAYS_MAX = 14;

    /**
     * The whole-number settings: name => [lowest, highest, unit for the message, why the bound]. Read and checked
     * alike; the bounds that are promises say so in the message.
     */
    private const NUMBERS = [
        'SMTP_PORT' => [1, 65535, '', ''],
        // Upper bound keeps a typo from bringing back PHPMailer's 300 s hang; php-fpm kills requests after 25 s anyway.
        'SMTP_TIMEOUT' => [1, 20, 'seconds', ''],
        'OUTBOX_RETRY_HOURS' => [1, 720, 'hours', ''],
        'OUTBOX_RETRY_SECONDS' => [1, 86400, 'seconds', ''],
        'OUTBOX_MAX_PENDING' => [1, 1_000_000, '', ''],
        'OUTBOX_MIN_FREE_MB' => [0, 1_000_000_000, 'megabytes', ''],
        'OUTBOX_FAILED_DAYS' => [1, self::FAILED_DAYS_MAX, 'days', ''],
        'OUTBOX_MAX_HELD' => [1, 1_000_000, '', ''],
        'OUTBOX_HELD_DAYS' => [1, self::HELD_DAYS_MAX, 'days', ''],
        'HEALTH_SMTP_DOWN_SECONDS' => [1, 30 * 86400, 'seconds', ''],
        'HEALTH_WAITING_SECONDS' => [1, 30 * 86400, 'seconds', ''],
        'HEALTH_DELIVERER_SECONDS' => [1, 30 * 86400, 'seconds', ''],
        'HEALTH_SMTP_PROBE_SECONDS' => [1, 30 * 86400, 'seconds', ''],
        'HELD_DIGEST_HOUR' => [0, 23, '', ''],
        'HELD_DIGEST_DAY_SECONDS' => [5, 86400, 'seconds', ''],
    ];

    /** Hosts a login may go to without TLS: nothing leaves the machine, or it is the development catcher. */
    private const PLAIN_AUTH_HOSTS = ['localhost', '::1', '[::1]', 'catcher'];

    public function __construct(
        public string $fromAddress,
        public string $fromName,
        public string $toAddress,
        public string $smtpHost,
        public int $smtpPort,
        /** '' (plain, no STARTTLS), 'tls' (STARTTLS) or 'ssl' (implicit TLS). */
        public string $smtpSecure,
        public bool $smtpAuth,
        public string $smtpUser,
        #[\SensitiveParameter]
        public string $smtpPass,
        public int $smtpTimeout,
        /** Where accepted messages wait until SMTP takes them (see Outbox); absolute path. */
        public string $outboxDir = '',
        /** How much the outbox takes and how long it keeps it (the OUTBOX_* settings). */
        public OutboxLimits $outbox = new OutboxLimits(),
        /** CA certificates (PEM) to verify the SMTP server's certificate with, instead of the system's; '' for those. */
        public string $smtpCaFile = '',
        /** Where the password is (SMTP_PASS_FILE), read again for every SMTP session (SmtpSender); '' when none. */
        public string $smtpPassFile = '',
        /**
         * The proof of work's HMAC key as a file (POW_KEY_FILE), read by ProofOfWork where it is needed (the endpoint,
         * not the deliverer); '' = a key generated into the outbox.
         */
        public string $powKeyFile = '',
        /** SMTP failing this long makes /health and the deliverer's health check say smtp-down. */
        public int $healthSmtpDownSeconds = 900,
        /** A message waiting this long makes /health say mail-waiting. */
        public int $healthWaitingSeconds = 3600,
        /** No deliverer pass for this long makes /health say deliverer-stalled. */
        public int $healthDelivererSeconds = 600,
        /** How often the deliverer asks SMTP whether it answers while no message needs it. */
        public int $healthSmtpProbeSeconds = 300,
        /** The hour (the salon's time) at which the day's summary of unconfirmed messages goes (DigestSchedule). */
        public int $heldDigestHour = 8,
        /** The summary's "day": 86400, shorter only in tests. */
        public int $heldDigestDaySeconds = 86400,
    ) {
    }

    /** Reads the process environment (php-fpm passes on exactly these names: env[…] in docker/php/php-fpm.conf). */
    public static function fromEnvironment(): self
    {
        $env = [];
        foreach (self::NAMES as $name) {
            $value = getenv($name);
            if ($value !== false) {
                $env[$name] = $value;
            }
        }

        return self::fromArray($env);
    }

    /**
     * @param array<string, string> $env variable name => value; missing and empty mean "use the default"
     *
     * @throws InvalidConfig listing every problem at once, so one deploy fixes them all
     */
    public static function fromArray(array $env): self
    {
        // Missing or empty: the default from docker/defaults.env (Defaults), the one place defaults are written.
        $defaults = Defaults::all();
        $get = static fn (string $name): string => trim($env[$name] ?? '') !== ''
            ? trim($env[$name])
            : trim($defaults[$name] ?? '');
        $problems = [];

        $number = [];
        foreach (self::NUMBERS as $name => [$min, $max, $unit, $why]) {
            $value = filter_var($get($name), FILTER_VALIDATE_INT, ['options' => ['min_range' => $min, 'max_range' => $max]]);
            if ($value === false) {
                $problems[] = "$name must be a number" . ($unit === '' ? '' : " of $unit") . " from $min to $max$why";
            }
            $number[$name] = (int) $value;
        }

        $from = $get('MAIL_FROM');
        if (!self::isPlainAddress($from)) {
            $problems[] = $from === '' ? 'MAIL_FROM is missing' : 'MAIL_FROM is not an e-mail address';
        }
        $to = $get('MAIL_TO');
        if (!self::isPlainAddress($to)) {
            $problems[] = $to === '' ? 'MAIL_TO is missing' : 'MAIL_TO is not an e-mail address';
        }

        $secure = strtolower($get('SMTP_SECURE'));
        if (!in_array($secure, ['', 'tls', 'ssl'], true)) {
            $problems[] = "SMTP_SECURE must be '', 'tls' or 'ssl'";
        }
        $authRaw = $get('SMTP_AUTH');
        if (!in_array($authRaw, ['0', '1'], true)) {
            $problems[] = "SMTP_AUTH must be '0' or '1'";
        }
        $auth = $authRaw === '1';
        // The password is not trimmed: a space may be part of it. In Compose it comes from a file (a secret mounted
        // at SMTP_PASS_FILE), so it is never in the environment, `docker inspect` or a worker's env. The file is
        // read only when a login is made (smtpPassword): storing a message needs no SMTP, so a file missing or
        // half-written during a password change never stops the form (it is an SMTP failure, and /health says so).
        $user = $get('SMTP_USER');
        $pass = $env['SMTP_PASS'] ?? '';
        $passFile = $get('SMTP_PASS_FILE');
        if ($passFile !== '' && $pass !== '') {
            $problems[] = 'set SMTP_PASS or SMTP_PASS_FILE, not both';
        } elseif ($passFile !== '' && $passFile[0] !== '/') {
            $problems[] = 'SMTP_PASS_FILE must be an absolute path';
        }
        if ($auth && ($user === '' || ($pass === '' && $passFile === ''))) {
            $problems[] = 'SMTP_AUTH=1 needs SMTP_USER and SMTP_PASS (or SMTP_PASS_FILE)';
        }
        // With SMTP_SECURE='' there is no TLS at all (AutoTLS is off, see SmtpSender), so the login and every
        // message would cross the network readable, even to a server that offers STARTTLS.
        $host = $get('SMTP_HOST');
        if ($auth && $secure === '' && !self::isLoopbackOrCatcher($host)) {
            $problems[] = "SMTP_AUTH=1 needs SMTP_SECURE=tls or ssl: without TLS the password would travel in clear text (allowed only to a loopback host or the development catcher 'catcher')";
        }
        $caFile = $get('SMTP_CA_FILE');
        if ($caFile !== '' && (!is_file($caFile) || !is_readable($caFile))) {
            $problems[] = 'SMTP_CA_FILE is not a readable file';
        } elseif ($caFile !== '' && $secure === '') {
            $problems[] = 'SMTP_CA_FILE needs SMTP_SECURE=tls or ssl';
        }

        $outboxDir = rtrim($get('OUTBOX_DIR'), '/');
        if ($outboxDir === '' || $outboxDir[0] !== '/') {
            $problems[] = $outboxDir === '' ? 'OUTBOX_DIR is missing' : 'OUTBOX_DIR must be an absolute path';
        }
        // A secret file, like the SMTP password, but only the endpoint needs it: ProofOfWork reads it (and
        // `deliver.php --check=php` checks it), so a deliverer without the file mounted starts all the same.
        $powKeyFile = $get('POW_KEY_FILE');
        if ($powKeyFile !== '' && $powKeyFile[0] !== '/') {
            $problems[] = 'POW_KEY_FILE must be an absolute path';
        }

        if ($problems !== []) {
            throw new InvalidConfig('Invalid mailer configuration: ' . implode('; ', $problems));
        }

        return new self(
            fromAddress: $from,
            fromName: self::singleLine($get('MAIL_FROM_NAME')),
            toAddress: $to,
            smtpHost: $host,
            smtpPort: $number['SMTP_PORT'],
            smtpSecure: $secure,
            smtpAuth: $auth,
            smtpUser: $user,
            smtpPass: $pass,
            smtpTimeout: $number['SMTP_TIMEOUT'],
            outboxDir: $outboxDir,
            outbox: new OutboxLimits(
                retryHours: $number['OUTBOX_RETRY_HOURS'],
                retrySeconds: $number['OUTBOX_RETRY_SECONDS'],
                maxPending: $number['OUTBOX_MAX_PENDING'],
                minFreeBytes: $number['OUTBOX_MIN_FREE_MB'] * 1024 * 1024,
                failedDays: $number['OUTBOX_FAILED_DAYS'],
                maxHeld: $number['OUTBOX_MAX_HELD'],
                heldDays: $number['OUTBOX_HELD_DAYS'],
            ),
            smtpCaFile: $caFile,
            smtpPassFile: $passFile,
            powKeyFile: $powKeyFile,
            healthSmtpDownSeconds: $number['HEALTH_SMTP_DOWN_SECONDS'],
            healthWaitingSeconds: $number['HEALTH_WAITING_SECONDS'],
            healthDelivererSeconds: $number['HEALTH_DELIVERER_SECONDS'],
            healthSmtpProbeSeconds: $number['HEALTH_SMTP_PROBE_SECONDS'],
            heldDigestHour: $number['HELD_DIGEST_HOUR'],
            heldDigestDaySeconds: $number['HELD_DIGEST_DAY_SECONDS'],
        );
    }

    /** The domain of the site's own address, used for Message-ID so it matches the From domain. */
    public function siteDomain(): string
    {
        return strtolower(substr($this->fromAddress, (int) strrpos($this->fromAddress, '@') + 1));
    }

    /**
     * The SMTP password as it is now: SMTP_PASS_FILE read again (an operator who writes the relay's new password
     * there needs no restart), or SMTP_PASS.
     *
     * @throws \RuntimeException the file is missing, unreadable or empty now
     */
    public function smtpPassword(): string
    {
        if ($this->smtpPassFile === '') {
            return $this->smtpPass;
        }
        $read = is_file($this->smtpPassFile) ? @file_get_contents($this->smtpPassFile) : false;
        error_clear_last();
        if ($read === false) {
            throw new \RuntimeException('SMTP_PASS_FILE is missing or cannot be read');
        }
        $password = self::passwordIn($read);
        if ($password === '') {
            throw new \RuntimeException('SMTP_PASS_FILE is empty');
        }

        return $password;
    }

    /** Why no login can be made with the password file now (null: it can, or no login is made). */
    public function smtpPasswordProblem(): ?string
    {
        if (!$this->smtpAuth || $this->smtpPassFile === '') {
            return null;
        }
        try {
            $this->smtpPassword();

            return null;
        } catch (\RuntimeException $e) {
            return $e->getMessage();
        }
    }

    /** A password file's password: one line break at its end (echo, an editor) is not part of it. */
    private static function passwordIn(string $file): string
    {
        return (string) preg_replace('/\r?\n\z/', '', $file);
    }

    /** Hide the password from var_dump/print_r output that might reach a log. */
    public function __debugInfo(): array
    {
        $info = get_object_vars($this);
        $info['smtpPass'] = $this->smtpPass === '' ? '' : '***';

        return $info;
    }

    private static function isLoopbackOrCatcher(string $host): bool
    {
        $host = strtolower($host);

        return in_array($host, self::PLAIN_AUTH_HOSTS, true)
            || (filter_var($host, FILTER_VALIDATE_IP, FILTER_FLAG_IPV4) !== false && str_starts_with($host, '127.'));
    }

    private static function isPlainAddress(string $address): bool
    {
        return $address !== '' && filter_var($address, FILTER_VALIDATE_EMAIL) !== false;
    }

    private static function singleLine(string $value): string
    {
        return trim((string) preg_replace('/[\x00-\x1F\x7F]+/', ' ', $value));
    }
}
