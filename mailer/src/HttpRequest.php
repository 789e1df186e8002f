<?php

declare(strict_types=1);

namespace Salon\Mailer;

/** What the handler needs from an HTTP request, as plain data (tests build it directly). */
final readonly class HttpRequest
{
    /** Same cap as nginx's client_max_body_size for /send-email.php (docker/nginx/templates/salon.conf.template). */
    public const BODY_LIMIT = 65536;

    public function __construct(
        public string $method,
        public string $contentType = '',
        public string $body = '',
        public ?string $origin = null,
        public ?string $referer = null,
        /** The body was over BODY_LIMIT and was not read. */
        public bool $bodyTooLarge = false,
        /** The Host header: where the browser sent the request (the site's own origin, see OriginPolicy). */
        public ?string $host = null,
        /** Sec-Fetch-Site (same-origin, same-site, cross-site, none), which browsers send with every request. */
        public ?string $fetchSite = null,
        /** The Accept header: a browser's own form post asks for text/html, the site's script for JSON. */
        public ?string $accept = null,
        /** X-Contact-Proof: the form's solved proof of work (ProofOfWork), which a browser's script sends. */
        public ?string $proof = null,
    ) {
    }

    /**
     * Whether the answer is a page the browser shows (a plain form post: JavaScript off, or the page's scripts never
     * ran) rather than JSON for the form's script. A browser's navigation always lists text/html in Accept; the
     * script asks for application/json, and curl or a monitor (which accept any type) keep getting JSON. nginx decides its
     * own error answers for this location by the same rule (docker/nginx/templates/contact-refusals.inc.template).
     */
    public function wantsPage(): bool
    {
        return self::acceptsHtml($this->accept);
    }

    public static function acceptsHtml(?string $accept): bool
    {
        return $accept !== null && stripos($accept, 'text/html') !== false;
    }

    /**
     * Reads the request php-fpm is serving. The body comes from php://input: PHP's own form parsing must be
     * off (enable_post_data_reading = Off), otherwise a multipart body has been consumed already.
     *
     * @throws InvalidConfig
     */
    public static function fromGlobals(): self
    {
        if (filter_var(ini_get('enable_post_data_reading'), FILTER_VALIDATE_BOOLEAN)) {
            throw new InvalidConfig('enable_post_data_reading must be Off for the mailer (see docker/php/php.ini)');
        }
        $header = static fn (string $name): ?string => isset($_SERVER[$name]) && is_string($_SERVER[$name]) ? $_SERVER[$name] : null;
        $method = strtoupper((string) $header('REQUEST_METHOD'));
        $tooLarge = (int) $header('CONTENT_LENGTH') > self::BODY_LIMIT;
        $body = '';
        if ($method === 'POST' && !$tooLarge) {
            $input = fopen('php://input', 'rb');
            $body = $input === false ? '' : (string) stream_get_contents($input, self::BODY_LIMIT + 1);
            if ($input !== false) {
                fclose($input);
            }
            if (strlen($body) > self::BODY_LIMIT) {
                [$tooLarge, $body] = [true, ''];
            }
        }

        return new self(
            $method,
            (string) $header('CONTENT_TYPE'),
            $body,
            $header('HTTP_ORIGIN'),
            $header('HTTP_REFERER'),
            $tooLarge,
            // nginx's host and port (docker/nginx/templates/salon.conf.template); HTTP_HOST lacks the port.
            $header('SALON_REQUEST_HOST') ?? $header('HTTP_HOST'),
            // nginx passes every request header as HTTP_* (fastcgi_pass_request_headers is on by default).
            $header('HTTP_SEC_FETCH_SITE'),
            $header('HTTP_ACCEPT'),
            $header('HTTP_X_CONTACT_PROOF'),
        );
    }
}
