#!/usr/bin/env bash
# Mutation testing of the rules logic with cargo-mutants (see docs/testing.md).
#
#   scripts/mutants.sh                     every rules crate, shard 0/8 (the documented sample)
#   scripts/mutants.sh parchis             one crate (its directory under crates/), shard 0/8
#   scripts/mutants.sh parchis 3/8         one crate, another shard
#   scripts/mutants.sh ataxx 0/8 --in-place  more arguments go to cargo-mutants (here: mutate this
#                                          checkout and reuse its target/, no copy, no cold build)
#
#   scripts/mutants.sh full                every mutant of every rules crate, shard by shard, in
#                                          place, recorded shard by shard in docs/mutants/; run
#                                          it again, in any session, to resume. Only in a clone
#                                          nobody edits: see below.
#   scripts/mutants.sh record              record the finished shards of an interrupted `full`
#                                          (of this commit) without running more
#   scripts/mutants.sh retest [CRATE]      run the recorded survivors again (after a new test in
#                                          crates/<crate>/tests/) and update their records
#   scripts/mutants.sh summary             the per-crate table of the records, and the survivors
#                                          (those listed in docs/mutants/equivalent.txt apart)
#   MUTANTS_REVERSE=1 scripts/mutants.sh full   the shards from the last to the first (a second
#                                          run, in a second clone, beside the first)
#
# One shard: results go to mutants.out/<crate>/ (caught.txt, missed.txt, timeout.txt,
# unviable.txt). Exit status: 0 if every viable mutant was caught, 2 if some were missed.
#
# The full run (`full`): $MUTANTS_SHARDS shards per crate (default 16), in the order shard 0 of
# every crate, shard 1 of every crate, … so a partial run covers each crate alike, with
# `--baseline=skip --timeout 300` (main's suites pass in CI). Each finished shard is written to
# $MUTANTS_RESULTS/<crate>/<k>-of-<n>.txt (default docs/mutants, committed): one line per
# mutant (its outcome, a tab, its name) under a header whose `fingerprint` is a hash of what
# the outcomes depend on besides the crate's tests (see `fingerprint` below). A shard whose
# record has the current fingerprint is skipped, so records made at an earlier commit, on
# another machine, still count while the rules code is the same. cargo-mutants' own output and
# logs go to $MUTANTS_WORK_DIR/<commit>/<crate>/<k>-of-<n>/ (default mutants.out/full, ignored).
# The run mutates the sources in place (the build is reused from one mutant to the next), so
# the rules code must be committed and not edited while the run goes on: use a clone, e.g.
#   git clone /path/to/repo /work/mutrun && cd /work/mutrun
#   nice -n 19 scripts/mutants.sh full >mutants.out/full.log 2>&1 &
# then copy its docs/mutants/ into the repository and commit it. A shard that was interrupted
# is run again from its start. If the run was killed hard, the mutant it was testing may still
# be in a source file: `git diff` shows it, and `git checkout -- crates` takes it back out.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=own-dir.sh
. scripts/own-dir.sh

# The rules crates, by directory under crates/ (their package names are read from Cargo.toml).
rules_crates=(boardgame-core ataxx thax parchis co-ca-ngua)
results_dir=${MUTANTS_RESULTS:-docs/mutants}
# The survivors that are equivalent mutants, by exact name (reasons in docs/testing.md).
equivalents_file=$results_dir/equivalent.txt
work_dir=${MUTANTS_WORK_DIR:-mutants.out/full}
shards=${MUTANTS_SHARDS:-16}
# The arguments of every full-run shard. The baselines are skipped: main's suites pass in CI,
# and 80 baseline runs would cost an hour. 300 s bounds a mutant that makes a test loop.
full_args=(--baseline=skip --timeout 300)

# The package name of crates/$1 (the name itself if there is no such directory).
package_of() {
  if [ -f "crates/$1/Cargo.toml" ]; then
    sed -n '/^\[package\]/,/^\[/s/^name *= *"\(.*\)"/\1/p' "crates/$1/Cargo.toml" | head -n 1
  else
    echo "$1"
  fi
}

