<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * One message waiting in the outbox: the mail exactly as it will be sent, plus its delivery state.
 * Stored as one JSON file per message (see Outbox).
 */
final readonly class OutboxEntry
{
    public const VERSION = 1;

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
    ) {
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
        return new self($this->message, $this->createdAt, $this->attempts + 1, $nextAttemptAt, $this->lastError);
    }

    /** The attempt failed with $error; the next one not before $nextAttemptAt (0: none, it is in failed/). */
    public function failedWith(string $error, int $nextAttemptAt): self
    {
        return new self($this->message, $this->createdAt, $this->attempts, $nextAttemptAt, $error);
    }

    /** Back in the queue with a clean slate (an operator's `deliver.php --retry-failed`). */
    public function requeued(int $now): self
    {
        return new self($this->message, $this->createdAt, 0, $now, $this->lastError);
    }

    public function toJson(): string
    {
        return json_encode([
            'version' => self::VERSION,
            'id' => $this->id(),
            'createdAt' => $this->createdAt,
            'attempts' => $this->attempts,
            'nextAttemptAt' => $this->nextAttemptAt,
            'lastError' => $this->lastError,
            'message' => $this->message->toArray(),
        ], JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_PRETTY_PRINT | JSON_THROW_ON_ERROR) . "\n";
    }

    /** @throws \UnexpectedValueException when the file is not an entry this code wrote */
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

        return new self(
            OutgoingMessage::fromArray($data['message']),
            $data['createdAt'],
            $data['attempts'],
            $data['nextAttemptAt'],
            is_string($data['lastError'] ?? null) ? $data['lastError'] : '',
        );
    }
}
