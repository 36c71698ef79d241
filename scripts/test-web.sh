#!/usr/bin/env bash
# The browser test of the web playground (crates/boardgame-web/browser-tests/test.mjs):
# installs what is missing (Debian's chromium, playwright-core from npm), builds the wasm
# (scripts/build-web.sh) and the CLI that embeds it, then drives the page in headless
# Chromium. Prints each step's duration. Extra arguments go to test.mjs (for example
# `--images DIR` to save the screenshots elsewhere than docs/images, or `--no-screenshots`).
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

step "CLI (the test profile's build)"
# The build that `cargo test --workspace --all-features` makes of the binary (the test
# profile, every feature): after the README's test command only the CLI itself is compiled
# again, to embed the page just built. (A plain `cargo build` is another profile and other
# features, so it compiled the CLI's dependencies a second time: 68 s of the CI run.)
cargo build -p boardgame-cli --profile test --all-features
bin="${CARGO_TARGET_DIR:-target}/debug/boardgame"

step "browser test"
node crates/boardgame-web/browser-tests/test.mjs --bin "$bin" "$@"

step ""
printf '==> %-28s %4ds\n' "total" "$((SECONDS - start))"
