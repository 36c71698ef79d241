"""Gymnasium: the single-agent view as a ``gymnasium.Env`` (checked by ``check_env``) and as a
``gymnasium.vector.VectorEnv`` stepped in Rust, which must equal ``AsyncVectorEnv`` over the
single environment (in other processes) step for step."""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402
from gymnasium.vector import AsyncVectorEnv, AutoresetMode  # noqa: E402

import boardgame  # noqa: E402
from boardgame.gymnasium import BoardgameEnv, BoardgameVectorEnv  # noqa: E402

SHORT = {"max_rolls": 60}

VIEWS = [
    ("ataxx", {}),
    ("thax", {"settings": SHORT}),
    ("parchis", {"players": 4, "settings": SHORT}),
    ("co-ca-ngua", {"players": 3, "settings": SHORT}),
    ("thax", {"settings": SHORT, "opponent": "random", "seat": 1}),
    ("parchis", {"players": 3, "settings": SHORT, "opponent": "greedy", "seat": 2}),
    ("ataxx", {"opponent": "greedy", "seat": 0}),
]
IDS = [f"{g}-{k.get('opponent', 'self')}" for g, k in VIEWS]


@pytest.mark.parametrize("game,kwargs", VIEWS, ids=IDS)
def test_gymnasiums_check_env_passes(game, kwargs):
    # check_env samples any action of the space, so illegal actions must end the game.
    check_env(BoardgameEnv(game, illegal_action="forfeit", **kwargs), skip_render_check=True)


def first_legal(infos) -> np.ndarray:
    return infos["action_mask"].argmax(axis=1)


@pytest.mark.parametrize("game,kwargs", VIEWS, ids=IDS)
def test_the_vector_env_equals_async_vector_env_over_the_single_env_in_other_processes(game, kwargs):
    n, steps = 3, 120
    ours = BoardgameVectorEnv(game, n, **kwargs)
    theirs = AsyncVectorEnv(
        [lambda: BoardgameEnv(game, **kwargs) for _ in range(n)],
        autoreset_mode=AutoresetMode.SAME_STEP,
    )
    try:
        assert ours.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
        assert ours.observation_space == theirs.observation_space
        assert ours.action_space == theirs.action_space
        a_obs, a_infos = ours.reset(seed=7)
        b_obs, b_infos = theirs.reset(seed=7)
        rng = np.random.default_rng(8)
        ends = 0
        for _ in range(steps):
            assert np.array_equal(a_obs, b_obs)
            assert np.array_equal(a_infos["action_mask"], b_infos["action_mask"])
            assert np.array_equal(a_infos["player"], b_infos["player"])
            assert ours.observation_space.contains(a_obs)
            actions = ours.sample_legal(rng)
            assert all(a_infos["action_mask"][i, a] for i, a in enumerate(actions))
            a_obs, a_rew, a_term, a_trunc, a_infos = ours.step(actions)
            b_obs, b_rew, b_term, b_trunc, b_infos = theirs.step(actions)
            assert np.array_equal(a_rew, b_rew) and a_rew.dtype == b_rew.dtype
            assert np.array_equal(a_term, b_term) and np.array_equal(a_trunc, b_trunc)
            if a_term.any():
                ends += int(a_term.sum())
                assert np.array_equal(a_infos["_final_obs"], b_infos["_final_obs"])
                for i in np.flatnonzero(a_term):
                    assert np.array_equal(a_infos["final_obs"][i], b_infos["final_obs"][i])
                    returns = a_infos["final_info"]["returns"][i]
                    assert np.array_equal(returns, b_infos["final_info"]["returns"][i])
                    assert a_rew[i] == returns[kwargs.get("seat", 0)] or "opponent" not in kwargs
        assert ends > 0 or game == "ataxx", "some games end within the steps"
    finally:
        theirs.close()


def test_self_play_rewards_the_mover_and_a_bot_plays_the_other_seats():
    envs = BoardgameVectorEnv("thax", 8, settings={"max_rolls": 40})
    _, infos = envs.reset(seed=1)
    rng = np.random.default_rng(2)
    seen_players = set()
    finished = 0
    while finished < 8:
        movers = infos["player"].copy()
        seen_players.update(movers.tolist())
        _, rewards, terminations, _, infos = envs.step(envs.sample_legal(rng))
        for i in np.flatnonzero(terminations):
            returns = infos["final_info"]["returns"][i]
            assert rewards[i] == returns[movers[i]]
            finished += 1
        assert np.all(rewards[~terminations] == 0)
    assert seen_players == {0, 1}, "self-play: the agent plays both seats"
    versus = BoardgameVectorEnv("parchis", 4, players=4, settings={"max_rolls": 40}, opponent="random", seat=2)
    _, infos = versus.reset(seed=3)
    for _ in range(200):
        assert np.all(infos["player"] == 2), "the agent always acts at its seat"
        _, rewards, terminations, _, infos = versus.step(versus.sample_legal(rng))
        for i in np.flatnonzero(terminations):
            assert rewards[i] == infos["final_info"]["returns"][i][2]


def test_illegal_actions_raise_or_forfeit():
    envs = BoardgameVectorEnv("ataxx", 2)
    _, infos = envs.reset(seed=0)
    illegal = np.array([np.flatnonzero(~m)[0] for m in infos["action_mask"]])
    with pytest.raises(ValueError, match="not legal"):
        envs.step(illegal)
    with pytest.raises(TypeError):
        envs.step(illegal.astype(float))
    forfeit = BoardgameVectorEnv("ataxx", 2, illegal_action="forfeit", illegal_reward=-5.0)
    _, infos = forfeit.reset(seed=0)
    actions = np.array([np.flatnonzero(~infos["action_mask"][0])[0], first_legal(infos)[1]])
    _, rewards, terminations, _, infos = forfeit.step(actions)
    assert list(terminations) == [True, False] and rewards[0] == -5.0 and rewards[1] == 0
    assert list(infos["final_info"]["illegal_action"]) == [True, False]
    with pytest.raises(ValueError, match="illegal_action"):
        BoardgameVectorEnv("ataxx", 1, illegal_action="ignore")


def test_render_modes_are_checked():
    with pytest.raises(ValueError, match="render_mode"):
        BoardgameEnv("thax", render_mode="video")
    env = BoardgameEnv("thax", render_mode="ansi")
    env.reset(seed=1)
    assert "\n" in env.render()


def test_the_single_env_pickles_and_deep_copies_mid_game():
    env = BoardgameEnv("parchis", players=2, settings={"max_rolls": 80}, opponent="random", seat=1)
    obs, info = env.reset(seed=4)
    for _ in range(5):
        obs, *_ , info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    for again in (pickle.loads(pickle.dumps(env)), copy.deepcopy(env)):
        a, b = copy.deepcopy(env), again
        info_a = info_b = info
        for _ in range(40):
            action = int(np.flatnonzero(info_a["action_mask"])[-1]) if info_a["action_mask"].any() else 0
            *out_a, info_a = a.step(action)
            *out_b, info_b = b.step(action)
            assert all(np.array_equal(x, y) for x, y in zip(out_a, out_b))
            if out_a[2]:
                break


def test_a_configuration_that_never_reaches_the_agent_is_refused():
    with pytest.raises(ValueError, match="never reaches a decision"):
        BoardgameVectorEnv("thax", 2, settings={"max_rolls": 2}).reset(seed=0)
