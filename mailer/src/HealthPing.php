<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * The push to a dead man's switch (HEALTHCHECK_URL, the Healthchecks.io convention that Uptime Kuma's push monitors
 * and others accept): while the pipeline is healthy the deliverer requests the URL every INTERVAL_SECONDS, when it
 * is not it posts the problem codes (no personal data) to the URL plus "/fail"; a change is pushed at once. So the
 * monitor also raises the alarm when nothing comes at all (the box, Docker or the deliverer is down). A short
 * timeout, after the pass's delivery, and a failure is only logged: it never holds up mail.
 */
final class HealthPing
{
    public const INTERVAL_SECONDS = 300;

    /** @param \Closure(string): void $log */
    public function __construct(
        private readonly string $url,
        private readonly \Closure $log,
        private readonly int $timeoutSeconds = 5,
    ) {
    }

    /**
     * HEALTHCHECK_URL from the environment (the deliverer's alone: a capability URL has no business in the web
     * workers'), or null when it is not set.
     *
     * @param \Closure(string): void $log
     *
     * @throws InvalidConfig not an http(s) URL
     */
    public static function fromEnvironment(\Closure $log): ?self
    {
        $url = trim((string) (getenv('HEALTHCHECK_URL') ?: Defaults::of('HEALTHCHECK_URL')));
        if ($url === '') {
            return null;
        }
        $parts = parse_url($url);
        if (!is_array($parts) || !in_array(strtolower($parts['scheme'] ?? ''), ['http', 'https'], true) || ($parts['host'] ?? '') === '' || isset($parts['query']) || isset($parts['fragment'])) {
            throw new InvalidConfig('Invalid mailer configuration: HEALTHCHECK_URL must be an http(s) URL without a query (its /fail is added to the path)');
        }

        return new self(rtrim($url, '/'), $log);
    }

    /**
     * Pushes the state when it changed or INTERVAL_SECONDS after the last push; the state says when that was.
     *
     * @param list<string> $problems codes (Health)
     */
    public function maybe(array $problems, DelivererState $state, int $now): void
    {
        $status = $problems === [] ? 'ok' : 'fail:' . implode(',', $problems);
        if ($state->text('ping-status') === $status && ($state->number('ping-at') ?? PHP_INT_MIN) > $now - self::INTERVAL_SECONDS) {
            return;
        }
        // Recorded whatever the monitor answers: one that does not answer costs a timeout per interval, no more.
        $state->setNumber('ping-at', $now);
        $state->setText('ping-status', $status);
        $this->push($problems);
    }

    /** @param list<string> $problems */
    private function push(array $problems): void
    {
        $fail = $problems !== [];
        $context = stream_context_create(['http' => [
            'method' => $fail ? 'POST' : 'GET',
            'header' => "User-Agent: salon-deliverer\r\n" . ($fail ? "Content-Type: text/plain; charset=utf-8\r\n" : ''),
            'content' => $fail ? implode("\n", $problems) . "\n" : '',
            'timeout' => $this->timeoutSeconds,
            'ignore_errors' => true,
            'follow_location' => 0,
        ]]);
        $body = @file_get_contents($this->url . ($fail ? '/fail' : ''), false, $context);
        $status = isset($http_response_header[0]) && preg_match('/^HTTP\/\S+ (\d{3})/', $http_response_header[0], $m) === 1 ? (int) $m[1] : 0;
        error_clear_last();
        if ($body === false || $status < 200 || $status >= 300) {
            // The URL is a secret of sorts (anyone holding it can report): its host only.
            ($this->log)(EventLog::line('error', ['reason' => 'healthcheck-ping', 'host' => (string) parse_url($this->url, PHP_URL_HOST), 'status' => $status]));
        }
    }
}
