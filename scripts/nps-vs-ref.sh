#!/usr/bin/env bash
# Nodes per second of two UAI Ataxx engines on the bench positions of `boardgame-uai bench`, in one
# run: each position is searched with the same limit by one engine and then by the other, so
# both see the same machine and load. A developer tool, not part of CI (docs/uai.md).
#
# usage: scripts/nps-vs-ref.sh ENGINE_CMD REF_CMD LIMIT
#   ENGINE_CMD, REF_CMD  engine command lines (e.g. "target/release/boardgame-uai" and the
#                        tiktaxx binary of the rig); the ratio printed is ENGINE / REF
#   LIMIT                DEPTH, for `go depth DEPTH` on every position (1..=20), or
#                        nodes=N, for `go nodes N` (1..=10^10; tiktaxx ignores `go nodes`
#                        and plays at once: give it a depth)
#
# environment:
#   BOARDGAME_UAI   the `boardgame-uai` binary whose `bench 1 --verbose` lists the positions
#                   (default: target/release/boardgame-uai)
#   NPS_HASH    the Hash option sent to both engines in MiB (default 16)
#   ENGINE_OPTIONS, REF_OPTIONS   more UAI options for one engine, NAME=VALUE separated by
#                   commas (e.g. ENGINE_OPTIONS=Eval=handcrafted), sent after Hash
#   NPS_TIMEOUT     seconds an engine may take for one search before the script gives up
#                   (default 600); `uaiok` and `readyok` must come within 10 s
#
# Each engine runs in a process group of its own, and the whole group is ended when the script
# ends (an engine behind a wrapper script is ended too); a line longer than 64 KiB is an
# error, and so is an answer that does not come in time (issue 52, defect 6).
#
# Each engine counts nodes its own way, and reports its own time: the script prints the
# engine's figures (the `nodes` and `time` of its last `info` line before `bestmove`), the
# wall time from writing `go` to reading `bestmove`, and the CPU time the engine's process
# used meanwhile (user + system, from /proc; the like-for-like figure when engines time
# themselves differently, or when the machine is busy). Both engines get `Hash`, and each
# search starts from `uainewgame`.
set -euo pipefail

die() {
    echo "nps-vs-ref.sh: $*" >&2
    exit 2
}

