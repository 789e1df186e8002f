<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * Whether the contact pipeline works, from what the outbox already holds: its SMTP markers, the ages of its
 * files, the deliverer's heartbeat, the free space on its disk and the proof-of-work key. Cheap enough for every
 * request to GET /health (no SMTP connection, a few directory listings and stats) and for the deliverer's health
 * check. A problem is a stable code (what monitors and the operator's docs key on) and a detail for the operator
 * (times and thresholds: no address, no message id, no text).
 */
final class Health
{
    public const SMTP_DOWN = 'smtp-down';
    /** SMTP_AUTH is on and the password file is missing, unreadable or empty: no login can be made. */
    public const SMTP_PASSWORD = 'smtp-password';
    public const MAIL_WAITING = 'mail-waiting';
    /** A failed message whose text the salon has not had yet (a notice carrying it clears this). */
    public const MAIL_FAILED = 'mail-failed';
    /** The relay refuses the notice carrying a failed message's text: the salon has only a bare mail of it. */
    public const NOTICE_REFUSED = 'notice-refused';
    /** An unconfirmed message that should have been in a daily summary by now (its slot, plus HEALTH_WAITING_SECONDS). */
    public const HELD_DIGEST_OVERDUE = 'held-digest-overdue';
    /** The outbox holds times later than now: the clock went back (the deliverer's next pass sets them right). */
    public const CLOCK_BACK = 'clock-back';
    public const DISK_LOW = 'disk-low';
    public const POW_KEY = 'pow-key';
    public const DELIVERER_STALLED = 'deliverer-stalled';
    /** A promotion the built pages announce has ended or ends within a week: the site needs a rebuild (PromotionPeriods). */
    public const PROMOTION_ENDED = 'promotion-ended';
    public const OUTBOX_UNAVAILABLE = 'outbox-unavailable';
    /** The settings cannot work (Config refused them): nothing else can be judged. */
    public const CONFIG = 'config';

    public const METHOD_ERROR = 'Ten adres podaje stan formularza kontaktowego i przyjmuje tylko metody GET i HEAD.';
    /** Something failed that has no code of its own (the log says what). */
    public const UNEXPECTED = 'unexpected';

    /** Touched during and after every deliverer pass (a dotfile, so never taken for a message). */
    public const HEARTBEAT_FILE = '.deliverer-heartbeat';
    /** How far a time may lie ahead of the clock before it counts as written by a clock since set back. */
    public const CLOCK_TOLERANCE_SECONDS = 300;

    /** @var \Closure(): (int|float|false) */
    private readonly \Closure $freeBytes;

    /**
     * @param (\Closure(): (int|float|false))|null $freeBytes free space on the outbox's disk; injectable for tests
     * @param ?PromotionPeriods $promotions the promotions' periods; by default content/promotions.json's
     */
    public function __construct(
        private readonly Config $config,
        private readonly Outbox $outbox,
        ?\Closure $freeBytes = null,
        private readonly ?PromotionPeriods $promotions = null,
    ) {
        $this->freeBytes = $freeBytes ?? fn (): float|false => @disk_free_space($this->config->outboxDir);
    }

    /**
     * Every problem now, code => detail; empty when the pipeline works. $keyMatters false: not the proof-of-work key
     * (the deliverer's view: it neither needs the key nor has POW_KEY_FILE mounted; /health, in php, checks it).
     *
     * @return array<string, string>
     */
    public function problems(bool $keyMatters = true): array
    {
        $now = $this->outbox->now();
        $problems = [];
        $smtp = $this->smtpProblem();
        if ($smtp !== null) {
            $problems[self::SMTP_DOWN] = $smtp;
        }
        $password = $this->config->smtpPasswordProblem();
        if ($password !== null) {
            $problems[self::SMTP_PASSWORD] = $password;
        }
        try {
            $waiting = $this->outbox->pending();
            // A time from a clock since set back counts as now: no negative age, no alarm put off.
            $oldest = $waiting === [] ? null : min(Spool::storedAt($waiting[0]), $now);
            if ($oldest !== null && $oldest <= $now - $this->config->healthWaitingSeconds) {
                $problems[self::MAIL_WAITING] = sprintf('%d waiting, the oldest since %s (threshold %d s)', count($waiting), EventLog::time($oldest), $this->config->healthWaitingSeconds);
            }
            $state = DelivererState::load($this->config->outboxDir);
            $untold = $this->untoldFailed($state);
            if ($untold !== []) {
                $problems[self::MAIL_FAILED] = sprintf('%d in %s/ whose text the salon has not had (deliver.php --failed lists them)', count($untold), FailedMessages::DIR);
            }
            $refused = array_intersect($state->ids(DelivererPass::NOTICE_REFUSED), $untold);
            if ($refused !== []) {
                $problems[self::NOTICE_REFUSED] = sprintf('the relay refuses the notice with the text of %d failed message(s): read them with deliver.php --failed', count($refused));
            }
            $overdue = $this->digestOverdueSince();
            if ($overdue !== null) {
                $problems[self::HELD_DIGEST_OVERDUE] = sprintf('the summary of unconfirmed messages was due at %s (threshold %d s)', EventLog::time($overdue), $this->config->healthWaitingSeconds);
            }
            $ahead = $this->timeAhead($state, $waiting);
            if ($ahead !== null) {
                $problems[self::CLOCK_BACK] = $ahead;
            }
        } catch (OutboxUnavailable $e) {
            $problems[self::OUTBOX_UNAVAILABLE] = $e->getMessage();
        }
        $free = ($this->freeBytes)();
        error_clear_last();
        $floor = $this->config->outbox->minFreeBytes;
        if ($free !== false && $free < $floor) {
            $problems[self::DISK_LOW] = sprintf('%d MB free on the outbox\'s disk, under its floor of %d MB', (int) floor($free / 1048576), intdiv($floor, 1048576));
        }
        $key = $keyMatters ? ProofOfWork::keyProblem($this->config) : null;
        if ($key !== null) {
            $problems[self::POW_KEY] = $key;
        }
        $stalled = $this->delivererProblem();
        if ($stalled !== null) {
            $problems[self::DELIVERER_STALLED] = $stalled;
        }
        // Not the pipeline's own trouble, but the operator's to act on, and /health and the push are what reach them.
        $promotion = ($this->promotions ?? PromotionPeriods::fromFile())->problem($now);
        if ($promotion !== null) {
            $problems[self::PROMOTION_ENDED] = $promotion;
        }

        return $problems;
    }

    /**
     * The failed messages whose text the salon has not had (no notice carried it yet).
     *
     * @return list<string> ids
     *
     * @throws OutboxUnavailable
     */
    public function untoldFailed(?DelivererState $state = null): array
    {
        $told = ($state ?? DelivererState::load($this->config->outboxDir))->told(DelivererState::FAILED);
        $ids = array_map(Spool::idFromPath(...), $this->outbox->failed->paths());

        return array_values(array_filter($ids, static fn (string $id): bool => !isset($told[$id])));
    }

    /**
     * What of the outbox lies later than now (message times, the deliverer's heartbeat and memory), if anything.
     *
     * @param list<string> $waiting
     */
    private function timeAhead(DelivererState $state, array $waiting): ?string
    {
        $limit = $this->outbox->now() + self::CLOCK_TOLERANCE_SECONDS;
        $paths = [...$waiting, ...$this->outbox->held->paths(), ...$this->outbox->failed->paths()];
        $ahead = array_filter($paths, static fn (string $path): bool => Spool::storedAt($path) > $limit);
        $beat = $this->heartbeat();
        if ($ahead === [] && !$state->hasTimeAfter($limit) && ($beat === false || $beat <= $limit)) {
            return null;
        }

        return sprintf('%d message(s), the heartbeat or the deliverer\'s memory dated after now: the clock went back (the next deliverer pass redates them)', count($ahead));
    }

    /**
     * GET /health's answer: 200 {"status":"ok"} or 503 {"status":"fail","problems":[codes]}, both with the time
     * checked; nothing else (no counts, no details: the address is public, the details are in deliver.php --status).
     *
     * @param \Closure(): array<string, string> $problems
     * @param (\Closure(): int)|null           $failed  how many messages failed/ holds
     */
    public static function answer(string $method, \Closure $problems, int $now, ?\Closure $failed = null): Response
    {
        if (!in_array(strtoupper($method), ['GET', 'HEAD'], true)) {
            return Response::json(405, ['status' => 'fail', 'error' => self::METHOD_ERROR], ['Allow' => 'GET, HEAD']);
        }
        $found = array_keys($problems());
        $checked = gmdate('Y-m-d\TH:i:s\Z', $now);
        // How many failed messages the server keeps (the salon told of them or not): a number, nothing about them.
        $kept = $failed === null ? [] : ['failed' => $failed()];

        return $found === []
            ? Response::json(200, ['status' => 'ok', 'checked' => $checked] + $kept)
            : Response::json(503, ['status' => 'fail', 'problems' => $found, 'checked' => $checked] + $kept);
    }

    /**
     * When the summary of unconfirmed messages was due, if that is too long ago: the first slot after the oldest held
     * message no summary has counted (or after the last summary, which had it not yet).
     */
    private function digestOverdueSince(): ?int
    {
        $now = $this->outbox->now();
        $state = DelivererState::load($this->config->outboxDir, $now);
        $counted = $state->told(DelivererState::HELD);
        foreach ($this->outbox->held->paths() as $path) {
            if (!isset($counted[Spool::idFromPath($path)])) {
                $came = min(Spool::storedAt($path), $now);
                $due = DigestSchedule::fromConfig($this->config)->nextSlotAfter(max($came, $state->lastTold(DelivererState::HELD) ?? PHP_INT_MIN));

                return $due <= $now - $this->config->healthWaitingSeconds ? $due : null;
            }
        }

        return null;
    }

    /** SMTP unreachable or refusing the login for longer than the threshold (the deliverer's own check). */
    public function smtpProblem(): ?string
    {
        $since = $this->outbox->smtp->downSince();
        if ($since === null || $since > $this->outbox->now() - $this->config->healthSmtpDownSeconds) {
            return null;
        }

        return sprintf('unreachable or refusing the login since %s (threshold %d s)', EventLog::time($since), $this->config->healthSmtpDownSeconds);
    }

    /** No deliverer pass for longer than the threshold. */
    public function delivererProblem(): ?string
    {
        $beat = $this->heartbeat();
        $now = $this->outbox->now();
        // A heartbeat from the future proves nothing about now (the clock went back and no pass has run since).
        if ($beat !== false && $beat > $now - $this->config->healthDelivererSeconds && $beat <= $now + self::CLOCK_TOLERANCE_SECONDS) {
            return null;
        }

        return $beat === false
            ? 'no deliverer pass on record'
            : sprintf('no deliverer pass since %s (threshold %d s)', EventLog::time($beat), $this->config->healthDelivererSeconds);
    }

    private function heartbeat(): int|false
    {
        $heartbeat = $this->config->outboxDir . '/' . self::HEARTBEAT_FILE;
        clearstatcache(true, $heartbeat);
        $beat = @filemtime($heartbeat);
        error_clear_last();

        return $beat;
    }

    /** A deliverer is at work (a pass began, a message of it was handled, it ended). */
    public function beat(): void
    {
        @touch($this->config->outboxDir . '/' . self::HEARTBEAT_FILE, $this->outbox->now());
        error_clear_last();
    }
}
