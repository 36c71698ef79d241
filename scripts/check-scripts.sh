#!/usr/bin/env bash
# The scripts' checks (a .ci/run step; seconds): shellcheck on every shell script of scripts/
# and .ci/run, and the two guards of docs/testing.md, "One mechanism per class of hazard":
#   - a script removes only what it made: `rm`, `rmdir`, `find -delete`, `shutil.rmtree`,
#     `os.remove` and `unlink` appear only in scripts/own-dir.sh (own_dir, remove_own), or on a
#     line that says why with a `# check-scripts:` comment;
#   - a wait has a deadline: bash's `wait` appears only in scripts/wait-within.sh (wait_within),
#     and a Python `subprocess.run`, `.wait(` or `.communicate(` names a timeout.
# Exit status 1 with every offending line named.
set -euo pipefail
cd "$(dirname "$0")/.."

mapfile -t shell_scripts < <(
  {
    ls scripts/*.sh
    echo .ci/run
  } | sort -u
)
mapfile -t python_scripts < <(ls scripts/*.py)

failed=0
if ! command -v shellcheck >/dev/null 2>&1; then
  echo "check-scripts: shellcheck is not installed (apt-get install shellcheck)" >&2
  exit 1
fi
echo "check-scripts: shellcheck $(shellcheck --version | sed -n 's/^version: //p') on ${#shell_scripts[@]} scripts"
shellcheck -x "${shell_scripts[@]}" || failed=1

# Code only: comments and the text after a `#` comment marker are left out of the scan.
scan() {
  local pattern=$1 allowed=$2 what=$3
  shift 3
  local found
  found=$(grep -nE "$pattern" "$@" /dev/null |
    grep -vE '^[^:]+:[0-9]+:[[:space:]]*#' |
    grep -vE "$allowed" |
    grep -vF '# check-scripts:' || true)
  if [ -n "$found" ]; then
    echo "check-scripts: $what:" >&2
    echo "$found" >&2
    failed=1
  fi
}
scan '(^|[[:space:];|&({`])(rm|rmdir|unlink)([[:space:]]|$)|-delete\b' '^scripts/(own-dir|check-scripts)\.sh:' \
  "a removal outside scripts/own-dir.sh (use own_dir or remove_own: a script deletes only what it made)" \
  "${shell_scripts[@]}"
scan '(^|[[:space:];|&({`])wait([[:space:]]|$)' '^scripts/(wait-within|check-scripts)\.sh:' \
  "a wait without a deadline (use wait_within from scripts/wait-within.sh)" "${shell_scripts[@]}"
scan 'shutil\.rmtree|os\.remove|os\.unlink|\.unlink\(|os\.rmdir' '^$' \
  "a removal in a Python script (use tempfile.TemporaryDirectory for a script's own files)" \
  "${python_scripts[@]}"
# A Python call that waits for a program names its timeout within the call's first 3 lines.
found=$(awk '
  FNR == 1 { n = 0 }
  { line[++n] = $0 }
  /subprocess\.run\(|\.wait\(|\.communicate\(/ && $0 !~ /^[[:space:]]*#/ { start[FILENAME ":" FNR] = 1 }
  ENDFILE {
    for (key in start) {
      split(key, at, ":"); k = at[2] + 0
      if (line[k] line[k + 1] line[k + 2] !~ /timeout/) print key ": " line[k]
    }
    delete start
  }
' "${python_scripts[@]}")
if [ -n "$found" ]; then
  echo "check-scripts: a Python wait without a timeout:" >&2
  echo "$found" >&2
  failed=1
fi
exit "$failed"
