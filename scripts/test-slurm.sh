#!/usr/bin/env bash
# Tests docs/scale.md's Slurm recipe on a one-node Slurm cluster made on this machine.
#
# Installs Debian's slurm-wlm, munge and jq if missing, writes a slurm.conf for this machine
# (its node line from `slurmd -C`), starts munged, slurmctld and slurmd by hand (no systemd;
# private socket, ports and directories, so a real Slurm on the machine is not touched), and
# submits the blocks that docs/scale.md marks `<!-- test-slurm: NAME -->`, as printed there,
# with 8 shards of a small run. Then:
#   1. the merged summary must equal the unsharded run in every field but `shard` and timing;
#   2. shard 3 fails on purpose: no results/shard-3.json, the merge job pends with
#      DependencyNeverSatisfied, `merge` refuses the gap; the doc's re-run block re-runs it,
#      and the new merge must again equal the unsharded run.
# The daemons it started are stopped by PID on exit, failure included. Everything lives in
# $BOARDGAME_SLURM_DIR (default /tmp/boardgame-slurm-test), emptied at the start, so the
# script can run again (daemons left by a killed run are stopped first); it must be new,
# empty, or one this script made before (scripts/own-dir.sh: anything else is refused,
# never emptied).
#
# The only changes to the doc's commands: the environment sets SHARDS and GAMES (which
# simulate.sbatch reads), `sbatch simulate.sbatch` gets --array=1-8 unless it names an array
# (the re-run block does), and each sbatch gets --cpus-per-task=1 (the doc's 8 would pend
# forever on a 2-CPU node, as the doc says). BOARDGAME_BIN names the binary to
# test; without it the script builds the debug CLI (the web step has built it already).
# PREPARE_ONLY=1: install the missing packages and stop (.ci/run does that in the background).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
doc=$repo/docs/scale.md
dir=${BOARDGAME_SLURM_DIR:-/tmp/boardgame-slurm-test}
shards=8
games=40000
port_ctld=16817
port_d=16818

start=$SECONDS
step_start=$SECONDS
step_name=""
step() {
  if [ -n "$step_name" ]; then
    printf '==> %-34s %4ds\n' "$step_name" "$((SECONDS - step_start))"
  fi
  step_name="$1"
  step_start=$SECONDS
  [ -z "$step_name" ] || printf '\n--> %s\n' "$step_name"
}
fail() {
  echo "test-slurm: FAILED: $*" >&2
  exit 1
}

# ---------------------------------------------------------------------------------------------
step "packages (slurm-wlm, munge, jq)"
missing=()
for tool in slurmctld:slurm-wlm slurmd:slurm-wlm sbatch:slurm-wlm munged:munge jq:jq; do
  command -v "${tool%%:*}" >/dev/null 2>&1 || missing+=("${tool#*:}")
done
if [ "${#missing[@]}" -gt 0 ]; then
  apt-get update -qq
  # sort -u: slurm-wlm once however many of its programs were missing.
  mapfile -t missing < <(printf '%s\n' "${missing[@]}" | sort -u)
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
slurmctld -V
if [ -n "${PREPARE_ONLY:-}" ]; then
  step ""
  exit 0
fi

step "boardgame binary"
if [ -z "${BOARDGAME_BIN:-}" ]; then
  cargo build -p boardgame-cli
  BOARDGAME_BIN="${CARGO_TARGET_DIR:-$repo/target}/debug/boardgame"
fi
bin=$(realpath "$BOARDGAME_BIN")
[ -x "$bin" ] || fail "$bin is not an executable"
"$bin" --version

# ---------------------------------------------------------------------------------------------
step "stop what a previous run left, start afresh"
# A run that was killed (so its trap did not run) may have left daemons: stop those, and only
# those (their command line names this directory's slurm.conf or munge socket).
if [ -d "$dir/pids" ]; then
  for daemon in slurmd slurmctld munged; do
    pidfile=$dir/pids/$daemon.pid
    [ -e "$pidfile" ] || continue
    pid=$(cat "$pidfile")
    if [ -r "/proc/$pid/cmdline" ] && tr '\0' ' ' <"/proc/$pid/cmdline" | grep -qF "$dir/"; then
      echo "stopping $daemon (pid $pid) left by an earlier run"
      kill "$pid" 2>/dev/null || true
      for _ in $(seq 50); do [ -d "/proc/$pid" ] || break; sleep 0.1; done
      kill -9 "$pid" 2>/dev/null || true
    fi
  done
fi
# shellcheck source=own-dir.sh
. "$repo/scripts/own-dir.sh"
own_dir "$dir"
mkdir -p "$dir"/{pids,state,spool,log,bin,run}
chmod 0755 "$dir" # munged wants every directory above its socket searchable by all
mkdir -m 0700 "$dir/munge"

