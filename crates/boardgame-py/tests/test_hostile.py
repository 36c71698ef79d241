"""Hostile input, issue 44 (Python items) and issue 46's defects of round 3: a huge batch size
is a clean error, never an abort; integers out of range raise ValueError; a 10 MB field gives
a short message; a pickle with an unknown key is refused; a uint64 action is reported as
given; legal_actions_mask() is a list."""

from __future__ import annotations

import pickle
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import boardgame
from boardgame.gymnasium import BoardgameEnv, BoardgameVectorEnv

BIG = "x" * 10_000_000


def run_child(code: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize("n", ["2**40", "2**62", "2**24 + 1", "2**70", "0", "-1"])
def test_a_batch_size_past_the_bound_raises_value_error_and_the_interpreter_lives(n):
    # Issue 44 #7: 2**40 aborted the interpreter (SIGABRT), 2**62 raised PanicException.
    child = run_child(
        f"""
        import boardgame
        try:
            boardgame.VectorEnv('ataxx', {n})
        except ValueError as e:
            print('ValueError', e)
        """
    )
    assert child.returncode == 0, child.stderr
    assert child.stdout.startswith("ValueError"), child.stdout + child.stderr
    assert f"1 to {boardgame.MAX_GAMES} games" in child.stdout


def test_a_batch_the_allocator_refuses_is_a_memory_error_not_an_abort():
    # Under a 2 GiB address-space limit, 2**22 Ataxx games (about 5 GB of arrays) cannot be
    # had, nor the native side of 2**24 games (about 4 GB): every native array is reserved
    # with try_reserve, numpy's are numpy's, so Python gets MemoryError.
    child = run_child(
        """
        import resource
        import boardgame
        resource.setrlimit(resource.RLIMIT_AS, (2**31, 2**31))
        for opponent in (None, 'random'):
            try:
                boardgame.VectorEnv('ataxx', 2**22, opponent=opponent)
            except MemoryError as e:
                print('MemoryError', e)
            try:
                boardgame._VectorEnv(boardgame.new_game('ataxx'), 2**24, 0, opponent=opponent)
            except MemoryError as e:
                print('MemoryError', e)
        """
    )
    assert child.returncode == 0, child.stderr
    assert child.stdout.count("MemoryError") == 4, child.stdout + child.stderr
    assert child.stdout.count("MemoryError cannot allocate") == 2, child.stdout + child.stderr


OUT_OF_RANGE = {
    "State.observation_tensor(-1)": lambda s: s.observation_tensor(-1),
    "State.apply_action(2**70)": lambda s: s.apply_action(2**70),
    "State.action_to_string(-1)": lambda s: s.action_to_string(-1),
    "State.expectimax(-1)": lambda s: s.expectimax(-1),
    "State.expectimax(1, nodes=2**64)": lambda s: s.expectimax(1, nodes=2**64),
    "State.expectimax(65)": lambda s: s.expectimax(65),
    "State.evaluate(2**100)": lambda s: s.evaluate(2**100),
    "new_game(players=-2)": lambda s: boardgame.new_game("parchis", players=-2),
    "bot(seed=-1)": lambda s: boardgame.bot("random", s.game(), seed=-1),
    "VectorEnv(seed=-1)": lambda s: boardgame.VectorEnv("thax", 2, seed=-1),
    "VectorEnv(n=-1)": lambda s: boardgame.VectorEnv("thax", -1),
    "VectorEnv.reset(seed=2**64)": lambda s: boardgame.VectorEnv("thax", 2).reset(seed=2**64),
    "VectorEnv.notation(-1)": lambda s: boardgame.VectorEnv("thax", 2).notation(-1),
    "BoardgameEnv(seat=-1)": lambda s: BoardgameEnv("thax", opponent="random", seat=-1),
    "BoardgameEnv.step(2**70)": lambda s: (lambda e: (e.reset(seed=0), e.step(2**70)))(BoardgameEnv("ataxx")),
}


@pytest.mark.parametrize("call", OUT_OF_RANGE.values(), ids=OUT_OF_RANGE.keys())
def test_an_integer_out_of_range_raises_value_error(call):
    # Issue 46, defect 3: these raised OverflowError, which `except ValueError` misses.
    state = boardgame.new_game("ataxx").new_initial_state()
    with pytest.raises(ValueError) as error:
        call(state)
    assert not isinstance(error.value, OverflowError)
    assert len(str(error.value)) < 200


def test_a_huge_action_forfeits_where_illegal_actions_forfeit():
    env = BoardgameEnv("ataxx", illegal_action="forfeit", illegal_reward=-3.0)
    env.reset(seed=0)
    _, reward, terminated, _, info = env.step(2**70)
    assert terminated and reward == -3.0 and info["illegal_action"]
    envs = BoardgameVectorEnv("ataxx", 2, illegal_action="forfeit")
    _, infos = envs.reset(seed=0)
    actions = np.array([2**64 - 1, np.flatnonzero(infos["action_mask"][1])[0]], np.uint64)
    _, rewards, terminations, _, infos = envs.step(actions)
    assert list(terminations) == [True, False] and rewards[0] == -1.0


def test_a_uint64_action_is_reported_as_given_not_negative():
    # Issue 44, cosmetic: np.full(n, 2**63, np.uint64) was reported as action -9223372036854775808.
    env = boardgame.VectorEnv("ataxx", 3)
    env.reset()
    with pytest.raises(ValueError, match="game 0: action 9223372036854775808 ") as error:
        env.step(np.full(3, 2**63, np.uint64))
    assert "-9223372036854775808" not in str(error.value)
    with pytest.raises(ValueError, match="action 1180591620717411303424 "):
        env.step([2**70, 0, 0])


FIELDS = {
    "game name": lambda g, s: boardgame.new_game(BIG),
    "game name (VectorEnv)": lambda g, s: boardgame.VectorEnv(BIG, 2),
    "preset": lambda g, s: boardgame.new_game("thax", preset=BIG),
    "setting value": lambda g, s: boardgame.new_game("thax", settings={"max_rolls": BIG}),
    "setting name": lambda g, s: boardgame.new_game("thax", settings={BIG: 1}),
    "setting object": lambda g, s: boardgame.new_game("thax", settings={"max_rolls": [BIG]}),
    "move": lambda g, s: s.string_to_action(BIG),
    "notation": lambda g, s: g.new_initial_state(BIG),
    "notation with a long move": lambda g, s: g.new_initial_state("x5o/7/7/7/7/7/o5x x 0 1 " + BIG),
    # The rules crates' parsers quote a bad field in full; the message is cut.
    "thax notation": lambda g, s: boardgame.new_game("thax").new_initial_state(BIG + " a 0 0"),
    "parchis notation": lambda g, s: boardgame.new_game("parchis").new_initial_state(
        " ".join([BIG] + ["n"] * 6)
    ),
    "co-ca-ngua notation": lambda g, s: boardgame.new_game("co-ca-ngua").new_initial_state(BIG),
    "record": lambda g, s: boardgame.from_record(BIG),
    "record's game": lambda g, s: boardgame.from_record('{"game": "%s"}' % BIG),
    "replay": lambda g, s: g.replay(BIG),
    "bot spec": lambda g, s: boardgame.bot(BIG, g),
    "bot spec value": lambda g, s: boardgame.bot("mcts:iters=" + BIG, g),
    "opponent spec": lambda g, s: BoardgameVectorEnv("ataxx", 2, opponent=BIG),
    "illegal_action": lambda g, s: BoardgameEnv("thax", illegal_action=BIG),
    "render_mode": lambda g, s: BoardgameEnv("thax", render_mode=BIG),
    "autoreset_mode": lambda g, s: BoardgameVectorEnv("thax", 2, autoreset_mode=BIG),
    "pickled configuration": lambda g, s: boardgame._boardgame._game_from_config("thax", None, BIG),
    "pickled configuration key": lambda g, s: boardgame._boardgame._game_from_config(
        "thax", None, '{"%s": 1}' % BIG
    ),
}


@pytest.mark.parametrize("call", FIELDS.values(), ids=FIELDS.keys())
def test_a_ten_megabyte_field_gives_a_message_under_200_bytes(call):
    # Issue 44: one quoting helper (boardgame_io::quote) and every message bounded.
    game = boardgame.new_game("ataxx")
    with pytest.raises(ValueError) as error:
        call(game, game.new_initial_state())
    message = str(error.value)
    assert len(message.encode()) < 200, message[:300]
    assert message


def test_a_bot_spec_error_names_boardgame_bot_specs_for_the_list():
    with pytest.raises(ValueError, match=r"^unknown bot \"mctz\" \(boardgame.BOT_SPECS lists"):
        boardgame.bot("mctz", boardgame.new_game("ataxx"))
    assert "mcts:iters=N" in boardgame.BOT_SPECS


def test_a_pickled_configuration_with_an_unknown_key_is_refused():
    # Issue 44, cosmetic: serde skipped unknown keys, so a misspelt setting was lost silently.
    game = boardgame.new_game("thax", settings={"max_rolls": 300})
    make, (name, preset, json) = game.__reduce__()
    assert make(name, preset, json) == game
    tampered = json[:-1] + ', "max_roll": 30}'
    with pytest.raises(ValueError, match='unknown key "max_roll"'):
        make(name, preset, tampered)
    data = pickle.dumps(game)
    assert pickle.loads(data) == game
    with pytest.raises(ValueError, match='unknown key "max_roll"'):
        pickle.loads(pickle.dumps(_Reduced(make, (name, preset, tampered))))


class _Reduced:
    """An object that pickles as ``make(*args)`` (a pickle as a stranger could write it)."""

    def __init__(self, make, args):
        self.make, self.args = make, args

    def __reduce__(self):
        return self.make, self.args


def test_a_pickled_vector_env_with_an_unknown_key_is_refused():
    env = boardgame.VectorEnv("thax", 2)
    env.reset()
    state = env.__getstate__()
    state["sneaky"] = 1
    with pytest.raises(ValueError, match='unknown key "sneaky"'):
        boardgame.VectorEnv.__new__(boardgame.VectorEnv).__setstate__(state)


def test_legal_actions_mask_is_a_list_of_ints_as_in_pyspiel():
    # Issue 46, defect 1: it was `bytes`, and np.asarray(mask, bool) was 0-d.
    state = boardgame.new_game("ataxx").new_initial_state()
    mask = state.legal_actions_mask()
    assert isinstance(mask, list) and all(type(m) is int for m in mask)
    assert np.asarray(mask, bool).shape == (834,)
    assert list(np.flatnonzero(mask)) == state.legal_actions()


def test_the_native_batch_refuses_arrays_of_the_wrong_length_or_type():
    # Issue 53: the native half is reachable from Python (boardgame._VectorEnv); a wrong
    # array is a ValueError or TypeError, never a panic.
    env = boardgame.VectorEnv("thax", 4, num_threads=2)
    env.reset(seed=0)
    native = env._native
    with pytest.raises(ValueError, match="3 actions for 4 games"):
        native.step(np.zeros(3, np.int64))
    with pytest.raises(ValueError, match="5 actions for 4 games"):
        native.answer(np.zeros(5, np.int64))
    with pytest.raises(ValueError, match="reset mask"):
        native.reset(mask=np.zeros(3, np.bool_))
    with pytest.raises(ValueError, match="hold"):
        native.step(env.sample_legal(), np.zeros(2, np.bool_))
    with pytest.raises(TypeError):
        native.step(np.zeros(4, np.int32))
    with pytest.raises(ValueError, match="rows"):
        native.bind(*[np.zeros(1, dtype) for dtype in (np.float32, np.bool_, np.int64, np.int64, np.bool_, np.float32, np.float32, np.bool_, np.bool_)])
    env.step(env.sample_legal())
