#!/usr/bin/env bash
# Installs everything the build and the tests need on a fresh Debian 12 machine (run as root): Debian's packages
# (nginx, PHP-FPM, Chromium, Java for the HTML checker, Composer; a Docker engine and debootstrap for the Compose
# stage, which fetches Compose v2 itself: tests/compose/run.sh), Node (tests/node.sh), the npm packages and the mailer's
# Composer packages.
# Safe to run again: it installs only what is missing, and never a second Docker beside one that is there.
set -euo pipefail
cd "$(dirname "$0")/.."

# strace: the mailer's durability test watches the outbox's fsync, flock and rename calls with it.
packages=(nginx libnginx-mod-http-brotli-static php8.2-fpm php8.2-cli php8.2-mbstring php8.2-xml php8.2-curl composer unzip chromium fonts-dejavu-core default-jre-headless libfcgi-bin iproute2 debootstrap strace openssl git)
# Docker: Debian's engine, unless one is there already.
docker info >/dev/null 2>&1 || command -v dockerd >/dev/null || packages+=(docker.io)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "apt: instaluję ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Node of the LTS line in .nvmrc, whatever Node the machine has (tests/node.sh); npm installs under it.
source tests/node.sh

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  # Not `npm ci`: the registry reachable here lacks other platforms' optional binaries (rollup, rolldown), which
  # npm ci insists on finding in the lock; npm install with the lock installs the same versions.
  npm install --no-audit --no-fund
fi

# From the lock (never `update`): the machine's global Composer config may say "lock": false, so composer.json's
# "config": {"lock": true} keeps it in use; a lock that no longer matches composer.json stops here.
if [ ! -f mailer/vendor/autoload.php ] || [ mailer/composer.lock -nt mailer/vendor/autoload.php ] || [ mailer/composer.json -nt mailer/vendor/autoload.php ]; then
  (cd mailer && COMPOSER_ALLOW_SUPERUSER=1 composer validate --no-check-publish --no-check-all --strict >/dev/null \
    && COMPOSER_ALLOW_SUPERUSER=1 composer install --no-interaction --no-progress)
fi

echo "Node: $(node -v) (npm $(npm -v)); Chromium: $(chromium --version 2>/dev/null || echo brak)"
