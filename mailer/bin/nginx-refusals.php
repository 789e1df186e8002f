<?php

/*
 * Writes docker/nginx/templates/contact-refusals.inc.template: nginx's own refusals of /send-email.php (413, 429,
 * 502–504 answered 503) as the mailer's refusal page (RefusalPage) in each language of the site. Run it after a
 * change of RefusalPage or Words; tests/integration/refusal-pages.test.ts fails until the template is written again.
 *
 *   php mailer/bin/nginx-refusals.php
 */

declare(strict_types=1);

use Salon\Mailer\RefusalPage;
use Salon\Mailer\Words;

require __DIR__ . '/../vendor/autoload.php';

/** Each status nginx answers itself, the Words text of its page and the headers beside the page's own. */
const REFUSALS = [
    413 => ['tooLarge', ''],
    429 => ['tooMany', "    add_header Retry-After \"60\" always;\n"],
    503 => ['sendError', ''],
];

$out = <<<'HEAD'
# nginx's own refusals of /send-email.php as pages, for a form the browser posted itself (JavaScript off, or the
# page's scripts never ran; $salon_contact_page in salon.conf): body too large (413), rate limit (429), PHP-FPM away
# (502–504, answered 503), in the language of the page the form was on ($salon_page_language). Written by
# mailer/bin/nginx-refusals.php from the mailer's own refusal page (mailer/src/RefusalPage.php, Words.php): do not
# edit by hand; tests/integration/refusal-pages.test.ts checks that the two agree.
# Included in the server block of salon.conf. An error_page redirect arrives here as GET; `internal`: never a URL.

HEAD;
foreach (REFUSALS as $status => [$key, $headers]) {
    foreach (['pl', 'uk', 'en'] as $language) {
        $words = Words::in($language);
        $page = RefusalPage::render($status, $words->text($key), [], $words);
        if (str_contains($page, "'") || str_contains($page, '$')) {
            throw new RuntimeException("$status $language: ' would end nginx's quoted string, \$ start a variable");
        }
        $out .= "\nlocation = /_contact-refusal/$status-$language {\n    internal;\n    default_type text/html;\n"
            . "    include \${NGINX_CONF_DIR}/security-headers.inc;\n    add_header Cache-Control \"no-store\" always;\n"
            . $headers . "    return $status '$page';\n}\n";
    }
}
file_put_contents(__DIR__ . '/../../docker/nginx/templates/contact-refusals.inc.template', $out);
