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
        'OUTBOX_DIR', 'OUTBOX_MAX_ATTEMPTS', 'OUTBOX_RETRY_SECONDS', 'OUTBOX_MAX_PENDING', 'OUTBOX_MIN_FREE_MB',
        'OUTBOX_FAILED_DAYS', 'OUTBOX_MAX_HELD', 'OUTBOX_HELD_DAYS', 'POW_KEY_FILE',
        'HEALTH_SMTP_DOWN_SECONDS', 'HEALTH_WAITING_SECONDS', 'HEALTH_DELIVERER_SECONDS', 'HEALTH_SMTP_PROBE_SECONDS',
    ];

    /** The privacy policy (/rodo) promises that undelivered messages are deleted this many days after they were sent. */
    public const FAILED_DAYS_MAX = 30;
    /** The privacy policy (/rodo) promises that messages held back for review are deleted this many days after they were sent. */
    public const HELD_DAYS_MAX = 14;

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
        /** Failed delivery attempts after which a message is moved to outbox/failed/. */
        public int $outboxMaxAttempts = 10,
        /** Delay before the first retry; each further retry waits twice as long (capped, see Outbox). */
        public int $outboxRetrySeconds = 60,
        /** CA certificates (PEM) to verify the SMTP server's certificate with, instead of the system's; '' for those. */
        public string $smtpCaFile = '',
        /** Waiting messages over which new posts are refused (503) until the deliverer catches up. */
        public int $outboxMaxPending = 500,
        /** Free space on the outbox's disk under which new posts are refused (503). */
        public int $outboxMinFreeMb = 100,
        /** Days failed/ keeps a message, counted from when it was sent (at most FAILED_DAYS_MAX). */
        public int $outboxFailedDays = self::FAILED_DAYS_MAX,
        /** Messages held for review (posts without a valid proof of work) over which such posts are refused. */
        public int $outboxMaxHeld = 500,
        /** Days held/ keeps a message, counted from when it was sent (at most HELD_DAYS_MAX). */
        public int $outboxHeldDays = self::HELD_DAYS_MAX,
        /** The proof of work's HMAC key (from POW_KEY_FILE); '' = a key generated into the outbox (ProofOfWork). */
        #[\SensitiveParameter]
        public string $powKey = '',
        /** SMTP failing this long makes /health and the deliverer's health check say smtp-down. */
        public int $healthSmtpDownSeconds = 900,
        /** A message waiting this long makes /health say mail-waiting. */
        public int $healthWaitingSeconds = 3600,
        /** No deliverer pass for this long makes /health say deliverer-stalled. */
        public int $healthDelivererSeconds = 600,
        /** How often the deliverer asks SMTP whether it answers while no message needs it. */
        public int $healthSmtpProbeSeconds = 300,
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

        $from = $get('MAIL_FROM');
        if (!self::isPlainAddress($from)) {
            $problems[] = $from === '' ? 'MAIL_FROM is missing' : 'MAIL_FROM is not an e-mail address';
        }
        $to = $get('MAIL_TO');
        if (!self::isPlainAddress($to)) {
            $problems[] = $to === '' ? 'MAIL_TO is missing' : 'MAIL_TO is not an e-mail address';
        }

        $port = filter_var($get('SMTP_PORT'), FILTER_VALIDATE_INT, ['options' => ['min_range' => 1, 'max_range' => 65535]]);
        if ($port === false) {
            $problems[] = 'SMTP_PORT must be a number from 1 to 65535';
        }
        // Upper bound keeps a typo from bringing back PHPMailer's 300 s hang; php-fpm kills requests after 25 s anyway.
        $timeout = filter_var($get('SMTP_TIMEOUT'), FILTER_VALIDATE_INT, ['options' => ['min_range' => 1, 'max_range' => 20]]);
        if ($timeout === false) {
            $problems[] = 'SMTP_TIMEOUT must be a number of seconds from 1 to 20';
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
        // at SMTP_PASS_FILE), so it is never in the environment, `docker inspect` or a worker's env; a line break
        // at the file's end (echo, an editor) is not part of it.
        $user = $get('SMTP_USER');
        $pass = $env['SMTP_PASS'] ?? '';
        $passFile = $get('SMTP_PASS_FILE');
        if ($passFile !== '' && $pass !== '') {
            $problems[] = 'set SMTP_PASS or SMTP_PASS_FILE, not both';
        } elseif ($passFile !== '') {
            $read = is_file($passFile) && is_readable($passFile) ? @file_get_contents($passFile) : false;
            if ($read === false) {
                $problems[] = 'SMTP_PASS_FILE is not a readable file';
            } else {
                $pass = (string) preg_replace('/\r?\n\z/', '', $read);
            }
        }
        if ($auth && ($user === '' || $pass === '')) {
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
        $maxAttempts = filter_var($get('OUTBOX_MAX_ATTEMPTS'), FILTER_VALIDATE_INT, ['options' => ['min_range' => 1, 'max_range' => 100]]);
        if ($maxAttempts === false) {
            $problems[] = 'OUTBOX_MAX_ATTEMPTS must be a number from 1 to 100';
        }
        $retrySeconds = filter_var($get('OUTBOX_RETRY_SECONDS'), FILTER_VALIDATE_INT, ['options' => ['min_range' => 1, 'max_range' => 86400]]);
        if ($retrySeconds === false) {
            $problems[] = 'OUTBOX_RETRY_SECONDS must be a number of seconds from 1 to 86400';
        }

        $maxPending = filter_var($get('OUTBOX_MAX_PENDING'), FILTER_VALIDATE_INT, ['options' => ['min_range' => 1, 'max_range' => 1_000_000]]);
        if ($maxPending === false) {
            $problems[] = 'OUTBOX_MAX_PENDING must be a number from 1 to 1000000';
        }
        $minFreeMb = filter_var($get('OUTBOX_MIN_FREE_MB'), FILTER_VALIDATE_INT, ['options' => ['min_range' => 0, 'max_range' => 1_000_000_000]]);
        if ($minFreeMb === false) {
            $problems[] = 'OUTBOX_MIN_FREE_MB must be a number of megabytes from 0 to 1000000000';
        }
        $failedDays = filter_var($get('OUTBOX_FAILED_DAYS'), FILTER_VALIDATE_INT, ['options' => ['min_range' => 1, 'max_range' => self::FAILED_DAYS_MAX]]);
        if ($failedDays === false) {
            $problems[] = 'OUTBOX_FAILED_DAYS must be a number of days from 1 to ' . self::FAILED_DAYS_MAX . ' (the privacy policy promises no longer)';
        }

        $maxHeld = filter_var($get('OUTBOX_MAX_HELD'), FILTER_VALIDATE_INT, ['options' => ['min_range' => 1, 'max_range' => 1_000_000]]);
        if ($maxHeld === false) {
            $problems[] = 'OUTBOX_MAX_HELD must be a number from 1 to 1000000';
        }
        $heldDays = filter_var($get('OUTBOX_HELD_DAYS'), FILTER_VALIDATE_INT, ['options' => ['min_range' => 1, 'max_range' => self::HELD_DAYS_MAX]]);
        if ($heldDays === false) {
            $problems[] = 'OUTBOX_HELD_DAYS must be a number of days from 1 to ' . self::HELD_DAYS_MAX . ' (the privacy policy promises no longer)';
        }
        // A secret file, like the SMTP password; without one, ProofOfWork generates a key into the outbox.
        $powKey = '';
        $powKeyFile = $get('POW_KEY_FILE');
        if ($powKeyFile !== '') {
            $read = is_file($powKeyFile) && is_readable($powKeyFile) ? @file_get_contents($powKeyFile) : false;
            $powKey = $read === false ? '' : trim($read);
            if ($read === false) {
                $problems[] = 'POW_KEY_FILE is not a readable file';
            } elseif (strlen($powKey) < 32) {
                $problems[] = 'POW_KEY_FILE must hold at least 32 characters (e.g. openssl rand -hex 32)';
            }
        }

        $health = [];
        foreach (['HEALTH_SMTP_DOWN_SECONDS', 'HEALTH_WAITING_SECONDS', 'HEALTH_DELIVERER_SECONDS', 'HEALTH_SMTP_PROBE_SECONDS'] as $name) {
            $health[$name] = filter_var($get($name), FILTER_VALIDATE_INT, ['options' => ['min_range' => 1, 'max_range' => 30 * 86400]]);
            if ($health[$name] === false) {
                $problems[] = "$name must be a number of seconds from 1 to 2592000";
            }
        }

        if ($problems !== []) {
            throw new InvalidConfig('Invalid mailer configuration: ' . implode('; ', $problems));
        }

        return new self(
            fromAddress: $from,
            fromName: self::singleLine($get('MAIL_FROM_NAME')),
            toAddress: $to,
            smtpHost: $host,
            smtpPort: (int) $port,
            smtpSecure: $secure,
            smtpAuth: $auth,
            smtpUser: $user,
            smtpPass: $pass,
            smtpTimeout: (int) $timeout,
            outboxDir: $outboxDir,
            outboxMaxAttempts: (int) $maxAttempts,
            outboxRetrySeconds: (int) $retrySeconds,
            smtpCaFile: $caFile,
            outboxMaxPending: (int) $maxPending,
            outboxMinFreeMb: (int) $minFreeMb,
            outboxFailedDays: (int) $failedDays,
            outboxMaxHeld: (int) $maxHeld,
            outboxHeldDays: (int) $heldDays,
            powKey: $powKey,
            healthSmtpDownSeconds: (int) $health['HEALTH_SMTP_DOWN_SECONDS'],
            healthWaitingSeconds: (int) $health['HEALTH_WAITING_SECONDS'],
            healthDelivererSeconds: (int) $health['HEALTH_DELIVERER_SECONDS'],
            healthSmtpProbeSeconds: (int) $health['HEALTH_SMTP_PROBE_SECONDS'],
        );
    }

    /** The domain of the site's own address, used for Message-ID so it matches the From domain. */
    public function siteDomain(): string
    {
        return strtolower(substr($this->fromAddress, (int) strrpos($this->fromAddress, '@') + 1));
    }

    /** Hide the password from var_dump/print_r output that might reach a log. */
    public function __debugInfo(): array
    {
        $info = get_object_vars($this);
        $info['smtpPass'] = $this->smtpPass === '' ? '' : '***';
        $info['powKey'] = $this->powKey === '' ? '' : '***';

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
