#!/usr/bin/env bash
# The Compose stage of the test command (tests/run.sh runs it beside the native stage, or after it). It builds the
# images from the users' compose files and Dockerfiles, then brings up, one after the other:
#   1. production (docker-compose.yml + docker-compose.production.yml): first its launch gate, which refuses the stand-in content
#      the repository holds; then, as a demonstration (SALON_DEMO=1: noindex and a notice on every page), Caddy gets
#      its certificate from Pebble over ACME, the mail goes to a relay demanding STARTTLS and a login;
#      tests/e2e/production.spec.ts, demo.spec.ts and the HTTPS part of the end-to-end suite (every route, the form
#      and its mail, the headers) run over HTTPS;
#   2. local (docker-compose.yml + docker-compose.override.yml, what `docker compose up --build` runs): MailHog catches the
#      mail; the operations and fault tests (tests/e2e/compose-ops.spec.ts, operating.spec.ts), the confirmation
#      step with its daily summary, and the mailer's HTTP tests run against it.
# What the native stage proves runs here only where Compose changes it: each spec in one of the two configurations.
# Each under its own project name (never an operator's stack), each taken down again with its volumes.
#
# Where a registry can be reached (a forge's CI runner, a developer's machine), every image is the upstream one.
# Where none can (the project's test machines), what cannot be pulled is substituted and named in the closing line
# (docs/testing.md, "Substitutes"). Test-only changes live in tests/compose/*.yaml, never in the
# files users run.
#
# Writes its verdict to .stack/compose/result (tests/run.sh prints it as the closing line). A failure exits non-zero.
# Env (ports on 127.0.0.1, defaults not the stack's own, on purpose):
#   COMPOSE_WEB_PORT (18080), COMPOSE_MAIL_UI_PORT (18025)            local: the site, MailHog's UI and API
#   COMPOSE_HTTP_PORT (18081), COMPOSE_HTTPS_PORT (18443)             production: the front's 80 and 443
#   COMPOSE_RELAY_API_PORT (18026), COMPOSE_PEBBLE_PORT (18015)       production: the test relay's API, Pebble's
#   COMPOSE_TEST_PROJECT (salon-test)   prefix of the projects (-prod, -local) and of the test images
#   COMPOSE_STAGES ("production local") which of the two to run (while working on one of them)
#   COMPOSE_GREP                        only the tests whose title matches (Playwright's --grep)
#   COMPOSE_TESTS=0                     skip the stage
#   COMPOSE_CHECKOUT_FREE               a file: content-edits.spec.ts (it edits content/) waits until it exists
set -euo pipefail
cd "$(dirname "$0")/../.."

state=.stack/compose
mkdir -p "$state"
rm -f "$state/result"
result() { echo "$1" >"$state/result"; }
started=$(date +%s)
step() { echo "== compose: $* (+$(($(date +%s) - started)) s)"; }

if [ "${COMPOSE_TESTS:-}" = "0" ]; then
  result "skipped: COMPOSE_TESTS=0"
  exit 0
fi

# --- the engine: the running one, or one this script starts -------------------------------------------------------
engine_pid=""
if ! docker info >/dev/null 2>&1; then
  if [ "$(id -u)" != 0 ]; then
    result "skipped: no running Docker engine, and no privileges to start one"
    exit 0
  fi
  if ! command -v dockerd >/dev/null; then
    if [ -f /etc/debian_version ]; then
      echo "compose: no dockerd on this Debian machine (tests/install.sh installs docker.io)" >&2
      exit 1
    fi
    result "skipped: no Docker engine on this system"
    exit 0
  fi
  step "starting dockerd"
  setsid dockerd >"$state/dockerd.log" 2>&1 </dev/null &
  engine_pid=$!
  for _ in $(seq 1 60); do
    docker info >/dev/null 2>&1 && break
    kill -0 "$engine_pid" 2>/dev/null || break
    sleep 0.5
  done
  docker info >/dev/null 2>&1 || { echo "compose: dockerd did not start:" >&2; tail -20 "$state/dockerd.log" >&2; exit 1; }
