#!/usr/bin/env bash
# A match between two UAI Ataxx engines in cuteataxx, with the result read from the PGN and
# the log (cuteataxx exits 0 even when a game went wrong). A developer tool, not part of CI;
# the rig is built outside the repository (docs/uai.md, "Matches against other engines").
#
# usage: scripts/match.sh ENGINE_CMD REF_CMD GAMES TC
#   ENGINE_CMD, REF_CMD  an engine command line: a program and its arguments
#                        (e.g. "target/release/boardgame uai"); ENGINE_CMD is the one scored
#   GAMES                games in all; each opening is played twice, colours swapped
#   TC                   TIME+INC in ms (1000+50), movetime=MS, nodes=N or depth=N
#
# environment:
#   CUTEATAXX        the cuteataxx-cli binary (required)
#   ATAXX_OPENINGS   an openings file, one FEN a line (required; e.g. res/openings/ply3_fair.txt)
#   MATCH_DIR        where settings.json, games.pgn and cuteataxx.log go (default: a new
#                    directory under ${TMPDIR:-/tmp})
#   ENGINE_NAME, REF_NAME   names in the PGN (default: from the commands)
#   MATCH_HASH       the Hash option sent to both engines in MiB (default 16)
#   ENGINE_OPTIONS, REF_OPTIONS   more UAI options for one engine, NAME=VALUE separated by
#                    commas (e.g. ENGINE_OPTIONS=Threads=2,EvalFile=/tmp/net.nnue)
#   SPRT_ELO0, SPRT_ELO1    the hypotheses of the printed log-likelihood ratio (default 0, 5)
#   MATCH_TIMEOUT    seconds the whole match may take before cuteataxx and its engines are
#                    ended (default: 10 minutes per game, enough for any time control the
#                    rig runs; 1000+50 games last about 15 s)
#   REF_TC           a time control for REF_CMD alone: movetime=MS, nodes=N or depth=N (time
#                    odds: e.g. TC 1000+50 and REF_TC movetime=12). Not TIME+INC: cuteataxx
#                    bbbe725 keeps a copy of both clocks per engine, each started from that
#                    engine's own time control, and judges a flag on the mover's copy, so with
#                    two different TIME+INC controls an engine loses on time by the other
#                    engine's clock (docs/reference-engines.md)
#
# cuteataxx runs in its own process group with concurrency 1, and the group is ended by its
# id afterwards (an engine left behind without its runner may spin on end of input). The
# settings leave out the `easyfill` key (its presence alone switches the adjudication on),
# `material` and `gamelength`: every game ends by the rules.
set -euo pipefail

die() {
    echo "match.sh: $*" >&2
    exit 2
}

