#!/usr/bin/env bash
# The Compose stage of the test command (tests/run.sh runs it after the native stage): builds the three images
# from docker-compose.yml and their Dockerfiles, brings the stack up as `docker compose up --build` does, runs the
# end-to-end suite against it (STACK=compose) and the operations tests (tests/e2e/compose-ops.spec.ts), then takes
# everything down again, the Docker engine included if this script started it.
#
# Where a registry can be reached (a forge's CI runner, a developer's machine), every image is the upstream one.
# Where none can (the project's test machines), the missing ones are substituted, each named in the output and in
# README ("Substitutes in the test run"): debian:bookworm-slim is built by docker/base/debian-bookworm-slim.sh,
# and the three build stages (site bundle, Composer packages, MailDev's node_modules) take their output from the
# host (tests/compose/host-outputs.sh). The runtime stages, the compose file and the configuration are the ones
# users run.
#
# Writes its verdict to .stack/compose/result (tests/run.sh prints it as the closing line):
#   passed … / skipped: <why>. A failure exits non-zero.
# Env: COMPOSE_WEB_PORT (18080), COMPOSE_MAIL_UI_PORT (18025): ports on 127.0.0.1, not the defaults, on purpose:
# a changed WEB_PORT must just work.
set -euo pipefail
cd "$(dirname "$0")/../.."

state=.stack/compose
mkdir -p "$state"
rm -f "$state/result"
result() { echo "$1" >"$state/result"; }
started=$(date +%s)
step() { echo "== compose: $* (+$(($(date +%s) - started)) s)"; }

# --- can this machine run it at all? --------------------------------------------------------------------------
if [ "${COMPOSE_TESTS:-}" = "0" ]; then
  result "skipped: COMPOSE_TESTS=0"
  exit 0
fi
# --- the engine: the running one, or one this script starts (and stops again) ----------------------------------
# Skipped only where an engine cannot be had at all; on Debian as root tests/install.sh has installed one, and an
# engine that does not start there fails the test command.
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
  dockerd >"$state/dockerd.log" 2>&1 &
  engine_pid=$!
  for _ in $(seq 1 60); do
    docker info >/dev/null 2>&1 && break
    kill -0 "$engine_pid" 2>/dev/null || break
    sleep 0.5
  done
  docker info >/dev/null 2>&1 || { echo "compose: dockerd did not start:" >&2; tail -20 "$state/dockerd.log" >&2; exit 1; }
fi

# BuildKit builds only the stages the final one needs (so an unreachable node image is never pulled when the
# host's bundle is used). Docker 23+ needs the buildx plugin for it; a 20.10 CLI (Debian's docker.io) has it
# built in. Compose v1 hands builds to that CLI with COMPOSE_DOCKER_CLI_BUILD=1.
export DOCKER_BUILDKIT=1 COMPOSE_DOCKER_CLI_BUILD=1
if ! docker buildx version >/dev/null 2>&1; then
  for cli in /usr/bin/docker /usr/local/bin/docker; do
    [ -x "$cli" ] || continue
    version=$("$cli" version --format '{{.Client.Version}}' 2>/dev/null || true)
    if [ -n "$version" ] && [ "${version%%.*}" -lt 23 ]; then
      mkdir -p "$state/bin"
      ln -sf "$cli" "$state/bin/docker"
      export PATH="$PWD/$state/bin:$PATH"
      break
    fi
  done
fi

if docker compose version >/dev/null 2>&1; then
  compose_cmd="docker compose"
elif command -v docker-compose >/dev/null; then
  compose_cmd="docker-compose"
else
  echo "compose: neither 'docker compose' nor docker-compose" >&2
  exit 1
fi
export COMPOSE_CMD="$compose_cmd"
export COMPOSE_PROJECT_NAME=salon-test
export WEB_BIND=127.0.0.1 WEB_PORT="${COMPOSE_WEB_PORT:-18080}" MAIL_UI_PORT="${COMPOSE_MAIL_UI_PORT:-18025}"
# Retries after 2 s, 4 s, 8 s… instead of a minute, so the fault tests see the deliverer service catch up.
export OUTBOX_RETRY_SECONDS=2 OUTBOX_POLL_SECONDS=1
# The tests post as many clients (X-Forwarded-For), each under the real per-client limit; the site-wide limit, which
# exists to stop exactly that, is lifted (as in tests/run.sh).
export CONTACT_SITE_RATE_LIMIT="${CONTACT_SITE_RATE_LIMIT:-10000r/s}"
site="http://127.0.0.1:$WEB_PORT"
mail_api="http://127.0.0.1:$MAIL_UI_PORT"
compose() { $compose_cmd "$@"; }

