"""State.perft and State.divide against the committed perft tables, and the Python entry point
of perft-diff (``python -m boardgame.perft_diff``) against the planted-bug generator of the
``boardgame perft-diff`` tests."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import boardgame
from boardgame import perft_diff

ROOT = Path(__file__).resolve().parents[3]
VECTORS = ROOT / "vectors"
PERFT_TXT = ROOT / "crates" / "ataxx" / "tests" / "data" / "perft.txt"
GENERATOR = ROOT / "crates" / "boardgame-cli" / "tests" / "fixtures" / "perft_diff" / "ataxx_generator.py"

#: The deepest Ataxx depth compared with the tables here (perft 4 from the start: 155 888).
ATAXX_DEPTH = 4
#: The deepest chance-perft depth compared (the dice games' tables go to 4 or 5).
CHANCE_DEPTH = 3


def _jsonl(path: Path) -> tuple[dict, list[dict]]:
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    return lines[0], lines[1:]


def _game(header: dict) -> boardgame.Game:
    return boardgame.new_game(header["game"], settings=header["settings"])


def test_state_perft_equals_the_ataxx_perft_vectors():
    header, records = _jsonl(VECTORS / "ataxx" / "perft.jsonl")
    game = _game(header)
    compared = 0
    for record in records:
        state = game.from_notation(record["state"])
        assert state.perft(0) == 1
        for row in record["perft"]:
            if row["depth"] <= ATAXX_DEPTH:
                assert state.perft(row["depth"]) == row["nodes"], (record["state"], row)
                compared += 1
    assert compared >= 4 * len(records) > 0


def test_state_perft_equals_the_ataxx_crates_perft_table():
    game = boardgame.new_game("ataxx")
    compared = 0
    for line in PERFT_TXT.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        fen, counts = line.split(";")
        state = game.from_notation(fen.strip())
        for depth, nodes in enumerate(int(n) for n in counts.split()):
            if depth <= ATAXX_DEPTH:
                assert state.perft(depth) == nodes, (fen, depth)
                compared += 1
    assert compared > 50


@pytest.mark.parametrize("name", ["thax", "parchis", "co-ca-ngua"])
def test_state_perft_equals_the_chance_perft_vectors_of_the_dice_games(name):
    header, records = _jsonl(VECTORS / name / "chance-perft.jsonl")
    game = _game(header)
    compared = 0
    for record in records:
        state = game.from_notation(record["state"])
        for row in record["perft"]:
            if row["depth"] <= CHANCE_DEPTH:
                assert state.perft(row["depth"]) == row["nodes"], (record["state"], row)
                compared += 1
    assert compared >= CHANCE_DEPTH * len(records) > 0


@pytest.mark.parametrize("name", boardgame.games())
def test_divide_adds_up_to_perft_and_names_each_root_edge(name):
    game = boardgame.new_game(name)
    state = game.new_initial_state()
    rng_state = state.clone()
    # A few plies in, past the roll-off of the dice games: both kinds of node.
    for _ in range(6):
        actions = rng_state.legal_actions()
        rng_state.apply_action(actions[len(actions) // 2])
    for s in (state, rng_state):
        for depth in (1, 2, 3):
            divided = s.divide(depth)
            assert sum(divided.values()) == s.perft(depth), (str(s), depth)
            # Root edges: the legal moves in the game's notation, or the outcomes in brackets.
            if s.is_chance_node():
                expected = {f"[{s.chance_to_string(a)}]" for a in s.legal_actions()}
            else:
                expected = {s.move_to_string(a) for a in s.legal_actions()}
            assert set(divided) == expected
        # Each move's count is the perft one level down after it.
        for edge, count in s.divide(2).items():
            child = s.clone()
            child.apply_action(child.string_to_action(edge))
            assert child.perft(1) == count, edge


def test_divide_of_the_ataxx_start_position_is_sixteen_moves_of_sixteen():
    state = boardgame.new_game("ataxx").new_initial_state()
    divided = state.divide(2)
    assert len(divided) == 16 and set(divided.values()) == {16}
    assert {"f1", "g2", "a6", "b7", "g1e3", "a7c5"} <= set(divided)
    assert state.divide(1) == {mv: 1 for mv in divided}


def test_depth_is_bounded_and_a_finished_game_counts_nothing():
    state = boardgame.new_game("ataxx").new_initial_state()
    for bad in (-1, 65, 2**40):
        with pytest.raises(ValueError):
            state.perft(bad)
        with pytest.raises(ValueError):
            state.divide(bad)
    with pytest.raises(ValueError, match="from 1 to 64"):
        state.divide(0)
    over = boardgame.new_game("ataxx").from_notation("x6/7/7/7/7/7/7 o 0 1")
    assert over.is_terminal()
    assert (over.perft(0), over.perft(3), over.divide(3)) == (1, 0, {})


def test_perft_releases_the_gil():
    """Another Python thread runs while a perft counts (perft 6 from the start: 141 865 520
    leaves, seconds of work)."""
    state = boardgame.new_game("ataxx").new_initial_state()
    ticks = []
    done = threading.Event()

    def tick():
        while not done.is_set():
            ticks.append(time.monotonic())
            time.sleep(0.005)

    ticker = threading.Thread(target=tick)
    ticker.start()
    began = time.monotonic()
    try:
        assert state.perft(6) == 141_865_520
    finally:
        done.set()
        ticker.join()
    elapsed = time.monotonic() - began
    during = [t for t in ticks if began < t < began + elapsed]
    assert elapsed < 0.05 or len(during) >= 3, (elapsed, len(during))


# --- python -m boardgame.perft_diff ----------------------------------------------------

def _run(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "boardgame.perft_diff", *args],
        capture_output=True, text=True, timeout=timeout, check=False)


def _generator(*bug: str) -> list[str]:
    return [sys.executable, str(GENERATOR), *(("--bug", ",".join(bug)) if bug else ())]


def test_the_suite_is_the_one_of_the_vectors_file():
    header, records = _jsonl(VECTORS / "ataxx" / "perft-diff-suite.jsonl")
    assert header["kind"] == "perft-diff-suite"
    assert [(r["name"], r["state"], r["reaches"], r["reached_at"]) for r in records] == list(
        perft_diff.SUITE)


def test_a_correct_generator_agrees_on_the_start_position_and_the_whole_suite():
    run = _run("ataxx", "--depth", "4", "--", *_generator())
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0] == "agree: perft 4 = 155888 from x5o/7/7/7/7/7/o5x x 0 1"
    assert lines[1] == ("agree: perft 4 = 28426 from x-1-1-o/-1---1-/7/7/7/-1---1-/o-1-1-x x 0 1 "
                        "(suite 1/10 blockers)")
    assert len([line for line in lines if line.startswith("agree: perft 4 = ")]) == 11
    assert lines[11].startswith("agree: the start position and the 10 positions of the suite")
    assert lines[12] == ("note: depth 4 does not reach the rule of 1 suite position "
                         "(the depth each needs: clock-96 5)")


@pytest.mark.parametrize("bug, position, path, only_ours, only_theirs", [
    # Bugs the start position cannot show at depth 4: the suite names the position.
    ("corner-flip", "edges", "b1 f1 a6", "-", "b6 b7"),
    ("stuck-no-end", "no-moves", "b1 0000 c1", "-", "0000"),
    ("wrong-game-end", "clock-99", "d2c4", "-", "e3 e4 f4d2 f4d3 f4d4"),
])
def test_the_default_suite_finds_planted_bugs_the_start_position_cannot_show(
        bug, position, path, only_ours, only_theirs):
    run = _run("ataxx", "--depth", "4", "--", *_generator(bug))
    assert run.returncode == 3, (run.stdout, run.stderr)
    lines = run.stdout.splitlines()
    assert lines[0] == "agree: perft 4 = 155888 from x5o/7/7/7/7/7/o5x x 0 1"
    differs = next(line for line in lines if line.startswith("suite position "))
    assert f" {position} differs: " in differs
    assert f"path {path}" in lines
    assert any(line.startswith("only ours (") and line.endswith(f"): {only_ours}") for line in lines)
    assert any(line.startswith("only theirs (") and line.endswith(f"): {only_theirs}")
               for line in lines)
    assert "the move generators differ" in run.stderr


def test_a_missing_move_is_walked_down_to_as_the_command_reports_it():
    """docs/perft-diff.md's first example, line for line."""
    run = _run("ataxx", "--depth", "3", "--no-suite", "--", *_generator("missing-move"))
    assert run.returncode == 3, run.stderr
    assert run.stdout.splitlines() == [
        "depth 3 at x5o/7/7/7/7/7/o5x x 0 1: ours 6460, theirs 6428; through g1e3 (ours 506, theirs 490)",
        "depth 2 at x5o/7/7/7/4x2/7/o6 o 1 1: ours 506, theirs 490; through b1 (ours 32, theirs 31)",
        "differ at depth 1 after 2 moves",
        "fen x5o/7/7/7/4x2/7/oo5 x 0 2",
        "path g1e3 b1",
        "only ours (1): d4",
        "only theirs (0): -",
    ]


