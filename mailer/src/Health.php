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
    public const MAIL_WAITING = 'mail-waiting';
    public const MAIL_FAILED = 'mail-failed';
    /** A held message that should have been in a digest by now (its slot, plus HEALTH_WAITING_SECONDS). */
    public const HELD_DIGEST_OVERDUE = 'held-digest-overdue';
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

    /** Touched after every deliverer pass (a dotfile, so never taken for a message). */
    public const HEARTBEAT_FILE = '.deliverer-heartbeat';

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
        try {
            $waiting = $this->outbox->pending();
            $oldest = $waiting === [] ? null : Spool::storedAt($waiting[0]);
            if ($oldest !== null && $oldest <= $now - $this->config->healthWaitingSeconds) {
                $problems[self::MAIL_WAITING] = sprintf('%d waiting, the oldest since %s (threshold %d s)', count($waiting), EventLog::time($oldest), $this->config->healthWaitingSeconds);
            }
            $failed = count($this->outbox->failed->paths());
            if ($failed > 0) {
                $problems[self::MAIL_FAILED] = sprintf('%d in %s/ (deliver.php --failed lists them)', $failed, FailedMessages::DIR);
            }
            $overdue = $this->digestOverdueSince();
            if ($overdue !== null) {
                $problems[self::HELD_DIGEST_OVERDUE] = sprintf('a held message was due in the digest at %s (threshold %d s)', EventLog::time($overdue), $this->config->healthWaitingSeconds);
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
     * GET /health's answer: 200 {"status":"ok"} or 503 {"status":"fail","problems":[codes]}, both with the time
     * checked; nothing else (no counts, no details: the address is public, the details are in deliver.php --status).
     *
     * @param \Closure(): array<string, string> $problems
     */
    public static function answer(string $method, \Closure $problems, int $now): Response
    {
        if (!in_array(strtoupper($method), ['GET', 'HEAD'], true)) {
            return Response::json(405, ['status' => 'fail', 'error' => self::METHOD_ERROR], ['Allow' => 'GET, HEAD']);
        }
        $found = array_keys($problems());
        $checked = gmdate('Y-m-d\TH:i:s\Z', $now);

        return $found === []
            ? Response::json(200, ['status' => 'ok', 'checked' => $checked])
            : Response::json(503, ['status' => 'fail', 'problems' => $found, 'checked' => $checked]);
    }

    /** When the oldest held message the salon has not been told of was due in a digest, if that is too long ago. */
    private function digestOverdueSince(): ?int
    {
        $state = DelivererState::load($this->config->outboxDir);
        $told = $state->told(DelivererState::HELD);
        foreach ($this->outbox->held->paths() as $path) {
            if (!isset($told[Spool::idFromPath($path)])) {
                // Oldest first: the first one not told of decides. One the last digest had no room for is due in the
                // next one.
                $due = DigestSchedule::fromConfig($this->config)->nextSlotAfter(max(Spool::storedAt($path), $state->lastTold(DelivererState::HELD) ?? PHP_INT_MIN));

                return $due <= $this->outbox->now() - $this->config->healthWaitingSeconds ? $due : null;
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
        $heartbeat = $this->config->outboxDir . '/' . self::HEARTBEAT_FILE;
        clearstatcache(true, $heartbeat);
        $beat = @filemtime($heartbeat);
        error_clear_last();
        if ($beat !== false && $beat > $this->outbox->now() - $this->config->healthDelivererSeconds) {
            return null;
        }

        return $beat === false
            ? 'no deliverer pass on record'
            : sprintf('no deliverer pass since %s (threshold %d s)', EventLog::time($beat), $this->config->healthDelivererSeconds);
    }

    /** A deliverer pass ended (the loop's or a one-shot run's). */
    public function beat(): void
    {
        @touch($this->config->outboxDir . '/' . self::HEARTBEAT_FILE, $this->outbox->now());
        error_clear_last();
    }
}