die() {
  echo "mutants.sh: $*" >&2
  exit 1
}

install_tools() {
  if ! command -v cargo-mutants >/dev/null 2>&1; then
    cargo install cargo-mutants --locked
  fi
  if ! command -v cargo-nextest >/dev/null 2>&1; then # .cargo/mutants.toml: test_tool = "nextest"
    cargo install cargo-nextest --locked
  fi
}

# Lines of an outcome list of cargo-mutants (0 if the list is not there).
count() {
  if [ -f "$1" ]; then wc -l <"$1"; else echo 0; fi
}

# The paths whose contents decide the outcome of crates/$1's mutants, besides its tests.
fingerprint_paths() {
  local c=$1
  echo "crates/$c/src" "crates/$c/Cargo.toml"
  [ "$c" = boardgame-core ] || echo crates/boardgame-core/src crates/boardgame-core/Cargo.toml
  echo Cargo.lock .cargo/mutants.toml .cargo/config.toml
}

# A hash of what the outcomes of crates/$1's mutants depend on besides its tests: its sources
# and manifest and those of boardgame-core (every rules crate builds on it), as committed; the
# versions of its resolved dependencies (normal and dev); the cargo-mutants settings and
# version; the arguments of the run. The tests in crates/$1/tests are left out on purpose: a
# new test can only catch more mutants, so records stay valid when one is added (`retest`
# updates their survivors); each record keeps the tests' tree, and `summary` says which
# records are older than the tests. Unit tests in src/ are part of the sources.
fingerprint() {
  local c=$1 p
  {
    for p in $(fingerprint_paths "$c"); do
      echo "$p $(git rev-parse "HEAD:$p")"
    done
    # Without the `(path)` of workspace crates, which differs from one clone to the next.
    cargo tree --quiet --locked -p "$(package_of "$c")" --all-features -e normal,dev --prefix none |
      sed 's/ (.*)$//' | sort -u
    cargo mutants --version
    echo "shards $shards args ${full_args[*]}"
  } | git hash-object --stdin
}

# Dies unless the paths of every rules crate's fingerprint are committed as they are.
require_committed_rules() {
  local c paths=()
  for c in "${rules_crates[@]}"; do
    read -ra more <<<"$(fingerprint_paths "$c" | tr '\n' ' ')"
    paths+=("${more[@]}" "crates/$c/tests")
  done
  if [ -n "$(git status --porcelain -- "${paths[@]}")" ]; then
    git status --short -- "${paths[@]}" >&2
    die "the rules code has changes; a full run mutates committed code in place (if this is a mutant left by a killed run, 'git checkout -- crates' removes it)"
  fi
}

record_of() { echo "$results_dir/$1/$2-of-$shards.txt"; }

# The value of header field $2 of record $1 ("" if there is no such record or field).
header() { sed -n "s/^# $2 //p" "$1" 2>/dev/null | head -n 1; }

# `write_record CRATE K RAW_DIR SECONDS FINGERPRINT`: the record of a finished shard.
write_record() {
  local c=$1 k=$2 sd=$3 secs=$4 fp=$5 out kind
  out=$(record_of "$c" "$k")
  mkdir -p "$(dirname "$out")"
  {
    echo "# cargo mutants --package $(package_of "$c") --shard $k/$shards --no-shuffle --in-place ${full_args[*]}"
    echo "# fingerprint $fp"
    echo "# tests $(git rev-parse "HEAD:crates/$c/tests")"
    echo "# commit $(git rev-parse HEAD)"
    echo "# tool $(cargo mutants --version)"
    echo "# finished $(date -u -r "$sd/done" +%FT%TZ)"
    echo "# seconds $secs"
    for kind in caught missed timeout unviable; do
      if [ -f "$sd/mutants.out/$kind.txt" ]; then
        sed "s/^/$kind\t/" "$sd/mutants.out/$kind.txt"
      fi
    done
  } >"$out.tmp"
  mv "$out.tmp" "$out"
}

