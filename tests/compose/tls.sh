#!/usr/bin/env bash
# Throwaway TLS material for the test run's production (tests/compose/test.production.yaml), made fresh each run
# in the folder given (git-ignored .stack/compose/tls):
#   test-ca.pem           a test CA, trusted by the php image's test layer (system store) and by Caddy for Pebble
#   pebble/               Pebble's HTTPS certificate (name "pebble") and its config.json
#   relay/                the test relay's certificate (name "relay")
#   smtp_pass             the relay login's password, as an operator writes it: readable by uid 33 alone
# Prints the password's variable for the caller: TEST_RELAY_PASS=…
#   bash tests/compose/tls.sh DIR
set -euo pipefail
dir="${1:?usage: tls.sh DIR}"
rm -rf "$dir"
mkdir -p "$dir/pebble" "$dir/relay"
chmod 755 "$dir" "$dir/pebble" "$dir/relay"
cd "$dir"

ec=(-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes)
openssl req -x509 "${ec[@]}" -days 2 -subj "/CN=Salon test CA (throwaway)" -keyout ca.key -out test-ca.pem \
  -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" 2>/dev/null

leaf() { # NAME DIR
  openssl req "${ec[@]}" -subj "/CN=$1" -keyout "$2/$1.key" -out "$2/$1.csr" 2>/dev/null
  printf 'subjectAltName=DNS:%s\nextendedKeyUsage=serverAuth\nbasicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\n' "$1" >"$2/$1.ext"
  openssl x509 -req -in "$2/$1.csr" -CA test-ca.pem -CAkey ca.key -CAcreateserial -days 2 -extfile "$2/$1.ext" \
    -out "$2/$1.pem" 2>/dev/null
  rm -f "$2/$1.csr" "$2/$1.ext"
  # Read by the containers' own users (nobody, maildev); nothing here protects anything real.
  chmod 644 "$2/$1.pem" "$2/$1.key"
}
leaf pebble pebble
leaf relay relay
rm -f ca.key test-ca.srl
chmod 644 test-ca.pem

# Pebble validates for real (PEBBLE_VA_ALWAYS_VALID=0 in tests/compose/test.production.yaml): HTTP-01 at port 80
# of the names, which Docker's DNS gives the front. TLS-ALPN-01 is sent to port 1, where nothing listens, so Caddy
# (which picks a challenge type at random) can only get its certificate through the HTTP-01 path on port 80.
# Certificates of 90 days, as Let's Encrypt's (Pebble's own default is 5 years); Pebble answers ACME Renewal
# Information (ARI) for them, and issues a shorter one when the order asks (the front's CERT_LIFETIME).
cat >pebble/config.json <<'JSON'
{
  "pebble": {
    "listenAddress": "0.0.0.0:14000",
    "managementListenAddress": "0.0.0.0:15000",
    "certificate": "/etc/pebble/pebble.pem",
    "privateKey": "/etc/pebble/pebble.key",
    "httpPort": 80,
    "tlsPort": 1,
    "ocspResponderURL": "",
    "externalAccountBindingRequired": false,
    "certificateValidityPeriod": 7776000
  }
}
JSON
chmod 644 pebble/config.json

pass="relay-$(openssl rand -hex 12)"
printf '%s\n' "$pass" >smtp_pass
chown 33:33 smtp_pass
chmod 0400 smtp_pass
echo "TEST_RELAY_PASS=$pass"
