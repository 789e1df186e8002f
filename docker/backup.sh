#!/bin/sh
# Backup and restore of what the stack keeps in volumes and cannot make again:
#   the outbox       messages the relay has not taken yet, held/ (posts awaiting review) and failed/, and the
#                    deliverer's memory of when the salon was told of each held and failed one (retention counts
#                    from then; without it they would be announced again and kept longer)
#   front-data       production only: the certificates and the ACME account (Let's Encrypt limits new ones)
# A backup holds visitors' messages and private keys: it is written with mode 0600 into a folder of mode 0700
# outside the checkout; keep it as safe as the server and delete it when it is no longer needed.
#   docker/backup.sh create [DIR]    writes DIR/<project>-<UTC date>-<time>.tar (DIR: /var/backups/<project>) and
#                                    prints its path
#   docker/backup.sh restore FILE    puts it all back (a new machine, a lost volume); the deliverer (and the front)
#                                    are stopped meanwhile, then started: each waiting message is sent once
# Run beside docker-compose.yml's .env (the script goes there itself): the project and the configuration are the ones
# `docker compose` uses there. One-off containers of the deliverer and the front do the reading and writing, each
# as its service's user, so owners and modes stay what the services expect; nothing else of the stack stops.
set -eu
cd "$(dirname "$0")/.."

outbox=/var/spool/salon-outbox
# mailer/src/DelivererState.php. The proof-of-work key is not kept: php makes a new one, and a challenge outlives
# it by minutes at most.
state_file=.deliverer-state.json
# A one-off container of a service: same image, same volumes, whether the stack runs or not.
in_service() { docker compose run --rm --no-deps -T --entrypoint sh "$1" -c "$2"; }
has_front() { docker compose config --services | grep -qx front; }
# Messages only: not the temporary files of a write in progress nor the deliverer's own markers (dotfiles).
count_states="cd $outbox && echo \"\$(find . -maxdepth 1 -name '*.json' ! -name '.*' | wc -l) waiting, \$(find held -name '*.json' ! -name '.*' 2>/dev/null | wc -l) held, \$(find failed -name '*.json' ! -name '.*' 2>/dev/null | wc -l) failed\""

case "${1:-}" in
  create)
    project=$(docker compose config | sed -n 's/^name: //p' | head -1)
    dir=${2:-/var/backups/$project}
    umask 077
    mkdir -p "$dir"
    chmod 0700 "$dir"
    file="$dir/$project-$(date -u +%Y%m%d-%H%M%S).tar"
    work=$(mktemp -d "$dir/.backup-XXXXXX")
    trap 'rm -rf "$work"' EXIT
    in_service deliverer "cd $outbox && find . -type f \\( -name '*.json' ! -name '.*' -o -path ./$state_file \\) -print0 | tar --null -T - -czf - && ($count_states) | sed 's/^/backup.sh: outbox: /' >&2" \
      >"$work/outbox.tar.gz"
    if has_front; then
      in_service front "tar -C /data -czf - . && echo \"backup.sh: front-data: \$(find /data -name '*.crt' | wc -l) certificates\" >&2" \
        >"$work/front-data.tar.gz"
    fi
    tar -C "$work" -cf "$file.partial" .
    mv "$file.partial" "$file"
    echo "$file"
    ;;
  restore)
    file=${2:-}
    if [ -z "$file" ] || ! tar -tf "$file" 2>/dev/null | grep -qx './outbox.tar.gz'; then
      echo "backup.sh restore: give a file that docker/backup.sh create wrote (docker/backup.sh restore FILE)" >&2
      exit 2
    fi
    docker compose stop deliverer >&2
    tar -xOf "$file" ./outbox.tar.gz |
      in_service deliverer "tar -C $outbox -xzpf - && ($count_states) | sed 's/^/backup.sh: outbox now: /' >&2"
    if tar -tf "$file" | grep -qx './front-data.tar.gz' && has_front; then
      docker compose stop front >&2
      tar -xOf "$file" ./front-data.tar.gz | in_service front "tar -C /data -xzpf -"
      docker compose up -d --no-deps front >&2
    fi
    docker compose up -d --no-deps deliverer >&2
    ;;
  *)
    echo "usage: docker/backup.sh create [DIR] | docker/backup.sh restore FILE" >&2
    exit 2
    ;;
esac
