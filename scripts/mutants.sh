#!/usr/bin/env bash
# Mutation testing of the rules logic with cargo-mutants (see docs/testing.md).
#
#   scripts/mutants.sh                     every rules crate, shard 0/8 (the documented sample)
#   scripts/mutants.sh parchis             one crate, shard 0/8
#   scripts/mutants.sh parchis 3/8         one crate, another shard
#   scripts/mutants.sh all 0/1             every rules crate, every mutant (hours on 2 cores)
#   scripts/mutants.sh ataxx 0/8 --in-place  more arguments go to cargo-mutants (here: mutate this
#                                          checkout and reuse its target/, no copy, no cold build)
#
# Results go to mutants.out/<crate>/ (caught.txt, missed.txt, timeout.txt, unviable.txt).
# Exit status: 0 if every viable mutant was caught, 2 if some were missed (cargo-mutants').
set -euo pipefail
cd "$(dirname "$0")/.."

crate=${1:-all}
shard=${2:-0/8}
shift $(( $# < 2 ? $# : 2 ))
if [ "$crate" = all ]; then
  crates=(boardgame-core ataxx thax parchis co-ca-ngua)
else
  crates=("$crate")
fi

if ! command -v cargo-mutants >/dev/null 2>&1; then
  cargo install cargo-mutants --locked
fi
if ! command -v cargo-nextest >/dev/null 2>&1; then # .cargo/mutants.toml: test_tool = "nextest"
  cargo install cargo-nextest --locked
fi

status=0
for c in "${crates[@]}"; do
  echo "== $c, shard $shard"
  mkdir -p "mutants.out/$c"
  cargo mutants --package "$c" --shard "$shard" --output "mutants.out/$c" --no-shuffle "$@" || status=$?
  for kind in caught missed timeout unviable; do
    file="mutants.out/$c/mutants.out/$kind.txt"
    printf '%s: %s  ' "$kind" "$( [ -f "$file" ] && wc -l <"$file" || echo 0)"
  done
  echo
done
exit "$status"
