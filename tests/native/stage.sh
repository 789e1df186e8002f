#!/usr/bin/env bash
# The native stage of the test command (tests/run.sh runs it after the build, beside the Compose stage): the tests
# of the build, then the native stack (Debian 12's nginx + PHP-FPM, MailDev, the deliverer on 127.0.0.1) with the
# mailer's PHPUnit tests and the end-to-end suite against it. Exits non-zero on the first failing step.
set -euo pipefail
cd "$(dirname "$0")/../.."
source tests/stages.sh
site="http://127.0.0.1:$NGINX_PORT"
mail_api="http://127.0.0.1:$MAIL_UI_PORT"

stop_services() {
  node -e 'import("./tests/native/services.mjs").then(async (s) => { for (const n of ["web","php","catcher","deliverer"]) await s.stopService(n).catch(() => {}); s.releaseWorkerRoot() })' || true
}

stage "testy zbudowanej strony i konfiguracji (Vitest: nginx, walidator HTML)"
npx vitest run tests/build/ tests/integration/

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

stage "mailer (PHPUnit, z prawdziwym SMTP)"
# MAIL_API: the stack's catcher (at SMTP_HOST:SMTP_PORT), which must then answer; without it the test starts its own.
(cd mailer && SMTP_HOST=127.0.0.1 MAIL_API="$mail_api" php vendor/bin/phpunit)

stage "end-to-end (Playwright, Chromium z Debiana)"
SITE_URL="$site" MAIL_API="$mail_api" npx playwright test -c tests/playwright.config.ts
stage ""