fi

# --- Compose v2 and buildx -------------------------------------------------------------------------------------------
# The users' files are Compose v2's (top-level name:, !reset in the test files, additional features). Where the
# machine has no v2 (Debian 12 ships 1.29), Debian 13's docker-compose and docker-buildx packages are fetched from the
# same mirror and their static binaries used from this checkout's own Docker config folder (DOCKER_CONFIG): nothing is
# installed on the machine, no other user's `docker compose` changes.
compose_v2() { docker compose version --short 2>/dev/null | grep -q '^v\?2\.'; }
if ! compose_v2 || ! docker buildx version >/dev/null 2>&1; then
  step "Compose v2 and buildx from Debian 13 (trixie) into $state/docker-config"
  bash tests/compose/trixie-binaries.sh "$state/docker-config/cli-plugins" \
    docker-compose:/usr/libexec/docker/cli-plugins/docker-compose docker-buildx:/usr/libexec/docker/cli-plugins/docker-buildx
  # The machine's own settings (a registry login) stay readable beside the plugins.
  [ -f "${DOCKER_CONFIG:-$HOME/.docker}/config.json" ] && cp "${DOCKER_CONFIG:-$HOME/.docker}/config.json" "$state/docker-config/" 2>/dev/null || true
  export DOCKER_CONFIG="$PWD/$state/docker-config"
  compose_v2 || { echo "compose: no Compose v2 after all ($(docker compose version 2>&1))" >&2; exit 1; }
fi
export COMPOSE_CMD="docker compose"
compose() { docker compose "$@"; }

# --- what the stage runs with -----------------------------------------------------------------------------------------
prefix="${COMPOSE_TEST_PROJECT:-salon-test}"
export TEST_IMAGES="$prefix"
web_port="${COMPOSE_WEB_PORT:-18080}" mail_ui_port="${COMPOSE_MAIL_UI_PORT:-18025}"
export COMPOSE_HTTP_PORT="${COMPOSE_HTTP_PORT:-18081}" COMPOSE_HTTPS_PORT="${COMPOSE_HTTPS_PORT:-18443}"
export COMPOSE_RELAY_API_PORT="${COMPOSE_RELAY_API_PORT:-18026}" COMPOSE_PEBBLE_PORT="${COMPOSE_PEBBLE_PORT:-18015}"
# Retries after 2 s, 4 s, 8 s… instead of a minute, so the fault tests see the deliverer service catch up.
export OUTBOX_RETRY_SECONDS=2 OUTBOX_POLL_SECONDS=1
# SMTP away for 3 s is an outage for /health and the deliverer's health check, and the deliverer asks SMTP every 2 s
# when nothing is due (an operator's: 15 and 5 minutes), so the tests see /health follow the catcher or the relay.
export HEALTH_SMTP_DOWN_SECONDS=3 HEALTH_SMTP_PROBE_SECONDS=2
# The tests post as many clients (X-Forwarded-For), each under the real per-client limit; the site-wide limit, which
# exists to stop exactly that, is lifted (as in tests/run.sh).
export CONTACT_SITE_RATE_LIMIT="${CONTACT_SITE_RATE_LIMIT:-10000r/s}"
export TEST_PROXY_ADDRESS=""
# The front's network has IPv6 on (docker-compose.production.yml); a /64 of this run's own, so that runs of other
# checkouts on the same engine, and an operator's stack, never clash with it.
export EDGE_IPV6_SUBNET="fd5a:10e0:$(printf %x "$COMPOSE_HTTPS_PORT")::/64"
# Tests that leave the stack's own test files alone name the configuration they run against.
unset COMPOSE_FILE COMPOSE_PROJECT_NAME
# Compose reads the shell's environment before .env: the native stage's settings (tests/run.sh exports its ports,
# SMTP_PORT=1025 among them) would reach the users' files and send production's mail to port 1025 of the relay.
unset NGINX_PORT MAIL_UI_PORT SMTP_PORT PHP_FPM_PORT SITE_URL MAIL_API

