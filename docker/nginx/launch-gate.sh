#!/bin/sh
# The launch gate at start (production sets SALON_LAUNCH_GATE=1; render-templates.sh calls this before nginx): the
# site bundle's record of `npm run launch:check` (build/nginx/launch-check.txt, frontend/build/launchGate.ts) must
# list nothing, or the bundle must be a demonstration build (SALON_DEMO=1: noindex and a notice on every page).
# Otherwise the container stops here with the count and the first items, and nginx never serves the stand-ins.
set -eu
record=${1:?usage: launch-gate RECORD}
if [ ! -f "$record" ]; then
  echo "launch-gate: brak $record – zbuduj stronę ponownie (docker compose up -d --build)" >&2
  exit 1
fi
count=$(sed -n 's/^count=//p' "$record")
demo=$(sed -n 's/^demo=//p' "$record")
if [ "$count" = 0 ]; then
  exit 0
fi
if [ "$demo" = 1 ]; then
  echo "launch-gate: wdrożenie demonstracyjne (SALON_DEMO=1): $count pozycji launch:check, każda strona z noindex i informacją, że dane są przykładowe" >&2
  exit 0
fi
echo "launch-gate: publikacja wstrzymana – npm run launch:check wymienia $count pozycji do zastąpienia lub potwierdzenia, m.in.:" >&2
sed -n 's/^item=/  /p' "$record" >&2
echo "launch-gate: zastąp je i zbuduj stronę ponownie albo, dla wdrożenia demonstracyjnego, ustaw SALON_DEMO=1 w .env i uruchom docker compose up -d --build" >&2
exit 1
