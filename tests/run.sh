#!/usr/bin/env bash
# The one test command (README; its steps in docs/testing.md): checks its ports, installs what is missing, checks
# types and code style (npm run check), runs the unit and component tests and builds the site; then the native stage
# (tests/native/stage.sh: the tests of the build, the native stack with the mailer's and the end-to-end tests) and
# the Compose stage (tests/compose/run.sh: the images on Debian 13, production over HTTPS and the local
# configuration, each with its part of the suite), side by side where they can be. Exits non-zero when a stage
# fails; the last lines say what ran, how long each stage took and what was a stand-in.
set -euo pipefail
cd "$(dirname "$0")/.."

# Ports can be moved (e.g. to run beside a stack that is already up); unset, they are docker/defaults.env's, as
# tests/native/config.mjs reads them.
default_of() { sed -n "s/^$1=//p" docker/defaults.env; }
export NGINX_PORT="${NGINX_PORT:-$(default_of NGINX_PORT)}" MAIL_UI_PORT="${MAIL_UI_PORT:-$(default_of MAIL_UI_PORT)}" \
  SMTP_PORT="${SMTP_PORT:-$(default_of SMTP_PORT)}" PHP_FPM_PORT="${PHP_FPM_PORT:-$(default_of PHP_FPM_PORT)}"
# The end-to-end tests post from many loopback addresses (tests/support/contactHttp.ts), each under the real per-client
# limit; the site-wide limit would stop them, as it is meant to stop a host rotating addresses. Lifted here; the
# limit itself is tested against nginx in tests/integration/stack-config.test.ts.
export CONTACT_SITE_RATE_LIMIT="${CONTACT_SITE_RATE_LIMIT:-10000r/s}"

# First, in a second: what an earlier or interrupted run of this checkout left running is stopped by the process
# ids it recorded (the fault tests restart the catcher and PHP-FPM outside the stack); any other program on a port
# the stack needs — a developer's own nginx, another checkout's stack — is named and left alone, and the run stops.
node tests/native/free-ports.mjs

mkdir -p .stack && rm -f .stack/stage-times .stack/native-done
source tests/stages.sh

bash tests/install.sh
# The Node that install.sh fetched, first on PATH for everything below (npm, the stack, Playwright).
source tests/node.sh

# First, before anything is built: types and code style (docs/code-style.md) beside the unit and component tests. The
# checks run one tool after another on one core; the tests take the other. Both read the image manifest, made first.
stage "typy i styl kodu (npm run check) obok testów jednostkowych i komponentów (Vitest)"
npm run images
npm run check >.stack/check.log 2>&1 &
check_pid=$!
unit_status=0
npm run test:unit || unit_status=$?
check_status=0
wait "$check_pid" || check_status=$?
echo "== npm run check:" && cat .stack/check.log
[ "$check_status" = 0 ] || { echo "npm run check: błąd (wyżej)" >&2; exit "$check_status"; }
[ "$unit_status" = 0 ] || exit "$unit_status"

stage "budowanie"
npm run build

# The Compose stage beside the native stage, when the native stage can have a network of its own: Chromium aborts a
# page load in flight when the host's interfaces change (ERR_NETWORK_CHANGED), and the Compose stage creates and
# removes containers all along; in a network namespace of its own (loopback only, all the native stage needs) the
# native stage sees none of that. Needs root (CI); elsewhere, or with TEST_PARALLEL=0, one after the other.
parallel=""
if [ "${TEST_PARALLEL:-1}" != 0 ] && [ "${COMPOSE_TESTS:-}" != 0 ] && [ "$(id -u)" = 0 ] && unshare --net true 2>/dev/null; then
  parallel=yes
fi
compose_log=.stack/compose-stage.log compose_pid=""
stop_compose() {
  # The Compose stage's own exit trap takes its projects down.
  [ -n "$compose_pid" ] && kill -TERM -- "-$compose_pid" 2>/dev/null && wait "$compose_pid" 2>/dev/null
  compose_pid=""
}
stage ""
if [ -n "$parallel" ]; then
  echo "== stos Docker Compose: w tle, obok etapu natywnego (dziennik: $compose_log; tu po jego końcu)"
  compose_started=$(date +%s)
  # The specs that edit content/ in the checkout wait for the native stage, whose tests read it, to be done.
  COMPOSE_CHECKOUT_FREE=.stack/native-done setsid bash tests/compose/run.sh >"$compose_log" 2>&1 &
  compose_pid=$!
  trap stop_compose EXIT
  unshare --net -- bash -c 'ip link set lo up && exec bash tests/native/stage.sh'
  touch .stack/native-done
  stage "stos Docker Compose (oczekiwanie na koniec)"
  compose_status=0
  wait "$compose_pid" || compose_status=$?
  compose_pid=""
  trap - EXIT
  cat "$compose_log"
  echo "stos Docker Compose w tle $(($(date +%s) - compose_started)) s" >>"$STAGE_TIMES"
  [ "$compose_status" = 0 ] || exit "$compose_status"
else
  bash tests/native/stage.sh
  stage "stos Docker Compose"
  compose_started=$(date +%s)
  bash tests/compose/run.sh
fi
stage ""
echo "== wynik (+$((($(date +%s) - RUN_STARTED) / 60)) min)"
echo "czas etapów: $(paste -sd';' "$STAGE_TIMES" | sed 's/;/; /g'); razem $(($(date +%s) - RUN_STARTED)) s"
echo "natywny stos (nginx $(nginx -v 2>&1 | sed 's/.*nginx\///'), PHP $(php -r 'echo PHP_VERSION;'), MailDev): zaliczone (Vitest, PHPUnit, Playwright)"
echo "Docker Compose: $(cat .stack/compose/result 2>/dev/null || echo 'brak wyniku') (etap: $(($(date +%s) - compose_started)) s)"
