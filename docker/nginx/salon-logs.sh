#!/bin/sh
# Keeps nginx's logs in the web image within an age and a size. They hold visitors' IP addresses (personal data),
# and the privacy policy (/polityka-prywatnosci) says how long: LOG_RETENTION_DAYS (docker/defaults.env).
#
# nginx writes access.log and error.log in the log folder (NGINX_ACCESS_LOG's). Once a day the two are renamed to
# access-YYYY-MM-DD.log and error-YYYY-MM-DD.log (the day their lines are from) and nginx is told to reopen its
# logs (SIGUSR1). A day's files are deleted LOG_RETENTION_DAYS days after that day; and while all the logs
# together are over LOG_MAX_MB megabytes, the oldest day goes first (today's files are emptied last of all).
#
#   salon-logs --check           exit 2 naming a setting that is not usable (the entrypoint runs it before nginx
#                                starts: a wrong setting stops the container, never this helper alone)
#   salon-logs --loop            what the entrypoint starts beside nginx: a look every 10 minutes; its pid is in
#                                salon-logs.pid beside nginx's, which the image's health check asks after
#   salon-logs --once [--today YYYY-MM-DD]   one look now (as if it were that day), then exit
#
# By hand: docker compose exec web salon-logs --once      (the tests run it with an invented day and size)
set -eu

# The longest LOG_RETENTION_DAYS; the defaults (unset or empty) come from docker/defaults.env, as the entrypoint's do.
max_days=14
defaults="${SALON_DEFAULTS:-/etc/salon/defaults.env}"
days="${LOG_RETENTION_DAYS:-$(sed -n 's/^LOG_RETENTION_DAYS=//p' "$defaults")}"
max_mb="${LOG_MAX_MB:-$(sed -n 's/^LOG_MAX_MB=//p' "$defaults")}"
case "$days" in [1-9] | [1-9][0-9]) [ "$days" -le "$max_days" ] ;; *) false ;; esac ||
  { echo "salon-logs: LOG_RETENTION_DAYS must be a number of days from 1 to $max_days, not '$days'" >&2; exit 2; }
case "$max_mb" in [1-9] | [1-9][0-9] | [1-9][0-9][0-9] | [1-9][0-9][0-9][0-9] | [1-9][0-9][0-9][0-9][0-9]) ;; *)
  echo "salon-logs: LOG_MAX_MB must be a number of megabytes from 1 to 99999, not '$max_mb'" >&2; exit 2 ;;
esac
dir=$(dirname "${NGINX_ACCESS_LOG:-/var/log/salon/access.log}")
stamp="$dir/.day"

mode="${1:---once}"
today=""
[ "${2:-}" = --today ] && today="${3:-}"

reopen() {
  pid=$(cat "${NGINX_PID:-/run/salon-nginx/nginx.pid}" 2>/dev/null || true)
  [ -z "$pid" ] || kill -USR1 "$pid" 2>/dev/null || true
}

look() {
  now="${today:-$(date +%F)}"
  [ -f "$stamp" ] || echo "$now" >"$stamp"
  day=$(cat "$stamp")
  # A new day: yesterday's lines get their day's name, nginx starts new files.
  if [ "$day" != "$now" ]; then
    for name in access error; do
      [ -s "$dir/$name.log" ] || continue
      if [ -e "$dir/$name-$day.log" ]; then
        cat "$dir/$name.log" >>"$dir/$name-$day.log" && : >"$dir/$name.log"
      else
        mv "$dir/$name.log" "$dir/$name-$day.log"
      fi
    done
    echo "$now" >"$stamp"
    reopen
  fi
  # Age: the day files of LOG_RETENTION_DAYS days ago and older.
  cutoff=$(date -d "$now -$days days" +%F)
  for file in "$dir"/access-*.log "$dir"/error-*.log; do
    [ -e "$file" ] || continue
    file_day=$(basename "$file" .log)
    file_day=${file_day#*-}
    if [ ! "$file_day" \> "$cutoff" ]; then
      rm -f "$file"
      echo "salon-logs: deleted $(basename "$file") (older than $days days)"
    fi
  done
  # Size: the oldest day first, today's lines last.
  while [ "$(du -sm "$dir" | cut -f1)" -gt "$max_mb" ]; do
    oldest=$(ls "$dir"/access-*.log "$dir"/error-*.log 2>/dev/null | sed 's/.*-\([0-9-]*\)\.log$/\1 &/' | sort | head -1 | cut -d' ' -f2)
    if [ -n "$oldest" ]; then
      rm -f "$oldest"
      echo "salon-logs: deleted $(basename "$oldest") (logs over $max_mb MB)"
    else
      : >"$dir/access.log"
      : >"$dir/error.log"
      echo "salon-logs: emptied today's logs (over $max_mb MB)"
      break
    fi
  done
}

case "$mode" in
  --check) ;;
  --once) look ;;
  --loop)
    echo $$ >"$(dirname "${NGINX_PID:-/run/salon-nginx/nginx.pid}")/salon-logs.pid"
    while :; do
      look || echo "salon-logs: look failed" >&2
      sleep 600
    done
    ;;
  *) echo "usage: salon-logs --check | --loop | --once [--today YYYY-MM-DD]" >&2; exit 2 ;;
esac
