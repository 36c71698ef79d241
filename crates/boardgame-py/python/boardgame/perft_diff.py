"""perft-diff from Python: compares another Ataxx move generator with ours, with no Rust
toolchain needed.

    python -m boardgame.perft_diff ataxx --depth 4 [--fen FEN | --no-suite] [options] -- PROGRAM [ARGS…]
    python -m boardgame.perft_diff ataxx --suite [--json]

The same comparison, protocol and report as ``boardgame perft-diff ataxx`` in the perftree
dialect (``docs/perft-diff.md``): the other generator is run once per position as
``PROGRAM ARGS… DEPTH FEN [MOVES]`` and answers with ``MOVE COUNT`` lines, an empty line
and the total. Both generators' divides are compared at the starting position; while the
move lists agree but a count differs, the first such move (in our generation order) is
played and the comparison goes one ply shallower, until the lists differ or depth 1. Without
``--fen`` the start position is followed by the built-in suite of ten positions (:data:`SUITE`)
that reach the rules the start position never reaches at a small depth. Exit status: 0 when
the generators agree, 3 when they differ, 1 when the other generator fails (or the FEN is
bad), 2 for a usage error.

Our side is :meth:`boardgame.State.divide`, the Rust perft of the ``ataxx`` crate, run
without the GIL. The walk, the protocol and the report are this module's own Python;
nothing here decides a rule. A Python generator can also be compared in the same process,
without a program to run: :func:`compare` takes any callable ``divide(depth, fen) ->
{move: count}``. The UAI dialects of the ``boardgame`` command (Zataxx, tiktaxx, libataxx,
generic UAI) are not here: use the command for engines.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import Callable, Iterable, Mapping, Sequence

import boardgame

__all__ = [
    "SUITE",
    "Difference",
    "GeneratorError",
    "Report",
    "Script",
    "Step",
    "compare",
    "main",
]

#: The deepest comparison (``boardgame perft-diff``'s bound).
MAX_DIFF_DEPTH = 32
#: The most lines one answer may have (a divide has at most 289 moves).
MAX_ANSWER_LINES = 10_000
#: The longest line read from the other generator, in bytes; a longer one is an error.
MAX_LINE = 4096
#: The most moves named in one line of the report; the rest are counted.
MAX_LISTED = 20

#: perft-diff's built-in suite, as ``boardgame perft-diff ataxx --suite --json`` lists it and
#: ``vectors/ataxx/perft-diff-suite.jsonl`` ships it (a test checks that the three agree):
#: ``(name, fen, reaches, depth)``, *depth* being the smallest depth at which a bug in the
#: rules the position reaches changes a count.
SUITE: tuple[tuple[str, str, str, int], ...] = (
    ("blockers", "x-1-1-o/-1---1-/7/7/7/-1---1-/o-1-1-x x 0 1",
     "clones and jumps next to blocked squares, onto them (illegal) and over them (legal)", 1),
    ("edges", "o1x1-1x/2---1-/x-----1/1-----o/o-----1/-1---2/x1o1-1o x 0 1",
     "moves along all four edges and round the corners, flips into every corner and along the "
     "edges, pieces on the a- and g-files next to each other's ranks", 2),
    ("forced-pass", "-------/-------/-------/---2--/---1---/oo-----/xo----- x 0 1",
     "a pass (0000) forced at the root, then play that frees the passing side", 1),
    ("no-moves", "------o/-------/-------/-------/-------/-------/x2---- x 0 1",
     "passes of a walled-in side, then the end when neither side can move with empty squares "
     "left", 4),
    ("full-board", "xxooxxo/oxxo-ox/xoxxoxo/ooxooxx/xxoxoox/o-xoxo1/xoox1xo x 0 1",
     "the end when the board fills up, flips into corners", 3),
    ("no-stones", "-------/-------/--3--/--1o1--/--1x1--/--2o--/------- x 0 1",
     "the end when a side has no stones left, by clones and by jumps", 2),
    ("clock-99", "-------/-------/---o---/-x3o-/-o3x-/---x---/------- x 99 1",
     "the 100-ply clock: a jump (capturing or not) ends the game, a clone resets it", 2),
    ("clock-98", "-------/-------/---o---/-x3o-/-o3x-/---x---/------- o 98 1",
     "the 100-ply clock reached after two jumps", 3),
    ("clock-97", "-------/-------/---o---/-x3o-/-o3x-/---x---/------- x 97 1",
     "the 100-ply clock reached after three jumps", 4),
    ("clock-96", "-------/-------/---o---/-x3o-/-o3x-/---x---/------- o 96 1",
     "the 100-ply clock reached after four jumps", 5),
)


class GeneratorError(Exception):
    """The other generator failed: it could not be started, crashed, fell silent, or wrote a
    malformed answer (exit status 1). Also our own count past the timeout."""


@dataclass
class Step:
    """A position of the walk down whose move lists agree but whose counts do not."""

    depth: int
    fen: str
    ours: int
    theirs: int
    #: The move walked through (the first in our order whose count differs), our count and
    #: theirs.
    move: str
    our_count: int
    their_count: int


@dataclass
class Difference:
    """Where the generators first disagree."""

    fen: str = ""
    depth: int = 0
    path: list[str] = field(default_factory=list)
    only_ours: list[str] = field(default_factory=list)
    only_theirs: list[str] = field(default_factory=list)
    #: Moves both list with different counts: ``(move, ours, theirs)``.
    counts: list[tuple[str, int, int]] = field(default_factory=list)
    #: Moves they listed more than once, with how many times.
    duplicates: list[tuple[str, int]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


@dataclass
class Report:
    """One position's comparison: the walk down, then ``nodes`` (the agreed perft) or the
    ``difference``."""

    root: str
    depth: int
    steps: list[Step]
    nodes: int | None = None
    difference: Difference | None = None

    @property
    def agree(self) -> bool:
        return self.difference is None

    def text(self) -> str:
        """The report as ``boardgame perft-diff`` prints it."""
        out = [
            f"depth {s.depth} at {s.fen}: ours {s.ours}, theirs {s.theirs}; through {s.move} "
            f"(ours {s.our_count}, theirs {s.their_count})"
            for s in self.steps
        ]
        d = self.difference
        if d is None:
            out.append(f"agree: perft {self.depth} = {self.nodes} from {self.root}")
            return "\n".join(out) + "\n"
        out.append(f"differ at depth {d.depth} after {len(d.path)} move{'' if len(d.path) == 1 else 's'}")
        out.append(f"fen {d.fen}")
        out.append(f"path {_words(d.path)}")
        out.append(f"only ours ({len(d.only_ours)}): {_words(d.only_ours)}")
        out.append(f"only theirs ({len(d.only_theirs)}): {_words(d.only_theirs)}")
        if d.duplicates:
            out.append(f"listed more than once by them: {_times(d.duplicates)}")
        out.extend(f"count of {m}: ours {o}, theirs {t}" for m, o, t in d.counts)
        out.extend(f"note: {note}" for note in d.notes)
        return "\n".join(out) + "\n"

    def json(self) -> dict:
        """The report as ``boardgame perft-diff --json`` prints it."""
        obj: dict = {
            "depth": self.depth,
            "fen": self.root,
            "game": "ataxx",
            "steps": [
                {"depth": s.depth, "fen": s.fen, "ours": s.ours, "theirs": s.theirs,
                 "move": s.move, "our_count": s.our_count, "their_count": s.their_count}
                for s in self.steps
            ],
        }
        d = self.difference
        if d is None:
            obj["agree"] = True
            obj["nodes"] = self.nodes
        else:
            obj["agree"] = False
            obj["difference"] = {
                "fen": d.fen, "depth": d.depth, "path": d.path,
                "only_ours": d.only_ours, "only_theirs": d.only_theirs,
                "counts": [{"move": m, "ours": o, "theirs": t} for m, o, t in d.counts],
                "duplicates": [m for m, _ in d.duplicates],
                "notes": d.notes,
            }
        return obj


def _words(moves: Sequence[str]) -> str:
    return " ".join(moves) if moves else "-"


def _times(moves: Sequence[tuple[str, int]]) -> str:
    shown = [f"{m} ({n} times)" for m, n in moves[:MAX_LISTED]]
    if len(moves) > MAX_LISTED:
        shown.append(f"and {len(moves) - MAX_LISTED} more")
    return ", ".join(shown)


_FILES = "abcdefg"


def _square(text: str) -> tuple[int, int] | None:
    if len(text) == 2 and text[0] in _FILES and text[1] in "1234567":
        return _FILES.index(text[0]), int(text[1])
    return None


def move_syntax_error(text: str) -> str | None:
    """Why ``text`` is not an Ataxx move in UAI notation (``g2``, ``a1a3``, ``0000``), or
    ``None`` if it is one. Only the spelling is checked, not legality."""
    if text == "0000" or (len(text) == 2 and _square(text)):
        return None
    if len(text) == 4 and (a := _square(text[:2])) and (b := _square(text[2:])):
        distance = max(abs(a[0] - b[0]), abs(a[1] - b[1]))
        if distance == 2:
            return None
        if distance == 1:
            return f"{text} is a clone, written {text[2:]}"
        return f"{text} goes {distance} squares, not 2"
    return f"expected a square (g2), a jump (a1a3) or 0000, not {boardgame._quote(text)}"


# --- the other generator ---------------------------------------------------------------

#: A divide: each move (as written) with its count in the generator's order, and the total
#: it printed (if any).
Answer = tuple[list[tuple[str, int]], "int | None"]


def _short_name(command: Sequence[str]) -> str:
    return boardgame._quote(" ".join(w.rsplit("/", 1)[-1] for w in command))


class _Output:
    """The lines of a pipe, read on a thread of their own, bounded: at most ``MAX_LINE`` bytes
    a line (a longer one is skipped to its end and reported) and ``MAX_ANSWER_LINES + 1``
    lines kept."""

    def __init__(self, pipe, keep_tail: bool = False) -> None:
        self.lines: list[str] = []
        self.problem: str | None = None
        self.tail = b""
        self._keep_tail = keep_tail
        self._pipe = pipe
        self.done = threading.Event()
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        buffer = b""
        skipping = 0  # bytes of an over-long line seen so far
        head = b""
        fd = self._pipe.fileno()
        try:
            while True:
                chunk = os.read(fd, 65536)
                if not chunk:
                    break
                if self._keep_tail:
                    self.tail = (self.tail + chunk)[-4096:]
                    continue
                buffer += chunk
                while True:
                    newline = buffer.find(b"\n")
                    if skipping:
                        if newline < 0:
                            skipping += len(buffer)
                            buffer = b""
                            break
                        skipping += newline
                        self._fail(f"a line of {skipping} bytes, starting "
                                   f"{boardgame._quote(head.decode('utf-8', 'replace')[:40])}…")
                        return
                    if newline < 0:
                        if len(buffer) > MAX_LINE:
                            skipping, head, buffer = len(buffer), buffer[:256], b""
                        break
                    line, buffer = buffer[:newline], buffer[newline + 1:]
                    if len(line) > MAX_LINE:
                        self._fail(f"a line of {len(line)} bytes, starting "
                                   f"{boardgame._quote(line[:256].decode('utf-8', 'replace')[:40])}…")
                        return
                    self._take(line)
                    if len(self.lines) > MAX_ANSWER_LINES:
                        return
            if skipping:
                self._fail(f"a line of {skipping} bytes, starting "
                           f"{boardgame._quote(head.decode('utf-8', 'replace')[:40])}…")
            elif buffer:
                self._take(buffer)
        except OSError:
            pass
        finally:
            self.done.set()

    def _take(self, line: bytes) -> None:
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError:
            self._fail(f"a line that is not UTF-8: {boardgame._quote(line.decode('utf-8', 'replace'))}")
            return
        self.lines.append(text.removesuffix("\r").removeprefix("\ufeff") if not self.lines else text.removesuffix("\r"))

    def _fail(self, why: str) -> None:
        self.problem = why

    def last_stderr_line(self) -> str | None:
        text = self.tail.decode("utf-8", "replace").strip()
        return text.rsplit("\n", 1)[-1].strip() if text else None


class Script:
    """A generator run once per position under perftree's protocol: ``COMMAND… DEPTH FEN
    [MOVES]`` (or the words of ``args``, with ``{depth}``, ``{fen}``, ``{root}`` and
    ``{moves}``), answering with ``MOVE COUNT`` lines, an empty line and the total within
    ``timeout`` seconds. It runs in a process group of its own, killed when it ends or its
    answer is read."""

    def __init__(self, command: Sequence[str], timeout: float = 60.0,
                 args: Sequence[str] = ("{depth}", "{root}", "{moves}")) -> None:
        if not command:
            raise ValueError("give the generator's program")
        self.command = list(command)
        self.timeout = timeout
        self.args = list(args)
        self.name = _short_name(command)

    def __call__(self, depth: int, fen: str, root: str, moves: Sequence[str]) -> Answer:
        argv = list(self.command)
        for word in self.args:
            if word == "{moves}" and not moves:
                continue
            argv.append(word.replace("{depth}", str(depth)).replace("{root}", root)
                        .replace("{fen}", fen).replace("{moves}", " ".join(moves)))
        waiting_for = f"running it for depth {depth} at {fen}"
        try:
            process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                       stderr=subprocess.PIPE, start_new_session=True)
        except OSError as e:
            raise GeneratorError(f"cannot start {self.name}: {e.strerror or e}") from None
        try:
            out = _Output(process.stdout)
            err = _Output(process.stderr, keep_tail=True)
            deadline = time.monotonic() + self.timeout
            while not out.done.wait(0.01):
                if out.problem or len(out.lines) > MAX_ANSWER_LINES:
                    break
                if time.monotonic() > deadline:
                    raise GeneratorError(
                        f"{self.name} gave no complete answer in time while {waiting_for} "
                        f"(see --timeout){_stderr_note(err)}")
            if out.problem:
                raise GeneratorError(f"{self.name} wrote {out.problem} while {waiting_for}")
            if len(out.lines) > MAX_ANSWER_LINES:
                raise GeneratorError(
                    f"{self.name} wrote more than {MAX_ANSWER_LINES} lines while {waiting_for}")
            try:
                status = process.wait(timeout=max(0.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                raise GeneratorError(f"{self.name} closed its output but did not end in time "
                                     "(see --timeout)") from None
            err.done.wait(0.5)
            if status != 0:
                how = (f"by signal {-status}" if status < 0 else f"with exit status {status}")
                raise GeneratorError(f"{self.name} ended {how} {waiting_for}{_stderr_note(err)}")
            return _read_perftree(out.lines, self.name, waiting_for)
        finally:
            _kill_group(process)


def _stderr_note(err: _Output) -> str:
    line = err.last_stderr_line()
    return f"; its standard error ends {boardgame._quote(line)}" if line else ""


def _kill_group(process: subprocess.Popen) -> None:
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        pass
    for pipe in (process.stdout, process.stderr):
        if pipe is not None:
            pipe.close()


def _read_perftree(lines: Iterable[str], name: str, waiting_for: str) -> Answer:
    """A perftree answer: ``MOVE COUNT`` lines, an empty line, the total; nothing else."""
    moves: list[tuple[str, int]] = []
    total: int | None = None

    def malformed(line: str, why: str) -> GeneratorError:
        return GeneratorError(f"{name} wrote a malformed line while {waiting_for}: "
                              f"{boardgame._quote(line.strip())} ({why})")

    count_lines = 0
    for line in lines:
        count_lines += 1
        words = line.split()
        if not words:
            continue
        if total is not None:
            raise malformed(line, "a line after the total")
        if len(words) == 1:
            if not words[0].isascii() or not words[0].isdigit():
                raise malformed(line, "the total is not a whole number")
            total = int(words[0])
        elif len(words) == 2:
            why = move_syntax_error(words[0])
            if why is not None:
                raise malformed(line, f"not an Ataxx move: {why}")
            if not words[1].isascii() or not words[1].isdigit():
                raise malformed(line, "the count is not a whole number")
            moves.append((words[0], int(words[1])))
        else:
            raise malformed(line, "expected `{move} {count}` or the total `{count}`")
    if total is None:
        raise GeneratorError(
            f"{name} printed no total while {waiting_for} ({count_lines} "
            f"line{'' if count_lines == 1 else 's'}, {len(moves)} of them moves)")
    return moves, total


# --- the comparison --------------------------------------------------------------------

#: A generator: ``(depth, fen, root, moves) -> (moves with counts, total or None)``.
Generator = Callable[[int, str, str, Sequence[str]], Answer]


def _from_function(divide: Callable[[int, str], Mapping[str, int]]) -> Generator:
    """A generator from a Python function ``divide(depth, fen) -> {move: count}``."""

    def answer(depth: int, fen: str, root: str, moves: Sequence[str]) -> Answer:
        listed = list(divide(depth, fen).items())
        for mv, n in listed:
            why = move_syntax_error(mv) if isinstance(mv, str) else "not a str"
            if why is not None:
                raise GeneratorError(f"their move {mv!r}: {why}")
            if not isinstance(n, int) or n < 0:
                raise GeneratorError(f"their count of {mv}: {n!r} is not a whole number")
        return listed, None

    return answer


def _our_divide(state: boardgame.State, depth: int, timeout: float) -> dict[str, int]:
    """Our divide, given as long as the generator gets (a count past it is an error)."""
    result: list = []

    def count() -> None:
        try:
            result.append(state.divide(depth))
        except BaseException as e:  # noqa: BLE001 - handed to the caller
            result.append(e)

    worker = threading.Thread(target=count, name="our-perft", daemon=True)
    worker.start()
    worker.join(timeout)
    if not result:
        raise GeneratorError(f"our own count at depth {depth} of {state} did not end within "
                             f"{timeout:g} s (see --timeout)")
    if isinstance(result[0], BaseException):
        raise result[0]
    return result[0]


def _compare_one(root: boardgame.State, depth: int, generator: Generator,
                 timeout: float) -> Report:
    root_fen = str(root)
    root_depth = depth
    position = root.clone()
    path: list[str] = []
    steps: list[Step] = []
    expected: int | None = None
    while True:
        fen = str(position)
        # Theirs first: a program that cannot start or fails is reported at once.
        their_moves, their_total_line = generator(depth, fen, root_fen, list(path))
        ours = _our_divide(position, depth, timeout)
        d = _differences(ours, their_moves, their_total_line)
        our_total = sum(ours.values())
        their_total = sum(n for _, n in their_moves)
        if expected is not None and expected != their_total:
            d.notes.append(
                f"their count for {path[-1] if path else ''} one level up was {expected}, but "
                f"here their moves add up to {their_total}: their divide of the position "
                "reached through `position … moves` (or the FEN) disagrees with the count they "
                "made for it themselves")
        lists_differ = bool(d.only_ours or d.only_theirs or d.duplicates)
        if d.counts and not lists_differ and depth > 1:
            mv, our_count, their_count = d.counts[0]
            steps.append(Step(depth, fen, our_total, their_total, mv, our_count, their_count))
            position.apply_action(position.string_to_action(mv))
            path.append(mv)
            depth -= 1
            expected = their_count
        elif not d.counts and not lists_differ and not d.notes and not path:
            return Report(root_fen, depth, steps, nodes=our_total)
        else:
            d.fen, d.depth, d.path = fen, depth, path
            return Report(root_fen, root_depth, steps, difference=d)


def _differences(ours: Mapping[str, int], their_moves: Sequence[tuple[str, int]],
                 their_total: int | None) -> Difference:
    d = Difference()
    theirs: dict[str, int] = {}
    listed: dict[str, int] = {}
    for mv, n in their_moves:
        listed[mv] = listed.get(mv, 0) + 1
        if listed[mv] == 2:
            d.duplicates.append((mv, 0))
        # In their order of first listing, with the last count listed (as the command).
        theirs[mv] = n
    d.duplicates = [(mv, listed[mv]) for mv, _ in d.duplicates]
    for mv, n in ours.items():
        if mv not in theirs:
            d.only_ours.append(mv)
        elif theirs[mv] != n:
            d.counts.append((mv, n, theirs[mv]))
    d.only_theirs = [mv for mv in theirs if mv not in ours]
    total = sum(n for _, n in their_moves)
    if their_total is not None and their_total != total:
        d.notes.append(f"their total {their_total} is not the sum of their moves' counts, {total}")
    return d


def shallow_note(depth: int) -> str | None:
    """The suite positions whose rules ``depth`` does not reach, as a note (None if none)."""
    short = [f"{name} {d}" for name, _, _, d in SUITE if d > depth]
    if not short:
        return None
    return (f"depth {depth} does not reach the rule of {len(short)} suite "
            f"position{'' if len(short) == 1 else 's'} (the depth each needs: {', '.join(short)})")


def compare(generator: Generator | Callable[[int, str], Mapping[str, int]], depth: int,
            fen: str | None = None, suite: bool = True, preset: str | None = None,
            settings: Mapping[str, str | int | bool] | None = None,
            timeout: float = 60.0, out: Callable[[str], None] | None = None
            ) -> tuple[str, Report, list[dict]]:
    """Compares ``generator`` with our Ataxx move generator at ``depth`` (1 to 32).

    ``generator`` is a :class:`Script`, or any function ``divide(depth, fen) -> {move:
    count}`` (moves in UAI notation: ``g2``, ``a1a3``, ``0000``). From ``fen``, or the start
    position followed by the :data:`SUITE` (unless ``suite=False``), under the rules of
    ``preset`` and ``settings``. Returns the name of the position reported (``start``,
    ``fen`` or a suite position's name), its :class:`Report` (``report.agree``) and the
    positions compared (``{"name", "fen", "agree", "nodes"}``). ``out``, if given, receives
    a line per agreeing suite position as the command prints it. Raises
    :class:`GeneratorError` if the generator fails, ``ValueError`` for a bad FEN or depth.
    """
    if not isinstance(depth, int) or not 1 <= depth <= MAX_DIFF_DEPTH:
        raise ValueError(f"depth {depth!r}: from 1 to {MAX_DIFF_DEPTH}")
    if not isinstance(generator, Script) and _takes_two(generator):
        generator = _from_function(generator)  # type: ignore[arg-type]
    game = boardgame.new_game("ataxx", preset=preset, settings=dict(settings or {}))
    root = game.from_notation(fen) if fen is not None else game.new_initial_state()
    positions: list[tuple[str, boardgame.State, tuple | None]] = [
        ("fen" if fen is not None else "start", root, None)]
    if fen is None and suite:
        positions += [(entry[0], game.from_notation(entry[1]), entry) for entry in SUITE]
    in_suite = len(positions) - 1
    compared: list[dict] = []
    for k, (name, state, entry) in enumerate(positions):
        report = _compare_one(state, depth, generator, timeout)  # type: ignore[arg-type]
        compared.append({"name": name, "fen": str(state), "agree": report.agree,
                         **({"nodes": report.nodes} if report.agree else {})})
        if not report.agree or in_suite == 0:
            return name, report, compared
        if out is not None:
            whose = f" (suite {k}/{in_suite} {entry[0]})" if entry else ""
            out(f"agree: perft {depth} = {report.nodes} from {state}{whose}")
    start = compared[0]
    return positions[0][0], Report(start["fen"], depth, [], nodes=start["nodes"]), compared


def _takes_two(function: Callable) -> bool:
    import inspect

    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return False
    positional = [p for p in parameters
                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.default is p.empty]
    return len(positional) == 2


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m boardgame.perft_diff",
        description="Compare another Ataxx move generator with ours (perftree's protocol; "
                    "docs/perft-diff.md).")
    parser.add_argument("game", choices=["ataxx"], help="the game (only Ataxx)")
    parser.add_argument("--fen", help="the starting position (default: the initial position, "
                                      "then the built-in suite)")
    parser.add_argument("--depth", type=int, help="the depth of the first comparison, 1 to 32")
    parser.add_argument("--suite", action="store_true", help="list the built-in suite and exit")
    parser.add_argument("--no-suite", action="store_true",
                        help="compare the start position only, without the suite")
    parser.add_argument("--preset", help="a preset of the rules (no-clock)")
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                        help="a rule setting (repeatable): ply_clock=false")
    parser.add_argument("--timeout", type=float, default=60.0,
                        help="seconds the generator may take for one answer (default 60)")
    parser.add_argument("--args", help="the script's arguments after its own, with {depth}, "
                                       "{fen}, {root} and {moves} (default: "
                                       "'{depth} {root} {moves}')")
    parser.add_argument("--dialect", default="perftree",
                        help="only perftree here; the boardgame command has the UAI dialects")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("generator", nargs="*", help="the generator's program and arguments, "
                                                     "after --")
    return parser


def _print(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def main(argv: Sequence[str] | None = None) -> int:
    """The command line; returns the exit status (0 agree, 3 differ, 1 failure, 2 usage)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    generator_argv: list[str] = []
    if "--" in argv:
        cut = argv.index("--")
        argv, generator_argv = argv[:cut], argv[cut + 1:]
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return 2 if exit_.code else 0
    generator_argv = list(args.generator) + generator_argv

    def usage(message: str) -> int:
        sys.stderr.write(f"boardgame.perft_diff: {message}\n")
        return 2

    if args.suite:
        if args.fen or args.no_suite:
            return usage("--suite lists the suite: give it without --fen and --no-suite")
        for i, (name, fen, reaches, depth) in enumerate(SUITE, start=1):
            if args.json:
                _print(json.dumps({"n": i, "name": name, "fen": fen, "depth": depth,
                                   "reaches": reaches}, ensure_ascii=False, sort_keys=True, separators=(",", ":")))
            else:
                _print(f"{i:>2} {name:<11} depth {depth}  {fen}\n   {reaches}")
        return 0
    if args.dialect != "perftree":
        return usage(f"dialect {boardgame._quote(args.dialect)}: only perftree here; the "
                     "`boardgame perft-diff` command has the UAI dialects")
    if args.depth is None or not 1 <= args.depth <= MAX_DIFF_DEPTH:
        return usage(f"give --depth from 1 to {MAX_DIFF_DEPTH}")
    if args.fen is not None and args.no_suite:
        return usage("--no-suite is for the start position: a --fen run has no suite")
    if not (args.timeout > 0 and args.timeout <= 86_400):
        return usage("--timeout is a number of seconds above 0, at most 86400")
    if not generator_argv:
        return usage("give the generator after --: python -m boardgame.perft_diff ataxx "
                     "--depth 4 -- PROGRAM [ARGS…]")
    settings = {}
    for pair in args.set:
        key, eq, value = pair.partition("=")
        if not eq:
            return usage(f"--set {boardgame._quote(pair)}: expected KEY=VALUE")
        settings[key.strip()] = value.strip()
    template = args.args.split() if args.args else ["{depth}", "{root}", "{moves}"]
    script = Script(generator_argv, timeout=args.timeout, args=template)
    try:
        game = boardgame.new_game("ataxx", preset=args.preset, settings=settings)
    except ValueError as e:
        return usage(str(e))
    if args.fen is not None:
        try:
            game.from_notation(args.fen)
        except ValueError as e:
            sys.stderr.write(f"boardgame.perft_diff: {e}\n")
            return 1
    with_suite = args.fen is None and not args.no_suite
    try:
        name, report, compared = compare(
            script, args.depth, fen=args.fen, suite=with_suite, preset=args.preset,
            settings=settings, timeout=args.timeout, out=None if args.json else _print)
    except GeneratorError as e:
        sys.stderr.write(f"boardgame.perft_diff: {e}\n")
        sys.stderr.flush()
        # Our own count may still run in its thread: end at once, as the command does.
        os._exit(1)
    in_suite = len(SUITE) if with_suite else 0
    entry = next((e for e in SUITE if e[0] == name), None)
    if in_suite == 0:
        if args.json:
            _print(json.dumps(report.json(), ensure_ascii=False, sort_keys=True, separators=(",", ":")))
        else:
            sys.stdout.write(report.text())
    elif report.agree:
        if args.json:
            obj = report.json()
            obj["position"] = name
            obj["suite"] = compared
            if (note := shallow_note(args.depth)) is not None:
                obj["note"] = note
            _print(json.dumps(obj, ensure_ascii=False, sort_keys=True, separators=(",", ":")))
        else:
            _print(f"agree: the start position and the {in_suite} positions of the suite at "
                   f"depth {args.depth} (perft-diff ataxx --suite lists them)")
            if (note := shallow_note(args.depth)) is not None:
                _print(f"note: {note}")
    else:
        if args.json:
            obj = report.json()
            obj["position"] = name
            if entry is not None:
                obj["reaches"] = entry[2]
            obj["suite"] = compared
            _print(json.dumps(obj, ensure_ascii=False, sort_keys=True, separators=(",", ":")))
        else:
            if entry is not None:
                k = SUITE.index(entry) + 1
                _print(f"suite position {k}/{in_suite} {name} differs: {report.root} ({entry[2]})")
            sys.stdout.write(report.text())
    sys.stdout.flush()
    if report.agree:
        return 0
    sys.stderr.write("boardgame.perft_diff: the move generators differ\n")
    return 3


if __name__ == "__main__":
    raise SystemExit(main())
