#!/usr/bin/env bash
# Release step (docs/releasing.md): puts the built web playground inside the CLI package, so
# that `cargo install boardgame-cli` serves the page. Builds the wasm (scripts/build-web.sh)
# unless --no-build, copies crates/boardgame-web/www/ to crates/boardgame-cli/www/ (ignored
# by git, listed in the CLI's `include`), and checks that `cargo package` lists the wasm.
#
#   scripts/package-web-into-cli.sh [--no-build]
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" != --no-build ]; then
  bash scripts/build-web.sh
fi
src=crates/boardgame-web/www
dst=crates/boardgame-cli/www
if [ ! -f "$src/pkg/boardgame_web_bg.wasm" ]; then
  echo "package-web-into-cli: $src/pkg/ has no wasm: run scripts/build-web.sh first" >&2
  exit 1
fi
# shellcheck source=own-dir.sh
. scripts/own-dir.sh
own_dir "$dst" # emptied only if an earlier run made it
cp -R "$src/." "$dst/"
listed=$(cargo package -p boardgame-cli --list --allow-dirty 2>/dev/null)
for file in www/index.html www/worker.js www/pkg/boardgame_web_bg.wasm www/pkg/boardgame_web.js \
  www/pkg/boardgame_web_engine.js www/pkg/boardgame_web_engine_bg.wasm \
  www/pkg/boardgame_web_engine_simd_bg.wasm www/pkg/ataxx.nnue; do
  if ! grep -qx "$file" <<<"$listed"; then
    echo "package-web-into-cli: cargo package does not list $file" >&2
    exit 1
  fi
done
echo "package-web-into-cli: the CLI package carries the page ($(grep -c '^www/' <<<"$listed") files)"
