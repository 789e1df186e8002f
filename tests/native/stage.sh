#!/usr/bin/env bash
# The native stage of the test command (tests/run.sh runs it after the build, beside the Compose stage): the tests
# of the build beside the mailer's PHPUnit tests, then the native stack (Debian 12's nginx + PHP-FPM, MailDev, the
# deliverer on 127.0.0.1) with the end-to-end suite against it. Exits non-zero on the first failing step.
set -euo pipefail
cd "$(dirname "$0")/../.."
source tests/stages.sh
site="http://127.0.0.1:$NGINX_PORT"
mail_api="http://127.0.0.1:$MAIL_UI_PORT"

stop_services() {
  node -e 'import("./tests/native/services.mjs").then(async (s) => { for (const n of ["web","php","catcher","deliverer"]) await s.stopService(n).catch(() => {}); s.releaseWorkerRoot() })' || true
}

stage "testy zbudowanej strony i konfiguracji (Vitest: nginx, walidator HTML) obok mailera (PHPUnit, prawdziwe SMTP)"
# PHPUnit mostly waits (on SMTP, on the deliverer's processes, on time); Vitest here runs one file at a time (one
# worker on two cores), whose builds and validator take the cores in bursts: side by side they share the wait.
# PHPUnit starts its own MailDevs on free loopback ports; the stack's catcher is proven by the end-to-end tests.
mkdir -p .stack && (cd mailer && php vendor/bin/phpunit) >.stack/phpunit.log 2>&1 &
phpunit_pid=$!
build_status=0
npx vitest run tests/built/ tests/integration/ || build_status=$?
phpunit_status=0
wait "$phpunit_pid" || phpunit_status=$?
echo "== mailer (PHPUnit):" && cat .stack/phpunit.log
[ "$build_status" = 0 ] || exit "$build_status"
[ "$phpunit_status" = 0 ] || exit "$phpunit_status"

stage "stos natywny"
mkdir -p .stack && node tests/native/stack.mjs >.stack/stack-run.log 2>&1 &
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

stage "end-to-end (Playwright, Chromium z Debiana)"
SITE_URL="$site" MAIL_API="$mail_api" npx playwright test -c tests/playwright.config.ts
stage ""