[[ $# -eq 3 ]] || die "usage: scripts/nps-vs-ref.sh ENGINE_CMD REF_CMD LIMIT"
if [[ $3 =~ ^[1-9][0-9]*$ && ${#3} -le 2 && $3 -le 20 ]]; then
    limit="depth $3"
elif [[ $3 =~ ^nodes=[1-9][0-9]{0,9}$ ]]; then
    limit="nodes ${3#nodes=}"
else
    die "LIMIT must be a depth in 1..=20 or nodes=N with N in 1..=9999999999, not '${3:0:40}'"
fi
boardgame=${BOARDGAME_UAI:-target/release/boardgame-uai}
[[ -x $boardgame ]] || die "BOARDGAME_UAI=$boardgame is not an executable (build it: cargo build --release -p boardgame-uai)"
hash_mb=${NPS_HASH:-16}
[[ $hash_mb =~ ^[1-9][0-9]*$ ]] || die "NPS_HASH must be a positive whole number of MiB, not '$hash_mb'"
command -v python3 >/dev/null || die "python3 is needed to drive the engines"
search_timeout=${NPS_TIMEOUT:-600}
[[ $search_timeout =~ ^[1-9][0-9]{0,5}$ ]] || die "NPS_TIMEOUT must be a whole number of seconds in 1..=999999, not '${search_timeout:0:40}'"

fens=$(timeout 60 "$boardgame" bench 1 --verbose | sed -n 's/^position [0-9]* nodes [0-9]* fen //p')
[[ -n $fens ]] || die "$boardgame bench --verbose listed no positions"

NPS_FENS=$fens python3 - "$1" "$2" "$limit" "$hash_mb" "$search_timeout" <<'PY'
import atexit
import os
import queue
import shlex
import signal
import subprocess
import sys
import threading
import time

engine_cmd, ref_cmd, limit, hash_mb = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
search_timeout = float(sys.argv[5])
HANDSHAKE_TIMEOUT = 10.0
MAX_LINE = 64 * 1024
QUEUE_LINES = 64
fens = [line.strip() for line in os.environ["NPS_FENS"].splitlines() if line.strip()]


def parse_options(text, variable):
    """[(name, value)] from `NAME=VALUE,NAME=VALUE`; exits with a message on a bad entry."""
    options = []
    for entry in filter(None, (part.strip() for part in text.split(","))):
        name, sep, value = entry.partition("=")
        if not sep or not name.strip():
            sys.exit(f"nps-vs-ref.sh: {variable} entry {entry!r} is not NAME=VALUE")
        options.append((name.strip(), value.strip()))
    return options


def read_lines(stream, lines):
    """Puts the lines of `stream` on the bounded queue `lines` (a reader faster than the
    script waits), a line too long as an error, and None at the end."""
    while True:
        raw = stream.readline(MAX_LINE + 1)
        if not raw:
            break
        if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
            lines.put(OverflowError(f"a line longer than {MAX_LINE} bytes"))
            break
        lines.put(raw.decode("utf-8", "replace").rstrip("\r\n"))
    lines.put(None)


class Engine:
    def __init__(self, command, options):
        self.command = command
        try:
            # A process group of its own: the whole group is ended at the end (end_all).
            self.proc = subprocess.Popen(
                shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE, start_new_session=True
            )
        except OSError as error:
            sys.exit(f"nps-vs-ref.sh: cannot start {command!r}: {error}")
        running.append(self)
        self.lines = queue.Queue(QUEUE_LINES)
        threading.Thread(target=read_lines, args=(self.proc.stdout, self.lines), daemon=True).start()
        self.send("uai")
        self.read_until("uaiok", HANDSHAKE_TIMEOUT)
        self.send(f"setoption name Hash value {hash_mb}")
        for name, value in options:
            self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.read_until("readyok", HANDSHAKE_TIMEOUT)

    def send(self, line):
        try:
            self.proc.stdin.write((line + "\n").encode())
            self.proc.stdin.flush()
        except OSError as error:
            sys.exit(f"nps-vs-ref.sh: {self.command!r} did not take {line!r}: {error}")

    def read_until(self, prefix, seconds):
        """The lines up to the first that starts with `prefix`, within `seconds`."""
        deadline = time.monotonic() + seconds
        lines = []
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                sys.exit(f"nps-vs-ref.sh: {self.command!r} gave no '{prefix}' within {seconds:.0f} s")
            if line is None:
                sys.exit(f"nps-vs-ref.sh: {self.command!r} ended before '{prefix}'")
            if isinstance(line, Exception):
                sys.exit(f"nps-vs-ref.sh: {self.command!r} wrote {line} before '{prefix}'")
            lines.append(line.strip())
            if line.startswith(prefix):
                return lines

    def cpu_seconds(self):
        """User + system CPU time of the engine's process so far (Linux /proc)."""
        with open(f"/proc/{self.proc.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def search(self, fen):
        """(nodes, engine ms, wall s, CPU s) of `go LIMIT` from `fen`; nodes and ms from the
        last info line."""
        self.send("uainewgame")
        self.send(f"position fen {fen}")
        self.send("isready")
        self.read_until("readyok", HANDSHAKE_TIMEOUT)
        cpu_before = self.cpu_seconds()
        started = time.perf_counter()
        self.send(f"go {limit}")
        lines = self.read_until("bestmove", search_timeout)
        wall = time.perf_counter() - started
        cpu = self.cpu_seconds() - cpu_before
        nodes = millis = None
        for line in lines:
            words = line.split()
            if words[:1] == ["info"] and "nodes" in words and "time" in words:
                nodes = int(words[words.index("nodes") + 1])
                millis = int(words[words.index("time") + 1])
        if nodes is None:
            sys.exit(f"nps-vs-ref.sh: {self.command!r} printed no info line with nodes and time for {fen}")
        return nodes, millis, wall, cpu

    def quit(self):
        self.send("quit")
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        self.end()

    def end(self):
        """Ends the engine's whole process group (TERM, then KILL) and reaps the engine."""
        for sig in (signal.SIGTERM, signal.SIGKILL):
            try:
                os.killpg(self.proc.pid, sig)
            except OSError:
                break
            try:
                self.proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                continue
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass


running = []


def end_all():
    for engine in running:
        engine.end()


atexit.register(end_all)
signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))


engines = [
    Engine(engine_cmd, parse_options(os.environ.get("ENGINE_OPTIONS", ""), "ENGINE_OPTIONS")),
    Engine(ref_cmd, parse_options(os.environ.get("REF_OPTIONS", ""), "REF_OPTIONS")),
]
totals = [[0, 0, 0.0, 0.0] for _ in engines]
print(f"go {limit} on {len(fens)} positions, Hash {hash_mb} MiB")
print(f"{'pos':>3} {'engine nodes':>13} {'ms':>7} {'ref nodes':>13} {'ms':>7}")
for index, fen in enumerate(fens, 1):
    row = []
    for engine, total in zip(engines, totals):
        nodes, millis, wall, cpu = engine.search(fen)
        total[0] += nodes
        total[1] += millis
        total[2] += wall
        total[3] += cpu
        row += [nodes, millis]
    print(f"{index:>3} {row[0]:>13} {row[1]:>7} {row[2]:>13} {row[3]:>7}")
for engine in engines:
    engine.quit()

rates = []
for name, engine, (nodes, millis, wall, cpu) in zip(["engine", "ref"], engines, totals):
    own = nodes * 1000 / max(millis, 1)
    by_wall = nodes / max(wall, 1e-9)
    by_cpu = nodes / max(cpu, 1e-9)
    rates.append((own, by_wall, by_cpu))
    print(f"{name}: {engine.command}: nodes {nodes}; time {millis} ms (own clock), {wall:.2f} s (wall),"
          f" {cpu:.2f} s (CPU); nps {own:.0f} (own clock), {by_wall:.0f} (wall), {by_cpu:.0f} (CPU)")
print(f"ratio engine / ref: {rates[0][0] / rates[1][0]:.2f} (own clocks), {rates[0][1] / rates[1][1]:.2f} (wall),"
      f" {rates[0][2] / rates[1][2]:.2f} (CPU)")
PY
