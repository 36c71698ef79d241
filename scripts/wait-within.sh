# shellcheck shell=bash
# The one way scripts/ and .ci/run wait for a background job: with a deadline. Sourced, never
# run. `.ci/run` fails when a script calls bash's `wait` anywhere else.
#
#   wait_within SECONDS PID [WHAT]
#       waits for the background job PID (a child of this shell) for at most SECONDS. Past
#       them, the job is ended with its process group if it leads one (TERM, then KILL two
#       seconds later), WHAT is named on standard error, and the status is 124 (as timeout's).
#       Otherwise the status is the job's own.

wait_within() {
  local seconds=$1 pid=$2 what=${3:-the job} until
  until=$((SECONDS + seconds))
  while kill -0 "$pid" 2>/dev/null; do
    if [ "$SECONDS" -ge "$until" ]; then
      echo "$what (pid $pid) did not end within $seconds s: ended" >&2
      kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
      sleep 2
      kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null || true
      wait "$pid" 2>/dev/null || true
      return 124
    fi
    sleep 0.2
  done
  # It has ended: its status, at once.
  wait "$pid"
}
