#!/bin/sh
# Backup and restore of the outbox: the messages visitors sent that SMTP has not taken yet, failed/ and held/ (they hold
# personal data: keep the backup file as safe as the server, and delete it when it is no longer needed).
#   docker/outbox.sh backup > outbox.tar.gz     every waiting, failed and held message, as a tar.gz on stdout
#   docker/outbox.sh restore < outbox.tar.gz    puts them back (a new machine, a lost volume); the deliverer is
#                                               stopped meanwhile and sends them once it is started again
# Run beside compose.yaml's .env (the script goes there itself): the project and the configuration are the ones
# `docker compose` uses there. The containers do the reading and writing, as www-data, so owners and modes stay
# what PHP-FPM and the deliverer expect; nothing else of the stack stops.
set -eu
cd "$(dirname "$0")/.."

outbox=/var/spool/salon-outbox
# A one-off container of the deliverer service: same image, same volume, whether the stack runs or not.
in_deliverer() { docker compose run --rm --no-deps -T --entrypoint sh deliverer -c "$1"; }

case "${1:-}" in
  backup)
    # Messages only: not the temporary files of a write in progress nor the deliverer's own markers (dotfiles).
    in_deliverer "cd $outbox && find . -type f -name '*.json' ! -name '.*' -print0 | tar --null -T - -czf -"
    ;;
  restore)
    if [ -t 0 ]; then
      echo "outbox.sh restore: give the backup on stdin (docker/outbox.sh restore < outbox.tar.gz)" >&2
      exit 2
    fi
    docker compose stop deliverer >&2
    in_deliverer "tar -C $outbox -xzpf - && find $outbox -name '*.json' | wc -l | sed 's/^/outbox.sh: messages in the outbox: /' >&2"
    docker compose up -d --no-deps deliverer >&2
    ;;
  *)
    echo "usage: docker/outbox.sh backup > outbox.tar.gz | docker/outbox.sh restore < outbox.tar.gz" >&2
    exit 2
    ;;
esac
