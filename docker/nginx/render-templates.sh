#!/bin/sh
# Renders nginx's templates (docker/nginx/templates/*.template: nginx.conf and the site) into $NGINX_CONF_DIR with
# the environment, then runs the command, if any (in the web image: nginx in the foreground). The one renderer of
# both stacks: the web image's entrypoint, and run without a command by the native stack (tests/native/services.mjs,
# with NGINX_TEMPLATES and SALON_DEFAULTS pointing into the checkout). Every ${NAME} of a template must have a value
# (an empty one counts), or it stops here with the name instead of nginx starting with a hole in its configuration;
# nginx's own $variables have no braces and are left alone. Plain sh and awk: nothing to install.
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

# A rate nginx would refuse with a message that does not name the setting.
for name in CONTACT_RATE_LIMIT CONTACT_SITE_RATE_LIMIT; do
  eval "value=\${$name:-}"
  case "$value" in
    *r/s) per=${value%r/s} ;;
    *r/m) per=${value%r/m} ;;
    *) per="" ;;
  esac
  case "$per" in
    "" | *[!0-9]* | 0*) echo "render-templates: $name must be a rate such as 10r/m or 5r/s, not '$value'" >&2; exit 2 ;;
  esac
done

mkdir -p "$NGINX_CONF_DIR" "$NGINX_TEMP_DIR"
for template in "${NGINX_TEMPLATES:-/etc/salon/nginx-templates}"/*.template; do
  out="$NGINX_CONF_DIR/$(basename "$template" .template)"
  awk -v template="$(basename "$template")" '
    {
      line = $0
      rendered = ""
      while (match(line, /\$\{[A-Z_][A-Z0-9_]*\}/)) {
        name = substr(line, RSTART + 2, RLENGTH - 3)
        if (!(name in ENVIRON)) {
          printf "render-templates: no value for ${%s} in %s\n", name, template > "/dev/stderr"
          exit 1
        }
        rendered = rendered substr(line, 1, RSTART - 1) ENVIRON[name]
        line = substr(line, RSTART + RLENGTH)
      }
      print rendered line
    }' "$template" >"$out.tmp" || { rm -f "$out.tmp"; exit 1; }
  mv "$out.tmp" "$out"
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
# The log keeper's settings are checked here, before nginx: a wrong one stops the container instead of leaving nginx
# running with logs that nobody deletes.
[ -z "$keep_logs" ] || salon-logs --check
# The privacy texts state some settings as the site was built with them (frontend/app/salon/privacySettings.ts): one
# changed since (in .env, without a rebuild) stops the container here, naming it, so no page states a number the
# stack does not keep to.
record="$(dirname "$CSP_MAP_FILE")/privacy-settings.txt"
if [ -n "$keep_logs" ] && [ -f "$record" ]; then
  while IFS='=' read -r name built; do
    eval "value=\${$name:-}"
    [ "$value" = "$built" ] || {
      echo "render-templates: $name=$value, a polityka prywatności tej strony podaje $built – zbuduj stronę ponownie: docker compose up -d --build" >&2
      exit 2
    }
  done <"$record"
fi
[ -z "$keep_logs" ] || salon-logs --loop &

exec "$@"
