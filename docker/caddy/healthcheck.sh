#!/bin/sh
# The front's health check (docker/caddy/Dockerfile): healthy only while
#   1. the site answers over HTTPS under its canonical name (the first of SITE_DOMAIN), through Caddy and nginx,
#      with a success status (curl -f: a 502 from a missing nginx is a failure), and
#   2. the certificate Caddy serves for that name is for that name and valid for more than 14 days more.
# Caddy renews 30 days before expiry, or earlier when the CA's renewal information (ARI) says so: 14 days left means
# renewal has failed for two weeks (docs/operating.md, "Certificates", says what to do). The chain of trust is what
# browsers and an external monitor check; this check asks Caddy on its own address, not through DNS.
# HTTPS_PORT: the port Caddy listens on for HTTPS, if not 443 (as for the entrypoint).
set -eu
min_days=14

domains=$(echo "$SITE_DOMAIN" | tr ',' ' ' | xargs)
name=${domains%% *}
port=${HTTPS_PORT:-443}

curl -fsS -o /dev/null --max-time 3 -A salon-healthcheck -k --resolve "$name:$port:127.0.0.1" "https://$name:$port/"

pem=$(timeout 3 openssl s_client -connect "127.0.0.1:$port" -servername "$name" </dev/null 2>/dev/null |
  openssl x509 2>/dev/null) || {
  echo "salon-front-health: no certificate served for $name"
  exit 1
}
if ! echo "$pem" | openssl x509 -noout -checkhost "$name" | grep -q "does match"; then
  echo "salon-front-health: the certificate served is not for $name"
  exit 1
fi
until=$(echo "$pem" | openssl x509 -noout -enddate | sed 's/^notAfter=//')
if ! echo "$pem" | openssl x509 -noout -checkend $((min_days * 86400)) >/dev/null; then
  echo "salon-front-health: the certificate for $name expires $until, within $min_days days"
  exit 1
fi
echo "salon-front-health: $name answers over HTTPS; certificate valid until $until"
