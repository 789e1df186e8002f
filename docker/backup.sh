#!/bin/sh
# Backup and restore of what the stack keeps in volumes and cannot make again:
#   the outbox       messages the relay has not taken yet, held/ (posts awaiting review), failed/, when the salon was
#                    told of each held and failed one (retention counts from then), and which messages the relay
#                    has taken (mailer/src/SentJournal.php: a restored message that was sent since is not sent again)
#   front-data       production only: the certificates and the ACME account (Let's Encrypt limits new ones)
# .env and secrets/ (the settings and passwords of this checkout) are in a backup only with --with-settings;
# without it the script says they are not: keep them as safe as the backup.
# A backup holds visitors' messages and private keys: it is written with mode 0600 into a folder of mode 0700
# outside the checkout, and deleted BACKUP_RETENTION_DAYS days after it was taken (docker/defaults.env), by the next
# backup or by docker/upgrade.sh once an upgrade went well.
#   docker/backup.sh create [--with-settings] [--keep-old] [DIR]
#       writes DIR/<project>-<UTC date>-<time>.tar (DIR: /var/backups/<project>) and prints its path, then deletes
#       the backups in DIR older than BACKUP_RETENTION_DAYS (--keep-old: not yet; docker/upgrade.sh's way)
#   docker/backup.sh prune [DIR]
#       only that deletion
#   docker/backup.sh restore FILE
#       the outbox becomes the backup's: its messages and what the salon was told replace the outbox's (nothing of
#       the two is merged), only the memory of sent messages keeps what it has; the front's data too. php, the
#       deliverer and the front are stopped meanwhile and started again whatever happens (a backup that cannot be
#       read leaves the outbox as it was). The backup's .env and secrets/ are put back where this checkout has none.
# The copy is consistent while the site runs: php and the deliverer are paused (`docker compose pause`: frozen, and
# a post waits) for the seconds the copy takes, so no message moves between the listing and the read, and each is
# in the backup once: waiting, held, failed, or sent.
# Run beside docker-compose.yml's .env (the script goes there itself): the project and the configuration are the ones
# `docker compose` uses there. One-off containers of the deliverer and the front do the reading and writing, each
# as its service's user, so owners and modes stay what the services expect.
set -eu
cd "$(dirname "$0")/.."

say() { echo "backup.sh: $*" >&2; }
outbox=/var/spool/salon-outbox
# mailer/src/DelivererState.php, mailer/src/SentJournal.php. The proof-of-work key is not kept: php makes a new one,
# and a challenge outlives it by minutes at most.
state_file=.deliverer-state.json
journal=.sent
# A one-off container of a service: same image, same volumes, whether the stack runs or not.
in_service() { docker compose run --rm --no-deps -T --entrypoint sh "$1" -c "$2"; }
config=$(docker compose config)
project=$(echo "$config" | sed -n 's/^name: //p' | head -1)
has_front() { echo "$config" | grep -q '^  front:$'; }
# The services of $* that run now.
running() {
  up=$(docker compose ps --status running --services 2>/dev/null || true)
  for service in "$@"; do echo "$up" | grep -qx "$service" && printf '%s ' "$service"; done
  return 0
}
# Messages only: not the temporary files of a write in progress nor the deliverer's own markers (dotfiles).
count_states="echo \"\$(find . -maxdepth 1 -name '*.json' ! -name '.*' | wc -l) waiting, \$(find held -name '*.json' ! -name '.*' 2>/dev/null | wc -l) held, \$(find failed -name '*.json' ! -name '.*' 2>/dev/null | wc -l) failed\""

# Days a backup is kept: as Compose passes the setting to the web image's build (the environment, then .env), else
# docker/defaults.env's. The longest is 30: the deliverer remembers sent messages longer (SentJournal::KEEP_DAYS),
# so a restore of any backup still kept sends none of them again.
retention_days() {
  days=$(echo "$config" | sed -n 's/^ *BACKUP_RETENTION_DAYS: *"\{0,1\}\([^"]*\)"\{0,1\} *$/\1/p' | head -1)
  [ -n "$days" ] || days=$(sed -n 's/^BACKUP_RETENTION_DAYS=//p' docker/defaults.env)
  case "$days" in
    [1-9] | [12][0-9] | 30) echo "$days" ;;
    *) say "BACKUP_RETENTION_DAYS must be a number of days from 1 to 30, not '$days'"; exit 2 ;;
  esac
}

