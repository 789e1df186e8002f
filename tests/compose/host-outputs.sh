#!/usr/bin/env bash
# The outputs of the images' build stages, made on the host for machines that can reach the npm registry and
# Packagist but no container registry (the node and composer images cannot be pulled there). Each is made the
# way its stage makes it, from the same inputs; tests/compose/stand-ins.Dockerfile copies them from build/:
#   build/client, build/nginx          npm run build                       (docker/nginx/Dockerfile, site-build)
#   build/demo/client, build/demo/nginx SALON_DEMO=1 npm run build        (the same, for the production stage's
#                                                                          demonstration: frontend/build/launchGate.ts)
#   build/docker/mailer-vendor         composer install --no-dev …         (docker/php/Dockerfile, vendor-build)
#   build/docker/catcher/node_modules  npm ci --omit=dev in tests/catcher (the MailHog stand-in and test relay)
# Each is remade only when its inputs changed (a stamp of their hash beside it).
set -euo pipefail
cd "$(dirname "$0")/../.."
out=build/docker

stamp_of() { cat "$@" | sha256sum | cut -c1-16; }

# First: `npm run build` empties build/. A bundle without the records the web image reads at start (the launch
# check's, the privacy texts' settings) or the moved pages' map predates them: made again.
[ -f build/client/index.html ] && [ -f build/nginx/csp-hashes.map ] && [ -f build/nginx/redirects.map ] &&
  [ -f build/nginx/launch-check.txt ] && [ -f build/nginx/privacy-settings.txt ] || npm run build
# The demonstration bundle production runs with stand-ins (SALON_DEMO=1), beside the one local runs; remade when
# older than that one.
if [ ! build/demo/nginx/launch-check.txt -nt build/client/index.html ]; then
  SITE_BUILD_DIR=build/demo SALON_DEMO=1 npm run build
fi
mkdir -p "$out"

# Composer: composer.json, its lock and the classes the authoritative class map lists.
mapfile -t mailer_inputs < <(find mailer/composer.json mailer/composer.lock mailer/src -type f | sort)
stamp=$(stamp_of "${mailer_inputs[@]}")
if [ "$(cat "$out/mailer-vendor.stamp" 2>/dev/null)" != "$stamp" ]; then
  work=$(mktemp -d)
  cp -r mailer/composer.json mailer/composer.lock mailer/src "$work/"
  (cd "$work" && COMPOSER_ALLOW_SUPERUSER=1 composer install --no-dev --no-interaction --no-progress --prefer-dist \
    --no-scripts --no-autoloader --quiet && COMPOSER_ALLOW_SUPERUSER=1 composer dump-autoload --no-dev \
    --classmap-authoritative --no-scripts --quiet)
  rm -rf "$out/mailer-vendor"
  mv "$work/vendor" "$out/mailer-vendor"
  rm -rf "$work"
  echo "$stamp" >"$out/mailer-vendor.stamp"
  echo "host-outputs: $out/mailer-vendor ($(du -sh "$out/mailer-vendor" | cut -f1))"
fi

# MailDev for the catcher image.
stamp=$(stamp_of tests/catcher/package.json tests/catcher/package-lock.json)
if [ "$(cat "$out/catcher.stamp" 2>/dev/null)" != "$stamp" ]; then
  rm -rf "$out/catcher"
  mkdir -p "$out/catcher"
  cp tests/catcher/package.json tests/catcher/package-lock.json "$out/catcher/"
  (cd "$out/catcher" && npm ci --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error)
  echo "$stamp" >"$out/catcher.stamp"
  echo "host-outputs: $out/catcher/node_modules ($(du -sh "$out/catcher/node_modules" | cut -f1))"
fi
