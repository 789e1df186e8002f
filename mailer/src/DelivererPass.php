<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * One pass of the deliverer, the same whether the service loops (deliver.php --loop) or a one-shot run does it
 * (deliver.php, by hand or by cron): deliver what is due (Deliverer), tell the salon of failed messages (a notice,
 * at most hourly) and of held ones (the digest, at most once a day at its hour, while any is untold), delete what
 * the salon was told of long enough ago, forget spent proof-of-work challenges, leave a heartbeat and push the
 * state to HEALTHCHECK_URL. What it must remember lives in the outbox (DelivererState), so a restart changes
 * nothing.
 */
final class DelivererPass
{
    /** A failure notice goes at most this often; failures meanwhile wait for the next. */
    public const NOTICE_INTERVAL_SECONDS = 3600;

    private readonly SalonNotices $notices;
    private readonly DigestSchedule $schedule;

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
        $report = $this->deliverer->runOnce($ignoreSchedule, $stopRequested);
        $this->proof?->forgetExpired();
        $health = new Health($this->config, $this->outbox);
        $health->beat();
        $state = DelivererState::load($this->outbox->dir);
        // Another deliverer's pass (the service and a cron run at once) does the rest right now.
        if ($state->lock()) {
            try {
                $this->tellOfFailures($state, $report);
                $this->sendDigest($state, $report);
                $this->expire($state, $report);
                $this->logWaiting($state);
                $this->ping?->maybe(array_keys($health->problems(keyMatters: false)), $state, $this->outbox->now());
                $state->save($this->outbox->spool, $this->outbox->now());
            } finally {
                $state->unlock();
            }
        }

