<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * One message in the outbox: the mail exactly as it will be sent, plus its delivery state.
 * Stored as one JSON file per message (see Outbox).
 *
 * The format's compatibility rule, so that a release and the one before it read each other's files (an upgrade
 * rolled back keeps every message): VERSION is the major, changed only when an older reader must not read the file;
 * a field added is a MINOR step, which readers of the same major accept, and every reader ignores fields it does not
 * know. Written fields that an older release requires stay written (the message's from/to).
 */
final readonly class OutboxEntry
{
    public const VERSION = 1;
    /** 1: the confirmation record of a held message. 2: the visitor's page language (older entries: Polish). */
    public const MINOR = 2;

    /** In failed/ because the server refused this message itself (5xx after its content). */
    public const REFUSED = 'refused';
    /** In failed/ because it was still not delivered when its retries' time was up. */
    public const EXPIRED = 'expired';

    /** When this round of retries began: when it was accepted, or when a person put it back in the queue. */
    public int $queuedAt;

    public function __construct(
        public OutgoingMessage $message,
        /** Unix time the visitor's message was accepted. */
        public int $createdAt,
        /** Delivery attempts started so far (counted before each is made, see Outbox::beginAttempt). */
        public int $attempts = 0,
        /** Unix time from which the deliverer may try again; a new message is due at once. */
        public int $nextAttemptAt = 0,
        /** Redacted reason of the last failure (no addresses, no message text). */
        public string $lastError = '',
        ?int $queuedAt = null,
        /** From the moment an attempt is counted until its outcome is written: still true if its process died. */
        public bool $attemptOpen = false,
        /** Why it is in failed/ (REFUSED, EXPIRED); '' while it waits. */
        public string $gaveUp = '',
        /** The fields as the visitor sent them, for a digest or a notice to show them; null in older entries. */
        public ?ContactMessage $visitor = null,
        /** A held message's question and token (Confirmation); null for every other. */
        public ?Confirmation $confirmation = null,
    ) {
        $this->queuedAt = $queuedAt ?? $createdAt;
    }

    /** The opaque id used in logs and file names: the same for every retry, and says nothing about the sender. */
    public function id(): string
    {
        return self::idOf($this->message->messageId);
    }

    public static function idOf(string $messageId): string
    {
        return substr(hash('sha256', $messageId), 0, 16);
    }

    /** One more attempt counted, made from now on; the next one not before $nextAttemptAt. */
    public function attemptStarted(int $nextAttemptAt): self
    {
        return $this->with(attempts: $this->attempts + 1, nextAttemptAt: $nextAttemptAt, attemptOpen: true);
    }

    /**
     * The attempt failed with $error; the next one not before $nextAttemptAt (0: none, it goes to failed/ for the
     * reason $gaveUp).
     */
    public function failedWith(string $error, int $nextAttemptAt, string $gaveUp = ''): self
    {
        return $this->with(nextAttemptAt: $nextAttemptAt, lastError: $error, attemptOpen: false, gaveUp: $gaveUp);
    }

    /** Back in the queue with a clean slate and a new round of retries (released from held/, or --retry-failed). */
    public function requeued(int $now): self
    {
        return $this->with(attempts: 0, nextAttemptAt: $now, queuedAt: $now, attemptOpen: false, gaveUp: '', confirmation: false);
    }

    /** The same message with another confirmation record (a new question after a wrong answer). */
    public function confirmedBy(Confirmation $confirmation): self
    {
        return $this->with(confirmation: $confirmation);
    }

    public function toJson(): string
    {
        return json_encode([
            'version' => self::VERSION,
            'minor' => self::MINOR,
            'id' => $this->id(),
            'createdAt' => $this->createdAt,
            'queuedAt' => $this->queuedAt,
            'attempts' => $this->attempts,
            'attemptOpen' => $this->attemptOpen,
            'nextAttemptAt' => $this->nextAttemptAt,
            'lastError' => $this->lastError,
            'gaveUp' => $this->gaveUp,
            'message' => $this->message->toArray(),
            'visitor' => $this->visitor === null ? null : get_object_vars($this->visitor),
        ] + ($this->confirmation === null ? [] : ['confirmation' => $this->confirmation->toArray()]), JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_PRETTY_PRINT | JSON_THROW_ON_ERROR) . "\n";
    }

    /** @throws \UnexpectedValueException when the file is not an entry of this major version */
    public static function fromJson(string $json): self
    {
        try {
            $data = json_decode($json, true, 8, JSON_THROW_ON_ERROR);
        } catch (\JsonException $e) {
            throw new \UnexpectedValueException('not JSON: ' . $e->getMessage(), 0, $e);
        }
        if (!is_array($data) || ($data['version'] ?? null) !== self::VERSION || !is_array($data['message'] ?? null)) {
            throw new \UnexpectedValueException('not an outbox entry of version ' . self::VERSION);
        }
        foreach (['createdAt', 'attempts', 'nextAttemptAt'] as $field) {
            if (!is_int($data[$field] ?? null)) {
                throw new \UnexpectedValueException("field '$field' is missing or not a number");
            }
        }
        $visitor = $data['visitor'] ?? null;
        $fields = ['name', 'email', 'phone', 'message'];
        $confirmation = $data['confirmation'] ?? null;

        return new self(
            OutgoingMessage::fromArray($data['message']),
            $data['createdAt'],
            $data['attempts'],
            $data['nextAttemptAt'],
            is_string($data['lastError'] ?? null) ? $data['lastError'] : '',
            is_int($data['queuedAt'] ?? null) ? $data['queuedAt'] : null,
            ($data['attemptOpen'] ?? false) === true,
            in_array($data['gaveUp'] ?? '', [self::REFUSED, self::EXPIRED], true) ? $data['gaveUp'] : '',
            is_array($visitor) && array_filter($fields, static fn (string $f): bool => !is_string($visitor[$f] ?? null)) === []
                ? new ContactMessage($visitor['name'], $visitor['email'], $visitor['phone'], $visitor['message'], Words::in($visitor['language'] ?? 'pl')->language)
                : null,
            is_array($confirmation) ? Confirmation::fromArray($confirmation) : null,
        );
    }

    private function with(
        ?int $attempts = null,
        ?int $nextAttemptAt = null,
        ?string $lastError = null,
        ?int $queuedAt = null,
        ?bool $attemptOpen = null,
        ?string $gaveUp = null,
        Confirmation|false|null $confirmation = null,
    ): self {
        return new self(
            $this->message,
            $this->createdAt,
            $attempts ?? $this->attempts,
            $nextAttemptAt ?? $this->nextAttemptAt,
            $lastError ?? $this->lastError,
            $queuedAt ?? $this->queuedAt,
            $attemptOpen ?? $this->attemptOpen,
            $gaveUp ?? $this->gaveUp,
            $this->visitor,
            // false: none any more; null: unchanged.
            $confirmation === false ? null : ($confirmation ?? $this->confirmation),
        );
    }
}
