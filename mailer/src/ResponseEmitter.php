<?php

declare(strict_types=1);

namespace Salon\Mailer;

/** Writes a Response to the SAPI; the only place that calls header() or echo. */
final class ResponseEmitter
{
    public function emit(Response $response): void
    {
        if (!headers_sent()) {
            http_response_code($response->status);
            foreach ($response->headers as $name => $value) {
                header($name . ': ' . $value, true);
            }
        }
        echo $response->body;
    }
}
