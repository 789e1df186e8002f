<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * Hands outbox messages to SMTP: one at once right after a request stored it, or every due one in a pass
 * (mailer/bin/deliver.php, by hand or as the deliverer service).
 *
 * What a failure does depends on its kind (SendFailed): a message the server refused (5xx to its content) goes to
 * failed/ at once and the pass goes on, since the server is evidently up; "not now" (4xx) and "server away"
 * (no connection, no answer, TLS or login failed) back off, and the pass stops, since the rest would meet the
 * same; only "server away" marks SMTP down, and the first success after it makes every waiting message due.
 */
final class Deliverer
{
    /** @var array<string, true> ids this process sent but could not remove from the outbox */
    private array $sentButKept = [];
    /** @var (\Closure(): void)|null */
    private ?\Closure $progress = null;

    /**
     * @param \Closure(string): void $log
     * @param int|null               $probeSeconds how often to ask SMTP whether it answers while no message needs
     *                                             it (HEALTH_SMTP_PROBE_SECONDS); null: only while messages wait
     */
    public function __construct(
        private readonly Outbox $outbox,
        private readonly MailSender $sender,
        private readonly \Closure $log,
        private readonly ?int $probeSeconds = null,
    ) {
    }

    /**
     * Sends one claimed message and records the outcome in the outbox; the claim is always released.
     * $counted: the attempt is on file already (Outbox::store with attemptNow).
     */
    public function deliver(Claim $claim, bool $counted = false): Outcome
    {
        $entry = $claim->entry ?? throw new \LogicException('deliver() needs a readable entry');
        $id = $entry->id();

        // Sent already: by this process (only the removal failed), or before a backup brought it back (SentJournal).
        // Never send it twice.
        if (isset($this->sentButKept[$id]) || SentJournal::of($this->outbox)->has($id)) {
            $this->remove($claim, $id, $entry->attempts);

            return Outcome::Sent;
        }

        if (!$counted) {
            try {
                $claim = $this->outbox->beginAttempt($claim);
            } catch (OutboxUnavailable $problem) {
                ($this->log)(EventLog::line('error', ['id' => $id, 'reason' => 'outbox-unwritable', 'detail' => $problem->getMessage()]));

                return Outcome::Error;
            }
        }
        $attempt = $claim->entry?->attempts ?? 0;

        try {
            $this->sender->send($entry->message);
        } catch (SendFailed $e) {
            return $e->permanent ? $this->refused($claim, $id, $attempt, $e) : $this->retry($claim, $id, $e);
        } catch (\Throwable $e) {
            // Not a failure the sender knows about: recorded like a passing one, so the message backs off and, if it
            // always triggers the bug, ends in failed/ when its time is up instead of looping.
            $detail = get_class($e) . ' at ' . basename($e->getFile()) . ':' . $e->getLine();
            ($this->log)(EventLog::line('error', ['id' => $id, 'reason' => 'unexpected', 'detail' => $detail]));
            $this->retry($claim, $id, SendFailed::deferred('unexpected: ' . $detail));

            return Outcome::Error;
        }

        SentJournal::of($this->outbox)->record($id);
        $this->outbox->smtp->noteUp();
        $this->remove($claim, $id, $attempt);

        return Outcome::Sent;
    }

