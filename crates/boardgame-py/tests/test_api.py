"""The Python API: action ids, chance outcomes, observations, notation, records, errors."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import numpy as np
import pytest

import boardgame
from conftest import random_states, random_step


def test_every_legal_move_round_trips_through_its_id_and_notation(game):
    limit = game.num_distinct_actions()
    seen = set()
    for state in random_states(game, games=3, seed=1):
        if state.is_terminal() or state.is_chance_node():
            continue
        actions = state.legal_actions()
        assert actions, "a decision node has a legal move"
        assert actions == sorted(set(actions)), "ids are distinct and sorted"
        for action in actions:
            assert 0 <= action < limit
            text = state.action_to_string(action)
            assert state.string_to_action(text) == action
            assert state.move_to_string(action) == text
        seen.update(actions)
    assert len(seen) > 3, "random games reach several distinct actions"


def test_the_mask_marks_exactly_the_legal_actions(game):
    for state in random_states(game, games=1, seed=2, max_events=300):
        if state.is_terminal():
            assert state.legal_actions() == []
            continue
        mask = state.legal_actions_mask()
        assert [i for i, m in enumerate(mask) if m] == state.legal_actions()


def test_chance_outcomes_are_the_exact_weights_and_sum_to_one(game):
    if game.max_chance_outcomes() == 0:
        state = game.new_initial_state()
        assert not state.is_chance_node()
        assert state.chance_outcomes() == []
        return
    nodes = 0
    for state in random_states(game, games=2, seed=3, max_events=400):
        if not state.is_chance_node():
            assert state.chance_weights() is None
            continue
        nodes += 1
        exact = state.chance_outcomes_exact()
        assert sum(p for _, p in exact) == 1
        assert all(isinstance(p, Fraction) and p > 0 for _, p in exact)
        outcomes, total = state.chance_weights()
        assert [(a, Fraction(w, total)) for a, w in outcomes] == exact
        floats = state.chance_outcomes()
        assert [a for a, _ in floats] == [a for a, _ in exact] == state.legal_actions()
        assert all(abs(p - float(q)) < 1e-15 for (_, p), (_, q) in zip(floats, exact))
        assert all(0 <= a < game.max_chance_outcomes() for a, _ in exact)
        for action, _ in exact:
            assert state.string_to_action(state.action_to_string(action)) == action
    assert nodes > 0


def test_observation_tensors_have_the_shape_and_change_with_the_position(game):
    shape = game.observation_tensor_shape()
    rng = random.Random(4)
    state = game.new_initial_state()
    seats = range(game.num_players())
    before = [state.observation_tensor(s) for s in seats]
    assert all(o.shape == shape and o.dtype == np.float32 for o in before)
    events = decisions = 0
    while not state.is_terminal() and events < 500:
        was_decision = not state.is_chance_node()
        random_step(state, rng)
        after = [state.observation_tensor(s) for s in seats]
        assert all(np.all(a >= 0) for a in after)
        # Every move shows, and so does every roll that leads to a decision (the dice to
        # play); only the roll-off's throws before the first turn are not observed.
        if was_decision or not (state.is_chance_node() or state.is_terminal()):
            changed = [not np.array_equal(a, b) for a, b in zip(before, after)]
            assert all(changed), (state.history()[-1], str(state))
        if not state.is_chance_node() and not state.is_terminal():
            decisions += 1
            mover = state.current_player()
            other = (mover + 1) % game.num_players()
            assert not np.array_equal(after[mover], after[other]), "each seat sees its own side"
        before = after
        events += 1
    assert decisions > 0
    with pytest.raises(ValueError, match="not at the table"):
        state.observation_tensor(game.num_players())


def test_the_notation_reads_back_to_the_same_state(game):
    for i, state in enumerate(random_states(game, games=1, seed=5, max_events=200)):
        again = game.from_notation(str(state))
        assert str(again) == str(state)
        assert again.legal_actions() == state.legal_actions()
        assert again.current_player() == state.current_player()


def test_a_record_replays_to_the_same_state_and_is_the_commands_json(game):
    rng = random.Random(6)
    state = game.new_initial_state()
    for _ in range(150):
        if state.is_terminal():
            break
        random_step(state, rng)
    line = state.to_record()
    record = json.loads(line)
    assert record["game"] == game.name
    assert len(record["record"]["events"]) == len(state.history())
    for event in record["record"]["events"]:
        assert list(event) in (["move"], ["chance"])
    again = boardgame.from_record(line)
    assert str(again) == str(state)
    assert again.history() == state.history()


def test_a_record_written_by_the_command_replays():
    # The shape `boardgame play --save` writes (crates/boardgame-cli/tests/it/cli_defects.rs).
    line = '{"game": "ataxx", "record": {"config": {"ply_clock": true}, "events": [{"move": "f2"}]}}'
    state = boardgame.new_game("ataxx").new_initial_state()
    state.apply_action(state.string_to_action("f2"))
    assert str(boardgame.from_record(line)) == str(state)


def test_a_bad_record_names_the_bad_event():
    line = '{"game": "ataxx", "record": {"config": {"ply_clock": true}, "events": [{"move": "f2"}, {"move": "f2"}]}}'
    with pytest.raises(ValueError, match="event 1"):
        boardgame.from_record(line)
    with pytest.raises(ValueError, match="unknown game"):
        boardgame.from_record('{"game": "chess", "record": {}}')


def test_returns_are_zero_sum_and_within_the_utility_bounds(game):
    rng = random.Random(7)
    state = game.new_initial_state()
    while not state.is_terminal():
        assert state.returns() == [0.0] * game.num_players()
        random_step(state, rng)
    returns = state.returns()
    assert sum(returns) == 0
    assert all(game.min_utility() <= r <= game.max_utility() for r in returns)
    moves = sum(1 for e in state.history() if not e.startswith("["))
    assert moves <= game.max_game_length()
    assert len(state.history()) - moves <= game.max_chance_nodes_in_history()


def test_bad_input_raises_value_error_with_the_parsers_message():
    game = boardgame.new_game("ataxx")
    state = game.new_initial_state()
    with pytest.raises(ValueError, match="invalid move \"z9\""):
        state.string_to_action("z9")
    with pytest.raises(ValueError, match="illegal"):
        state.string_to_action("a1a3")
    with pytest.raises(ValueError, match="not an action id"):
        state.apply_action(game.num_distinct_actions())
    before = str(state)
    with pytest.raises(ValueError, match="illegal move"):
        state.apply_action(48)  # a clone to g7, where o stands
    assert str(state) == before, "a refused action changes nothing"
    with pytest.raises(ValueError):
        game.from_notation("x5o/7/7 x 0 1")
    with pytest.raises(ValueError, match="unknown game"):
        boardgame.new_game("chess")
    with pytest.raises(ValueError, match="unknown preset"):
        boardgame.new_game("parchis", preset="nope")
    with pytest.raises(ValueError, match="unknown setting"):
        boardgame.new_game("parchis", settings={"nope": 1})
    with pytest.raises(ValueError, match="players"):
        boardgame.new_game("thax", players=3)


def test_settings_and_presets_configure_the_game():
    spanish = boardgame.new_game("parchis", players=3, preset="spanish", settings={"max_rolls": 500})
    assert spanish.num_players() == 3
    assert spanish.settings()["max_rolls"] == "500"
    # OpenSpiel's definition: decisions only (at most 17 moves per roll), chance apart.
    assert spanish.max_game_length() == 500 * 17
    assert spanish.max_chance_nodes_in_history() == 500
    assert boardgame.new_game("parchis").settings() != spanish.settings()


def test_a_state_is_cloned_independently():
    game = boardgame.new_game("thax")
    state = game.new_initial_state()
    copy = state.clone()
    random_step(state, random.Random(8))
    assert str(copy) != str(state)
    assert copy.history() == []


def test_expectimax_returns_a_legal_action_with_a_bounded_value():
    game = boardgame.new_game("thax")
    rng = random.Random(9)
    state = game.new_initial_state()
    while state.is_chance_node():
        random_step(state, rng)
    action, value, nodes = state.expectimax(1)
    assert action in state.legal_actions()
    assert -1 < value < 1 and nodes > 0
    with pytest.raises(ValueError, match="decision nodes"):
        game.new_initial_state().expectimax(1)


def test_bots_play_legal_moves_for_their_game():
    for name in boardgame.games():
        game = boardgame.new_game(name)
        bot = boardgame.bot("mcts:iters=50", game, seed=1)
        rng = random.Random(10)
        state = game.new_initial_state()
        for _ in range(40):
            if state.is_terminal():
                break
            if state.is_chance_node():
                random_step(state, rng)
                continue
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    with pytest.raises(ValueError, match="plays ataxx"):
        boardgame.bot("random", boardgame.new_game("ataxx")).step(boardgame.new_game("thax").new_initial_state())
    with pytest.raises(ValueError):
        boardgame.bot("mcts:bogus=1", boardgame.new_game("ataxx"))


def test_a_timed_mcts_bot_answers_within_its_budget():
    import time

    game = boardgame.new_game("ataxx")
    bot = boardgame.bot("mcts:ms=50", game)
    state = game.new_initial_state()
    start = time.perf_counter()
    action = bot.step(state)
    elapsed = time.perf_counter() - start
    assert action in state.legal_actions()
    assert elapsed < 2.0


def test_max_game_length_counts_decisions_and_the_chance_nodes_apart_within_real_bounds(game):
    # The bounds come from the configuration (max_rolls, the Ataxx clock), and random games
    # cut by a tiny guard reach them without passing them.
    assert game.max_game_length() is not None and game.max_game_length() < 10**7
    small = game
    if game.max_chance_outcomes() > 0:
        settings = dict(game.settings(), max_rolls=40)
        small = boardgame.new_game(game.name, preset=game.preset, settings=settings)
        assert small.max_chance_nodes_in_history() == 40
        assert small.max_game_length() in (40, 40 * 17)
    else:
        assert small.max_chance_nodes_in_history() == 0
    most = 0
    for state in random_states(small, games=4, seed=21, max_events=20_000):
        if state.is_terminal():
            history = state.history()
            moves = sum(1 for e in history if not e.startswith("["))
            assert moves <= small.max_game_length()
            assert len(history) - moves <= small.max_chance_nodes_in_history()
            most = max(most, len(history) - moves)
    if small.max_chance_outcomes() > 0:
        assert most == 40, "the guard stops a random game at exactly max_rolls throws"


def test_unbounded_configurations_say_so():
    assert boardgame.new_game("ataxx", settings={"ply_clock": False}).max_game_length() is None
    parchis = boardgame.new_game("parchis", settings={"max_rolls": 0})
    assert parchis.max_game_length() is None and parchis.max_chance_nodes_in_history() is None


def test_new_initial_state_reads_the_notation():
    for name in boardgame.games():
        game = boardgame.new_game(name)
        state = game.new_initial_state()
        rng = random.Random(22)
        for _ in range(30):
            random_step(state, rng)
        again = game.new_initial_state(str(state))
        assert str(again) == str(state)
        assert again.legal_actions() == state.legal_actions()
    with pytest.raises(ValueError):
        boardgame.new_game("ataxx").new_initial_state("not a position")


def test_undo_action_takes_back_the_last_event_and_checks_what_it_is_told(game):
    rng = random.Random(23)
    state = game.new_initial_state()
    seen = []
    while not state.is_terminal() and len(seen) < 60:
        before = (str(state), state.current_player(), state.legal_actions(), state.history())
        seen.append((before, random_step(state, rng)))
    (_, last_player, _, _), last_action = seen[-1]
    after = str(state)
    with pytest.raises(ValueError, match="last event"):
        state.undo_action(last_player, last_action + 1)
    with pytest.raises(ValueError, match="last event"):
        state.undo_action(last_player + 1, last_action)
    assert str(state) == after, "a refused undo changes nothing"
    state.undo_action(last_player, last_action)
    assert (str(state), state.current_player(), state.legal_actions(), state.history()) == seen[-1][0]
    for before, _ in reversed(seen[:-1]):
        state.undo_action()
        assert (str(state), state.current_player(), state.legal_actions(), state.history()) == before
    with pytest.raises(ValueError, match="nothing to undo"):
        state.undo_action()


def test_clone_is_cheap_and_independent():
    import timeit

    for name in boardgame.games():
        game = boardgame.new_game(name)
        state = game.new_initial_state()
        rng = random.Random(24)
        for _ in range(300):
            if state.is_terminal():
                break
            random_step(state, rng)
        copy = state.clone()
        assert copy.history() == state.history()
        if not state.is_terminal():
            random_step(state, rng)
            assert copy.history() != state.history()
        # docs/python.md: a few microseconds after 300 events (the position and a few bytes
        # per event); the bound is loose for a busy machine.
        seconds = min(timeit.repeat(copy.clone, number=2000, repeat=3)) / 2000
        assert seconds < 50e-6, f"{name}: clone took {seconds * 1e6:.1f} µs"


def test_str_and_repr_of_a_game_show_the_preset_and_every_setting():
    game = boardgame.new_game("parchis", players=3, preset="spanish", settings={"max_rolls": 500})
    assert game.preset == "spanish"
    text = repr(game)
    assert text.startswith('Game("parchis", preset="spanish", players="3"')
    assert 'max_rolls="500"' in text and str(game) == text
    assert boardgame.new_game("thax").preset is None
    assert 'board="1x3,2x3,3x3,4x3,5x3"' in repr(boardgame.new_game("thax"))


def test_games_pickle_deep_copy_and_compare_by_their_rules(game):
    import copy
    import pickle

    again = pickle.loads(pickle.dumps(game))
    assert again == game and hash(again) == hash(game)
    assert (again.preset, again.settings(), repr(again)) == (game.preset, game.settings(), repr(game))
    assert copy.deepcopy(game) == game and copy.copy(game) is game
    other = boardgame.new_game(game.name, settings={"players": game.max_players()})
    assert (other == game) == (other.settings() == game.settings())


def test_states_pickle_with_their_record_and_game(game):
    import copy
    import pickle

    rng = random.Random(25)
    state = game.new_initial_state()
    for _ in range(80):
        if state.is_terminal():
            break
        random_step(state, rng)
    for again in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert str(again) == str(state)
        assert again.history() == state.history()
        assert again.legal_actions() == state.legal_actions()
        assert again.game() == game and again.game().preset == game.preset
