<?php

/*
 * The deliverer: sends what waits in the outbox (OUTBOX_DIR), with the same settings as the endpoint.
 *
 *   php mailer/bin/deliver.php                one pass, then exit: what a pass of --loop does (due messages,
 *                                            the salon's notice of failed ones with their texts and summary of
 *                                            unconfirmed ones, deletion after the retention periods, the
 *                                            heartbeat); for cron
 *   php mailer/bin/deliver.php --now          the same, over every waiting message, due or not (after a fix)
 *   php mailer/bin/deliver.php --loop         the service: a pass every OUTBOX_POLL_SECONDS (docker/defaults.env)
 *   php mailer/bin/deliver.php --status       counts of waiting, failed and held messages and the problems
 *                                            GET /health reports, with their details, as JSON
 *   php mailer/bin/deliver.php --failed       list what failed/ holds (refused by the relay, or not delivered
 *                                            in OUTBOX_RETRY_HOURS), one JSON line each
 *   php mailer/bin/deliver.php --retry-failed put outbox/failed/* back in the queue, attempts reset
 *   php mailer/bin/deliver.php --purge-failed=ID  delete a failed message once read; --purge-failed=all
 *   php mailer/bin/deliver.php --held         list the posts waiting for their sender's confirmation (no valid
 *                                            proof of work, or the trap filled), one JSON line each: id, when,
 *                                            name, e-mail, subject, the text, wrong answers so far
 *   php mailer/bin/deliver.php --release=ID   confirm one on its sender's behalf: into the queue (delivered
 *                                            once); --release=all
 *   php mailer/bin/deliver.php --purge=ID     delete a held message; --purge=all deletes every one
 *   php mailer/bin/deliver.php --health       exit 0 if a pass ran lately and SMTP has not been failing for longer
 *                                            than HEALTH_SMTP_DOWN_SECONDS (the container health check); else 1,
 *                                            saying why
 *   php mailer/bin/deliver.php --check        exit 0 if the configuration is usable, else 2 naming what is wrong
 *                                            (the php image's entrypoint: a bad setting stops the container)
 *   php mailer/bin/deliver.php --check=php    the same, and the proof-of-work key the endpoint needs (the
 *                                            deliverer does not: POW_KEY_FILE need not be mounted there)
 *
 * Started as root (an operator by hand), it first becomes the owner of the outbox directory (www-data),
 * so every file it writes stays readable for the PHP-FPM workers and the service.
 * Exit codes: 0 done, 1 messages are left or failed, 2 configuration or outbox problem.
 */

declare(strict_types=1);

use Salon\Mailer\Config;
use Salon\Mailer\Defaults;
use Salon\Mailer\Deliverer;
use Salon\Mailer\DelivererPass;
use Salon\Mailer\EventLog;
use Salon\Mailer\Health;
use Salon\Mailer\HealthPing;
use Salon\Mailer\InvalidConfig;
use Salon\Mailer\KeyUnusable;
use Salon\Mailer\MessageBuilder;
use Salon\Mailer\OriginPolicy;
use Salon\Mailer\Outbox;
use Salon\Mailer\OutboxEntry;
use Salon\Mailer\OutboxUnavailable;
use Salon\Mailer\ProofOfWork;
use Salon\Mailer\SmtpSender;

require dirname(__DIR__) . '/vendor/autoload.php';

ini_set('display_errors', 'stderr');
ini_set('log_errors', '0');

$options = getopt('', ['loop', 'now', 'status', 'failed', 'retry-failed', 'purge-failed:', 'held', 'release:', 'purge:', 'health', 'check::', 'help']);
if (isset($options['help'])) {
    $doc = (string) preg_replace('/^.*?\/\*\n|\s*\*\/.*$/s', '', (string) file_get_contents(__FILE__));
    fwrite(STDOUT, preg_replace('/^ \* ?/m', '', $doc) . "\n");
    exit(0);
}

$log = static function (string $line): void {
    fwrite(STDERR, date('Y-m-d\TH:i:sP') . ' ' . $line . "\n");
};

