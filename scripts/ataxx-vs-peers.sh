#!/usr/bin/env bash
# Ataxx move generation like for like: ours, the crates.io `ataxx` 0.2 crate (the peer) and
# libataxx, in one run, interleaved (docs/benchmarks.md, "Ratios against the peers").
#
#   scripts/ataxx-vs-peers.sh [ROUNDS]        (default 5 rounds)
#
# Every round runs each workload once, one process each, in a fixed order that alternates
# the implementations, so a change of the machine's speed during the run touches all of
# them alike. Each process times its own work (the on-CPU time of its thread, from
# /proc/thread-self/schedstat, which a loaded machine inflates less than wall time) and
# repeats it often enough to run for a few tenths of a second. A ratio is taken within a
# round (ours against the other in the same round) and the table gives the median of the
# rounds' ratios, with their range.
#
# Ours and the peer: benches/examples/ataxx_race.rs. libataxx: our driver
# benches/libataxx/perft_driver.cpp, compiled with libataxx's sources. Set LIBATAXX_SRC to a
# checkout of https://github.com/kz04px/libataxx (docs/benchmarks.md says how it was built);
# without it the libataxx rows are left out. CXXFLAGS (default -O3 -march=native -flto)
# choose how the driver and libataxx are compiled.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}

cargo build --release --quiet -p boardgame-benches --example ataxx_race
race=target/release/examples/ataxx_race
lib=""
if [ -n "${LIBATAXX_SRC:-}" ]; then
  lib=target/libataxx/perft_driver
  mkdir -p target/libataxx
  src=("$LIBATAXX_SRC"/src/*.cpp benches/libataxx/perft_driver.cpp)
  if [ ! -x "$lib" ] || [ -n "$(find "${src[@]}" -newer "$lib" 2>/dev/null)" ]; then
    # shellcheck disable=SC2086 # CXXFLAGS is a list of flags
    g++ -std=c++20 ${CXXFLAGS:--O3 -march=native -flto} -DNDEBUG -I "$LIBATAXX_SRC/src" \
      "${src[@]}" -o "$lib"
  fi
fi

# Workloads: `key|command` (the command's arguments after its binary: ours and the peer run
# ataxx_race, libataxx the driver). The last argument is the repeat count.
workloads=(
  "ours-bulk5|$race ours bulk 5 100" "lib-bulk5|$lib bulk 5 100" "peer-bulk5|$race peer bulk 5 100"
  "ours-bulk6|$race ours bulk 6 5" "lib-bulk6|$lib bulk 6 5" "peer-bulk6|$race peer bulk 6 5"
  "ours-bulk7|$race ours bulk 7 1" "lib-bulk7|$lib bulk 7 1" "peer-bulk7|$race peer bulk 7 1"
  "ours-make6|$race ours make 6 1" "lib-make6-hash|$lib make-hash 6 1"
  "ours-unhashed6|$race ours make-unhashed 6 2" "lib-make6-nohash|$lib make-nohash 6 1"
  "peer-make6|$race peer make 6 1"
  "ours-fast7|$race ours fast 7 1"
)
for position in start midgame dense blockers blockers_mid; do
  case $position in
    start) repeat=3000000 ;;
    dense) repeat=300000 ;;
    *) repeat=1000000 ;;
  esac
  workloads+=("ours-each-$position|$race ours make-each $position $repeat"
    "peer-each-$position|$race peer make-each $position $repeat")
done

# Rows of the table: `title|ours|other` (keys of the workloads).
rows=(
  "bulk perft 5, ours against libataxx|ours-bulk5|lib-bulk5"
  "bulk perft 6, ours against libataxx|ours-bulk6|lib-bulk6"
  "bulk perft 7, ours against libataxx|ours-bulk7|lib-bulk7"
  "bulk perft 5, ours against the peer|ours-bulk5|peer-bulk5"
  "bulk perft 6, ours against the peer|ours-bulk6|peer-bulk6"
  "bulk perft 7, ours against the peer|ours-bulk7|peer-bulk7"
  "make perft 6 (hash kept) against libataxx's no-bulk perft with hash|ours-make6|lib-make6-hash"
  "make perft 6 (hash kept) against libataxx's no-bulk perft without hash|ours-make6|lib-make6-nohash"
  "hash-free make perft 6 against libataxx's no-bulk perft without hash|ours-unhashed6|lib-make6-nohash"
  "hash-free make perft 6 against the peer's no-bulk perft (no hash)|ours-unhashed6|peer-make6"
  "fast perft 7 against libataxx's bulk perft 7|ours-fast7|lib-bulk7"
  "fast perft 7 against the peer's bulk perft 7|ours-fast7|peer-bulk7"
)
for position in start midgame dense blockers blockers_mid; do
  rows+=("make_move from a list, $position (peer with hash)|ours-each-$position|peer-each-$position")
done

echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $rounds rounds; before: $(uptime)"
# shellcheck source=own-dir.sh
. scripts/own-dir.sh
scratch=$(new_own_dir ataxx-vs-peers)
trap 'remove_own "$scratch"' EXIT
results=$scratch/results
for ((round = 1; round <= rounds; round++)); do
  for entry in "${workloads[@]}"; do
    key=${entry%%|*}
    read -ra command <<<"${entry#*|}"
    # Without libataxx its workloads have no binary: skip them.
    if [ -z "$lib" ] && [[ $key == lib-* ]]; then continue; fi
    repeat=${command[-1]}
    # `nodes N wall S cpu S`: seconds per repetition.
    "${command[@]}" | awk -v k="$key" -v r="$round" -v n="$repeat" '{ print r, k, $6 / n, $4 / n }' >>"$results"
  done
done
echo "# after: $(uptime)"

# For each row: the median on-CPU time per repetition of each side, and the median (and
# range) over the rounds of other / ours: how many times faster ours is.
printf '| work | ours | other | ours faster by (median, range over %d rounds) |\n|---|---|---|---|\n' "$rounds"
for row in "${rows[@]}"; do
  IFS='|' read -r title ours other <<<"$row"
  awk -v a="$ours" -v b="$other" -v title="$title" '
    function median(v, n,   i, j, t) {
      for (i = 2; i <= n; i++) { t = v[i]; for (j = i - 1; j >= 1 && v[j] > t; j--) v[j + 1] = v[j]; v[j + 1] = t }
      return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
    }
    function show(s) { return s >= 0.1 ? sprintf("%.3f s", s) : s >= 1e-4 ? sprintf("%.3f ms", s * 1e3) : sprintf("%.1f ns", s * 1e9) }
    $2 == a { x[$1] = $3 } $2 == b { y[$1] = $3 }
    END {
      n = 0; lo = 1e9; hi = 0
      for (r in x) if (r in y) { n++; xs[n] = x[r]; ys[n] = y[r]; q = y[r] / x[r]; qs[n] = q; if (q < lo) lo = q; if (q > hi) hi = q }
      if (n == 0) exit
      printf "| %s | %s | %s | **%.2f×** (%.2f–%.2f) |\n", title, show(median(xs, n)), show(median(ys, n)), median(qs, n), lo, hi
    }' "$results"
done