# Every shard of every rules crate whose record is missing or stale; with `record-only`, only
# record the shards of this commit that finished in $work_dir and run nothing.
full_run() {
  local mode=$1 head raw k c sd start status fp
  local -A fps
  require_committed_rules
  head=$(git rev-parse HEAD)
  raw=$work_dir/$head
  mkdir -p "$raw"
  exec 9>"$work_dir/lock"
  flock -n 9 || die "another full run is using $work_dir"
  for c in "${rules_crates[@]}"; do
    fps[$c]=$(fingerprint "$c")
  done
  # MUTANTS_REVERSE=1: the last shard first, for a second run in another clone (one core
  # each) that meets the first in the middle; copy both clones' records into the repository.
  local order
  if [ -n "${MUTANTS_REVERSE:-}" ]; then order=$(seq $((shards - 1)) -1 0); else order=$(seq 0 $((shards - 1))); fi
  for k in $order; do
    for c in "${rules_crates[@]}"; do
      fp=${fps[$c]}
      [ "$(header "$(record_of "$c" "$k")" fingerprint)" = "$fp" ] && continue
      sd=$raw/$c/$k-of-$shards
      if [ -f "$sd/done" ]; then
        write_record "$c" "$k" "$sd" "$(awk '{print $3}' "$sd/done")" "$fp"
        echo "recorded $c shard $k/$shards (run earlier at this commit)"
        continue
      fi
      [ "$mode" = run ] || continue
      own_dir "$sd" # a shard interrupted earlier starts again; anything not ours is refused
      start=$(date +%s)
      echo "== $c, shard $k/$shards ($(date -u +%T) UTC)"
      set +e
      cargo mutants --package "$(package_of "$c")" --shard "$k/$shards" --output "$sd" \
        --no-shuffle --in-place "${full_args[@]}" >"$sd/log" 2>&1
      status=$?
      set -e
      case $status in
        0 | 2 | 3) # all caught, some missed, some timed out: the shard was run to its end
          echo "$status $(date -u +%FT%TZ) $(($(date +%s) - start))" >"$sd/done"
          write_record "$c" "$k" "$sd" "$(($(date +%s) - start))" "$fp"
          for kind in caught missed timeout unviable; do
            printf '%s: %s  ' "$kind" "$(count "$sd/mutants.out/$kind.txt")"
          done
          echo
          ;;
        *)
          tail -n 20 "$sd/log" >&2
          die "cargo-mutants stopped with status $status in $sd (log: $sd/log); run again to resume"
          ;;
      esac
    done
  done
}

# Lines of record $1 with outcome $2.
outcomes() { grep -c "^$2	" "$1" || true; }

# The survivors named in $equivalents_file, one exact mutant name per line (no comments).
listed_equivalents() { grep -v -e '^#' -e '^$' "$equivalents_file" 2>/dev/null || true; }

# The names of the survivors (missed or timed out) of record $1, one per line.
survivors_of() { sed -n 's/^\(missed\|timeout\)	//p' "$1"; }

# How many survivors of record $1 are listed equivalents.
equivalent_survivors() { survivors_of "$1" | grep -c -x -F -f <(listed_equivalents) || true; }

# `percent A B`: A / B as a percentage with one decimal, or "–" when B is 0.
percent() { awk -v a="$1" -v b="$2" 'BEGIN { if (b) printf "%.1f %%", 100 * a / b; else print "–" }'; }