projects=()
# A project's log into $state/PROJECT.log (its last lines printed when the run failed), then down with its volumes.
take_down() { # PROJECT CODE
  COMPOSE_PROJECT_NAME="$1" COMPOSE_FILE="$(project_files "$1")" compose logs --no-color --timestamps >"$state/$1.log" 2>&1
  if [ "$2" != 0 ]; then
    echo "compose: the last log lines of $1 ($state/$1.log):" >&2
    tail -30 "$state/$1.log" >&2
  fi
  COMPOSE_PROJECT_NAME="$1" COMPOSE_FILE="$(project_files "$1")" compose down --volumes --remove-orphans >/dev/null 2>&1
}
finish() {
  local code=$?
  set +e
  for project in "${projects[@]}"; do take_down "$project" "$code"; done
  # An engine this run started is stopped again, unless containers of others run on it meanwhile.
  if [ -n "$engine_pid" ]; then
    if [ -z "$(docker ps -q 2>/dev/null)" ]; then
      kill -TERM "$engine_pid" 2>/dev/null
      wait "$engine_pid" 2>/dev/null
      echo "compose: dockerd stopped (this run had started it)"
    else
      echo "compose: dockerd left running (this run started it, but other containers use it now)"
    fi
  fi
  exit "$code"
}
trap finish EXIT
# Stopped by tests/run.sh (the native stage failed beside it): the projects are taken down all the same.
trap 'exit 143' TERM INT
echo "compose: $(docker compose version); engine $(docker version --format '{{.Server.Version}}')"

# --- images: upstream where they can be pulled, substitutes where not --------------------------------------------
have_image() { docker image inspect "$1" >/dev/null 2>&1 || timeout 120 docker pull -q "$1" >/dev/null 2>&1; }
substitutes=()
if ! have_image debian:trixie-slim; then
  step "debian:trixie-slim cannot be pulled: building it with debootstrap"
  bash tests/compose/base/debian-slim.sh trixie debian:trixie-slim
  substitutes+=("debian:trixie-slim from debootstrap")
elif [ "$(docker image inspect -f '{{index .Config.Labels "salon.stand-in"}}' debian:trixie-slim 2>/dev/null)" = debootstrap ]; then
  substitutes+=("debian:trixie-slim from debootstrap (built by an earlier run)")
fi
extra=""
if ! have_image node:24-slim || ! have_image composer:2; then
  step "node:24-slim or composer:2 cannot be pulled: the build stages' outputs come from the host"
  bash tests/compose/host-outputs.sh
  docker build -q --target site -t "$TEST_IMAGES/stage-site:test" -f tests/compose/stand-ins.Dockerfile . >/dev/null
  docker build -q --target site-demo -t "$TEST_IMAGES/stage-site-demo:test" -f tests/compose/stand-ins.Dockerfile . >/dev/null
  export TEST_DEMO_SITE_STAGE="$TEST_IMAGES/stage-site-demo:test"
  docker build -q --target vendor -t "$TEST_IMAGES/stage-vendor:test" -f tests/compose/stand-ins.Dockerfile . >/dev/null
  extra=":tests/compose/host-outputs.yaml"
  substitutes+=("the site bundle and the mailer's vendor/ built on the host")
fi
local_files="docker-compose.yml:docker-compose.override.yml:tests/compose/test.yaml$extra"
# mailhog/mailhog is linux/amd64 only: it must be pullable and runnable here.
if ! have_image mailhog/mailhog:v1.0.1 || ! docker run --rm --platform linux/amd64 --entrypoint /bin/true mailhog/mailhog:v1.0.1 >/dev/null 2>&1; then
  local_files="$local_files:tests/compose/mailhog-stand-in.yaml"
  substitutes+=("mailhog/mailhog by MailDev 2.2.1 (tests/compose/stand-ins.Dockerfile)")
