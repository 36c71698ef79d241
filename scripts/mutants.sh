#!/usr/bin/env bash
# Mutation testing of the rules logic with cargo-mutants (see docs/testing.md).
#
#   scripts/mutants.sh                     every rules crate, shard 0/8 (the documented sample)
#   scripts/mutants.sh parchis             one crate (its directory under crates/), shard 0/8
#   scripts/mutants.sh parchis 3/8         one crate, another shard
#   scripts/mutants.sh ataxx 0/8 --in-place  more arguments go to cargo-mutants (here: mutate this
#                                          checkout and reuse its target/, no copy, no cold build)
#
#   scripts/mutants.sh full                every mutant of every rules crate, shard by shard, in
#                                          place; run it again to resume (finished shards are
#                                          skipped). Only in a clone nobody edits: see below.
#   scripts/mutants.sh summary [DIR]       the per-crate table of a full run so far, and its
#                                          survivors
#
# One shard: results go to mutants.out/<crate>/ (caught.txt, missed.txt, timeout.txt,
# unviable.txt). Exit status: 0 if every viable mutant was caught, 2 if some were missed.
#
# The full run (`full`) keeps its results in $MUTANTS_FULL_DIR (default mutants.out/full, an
# ignored path), one directory per shard: DIR/<crate>/<k>-of-<n>/ holds cargo-mutants' output,
# its log, and `done` once the shard has finished. The run is of one commit (DIR/commit), in
# $MUTANTS_SHARDS shards per crate (default 16), taken in the order shard 0 of every crate,
# shard 1 of every crate, … so a partial run covers each crate alike. It mutates the sources
# in place (the build is reused from one mutant to the next), so the checkout must be clean, at
# DIR/commit, and not edited while the run goes on: use a clone of its own, e.g.
#   git clone /path/to/repo /work/mutrun && cd /work/mutrun
#   nice -n 19 scripts/mutants.sh full >mutants.out/full.log 2>&1 &
# A shard that was interrupted is run again from its start. If the run was killed hard, the
# mutant it was testing may still be in a source file: `git diff` shows it, and
# `git checkout -- crates` takes it back out.
set -euo pipefail
cd "$(dirname "$0")/.."

# The rules crates, by directory under crates/ (their package names are read from Cargo.toml).
rules_crates=(boardgame-core ataxx thax parchis co-ca-ngua)
full_dir=${MUTANTS_FULL_DIR:-mutants.out/full}

# The package name of crates/$1 (the name itself if there is no such directory).
package_of() {
  if [ -f "crates/$1/Cargo.toml" ]; then
    sed -n '/^\[package\]/,/^\[/s/^name *= *"\(.*\)"/\1/p' "crates/$1/Cargo.toml" | head -n 1
  else
    echo "$1"
  fi
}

die() {
  echo "mutants.sh: $*" >&2
  exit 1
}

install_tools() {
  if ! command -v cargo-mutants >/dev/null 2>&1; then
    cargo install cargo-mutants --locked
  fi
  if ! command -v cargo-nextest >/dev/null 2>&1; then # .cargo/mutants.toml: test_tool = "nextest"
    cargo install cargo-nextest --locked
  fi
}

# Lines of an outcome list of cargo-mutants (0 if the list is not there).
count() {
  if [ -f "$1" ]; then wc -l <"$1"; else echo 0; fi
}

# The per-crate table of the full run in $1, then the survivors of its finished shards.
summary() {
  local dir=$1 c sd n k tested caught missed timeout unviable secs done_shards viable pct
  [ -f "$dir/commit" ] || die "$dir holds no full run (no $dir/commit)"
  n=$(cat "$dir/shards")
  echo "full run of commit $(cat "$dir/commit"), $n shards per crate, started $(cat "$dir/started")"
  echo
  echo "| crate | shards done | mutants tested (of all) | caught | missed | timeout | unviable | caught / viable | time |"
  echo "|---|---|---|---|---|---|---|---|---|"
  local all=(0 0 0 0 0 0 0 0 0)
  for c in "${rules_crates[@]}"; do
    tested=0 caught=0 missed=0 timeout=0 unviable=0 secs=0 done_shards=0
    for ((k = 0; k < n; k++)); do
      sd=$dir/$c/$k-of-$n
      [ -f "$sd/done" ] || continue
      done_shards=$((done_shards + 1))
      caught=$((caught + $(count "$sd/mutants.out/caught.txt")))
      missed=$((missed + $(count "$sd/mutants.out/missed.txt")))
      timeout=$((timeout + $(count "$sd/mutants.out/timeout.txt")))
      unviable=$((unviable + $(count "$sd/mutants.out/unviable.txt")))
      secs=$((secs + $(awk '{print $3}' "$sd/done")))
    done
    tested=$((caught + missed + timeout + unviable))
    viable=$((caught + missed + timeout))
    pct=$(awk -v a="$caught" -v b="$viable" 'BEGIN { if (b) printf "%.1f %%", 100 * a / b; else print "–" }')
    echo "| $c | $done_shards / $n | $tested ($(cat "$dir/$c/total" 2>/dev/null || echo '?')) | $caught | $missed | $timeout | $unviable | $pct | $((secs / 60)) min |"
    all=($((all[0] + done_shards)) $((all[1] + n)) $((all[2] + tested)) $((all[3] + caught))
      $((all[4] + missed)) $((all[5] + timeout)) $((all[6] + unviable)) $((all[7] + secs))
      $((all[8] + $(cat "$dir/$c/total" 2>/dev/null || echo 0))))
  done
  viable=$((all[3] + all[4] + all[5]))
  pct=$(awk -v a="${all[3]}" -v b="$viable" 'BEGIN { if (b) printf "%.1f %%", 100 * a / b; else print "–" }')
  echo "| **all** | ${all[0]} / ${all[1]} | ${all[2]} (${all[8]}) | ${all[3]} | ${all[4]} | ${all[5]} | ${all[6]} | $pct | $((all[7] / 60)) min |"
  for c in "${rules_crates[@]}"; do
    for ((k = 0; k < n; k++)); do
      sd=$dir/$c/$k-of-$n
      if [ -f "$sd/started" ] && [ ! -f "$sd/done" ]; then
        tested=0
        for kind in caught missed timeout unviable; do
          tested=$((tested + $(count "$sd/mutants.out/$kind.txt")))
        done
        echo "(unfinished, not counted above: $c shard $k/$n since $(cat "$sd/started"), $tested of $(grep -o 'Found [0-9]*' "$sd/log" 2>/dev/null | grep -o '[0-9]*' || echo '?') mutants so far)"
      fi
    done
  done
  echo
  echo "A timeout counts as not caught in 'caught / viable'. Survivors (missed, then timeouts):"
  for c in "${rules_crates[@]}"; do
    for ((k = 0; k < n; k++)); do
      sd=$dir/$c/$k-of-$n
      [ -f "$sd/done" ] || continue
      for kind in missed timeout; do
        [ -s "$sd/mutants.out/$kind.txt" ] && sed "s|^|$kind  $k-of-$n  |" "$sd/mutants.out/$kind.txt"
      done
    done
  done
  return 0
}