def test_json_report_and_notes_of_an_inconsistent_generator():
    run = _run("ataxx", "--depth", "3", "--no-suite", "--json", "--",
               *_generator("missing-move,ignore-moves"))
    assert run.returncode == 3, run.stderr
    report = json.loads(run.stdout)
    assert report["agree"] is False and report["depth"] == 3
    assert report["steps"][0]["move"] == "g1e3"
    assert any("one level up was 490, but here their moves add up to 256" in note
               for note in report["difference"]["notes"])


def test_a_failing_generator_ends_with_status_1_and_one_short_line():
    crash = _run("ataxx", "--depth", "2", "--", *_generator(), "--fail", "crash")
    assert crash.returncode == 1 and "ended with exit status" in crash.stderr, crash.stderr
    silent = _run("ataxx", "--depth", "2", "--timeout", "1", "--",
                  *_generator(), "--fail", "silent", timeout=30)
    assert silent.returncode == 1 and "gave no complete answer in time" in silent.stderr
    huge = _run("ataxx", "--depth", "2", "--", *_generator(), "--fail", "huge")
    assert huge.returncode == 1 and "bytes, starting" in huge.stderr, huge.stderr
    missing = _run("ataxx", "--depth", "2", "--", "/nonexistent/generator")
    assert missing.returncode == 1 and "cannot start" in missing.stderr
    for run in (crash, silent, huge, missing):
        assert len(run.stderr) < 400 and run.stderr.count("\n") == 1, run.stderr
    usage = _run("ataxx", "--depth", "0", "--", *_generator())
    assert usage.returncode == 2


def test_compare_takes_a_python_function():
    """A Python implementer's own divide, compared in the same process: ours with a planted
    bug (the pass never offered) is found by the suite's forced-pass position."""
    game = boardgame.new_game("ataxx")

    def their_divide(depth: int, fen: str) -> dict[str, int]:
        state = game.from_notation(fen)
        divided = state.divide(depth)
        return {mv: n for mv, n in divided.items() if mv != "0000"}

    name, report, compared = perft_diff.compare(their_divide, depth=3)
    assert not report.agree and name == "forced-pass"
    assert report.difference.only_ours == ["0000"] and report.difference.path == []
    assert [c["name"] for c in compared] == ["start", "blockers", "edges", "forced-pass"]

    def correct(depth: int, fen: str) -> dict[str, int]:
        return game.from_notation(fen).divide(depth)

    name, report, compared = perft_diff.compare(correct, depth=3)
    assert report.agree and report.nodes == 6460 and len(compared) == 11