# The per-crate table of the records that match the code as it is, then the survivors.
summary() {
  local c k f fp n_rec total caught missed timeout unviable secs tests viable pct older stale
  local equivalent pct_real unexplained=0
  local all=(0 0 0 0 0 0 0 0 0)
  echo "records in $results_dir, $shards shards per crate, ${full_args[*]}"
  echo
  echo "| crate | shards recorded | mutants recorded (of the crate's) | caught | missed | timeout | unviable | caught / viable | listed equivalent | caught / (viable − equivalent) | time |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|"
  stale="" older=""
  for c in "${rules_crates[@]}"; do
    fp=$(fingerprint "$c")
    total=$(cargo mutants --package "$(package_of "$c")" --list | wc -l)
    tests=$(git rev-parse "HEAD:crates/$c/tests")
    n_rec=0 caught=0 missed=0 timeout=0 unviable=0 secs=0 equivalent=0
    for ((k = 0; k < shards; k++)); do
      f=$(record_of "$c" "$k")
      [ -f "$f" ] || continue
      if [ "$(header "$f" fingerprint)" != "$fp" ]; then
        stale+="  $f (the rules code or settings changed since commit $(header "$f" commit))"$'\n'
        continue
      fi
      [ "$(header "$f" tests)" = "$tests" ] || older+="  $f"$'\n'
      n_rec=$((n_rec + 1))
      caught=$((caught + $(outcomes "$f" caught)))
      missed=$((missed + $(outcomes "$f" missed)))
      timeout=$((timeout + $(outcomes "$f" timeout)))
      unviable=$((unviable + $(outcomes "$f" unviable)))
      equivalent=$((equivalent + $(equivalent_survivors "$f")))
      secs=$((secs + $(header "$f" seconds)))
    done
    viable=$((caught + missed + timeout))
    pct=$(percent "$caught" "$viable")
    pct_real=$(percent "$caught" $((viable - equivalent)))
    echo "| $c | $n_rec / $shards | $((viable + unviable)) ($total) | $caught | $missed | $timeout | $unviable | $pct | $equivalent | $pct_real | $((secs / 60)) min |"
    all=($((all[0] + n_rec)) $((all[1] + viable + unviable)) $((all[2] + total)) $((all[3] + caught))
      $((all[4] + missed)) $((all[5] + timeout)) $((all[6] + unviable)) $((all[7] + secs))
      $((all[8] + equivalent)))
  done
  viable=$((all[3] + all[4] + all[5]))
  pct=$(percent "${all[3]}" "$viable")
  pct_real=$(percent "${all[3]}" $((viable - all[8])))
  echo "| **all** | ${all[0]} / $((shards * ${#rules_crates[@]})) | ${all[1]} (${all[2]}) | ${all[3]} | ${all[4]} | ${all[5]} | ${all[6]} | $pct | ${all[8]} | $pct_real | $((all[7] / 60)) min |"
  echo
  echo "A timeout counts as not caught. 'listed equivalent': survivors named in $equivalents_file."
  # shellcheck disable=SC2016 # the backquotes are Markdown, printed as they are
  [ -z "$stale" ] || printf 'Stale records, not counted (run `full` again to replace them):\n%s' "$stale"
  # shellcheck disable=SC2016 # the backquotes are Markdown, printed as they are
  [ -z "$older" ] || printf 'Counted, but made before the current tests (`retest` runs their survivors again):\n%s' "$older"
  echo "Survivors of the counted records (outcome, shard, mutant; '*' marks a listed equivalent):"
  local outcome name mark survivors=""
  for c in "${rules_crates[@]}"; do
    fp=$(fingerprint "$c")
    for ((k = 0; k < shards; k++)); do
      f=$(record_of "$c" "$k")
      if [ ! -f "$f" ] || [ "$(header "$f" fingerprint)" != "$fp" ]; then continue; fi
      while IFS=$'\t' read -r outcome name; do
        if listed_equivalents | grep -q -x -F -e "$name"; then
          mark='*'
        else
          mark=' ' unexplained=$((unexplained + 1))
        fi
        echo "$mark $outcome  $c $k/$shards  $name"
        survivors+="$name"$'\n'
      done < <(grep -E '^(missed|timeout)	' "$f" || true)
    done
  done
  echo "$unexplained survivors neither caught nor listed as equivalent."
  # A listed name that no counted record has as a survivor: caught now, or the code moved.
  listed_equivalents | grep -v -x -F -f <(printf '%s\n' "$survivors") |
    sed 's/^/listed as equivalent but no counted survivor: /' || true
  return 0
}

