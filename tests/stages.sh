# Sourced by tests/run.sh and tests/native/stage.sh: each stage's header with the minutes since the run started, and
# each stage's time appended to $STAGE_TIMES for the run's closing line (the native stage runs in a process of its
# own, beside the Compose stage).
: "${RUN_STARTED:=$(date +%s)}" "${STAGE_TIMES:=$PWD/.stack/stage-times}"
export RUN_STARTED STAGE_TIMES
mkdir -p "$(dirname "$STAGE_TIMES")"
stage_name="" stage_started=$(date +%s)
# stage NAME: ends the stage under way (its time recorded) and starts NAME; `stage ""` only ends it.
stage() {
  local now
  now=$(date +%s)
  [ -n "$stage_name" ] && echo "$stage_name $((now - stage_started)) s" >>"$STAGE_TIMES"
  stage_name=$1 stage_started=$now
  [ -z "$1" ] || echo "== $1 (+$(((now - RUN_STARTED) / 60)) min $(((now - RUN_STARTED) % 60)) s)"
}
