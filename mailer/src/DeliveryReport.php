<?php

declare(strict_types=1);

namespace Salon\Mailer;

/** What one pass of the deliverer did (printed by deliver.php, asserted on by tests). */
final class DeliveryReport
{
    public int $sent = 0;
    /** Failed and scheduled for a later attempt. */
    public int $retried = 0;
    /** Moved to failed/ (refused by the server, its time up, or unreadable). */
    public int $failed = 0;
    /** Held by another process (a request sending it right now, or another deliverer). */
    public int $busy = 0;
    /** Not due yet (backoff). */
    public int $waiting = 0;
    /** Still in the outbox after the pass. */
    public int $left = 0;
    public int $staleTemporaryFiles = 0;
    /** Deleted from failed/ or held/ after the retention period (counted from when the salon was told of them). */
    public int $expired = 0;
    /** Held messages the digest named in this pass (SalonNotices::named; the rest wait for the next). */
    public int $toldOfHeld = 0;
    /** Failed messages a notice named in this pass (SalonNotices::named; the rest wait for the next). */
    public int $toldOfFailed = 0;
    /** SMTP came back from an outage: every waiting message was due in this pass. */
    public bool $recovered = false;
    public bool $stoppedBySmtpFailure = false;
    /** Stopped between two messages because the process was asked to stop. */
    public bool $interrupted = false;

    /** @return array<string, int|bool> */
    public function toArray(): array
    {
        return get_object_vars($this);
    }
}
