#!/bin/sh
# An upgrade with a way back, in one command (run after `git pull`, beside docker-compose.yml and .env; docs/operating.md,
# "Upgrades"):
#   1. a backup: docker/backup.sh create --keep-old (the outbox and the certificates; 0600, outside the checkout);
#   2. the images this checkout builds are kept as <image>:rollback-<UTC date>-<time>, then rebuilt with the day's
#      Debian packages (PACKAGES_DATE, the date, defeats apt layers cached on an earlier day; the base images are
#      pulled when a registry answers);
#   3. the rebuilt services are started (one stopped on purpose stays stopped unless its image changed) and the
#      stack asked how it is: every container up, the health checks and GET /health. A problem it did not have
#      before the upgrade (a container that does not stay up, a health check that fails, a /health problem or no
#      answer from it) rolls back to the kept images, and the script exits 1; a problem it already had (the relay
#      down, a message in failed/) is reported and does not stop it. Only then is the upgrade "verified";
#   4. verified: backups older than BACKUP_RETENTION_DAYS, rollback images beyond the last two, and build cache
#      unused since the older of them, are removed.
# Anything that ends it before "verified" — a failing command, Ctrl-C (INT), `kill` (TERM), a dropped SSH session
# (HUP, or output that can no longer be written) — puts the kept images back, starts them and exits 1; what it did
# then is in .upgrade/log when the terminal was gone. One upgrade at a time (.upgrade/lock). An upgrade killed
# outright (KILL, a power cut) leaves .upgrade/state behind: the next run first goes back to the images that one
# kept, so unverified images never become the way back.
#   docker/upgrade.sh [--backup-dir DIR] [--keep-build-cache]
#     --backup-dir DIR     where the backup goes (docker/backup.sh's default: /var/backups/<project>)
#     --keep-build-cache   leave Docker's build cache alone (an engine other projects build on too)
set -eu
cd "$(dirname "$0")/.."

backup_dir="" prune_cache=yes
while [ $# -gt 0 ]; do
  case "$1" in
    --backup-dir) backup_dir=${2:?--backup-dir needs a folder}; shift 2 ;;
    --keep-build-cache) prune_cache=""; shift ;;
    *) echo "usage: docker/upgrade.sh [--backup-dir DIR] [--keep-build-cache]" >&2; exit 2 ;;
  esac
done

say() { echo "upgrade.sh: $*" >&2; }
run_dir=.upgrade
mkdir -p "$run_dir"
exec 9>"$run_dir/lock"
flock -n 9 || { say "another upgrade is running ($run_dir/lock)"; exit 2; }
record="$run_dir/state"
stamp=$(date -u +%Y%m%d-%H%M%S)
packages_date=$(date -u +%F)
wait_seconds=${UPGRADE_WAIT_SECONDS:-120}

# The services this checkout builds (a `build:` section) and their images, "SERVICE IMAGE" a line, from Compose's
# own view of the files.
built() {
  docker compose config | awk '
    /^services:/ { in_services = 1; next }
    /^[^ ]/ { in_services = 0 }
    in_services && /^  [^ ]/ { service = $1; sub(/:$/, "", service); build[service] = 0 }
    in_services && /^    build:/ { build[service] = 1 }
    in_services && /^    image: / { image[service] = $2 }
    END { for (s in image) if (build[s]) print s, image[s] }' | sort
}

# How the stack is, one word per problem: <service>-down (not running, or restarted), <service>-unhealthy, the
# problems /health names, or health-no-answer. Empty: all is well. Waits while a health check is still starting.
state() {
  deadline=$(($(date +%s) + $1))
  while :; do
    problems="" starting=""
    for service in $(docker compose config --services); do
      id=$(docker compose ps -a -q "$service" 2>/dev/null | head -1)
      [ -n "$id" ] || continue
      status=$(docker inspect -f '{{.State.Status}} {{.RestartCount}} {{if .State.Health}}{{.State.Health.Status}}{{end}}' "$id")
      case "$status" in
        "running 0 starting") starting=yes ;;
        "running 0 unhealthy") problems="$problems $service-unhealthy" ;;
        "running 0"*) ;;
        *) problems="$problems $service-down" ;;
      esac
    done
    [ -z "$starting" ] || [ "$(date +%s)" -ge "$deadline" ] || { sleep 2; continue; }
    break
  done
  answer=$(docker compose exec -T web curl -sS --max-time 10 -A salon-healthcheck http://127.0.0.1/health 2>/dev/null || true)
  case "$answer" in
    *'"status":"ok"'*) ;;
    *'"problems":['*) problems="$problems $(echo "$answer" | sed 's/.*"problems":\[\([^]]*\)\].*/\1/' | tr -d '"' | tr ',' ' ')" ;;
    *) problems="$problems health-no-answer" ;;
  esac
  echo $problems
}

