<?php

/*
 * The deliverer: sends what waits in the outbox (OUTBOX_DIR), with the same settings as the endpoint.
 *
 *   php mailer/bin/deliver.php                one pass over the due messages, then exit
 *   php mailer/bin/deliver.php --now          one pass over every waiting message, due or not (after a fix)
 *   php mailer/bin/deliver.php --loop         the service: a pass every OUTBOX_POLL_SECONDS (docker/defaults.env)
 *   php mailer/bin/deliver.php --status       counts of waiting and failed messages, as JSON
 *   php mailer/bin/deliver.php --retry-failed put outbox/failed/* back in the queue, attempts reset
 *   php mailer/bin/deliver.php --held         list the posts held back for review (no valid proof of work),
 *                                            one JSON line each: id, when, name, e-mail, subject, the text
 *   php mailer/bin/deliver.php --release=ID   put a held message into the queue (delivered once); --release=all
 *   php mailer/bin/deliver.php --purge=ID     delete a held message; --purge=all deletes every one
 *   php mailer/bin/deliver.php --health       exit 0 if a --loop pass ran lately (the container health check)
 *   php mailer/bin/deliver.php --check        exit 0 if the configuration is usable, else 2 naming what is wrong
 *                                            (the php image's entrypoint: a bad setting stops the container)
 *
 * Started as root (an operator by hand), it first becomes the owner of the outbox directory (www-data),
 * so every file it writes stays readable for the PHP-FPM workers and the service.
 * Exit codes: 0 done, 1 messages are left or failed, 2 configuration or outbox problem.
 */

declare(strict_types=1);

use Salon\Mailer\Config;
use Salon\Mailer\Defaults;
use Salon\Mailer\Deliverer;
use Salon\Mailer\EventLog;
use Salon\Mailer\Health;
use Salon\Mailer\InvalidConfig;
use Salon\Mailer\OriginPolicy;
use Salon\Mailer\Outbox;
use Salon\Mailer\OutboxUnavailable;
use Salon\Mailer\ProofOfWork;
use Salon\Mailer\SmtpSender;

require dirname(__DIR__) . '/vendor/autoload.php';

ini_set('display_errors', 'stderr');
ini_set('log_errors', '0');

$options = getopt('', ['loop', 'now', 'status', 'retry-failed', 'held', 'release:', 'purge:', 'health', 'check', 'help']);
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
    if (isset($options['check'])) {
        OriginPolicy::fromEnvironment();
        exit(0);
    }
} catch (InvalidConfig $e) {
    $log(EventLog::line('error', ['reason' => 'config', 'detail' => $e->getMessage()]));
    exit(2);
}

// Touched after every pass (Health::HEARTBEAT_FILE); a dotfile, so never taken for a message.
$heartbeat = $config->outboxDir . '/' . Health::HEARTBEAT_FILE;
$poll = filter_var(
    getenv('OUTBOX_POLL_SECONDS') ?: Defaults::of('OUTBOX_POLL_SECONDS'),
    FILTER_VALIDATE_INT,
    ['options' => ['min_range' => 1, 'max_range' => 3600]],
) ?: (int) Defaults::of('OUTBOX_POLL_SECONDS');
if (isset($options['health'])) {
    clearstatcache();
    $beat = @filemtime($heartbeat);
    exit($beat !== false && $beat >= time() - 3 * $poll - 30 ? 0 : 1);
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
$deliverer = new Deliverer($outbox, new SmtpSender($config), $log, $config->healthSmtpProbeSeconds);
// Only to forget spent challenges in --loop; no key is needed for that.
$proof = new ProofOfWork('', $config->outboxDir . '/' . ProofOfWork::SPENT_DIR);

try {
    if (isset($options['status'])) {
        fwrite(STDOUT, json_encode([
            'waiting' => count($outbox->pending()),
            'failed' => count($outbox->failed()),
            'held' => count($outbox->held()),
            'smtpLooksDown' => $outbox->smtpLooksDown(),
            // What GET /health answers, with the details it does not publish.
            'problems' => (object) $health->problems(),
        ], JSON_UNESCAPED_SLASHES | JSON_THROW_ON_ERROR) . "\n");
        exit(0);
    }
    if (isset($options['retry-failed'])) {
        $count = $outbox->requeueFailed();
        $log(EventLog::line('requeued', ['count' => $count]));
        exit(0);
    }
    if (isset($options['held'])) {
        foreach ($outbox->heldEntries() as $entry) {
            // For the person reviewing them: what the visitor wrote (From and Reply-To as the mail would have them).
            fwrite(STDOUT, json_encode([
                'id' => $entry->id(),
                'sent' => EventLog::time($entry->createdAt),
                'name' => $entry->message->replyToName,
                'email' => $entry->message->replyTo,
                'subject' => $entry->message->subject,
                'body' => $entry->message->body,
            ], JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_THROW_ON_ERROR) . "\n");
        }
        exit(0);
    }
    foreach (['release', 'purge'] as $action) {
        if (isset($options[$action])) {
            $which = is_string($options[$action]) ? $options[$action] : '';
            if ($which !== 'all' && preg_match(Outbox::ID_PATTERN, $which) !== 1) {
                $log(EventLog::line('error', ['reason' => 'usage', 'detail' => "--$action=ID (16 hex digits, as --held lists) or --$action=all"]));
                exit(2);
            }
            $count = $action === 'release' ? $outbox->release($which === 'all' ? null : $which) : $outbox->purge($which === 'all' ? null : $which);
            $log(EventLog::line($action === 'release' ? 'released' : 'purged', ['count' => $count] + ($which === 'all' ? [] : ['id' => $which])));
            exit($count > 0 ? 0 : 1);
        }
    }
    if (!isset($options['loop'])) {
        $report = $deliverer->runOnce(isset($options['now']));
        $health->beat();
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
$reportedFailed = -1;
$reportedHeld = -1;
while ($running) {
    try {
        $deliverer->runOnce(false, $stopRequested);
        $proof->forgetExpired();
        $failed = count($outbox->failed());
        if ($failed !== $reportedFailed && $failed > 0) {
            // Said again whenever the number changes, so nobody misses messages that need a person.
            $log(EventLog::line('failed-waiting', ['count' => $failed, 'where' => $config->outboxDir . '/' . Outbox::FAILED_DIR]));
        }
        $reportedFailed = $failed;
        $held = count($outbox->held());
        if ($held !== $reportedHeld && $held > 0) {
            // Posts without the page's proof of work wait for a person (--held, --release, --purge).
            $log(EventLog::line('held-waiting', ['count' => $held, 'where' => $config->outboxDir . '/' . Outbox::HELD_DIR]));
        }
        $reportedHeld = $held;
        $health->beat();
    } catch (\Throwable $e) {
        $log(EventLog::line('error', ['reason' => $e instanceof OutboxUnavailable ? 'outbox-unavailable' : 'unexpected', 'detail' => $e instanceof OutboxUnavailable ? $e->getMessage() : get_class($e) . ' at ' . basename($e->getFile()) . ':' . $e->getLine()]));
    }
    for ($slept = 0; $running && $slept < $poll * 10; $slept++) {
        usleep(100_000);
    }
}
$log(EventLog::line('deliverer-stopped'));
