#!/usr/bin/env bash
# Checks docs/scale.md's Kubernetes Indexed Job recipe as far as a machine without a cluster
# allows (docs/scale.md, "Testing the recipes", says what is and is not checked).
#
# It reads the blocks that docs/scale.md marks `<!-- test-kubernetes: NAME -->` and:
#   1. validates the Job manifest, and the manifest with the --records `args`, against the
#      Kubernetes 1.37 JSON schemas shipped in PyPI's kubernetes-validate (strict: unknown
#      fields are errors), in a virtualenv cached in $BOARDGAME_K8S_VENV (made and remade only
#      in a new, empty or marked directory: scripts/own-dir.sh);
#   2. checks what the schema cannot: an Indexed Job, completions equal to SHARDS, THREADS
#      taken from the CPU limit, a restart policy a Job accepts;
#   3. plays the kubelet: runs the container's command and args, as printed, once per
#      completion index with the manifest's environment (SHARDS and GAMES made small), and
#      feeds their output, stdout and stderr as `kubectl logs` gives them, in reverse order, to
#      the doc's own last block (with a `kubectl` stand-in that serves those logs). The merged
#      summary must equal the unsharded run but `shard` and timing; a failed pod's log and a
#      missing pod must make `merge` exit 1;
#   4. runs the --records `args` the same way (their /data is a temporary directory): the
#      records files, in shard order, must be byte-identical to the unsharded run's.
# BOARDGAME_BIN names the binary to test; without it the script builds the debug CLI.
# It works in a new temporary directory (mktemp -d), removed at the end; BOARDGAME_K8S_DIR
# names one to keep instead, which must be new, empty, or one this script made before
# (scripts/own-dir.sh: anything else is refused, never emptied).
# PREPARE_ONLY=1: install jq and the virtualenv and stop (.ci/run does that in the background).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
doc=$repo/docs/scale.md
venv=${BOARDGAME_K8S_VENV:-${XDG_CACHE_HOME:-${HOME:-/root}/.cache}/boardgame/kubernetes-validate-1.37.0}
kube_version=1.37.0
shards=4
games=8000

start=$SECONDS
fail() {
  echo "test-kubernetes: FAILED: $*" >&2
  exit 1
}

if ! command -v jq >/dev/null 2>&1; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq jq >/dev/null
fi
# shellcheck source=own-dir.sh
. "$repo/scripts/own-dir.sh"
echo "--> kubernetes-validate $kube_version (PyPI) in $venv"
if ! "$venv/bin/kubernetes-validate" --version 2>/dev/null | grep -qF "$kube_version"; then
  # Only a new or empty directory, or a virtualenv this script made (marked), is (re)made:
  # BOARDGAME_K8S_VENV may name anything, and a directory of the user's is refused untouched.
  own_dir "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "kubernetes-validate==$kube_version"
fi
echo "==> kubernetes-validate ready after $((SECONDS - start)) s"
[ -z "${PREPARE_ONLY:-}" ] || exit 0

if [ -z "${BOARDGAME_BIN:-}" ]; then
  cargo build -p boardgame-cli
  BOARDGAME_BIN="${CARGO_TARGET_DIR:-$repo/target}/debug/boardgame"
fi
bin=$(realpath "$BOARDGAME_BIN")
[ -x "$bin" ] || fail "$bin is not an executable"

if [ -n "${BOARDGAME_K8S_DIR:-}" ]; then
  dir=$BOARDGAME_K8S_DIR
  own_dir "$dir"
else
  dir=$(new_own_dir kubernetes-test)
  trap 'remove_own "$dir"' EXIT
fi
mkdir -p "$dir/bin"
ln -s "$bin" "$dir/bin/boardgame"

# extract NAME: the fenced block right after the line `<!-- test-kubernetes: NAME -->`.
extract() {
  awk -v marker="<!-- test-kubernetes: $1 -->" '
    $0 == marker { found = 1; next }
    found == 1 && /^```/ { found = 2; next }
    found == 2 && /^```/ { exit }
    found == 2 { print }
  ' "$doc"
}
for name in simulate-job.yaml merge records-args; do
  extract "$name" >"$dir/$name"
  [ -s "$dir/$name" ] || fail "docs/scale.md has no block marked <!-- test-kubernetes: $name -->"