# Every shard of every rules crate, skipping those already done in $full_dir.
full_run() {
  local head n k c sd start status
  n=${MUTANTS_SHARDS:-16}
  head=$(git rev-parse HEAD)
  if [ -n "$(git status --porcelain --untracked-files=no)" ]; then
    git status --short --untracked-files=no >&2
    die "the checkout has changes; a full run mutates a clean checkout in place (if this is a mutant left by a killed run, 'git checkout -- crates' removes it)"
  fi
  mkdir -p "$full_dir"
  exec 9>"$full_dir/lock"
  flock -n 9 || die "another full run is using $full_dir"
  if [ -f "$full_dir/commit" ]; then
    [ "$(cat "$full_dir/commit")" = "$head" ] ||
      die "$full_dir is a run of commit $(cat "$full_dir/commit"), HEAD is $head: check that commit out, or set MUTANTS_FULL_DIR to a new directory"
    [ "$(cat "$full_dir/shards")" = "$n" ] ||
      die "$full_dir is a run in $(cat "$full_dir/shards") shards per crate, not $n (MUTANTS_SHARDS)"
    [ "$(cat "$full_dir/args")" = "$*" ] ||
      die "$full_dir was started with the arguments '$(cat "$full_dir/args")', not '$*'"
    echo "resuming the full run of $head in $full_dir"
  else
    echo "$head" >"$full_dir/commit"
    echo "$n" >"$full_dir/shards"
    echo "$*" >"$full_dir/args"
    date -u +%FT%TZ >"$full_dir/started"
    cargo mutants --version >"$full_dir/tool"
  fi
  for c in "${rules_crates[@]}"; do
    mkdir -p "$full_dir/$c"
    if [ ! -f "$full_dir/$c/total" ]; then
      cargo mutants --package "$(package_of "$c")" --list "$@" | wc -l >"$full_dir/$c/total.tmp"
      mv "$full_dir/$c/total.tmp" "$full_dir/$c/total"
    fi
  done
  for ((k = 0; k < n; k++)); do
    for c in "${rules_crates[@]}"; do
      sd=$full_dir/$c/$k-of-$n
      [ -f "$sd/done" ] && continue
      rm -rf "$sd"
      mkdir -p "$sd"
      start=$(date +%s)
      date -u +%FT%TZ >"$sd/started"
      echo "== $c, shard $k/$n ($(date -u +%T) UTC)"
      set +e
      cargo mutants --package "$(package_of "$c")" --shard "$k/$n" --output "$sd" --no-shuffle \
        --in-place "$@" \
        >"$sd/log" 2>&1
      status=$?
      set -e
      case $status in
        0 | 2 | 3) # all caught, some missed, some timed out: the shard was run to its end
          echo "$status $(date -u +%FT%TZ) $(($(date +%s) - start))" >"$sd/done"
          for kind in caught missed timeout unviable; do
            printf '%s: %s  ' "$kind" "$(count "$sd/mutants.out/$kind.txt")"
          done
          echo
          ;;
        *)
          tail -n 20 "$sd/log" >&2
          die "cargo-mutants stopped with status $status in $sd (log: $sd/log); run again to resume"
          ;;
      esac
    done
  done
  summary "$full_dir"
}

case ${1:-all} in
  summary)
    summary "${2:-$full_dir}"
    exit 0
    ;;
  full)
    shift
    install_tools
    full_run "$@"
    exit 0
    ;;
esac

crate=${1:-all}
shard=${2:-0/8}
shift $(($# < 2 ? $# : 2))
if [ "$crate" = all ]; then
  crates=("${rules_crates[@]}")
else
  crates=("$crate")
fi
install_tools

status=0
for c in "${crates[@]}"; do
  echo "== $c, shard $shard"
  mkdir -p "mutants.out/$c"
  cargo mutants --package "$(package_of "$c")" --shard "$shard" --output "mutants.out/$c" \
    --no-shuffle "$@" || status=$?
  for kind in caught missed timeout unviable; do
    printf '%s: %s  ' "$kind" "$(count "mutants.out/$c/mutants.out/$kind.txt")"
  done
  echo
done
exit "$status"
