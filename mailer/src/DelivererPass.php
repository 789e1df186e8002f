<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * One pass of the deliverer, the same whether the service loops (deliver.php --loop) or a one-shot run does it
 * (deliver.php, by hand or by cron): deliver what is due (Deliverer), tell the salon of failed messages with their
 * texts (a notice, at most hourly, split when the relay refuses it whole), send the daily summary of unconfirmed
 * messages, delete what the privacy policy says must go, forget spent proof-of-work challenges, keep a heartbeat
 * (also during a long catch-up) and push the state to HEALTHCHECK_URL. What it must remember lives in the outbox
 * (DelivererState), so a restart changes nothing.
 */
final class DelivererPass
{
    /** A failure notice goes at most this often; failures meanwhile wait for the next. */
    public const NOTICE_INTERVAL_SECONDS = 3600;
    /** The failed messages whose notice with their text the relay refused (Health: notice-refused). */
    public const NOTICE_REFUSED = 'notice-refused';

    private readonly SalonNotices $notices;
    private readonly DigestSchedule $schedule;
    /** Set when a notice's try failed for a passing reason: the parts not sent yet wait for the next try. */
    private bool $noticeDeferred = false;

    /** @param \Closure(string): void $log */
    public function __construct(
        private readonly Config $config,
        private readonly Outbox $outbox,
        private readonly Deliverer $deliverer,
        private readonly MailSender $sender,
        private readonly MessageBuilder $builder,
        private readonly \Closure $log,
        private readonly ?ProofOfWork $proof = null,
        private readonly ?HealthPing $ping = null,
    ) {
        $this->notices = new SalonNotices($config);
        $this->schedule = DigestSchedule::fromConfig($config);
    }

    /** @param (\Closure(): bool)|null $stopRequested */
    public function run(bool $ignoreSchedule = false, ?\Closure $stopRequested = null): DeliveryReport
    {
        $health = new Health($this->config, $this->outbox);
        // Before, during (after every message) and after the delivery: a catch-up of hundreds of messages against a
        // slow relay is a deliverer at work, not a stalled one.
        $health->beat();
        $redated = $this->outbox->redateFuture();
        if ($redated > 0) {
            ($this->log)(EventLog::line('clock-back', ['redated' => $redated]));
        }
        $report = $this->deliverer->runOnce($ignoreSchedule, $stopRequested, $health->beat(...));
        $this->proof?->forgetExpired();
        $health->beat();
        $state = DelivererState::load($this->outbox->dir, $this->outbox->now());
        // Another deliverer's pass (the service and a cron run at once) does the rest right now.
        if ($state->lock()) {
            try {
                $this->tellOfFailures($state, $report);
                $this->sendSummary($state, $report);
                $this->expire($state, $report);
                $this->logWaiting($state);
                $state->save($this->outbox->spool, $this->outbox->now());
                // After the state is saved: the push says what /health says now.
                $this->ping?->maybe(array_keys($health->problems()), $state, $this->outbox->now());
                $state->save($this->outbox->spool, $this->outbox->now());
            } finally {
                $state->unlock();
            }
        }

        return $report;
    }

    private function tellOfFailures(DelivererState $state, DeliveryReport $report): void
    {
        $untold = $this->untold($state, $this->outbox->failed->paths());
        $now = $this->outbox->now();
        // At most hourly, whether the last notice went or the relay refused it.
        if ($untold === [] || ($state->number('notice-tried-at') ?? PHP_INT_MIN) > $now - self::NOTICE_INTERVAL_SECONDS || !$this->mayTry($state, 'failed')) {
            return;
        }
        $list = [];
        foreach ($untold as $id => $path) {
            foreach ($this->outbox->failed->read([$path]) as $entry) {
                $list[$id] = $entry;
            }
        }
        if ($list === [] || !$this->stateWritable($state, 'failed')) {
            return;
        }
        $this->noticeDeferred = false;
        $told = $this->sendInParts($state, SalonNotices::named($list), count($list));
        if (!$this->noticeDeferred) {
            $state->setNumber('notice-tried-at', $this->outbox->now());
        }
        if ($told !== []) {
            $state->tell(DelivererState::FAILED, $told, $this->outbox->now());
            $state->setIds(self::NOTICE_REFUSED, array_values(array_diff($state->ids(self::NOTICE_REFUSED), $told)));
            $state->save($this->outbox->spool, $this->outbox->now());
        }
        $report->toldOfFailed = count($told);
    }