fi
prod_files="docker-compose.yml:docker-compose.production.yml:tests/compose/test.yaml$extra:tests/compose/test.production.yaml:tests/compose/demo.yaml"
# Production as the repository holds it, stand-ins and all, without the demonstration: what the launch gate refuses.
gated_files="docker-compose.yml:docker-compose.production.yml:tests/compose/test.yaml$extra"
# The MailHog stand-in, the test relay and Pebble need MailDev's node_modules.
[ -d build/docker/catcher/node_modules ] || bash tests/compose/host-outputs.sh
project_files() { case "$1" in *-prod) echo "$prod_files" ;; *) echo "$local_files" ;; esac; }

# The production settings an operator writes in .env, for the test names; the test relay's login and TLS material.
tls_dir="$PWD/$state/tls"
eval "export $(bash tests/compose/tls.sh "$tls_dir")"
export TEST_TLS_DIR="$tls_dir" ACME_CA_ROOT="$tls_dir/test-ca.pem"
export SITE_DOMAIN="salon.test www.salon.test" ACME_EMAIL="ops@salon.test"
export MAIL_FROM="strona@aurea-salon.example" MAIL_TO="kontakt@aurea-salon.example"
export SMTP_HOST=relay SMTP_USER="strona@aurea-salon.example"

step "building the images"
# Under each stage's own project name: Compose labels the images it builds with it, and an image built under another
# name is another image to docker/upgrade.sh (operating.spec.ts), which would then start a catcher stopped on purpose.
{
  COMPOSE_PROJECT_NAME="$prefix-local" COMPOSE_FILE="$local_files" compose build
  # The test CA goes into the php image's system store in a layer of its own (tests/compose/php-test-ca.Dockerfile).
  docker build -t "$TEST_IMAGES/php-test-ca:test" --build-arg "PHP_IMAGE=$TEST_IMAGES/php:test" \
    -f tests/compose/php-test-ca.Dockerfile "$tls_dir"
  SALON_DEMO=1 COMPOSE_PROJECT_NAME="$prefix-prod" COMPOSE_FILE="$prod_files" compose build
} >"$state/build.log" 2>&1 || { tail -40 "$state/build.log" >&2; exit 1; }

# The launch gate (frontend/build/launchGate.ts): production with the repository's stand-ins and no SALON_DEMO does
# not build — where the Dockerfile's own node stage builds the site — and does not start: the web service's
# entrypoint reads the bundle's record and stops, naming the count and the first items.
launch_gate() {
  if [ -z "$extra" ]; then
    step "production without SALON_DEMO: the build stops at the launch gate"
    if COMPOSE_PROJECT_NAME="$prefix-gated" COMPOSE_FILE="$gated_files" SALON_DEMO= compose build web >"$state/gated-build.log" 2>&1; then
      echo "compose: production built with stand-ins and no SALON_DEMO" >&2
      exit 1
    fi
    grep -q "Publikacja wstrzymana" "$state/gated-build.log" ||
      { echo "compose: the gated build failed, but not at the launch gate:" >&2; tail -20 "$state/gated-build.log" >&2; exit 1; }
  fi
  step "production without SALON_DEMO: the web service refuses to start with the stand-ins"
  local said status=0
  said=$(COMPOSE_PROJECT_NAME="$prefix-gated" COMPOSE_FILE="$gated_files" SALON_DEMO= compose run --rm --no-deps -T web 2>&1) || status=$?
  COMPOSE_PROJECT_NAME="$prefix-gated" COMPOSE_FILE="$gated_files" compose down --volumes --remove-orphans >/dev/null 2>&1 || true
  if [ "$status" = 0 ] || ! grep -q "publikacja wstrzymana – npm run launch:check wymienia [0-9]* pozycji" <<<"$said"; then
    echo "compose: production started with stand-ins (exit $status):" >&2
    echo "$said" | tail -20 >&2
    exit 1
  fi
  echo "$said" | grep "launch-gate" | head -2
}

