#!/usr/bin/env bash
# The browser test of the web playground (crates/boardgame-web/browser-tests/test.mjs):
# installs what is missing (Debian's chromium, playwright-core from npm), builds the wasm
# (scripts/build-web.sh) and the CLI that embeds it, then drives the page in headless
# Chromium. Prints each step's duration. BOARDGAME_BIN names a CLI binary to test instead of
# building the debug one (it must have been built after the wasm); BOARDGAME_UAI the native
# engine the browser test compares the page's engine with (by default `boardgame-uai` beside
# BOARDGAME_BIN, or the debug build). Extra arguments go to
# test.mjs (for example `--images DIR` to save the screenshots elsewhere than docs/images, or
# `--no-screenshots`).
# PREPARE_ONLY=1: install what is missing and stop (.ci/run does that in the background).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TERM_COLOR=never

start=$SECONDS
step_start=$SECONDS
step_name=""
step() {
  if [ -n "$step_name" ]; then
    printf '==> %-28s %4ds\n' "$step_name" "$((SECONDS - step_start))"
  fi
  step_name="$1"
  step_start=$SECONDS
  [ -z "$step_name" ] || printf '\n--> %s\n' "$step_name"
}

step "chromium"
if [ ! -x /usr/bin/chromium ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
/usr/bin/chromium --version 2>/dev/null || true

step "node and playwright-core"
if ! command -v npm >/dev/null 2>&1; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null
fi
node --version
(cd crates/boardgame-web/browser-tests && npm ci --no-audit --no-fund --loglevel=error)
if [ -n "${PREPARE_ONLY:-}" ]; then
  step ""
  exit 0
fi

step "wasm (scripts/build-web.sh)"
bash scripts/build-web.sh

step "CLI"
if [ -n "${BOARDGAME_BIN:-}" ]; then
  # A binary built after scripts/build-web.sh, so with the page embedded: .ci/run builds the
  # wasm before the test step and passes the CLI that `cargo test` built.
  bin=$BOARDGAME_BIN
  uai=${BOARDGAME_UAI:-$(dirname "$bin")/boardgame-uai}
else
  # Debug: the test only serves files, replays a few records and asks the native engine for
  # a few moves.
  cargo build -p boardgame-cli -p boardgame-uai
  bin="${CARGO_TARGET_DIR:-target}/debug/boardgame"
  uai=${BOARDGAME_UAI:-${CARGO_TARGET_DIR:-target}/debug/boardgame-uai}
fi
[ -x "$bin" ] || { echo "test-web: $bin is not an executable" >&2; exit 1; }
[ -x "$uai" ] || { echo "test-web: $uai is not an executable" >&2; exit 1; }

step "browser test"
node crates/boardgame-web/browser-tests/test.mjs --bin "$bin" --uai "$uai" "$@"

step ""
printf '==> %-28s %4ds\n' "total" "$((SECONDS - start))"
