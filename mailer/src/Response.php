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

    /**
     * A page for the browser to show (the answer to a plain form post).
     *
     * @param array<string, string> $headers
     */
    public static function html(int $status, string $html, array $headers = []): self
    {
        return new self($status, ['Content-Type' => 'text/html; charset=utf-8', 'Cache-Control' => 'no-store'] + $headers, $html);
    }

    /**
     * 303 See Other to a page of the site: the browser fetches it with GET, so a reload or Back never posts the form
     * again. The location is a fixed path, never anything the visitor sent.
     */
    public static function seeOther(string $path): self
    {
        return new self(303, ['Location' => $path, 'Cache-Control' => 'no-store'], '');
    }

    /** @return array<string, mixed> */
    public function data(): array
    {
        return (array) json_decode($this->body, true, 16, JSON_THROW_ON_ERROR);
    }
}
