#!/usr/bin/env bash
# The outside consumer (issue 22): a fresh Cargo project in a temporary directory, outside the
# workspace, that depends on the *packaged* crates — the .crate files that
# `cargo publish --workspace --dry-run` (or `cargo package --workspace`) left in
# target/package/, unpacked here — never on the workspace paths. It builds and runs
# scripts/consumer/src/main.rs (a seeded game of each game, notation round trips, perft, MCTS)
# without and with the `serde` feature.
#
#   scripts/test-consumer.sh            package first (cargo package --workspace), then test
#   scripts/test-consumer.sh --no-package   use the .crate files already in target/package/
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
packages=(boardgame-io boardgame-core boardgame-ataxx boardgame-thax boardgame-parchis boardgame-co-ca-ngua
  boardgame-engine boardgame-search)
version=$(cargo metadata --no-deps --format-version 1 |
  python3 -c 'import json,sys; print(next(p["version"] for p in json.load(sys.stdin)["packages"] if p["name"]=="boardgame-core"))')

if [ "${1:-}" != --no-package ]; then
  cargo package --workspace --no-verify --allow-dirty --quiet
fi

# shellcheck source=own-dir.sh
. scripts/own-dir.sh
work=$(new_own_dir consumer)
trap 'remove_own "$work"' EXIT
mkdir -p "$work/crates" "$work/app/src"
for p in "${packages[@]}"; do
  crate="$root/target/package/$p-$version.crate"
  if [ ! -f "$crate" ]; then
    echo "test-consumer: $crate is missing: run cargo package --workspace first" >&2
    exit 1
  fi
  tar -xzf "$crate" -C "$work/crates"
done
cp "$root/scripts/consumer/src/main.rs" "$work/app/src/main.rs"
{
  cat "$root/scripts/consumer/Cargo.toml.in"
  echo
  echo "# The packaged crates, unpacked from their .crate files (none is on crates.io yet)."
  echo "[patch.crates-io]"
  for p in "${packages[@]}"; do
    echo "$p = { path = \"$work/crates/$p-$version\" }"
  done
} >"$work/app/Cargo.toml"

cd "$work/app"
# Its own lock file and target directory: nothing is shared with the workspace's build.
export CARGO_TARGET_DIR="$work/target"
echo "test-consumer: without serde"
cargo run --quiet
echo "test-consumer: with serde"
cargo run --quiet --features serde
# Every dependency really came from the unpacked packages, none from the workspace.
if cargo metadata --format-version 1 | grep -q "\"$root/crates/"; then
  echo "test-consumer: a workspace path leaked into the consumer's build" >&2
  exit 1
fi
echo "test-consumer: ok"
