"""OpenSpiel's own machinery on every game: random simulations, MCTSBot, expectiminimax."""

from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import mcts  # noqa: E402
from open_spiel.python.algorithms.minimax import expectiminimax  # noqa: E402

import boardgame  # noqa: E402
import boardgame.openspiel  # noqa: E402
from conftest import random_step  # noqa: E402

boardgame.openspiel.register()

#: Every game, with a length guard where random play would take long in Python.
GAMES = [
    "boardgame_ataxx",
    "boardgame_thax",
    "boardgame_parchis(players=4,max_rolls=400)",
    "boardgame_parchis(players=2,preset=spanish,max_rolls=400)",
    "boardgame_co_ca_ngua(players=2,max_rolls=400)",
    "boardgame_co_ca_ngua(players=4,preset=traditional,max_rolls=400)",
]


def test_register_names_every_game_and_loads_with_parameters():
    names = boardgame.openspiel.register()
    assert names == ["boardgame_ataxx", "boardgame_thax", "boardgame_parchis", "boardgame_co_ca_ngua"]
    game = pyspiel.load_game("boardgame_parchis(players=4)")
    assert game.num_players() == 4
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert pyspiel.load_game("boardgame_ataxx").get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert game.max_game_length() == 10_000 * 18
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-3.0, 3.0, 0.0)
    assert pyspiel.load_game("boardgame_parchis(players=3)").num_players() == 3
    spanish = pyspiel.load_game("boardgame_parchis(preset=spanish,max_rolls=50)")
    assert spanish.native.settings()["max_rolls"] == "50"
    assert spanish.native.settings() != pyspiel.load_game("boardgame_parchis").native.settings()
    with pytest.raises(Exception, match="players"):
        pyspiel.load_game("boardgame_thax(players=3)")


@pytest.mark.parametrize("name", GAMES)
def test_random_simulations_pass_openspiels_checks(name):
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


@pytest.mark.parametrize("name", GAMES)
def test_observation_tensors_reach_openspiel(name):
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    rng = random.Random(1)
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
    player = state.current_player()
    tensor = np.array(state.observation_tensor(player), np.float32)
    assert tensor.size == int(np.prod(game.observation_tensor_shape()))
    assert np.array_equal(tensor, state.native.observation_tensor(player).ravel())
    assert state.observation_string(player) == str(state)


def play_with_mcts(game, seed: int):
    rng = np.random.RandomState(seed)
    bots = [
        mcts.MCTSBot(game, 2.0, 6, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
        for _ in range(game.num_players())
    ]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    return state


@pytest.mark.parametrize(
    "name",
    [
        "boardgame_ataxx",
        "boardgame_thax(max_rolls=120)",
        "boardgame_parchis(players=4,max_rolls=60)",
        "boardgame_co_ca_ngua(players=2,max_rolls=60)",
    ],
)
def test_mcts_bots_play_full_games(name):
    game = pyspiel.load_game(name)
    state = play_with_mcts(game, seed=3)
    assert sum(state.returns()) == 0
    # The OpenSpiel history is our record: replaying it gives the same state.
    assert str(boardgame.from_record(state.native.to_record())) == str(state)
    assert len(state.history()) == len(state.native.history())


def thax_positions(settings, count, seed, rolls_left):
    """Decision nodes of seeded random Thax games, `rolls_left` throws before the guard."""
    game = boardgame.new_game("thax", settings=settings)
    limit = int(settings["max_rolls"])
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = game.new_initial_state()
        while not state.is_terminal():
            rolls = sum(1 for e in state.history() if e.startswith("["))
            if not state.is_chance_node() and rolls == limit - rolls_left:
                found.append(state.clone())
                break
            random_step(state, rng)
    return found


def test_expectiminimax_on_small_thax_positions_equals_our_expectimax():
    # Under a tight length guard scored by covered spaces the whole tree is small: both
    # searches reach the end of every line, so both values are the exact expected return.
    settings = {"max_rolls": 14, "turn_limit": "score"}
    game = pyspiel.load_game("boardgame_thax(max_rolls=14,turn_limit=score)")
    values = []
    for native in thax_positions(settings, count=4, seed=5, rolls_left=1):
        state = game.state_from_native(native)
        player = state.current_player()
        never = lambda s: pytest.fail("the tree is small enough to search to the end")  # noqa: E731
        theirs, _ = expectiminimax(state, 20, never, player)
        _, ours, _ = native.expectimax(20)
        assert ours == pytest.approx(theirs, abs=1e-9)
        values.append(ours)
    assert len(set(round(v, 9) for v in values)) > 1, "the positions differ in value"


def test_depth_limited_expectiminimax_with_our_evaluator_equals_our_expectimax():
    game = pyspiel.load_game("boardgame_thax")
    for native in thax_positions({"max_rolls": 1000}, count=3, seed=6, rolls_left=1000 - 12):
        state = game.state_from_native(native)
        player = state.current_player()
        theirs, _ = expectiminimax(state, 2, lambda s: s.native.evaluate(player), player)
        _, ours, _ = native.expectimax(2)
        assert ours == pytest.approx(theirs, abs=1e-9)
