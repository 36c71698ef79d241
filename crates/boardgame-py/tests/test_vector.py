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
    with pytest.raises(ValueError, match=r"shape \(2,\)"):
        env.step(np.zeros(3, np.int64))


def run_python(code: str, timeout: float):
    """Runs `code` in a fresh interpreter; its CompletedProcess (raises on timeout)."""
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout)


def test_a_configuration_that_chance_always_ends_is_refused_not_a_hang():
    # Issue 39, defect 3: max_rolls=2 leaves no throw for a first turn, so reset() looped for
    # ever. Now it gives up after MAX_RESTARTS new games, in a fraction of a second (run in a
    # subprocess, so that a regression fails on the timeout instead of hanging the suite).
    done = run_python(
        "import boardgame\n"
        "for name in ('thax', 'parchis', 'co-ca-ngua'):\n"
        "    env = boardgame.VectorEnv(name, 4, seed=1, settings={'max_rolls': 2})\n"
        "    try:\n"
        "        env.reset()\n"
        "    except ValueError as e:\n"
        "        assert 'never reaches a decision' in str(e), e\n"
        "    else:\n"
        "        raise AssertionError(name)\n"
        "print('refused')\n",
        timeout=60,
    )
    assert done.returncode == 0 and "refused" in done.stdout, done.stderr
    # Where chance ends only some first games (a tied roll-off under max_rolls=3), those
    # are started again and every slot waits at a decision.
    env = boardgame.VectorEnv("thax", 64, seed=2, settings={"max_rolls": 3})
    _, masks, _ = env.reset()
    assert masks.any(axis=1).all()


def test_step_validates_the_dtype_and_the_shape_of_the_actions():
    # Issue 39, defect 7.
    env = boardgame.VectorEnv("ataxx", 3, seed=0)
    _, masks, _ = env.reset()
    good = np.array([np.flatnonzero(m)[0] for m in masks])
    before = [env.notation(i) for i in range(3)]
    with pytest.raises(TypeError, match="integer action ids"):
        env.step(good.astype(np.float64))
    with pytest.raises(TypeError, match="integer action ids"):
        env.step(np.array([str(a) for a in good]))
    with pytest.raises(TypeError, match="integer action ids"):
        env.step(np.ones(3, np.bool_))
    with pytest.raises(ValueError, match=r"shape \(3,\)"):
        env.step(good.reshape(3, 1))
    with pytest.raises(ValueError, match=r"shape \(3,\)"):
        env.step(np.int64(good[0]))
    assert [env.notation(i) for i in range(3)] == before, "a refused step changes nothing"
    env.step(list(good))  # a list of ints is fine
    strided = np.zeros(6, np.int64)
    strided[::2] = [np.flatnonzero(m)[0] for m in env.masks]
    env.step(strided[::2])  # and so is a strided view
    env.step(np.array([np.flatnonzero(m)[0] for m in env.masks], np.int32))


def test_a_vector_env_pickles_and_deep_copies_with_its_games_and_generators():
    # Issue 39, defect 8.
    import copy
    import pickle

    for name in boardgame.games():
        env = boardgame.VectorEnv(name, 5, seed=3)
        env.reset()
        rng = np.random.default_rng(1)
        for _ in range(20):
            env.step(np.array([rng.choice(np.flatnonzero(m)) for m in env.masks]))
        for make in (lambda e: pickle.loads(pickle.dumps(e)), copy.deepcopy):
            again = make(env)
            assert [again.notation(i) for i in range(5)] == [env.notation(i) for i in range(5)]
            assert np.array_equal(again.observations, env.observations)
            assert np.array_equal(again.masks, env.masks)
            for _ in range(30):
                actions = np.array([np.flatnonzero(m)[-1] for m in env.masks])
                ours = [x.copy() for x in env.step(actions)]
                theirs = again.step(actions)
                for x, y in zip(ours, theirs):
                    assert np.array_equal(x, y), name
    fresh = pickle.loads(pickle.dumps(boardgame.VectorEnv("thax", 2, seed=0)))
    with pytest.raises(RuntimeError, match="reset"):
        fresh.step(np.zeros(2, np.int64))


def test_a_vector_env_used_from_two_threads_raises_a_clear_runtime_error():
    import threading

    env = boardgame.VectorEnv("co-ca-ngua", 4096, seed=4, players=4)
    errors = []
    stop = threading.Event()

    def hammer():
        while not stop.is_set():
            try:
                env.reset()
            except RuntimeError as e:
                errors.append(str(e))

    threads = [threading.Thread(target=hammer) for _ in range(2)]
    for t in threads:
        t.start()
    import time

    time.sleep(1.5)
    stop.set()
    for t in threads:
        t.join()
    assert errors, "two threads resetting one batch at once collide"
    assert all("another thread" in e for e in errors)