# Up, with the tests as the proxy in front (TEST_PROXY_ADDRESS: the gateway of the network whose published port
# they connect through), and healthy.
up() { # PROJECT NETWORK
  export COMPOSE_PROJECT_NAME="$1" COMPOSE_FILE
  COMPOSE_FILE="$(project_files "$1")"
  projects+=("$1")
  compose down --volumes --remove-orphans >/dev/null 2>&1 || true
  compose up --no-start >/dev/null 2>&1
  TEST_PROXY_ADDRESS=$(docker network inspect -f '{{range .IPAM.Config}}{{.Gateway}} {{end}}' "$1_$2" |
    tr ' ' '\n' | grep -m1 '^[0-9][0-9.]*$' || true)
  [ -n "$TEST_PROXY_ADDRESS" ] || { echo "compose: no gateway on network $1_$2" >&2; exit 1; }
  compose up -d
  local healthy=""
  for _ in $(seq 1 120); do
    healthy=yes
    for id in $(compose ps -q); do
      case "$(docker inspect -f '{{if .State.Health}}{{.State.Health.Status}}{{else}}{{.State.Status}}{{end}}' "$id")" in
        healthy | running) ;;
        *) healthy="" ;;
      esac
    done
    [ -n "$healthy" ] && break
    sleep 1
  done
  compose ps --format 'table {{.Service}}\t{{.Image}}\t{{.Status}}\t{{.Ports}}'
  [ -n "$healthy" ] || { echo "compose: not every service of $1 became healthy" >&2; exit 1; }
}
count_tests() { grep -Eo '^ +[0-9]+ passed' "$1" | awk '{ n += $1 } END { print n + 0 }'; }
# Tests that create, stop or recreate containers change the host's network interfaces, and Chromium aborts a page
# load in flight when they change (ERR_NETWORK_CHANGED): those specs run first, one at a time, then the rest in
# parallel (which change no container). The serial specs come in groups separated by ";", run in that order (within
# a group Playwright orders the files by name): a group that recreates a container goes after one that reads its log.
playwright_in_turn() { # LOG SERIAL REST [LAST]
  local log=$1 serial=$2 rest=$3 last=${4:-} group groups
  : >"$log"
  IFS=';' read -ra groups <<<"$serial"
  for group in "${groups[@]}"; do
    playwright --workers=1 $group 2>&1 | tee -a "$log"
  done
  playwright $rest 2>&1 | tee -a "$log"
  [ -n "$last" ] || return 0
  # LAST edits the checkout's content/: not while the native stage, whose tests read it, still runs beside this one.
  if [ -n "${COMPOSE_CHECKOUT_FREE:-}" ] && [ ! -e "$COMPOSE_CHECKOUT_FREE" ]; then
    step "waiting for the native stage to finish before $last"
    while [ ! -e "$COMPOSE_CHECKOUT_FREE" ]; do sleep 2; done
  fi
  playwright $last 2>&1 | tee -a "$log"
}
# Its own output folder: the native stage's Playwright, which may run at the same time, empties test-results/.
playwright() {
  npx playwright test -c tests/playwright.config.ts --output "$state/test-results" \
    ${COMPOSE_GREP:+--grep "$COMPOSE_GREP"} --pass-with-no-tests "$@"
}

stages=" ${COMPOSE_STAGES:-production local} "
production_tests="not run" local_tests="not run"