finish() {
  local code=$?
  set +e
  compose logs --no-color --timestamps >"$state/compose.log" 2>&1
  if [ "$code" != 0 ]; then
    echo "compose: the containers' last log lines ($state/compose.log):" >&2
    tail -40 "$state/compose.log" >&2
  fi
  local before
  before=$(date +%s%N)
  compose down --volumes --remove-orphans >/dev/null 2>&1
  echo "compose: down in $(( ($(date +%s%N) - before) / 1000000 )) ms"
  if [ -n "$engine_pid" ]; then
    kill -TERM "$engine_pid" 2>/dev/null
    wait "$engine_pid" 2>/dev/null
    echo "compose: dockerd stopped (this run had started it)"
  fi
  exit "$code"
}
trap finish EXIT
echo "compose: $($compose_cmd version 2>/dev/null | head -1); engine $(docker version --format '{{.Server.Version}}')"
compose down --volumes --remove-orphans >/dev/null 2>&1 || true

# --- images: upstream where they can be pulled, substitutes where not --------------------------------------------
have_image() { docker image inspect "$1" >/dev/null 2>&1 || timeout 120 docker pull -q "$1" >/dev/null 2>&1; }
substitutes=()
if ! have_image debian:bookworm-slim; then
  step "debian:bookworm-slim cannot be pulled: building it with debootstrap"
  bash docker/base/debian-bookworm-slim.sh debian:bookworm-slim
  substitutes+=("debian:bookworm-slim from debootstrap")
elif [ "$(docker image inspect -f '{{index .Config.Labels "salon.stand-in"}}' debian:bookworm-slim 2>/dev/null)" = debootstrap ]; then
  substitutes+=("debian:bookworm-slim from debootstrap (built by an earlier run)")
fi
export SITE_STAGE=site-build VENDOR_STAGE=vendor-build CATCHER_STAGE=catcher-build
if ! have_image node:26-slim || ! have_image composer:2; then
  step "node:26-slim or composer:2 cannot be pulled: the build stages' outputs come from the host"
  bash tests/compose/host-outputs.sh
  export SITE_STAGE=site-host VENDOR_STAGE=vendor-host CATCHER_STAGE=catcher-host
  substitutes+=("site bundle, mailer vendor/ and MailDev's node_modules built on the host")
fi

step "building the images"
compose build >"$state/build.log" 2>&1 || { tail -40 "$state/build.log" >&2; exit 1; }

# nginx believes X-Forwarded-For only from REAL_IP_FROM. Here the tests are the reverse proxy: Docker's published
# port hands every connection to nginx from the network's gateway, so the tests name their client in
# X-Forwarded-For (tests/mailer/http.ts), as a TLS proxy in front would, and the real rate limit applies per client.
compose up --no-start >/dev/null 2>&1
network=$(docker network ls -q --filter "label=com.docker.compose.project=$COMPOSE_PROJECT_NAME" | head -1)
[ -n "$network" ] || network="${COMPOSE_PROJECT_NAME}_default"
export REAL_IP_FROM
REAL_IP_FROM=$(docker network inspect -f '{{range .IPAM.Config}}{{.Gateway}}{{end}}' "$network")
[ -n "$REAL_IP_FROM" ] || { echo "compose: no gateway on network $network" >&2; exit 1; }

step "up (site on $site, mail UI on $mail_api, proxy address $REAL_IP_FROM)"
compose up -d
healthy=""
for _ in $(seq 1 120); do
  healthy=yes
  for id in $(compose ps -q); do
    [ "$(docker inspect -f '{{if .State.Health}}{{.State.Health.Status}}{{else}}none{{end}}' "$id")" = healthy ] || healthy=""
  done
  [ -n "$healthy" ] && break
  sleep 1
done
compose ps
[ -n "$healthy" ] || { echo "compose: not every service became healthy" >&2; exit 1; }
step "every service healthy"

step "end-to-end suite against the Compose stack"
STACK=compose DOCKER_HOST_CONTROL=1 SITE_URL="$site" MAIL_API="$mail_api" \
  npx playwright test -c tests/playwright.config.ts

summary="passed in $(($(date +%s) - started)) s"
((${#substitutes[@]})) && summary="$summary; substitutes: $(IFS=';'; echo "${substitutes[*]}" | sed 's/;/; /g')"
result "$summary"