# Problems of $2 that $1 did not have. A service is one thing: down before and unhealthy after is no new problem.
new_problems() {
  for word in $2; do
    case "$word" in
      *-down | *-unhealthy) case " $1 " in *" ${word%-*}-down "* | *" ${word%-*}-unhealthy "*) continue ;; esac ;;
    esac
    case " $1 " in *" $word "*) ;; *) printf '%s ' "$word" ;; esac
  done
}

image_id() { docker image inspect -f '{{.Id}}' "$1" 2>/dev/null || true; }
# The images this project's builds made: a build of two services sharing an image name makes one image each (their
# labels differ) and names only the last, so the other is left untagged; both are this upgrade's to remove.
project=$(docker compose config | sed -n 's/^name: //p' | head -1)
project_images() { docker image ls -q --filter "label=com.docker.compose.project=$project" | sort -u | tr '\n' ' '; }

# Back to the images an upgrade kept ($tag; the record of the upgrade says which, and which services ran): they
# are tagged as the images again, the services that ran before are started on them, those that did not are
# stopped, and what that upgrade built and tagged is removed.
go_back() {
  for image in $kept; do
    if docker image inspect "${image%:*}:$tag" >/dev/null 2>&1; then docker tag "${image%:*}:$tag" "$image"; fi
  done
  [ -z "$running_before" ] || docker compose up -d --no-deps $running_before >&2
  [ -z "$stopped_before" ] || docker compose stop $stopped_before >/dev/null 2>&1 || true
  if [ -n "${ids_before:-}" ]; then
    for id in $(project_images); do
      case "$ids_before" in *" $id "*) ;; *) docker image rm "$id" >/dev/null 2>&1 || true ;; esac
    done
  fi
  for image in $kept; do docker image rm "${image%:*}:$tag" >/dev/null 2>&1 || true; done
  rm -f "$record"
}

# An upgrade that was killed before it was verified or rolled back: its kept images are the way back, not what runs.
if [ -f "$record" ]; then
  tag="" kept="" running_before="" stopped_before=""
  . "./$record"
  say "an earlier upgrade did not finish (its images kept as :$tag): going back to them first"
  go_back
  say "back on the images of before that upgrade; now: $(state "$wait_seconds" | sed 's/^$/no problems/')"
fi

pairs=$(built)
services=$(echo "$pairs" | cut -d' ' -f1)
images=$(echo "$pairs" | cut -d' ' -f2 | sort -u)
[ -n "$images" ] || { say "no service of this configuration is built here"; exit 2; }
# Services stopped on purpose (a catcher while testing, the deliverer during maintenance): "SERVICE IMAGE-ID" each.
running_before="" stopped_before="" stopped=""
for service in $services; do
  id=$(docker compose ps -a -q "$service" 2>/dev/null | head -1)
  if [ -n "$id" ] && [ "$(docker inspect -f '{{.State.Running}}' "$id")" = true ]; then
    running_before="$running_before $service"
  else
    stopped_before="$stopped_before $service"
    [ -z "$id" ] || stopped="$stopped$service $(image_id "$(echo "$pairs" | awk -v s="$service" '$1 == s { print $2 }')")
"
  fi
done
before=$(state 60)
say "before: ${before:-no problems}"

say "backup"
docker/backup.sh create --keep-old ${backup_dir:+"$backup_dir"} >&2