done

"$bin" simulate thax --games "$games" --seed 42 --threads 1 --quiet --json \
  --records "$dir/unsharded.jsonl" >"$dir/unsharded.json"

"$venv/bin/python" - "$dir" "$shards" "$games" "$kube_version" <<'PY'
import json, math, os, subprocess, sys
import yaml
from kubernetes_validate import validate

dir_, shards, games, kube_version = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]

def fail(message):
    sys.exit(f"test-kubernetes: FAILED: {message}")

with open(f"{dir_}/simulate-job.yaml") as f:
    job = yaml.safe_load(f)
with open(f"{dir_}/records-args") as f:
    records_args = yaml.safe_load(f)
records_job = json.loads(json.dumps(job))
records_job["spec"]["template"]["spec"]["containers"][0]["args"] = records_args

# 1. The schema (strict): raises on an unknown field or a wrong type.
for name, manifest in (("manifest", job), ("manifest with the --records args", records_job)):
    try:
        validate(manifest, kube_version, strict=True)
    except Exception as error:  # the library's ValidationError and its kin
        fail(f"the {name} does not validate against Kubernetes {kube_version}: {error}")
    print(f"schema: the {name} validates against Kubernetes {kube_version} (strict)")
# The check can fail: a misspelt field and a number as a string are refused.
for path, key, value in ((("spec",), "completionsMode", "Indexed"), (("spec",), "completions", "16")):
    broken = json.loads(json.dumps(job))
    broken[path[0]][key] = value
    try:
        validate(broken, kube_version, strict=True)
    except Exception:
        continue
    fail(f"the schema check accepted spec.{key}: {value!r}")
print("schema: a misspelt field and a string for completions are refused")

# 2. What the schema leaves open.
spec = job["spec"]
pod = spec["template"]["spec"]
(container,) = pod["containers"]
env = {e["name"]: e for e in container["env"]}
checks = {
    "kind is batch/v1 Job": job["apiVersion"] == "batch/v1" and job["kind"] == "Job",
    "completionMode is Indexed": spec.get("completionMode") == "Indexed",
    "completions equals SHARDS": spec["completions"] == int(env["SHARDS"]["value"]),
    "parallelism at most completions": spec.get("parallelism", 1) <= spec["completions"],
    "restartPolicy Never or OnFailure": pod["restartPolicy"] in ("Never", "OnFailure"),
    "THREADS from limits.cpu": env["THREADS"]["valueFrom"]["resourceFieldRef"]["resource"]
    == "limits.cpu"
    and "cpu" in container["resources"]["limits"],
    "GAMES and SEED given": "value" in env["GAMES"] and "value" in env["SEED"],
}
for what, ok in checks.items():
    if not ok:
        fail(f"manifest: not true that {what}")
print("manifest:", "; ".join(checks))
with open(f"{dir_}/completions", "w") as f:
    print(spec["completions"], file=f)

# 3. The kubelet's part: each pod's environment, its command and args as printed.
def pod_env(index, count):
    values = {"PATH": f"{dir_}/bin:/usr/bin:/bin", "JOB_COMPLETION_INDEX": str(index)}
    for name, entry in env.items():
        if "value" in entry:
            values[name] = entry["value"]
        else:  # resourceFieldRef limits.cpu, divisor 1: the limit rounded up to whole CPUs
            values[name] = str(math.ceil(float(container["resources"]["limits"]["cpu"])))
    values["SHARDS"], values["GAMES"] = str(count), games  # a small run
    return values

def kubelet_expand(text, mapping):
    """The kubelet's expansion of command and args: `$(NAME)` becomes NAME's value if the
    container defines it, `$$` becomes `$`, anything else is left as it is."""
    out, i = [], 0
    while i < len(text):
        if text.startswith("$$", i):
            out.append("$")
            i += 2
        elif text.startswith("$(", i) and text.find(")", i) != -1:
            end = text.find(")", i)
            name = text[i + 2 : end]
            out.append(mapping.get(name, text[i : end + 1]))
            i = end + 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)

