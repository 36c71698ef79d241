"""OpenSpiel's own machinery on every game: random simulations, MCTSBot, expectiminimax."""

from __future__ import annotations

import random
import re

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import mcts  # noqa: E402
from open_spiel.python.algorithms.minimax import expectiminimax  # noqa: E402

import boardgame  # noqa: E402
import boardgame.openspiel  # noqa: E402
from conftest import random_step  # noqa: E402

boardgame.openspiel.register()

#: A table of configurations: every preset of every game, seat counts and switches, with
#: the values OpenSpiel's game strings cannot hold as they are (commas, numbers for settings
#: that also take words).
CONFIGURATIONS = [
    ("ataxx", None, {}),
    ("ataxx", "no-clock", {"ply_clock": True}),
    ("thax", None, {}),
    ("thax", "classic", {}),
    ("thax", "thax-out", {}),
    ("thax", "thax-out-limited", {}),
    ("thax", "n-of-n", {}),
    ("thax", "with-sums", {"turn_limit": "score", "max_rolls": 120}),
    ("thax", None, {"board": "1,2x2,3x3,4x4,5x5", "first": "1", "supply": "20"}),
    ("thax", None, {"board": "6"}),
    ("parchis", None, {"players": 2}),
    ("parchis", "default", {"players": 3}),
    ("parchis", "spanish", {}),
    ("parchis", "spanish", {"barriers": "safe", "max_rolls": 50}),
    ("parchis", "glparchis", {"players": 3, "colours": "YRG"}),
    ("co-ca-ngua", None, {}),
    ("co-ca-ngua", "default", {"players": 4, "dice": 2}),
    ("co-ca-ngua", "plain", {}),
    ("co-ca-ngua", "traditional", {}),
    ("co-ca-ngua", "traditional", {"players": 2, "release_rolls": "1,6"}),
    ("co-ca-ngua", None, {"arrival": "choose", "release_rolls": "6"}),
]


def _configuration_id(config) -> str:
    name, preset, settings = config
    return "-".join([name, preset or ""] + [f"{k}={v}" for k, v in settings.items()])


def openspiel_game(name, preset, settings):
    """The native game of that configuration and its OpenSpiel game."""
    native = boardgame.new_game(name, preset=preset, settings=settings)
    return native, boardgame.openspiel.game_from_native(native)


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
    assert game.max_game_length() == 10_000 * 17
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
def test_random_simulations_pass_openspiels_checks_with_serialization(name):
    # Issue 39, defect 1: serialize=True round-trips every state through the game string
    # and the history.
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def random_openspiel_states(game, seed, events=60):
    rng = random.Random(seed)
    state = game.new_initial_state()
    states = [state.clone()]
    while not state.is_terminal() and len(states) < events:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        states.append(state.clone())
    return states


@pytest.mark.parametrize("name", GAMES)
def test_states_serialize_and_pickle_as_the_game_string_and_the_history(name):
    import pickle

    game = pyspiel.load_game(name)
    for state in random_openspiel_states(game, seed=2)[::7]:
        text = pyspiel.serialize_game_and_state(game, state)
        assert str(game) in text
        again_game, again = pyspiel.deserialize_game_and_state(text)
        assert str(again_game) == str(game)
        for copy in (again, game.deserialize_state(state.serialize()), pickle.loads(pickle.dumps(state))):
            assert str(copy) == str(state)
            assert copy.history() == state.history()
            assert copy.native.history() == state.native.history()
            assert copy.legal_actions() == state.legal_actions()
            assert copy.is_chance_node() == state.is_chance_node()


@pytest.mark.parametrize("config", CONFIGURATIONS, ids=_configuration_id)
def test_the_game_string_loads_back_to_an_equal_game(config):
    # Issue 39, defect 2: str(game) loads back to an equal game, with every preset and switch.
    native, game = openspiel_game(*config)
    assert game.native == native
    named = re.search(r"[(,]preset=([^,)]*)[,)]", str(game)).group(1)
    # The preset is named, unless a setting of the table takes one of its settings back to
    # the default configuration's value (see the next test).
    assert named in (config[1] or "", "")
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game)
    assert again.native == native and again.native.settings() == native.settings()
    assert again == game


