#!/usr/bin/env bash
# The Python package's tests (crates/boardgame-py/tests): builds the abi3 wheel for
# manylinux2014 (glibc 2.17 and later) with `maturin build --release --zig --compatibility
# manylinux2014` (zig, from PyPI's `ziglang`, links against glibc 2.17's symbols) and the
# sdist with `maturin sdist` into crates/boardgame-py/dist, checks their metadata with
# `twine check --strict`, installs the wheel with `pip install dist/*.whl` into a fresh
# virtual environment together with open-spiel, pettingzoo, gymnasium, numpy, pytest,
# stable-baselines3 and sb3-contrib (which bring torch, about 5 GB) from the registry, and
# runs pytest. Beside pytest it builds the aarch64 wheel (the `python` profile, cross-linked
# by zig, at nice 19; it cannot run here), then checks its tags and its machine. Prints each
# step's duration; the exit status is pytest's, or the aarch64 check's (any failure, or no
# test collected, fails).
#
# Environment: PYTHON (default python3.11, needs 3.11 or later), VENV (default a new
# directory under /tmp; reused if it exists), PROFILE (a cargo profile for the wheel instead
# of --release, for quicker iterations: `PROFILE=python` is release without LTO, see
# Cargo.toml), SB3=0 (leave out stable-baselines3, sb3-contrib and torch: their tests and
# doc blocks are then skipped), AARCH64=0 (leave out the aarch64 wheel; it needs the rustup
# target aarch64-unknown-linux-gnu). Extra arguments go to pytest (for example
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
crate=crates/boardgame-py
if [ -n "${PROFILE:-}" ]; then
  build=(--profile "$PROFILE")
else
  build=(--release)
fi

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
  'maturin>=1.9,<2' 'ziglang>=0.13' 'open-spiel==2.0.2' pettingzoo 'gymnasium>=1.1' numpy pytest twine
if [ "${SB3:-1}" != 0 ]; then
  # boardgame.sb3's tests and MaskablePPO's training (tests/test_sb3.py); torch from PyPI
  # with its CUDA libraries, used on the CPU.
  "$venv/bin/pip" install --quiet --disable-pip-version-check \
    'stable-baselines3>=2.3' 'sb3-contrib>=2.3'
fi
if [ -n "${PREPARE_ONLY:-}" ]; then
  step ""
  exit 0
fi

# maturin finds zig on PATH (the virtual environment's `python -m ziglang`).
export PATH="$venv/bin:$PATH"
step "wheel for manylinux2014 x86-64 (maturin build ${build[*]} --zig)"
# shellcheck source=own-dir.sh
. scripts/own-dir.sh
# Emptied only if an earlier run made them (scripts/own-dir.sh).
own_dir "$crate/dist"
own_dir "$crate/dist-aarch64"
(cd "$crate" && "$venv/bin/maturin" build --quiet "${build[@]}" --zig --compatibility manylinux2014 \
  --interpreter "$venv/bin/python" --out dist)
wheels=("$crate"/dist/*.whl)
if [ "${#wheels[@]}" -ne 1 ] || [[ "${wheels[0]}" != *-cp311-abi3-manylinux2014_x86_64.manylinux_2_17_x86_64.whl ]]; then
  echo "expected one abi3 manylinux2014 x86-64 wheel in $crate/dist, found: ${wheels[*]}" >&2
  exit 1
fi
echo "${wheels[0]##*/}"

step "sdist and metadata (twine check --strict)"
# The source distribution: what `pip install boardgame` builds where no wheel fits (its
# pyproject.toml builds the release profile; docs/python.md says so).
(cd "$crate" && "$venv/bin/maturin" sdist --out dist)
"$venv/bin/twine" check --strict "$crate"/dist/*

step "install the wheel (pip install dist/*.whl)"
"$venv/bin/pip" uninstall --quiet --yes boardgame 2>/dev/null || true
(cd "$crate" && "$venv/bin/pip" install --quiet --disable-pip-version-check dist/*.whl)

# The aarch64 wheel compiles while pytest runs (pytest is mostly one Python thread; the build
# gets what it leaves, at nice 19): about a minute of the CI step's wall time saved.
aarch64_job=""
if [ "${AARCH64:-1}" != 0 ]; then
  # shellcheck source=wait-within.sh
  . scripts/wait-within.sh
  (cd "$crate" && exec nice -n 19 "$venv/bin/maturin" build --quiet --profile python --zig \
    --compatibility manylinux2014 --target aarch64-unknown-linux-gnu \
    --interpreter "$venv/bin/python" --out dist-aarch64) >"$crate/dist-aarch64/build.log" 2>&1 &
  aarch64_job=$!
fi

step "pytest"
set +e
# From the tests' directory, so that the installed package (not the source tree) is tested.
# torch on one thread (OMP_NUM_THREADS): the tests' networks are tiny, and two OpenMP threads
# that spin on a busy 2-core machine made a 4096-step MaskablePPO run 20 times slower.
(cd crates/boardgame-py/tests && OMP_NUM_THREADS="${OMP_NUM_THREADS:-1}" \
  "$venv/bin/python" -m pytest -q -p no:cacheprovider "$@")
status=$?
set -e

if [ "${AARCH64:-1}" != 0 ]; then
  step "wheel for manylinux2014 aarch64 (maturin build --profile python --zig, beside pytest), tags checked"
  # Built, not run: its tags, and the extension's ELF machine (183, AArch64).
  if ! wait_within 1800 "$aarch64_job" "the aarch64 wheel's build"; then
    cat "$crate/dist-aarch64/build.log" >&2
    exit 1
  fi
  "$venv/bin/python" - "$crate"/dist-aarch64/*.whl <<'CHECK' || status=1
import sys, zipfile
(path,) = sys.argv[1:]
name = path.rsplit("/", 1)[-1]
assert name.endswith("-cp311-abi3-manylinux2014_aarch64.manylinux_2_17_aarch64.whl"), name
with zipfile.ZipFile(path) as wheel:
    tags = [line.split(": ", 1)[1] for line in wheel.read(
        next(n for n in wheel.namelist() if n.endswith(".dist-info/WHEEL"))).decode().splitlines()
        if line.startswith("Tag: ")]
    (library,) = [n for n in wheel.namelist() if n.endswith(".so")]
    elf = wheel.read(library)[:20]
assert sorted(tags) == ["cp311-abi3-manylinux2014_aarch64", "cp311-abi3-manylinux_2_17_aarch64"], tags
assert elf[:4] == b"\x7fELF" and int.from_bytes(elf[18:20], "little") == 183, elf
print(f"{name}: tags {', '.join(tags)}; {library} is an AArch64 ELF")
CHECK
fi

step ""
printf '==> %-28s %4ds\n' "total" "$((SECONDS - start))"
if [ "$status" -ne 0 ]; then
  echo "pytest or the aarch64 wheel failed (exit status $status)" >&2
fi
exit "$status"
