#!/bin/sh
# The php image's entrypoint (PHP-FPM and the deliverer): a mailer configuration that cannot work stops the
# container at start, with the names of the wrong or missing settings in its log (`docker compose logs php`),
# instead of answering the first visitor's message with an error. Then the command runs as PID 1.
set -eu
php /srv/mailer/bin/deliver.php --check
exec "$@"
