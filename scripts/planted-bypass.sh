#!/usr/bin/env bash
# Issue 52's check that the compiler enforces boardgame-io's mechanisms: compiles the planted
# bypasses of crates/boardgame-io/tests/planted/ into the CLI (BOARDGAME_PLANTED_BYPASS=1: the
# CLI's build.rs sets a cfg, nothing is written in the tree) with the clippy command of
# .ci/run's clippy step, so only the CLI's own targets are checked again (the rest is that
# step's build), and requires that clippy fails and names every line marked `// planted:`.
# Prints clippy's messages about the planted files and one line per planted line.
# Exit status 0 when every planted line is named, 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
planted=crates/boardgame-io/tests/planted
start=$SECONDS

set +e
# The module is included from the CLI's src/ by a #[path], which rustc shows unnormalized.
messages=$(BOARDGAME_PLANTED_BYPASS=1 cargo clippy --workspace --all-targets --all-features \
  --message-format=short -- -D warnings 2>&1 | sed 's#crates/boardgame-cli/src/\.\./\.\./#crates/#')
status=$?
set -e
if [ "$status" -eq 0 ]; then
  echo "planted-bypass: clippy passed with the planted bypasses compiled in" >&2
  exit 1
fi
echo "planted-bypass: clippy failed (status $status), as it must; its messages about $planted/:"
grep -F "$planted/" <<<"$messages" | sort -t: -k2,2n -k3,3n -u || true

missing=0
named=0
for file in "$planted"/*.rs; do
  while IFS=: read -r line _; do
    if grep -qE "^$file:$line:[0-9]+: error: use of a disallowed (method|type)" <<<"$messages"; then
      named=$((named + 1))
    else
      echo "planted-bypass: NOT NAMED: $file:$line: $(sed -n "${line}p" "$file")" >&2
      missing=$((missing + 1))
    fi
  done < <(grep -n '// planted:' "$file")
done
echo "planted-bypass: $named planted lines named by clippy, $missing not; $((SECONDS - start)) s"
[ "$missing" -eq 0 ]
