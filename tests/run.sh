#!/usr/bin/env bash
# The one test command (README; its steps in docs/testing.md): checks its ports, installs what is missing, checks
# types and code style (npm run check), runs the unit and component tests, builds the site and runs the tests of the
# build, starts the native stack (Debian 12's nginx + PHP-FPM, MailDev, the deliverer on 127.0.0.1) and runs the
# mailer's and the end-to-end tests against it, then the Compose stage (tests/compose/run.sh): the images on Debian 13,
# production over HTTPS and the local configuration, each with its part of the suite. Exits non-zero on the first
# failing stage; the last lines say what ran and what was a stand-in.
set -euo pipefail
cd "$(dirname "$0")/.."

# Ports can be moved (e.g. to run beside a stack that is already up); unset, they are docker/defaults.env's, as
# tests/native/config.mjs reads them.
default_of() { sed -n "s/^$1=//p" docker/defaults.env; }
export NGINX_PORT="${NGINX_PORT:-$(default_of NGINX_PORT)}" MAIL_UI_PORT="${MAIL_UI_PORT:-$(default_of MAIL_UI_PORT)}" \
  SMTP_PORT="${SMTP_PORT:-$(default_of SMTP_PORT)}" PHP_FPM_PORT="${PHP_FPM_PORT:-$(default_of PHP_FPM_PORT)}"
# The end-to-end tests post from many loopback addresses (tests/mailer/http.ts), each under the real per-client
# limit; the site-wide limit would stop them, as it is meant to stop a host rotating addresses. Lifted here; the
# limit itself is tested against nginx in tests/integration/stack-config.test.ts.
export CONTACT_SITE_RATE_LIMIT="${CONTACT_SITE_RATE_LIMIT:-10000r/s}"
site="http://127.0.0.1:$NGINX_PORT"
mail_api="http://127.0.0.1:$MAIL_UI_PORT"

# First, in a second: what an earlier or interrupted run of this checkout left running is stopped by the process
# ids it recorded (the fault tests restart the catcher and PHP-FPM outside the stack); any other program on a port
# the stack needs — a developer's own nginx, another checkout's stack — is named and left alone, and the run stops.
stop_services() {
  node -e 'import("./tests/native/services.mjs").then(async (s) => { for (const n of ["web","php","catcher","deliverer"]) await s.stopService(n).catch(() => {}); s.releaseWorkerRoot() })' || true
}
node tests/native/free-ports.mjs

# Each stage's start, with the minutes spent so far, and at the end the time of each: where a run's minutes go.
run_started=$(date +%s) stage_started=$(date +%s) stage_name="" stage_times=()
stage() {
  local now
  now=$(date +%s)
  [ -n "$stage_name" ] && stage_times+=("$stage_name $((now - stage_started)) s")
  stage_name=$1 stage_started=$now
  echo "== $1 (+$(((now - run_started) / 60)) min $(((now - run_started) % 60)) s)"
}

bash tests/install.sh
# The Node that install.sh fetched, first on PATH for everything below (npm, the stack, Playwright).
source tests/node.sh

# First, so that a style or type error fails the run in about a minute (docs/code-style.md).
stage "typy i styl kodu (npm run check)"
npm run check

stage "testy jednostkowe i komponentów (Vitest, bez zbudowanej strony)"
npm run test:unit

stage "budowanie"
npm run build

stage "testy zbudowanej strony i konfiguracji (Vitest: nginx, walidator HTML)"
npx vitest run tests/build/ tests/integration/

stage "stos natywny"
mkdir -p .stack && node tests/native/stack.mjs > .stack/stack-run.log 2>&1 &
stack_pid=$!
cleanup() {
  kill -TERM "$stack_pid" 2>/dev/null || true
  wait "$stack_pid" 2>/dev/null || true
  # What the tests restarted themselves is not the stack's to stop.
  stop_services
}
trap cleanup EXIT
for _ in $(seq 1 120); do
  curl -fsS -o /dev/null "$site/" 2>/dev/null && break
  kill -0 "$stack_pid" 2>/dev/null || { cat .stack/stack-run.log; exit 1; }
  sleep 0.5
done
curl -fsS -o /dev/null "$site/" || { cat .stack/stack-run.log; exit 1; }

stage "mailer (PHPUnit, z prawdziwym SMTP)"
# MAIL_API: the stack's catcher (at SMTP_HOST:SMTP_PORT), which must then answer; without it the test starts its own.
(cd mailer && SMTP_HOST=127.0.0.1 MAIL_API="$mail_api" php vendor/bin/phpunit)

stage "end-to-end (Playwright, Chromium z Debiana)"
SITE_URL="$site" MAIL_API="$mail_api" npx playwright test -c tests/playwright.config.ts
cleanup
trap - EXIT

stage "stos Docker Compose"
compose_started=$(date +%s)
bash tests/compose/run.sh
stage "wynik"
echo "czas etapów: $(IFS=';'; echo "${stage_times[*]}" | sed 's/;/; /g'); razem $(($(date +%s) - run_started)) s"
echo "natywny stos (nginx $(nginx -v 2>&1 | sed 's/.*nginx\///'), PHP $(php -r 'echo PHP_VERSION;'), MailDev): zaliczone (Vitest, PHPUnit, Playwright)"
echo "Docker Compose: $(cat .stack/compose/result 2>/dev/null || echo 'brak wyniku') (etap: $(($(date +%s) - compose_started)) s)"
