#!/bin/sh
# The php image's entrypoint (PHP-FPM and the deliverer): a mailer configuration that cannot work stops the
# container at start, with the names of the wrong or missing settings in its log (`docker compose logs php`),
# instead of answering the first visitor's message with an error. PHP-FPM answers the form, so its check also
# covers the proof-of-work key (--check=php names a missing or short POW_KEY_FILE); the deliverer needs no key and
# need not mount one. Then the command runs as PID 1.
set -eu
case "${1:-}" in
  php-fpm*) php /srv/mailer/bin/deliver.php --check=php ;;
  *) php /srv/mailer/bin/deliver.php --check ;;
esac
exec "$@"