[[ $# -eq 4 ]] || die "usage: scripts/match.sh ENGINE_CMD REF_CMD GAMES TC (see the comments in the script)"
engine_cmd=$1
ref_cmd=$2
games=$3
tc=$4

[[ -n ${CUTEATAXX:-} ]] || die "set CUTEATAXX to the cuteataxx-cli binary (its build: docs/uai.md)"
[[ -x $CUTEATAXX ]] || die "CUTEATAXX=$CUTEATAXX is not an executable file"
[[ -n ${ATAXX_OPENINGS:-} ]] || die "set ATAXX_OPENINGS to an openings file (cuteataxx's res/openings/ply3_fair.txt)"
[[ -r $ATAXX_OPENINGS ]] || die "ATAXX_OPENINGS=$ATAXX_OPENINGS is not a readable file"
[[ $games =~ ^[1-9][0-9]*$ ]] || die "GAMES must be a positive whole number, not '$games'"
match_timeout=${MATCH_TIMEOUT:-$((games * 600))}
[[ $match_timeout =~ ^[1-9][0-9]*$ ]] || die "MATCH_TIMEOUT must be a positive whole number of seconds, not '$match_timeout'"
command -v python3 >/dev/null || die "python3 is needed to read the results"

# A time control in cuteataxx's JSON, or an error naming the variable it came from.
tc_to_json() {
    local tc=$1 what=$2 time_ms inc_ms value
    case $tc in
        *+*)
            time_ms=${tc%%+*}
            inc_ms=${tc#*+}
            [[ $time_ms =~ ^[0-9]+$ && $inc_ms =~ ^[0-9]+$ ]] || die "$what '$tc': TIME+INC in whole ms"
            printf '{"time": %s, "inc": %s}' "$time_ms" "$inc_ms"
            ;;
        movetime=* | nodes=* | depth=*)
            value=${tc#*=}
            [[ $value =~ ^[1-9][0-9]*$ ]] || die "$what '$tc': a positive whole number after '='"
            printf '{"%s": %s}' "${tc%%=*}" "$value"
            ;;
        *) die "$what '$tc' is none of TIME+INC, movetime=MS, nodes=N, depth=N" ;;
    esac
}
tc_json=$(tc_to_json "$tc" TC) || exit 2
ref_tc_json=null
if [[ -n ${REF_TC:-} ]]; then
    [[ $REF_TC != *+* ]] || die "REF_TC '$REF_TC': TIME+INC for one engine is judged wrongly by cuteataxx; use movetime=MS, nodes=N or depth=N"
    ref_tc_json=$(tc_to_json "$REF_TC" REF_TC) || exit 2
fi

# An engine command as cuteataxx wants it: an absolute program path and an argument string.
split_command() {
    local program rest
    read -r program rest <<<"$1"
    [[ -n $program ]] || die "an empty engine command"
    local resolved
    resolved=$(command -v -- "$program") || die "engine program '$program' not found"
    resolved=$(realpath -- "$resolved")
    [[ -x $resolved ]] || die "engine program '$resolved' is not executable"
    printf '%s\n%s\n' "$resolved" "$rest"
}
mapfile -t engine_parts < <(split_command "$engine_cmd")
mapfile -t ref_parts < <(split_command "$ref_cmd")
[[ ${#engine_parts[@]} -ge 1 && ${#ref_parts[@]} -ge 1 ]] || exit 2

engine_name=${ENGINE_NAME:-$(basename -- "${engine_parts[0]}")}
ref_name=${REF_NAME:-$(basename -- "${ref_parts[0]}")}
if [[ $engine_name == "$ref_name" ]]; then
    engine_name="$engine_name-1"
    ref_name="$ref_name-2"
fi

dir=${MATCH_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/match.XXXXXX")}
mkdir -p -- "$dir"
dir=$(realpath -- "$dir")
[[ ! -e $dir/games.pgn ]] || die "$dir/games.pgn exists already: use a fresh MATCH_DIR"

# The settings, written by Python so that every string is quoted as JSON.
python3 -c '
import json, sys
(path, games, tc, ref_tc, openings, pgn, hash_mb,
 name1, prog1, args1, name2, prog2, args2, opts1, opts2) = sys.argv[1:]
def options(text):
    pairs = [item.split("=", 1) for item in text.split(",") if item.strip()]
    if any(len(p) != 2 or not p[0].strip() for p in pairs):
        sys.exit(f"match.sh: options must be NAME=VALUE separated by commas, not {text!r}")
    return {name.strip(): value.strip() for name, value in pairs}
settings = {
    "games": int(games),
    "concurrency": 1,
    "ratinginterval": 10,
    "verbose": False,
    "debug": False,
    "colour1": "Black",
    "colour2": "White",
    "tournament": "roundrobin",
    "print_early": True,
    "adjudicate": {"timeout_buffer": 25},
    "openings": {"path": openings, "repeat": True, "shuffle": False},
    "timecontrol": json.loads(tc),
    "options": {"hash": hash_mb, "threads": "1"},
    "pgn": {"enabled": True, "verbose": True, "override": False, "path": pgn, "event": "match.sh"},
    "engines": [
        {"name": name1, "path": prog1, "arguments": args1, "protocol": "UAI", "options": options(opts1)},
        {"name": name2, "path": prog2, "arguments": args2, "protocol": "UAI", "options": options(opts2)},
    ],
}
if json.loads(ref_tc) is not None:
    settings["engines"][1]["timecontrol"] = json.loads(ref_tc)
with open(path, "w") as f:
    json.dump(settings, f, indent=2)
' "$dir/settings.json" "$games" "$tc_json" "$ref_tc_json" "$(realpath -- "$ATAXX_OPENINGS")" "$dir/games.pgn" \
    "${MATCH_HASH:-16}" "$engine_name" "${engine_parts[0]}" "${engine_parts[1]:-}" \
    "$ref_name" "${ref_parts[0]}" "${ref_parts[1]:-}" "${ENGINE_OPTIONS:-}" "${REF_OPTIONS:-}" ||
    die "could not write the settings"

echo "match.sh: $engine_name vs $ref_name, $games games at $tc${REF_TC:+ (for $ref_name: $REF_TC)}; settings, log and PGN in $dir"
echo "match.sh: load before: $(uptime)"

# cuteataxx in its own process group (setsid execs in place here: a background job of a
# script is not a group leader), ended by the group id whatever happens.
setsid "$CUTEATAXX" "$dir/settings.json" >"$dir/cuteataxx.log" 2>&1 &
runner=$!
end_group() {
    kill -TERM -- "-$runner" 2>/dev/null || true
    sleep 0.2
    kill -KILL -- "-$runner" 2>/dev/null || true
}
trap 'end_group; exit 130' INT TERM
status=0
# shellcheck source=wait-within.sh
. "$(dirname "$0")/wait-within.sh"
wait_within "$match_timeout" "$runner" "cuteataxx (MATCH_TIMEOUT=$match_timeout s)" || status=$?
trap - INT TERM
end_group
echo "match.sh: load after: $(uptime)"
echo "match.sh: cuteataxx exited with status $status (it exits 0 even after a failed game)"

python3 -c '
import math, re, sys
pgn_path, log_path, me, games, elo0, elo1 = sys.argv[1:]
games, elo0, elo1 = int(games), float(elo0), float(elo1)
try:
    text = open(pgn_path, encoding="utf-8", errors="replace").read()
except FileNotFoundError:
    text = ""
log = open(log_path, encoding="utf-8", errors="replace").read()
wins = losses = draws = unfinished = 0
errors = []
for block in re.split(r"\n(?=\[Event )", text.strip()):
    if not block.strip():
        continue
    tags = dict(re.findall(r"^\[(\w+) \"(.*)\"\]$", block, re.M))
    result = tags.get("Result", "*")
    reason = tags.get("Adjudicated", "")
    if reason in ("Out of time", "Illegal move", "*") or result == "*":
        loser = tags.get("Loser", "?")
        errors.append(f"game {wins + losses + draws + unfinished + 1}: {reason or result} (loser {loser})")
    if result == "1/2-1/2":
        draws += 1
    elif result in ("1-0", "0-1"):
        if tags.get("Winner") == me:
            wins += 1
        else:
            losses += 1
    else:
        unfinished += 1
for line in log.splitlines():
    low = line.lower()
    if any(w in low for w in ("illegal", "error", "exception", "crash", "terminate", "what()")):
        errors.append("log: " + line.strip()[:200])
n = wins + losses + draws
if n < games:
    errors.append(f"only {n} of {games} games finished")
print(f"games {n}  W/L/D {wins}/{losses}/{draws}  (for {me})")
if n == 0:
    print("no finished game")
    sys.exit(1)
s = (wins + draws / 2) / n
var = (wins * (1 - s) ** 2 + losses * s ** 2 + draws * (0.5 - s) ** 2) / n
se = math.sqrt(var / n)
lo, hi = max(s - 1.96 * se, 1e-9), min(s + 1.96 * se, 1 - 1e-9)
elo = lambda p: -400 * math.log10(1 / min(max(p, 1e-9), 1 - 1e-9) - 1)
print(f"score {100 * s:.1f}%  95% [{100 * lo:.1f}%, {100 * hi:.1f}%]")
print(f"elo {elo(s):+.1f}  95% [{elo(lo):+.1f}, {elo(hi):+.1f}]")
decisive = wins + losses
los = 0.5 * (1 + math.erf((wins - losses) / math.sqrt(2 * decisive))) if decisive else 0.5
print(f"LOS {100 * los:.1f}%")
if var > 0:
    # The normal approximation of the GSPRT log-likelihood ratio (as fishtest-like tools).
    p0 = 1 / (1 + 10 ** (-elo0 / 400))
    p1 = 1 / (1 + 10 ** (-elo1 / 400))
    llr = n * (p1 - p0) * (2 * s - p0 - p1) / (2 * var)
    print(f"LLR {llr:+.2f} for elo0 {elo0:g}, elo1 {elo1:g} (bounds -2.94, +2.94 at alpha = beta = 0.05)")
print("errors: none" if not errors else "errors:\n  " + "\n  ".join(errors))
sys.exit(1 if errors else 0)
' "$dir/games.pgn" "$dir/cuteataxx.log" "$engine_name" "$games" "${SPRT_ELO0:-0}" "${SPRT_ELO1:-5}"
