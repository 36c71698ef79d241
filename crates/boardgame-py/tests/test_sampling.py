"""Native random legal actions (issue 46, item 2): ``VectorEnv.sample_legal`` draws in Rust,
legal, uniform, seeded and reproducible; ``VectorEnv.reset(seed=…)``."""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest

import boardgame
from boardgame.gymnasium import BoardgameVectorEnv
from conftest import CONFIGS, config_id


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_sampled_actions_are_legal_in_every_game_over_a_random_play(config):
    name, players, preset, settings = config
    env = boardgame.VectorEnv(name, 16, seed=3, players=players, preset=preset, settings=settings)
    _, masks, _ = env.reset()
    ends = 0
    for step in range(5000):
        if step >= 300 and ends:
            break
        actions = env.sample_legal()
        assert actions.dtype == np.int64 and actions.shape == (16,)
        assert masks[np.arange(16), actions].all()
        _, masks, _, _, dones = env.step(actions)
        ends += int(dones.sum())
    assert ends > 0


def test_the_same_seed_gives_the_same_actions_and_games():
    def play(seed):
        env = boardgame.VectorEnv("parchis", 32, seed=5, players=4)
        env.reset()
        picks = [env.sample_legal(seed)]
        for _ in range(200):
            env.step(picks[-1])
            picks.append(env.sample_legal())
        return np.array(picks), [env.notation(i) for i in range(32)]

    a, games_a = play(11)
    b, games_b = play(11)
    c, _ = play(12)
    assert np.array_equal(a, b) and games_a == games_b
    assert not np.array_equal(a, c)


def test_a_numpy_generator_seeds_the_sampler_reproducibly():
    env = boardgame.VectorEnv("ataxx", 64)
    env.reset()
    first = env.sample_legal(np.random.default_rng(7))
    again = env.sample_legal(np.random.default_rng(7))
    other = env.sample_legal(np.random.default_rng(8))
    assert np.array_equal(first, again) and not np.array_equal(first, other)
    with pytest.raises(TypeError, match="seed must be"):
        env.sample_legal("7")
    with pytest.raises(ValueError, match="out of range"):
        env.sample_legal(-1)


def test_sampling_is_uniform_over_the_legal_actions():
    # The start of Ataxx has 16 legal moves; 64 games × 400 draws, each move expected 1600
    # times: a chi-square test at 15 degrees of freedom (p = 0.001 at 37.7).
    env = boardgame.VectorEnv("ataxx", 64)
    _, masks, _ = env.reset()
    legal = np.flatnonzero(masks[0])
    assert len(legal) == 16
    counts = np.zeros(masks.shape[1], np.int64)
    for k in range(400):
        np.add.at(counts, env.sample_legal(k if k == 0 else None), 1)
    observed = counts[legal]
    assert observed.sum() == 64 * 400 and counts.sum() == observed.sum()
    expected = 64 * 400 / 16
    chi2 = ((observed - expected) ** 2 / expected).sum()
    assert chi2 < 37.7, (chi2, observed)


def test_sample_legal_needs_a_started_batch():
    env = boardgame.VectorEnv("thax", 2)
    with pytest.raises(RuntimeError, match="reset"):
        env.sample_legal()


def test_reset_with_a_seed_equals_a_new_batch_with_that_seed():
    fresh = boardgame.VectorEnv("thax", 8, seed=21)
    reused = boardgame.VectorEnv("thax", 8, seed=0)
    for _ in range(2):
        obs_a, masks_a, _ = fresh.reset(seed=21)
        obs_b, masks_b, _ = reused.reset(seed=21)
        assert np.array_equal(obs_a, obs_b) and np.array_equal(masks_a, masks_b)
        for _ in range(100):
            actions = fresh.sample_legal()
            assert np.array_equal(actions, reused.sample_legal())
            a = fresh.step(actions)
            b = reused.step(actions)
            assert all(np.array_equal(x, y) for x, y in zip(a, b))
        # A reset without a seed carries on; with the seed, it starts over.
        fresh.reset()
        reused.reset()
    seeds = [5, 6, 7, 8, 9, 10, 11, 12]
    obs_list, _, _ = boardgame.VectorEnv("thax", 8).reset(seed=seeds)
    obs_list = obs_list.copy()
    with pytest.raises(ValueError, match="3 seeds for 8 games"):
        fresh.reset(seed=[1, 2, 3])


def test_the_sampler_pickles_with_the_batch():
    env = boardgame.VectorEnv("co-ca-ngua", 8, players=4)
    env.reset()
    for _ in range(20):
        env.step(env.sample_legal())
    for make_copy in (lambda e: pickle.loads(pickle.dumps(e)), copy.deepcopy):
        copied = make_copy(env)
        for _ in range(50):
            actions = env.sample_legal()
            assert np.array_equal(actions, copied.sample_legal())
            env.step(actions)
            copied.step(actions)
        assert [env.notation(i) for i in range(8)] == [copied.notation(i) for i in range(8)]


def test_the_gymnasium_vector_env_samples_natively_and_a_seeded_reset_seeds_it():
    a = BoardgameVectorEnv("ataxx", 16)
    b = BoardgameVectorEnv("ataxx", 16)
    _, infos = a.reset(seed=3)
    b.reset(seed=3)
    for _ in range(50):
        actions = a.sample_legal()
        assert infos["action_mask"][np.arange(16), actions].all()
        assert np.array_equal(actions, b.sample_legal())
        _, _, _, _, infos = a.step(actions)
        b.step(actions)