# Deletes the backups of this project in $1 taken more than $2 days ago (by the time in their names, which a copy
# keeps), and what a backup that was killed left there.
prune() {
  cutoff=$(date -u -d "-$2 days" +%Y%m%d-%H%M%S)
  for old in "$1/$project"-*.tar; do
    [ -f "$old" ] || continue
    taken=$(basename "$old" .tar | sed -n 's/.*-\([0-9]\{8\}-[0-9]\{6\}\)$/\1/p')
    if [ -n "$taken" ] && [ ! "$taken" \> "$cutoff" ]; then
      rm -f "$old"
      say "deleted $(basename "$old") (older than $2 days)"
    fi
  done
  find "$1" -mindepth 1 -maxdepth 1 \( -name '.backup-*' -o -name '*.tar.partial' \) -exec rm -rf {} +
}

# One backup or prune at a time in a folder: what a killed one left can then be deleted.
lock() { exec 9>"$1/.lock" && flock -n 9 || { say "another backup.sh is working in $1"; exit 2; }; }

case "${1:-}" in
  create)
    shift
    with_settings="" keep_old=""
    while [ $# -gt 0 ]; do
      case "$1" in
        --with-settings) with_settings=yes; shift ;;
        --keep-old) keep_old=yes; shift ;;
        -*) say "unknown option $1"; exit 2 ;;
        *) break ;;
      esac
    done
    days=$(retention_days)
    dir=${1:-/var/backups/$project}
    umask 077
    mkdir -p "$dir"
    chmod 0700 "$dir"
    lock "$dir"
    file="$dir/$project-$(date -u +%Y%m%d-%H%M%S).tar"
    while [ -e "$file" ]; do sleep 1; file="$dir/$project-$(date -u +%Y%m%d-%H%M%S).tar"; done
    work=$(mktemp -d "$dir/.backup-XXXXXX")
    paused=""
    finish() {
      [ -z "$paused" ] || docker compose unpause $paused >/dev/null 2>&1 || say "could not unpause $paused: docker compose unpause $paused"
      rm -rf "$work" "$file.partial"
    }
    trap finish EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
    trap 'exit 129' HUP
    paused=$(running php deliverer)
    # Freezing a busy container can fail for a moment (runc: "unable to freeze"): what froze is thawed and the pause
    # tried again, five times over about 15 s, before the backup gives up.
    for try in 1 2 3 4 5; do
      [ -z "$paused" ] && break
      docker compose pause $paused >/dev/null 2>"$work/pause.err" && break
      docker compose unpause $paused >/dev/null 2>&1 || true
      [ "$try" = 5 ] && { cat "$work/pause.err" >&2; paused=""; exit 1; }
      sleep "$try"
    done
    in_service deliverer "cd $outbox && find . -type f \\( -path './[!.]*.json' ! -path './*/*' -o -path './held/[!.]*.json' -o -path './failed/[!.]*.json' -o -path ./$state_file -o -path './$journal/[!.]*' \\) -print0 | tar --null -T - -czf - && ($count_states) | sed 's/^/backup.sh: outbox: /' >&2" \
      >"$work/outbox.tar.gz"
    [ -z "$paused" ] || docker compose unpause $paused >/dev/null
    paused=""
    if has_front; then
      in_service front "tar -C /data --exclude=./.restore-new -czf - . && echo \"backup.sh: front-data: \$(find /data -name '*.crt' | wc -l) certificates\" >&2" \
        >"$work/front-data.tar.gz"
    fi
    if [ -n "$with_settings" ]; then
      settings=""
      for name in .env secrets; do [ ! -e "$name" ] || settings="$settings $name"; done
      [ -n "$settings" ] || { say "--with-settings: this checkout has neither .env nor secrets/"; exit 1; }
      tar -czpf "$work/settings.tar.gz" $settings
      say "settings:$settings"
    else
      say "not in this backup: .env and secrets/ (keep them as safe as the backup, or use --with-settings)"
    fi
    tar -C "$work" -cf "$file.partial" .
    mv "$file.partial" "$file"
    echo "$file"
    [ -n "$keep_old" ] || prune "$dir" "$days"
    ;;
  prune)
    days=$(retention_days)
    dir=${2:-/var/backups/$project}
    [ -d "$dir" ] || exit 0
    lock "$dir"
    prune "$dir" "$days"
    ;;
  restore)
    file=${2:-}
    if [ -z "$file" ] || ! tar -tf "$file" 2>/dev/null | grep -qx './outbox.tar.gz'; then
      say "give a file that docker/backup.sh create wrote (docker/backup.sh restore FILE)"
      exit 2
    fi
    # First, as Compose reads them at every command below: the settings, where this checkout has none.
    if tar -tf "$file" | grep -qx './settings.tar.gz'; then
      tar -xOf "$file" ./settings.tar.gz | tar -xzpf - --skip-old-files
      say ".env and secrets/ from the backup where this checkout had none (a file it has is kept)"
      config=$(docker compose config)
    fi
    front=""
    if tar -tf "$file" | grep -qx './front-data.tar.gz' && has_front; then front=front; fi
    # A new machine has built nothing yet: the images the one-off containers need are built first.
    for service in deliverer $front; do
      image=$(echo "$config" | awk -v s="  $service:" '$0 == s { on = 1; next } on && /^  [^ ]/ { exit } on && /^    image: / { print $2; exit }')
      [ -z "$image" ] || docker image inspect "$image" >/dev/null 2>&1 || docker compose build "$service" >&2
    done
    stopped=$(running php deliverer $front)
    done=""
    bring_back() {
      trap '' INT TERM HUP
      [ -z "$stopped" ] || docker compose start $stopped >&2
      [ -n "$done" ] || say "the restore did not finish: the outbox and the front's data are as they were, unless said otherwise above"
    }
    trap bring_back EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
    trap 'exit 129' HUP
    [ -z "$stopped" ] || docker compose stop $stopped >&2
    # Unpacked beside the outbox first: a backup that cannot be read changes nothing. Then the outbox's messages
    # and state make way for the backup's; the journal of sent messages gains the backup's ids and loses none.
    tar -xOf "$file" ./outbox.tar.gz | in_service deliverer "set -e; cd $outbox; rm -rf .restore-new .restore-old
      mkdir .restore-new .restore-old .restore-old/held .restore-old/failed
      tar -C .restore-new -xzf - || { rm -rf .restore-new .restore-old; echo 'backup.sh: the backup cannot be read' >&2; exit 1; }
      mkdir -p held failed
      find . -maxdepth 1 -name '*.json' ! -name '.*' -exec mv -t .restore-old {} +
      find held failed -maxdepth 1 -name '*.json' ! -name '.*' -exec sh -c 'for f; do mv \"\$f\" .restore-old/\"\$f\"; done' sh {} +
      [ ! -e $state_file ] || mv $state_file .restore-old/
      find .restore-new -maxdepth 1 -name '*.json' ! -name '.*' -exec mv -t . {} +
      for d in held failed; do [ ! -d .restore-new/\$d ] || find .restore-new/\$d -maxdepth 1 -name '*.json' ! -name '.*' -exec mv -t \$d {} +; done
      [ ! -e .restore-new/$state_file ] || mv .restore-new/$state_file .
      if [ -d .restore-new/$journal ]; then mkdir -p $journal; find .restore-new/$journal -maxdepth 1 -type f ! -name '.*' -exec cp -p --update=none -t $journal {} +; fi
      rm -rf .restore-new .restore-old
      ($count_states) | sed 's/^/backup.sh: outbox now: /' >&2"
    if [ -n "$front" ]; then
      tar -xOf "$file" ./front-data.tar.gz | in_service front "set -e; cd /data; rm -rf .restore-new; mkdir .restore-new
        tar -C .restore-new -xzf - || { rm -rf .restore-new; echo 'backup.sh: the front-data backup cannot be read' >&2; exit 1; }
        find . -mindepth 1 -maxdepth 1 ! -name .restore-new -exec rm -rf {} +
        find .restore-new -mindepth 1 -maxdepth 1 -exec mv -t . {} +
        rmdir .restore-new
        echo \"backup.sh: front-data now: \$(find /data -name '*.crt' | wc -l) certificates\" >&2"
    fi
    done=yes
    ;;
  *)
    echo "usage: docker/backup.sh create [--with-settings] [--keep-old] [DIR] | prune [DIR] | restore FILE" >&2
    exit 2
    ;;
esac
