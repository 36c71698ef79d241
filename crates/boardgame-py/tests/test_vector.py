"""VectorEnv: batched stepping with auto-reset agrees with single states."""

from __future__ import annotations

import numpy as np
import pytest

import boardgame


@pytest.mark.parametrize("name", boardgame.games())
def test_vector_env_steps_games_with_masks_and_auto_reset(name):
    game = boardgame.new_game(name)
    n = 8
    env = boardgame.VectorEnv(game, n, seed=1)
    obs, masks, players = env.reset()
    assert obs.shape == (n, *game.observation_tensor_shape())
    assert masks.shape == (n, game.num_distinct_actions())
    rng = np.random.default_rng(2)
    finished = 0
    for _ in range(3000 if name != "ataxx" else 600):
        for i in range(n):
            state = game.from_notation(env.notation(i))
            assert not state.is_chance_node() and not state.is_terminal()
            assert players[i] == state.current_player()
            assert list(np.flatnonzero(masks[i])) == state.legal_actions()
            assert np.array_equal(obs[i], state.observation_tensor(int(players[i])))
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        obs, masks, players, rewards, dones = env.step(actions)
        assert np.all(rewards[~dones] == 0)
        assert np.all(rewards.sum(axis=1) == 0)
        assert np.all((rewards >= game.min_utility()) & (rewards <= game.max_utility()))
        finished += int(dones.sum())
        if finished >= 2:
            break
    assert finished >= 2, "random games end and restart"


def test_the_same_seed_gives_the_same_batch():
    a = boardgame.VectorEnv("parchis", 4, seed=9, players=4)
    b = boardgame.VectorEnv("parchis", 4, seed=9, players=4)
    c = boardgame.VectorEnv("parchis", 4, seed=10, players=4)
    for env in (a, b, c):
        env.reset()
    rng = np.random.default_rng(0)
    differs = False
    for _ in range(50):
        actions = np.array([np.flatnonzero(m)[0] for m in a.masks])
        out_a = [x.copy() for x in a.step(actions)]
        out_b = b.step(actions)
        for x, y in zip(out_a, out_b):
            assert np.array_equal(x, y)
        differs |= any(a.notation(i) != c.notation(i) for i in range(4))
        c.step(np.array([rng.choice(np.flatnonzero(m)) for m in c.masks]))
    assert differs


def test_an_illegal_action_is_refused_and_changes_nothing():
    env = boardgame.VectorEnv("ataxx", 2, seed=0)
    _, masks, _ = env.reset()
    before = [env.notation(i) for i in range(2)]
    bad = np.array([np.flatnonzero(masks[0])[0], np.flatnonzero(masks[1] == 0)[0]])
    with pytest.raises(ValueError, match="game 1"):
        env.step(bad)
    assert [env.notation(i) for i in range(2)] == before
    with pytest.raises(ValueError, match="3 actions for 2 games"):
        env.step(np.zeros(3, np.int64))