    /**
     * Sends the failed messages of $entries to the salon with their texts: all in one notice, or, when the relay
     * refuses that for good (too big, a spam filter), in halves, down to one message a mail. A message whose own
     * notice the relay refuses is remembered (Health names it) and announced by a bare mail; it stays untold. A try
     * that fails for a passing reason stops the rest until its backoff is over.
     *
     * @param array<string, OutboxEntry|string> $entries id => entry
     *
     * @return list<string> the ids whose text the salon now has
     */
    private function sendInParts(DelivererState $state, array $entries, int $untold): array
    {
        if ($entries === [] || $this->noticeDeferred) {
            return [];
        }
        $refusal = $this->sendToSalon($state, 'failed', $this->notices->failure(array_values($entries), $untold), count($entries));
        if ($refusal === null) {
            return array_map('strval', array_keys($entries));
        }
        if ($refusal === '') {
            $this->noticeDeferred = true;

            return [];
        }
        if (count($entries) > 1) {
            $half = intdiv(count($entries), 2);

            return [
                ...$this->sendInParts($state, array_slice($entries, 0, $half, true), $untold),
                ...$this->sendInParts($state, array_slice($entries, $half, null, true), $untold),
            ];
        }
        $id = (string) array_key_first($entries);
        $state->setIds(self::NOTICE_REFUSED, [...$state->ids(self::NOTICE_REFUSED), $id]);
        $this->sendToSalon($state, 'failed-bare', $this->notices->failureBare($entries[$id], $refusal), 1);

        return [];
    }

    /**
     * The daily summary of messages nobody confirmed: on the first pass after its hour, when one that no summary has
     * counted yet came before that hour. It promises nothing and starts no retention: held messages are deleted by
     * their age (expire); the summary only remembers which it counted.
     */
    private function sendSummary(DelivererState $state, DeliveryReport $report): void
    {
        $now = $this->outbox->now();
        $slot = $this->schedule->slotAt($now);
        $paths = $this->outbox->held->paths();
        $byId = [];
        foreach ($paths as $path) {
            $byId[Spool::idFromPath($path)] = $path;
        }
        $state->keepOnly(DelivererState::HELD, array_map('strval', array_keys($byId)));
        $new = array_values(array_diff_key($byId, $state->told(DelivererState::HELD)));
        $due = array_filter($new, static fn (string $path): bool => Spool::storedAt($path) < $slot);
        if ($due === [] || ($state->lastTold(DelivererState::HELD) ?? PHP_INT_MIN) >= $slot || !$this->mayTry($state, 'held') || !$this->stateWritable($state, 'held')) {
            return;
        }
        $newest = array_reverse($this->outbox->held->entries(array_slice($new, -SalonNotices::SUMMARY_IN_FULL)));
        $refusal = $this->sendToSalon($state, 'held', $this->notices->summary($newest, count($new), count($paths)), count($new));
        if ($refusal !== null && $refusal !== '') {
            // Refused for good (a spam filter taking their texts for what they mostly are): the counts alone.
            $refusal = $this->sendToSalon($state, 'held-bare', $this->notices->summary([], count($new), count($paths)), count($new));
        }
        if ($refusal !== '') {
            $state->tell(DelivererState::HELD, array_map(Spool::idFromPath(...), $new), $this->outbox->now());
            $state->save($this->outbox->spool, $this->outbox->now());
            $report->toldOfHeld = $refusal === null ? count($new) : 0;
        }
    }

    /**
     * Only the state file stops the same mail from going again on the next pass, so a mail goes only once the file
     * can be written: a full or read-only outbox would otherwise mail the salon on every pass.
     */
    private function stateWritable(DelivererState $state, string $what): bool
    {
        try {
            $state->save($this->outbox->spool, $this->outbox->now());

            return true;
        } catch (OutboxUnavailable $e) {
            ($this->log)(EventLog::line('error', ['reason' => "salon-$what-not-sent", 'detail' => 'state not writable: ' . $e->getMessage()]));

            return false;
        }
    }

