<?php

declare(strict_types=1);

namespace Salon\Mailer;

/** What the handler answers: plain data, emitted by ResponseEmitter, asserted on in tests. */
final readonly class Response
{
    /**
     * @param array<string, string> $headers
     */
    public function __construct(
        public int $status,
        public array $headers,
        public string $body,
    ) {
    }

    /**
     * @param array<string, mixed>  $data
     * @param array<string, string> $headers extra headers, e.g. Allow
     */
    public static function json(int $status, array $data, array $headers = []): self
    {
        return new self($status, [
            'Content-Type' => 'application/json; charset=utf-8',
            // The answer is about one submission; no proxy or browser may replay it.
            'Cache-Control' => 'no-store',
        ] + $headers, json_encode($data, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_THROW_ON_ERROR));
    }

    /** @return array<string, mixed> */
    public function data(): array
    {
        return (array) json_decode($this->body, true, 16, JSON_THROW_ON_ERROR);
    }
}
