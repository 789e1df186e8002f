#!/bin/sh
# The TLS front's entrypoint: writes /run/caddy/Caddyfile from the environment, then runs the command (Caddy).
#   SITE_DOMAIN      the names to serve, separated by spaces or commas; the first is canonical, the others redirect
#                    to it (308, path and query kept)
#   ACME_EMAIL       the ACME account's contact address (the CA's notices; Let's Encrypt sends no expiry warnings:
#                    the front's health check and an external monitor watch expiry, docs/operating.md)
#   ACME_CA          the ACME directory; empty: Let's Encrypt (staging: https://acme-staging-v02.api.letsencrypt.org/directory)
#   ACME_CA_ROOT     a PEM file in the container whose CA the directory's own HTTPS certificate is checked against,
#                    for a private ACME server; used only when the file is not empty
#   CERT_LIFETIME    a certificate lifetime to ask the CA for (a Caddy duration, e.g. 720h), for a CA that allows
#                    choosing it; empty: the CA's own (Let's Encrypt does not take one). The test run asks Pebble for
#                    short-lived certificates with it
#   TRUSTED_PROXIES  address ranges of a proxy in front of Caddy (a CDN, a load balancer) whose X-Forwarded-For is
#                    believed; empty: none, the address Caddy sees is the visitor's
#   WEB_SOCKET       nginx's unix socket (the volume web and the front share)
# Outside the image (`npm run bench -- --https` runs the same front natively): CADDYFILE, where to write it, and
# HTTP_PORT, HTTPS_PORT, the ports to listen on instead of 80 and 443.
set -eu

domains=$(echo "$SITE_DOMAIN" | tr ',' ' ' | xargs)
canonical=${domains%% *}
aliases=""
[ "$canonical" = "$domains" ] || aliases=${domains#* }
case "$canonical" in
  ""|*/*|*:*) echo "salon-front: SITE_DOMAIN must list host names (aurea-salon.pl www.aurea-salon.pl), got '$SITE_DOMAIN'" >&2; exit 1 ;;
esac

conf=${CADDYFILE:-/run/caddy/Caddyfile}
mkdir -p "$(dirname "$conf")"
{
  echo "{"
  echo "	admin off"
  # Caddy's own CA (names like localhost) is never put into a system trust store.
  echo "	skip_install_trust"
  [ -z "${HTTP_PORT:-}" ] || echo "	http_port $HTTP_PORT"
  [ -z "${HTTPS_PORT:-}" ] || echo "	https_port $HTTPS_PORT"
  [ -z "$ACME_EMAIL" ] || echo "	email $ACME_EMAIL"
  [ -z "$ACME_CA" ] || echo "	acme_ca $ACME_CA"
  [ ! -s "$ACME_CA_ROOT" ] || echo "	acme_ca_root $ACME_CA_ROOT"
  [ -z "${CERT_LIFETIME:-}" ] || echo "	cert_lifetime $CERT_LIFETIME"
  # Caddy logs no access log here; what it does log (a failed request to nginx, for one) comes with the request:
  # the visitor's address, port and headers. Those are dropped, so Docker's log of the front (bounded by size only)
  # holds no visitor's data; nginx's own logs, kept 14 days, are where visitors are (docs/operating.md, "Logs").
  echo "	log {"
  echo "		format filter {"
  echo "			request delete"
  echo "		}"
  echo "	}"
  echo "	servers {"
  echo "		protocols h1 h2 h3"
  echo "	}"
  echo "}"
  echo
  echo "(hsts) {"
  # A year; no includeSubDomains: the salon's other names are not ours to decide for.
  echo "	header Strict-Transport-Security \"max-age=31536000\""
  echo "}"
  echo
  echo "$canonical {"
  echo "	import hsts"
  # No `encode`: nginx sends the build's precompressed .br or .gz (the client's Accept-Encoding passes through
  # reverse_proxy untouched, as does nginx's Content-Encoding and Vary); Caddy compressing again would only cost CPU.
  echo "	reverse_proxy unix/$WEB_SOCKET {"
  [ -z "$TRUSTED_PROXIES" ] || echo "		trusted_proxies $TRUSTED_PROXIES"
  # One Server header, Caddy's (without a version), in place of nginx's: Caddy 2.11 drops its own along with the
  # upstream's when the header is only deleted.
  echo "		header_down Server Caddy"
  echo "	}"
  echo "}"
  if [ -n "$aliases" ]; then
    echo
    echo "$(echo "$aliases" | sed 's/ /, /g') {"
    echo "	import hsts"
    echo "	redir https://$canonical{uri} 308"
    echo "}"
  fi
} >"$conf"

exec "$@"
