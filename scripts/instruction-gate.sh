#!/usr/bin/env bash
# The instruction-count gate (docs/testing.md, "The instruction-count gate"): counts the
# instructions of fixed workloads with valgrind's callgrind and compares them with the
# committed baseline, benches/gate/baseline.txt. Instruction counts do not depend on the
# machine's load, so unlike a time they can fail CI.
#
#   scripts/instruction-gate.sh                  check: fail if a workload got more than
#                                                3 % more expensive than its baseline
#   scripts/instruction-gate.sh bless [GLOB...]  write the current counts to the baseline,
#                                                all of them or those whose names match a
#                                                glob (bless 'parchis/*' 'thax/*'); the
#                                                others keep their baseline
#
# The workloads are the binary of benches/gate (`instruction-gate list` names them): perft
# 5 from the start by each of Ataxx's three methods, one seeded uniform playout of each
# game, and 1,000 rolls of each dice game under each of its presets. Only the instructions
# inside the workload are counted (callgrind's --toggle-collect on the function `measured`),
# not the start-up.
#
# A new compiler (or valgrind, or RUSTFLAGS) changes the counts without any change of ours:
# the baseline records them, and when they differ from this run a regression is reported
# as a warning and the script succeeds. Re-bless with the new toolchain then.
#
# Installs Debian's valgrind if it is missing. PREPARE_ONLY=1: install it and stop.
set -euo pipefail
cd "$(dirname "$0")/.."
baseline=benches/gate/baseline.txt
tolerance=3 # per cent

if ! command -v valgrind >/dev/null 2>&1; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends valgrind >/dev/null
fi
[ -z "${PREPARE_ONLY:-}" ] || exit 0

mode=${1:-check}
case $mode in
  check) [ $# -le 1 ] || { echo "usage: $0 [check | bless [GLOB...]]" >&2; exit 2; } ;;
  bless) shift ;;
  *) echo "usage: $0 [check | bless [GLOB...]]" >&2; exit 2 ;;
esac

cargo build --release --quiet -p boardgame-instruction-gate
bin=target/release/instruction-gate
toolchain="$(rustc --version) | $(valgrind --version) | RUSTFLAGS=${RUSTFLAGS-unset}"

# Counts every workload, two at a time (one per core: callgrind runs one thread).
# shellcheck source=own-dir.sh
. scripts/own-dir.sh
scratch=$(new_own_dir instruction-gate)
trap 'remove_own "$scratch"' EXIT
counts=$scratch/counts
# shellcheck disable=SC2317 # run by xargs through `bash -c` (exported below)
count_one() {
  local collected
  collected=$(valgrind --tool=callgrind --toggle-collect='instruction_gate::measured' \
    --callgrind-out-file=/dev/null "$1" run "$2" 2>&1 >/dev/null | sed -n 's/.*Collected : //p')
  [ -n "$collected" ] || { echo "instruction-gate: no count for $2" >&2; return 1; }
  echo "$2 $collected"
}
export -f count_one
# shellcheck disable=SC2016 # expanded by the inner bash
"$bin" list | xargs -P 2 -I{} bash -c 'count_one "$1" "$2"' _ "$bin" {} >"$counts"
# The workloads' own order.
sorted=$("$bin" list | awk 'NR == FNR { n[$1] = $2; next } { print $1, n[$1] }' "$counts" -)

if [ "$mode" = bless ]; then
  patterns=("$@")
  [ ${#patterns[@]} -gt 0 ] || patterns=('*')
  {
    echo "# Instruction counts of the gate's workloads (scripts/instruction-gate.sh)."
    echo "# Re-bless on purpose: scripts/instruction-gate.sh bless [GLOB...]; see docs/testing.md."
    echo "toolchain $toolchain"
    while read -r name now; do
      keep=$name
      for p in "${patterns[@]}"; do
        # shellcheck disable=SC2053 # a glob on purpose
        [[ $name == $p ]] && keep=""
      done
      old=""
      [ -z "$keep" ] || [ ! -f "$baseline" ] || old=$(awk -v w="$name" '$1 == w { print $2 }' "$baseline")
      echo "$name ${old:-$now}"
    done <<<"$sorted"
  } >"$baseline.new"
  mv "$baseline.new" "$baseline"
  echo "blessed ${patterns[*]} into $baseline:"
  cat "$baseline"
  exit 0
fi

[ -f "$baseline" ] || { echo "no baseline $baseline: run $0 bless" >&2; exit 1; }
recorded=$(sed -n 's/^toolchain //p' "$baseline")
regressions=0
printf '%-34s %14s %14s %8s\n' workload baseline now change
while read -r name now; do
  base=$(awk -v w="$name" '$1 == w { print $2 }' "$baseline")
  if [ -z "$base" ]; then
    printf '%-34s %14s %14s %8s  new: not in the baseline (bless it)\n' "$name" - "$now" -
    continue
  fi
  verdict=$(awk -v b="$base" -v n="$now" -v t="$tolerance" 'BEGIN {
    c = (n - b) * 100 / b
    printf "%+7.2f%% ", c
    if (c > t) print "REGRESSION"; else if (c < -t) print "improved (bless it)"; else print "ok" }')
  printf '%-34s %14s %14s %s\n' "$name" "$base" "$now" "$verdict"
  case $verdict in *REGRESSION*) regressions=$((regressions + 1)) ;; esac
done <<<"$sorted"
awk 'NR == FNR { now[$1] = 1; next } /^[a-z]/ && $1 != "toolchain" && !now[$1] {
  print $1 ": in the baseline but no longer a workload (bless to drop it)" }' \
  <(echo "$sorted") "$baseline"

if [ "$regressions" -eq 0 ]; then
  echo "instruction-gate: no workload costs more than ${tolerance} % over its baseline"
  exit 0
fi
if [ "$recorded" != "$toolchain" ]; then
  echo "instruction-gate: WARNING: $regressions workload(s) over the ${tolerance} % tolerance, but the" \
    "toolchain changed since the baseline (now: $toolchain; baseline: $recorded)." \
    "Not failing: re-bless with this toolchain (scripts/instruction-gate.sh bless)."
  exit 0
fi
echo "instruction-gate: FAILED: $regressions workload(s) cost more than ${tolerance} % over their" \
  "baseline. If that is on purpose, re-bless: scripts/instruction-gate.sh bless [GLOB...]" >&2
exit 1
