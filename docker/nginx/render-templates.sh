#!/bin/sh
# The web image's entrypoint: renders /etc/salon/nginx-templates/*.template into $NGINX_CONF_DIR with the
# environment, then runs the command (nginx in the foreground). The same rule as the native stack's renderer
# (docker/native/services.mjs): every ${NAME} of a template must have a value, or the container stops here with
# the name instead of nginx starting with a hole in its configuration. nginx's own $variables have no braces and
# are left alone (envsubst is given the list of names).
set -eu

# Docker's embedded DNS (127.0.0.11 on a Compose network), or whatever the container was given.
if [ -z "${NGINX_RESOLVER:-}" ]; then
  NGINX_RESOLVER=$(awk '$1 == "nameserver" { print $2; exit }' /etc/resolv.conf 2>/dev/null || true)
  case "$NGINX_RESOLVER" in
    "") NGINX_RESOLVER=127.0.0.11 ;;
    *:*) NGINX_RESOLVER="[$NGINX_RESOLVER]" ;;
  esac
  export NGINX_RESOLVER
fi

# Settings left unset or empty take their defaults from docker/defaults.env (in the image /etc/salon/defaults.env),
# the one place they are written; salon-logs, started below, inherits them.
while IFS= read -r line; do
  case "$line" in [A-Z]*=*) ;; *) continue ;; esac
  name=${line%%=*}
  eval "current=\${$name:-}"
  [ -n "$current" ] || export "$name=${line#*=}"
done <"${SALON_DEFAULTS:-/etc/salon/defaults.env}"

mkdir -p "$NGINX_CONF_DIR" "$NGINX_TEMP_DIR"
for template in /etc/salon/nginx-templates/*.template; do
  names=$(grep -o '\${[A-Z_][A-Z0-9_]*}' "$template" | sort -u)
  for placeholder in $names; do
    name=${placeholder#??}
    name=${name%?}
    if ! env | grep -q "^$name="; then
      echo "render-templates: no value for \${$name} in $(basename "$template")" >&2
      exit 1
    fi
  done
  envsubst "$(echo $names)" <"$template" >"$NGINX_CONF_DIR/$(basename "$template" .template)"
done

# A socket left by an nginx that was killed lives on in its volume, and nginx will not bind over it.
case "$NGINX_LISTEN_SOCKET" in
  unix:*) rm -f "${NGINX_LISTEN_SOCKET#unix:}" ;;
esac

# nginx itself: keep its logs (they hold visitors' addresses) within their age and size (salon-logs.sh). Only
# when nginx is the command: `render-templates nginx -t` at build time starts nothing.
keep_logs=""
if [ "${1:-}" = nginx ]; then
  keep_logs=yes
  for arg in "$@"; do [ "$arg" != -t ] || keep_logs=""; done
fi
# Production serves no stand-in content (docker/nginx/launch-gate.sh).
if [ -n "$keep_logs" ] && [ "${SALON_LAUNCH_GATE:-}" = 1 ]; then
  launch-gate "$(dirname "$CSP_MAP_FILE")/launch-check.txt"
fi
[ -z "$keep_logs" ] || salon-logs --loop &

exec "$@"