try {
    $config = Config::fromEnvironment();
    $ping = HealthPing::fromEnvironment($log);
    // The loop's own setting, checked with the rest: a wrong one stops the container at start (--check).
    $pollSetting = trim((string) getenv('OUTBOX_POLL_SECONDS'));
    $poll = filter_var($pollSetting === '' ? Defaults::of('OUTBOX_POLL_SECONDS') : $pollSetting, FILTER_VALIDATE_INT, ['options' => ['min_range' => 1, 'max_range' => 3600]]);
    if ($poll === false) {
        throw new InvalidConfig('Invalid mailer configuration: OUTBOX_POLL_SECONDS must be a number of seconds from 1 to 3600');
    }
    if (isset($options['check'])) {
        OriginPolicy::fromEnvironment();
        if ($options['check'] === 'php') {
            // Reads POW_KEY_FILE, or makes (or replaces) the generated key: refused here, naming the file, not
            // with a 500 to every visitor.
            ProofOfWork::fromConfig($config);
        }
        exit(0);
    }
} catch (InvalidConfig | KeyUnusable $e) {
    $log(EventLog::line('error', ['reason' => $e instanceof KeyUnusable ? 'pow-key' : 'config', 'detail' => $e->getMessage()]));
    exit(2);
}

// Touched after every pass (Health::HEARTBEAT_FILE); a dotfile, so never taken for a message.
$heartbeat = $config->outboxDir . '/' . Health::HEARTBEAT_FILE;
if (isset($options['health'])) {
    clearstatcache();
    $beat = @filemtime($heartbeat);
    if ($beat === false || $beat < time() - 3 * $poll - 30) {
        fwrite(STDERR, Health::DELIVERER_STALLED . ": no pass since " . ($beat === false ? 'it started' : EventLog::time($beat)) . "\n");
        exit(1);
    }
    // Mail that cannot go is the deliverer's trouble too, whatever its loop does.
    $smtp = (new Health($config, Outbox::fromConfig($config)))->smtpProblem();
    if ($smtp !== null) {
        fwrite(STDERR, Health::SMTP_DOWN . ": $smtp\n");
        exit(1);
    }
    exit(0);
}

// As root, become the outbox's owner (never write files PHP-FPM's www-data cannot read or replace).
if (function_exists('posix_geteuid') && posix_geteuid() === 0) {
    $owner = @stat($config->outboxDir);
    if ($owner !== false && $owner['uid'] !== 0) {
        if (!posix_setgid($owner['gid']) || !posix_setuid($owner['uid'])) {
            $log(EventLog::line('error', ['reason' => 'cannot-switch-user', 'detail' => 'uid ' . $owner['uid']]));
            exit(2);
        }
    }
}

$outbox = Outbox::fromConfig($config);
$health = new Health($config, $outbox);
$sender = new SmtpSender($config);
$pass = new DelivererPass(
    $config,
    $outbox,
    new Deliverer($outbox, $sender, $log, $config->healthSmtpProbeSeconds),
    $sender,
    new MessageBuilder($config),
    $log,
    // Only to forget spent challenges; no key is needed for that.
    new ProofOfWork('', $config->outboxDir . '/' . ProofOfWork::SPENT_DIR),
    $ping,
);

/** One JSON line for a person reviewing a message: what the visitor wrote, as the mail would have it. */
$listed = static function (OutboxEntry $entry, array $more = []): string {
    return json_encode([
        'id' => $entry->id(),
        'sent' => EventLog::time($entry->createdAt),
        'name' => $entry->message->replyToName,
        'email' => $entry->message->replyTo,
        'subject' => $entry->message->subject,
        'body' => $entry->message->body,
    ] + $more, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_THROW_ON_ERROR) . "\n";
};