    /**
     * One pass over the outbox: every due message (every waiting one with $ignoreSchedule, or after SMTP came back
     * from an outage) is sent, oldest first. The pass stops at the first failure that is not the message's own
     * (see the class comment). It also stops, between two messages, once $stopRequested says so (the service got
     * SIGTERM): the message in hand is finished, the rest stay in the outbox for the next start.
     *
     * @param (\Closure(): bool)|null $stopRequested
     * @param (\Closure(): void)|null $progress      called after each message (the heartbeat of a long pass)
     */
    public function runOnce(bool $ignoreSchedule = false, ?\Closure $stopRequested = null, ?\Closure $progress = null): DeliveryReport
    {
        $this->progress = $progress;
        $report = new DeliveryReport();
        $report->staleTemporaryFiles = $this->outbox->removeStaleTemporaryFiles();

        if ($this->outbox->smtp->takeRecovery() || $this->smtpIsBack()) {
            $report->recovered = true;
            $ignoreSchedule = true;
        }
        $all = $this->outbox->pending();
        $paths = $ignoreSchedule ? $all : $this->outbox->due();
        $report->waiting = count($all) - count($paths);
        $stopped = $this->deliverEach($paths, $ignoreSchedule, $stopRequested, $report);
        if (!$stopped && !$ignoreSchedule && $this->outbox->smtp->takeRecovery()) {
            // A message of this pass found SMTP back after an outage: the rest need not wait out their backoff.
            $report->recovered = true;
            $report->waiting = 0;
            $this->deliverEach($this->outbox->pending(), true, $stopRequested, $report);
        }
        $report->left = count($this->outbox->pending());

        return $report;
    }

    /**
     * Delivers each of $paths in turn (see runOnce); true when it stopped before the end (a failure that is not the
     * message's own, or a stop request).
     *
     * @param list<string>            $paths
     * @param (\Closure(): bool)|null $stopRequested
     */
    private function deliverEach(array $paths, bool $ignoreSchedule, ?\Closure $stopRequested, DeliveryReport $report): bool
    {
        foreach ($paths as $path) {
            if ($stopRequested !== null && $stopRequested()) {
                $report->interrupted = true;

                return true;
            }
            $claim = $this->outbox->claim($path);
            if ($claim === null) {
                $report->busy++;
                continue;
            }
            if ($claim->entry === null) {
                $this->giveUp($claim, basename($path, '.json'), 0, 'unreadable: ' . $claim->problem);
                $report->failed++;
                continue;
            }
            if ($claim->entry->attemptOpen && $this->outbox->outOfTime($claim->entry)) {
                // Its last attempt never finished (its process died while sending it, as perhaps every attempt of
                // it did: each backed off like any retry) and its time is up: it gives up without another try.
                $this->expire($claim, $claim->entry);
                $report->failed++;
                continue;
            }
            if (!$ignoreSchedule && !$this->outbox->isDue($claim->entry)) {
                $claim->release();
                $report->waiting++;
                continue;
            }
            $outcome = $this->deliver($claim);
            if ($this->progress !== null) {
                ($this->progress)();
            }
            if ($outcome === Outcome::Sent) {
                $report->sent++;
                continue;
            }
            if ($outcome === Outcome::Refused) {
                $report->failed++;
                continue;
            }
            if ($outcome === Outcome::Expired) {
                $report->failed++;
            } else {
                $report->retried++;
            }
            $report->stoppedBySmtpFailure = true;

            return true;
        }

        return false;
    }

    /**
     * Asks the server whether it answers (a session opened, the login made, nothing sent, no attempt counted) when
     * nothing else would find out soon: while it is known to be away and no message is due, every
     * SMTP_DOWN_SECONDS (or the probe interval, if shorter), so that waiting messages go out soon after it is
     * back; and, with a probe interval, whenever that long has passed without any contact, so that an outage or
     * a refused login is seen (by /health) before a visitor writes. True when it came back from an outage.
     */
    private function smtpIsBack(): bool
    {
        $now = $this->outbox->now();
        $lastFailure = $this->outbox->smtp->lastFailure();
        if ($lastFailure !== null) {
            $interval = min(SmtpHealth::DOWN_SECONDS, $this->probeSeconds ?? SmtpHealth::DOWN_SECONDS);
            if ($lastFailure > $now - $interval || $this->outbox->due() !== [] || ($this->probeSeconds === null && $this->outbox->pending() === [])) {
                return false;
            }
        } else {
            // With messages due, their attempts are the check.
            $checked = $this->outbox->smtp->checkedAt();
            if ($this->probeSeconds === null || ($checked !== null && $checked > $now - $this->probeSeconds) || $this->outbox->due() !== []) {
                return false;
            }
        }
        try {
            $this->sender->probe();
        } catch (SendFailed $e) {
            if ($lastFailure === null) {
                ($this->log)(EventLog::line('smtp-down', ['reason' => $e->getMessage()]));
            }
            $this->outbox->smtp->noteDown();

            return false;
        }
        $since = $this->outbox->smtp->downSince();
        $this->outbox->smtp->noteUp();
        if ($since === null) {
            return false;
        }
        ($this->log)(EventLog::line('smtp-back', ['down-since' => EventLog::time($since)]));

        return $this->outbox->smtp->takeRecovery();
    }