# Runs the recorded survivors (missed or timed out) of crate $1, or of every rules crate, once
# more with the current tests, and marks those now caught in their records.
retest() {
  local c k f fp name status sd re=() caught crates=("$@")
  [ $# -gt 0 ] || crates=("${rules_crates[@]}")
  require_committed_rules
  for c in "${crates[@]}"; do
    [ -d "crates/$c" ] || die "no rules crate crates/$c"
    fp=$(fingerprint "$c")
    re=()
    for ((k = 0; k < shards; k++)); do
      f=$(record_of "$c" "$k")
      [ "$(header "$f" fingerprint)" = "$fp" ] || continue
      while IFS= read -r name; do
        # The whole name, as a regex matching only itself.
        # shellcheck disable=SC2016 # a sed program, not a shell expansion
        re+=(--re "^$(printf '%s' "$name" | sed 's/[][\\.*^$(){}?+|]/\\&/g')\$")
      done < <(survivors_of "$f")
    done
    if [ ${#re[@]} -eq 0 ]; then
      echo "$c: no recorded survivor"
      continue
    fi
    sd=$work_dir/retest/$c
    own_dir "$sd"
    echo "== $c: $((${#re[@]} / 2)) recorded survivors"
    set +e
    cargo mutants --package "$(package_of "$c")" --output "$sd" --no-shuffle --in-place \
      "${full_args[@]}" "${re[@]}" >"$sd/log" 2>&1
    status=$?
    set -e
    case $status in 0 | 2 | 3) ;; *) tail -n 20 "$sd/log" >&2; die "cargo-mutants stopped with status $status (log: $sd/log)" ;; esac
    caught=$(count "$sd/mutants.out/caught.txt")
    echo "$c: $caught now caught, $(count "$sd/mutants.out/missed.txt") missed, $(count "$sd/mutants.out/timeout.txt") timeout"
    [ "$caught" -gt 0 ] || continue
    for ((k = 0; k < shards; k++)); do
      f=$(record_of "$c" "$k")
      [ "$(header "$f" fingerprint)" = "$fp" ] || continue
      awk -F'\t' -v caught="$sd/mutants.out/caught.txt" -v when="$(date -u +%FT%TZ)" \
        -v tests="$(git rev-parse "HEAD:crates/$c/tests")" '
        BEGIN { while ((getline line < caught) > 0) now[line] = 1 }
        /^# tests / { print "# tests " tests; next }
        /^# seconds / { print; print "# retested " when ": the survivors ran again with the tests above; the other outcomes are of the commit above"; next }
        /^# retested / { next }
        ($1 == "missed" || $1 == "timeout") && ($2 in now) { print "caught\t" $2; next }
        { print }' "$f" >"$f.tmp"
      mv "$f.tmp" "$f"
    done
  done
}

case ${1:-all} in
  summary)
    install_tools
    summary
    exit 0
    ;;
  full | record)
    install_tools
    if [ "$1" = full ]; then full_run run; else full_run record-only; fi
    summary
    exit 0
    ;;
  retest)
    shift
    install_tools
    retest "$@"
    summary
    exit 0
    ;;
esac

crate=${1:-all}
shard=${2:-0/8}
shift $(($# < 2 ? $# : 2))
if [ "$crate" = all ]; then
  crates=("${rules_crates[@]}")
else
  crates=("$crate")
fi
install_tools

status=0
for c in "${crates[@]}"; do
  echo "== $c, shard $shard"
  mkdir -p "mutants.out/$c"
  cargo mutants --package "$(package_of "$c")" --shard "$shard" --output "mutants.out/$c" \
    --no-shuffle "$@" || status=$?
  for kind in caught missed timeout unviable; do
    printf '%s: %s  ' "$kind" "$(count "mutants.out/$c/mutants.out/$kind.txt")"
  done
  echo
done
exit "$status"