started=()
stop_daemons() {
  local status=$?
  # The newest first: slurmd, slurmctld, then munged.
  for ((i = ${#started[@]} - 1; i >= 0; i--)); do
    kill "${started[i]}" 2>/dev/null || true
  done
  for pid in "${started[@]}"; do
    for _ in $(seq 100); do [ -d "/proc/$pid" ] || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
  done
  if [ "$status" -ne 0 ]; then
    echo "test-slurm: the daemons' logs are in $dir/log; the last lines:" >&2
    tail -n 15 "$dir"/log/*.log >&2 2>/dev/null || true
  fi
  exit "$status"
}
trap stop_daemons EXIT
trap 'exit 130' INT TERM

# ---------------------------------------------------------------------------------------------
step "munged, slurmctld, slurmd"
dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
chmod 0600 "$dir/munge/munge.key"
host=$(hostname -s)
node=$(slurmd -C | head -n 1) # NodeName=<host> CPUs=… RealMemory=…
case $node in NodeName=*) ;; *) fail "unexpected 'slurmd -C' output: $node" ;; esac
cat >"$dir/slurm.conf" <<EOF
# One-node cluster of scripts/test-slurm.sh; nothing here is shared with a real Slurm.
ClusterName=boardgame-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port_ctld
SlurmdPort=$port_d
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/munge.socket
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/state/slurmctld.pid
SlurmdPidFile=$dir/spool/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
ReturnToService=2
# Keep finished jobs visible to scontrol for the checks (there is no accounting database).
MinJobAge=3600
$node NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$dir/slurm.conf

munged --foreground --key-file="$dir/munge/munge.key" --socket="$dir/munge.socket" \
  --pid-file="$dir/munge/munged.pid" --log-file="$dir/log/munged.log" \
  --seed-file="$dir/munge/munged.seed" >/dev/null 2>&1 &
started+=($!)
echo $! >"$dir/pids/munged.pid"
for _ in $(seq 100); do [ -S "$dir/munge.socket" ] && break; sleep 0.1; done
munge --socket="$dir/munge.socket" --no-input | unmunge --socket="$dir/munge.socket" >/dev/null ||
  fail "munged does not answer"

slurmctld -D -f "$SLURM_CONF" >/dev/null 2>&1 &
started+=($!)
echo $! >"$dir/pids/slurmctld.pid"
slurmd -D -f "$SLURM_CONF" >/dev/null 2>&1 &
started+=($!)
echo $! >"$dir/pids/slurmd.pid"

state=""
for _ in $(seq 60); do
  state=$(sinfo -h -n "$host" -o %T 2>/dev/null || true)
  [ "$state" = idle ] && break
  sleep 0.5
done
[ "$state" = idle ] || fail "the node is not idle after 30 s (state: '${state:-none}')"
sinfo

# ---------------------------------------------------------------------------------------------
step "the recipe's blocks, the unsharded run"
# extract NAME: the fenced block right after the line `<!-- test-slurm: NAME -->`.
extract() {
  awk -v marker="<!-- test-slurm: $1 -->" '
    $0 == marker { found = 1; next }
    found == 1 && /^```/ { found = 2; next }
    found == 2 && /^```/ { exit }
    found == 2 { print }
  ' "$doc"
}
for name in simulate.sbatch merge.sbatch submit rerun; do
  extract "$name" >"$dir/run/$name"
  [ -s "$dir/run/$name" ] || fail "docs/scale.md has no block marked <!-- test-slurm: $name -->"
  echo "$name: $(wc -l <"$dir/run/$name") lines"
done
grep -q -- '--array=3 ' "$dir/run/rerun" || fail "the re-run block no longer re-runs shard 3"

# `boardgame` on the PATH, as the doc requires of every node. It fails the shard named in
# $dir/fail-shard, if that file exists, before playing (the redirect has created the .part
# file by then, as with a real failure); otherwise it is the binary under test.
cat >"$dir/bin/boardgame" <<EOF
#!/bin/sh
if [ -e "$dir/fail-shard" ]; then
  case " \$* " in
    *" --shard \$(cat "$dir/fail-shard") "*)
      echo "boardgame (scripts/test-slurm.sh): shard \$(cat "$dir/fail-shard") fails on purpose" >&2
      exit 1 ;;
  esac
fi
exec "$bin" "\$@"
EOF
chmod +x "$dir/bin/boardgame"
export PATH="$dir/bin:$PATH"
export SHARDS=$shards GAMES=$games
# Every sbatch gets --cpus-per-task=1; simulate.sbatch gets --array=1-8 unless the command
# names its own --array (the re-run block does), which overrides the script's #SBATCH line.
# shellcheck disable=SC2317 # called by the doc's blocks, sourced below
sbatch() {
  local extra=(--cpus-per-task=1)
  case " $* " in
    *" --array="*) ;;
    *" simulate.sbatch "*) extra+=("--array=1-$shards") ;;
  esac
  command sbatch "${extra[@]}" "$@"
}

# The fields that must agree, in a canonical form: all but `shard` and the timing fields.
canonical() {
  jq -S -c 'del(.shard, .threads, .seconds, .games_per_sec, .plies_per_sec)' "$1"
}
"$bin" simulate thax --games "$games" --seed 42 --threads 1 --quiet --json >"$dir/unsharded.json"
canonical "$dir/unsharded.json" >"$dir/unsharded.canonical"
echo "unsharded: $(jq -c '{games, wins, draws, mean_plies}' "$dir/unsharded.json")"

# task_count JOB: how many jobs (array tasks) JOB is.
task_count() { scontrol show job -o "$1" | grep -c JobState=; }
# job_state JOB [TASK]: the job's (or that array task's) JobState.
job_state() {
  local line
  line=$(scontrol show job -o "$1" 2>/dev/null |
    if [ -n "${2:-}" ]; then grep " ArrayTaskId=$2 "; else cat; fi | head -n 1)
  sed -n 's/.* JobState=\([A-Z_]*\) .*/\1/p' <<<"$line"
}
# wait_done JOB…: until none of the jobs (or array tasks) is pending or running (5 min at most).
wait_done() {
  for _ in $(seq 600); do
    [ -z "$(squeue -h -j "$(IFS=,; echo "$*")" -t PD,R,CF,CG -o %i 2>/dev/null)" ] && return 0
    sleep 0.5
  done
  squeue >&2
  fail "jobs $* still pending or running after 5 minutes"
}
# check_summary: results/summary.json equals the unsharded run, and the text summary exists.
check_summary() {
  [ -s results/summary.json ] || fail "the merge job wrote no results/summary.json"
  canonical results/summary.json >"$dir/merged.canonical"
  if ! cmp -s "$dir/unsharded.canonical" "$dir/merged.canonical"; then
    diff <(jq . "$dir/unsharded.canonical") <(jq . "$dir/merged.canonical") >&2 || true
    fail "the merged summary differs from the unsharded run"
  fi
  [ "$(jq -r .shard results/summary.json)" = "1-$shards/$shards" ] ||
    fail "merged shard field is $(jq -r .shard results/summary.json)"
  grep -q . results/summary.txt || fail "results/summary.txt is empty"
  echo "merged summary of $(find results -name "shard-*.json" | wc -l) shards = the unsharded run (but shard, timing)"
}

# ---------------------------------------------------------------------------------------------
step "run 1: $shards shards and the merge"
cd "$dir/run"
# shellcheck disable=SC1091 # the doc's block, extracted above
. ./submit
job=${job%%;*} merge=${merge%%;*}
echo "array job $job, merge job $merge"
wait_done "$job"
[ "$(task_count "$job")" -eq "$shards" ] || fail "job $job has $(task_count "$job") tasks, not $shards"
[ "$(task_count "$merge")" -eq 1 ] || fail "merge job $merge has $(task_count "$merge") tasks, not 1"
for k in $(seq "$shards"); do
  if [ "$(job_state "$job" "$k")" != COMPLETED ]; then
    cat "logs/thax-sim-${job}_$k.out" >&2 || true
    fail "task $k of job $job: $(job_state "$job" "$k")"
  fi
done
wait_done "$merge"
[ "$(job_state "$merge")" = COMPLETED ] || fail "merge job $merge: $(job_state "$merge")"
check_summary

# ---------------------------------------------------------------------------------------------
step "run 2: shard 3 fails, re-run as the doc says"
remove_within "$dir" logs results
echo "3/$shards" >"$dir/fail-shard"
# shellcheck disable=SC1091
. ./submit
job=${job%%;*} merge=${merge%%;*}
echo "array job $job, merge job $merge"
wait_done "$job"
for k in $(seq "$shards"); do
  want=COMPLETED
  [ "$k" -ne 3 ] || want=FAILED
  [ "$(job_state "$job" "$k")" = "$want" ] || fail "task $k of job $job: $(job_state "$job" "$k"), not $want"
done
[ ! -e results/shard-3.json ] || fail "the failed shard left results/shard-3.json"
[ -e results/shard-3.json.part ] || fail "the failed shard left no results/shard-3.json.part"
grep -q "fails on purpose" logs/thax-sim-"$job"_3.out || fail "logs/thax-sim-${job}_3.out lacks the error"
reason=""
for _ in $(seq 60); do
  reason=$(squeue -h -j "$merge" -o '%T %r' 2>/dev/null || true)
  [ "$reason" = "PENDING DependencyNeverSatisfied" ] && break
  sleep 0.5
done
[ "$reason" = "PENDING DependencyNeverSatisfied" ] || fail "merge job $merge: '$reason'"
echo "merge job $merge: $reason"
set +e
"$bin" merge results/shard-*.json >/dev/null 2>"$dir/gap.err"
status=$?
set -e
[ "$status" -eq 1 ] || fail "merge of the shards without shard 3 exited $status, not 1"
echo "merge without shard 3 refused: $(head -n 1 "$dir/gap.err")"

remove_within "$dir" "$dir/fail-shard"
old_merge=$merge
# shellcheck disable=SC1091
. ./rerun
rerun=${rerun%%;*} merge=${merge%%;*}
echo "re-run job $rerun, merge job $merge"
wait_done "$rerun"
[ "$(task_count "$rerun")" -eq 1 ] || fail "re-run job $rerun has $(task_count "$rerun") tasks, not 1"
[ "$(job_state "$rerun")" = COMPLETED ] || fail "re-run job $rerun: $(job_state "$rerun")"
wait_done "$merge"
[ "$(job_state "$old_merge")" = CANCELLED ] || fail "old merge job $old_merge: $(job_state "$old_merge")"
[ "$(job_state "$merge")" = COMPLETED ] || fail "merge job $merge: $(job_state "$merge")"
check_summary
cd "$repo"

# ---------------------------------------------------------------------------------------------
step "run 3: the engine's datagen recipe, 3 shards, then a cut shard re-run"
uai_bin=${BOARDGAME_UAI_BIN:-${CARGO_TARGET_DIR:-$repo/target}/debug/boardgame-uai}
[ -x "$uai_bin" ] || cargo build -p boardgame-uai
uai_bin=$(realpath "$uai_bin")
ln -sf "$uai_bin" "$dir/bin/boardgame-uai"
for name in datagen.sbatch datagen-submit datagen-check; do
  extract "$name" >"$dir/run/$name"
  [ -s "$dir/run/$name" ] || fail "docs/scale.md has no block marked <!-- test-slurm: $name -->"
done
export SHARDS=3 GAMES=9 NODES=300 EVAL=handcrafted
"$uai_bin" datagen --output "$dir/whole.bin" --games 9 --seed 11 --nodes 300 --eval handcrafted \
  --threads 1 2>/dev/null
want=$("$uai_bin" datainfo "$dir/whole.bin" | tail -n 1)
echo "without shards: $want"
cd "$dir/run"
remove_within "$dir" logs data
# As above: one CPU per task, and --array=1-3 unless the command names its own array.
# shellcheck disable=SC2317 # called by the doc's blocks, sourced below
sbatch() {
  local extra=(--cpus-per-task=1)
  case " $* " in
    *" --array="*) ;;
    *" datagen.sbatch "*) extra+=("--array=1-$SHARDS") ;;
  esac
  command sbatch "${extra[@]}" "$@"
}
# shellcheck disable=SC1091
. ./datagen-submit
datagen=${datagen%%;*}
wait_done "$datagen"
[ "$(task_count "$datagen")" -eq 3 ] || fail "datagen job has $(task_count "$datagen") tasks, not 3"
for k in 1 2 3; do
  if [ "$(job_state "$datagen" "$k")" != COMPLETED ]; then
    cat "logs/ataxx-datagen-${datagen}_$k.out" >&2 || true
    fail "datagen task $k: $(job_state "$datagen" "$k")"
  fi
done
got=$(bash ./datagen-check)
[ "$got" = "$want" ] || fail "the shards hold '$got', the run without shards '$want'"
echo "3 shards: $got"
# Cut the last record (half of the last game at most) off shard 2, and re-run its task.
size=$(stat -c %s data/gen-2.bin)
truncate -s $((size - 40)) data/gen-2.bin
[ "$(bash ./datagen-check)" != "$want" ] || fail "the cut shard still gives the whole run's line"
rerun=$(sbatch --parsable --array=2 datagen.sbatch)
rerun=${rerun%%;*}
wait_done "$rerun"
[ "$(job_state "$rerun")" = COMPLETED ] || fail "datagen re-run job: $(job_state "$rerun")"
got=$(bash ./datagen-check)
[ "$got" = "$want" ] || fail "after the re-run the shards hold '$got', not '$want'"
echo "shard 2 cut and re-run: $got"
unset -f sbatch
cd "$repo"

step ""
printf '==> %-34s %4ds\n' "total" "$((SECONDS - start))"
echo "test-slurm: passed"