    private function refused(Claim $claim, string $id, int $attempt, SendFailed $e): Outcome
    {
        // It answered: the server is up, and the next message may go at once.
        $this->outbox->smtp->noteUp();
        try {
            $this->outbox->refuse($claim, $e->getMessage());
        } catch (OutboxUnavailable $problem) {
            ($this->log)(EventLog::line('error', ['id' => $id, 'reason' => 'outbox-unwritable', 'detail' => $problem->getMessage()]));

            return Outcome::Error;
        }
        ($this->log)(EventLog::line('refused', ['id' => $id, 'attempt' => $attempt, 'kept' => FailedMessages::DIR . '/', 'reason' => $e->getMessage()]));

        return Outcome::Refused;
    }

    private function retry(Claim $claim, string $id, SendFailed $e): Outcome
    {
        if ($e->kind === SendFailed::UNREACHABLE) {
            $this->outbox->smtp->noteDown();
        }
        try {
            $updated = $this->outbox->recordFailure($claim, $e->getMessage());
        } catch (OutboxUnavailable $problem) {
            ($this->log)(EventLog::line('error', ['id' => $id, 'reason' => 'outbox-unwritable', 'detail' => $problem->getMessage()]));

            return Outcome::Error;
        }
        if ($updated->nextAttemptAt === 0) {
            ($this->log)(EventLog::line('failed', [
                'id' => $id, 'attempts' => $updated->attempts, 'kept' => FailedMessages::DIR . '/', 'reason' => $e->getMessage(),
            ]));

            return Outcome::Expired;
        }
        ($this->log)(EventLog::line('retry', [
            'id' => $id, 'attempt' => $updated->attempts, 'next' => EventLog::time($updated->nextAttemptAt), 'reason' => $e->getMessage(),
        ]));

        return Outcome::Retry;
    }

    private function remove(Claim $claim, string $id, int $attempt): void
    {
        try {
            $this->outbox->markSent($claim);
            unset($this->sentButKept[$id]);
            ($this->log)(EventLog::line('sent', ['id' => $id, 'attempt' => $attempt]));
        } catch (OutboxUnavailable $e) {
            $this->sentButKept[$id] = true;
            ($this->log)(EventLog::line('error', ['id' => $id, 'reason' => 'sent-not-removed', 'detail' => $e->getMessage()]));
        }
    }

    private function expire(Claim $claim, OutboxEntry $entry): void
    {
        $reason = sprintf('attempt %d did not finish (%s), and its time is up', $entry->attempts, $entry->lastError !== '' ? 'before it: ' . $entry->lastError : 'its process died');
        try {
            $this->outbox->expire($claim, $reason);
            ($this->log)(EventLog::line('failed', ['id' => $entry->id(), 'attempts' => $entry->attempts, 'kept' => FailedMessages::DIR . '/', 'reason' => $reason]));
        } catch (OutboxUnavailable $e) {
            ($this->log)(EventLog::line('error', ['id' => $entry->id(), 'reason' => 'outbox-unwritable', 'detail' => $e->getMessage()]));
        }
    }

    private function giveUp(Claim $claim, string $id, int $attempts, string $reason): void
    {
        try {
            $this->outbox->failed->keep($claim);
            ($this->log)(EventLog::line('failed', ['id' => $id, 'attempts' => $attempts, 'kept' => FailedMessages::DIR . '/', 'reason' => $reason]));
        } catch (OutboxUnavailable $e) {
            ($this->log)(EventLog::line('error', ['id' => $id, 'reason' => 'outbox-unwritable', 'detail' => $e->getMessage()]));
        }
    }
}
