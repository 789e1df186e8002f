<?php

declare(strict_types=1);

namespace Salon\Mailer;

/** What Deliverer::deliver() did with one message; runOnce() decides by it whether the pass goes on. */
enum Outcome
{
    /** SMTP accepted it (or had accepted it before and only its file is gone now). */
    case Sent;
    /** The server refused it for good: kept in failed/, the pass goes on. */
    case Refused;
    /** Not sent this time; scheduled again. */
    case Retry;
    /** Not sent this time, and its time is up: kept in failed/. */
    case Expired;
    /** The outbox could not record the outcome, or something unexpected happened. */
    case Error;
}
