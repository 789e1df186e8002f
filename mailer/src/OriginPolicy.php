<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * Refuses posts made from other sites' pages (cross-site request forgery, form spam relayed through
 * visitors' browsers) by comparing the request's Origin, or its Referer when there is no Origin, with the
 * site's own origin.
 *
 * The site's own origin is the address the visitor's browser sent this very request to: its Host header. A page
 * on another site has another host (or port) in its Origin, whatever it does. So the form works under any
 * name and port the site is reached by (`WEB_PORT=8081`, a phone on the local network, the public name behind
 * a proxy that passes Host on) without configuration. SITE_ORIGIN (optional) lists further origins, for a
 * front end served from elsewhere or a proxy that rewrites Host.
 *
 * The scheme is not compared with the Host: behind a TLS proxy the page is https and the request reaches nginx
 * as http, and one host and port never serves two schemes, so a page whose host and port are ours is ours.
 * A port missing from Host is the default port of the page's scheme.
 *
 * Browsers send Origin with every POST made by fetch or by a form, same-origin ones included, so a page on
 * another site can never get past this. Without Origin and Referer (a privacy extension strips both, an older
 * engine sends no Origin), Sec-Fetch-Site decides where a browser sends it: cross-site and same-site (another
 * subdomain, which cannot be told from a SITE_ORIGIN without the Origin) are refused. A request with none of the
 * three does not come from a web page (curl, a monitoring probe, a server-side script): it is allowed, because
 * such a client could send any Origin it likes anyway; the rate limit and the honeypot are what stop those.
 */
final readonly class OriginPolicy
{
    /** @param list<string> $allowed normalised origins, e.g. "https://aurea-salon.pl" */
    public function __construct(public array $allowed = [])
    {
    }

    /**
     * @param string $list none, one origin or several separated by commas or spaces
     *                     ("https://example.pl,https://www.example.pl")
     *
     * @throws InvalidConfig
     */
    public static function fromString(string $list): self
    {
        $allowed = [];
        foreach (preg_split('/[\s,]+/', trim($list), -1, PREG_SPLIT_NO_EMPTY) ?: [] as $origin) {
            $parts = self::parse($origin);
            if ($parts === null || preg_match('#^https?://[^/?\#@]+/?$#iD', $origin) !== 1) {
                throw new InvalidConfig('SITE_ORIGIN must list origins like https://example.pl (scheme, host, optional port, nothing else)');
            }
            $allowed[] = self::origin($parts);
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
     * @param string|null $host      the Host header the request was sent with (nginx has checked its syntax)
     * @param string|null $fetchSite the Sec-Fetch-Site header, null when absent
     */
    public function refusal(?string $origin, ?string $referer, ?string $host = null, ?string $fetchSite = null): ?string
    {
        $origin = $origin === null ? '' : trim($origin);
        $referer = $referer === null ? '' : trim($referer);
        if ($origin !== '') {
            // "null" is what sandboxed frames, data: URLs and privacy-sensitive redirects send: not our page.
            return $this->allows($origin, $host) ? null : 'origin';
        }
        if ($referer !== '') {
            return $this->allows($referer, $host) ? null : 'referer';
        }
        $fetchSite = strtolower(trim((string) $fetchSite));

        return in_array($fetchSite, ['cross-site', 'same-site'], true) ? 'fetch-site' : null;
    }

    private function allows(string $url, ?string $host): bool
    {
        $page = self::parse($url);
        if ($page === null) {
            return false;
        }
        if (in_array(self::origin($page), $this->allowed, true)) {
            return true;
        }
        $target = $host === null ? null : self::parseHost($host);

        return $target !== null
            && $target['host'] === $page['host']
            && ($target['port'] ?? self::defaultPort($page['scheme'])) === $page['port'];
    }

    /**
     * "HTTPS://Example.PL:443/x?y" → scheme https, host example.pl, port 443; null when it is not an http(s) URL
     * with a host and without credentials.
     *
     * @return array{scheme: string, host: string, port: int}|null
     */
    private static function parse(string $url): ?array
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

        return ['scheme' => $scheme, 'host' => strtolower($parts['host']), 'port' => $parts['port'] ?? self::defaultPort($scheme)];
    }

    /**
     * "Example.PL:8080" → host example.pl, port 8080; "[::1]" → host [::1], no port; null for anything else.
     *
     * @return array{host: string, port: int|null}|null
     */
    private static function parseHost(string $host): ?array
    {
        if (preg_match('/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/iD', trim($host), $m) !== 1) {
            return null;
        }

        return ['host' => strtolower($m[1]), 'port' => isset($m[2]) ? (int) $m[2] : null];
    }

    private static function defaultPort(string $scheme): int
    {
        return $scheme === 'https' ? 443 : 80;
    }

    /** @param array{scheme: string, host: string, port: int} $parts */
    private static function origin(array $parts): string
    {
        $port = $parts['port'] === self::defaultPort($parts['scheme']) ? '' : ':' . $parts['port'];

        return $parts['scheme'] . '://' . $parts['host'] . $port;
    }
}