        return $report;
    }

    private function tellOfFailures(DelivererState $state, DeliveryReport $report): void
    {
        $untold = $this->untold($state, DelivererState::FAILED, $this->outbox->failed->paths());
        $now = $this->outbox->now();
        if ($untold === [] || ($state->lastTold(DelivererState::FAILED) ?? PHP_INT_MIN) > $now - self::NOTICE_INTERVAL_SECONDS || !$this->mayTry($state, 'failed', $now - self::NOTICE_INTERVAL_SECONDS)) {
            return;
        }
        $report->toldOfFailed = $this->tellSalon($state, DelivererState::FAILED, $this->outbox->failed, $untold, $this->notices->failure(...));
    }

    private function sendDigest(DelivererState $state, DeliveryReport $report): void
    {
        $untold = $this->untold($state, DelivererState::HELD, $this->outbox->held->paths());
        $now = $this->outbox->now();
        $slot = $this->schedule->slotAt($now);
        // One digest a day, on the first pass after its hour, once something held before that hour is untold; it
        // lists all that is untold by then.
        $due = array_filter($untold, static fn (string $path): bool => Spool::storedAt($path) < $slot);
        if ($due === [] || ($state->lastTold(DelivererState::HELD) ?? PHP_INT_MIN) >= $slot || !$this->mayTry($state, 'held', $slot)) {
            return;
        }
        $report->toldOfHeld = $this->tellSalon($state, DelivererState::HELD, $this->outbox->held, $untold, $this->notices->digest(...));
    }

    /**
     * Mails the salon of a folder's untold messages. Only those the mail named one by one (SalonNotices::named) are
     * marked told, retention counting from now; the rest stay untold, so they are kept and the next mail names them.
     *
     * @param array<string, string>                                            $untold  id => path
     * @param \Closure(array<OutboxEntry|string>, bool): array{string, string} $compose the mail, full or bare
     *
     * @return int how many the salon was told of
     */
    private function tellSalon(DelivererState $state, string $kind, OutboxFolder $folder, array $untold, \Closure $compose): int
    {
        $list = [];
        foreach ($untold as $id => $path) {
            foreach ($folder->read([$path]) as $entry) {
                $list[$id] = $entry;
            }
        }
        if ($list === []) {
            return 0;
        }
        // Only the state file stops the same mail from going again on the next pass, so a mail goes only once the
        // file can be written, and the file is written as soon as it went: a full or read-only outbox would otherwise
        // mail the salon on every pass.
        try {
            $state->save($this->outbox->spool, $this->outbox->now());
        } catch (OutboxUnavailable $e) {
            ($this->log)(EventLog::line('error', ['reason' => "salon-$kind-not-sent", 'detail' => 'state not writable: ' . $e->getMessage()]));

            return 0;
        }
        $named = array_map('strval', array_keys(SalonNotices::named($list)));
        if (!$this->sendToSalon($state, $kind, count($named), count($list) - count($named), $compose($list, false), $compose($list, true))) {
            return 0;
        }
        $state->tell($kind, $named, $this->outbox->now());
        $state->save($this->outbox->spool, $this->outbox->now());

        return count($named);
    }

    /**
     * The messages of a folder the salon has not been told of (known by their file names: nothing is read unless a
     * mail is to go); what is gone is forgotten.
     *
     * @param list<string> $paths
     *
     * @return array<string, string> id => path
     */
    private function untold(DelivererState $state, string $kind, array $paths): array
    {
        $byId = [];
        foreach ($paths as $path) {
            $byId[Spool::idFromPath($path)] = $path;
        }
        $state->keepOnly($kind, array_map('strval', array_keys($byId)));
        $untold = [];
        foreach (array_diff_key($byId, $state->told($kind)) as $id => $path) {
            $untold[(string) $id] = $path;
        }

        return $untold;
    }

    /**
     * Whether a mail to the salon may be tried now: not while SMTP is known to be away (the deliverer's probe finds
     * out when it is back), nor before its backoff after a failed try, nor again in the same period after the relay
     * refused both its forms.
     */
    private function mayTry(DelivererState $state, string $what, int $refusedBefore): bool
    {
        return $this->outbox->smtp->lastFailure() === null
            && ($state->number("retry-$what-at") ?? PHP_INT_MIN) <= $this->outbox->now()
            && ($state->number("refused-$what") ?? PHP_INT_MIN) < $refusedBefore;
    }

    /**
     * Sends the full form, or if the relay refuses it for good the bare one. True when one was taken. A try that
     * fails otherwise is retried as a message would be (Outbox::retryDelay: doubling, capped at an hour), not on
     * every pass: each try rereads every untold file.
     *
     * @param int                   $left untold still, named by the next mail
     * @param array{string, string} $full
     * @param array{string, string} $bare
     */
    private function sendToSalon(DelivererState $state, string $what, int $count, int $left, array $full, array $bare): bool
    {
        foreach (['full' => $full, 'bare' => $bare] as $form => [$subject, $body]) {
            try {
                $this->sender->send($this->builder->notice($subject, $body));
            } catch (SendFailed $e) {
                if (!$e->permanent) {
                    if ($e->kind === SendFailed::UNREACHABLE) {
                        $this->outbox->smtp->noteDown();
                    }
                    $failures = ($state->number("retry-$what-failures") ?? 0) + 1;
                    $next = $this->outbox->now() + $this->outbox->retryDelay($failures);
                    $state->setNumber("retry-$what-failures", $failures);
                    $state->setNumber("retry-$what-at", $next);
                    ($this->log)(EventLog::line('error', ['reason' => "salon-$what-not-sent", 'form' => $form, 'next' => EventLog::time($next), 'detail' => $e->getMessage()]));

                    return false;
                }
                ($this->log)(EventLog::line('error', ['reason' => "salon-$what-not-sent", 'form' => $form, 'detail' => $e->getMessage()]));
                continue;
            }
            $this->outbox->smtp->noteUp();
            $state->setNumber("retry-$what-failures", 0);
            ($this->log)(EventLog::line('told', ['what' => $what, 'count' => $count, 'form' => $form, 'left' => $left]));

            return true;
        }
        $state->setNumber("refused-$what", $this->outbox->now());

        return false;
    }

    /** Deletes what the salon was told of longer ago than the privacy policy lets the site keep it. */
    private function expire(DelivererState $state, DeliveryReport $report): void
    {
        foreach ($this->outbox->failed->expire($state->told(DelivererState::FAILED)) as $id) {
            ($this->log)(EventLog::line('expired', ['id' => $id, 'kept-days' => $this->outbox->limits->failedDays]));
            $report->expired++;
        }
        foreach ($this->outbox->held->expire($state->told(DelivererState::HELD)) as $id) {
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