def run_pod(index, args=None):
    values = pod_env(index, shards)
    argv = [kubelet_expand(a, values) for a in container["command"] + (args or container["args"])]
    done = subprocess.run(argv, env=values, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True)
    return done.returncode, done.stdout

logs = []
for index in range(shards):
    status, log = run_pod(index)
    if status != 0:
        fail(f"pod {index} exited {status}: {log}")
    logs.append(log)
with open(f"{dir_}/logs", "w") as f:
    f.write("".join(reversed(logs)))
# An extra pod (completions larger than SHARDS) fails, and its log is not a summary.
status, extra = run_pod(shards)
if status == 0:
    fail("a pod with JOB_COMPLETION_INDEX = SHARDS succeeded")
with open(f"{dir_}/logs-with-failed-pod", "w") as f:
    f.write("".join(logs) + extra)
# A missing pod in the middle: the gap.
with open(f"{dir_}/logs-without-pod-1", "w") as f:
    f.write("".join(logs[:1] + logs[2:]))
print(f"pods: {shards} pods ran; an extra pod failed with: {extra.splitlines()[0]}")

# 4. The --records args, /data in a temporary directory.
data = f"{dir_}/data"
os.makedirs(data)
local_args = [a.replace("/data/", f"{data}/") for a in records_args]
for index in range(shards):
    status, log = run_pod(index, local_args)
    if status != 0:
        fail(f"pod {index} with --records exited {status}: {log}")
names = sorted(os.listdir(data))
wanted = sorted(f"records-{k}.jsonl" for k in range(1, shards + 1))
if names != wanted:
    fail(f"/data holds {names}, not {wanted}")
with open(f"{dir_}/records.jsonl", "wb") as out:
    for k in range(1, shards + 1):
        with open(f"{data}/records-{k}.jsonl", "rb") as part:
            out.write(part.read())
PY

cmp "$dir/unsharded.jsonl" "$dir/records.jsonl" ||
  fail "the pods' records, in shard order, differ from the unsharded run's"
echo "records: the $shards pods' files, in shard order, are byte-identical to the unsharded run's"

# The doc's last block, as printed, with a kubectl that serves the pods' logs.
logs_file=$dir/logs
kubectl() {
  case $1 in
    apply | wait) echo "kubectl $* (stand-in: nothing to do)" >&2 ;;
    logs)
      grep -q -- "-l job-name=thax-sim " <<<"$* " || fail "kubectl logs does not select job thax-sim"
      local max
      max=$(sed -n 's/.*--max-log-requests=\([0-9]*\).*/\1/p' <<<"$*")
      # kubectl's default is 5; the doc says it must be at least the number of pods.
      [ "${max:-5}" -ge "$(cat "$dir/completions")" ] ||
        fail "--max-log-requests=${max:-5} is below the manifest's completions"
      cat "$logs_file" ;;
    *) fail "unexpected kubectl $*" ;;
  esac
}
export PATH="$dir/bin:$PATH"
# shellcheck disable=SC1091 # the doc's block, extracted above
(cd "$dir" && . ./merge) >"$dir/merged.txt"
grep -q . "$dir/merged.txt" || fail "the doc's merge block printed nothing"
echo "merge block: printed $(wc -l <"$dir/merged.txt") lines"

canonical() { jq -S -c 'del(.shard, .threads, .seconds, .games_per_sec, .plies_per_sec)'; }
"$bin" merge --json - <"$dir/logs" | canonical >"$dir/merged.canonical"
canonical <"$dir/unsharded.json" >"$dir/unsharded.canonical"
cmp -s "$dir/unsharded.canonical" "$dir/merged.canonical" ||
  fail "the pods' merged summary differs from the unsharded run"
echo "merge: the $shards pods' summaries merge into the unsharded run's (but shard, timing)"
for bad in logs-with-failed-pod logs-without-pod-1; do
  set +e
  "$bin" merge - <"$dir/$bad" >/dev/null 2>"$dir/$bad.err"
  status=$?
  set -e
  [ "$status" -eq 1 ] || fail "merge of $bad exited $status, not 1"
  echo "merge of $bad refused: $(head -n 1 "$dir/$bad.err")"
done

echo "==> test-kubernetes: passed in $((SECONDS - start)) s"
