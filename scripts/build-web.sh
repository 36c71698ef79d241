#!/usr/bin/env bash
# Builds the web playground's wasm into crates/boardgame-web/www/pkg/ (not committed):
#   1. the rustup target wasm32-unknown-unknown, if missing;
#   2. wasm-bindgen-cli at exactly the version pinned in Cargo.toml, if missing;
#   3. cargo build -p boardgame-web for wasm32 with the size-optimised profile `web` (into
#      target/, or CARGO_TARGET_DIR when it is set, as cargo does);
#   4. wasm-bindgen --target web into www/pkg;
#   5. the engine's module (crates/boardgame-web-engine, profile `web-engine`: fast rather
#      than small) twice, with `simd128` and without (the bot worker loads the first where
#      the browser validates simd instructions, else the second), into www/pkg with one JS
#      glue (the two builds export the same functions; the script checks the glue is the
#      same), and the engine's network (crates/boardgame-engine/net/ataxx.nnue) beside them;
#   6. every .wasm against the 1 MB budget.
# Then `boardgame web` serves the page (rebuild the CLI after this script: it embeds www/).
set -euo pipefail
started_in=$PWD
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

# Where cargo puts its output: `target/`, or CARGO_TARGET_DIR (or build.target-dir) when
# set. Asked of cargo itself, so that wasm-bindgen reads the file cargo wrote; a relative
# CARGO_TARGET_DIR is taken from the directory the script was started in, as cargo would.
if [ -n "${CARGO_TARGET_DIR:-}" ]; then
  case "$CARGO_TARGET_DIR" in
    /*) ;;
    *) CARGO_TARGET_DIR="$started_in/$CARGO_TARGET_DIR" ;;
  esac
  export CARGO_TARGET_DIR
fi
target_dir=$(cargo metadata --format-version 1 --no-deps |
  sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
if [ -z "$target_dir" ]; then
  echo "build-web: cargo metadata did not name the target directory" >&2
  exit 1
fi

# RUSTFLAGS from the environment would apply to the wasm target too; .cargo/config.toml's
# x86-64 flags are scoped to x86_64 and do not.
cargo build -p boardgame-web --target wasm32-unknown-unknown --profile web

out=crates/boardgame-web/www/pkg
# Emptied only if an earlier run made it (scripts/own-dir.sh): anything else there is refused.
# shellcheck source=own-dir.sh
. scripts/own-dir.sh
own_dir "$out"
wasm-bindgen --target web --no-typescript --out-dir "$out" \
  "$target_dir/wasm32-unknown-unknown/web/boardgame_web.wasm"

# The engine's module. RUSTFLAGS applies to every crate of a build (not to build scripts and
# proc macros, with --target), so the simd128 build gets a target directory of its own and
# the two builds do not undo each other.
cargo build -p boardgame-web-engine --target wasm32-unknown-unknown --profile web-engine
RUSTFLAGS="-C target-feature=+simd128" CARGO_TARGET_DIR="$target_dir/simd128" \
  cargo build -p boardgame-web-engine --target wasm32-unknown-unknown --profile web-engine
wasm-bindgen --target web --no-typescript --out-dir "$out" \
  "$target_dir/wasm32-unknown-unknown/web-engine/boardgame_web_engine.wasm"
simd_glue=$(new_own_dir simd-glue)
wasm-bindgen --target web --no-typescript --out-dir "$simd_glue" \
  "$target_dir/simd128/wasm32-unknown-unknown/web-engine/boardgame_web_engine.wasm"
if ! cmp -s "$simd_glue/boardgame_web_engine.js" "$out/boardgame_web_engine.js"; then
  echo "build-web: the simd128 and plain engine builds have different JS glue" >&2
  remove_own "$simd_glue"
  exit 1
fi
mv "$simd_glue/boardgame_web_engine_bg.wasm" "$out/boardgame_web_engine_simd_bg.wasm"
remove_own "$simd_glue"
cp crates/boardgame-engine/net/ataxx.nnue "$out/ataxx.nnue"

budget=$((1024 * 1024))
for wasm in "$out"/*.wasm; do
  bytes=$(stat -c %s "$wasm")
  echo "build-web: $wasm is $bytes bytes (budget $budget)"
  if [ "$bytes" -gt "$budget" ]; then
    echo "build-web: over the 1 MB budget" >&2
    exit 1
  fi
done
echo "build-web: $out/ataxx.nnue is $(stat -c %s "$out/ataxx.nnue") bytes"
