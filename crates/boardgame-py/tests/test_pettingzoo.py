"""PettingZoo AEC environments: the API test for every game, masks, seeding."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test  # noqa: E402

import boardgame  # noqa: E402
import boardgame.pettingzoo as pz  # noqa: E402
from boardgame.pettingzoo import env  # noqa: E402

ENVS = [
    ("ataxx", {}),
    ("thax", {}),
    ("parchis", {"players": 4}),
    ("co-ca-ngua", {"players": 3}),
]


@pytest.mark.parametrize("game,kwargs", ENVS, ids=[g for g, _ in ENVS])
def test_pettingzoos_api_test_passes(game, kwargs):
    api_test(env(game, **kwargs), num_cycles=300, verbose_progress=False)


def play(e, seed):
    """A whole game with actions drawn from the mask by a generator seeded with `seed`."""
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    log = []
    for agent in e.agent_iter(max_iter=100_000):
        obs, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            log.append((agent, reward))
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert legal.size > 0
        assert list(legal) == e.unwrapped.native.legal_actions()
        action = int(rng.choice(legal))
        log.append((agent, action))
        e.step(action)
    return log, e.unwrapped.native.to_record()


@pytest.mark.parametrize("game,kwargs", ENVS, ids=[g for g, _ in ENVS])
def test_the_same_seed_plays_the_same_game(game, kwargs):
    kwargs = dict(kwargs, settings={"max_rolls": 300}) if game != "ataxx" else kwargs
    first = play(env(game, **kwargs), seed=11)
    second = play(env(game, **kwargs), seed=11)
    other = play(env(game, **kwargs), seed=12)
    assert first == second
    assert first != other


def test_only_the_agent_to_act_has_a_mask_and_rewards_come_at_the_end():
    e = env("thax")
    e.reset(seed=3)
    agent = e.agent_selection
    for other in e.agents:
        mask = e.observe(other)["action_mask"]
        assert (mask.sum() > 0) == (other == agent)
    log, _ = play(e, seed=3)
    final = [reward for _, reward in log[-2:]]
    assert sorted(final) == [-1.0, 1.0] or final == [0.0, 0.0]


def test_a_game_that_chance_ends_inside_reset_is_started_again():
    # Issue 39, defect 6. Under max_rolls=3, the roll-off takes two throws, and a tie a
    # second round, which leaves no throw for the first turn: chance alone ends the game
    # about one time in eight, inside reset().
    endings = 0
    for seed in range(40):
        e = pz.raw_env("thax", settings={"max_rolls": 3})
        e.reset(seed=seed)
        assert not any(e.terminations.values())
        agent = e.agent_selection
        assert e.observe(agent)["action_mask"].sum() > 0, "the agent to act has a move"
        probe = boardgame.new_game("thax", settings={"max_rolls": 3}).new_initial_state()
        rng = np.random.default_rng(seed)
        while probe.is_chance_node():
            outcomes, total = probe.chance_weights()
            pick = int(rng.integers(total))
            for action, weight in outcomes:
                if pick < weight:
                    probe.apply_action(action)
                    break
                pick -= weight
        endings += probe.is_terminal()
    assert endings > 0, "some seeds end the first game by chance alone"
    api_test(env("thax", settings={"max_rolls": 3}), num_cycles=200, verbose_progress=False)
    # A game that ends on a step marks every agent terminated in that step.
    e = env("thax", settings={"max_rolls": 3})
    e.reset(seed=1)
    e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
    assert all(e.terminations.values())


def test_a_configuration_that_never_reaches_a_decision_is_refused():
    e = pz.raw_env("thax", settings={"max_rolls": 2})
    with pytest.raises(ValueError, match="never reaches"):
        e.reset(seed=0)


def test_state_is_the_pettingzoo_method():
    # Issue 39, defect 9: the game's state no longer shadows AECEnv.state().
    e = env("parchis", players=3)
    e.reset(seed=2)
    state = e.unwrapped.state()
    assert isinstance(state, np.ndarray) and state.shape == e.unwrapped.state_space.shape
    assert e.unwrapped.state_space.contains(state)
    assert np.array_equal(state, e.unwrapped.native.observation_tensor(0))


def test_render_modes_are_checked_and_env_carries_the_standard_wrappers():
    # Issue 39, defect 12.
    with pytest.raises(ValueError, match="render_mode"):
        env("thax", render_mode="rgb")
    e = env("thax", render_mode="ansi")
    names = []
    layer = e
    while hasattr(layer, "env"):
        names.append(type(layer).__name__)
        layer = layer.env
    assert names == ["OrderEnforcingWrapper", "AssertOutOfBoundsWrapper", "TerminateIllegalWrapper"]
    assert isinstance(layer, pz.BoardgameEnv) and e.unwrapped is layer
    assert isinstance(pz.raw_env("thax"), pz.BoardgameEnv)
    e.reset(seed=0)
    assert e.render() == e.unwrapped.native.picture()
    # An illegal action ends the game with -1 for the agent that played it.
    agent = e.agent_selection
    illegal = int(np.flatnonzero(e.observe(agent)["action_mask"] == 0)[0])
    e.step(illegal)
    assert all(e.terminations.values()) and e.rewards[agent] == -1


@pytest.mark.parametrize("game,kwargs", ENVS, ids=[g for g, _ in ENVS])
def test_environments_pickle_and_deep_copy_mid_game(game, kwargs):
    # Issue 39, defect 8.
    import copy
    import pickle

    e = env(game, **kwargs)
    e.reset(seed=5)
    rng = np.random.default_rng(5)
    for _ in range(7):
        mask = e.observe(e.agent_selection)["action_mask"]
        e.step(int(rng.choice(np.flatnonzero(mask))))
    for again in (pickle.loads(pickle.dumps(e)), copy.deepcopy(e)):
        assert again.agent_selection == e.agent_selection
        assert str(again.unwrapped.native) == str(e.unwrapped.native)
        # The same actions and the same generator state: the same continuation.
        first, second = play_on(e), play_on(again)
        assert first == second
        e = pickle.loads(pickle.dumps(again))


def play_on(e, steps=30):
    e = __import__("copy").deepcopy(e)
    log = []
    for _ in range(steps):
        obs, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            break
        action = int(np.flatnonzero(obs["action_mask"])[-1])
        e.step(action)
        log.append((e.agent_selection, action, str(e.unwrapped.native)))
    return log


@pytest.mark.parametrize("game,players", [("ataxx", None), ("thax", None), ("parchis", 4), ("co-ca-ngua", 2)])
def test_rgb_array_draws_the_board_of_the_state_in_rust(game, players):
    # Issue 53, item 4: the rgb_array mode of the other environments, here too.
    e = env(game, players=players, render_mode="rgb_array")
    e.reset(seed=3)
    for _ in range(6):
        agent = e.agent_selection
        obs, _, terminated, truncated, _ = e.last()
        e.step(None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0]))
    picture = e.render()
    assert picture.dtype == np.uint8 and picture.ndim == 3 and picture.shape[2] == 3
    assert np.array_equal(picture, e.unwrapped.native.render_rgb())
    assert "rgb_array" in e.unwrapped.metadata["render_modes"]
    assert agent
