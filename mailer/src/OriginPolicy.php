<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * Refuses posts made from other sites' pages (cross-site request forgery, form spam relayed through
 * visitors' browsers) by comparing the request's Origin, or its Referer when there is no Origin, with the
 * site's own origin(s) from SITE_ORIGIN.
 *
 * Browsers send Origin with every POST made by fetch or by a form, same-origin ones included, so a page on
 * another site can never get past this. A request with neither header does not come from a web page
 * (curl, a monitoring probe, a server-side script): it is allowed, because such a client could send any
 * Origin it likes anyway; the rate limit and the honeypot are what stop those.
 */
final readonly class OriginPolicy
{
    /** @param list<string> $allowed normalised origins, e.g. "https://aurea-salon.pl" */
    public function __construct(public array $allowed)
    {
    }

    /**
     * @param string $list one origin or several separated by commas or spaces ("https://example.pl,https://www.example.pl")
     *
     * @throws InvalidConfig
     */
    public static function fromString(string $list): self
    {
        $allowed = [];
        foreach (preg_split('/[\s,]+/', trim($list), -1, PREG_SPLIT_NO_EMPTY) ?: [] as $origin) {
            $normalised = self::normalise($origin);
            if ($normalised === null || preg_match('#^https?://[^/?\#@]+/?$#iD', $origin) !== 1) {
                throw new InvalidConfig('SITE_ORIGIN must list origins like https://example.pl (scheme, host, optional port, nothing else)');
            }
            $allowed[] = $normalised;
        }
        if ($allowed === []) {
            throw new InvalidConfig('SITE_ORIGIN is missing');
        }

        return new self(array_values(array_unique($allowed)));
    }

    /** @throws InvalidConfig */
    public static function fromEnvironment(): self
    {
        return self::fromString((string) getenv('SITE_ORIGIN'));
    }

    /**
     * Null when the request may proceed, otherwise the reason code for the log.
     *
     * @param string|null $origin  the Origin header, null when absent
     * @param string|null $referer the Referer header, null when absent
     */
    public function refusal(?string $origin, ?string $referer): ?string
    {
        $origin = $origin === null ? '' : trim($origin);
        $referer = $referer === null ? '' : trim($referer);
        if ($origin !== '') {
            // "null" is what sandboxed frames, data: URLs and privacy-sensitive redirects send: not our page.
            return $this->allows($origin) ? null : 'origin';
        }
        if ($referer !== '') {
            return $this->allows($referer) ? null : 'referer';
        }

        return null;
    }

    private function allows(string $url): bool
    {
        $normalised = self::normalise($url);

        return $normalised !== null && in_array($normalised, $this->allowed, true);
    }

    /** "HTTPS://Example.PL:443/x?y" → "https://example.pl"; null when it is not an http(s) URL with a host. */
    private static function normalise(string $url): ?string
    {
        if (preg_match('/[\x00-\x20\x7F]/', $url) === 1) {
            return null;
        }
        $parts = parse_url($url);
        if (!is_array($parts) || !isset($parts['scheme'], $parts['host']) || isset($parts['user']) || isset($parts['pass'])) {
            return null;
        }
        $scheme = strtolower($parts['scheme']);
        if (!in_array($scheme, ['http', 'https'], true) || $parts['host'] === '') {
            return null;
        }
        $port = $parts['port'] ?? null;
        if ($port === ($scheme === 'https' ? 443 : 80)) {
            $port = null;
        }

        return $scheme . '://' . strtolower($parts['host']) . ($port !== null ? ':' . $port : '');
    }
}