# From here on the images may change: anything that ends the script before "verified" goes back (finish). The
# record is written before the first tag, so that an upgrade killed outright is undone by the next one.
tag="rollback-$stamp"
kept=""
for image in $images; do
  if docker image inspect "$image" >/dev/null 2>&1; then kept="$kept $image"; fi
done
ids_before=" $(project_images)"
verified="" step="keeping the images"
printf 'tag=%s\nkept="%s"\nrunning_before="%s"\nstopped_before="%s"\n' "$tag" "$kept" "$running_before" "$stopped_before" \
  >"$record.new"
mv "$record.new" "$record"
finish() {
  code=$?
  [ -z "$verified" ] || exit "$code"
  trap '' INT TERM HUP PIPE
  set +e
  if [ -z "$kept" ]; then
    message="stopped while $step (exit $code); there were no previous images to go back to"
  elif [ "$step" != "rolling back" ]; then
    message="stopped while $step (exit $code), before the new images were verified: going back to :$tag"
  else
    message="going back to :$tag"
  fi
  # A terminal that is gone (the write fails) is replaced by the log, or the going back would stop half-way.
  say "$message" || { exec >>"$run_dir/log" 2>&1; say "$message"; }
  if [ -n "$kept" ]; then
    go_back
    say "rolled back; now: $(state "$wait_seconds" | sed 's/^$/no problems/')"
  else
    rm -f "$record"
  fi
  exit 1
}
trap finish EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
# The terminal is gone: what follows goes to a file, as writing to a closed one would end the going back.
trap 'exec >>"$run_dir/log" 2>&1; say "$(date -u +%FT%TZ): the terminal went away (HUP)"; exit 129' HUP
trap 'exec >>"$run_dir/log" 2>&1; say "$(date -u +%FT%TZ): the output could not be written (PIPE)"; exit 141' PIPE
for image in $kept; do docker tag "$image" "${image%:*}:$tag"; done

pull=""
if docker pull -q debian:trixie-slim >/dev/null 2>&1; then
  pull=--pull
else
  say "debian:trixie-slim cannot be pulled: building on the local base image, with today's packages"
fi
step="building"
say "build (Debian's packages of $packages_date)"
docker compose build $pull --build-arg "PACKAGES_DATE=$packages_date" >&2

# The rebuilt services, but one that was stopped and whose image did not change stays stopped.
targets=$(echo "$pairs" | while read -r service image; do
  echo "$stopped" | grep -qx "$service $(image_id "$image")" || echo "$service"
done)
step="starting the new images"
say "built; starting the new images"
docker compose up -d --no-deps $targets >&2
step="checking the stack"
after=$(state "$wait_seconds")
added=$(new_problems "$before" "$after")
if [ -n "$added" ]; then
  step="rolling back"
  say "new problems after the upgrade: $added; rolling back to :$tag"
  exit 1
fi

verified=yes
rm -f "$record"
say "upgraded; now: ${after:-no problems}; the previous images are kept as :$tag"
# The untagged images of this build, rollback images beyond the last two, then build cache not used since the
# older of the two kept; and backups past their retention, now that this one is not needed to go back.
docker image ls -q --filter dangling=true --filter "label=com.docker.compose.project=$project" |
  while read -r id; do docker image rm "$id" >/dev/null 2>&1 || true; done
for image in $images; do
  docker image ls --format '{{.Tag}}' "${image%:*}" | grep '^rollback-' | sort -r | tail -n +3 |
    while read -r old; do docker image rm "${image%:*}:$old" >/dev/null 2>&1 || true; done
done
oldest=$(for image in $images; do docker image ls --format '{{.Tag}}' "${image%:*}"; done | grep '^rollback-' | sort -ru | sed -n 2p)
if [ -n "$prune_cache" ] && [ -n "$oldest" ]; then
  since=$(echo "$oldest" | sed 's/^rollback-\(....\)\(..\)\(..\)-\(..\)\(..\)\(..\)$/\1-\2-\3 \4:\5:\6/')
  hours=$((($(date -u +%s) - $(date -u -d "$since" +%s)) / 3600 + 1))
  docker builder prune -f --filter "until=${hours}h" >&2
fi
docker/backup.sh prune ${backup_dir:+"$backup_dir"}
exit 0
