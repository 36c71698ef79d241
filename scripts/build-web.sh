#!/usr/bin/env bash
# Builds the web playground's wasm into crates/boardgame-web/www/pkg/ (not committed):
#   1. the rustup target wasm32-unknown-unknown, if missing;
#   2. wasm-bindgen-cli at exactly the version pinned in Cargo.toml, if missing;
#   3. cargo build -p boardgame-web for wasm32 with the size-optimised profile `web`;
#   4. wasm-bindgen --target web into www/pkg, and the .wasm size against the 1 MB budget.
# Then `boardgame web` serves the page (rebuild the CLI after this script: it embeds www/).
set -euo pipefail
cd "$(dirname "$0")/.."

# The version in `wasm-bindgen = "=X"` of [workspace.dependencies].
version=$(sed -n 's/^wasm-bindgen = "=\([0-9.]*\)".*/\1/p' Cargo.toml)
if [ -z "$version" ]; then
  echo "build-web: no pinned wasm-bindgen version in Cargo.toml" >&2
  exit 1
fi

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi

if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $version" ]; then
  # A debug build of the tool: it installs in about 90 s of CPU instead of about 4 min, and
  # writes the same files (0.7 s instead of 0.2 s on this crate's wasm, output compared).
  # Only the `wasm-bindgen` binary, without the default `rustls-tls` feature: TLS (rustls,
  # ring) serves the test runner's downloads, which this script never uses (84 s instead of
  # 100 s for the install, measured on 2026-12-03).
  cargo install wasm-bindgen-cli --version "=$version" --locked --debug \
    --no-default-features --bin wasm-bindgen
fi

# RUSTFLAGS from the environment would apply to the wasm target too; .cargo/config.toml's
# x86-64 flags are scoped to x86_64 and do not.
cargo build -p boardgame-web --target wasm32-unknown-unknown --profile web

out=crates/boardgame-web/www/pkg
rm -rf "$out"
wasm-bindgen --target web --no-typescript --out-dir "$out" \
  target/wasm32-unknown-unknown/web/boardgame_web.wasm

wasm="$out/boardgame_web_bg.wasm"
bytes=$(stat -c %s "$wasm")
budget=$((1024 * 1024))
echo "build-web: $wasm is $bytes bytes (budget $budget)"
if [ "$bytes" -gt "$budget" ]; then
  echo "build-web: over the 1 MB budget" >&2
  exit 1
fi
