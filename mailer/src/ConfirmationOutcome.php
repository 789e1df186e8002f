<?php

declare(strict_types=1);

namespace Salon\Mailer;

/** What became of an answer to a held message's question (HeldMessages::confirm). */
final readonly class ConfirmationOutcome
{
    public const CONFIRMED = 'confirmed';
    public const WRONG = 'wrong';
    /** No such message to confirm: unknown token, already confirmed, deleted, or too many wrong answers. */
    public const GONE = 'gone';

    private function __construct(
        public string $kind,
        /** CONFIRMED: the message's file, back in the outbox's queue. */
        public string $path = '',
        /** WRONG: the next question. */
        public ?Confirmation $next = null,
        /** The message's id, for the log ('' when the token named none). */
        public string $id = '',
    ) {
    }

    public static function confirmed(string $path, string $id): self
    {
        return new self(self::CONFIRMED, path: $path, id: $id);
    }

    public static function wrong(Confirmation $next, string $id): self
    {
        return new self(self::WRONG, next: $next, id: $id);
    }

    public static function gone(string $id = ''): self
    {
        return new self(self::GONE, id: $id);
    }
}