    /**
     * The failed messages the salon has not had the text of (known by their file names: nothing is read unless a
     * mail is to go); what is gone is forgotten.
     *
     * @param list<string> $paths
     *
     * @return array<string, string> id => path
     */
    private function untold(DelivererState $state, array $paths): array
    {
        $byId = [];
        foreach ($paths as $path) {
            $byId[Spool::idFromPath($path)] = $path;
        }
        $ids = array_map('strval', array_keys($byId));
        $state->keepOnly(DelivererState::FAILED, $ids);
        $state->setIds(self::NOTICE_REFUSED, array_values(array_intersect($state->ids(self::NOTICE_REFUSED), $ids)));
        $untold = [];
        foreach (array_diff_key($byId, $state->told(DelivererState::FAILED)) as $id => $path) {
            $untold[(string) $id] = $path;
        }

        return $untold;
    }

    /**
     * Whether a mail to the salon may be tried now: not while SMTP is known to be away (the deliverer's probe finds
     * out when it is back), nor before its backoff after a failed try.
     */
    private function mayTry(DelivererState $state, string $what): bool
    {
        return $this->outbox->smtp->lastFailure() === null
            && ($state->number("retry-$what-at") ?? PHP_INT_MIN) <= $this->outbox->now();
    }

    /**
     * Sends one mail to the salon. Null when the relay took it; the relay's answer when it refused it for good; ''
     * when the try failed otherwise, which is retried as a message would be (Outbox::retryDelay: doubling, capped at
     * an hour), not on every pass.
     *
     * @param array{string, string} $mail subject, body
     */
    private function sendToSalon(DelivererState $state, string $what, array $mail, int $count): ?string
    {
        [$subject, $body] = $mail;
        try {
            $this->sender->send($this->builder->notice($subject, $body));
        } catch (SendFailed $e) {
            if ($e->permanent) {
                ($this->log)(EventLog::line('error', ['reason' => "salon-$what-refused", 'count' => $count, 'detail' => $e->getMessage()]));

                return $e->getMessage();
            }
            if ($e->kind === SendFailed::UNREACHABLE) {
                $this->outbox->smtp->noteDown();
            }
            $key = self::kind($what);
            $failures = ($state->number("retry-$key-failures") ?? 0) + 1;
            $next = $this->outbox->now() + $this->outbox->retryDelay($failures);
            $state->setNumber("retry-$key-failures", $failures);
            $state->setNumber("retry-$key-at", $next);
            ($this->log)(EventLog::line('error', ['reason' => "salon-$what-not-sent", 'next' => EventLog::time($next), 'detail' => $e->getMessage()]));

            return '';
        }
        $this->outbox->smtp->noteUp();
        $state->setNumber('retry-' . self::kind($what) . '-failures', 0);
        ($this->log)(EventLog::line('told', ['what' => $what, 'count' => $count]));

        return null;
    }

    /** The backoff a mail shares: a bare mail's with its full one. */
    private static function kind(string $what): string
    {
        return str_replace('-bare', '', $what);
    }

    /** Deletes what the privacy policy says the site may keep no longer. */
    private function expire(DelivererState $state, DeliveryReport $report): void
    {
        foreach ($this->outbox->failed->expire($state->told(DelivererState::FAILED)) as $id) {
            ($this->log)(EventLog::line('expired', ['id' => $id, 'kept-days' => $this->outbox->limits->failedDays]));
            $report->expired++;
        }
        foreach ($this->outbox->held->expire() as $id) {
            ($this->log)(EventLog::line('expired', ['id' => $id, 'kept-days' => $this->outbox->limits->heldDays, 'from' => 'held']));
            $report->expired++;
        }
    }

    /** Says again whenever the number changes, so nobody misses messages that need a person. */
    private function logWaiting(DelivererState $state): void
    {
        foreach (['failed' => $this->outbox->failed, 'held' => $this->outbox->held] as $what => $folder) {
            $count = count($folder->paths());
            if ($count > 0 && $count !== $state->number("logged-$what")) {
                ($this->log)(EventLog::line("$what-waiting", ['count' => $count, 'where' => $folder->dir]));
            }
            $state->setNumber("logged-$what", $count);
        }
    }
}