def test_a_preset_setting_set_back_to_its_default_value_still_round_trips():
    # Spanish barriers are "everywhere"; "safe" is the default configuration's value.
    native = boardgame.new_game("parchis", preset="spanish", settings={"barriers": "safe"})
    spanish = pyspiel.load_game("boardgame_parchis(preset=spanish)")
    assert spanish.native.settings()["barriers"] == "everywhere"
    # A parameter equal to the default configuration's value does not override the preset
    # (the documented limit of the parameters) ...
    params = dict(spanish.get_parameters(), barriers="safe")
    assert pyspiel.load_game("boardgame_parchis", params).native.settings()["barriers"] == "everywhere"
    # ... so the game string of these rules names no preset and every setting.
    game = boardgame.openspiel.game_from_native(native)
    assert "preset=," in str(game) and game.native == native
    assert pyspiel.load_game(str(game)).native == native


def test_games_and_states_pickle_and_their_classes_are_importable():
    import copy
    import pickle

    for name in ["boardgame_ataxx", "boardgame_thax(board=1x3;2x3)", "boardgame_co_ca_ngua(players=3)"]:
        game = pyspiel.load_game(name)
        cls = type(game)
        assert getattr(boardgame.openspiel, cls.__name__) is cls
        again = pickle.loads(pickle.dumps(game))
        assert str(again) == str(game) and again.native == game.native
        state = random_openspiel_states(game, seed=3, events=20)[-1]
        for copy_ in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state), state.clone()):
            assert str(copy_) == str(state) and copy_.history() == state.history()


def test_max_game_length_is_a_real_bound_in_decisions_with_chance_apart():
    thax = pyspiel.load_game("boardgame_thax(max_rolls=30)")
    assert thax.max_game_length() == 30 and thax.max_chance_nodes_in_history() == 30
    parchis = pyspiel.load_game("boardgame_parchis(max_rolls=30)")
    assert parchis.max_game_length() == 30 * 17 and parchis.max_chance_nodes_in_history() == 30
    ataxx = pyspiel.load_game("boardgame_ataxx")
    assert ataxx.max_game_length() == 5049 and ataxx.max_chance_nodes_in_history() == 0
    for game in (thax, parchis):
        for seed in range(3):
            state = random_openspiel_states(game, seed=seed, events=10**6)[-1]
            history = state.full_history()
            chance = sum(1 for item in history if item.player == pyspiel.PlayerId.CHANCE)
            assert chance <= game.max_chance_nodes_in_history()
            assert len(history) - chance <= game.max_game_length()
    with pytest.raises(Exception, match="bound"):
        pyspiel.load_game("boardgame_ataxx(ply_clock=false)")
    with pytest.raises(Exception, match="bound"):
        pyspiel.load_game("boardgame_parchis(max_rolls=0)")


def test_information_state_flags_match_the_methods():
    for name in ["boardgame_ataxx", "boardgame_parchis(players=3)"]:
        game = pyspiel.load_game(name)
        kind = game.get_type()
        assert kind.provides_information_state_string
        assert not kind.provides_information_state_tensor
        assert kind.provides_observation_string and kind.provides_observation_tensor
        state = random_openspiel_states(game, seed=4, events=12)[-1]
        player = 0
        # Perfect recall of a perfect-information game: the history.
        assert state.information_state_string(player) == state.history_str()
        assert state.observation_string(player) == str(state)


def test_new_initial_state_reads_a_notation_and_undo_says_what_to_do():
    game = pyspiel.load_game("boardgame_ataxx")
    state = game.new_initial_state("x5o/7/7/7/7/7/o5x o 0 1")
    assert str(state) == "x5o/7/7/7/7/7/o5x o 0 1" and state.current_player() == 1
    action = state.legal_actions()[0]
    state.apply_action(action)
    with pytest.raises(NotImplementedError, match="clone"):
        state.undo_action(1, action)


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