try {
    if (isset($options['status'])) {
        fwrite(STDOUT, json_encode([
            'waiting' => count($outbox->pending()),
            'failed' => count($outbox->failed->paths()),
            'held' => count($outbox->held->paths()),
            'smtpLooksDown' => $outbox->smtp->looksDown(),
            // What GET /health answers, with the details it does not publish.
            'problems' => (object) $health->problems(),
        ], JSON_UNESCAPED_SLASHES | JSON_THROW_ON_ERROR) . "\n");
        exit(0);
    }
    if (isset($options['retry-failed'])) {
        $count = $outbox->failed->requeue();
        $log(EventLog::line('requeued', ['count' => $count]));
        exit(0);
    }
    if (isset($options['held'])) {
        foreach ($outbox->held->entries() as $entry) {
            fwrite(STDOUT, $listed($entry, ['wrongAnswers' => $entry->confirmation?->wrong ?? 0]));
        }
        exit(0);
    }
    if (isset($options['failed'])) {
        foreach ($outbox->failed->entries() as $entry) {
            // A file that is not a readable entry is named, to be looked at by hand.
            fwrite(STDOUT, is_string($entry)
                ? json_encode(['file' => $entry, 'gaveUp' => 'unreadable'], JSON_UNESCAPED_SLASHES | JSON_THROW_ON_ERROR) . "\n"
                : $listed($entry, ['gaveUp' => $entry->gaveUp, 'reason' => $entry->lastError, 'attempts' => $entry->attempts]));
        }
        exit(0);
    }
    foreach (['release' => 'released', 'purge' => 'purged', 'purge-failed' => 'purged'] as $action => $event) {
        if (isset($options[$action])) {
            $which = is_string($options[$action]) ? $options[$action] : '';
            if ($which !== 'all' && preg_match(Outbox::ID_PATTERN, $which) !== 1) {
                $log(EventLog::line('error', ['reason' => 'usage', 'detail' => "--$action=ID (16 hex digits, as --held or --failed lists) or --$action=all"]));
                exit(2);
            }
            $id = $which === 'all' ? null : $which;
            $count = match ($action) {
                'release' => $outbox->held->release($id),
                'purge' => $outbox->held->purge($id),
                default => $outbox->failed->purge($id),
            };
            $log(EventLog::line($event, ['count' => $count] + ($id === null ? [] : ['id' => $id]) + ($action === 'purge-failed' ? ['from' => 'failed'] : [])));
            exit($count > 0 ? 0 : 1);
        }
    }
    if (!isset($options['loop'])) {
        $report = $pass->run(isset($options['now']));
        fwrite(STDOUT, json_encode($report->toArray(), JSON_THROW_ON_ERROR) . "\n");
        exit($report->left > 0 || $report->failed > 0 ? 1 : 0);
    }
} catch (OutboxUnavailable $e) {
    $log(EventLog::line('error', ['reason' => 'outbox-unavailable', 'detail' => $e->getMessage()]));
    exit(2);
}

// --loop: a pass, then sleep. SIGTERM (docker compose stop/down, the native stack), SIGINT (Ctrl-C), SIGQUIT (the
// php image's STOPSIGNAL, should a deployment keep it) and SIGHUP end it: the message in hand is finished, the
// pass stops before the next one, and the process exits at once — within a second when idle. PHP as PID 1 in a
// container ignores signals it has no handler for, so without these `docker stop` would wait and then SIGKILL.
$running = true;
if (!function_exists('pcntl_async_signals')) {
    $log(EventLog::line('error', ['reason' => 'no-pcntl', 'detail' => 'SIGTERM cannot be handled; install the pcntl extension']));
} else {
    pcntl_async_signals(true);
    $stop = static function (int $signal) use (&$running, $log): void {
        if ($running) {
            $log(EventLog::line('deliverer-stopping', ['signal' => $signal]));
        }
        $running = false;
    };
    foreach ([SIGTERM, SIGINT, SIGQUIT, SIGHUP] as $signal) {
        pcntl_signal($signal, $stop);
    }
}
$stopRequested = static function () use (&$running): bool {
    return !$running;
};
$log(EventLog::line('deliverer-started', ['poll' => $poll . 's', 'outbox' => $config->outboxDir]));
while ($running) {
    try {
        $pass->run(false, $stopRequested);
    } catch (\Throwable $e) {
        $log(EventLog::line('error', ['reason' => $e instanceof OutboxUnavailable ? 'outbox-unavailable' : 'unexpected', 'detail' => $e instanceof OutboxUnavailable ? $e->getMessage() : get_class($e) . ' at ' . basename($e->getFile()) . ':' . $e->getLine()]));
    }
    for ($slept = 0; $running && $slept < $poll * 10; $slept++) {
        usleep(100_000);
    }
}
$log(EventLog::line('deliverer-stopped'));
