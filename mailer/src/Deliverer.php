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

        if (isset($this->sentButKept[$id])) {
            // Sent by this process already; only the removal failed. Never send it twice.
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
            // Not a failure the sender knows about: the message waits for its next attempt (counted already, so a
            // message that always triggers a bug ends in failed/ instead of looping).
            $claim->release();
            ($this->log)(EventLog::line('error', ['id' => $id, 'reason' => 'unexpected', 'detail' => get_class($e) . ' at ' . basename($e->getFile()) . ':' . $e->getLine()]));

            return Outcome::Error;
        }

        $this->outbox->noteSmtpUp();
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
     */
    public function runOnce(bool $ignoreSchedule = false, ?\Closure $stopRequested = null): DeliveryReport
    {
        $report = new DeliveryReport();
        $report->staleTemporaryFiles = $this->outbox->removeStaleTemporaryFiles();
        foreach ($this->outbox->expireFailed() as $id) {
            ($this->log)(EventLog::line('expired', ['id' => $id, 'kept-days' => $this->outbox->failedDays]));
            $report->expired++;
        }
        foreach ($this->outbox->expireHeld() as $id) {
            ($this->log)(EventLog::line('expired', ['id' => $id, 'kept-days' => $this->outbox->heldDays, 'from' => 'held']));
            $report->expired++;
        }

        if ($this->outbox->takeRecovery() || $this->smtpIsBack()) {
            $report->recovered = true;
            $ignoreSchedule = true;
        }
        $all = $this->outbox->pending();
        $paths = $ignoreSchedule ? $all : $this->outbox->due();
        $report->waiting = count($all) - count($paths);

        foreach ($paths as $path) {
            if ($stopRequested !== null && $stopRequested()) {
                $report->interrupted = true;
                break;
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
            if ($claim->entry->attempts >= $this->outbox->maxAttempts) {
                // Its last attempt was counted and then its process died (or it died between counting and the move).
                $this->giveUp($claim, $claim->entry->id(), $claim->entry->attempts, $claim->entry->lastError);
                $report->failed++;
                continue;
            }
            if (!$ignoreSchedule && $claim->entry->nextAttemptAt > $this->outbox->now()) {
                $claim->release();
                $report->waiting++;
                continue;
            }
            $attempts = $claim->entry->attempts;
            $outcome = $this->deliver($claim);
            if ($outcome === Outcome::Sent) {
                $report->sent++;
                continue;
            }
            if ($outcome === Outcome::Refused) {
                $report->failed++;
                continue;
            }
            if ($attempts + 1 >= $this->outbox->maxAttempts) {
                $report->failed++;
            } else {
                $report->retried++;
            }
            $report->stoppedBySmtpFailure = true;
            break;
        }
        $report->left = count($this->outbox->pending());

        return $report;
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
        $lastFailure = $this->outbox->smtpLastFailure();
        if ($lastFailure !== null) {
            $interval = min(Outbox::SMTP_DOWN_SECONDS, $this->probeSeconds ?? Outbox::SMTP_DOWN_SECONDS);
            if ($lastFailure > $now - $interval || $this->outbox->due() !== [] || ($this->probeSeconds === null && $this->outbox->pending() === [])) {
                return false;
            }
        } else {
            // With messages due, their attempts are the check.
            $checked = $this->outbox->smtpCheckedAt();
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
            $this->outbox->noteSmtpDown();

            return false;
        }
        $since = $this->outbox->smtpDownSince();
        $this->outbox->noteSmtpUp();
        if ($since === null) {
            return false;
        }
        ($this->log)(EventLog::line('smtp-back', ['down-since' => EventLog::time($since)]));

        return $this->outbox->takeRecovery();
    }

    private function refused(Claim $claim, string $id, int $attempt, SendFailed $e): Outcome
    {
        // It answered: the server is up, and the next message may go at once.
        $this->outbox->noteSmtpUp();
        try {
            $this->outbox->refuse($claim, $e->getMessage());
        } catch (OutboxUnavailable $problem) {
            ($this->log)(EventLog::line('error', ['id' => $id, 'reason' => 'outbox-unwritable', 'detail' => $problem->getMessage()]));

            return Outcome::Error;
        }
        ($this->log)(EventLog::line('refused', ['id' => $id, 'attempt' => $attempt, 'kept' => Outbox::FAILED_DIR . '/', 'reason' => $e->getMessage()]));

        return Outcome::Refused;
    }

    private function retry(Claim $claim, string $id, SendFailed $e): Outcome
    {
        if ($e->kind === SendFailed::UNREACHABLE) {
            $this->outbox->noteSmtpDown();
        }
        try {
            $updated = $this->outbox->recordFailure($claim, $e->getMessage());
        } catch (OutboxUnavailable $problem) {
            ($this->log)(EventLog::line('error', ['id' => $id, 'reason' => 'outbox-unwritable', 'detail' => $problem->getMessage()]));

            return Outcome::Error;
        }
        if ($updated->nextAttemptAt === 0) {
            ($this->log)(EventLog::line('failed', [
                'id' => $id, 'attempts' => $updated->attempts, 'kept' => Outbox::FAILED_DIR . '/', 'reason' => $e->getMessage(),
            ]));
        } else {
            ($this->log)(EventLog::line('retry', [
                'id' => $id, 'attempt' => $updated->attempts, 'next' => EventLog::time($updated->nextAttemptAt), 'reason' => $e->getMessage(),
            ]));
        }

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

    private function giveUp(Claim $claim, string $id, int $attempts, string $reason): void
    {
        try {
            $this->outbox->moveToFailed($claim);
            ($this->log)(EventLog::line('failed', ['id' => $id, 'attempts' => $attempts, 'kept' => Outbox::FAILED_DIR . '/', 'reason' => $reason]));
        } catch (OutboxUnavailable $e) {
            ($this->log)(EventLog::line('error', ['id' => $id, 'reason' => 'outbox-unwritable', 'detail' => $e->getMessage()]));
        }
    }
}
