#!/usr/bin/env bash
# The Python package's tests (crates/boardgame-py/tests): builds the wheel with maturin,
# installs it into a fresh virtual environment together with open-spiel, pettingzoo,
# gymnasium, numpy and pytest from the registry, and runs pytest. Prints each step's
# duration; the exit status is pytest's (any failure, or no test collected, fails).
#
# Environment: PYTHON (default python3.11, needs 3.11 or later), VENV (default a new
# directory under /tmp; reused if it exists), PROFILE (the cargo profile of the wheel,
# default python: release without LTO, see Cargo.toml). Extra arguments go to pytest (for example
# `-k openspiel -x`). PREPARE_ONLY=1 (with VENV): make the virtual environment, install the
# packages from the registry and stop (.ci/run does that in the background).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TERM_COLOR=never

if [ -n "${PREPARE_ONLY:-}" ] && [ -z "${VENV:-}" ]; then
  echo "test-python.sh: PREPARE_ONLY=1 needs VENV (the environment a later run reuses)" >&2
  exit 2
fi
python=${PYTHON:-python3.11}
venv=${VENV:-$(mktemp -d /tmp/boardgame-py.XXXXXX)/venv}
profile=${PROFILE:-python}
wheels="${CARGO_TARGET_DIR:-target}/wheels"

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

step "virtual environment"
"$python" -c 'import sys; assert sys.version_info >= (3, 11), sys.version'
[ -x "$venv/bin/python" ] || "$python" -m venv "$venv"
"$venv/bin/python" --version

step "packages from the registry"
"$venv/bin/pip" install --quiet --disable-pip-version-check \
  'maturin>=1.9,<2' 'open-spiel==2.0.2' pettingzoo gymnasium numpy pytest
if [ -n "${PREPARE_ONLY:-}" ]; then
  step ""
  exit 0
fi

step "wheel (maturin, profile $profile)"
rm -f "$wheels"/boardgame-*.whl
"$venv/bin/maturin" build --quiet --manifest-path crates/boardgame-py/Cargo.toml \
  --profile "$profile" --interpreter "$venv/bin/python" --out "$wheels"

step "install the wheel"
"$venv/bin/pip" install --quiet --disable-pip-version-check --no-deps --force-reinstall \
  "$wheels"/boardgame-*.whl

step "pytest"
set +e
# From the tests' directory, so that the installed package (not the source tree) is tested.
(cd crates/boardgame-py/tests && "$venv/bin/python" -m pytest -q -p no:cacheprovider "$@")
status=$?
set -e

step ""
printf '==> %-28s %4ds\n' "total" "$((SECONDS - start))"
if [ "$status" -ne 0 ]; then
  echo "pytest failed (exit status $status)" >&2
fi
exit "$status"