# --- 1. production over HTTPS -----------------------------------------------------------------------------------------
if [[ "$stages" == *" production "* ]]; then
  launch_gate
  step "production (demonstration): up (https://salon.test:$COMPOSE_HTTPS_PORT, relay API on :$COMPOSE_RELAY_API_PORT)"
  SALON_DEMO=1 up "$prefix-prod" edge
  site="https://salon.test:$COMPOSE_HTTPS_PORT"
  # Pebble's root of this start (it changes every start), to verify what the front serves.
  for _ in $(seq 1 60); do
    curl -fsS --cacert "$tls_dir/test-ca.pem" --resolve "pebble:$COMPOSE_PEBBLE_PORT:127.0.0.1" \
      "https://pebble:$COMPOSE_PEBBLE_PORT/roots/0" -o "$tls_dir/pebble-root.pem" 2>/dev/null &&
      curl -fsS -o /dev/null --cacert "$tls_dir/pebble-root.pem" --resolve "salon.test:$COMPOSE_HTTPS_PORT:127.0.0.1" "$site/" 2>/dev/null && break
    sleep 1
  done
  curl -fsS -o /dev/null --cacert "$tls_dir/pebble-root.pem" --resolve "salon.test:$COMPOSE_HTTPS_PORT:127.0.0.1" "$site/" ||
    { echo "compose: the front serves no certificate from Pebble for salon.test" >&2; exit 1; }
  step "production: certificate from Pebble; end-to-end suite over HTTPS"
  STACK=compose COMPOSE_CONFIG=production COMPOSE_CATCHER_SERVICE=relay DOCKER_HOST_CONTROL=1 \
    SITE_URL="$site" TEST_HOSTS="salon.test www.salon.test" TEST_TLS_CA="$tls_dir/pebble-root.pem" \
    PEBBLE_API="https://pebble:$COMPOSE_PEBBLE_PORT" TEST_CA="$tls_dir/test-ca.pem" \
    MAIL_API="http://127.0.0.1:$COMPOSE_RELAY_API_PORT" \
    SALON_DEMO=1 playwright_in_turn "$state/production-e2e.log" "production.spec.ts contact.spec.ts; monitoring.spec.ts" "shell.spec.ts http.spec.ts demo.spec.ts languages.spec.ts"
  production_tests=$(count_tests "$state/production-e2e.log")
  # Done with: its containers and their health checks would take CPU from the rest of the run.
  take_down "$prefix-prod" 0
  projects=()
fi

# --- 2. local, as `docker compose up --build` ---------------------------------------------------------------------
if [[ "$stages" == *" local "* ]]; then
  # A summary "day" of 15 s: the summary of unconfirmed messages goes while confirmation.spec.ts waits for it.
  export WEB_BIND=127.0.0.1 WEB_PORT="$web_port" MAIL_UI_PORT="$mail_ui_port" HELD_DIGEST_DAY_SECONDS=15
  step "local: up (http://127.0.0.1:$WEB_PORT, MailHog on :$MAIL_UI_PORT)"
  up "$prefix-local" web
  step "local: operations, faults, the form, the mailer and content edits (a rebuild, never live) over HTTP"
  STACK=compose COMPOSE_CONFIG=local DOCKER_HOST_CONTROL=1 \
    SITE_URL="http://127.0.0.1:$WEB_PORT" MAIL_API="http://127.0.0.1:$MAIL_UI_PORT" \
    playwright_in_turn "$state/local-e2e.log" "compose-ops.spec.ts operating.spec.ts confirmation.spec.ts" "mailer-api.spec.ts" \
    "content-edits.spec.ts"
  local_tests=$(count_tests "$state/local-e2e.log")
fi

summary="passed in $(($(date +%s) - started)) s: production refused the stand-ins at its launch gate, then over HTTPS as a demonstration $production_tests tests (Caddy, certificate from Pebble, relay with STARTTLS and a login, noindex and the notice on every page), local $local_tests tests (MailHog, operations and faults)"
((${#substitutes[@]})) && summary="$summary; stand-ins: $(IFS=';'; echo "${substitutes[*]}" | sed 's/;/; /g')"
result "$summary"
