<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * Hands outbox messages to SMTP: one at once right after a request stored it, or every due one in a pass
 * (mailer/bin/deliver.php, by hand or as the deliverer service).
 */
final class Deliverer
{
    /** @var array<string, true> ids this process sent but could not remove from the outbox */
    private array $sentButKept = [];

    /**
     * @param \Closure(string): void $log
     */
    public function __construct(
        private readonly Outbox $outbox,
        private readonly MailSender $sender,
        private readonly \Closure $log,
    ) {
    }

    /**
     * Sends one claimed message and records the outcome in the outbox; the claim is always released.
     * Returns true when SMTP accepted the message.
     */
    public function deliver(Claim $claim): bool
    {
        $entry = $claim->entry ?? throw new \LogicException('deliver() needs a readable entry');
        $id = $entry->id();
        $attempt = $entry->attempts + 1;

        if (isset($this->sentButKept[$id])) {
            // Sent by this process already; only the removal failed. Never send it twice.
            $this->remove($claim, $id, $attempt);

            return true;
        }

        try {
            $this->sender->send($entry->message);
        } catch (SendFailed $e) {
            $this->outbox->noteSmtpDown();
            try {
                $updated = $this->outbox->reschedule($claim, $e->getMessage());
            } catch (OutboxUnavailable $problem) {
                ($this->log)(EventLog::line('error', ['id' => $id, 'reason' => 'outbox-unwritable', 'detail' => $problem->getMessage()]));

                return false;
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

            return false;
        } catch (\Throwable $e) {
            // Not a failure the sender knows about: keep the message for the next pass, uncounted.
            $claim->release();
            ($this->log)(EventLog::line('error', ['id' => $id, 'reason' => 'unexpected', 'detail' => get_class($e) . ' at ' . basename($e->getFile()) . ':' . $e->getLine()]));

            return false;
        }

        $this->outbox->noteSmtpUp();
        $this->remove($claim, $id, $attempt);

        return true;
    }

    /**
     * One pass over the outbox: every due message (every waiting one with $ignoreSchedule) is sent, oldest
     * first. The pass stops at the first SMTP failure: the rest would only wait for the same dead server.
     * It also stops, between two messages, once $stopRequested says so (the service got SIGTERM): the message
     * in hand is finished, the rest stay in the outbox for the next start.
     *
     * @param (\Closure(): bool)|null $stopRequested
     */
    public function runOnce(bool $ignoreSchedule = false, ?\Closure $stopRequested = null): DeliveryReport
    {
        $report = new DeliveryReport();
        $report->staleTemporaryFiles = $this->outbox->removeStaleTemporaryFiles();

        foreach ($this->outbox->pending() as $path) {
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
                // Left behind by a process that died between counting the last attempt and the move.
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
            if ($this->deliver($claim)) {
                $report->sent++;
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
