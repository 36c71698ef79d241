"""Opponents the researcher chooses (issue 53, item 2) and batches split over threads (item
3): a bot spec, a Python callable ``policy(observations, action_masks)`` or a model with
``predict(obs, action_masks=…)``, ``seat="random"``, in the native ``VectorEnv``, the
Gymnasium environments and the SB3 environment; ``num_threads`` changes nothing but the
speed."""

from __future__ import annotations

import copy
import gc
import os
import pickle
import time

import numpy as np
import pytest

import boardgame

gymnasium = pytest.importorskip("gymnasium")
from boardgame.gymnasium import BoardgameEnv, BoardgameVectorEnv  # noqa: E402

SHORT = {"max_rolls": 60}


class FirstLegal:
    """A policy that plays each game's lowest legal action id, and records its calls."""

    def __init__(self, game: boardgame.Game | None = None) -> None:
        self.calls: list[tuple[np.ndarray, np.ndarray]] = []

    def __call__(self, observations, masks):
        shown = dict(observations) if isinstance(observations, dict) else np.array(observations, copy=True)
        self.calls.append((shown, masks.copy()))
        return masks.argmax(axis=1)


@pytest.mark.parametrize("name", ["thax", "ataxx", "parchis", "co-ca-ngua"])
def test_a_callable_opponent_sees_the_games_where_it_is_to_move_and_its_moves_are_played(name):
    game = boardgame.new_game(name, players=2 if name in ("parchis", "co-ca-ngua") else None, settings={} if name == "ataxx" else SHORT)
    policy = FirstLegal()
    env = boardgame.VectorEnv(game, 8, seed=3, opponent=policy, seat=1)
    obs, masks, players = env.reset()
    ended = 0
    for _ in range(300):
        # Between calls every game waits for the agent, at seat 1.
        assert (players == 1).all() and (env.seats == 1).all()
        for i in range(8):
            state = game.from_notation(env.notation(i))
            assert state.current_player() == 1
            assert np.array_equal(obs[i], state.observation_tensor(1))
        policy.calls.clear()
        obs, masks, players, rewards, dones = env.step(env.sample_legal())
        for seen, seen_masks in policy.calls:
            # The rows are the games whose opponent is to move: a legal mask each.
            assert seen.shape[1:] == tuple(game.observation_tensor_shape())
            assert len(seen) == len(seen_masks) and seen_masks.any(axis=1).all()
        assert np.all(rewards.sum(axis=1) == 0)
        ended += int(dones.sum())
    assert ended > 5


def test_the_opponent_policy_is_called_once_per_round_for_all_the_games_it_must_move():
    policy = FirstLegal()
    env = boardgame.VectorEnv("ataxx", 16, opponent=policy, seat=0)
    env.reset(seed=0)
    policy.calls.clear()
    env.step(env.sample_legal())
    # Ataxx alternates: after the agent's move, every game waits for the opponent, once.
    assert len(policy.calls) == 1 and len(policy.calls[0][0]) == 16


def test_a_callable_opponent_plays_as_the_bot_with_the_same_policy():
    # The greedy policy written in Python against the greedy bot: the same games.
    game = boardgame.new_game("ataxx")
    bot = boardgame.bot("greedy", game)

    def greedy(observations, masks):
        return np.array([int(np.flatnonzero(m)[0]) for m in masks])

    a = boardgame.VectorEnv(game, 4, seed=1, opponent=greedy)
    b = boardgame.VectorEnv(game, 4, seed=1, opponent=greedy, num_threads=2)
    a.reset()
    b.reset()
    for _ in range(40):
        actions = a.sample_legal()
        out_a, out_b = a.step(actions), b.step(actions)
        for x, y in zip(out_a, out_b):
            assert np.array_equal(x, y)
    assert bot is not None


def test_an_opponent_that_answers_badly_gets_a_clear_error_and_a_reset_recovers():
    env = boardgame.VectorEnv("thax", 4, opponent=lambda obs, masks: np.full(len(masks), -1), seat=0)
    with pytest.raises(ValueError, match="opponent"):
        env.reset(seed=0)
        env.step(env.sample_legal())
    with pytest.raises(ValueError, match="waits for the opponent"):
        env.step(env.sample_legal())
    wrong_shape = boardgame.VectorEnv("ataxx", 4, opponent=lambda obs, masks: np.zeros((2, 2), np.int64))
    wrong_shape.reset(seed=0)
    with pytest.raises(ValueError, match="opponent's policy"):
        wrong_shape.step(wrong_shape.sample_legal())
    with pytest.raises(TypeError, match="opponent must be"):
        boardgame.VectorEnv("thax", 4, opponent=42)


def test_seat_random_draws_the_agents_seat_for_each_game_and_keeps_it_through_the_game():
    env = BoardgameVectorEnv("thax", 32, settings=SHORT, opponent="random", seat="random")
    obs, infos = env.reset(seed=5)
    seats_seen = set()
    seats = infos["seat"].copy()
    for _ in range(400):
        assert (infos["player"] == infos["seat"]).all(), "every game waits for the agent"
        obs, rewards, terminations, _, infos = env.step(env.sample_legal())
        same = ~terminations
        assert np.array_equal(infos["seat"][same], seats[same]), "a game keeps its seat"
        seats = infos["seat"].copy()
        seats_seen.update(seats.tolist())
    assert seats_seen == {0, 1}
    with pytest.raises(ValueError, match="seat"):
        BoardgameVectorEnv("thax", 2, seat="any")
    with pytest.raises(ValueError, match="seat 2 is not at the table"):
        BoardgameVectorEnv("thax", 2, seat=2)


@pytest.mark.parametrize("opponent", ["random", "greedy", None, "callable"])
@pytest.mark.parametrize("name", ["thax", "ataxx", "parchis"])
def test_num_threads_changes_nothing_but_the_speed(name, opponent):
    players = 4 if name == "parchis" else None
    settings = {} if name == "ataxx" else SHORT
    if opponent == "callable":
        opponent = FirstLegal()
    envs = [
        BoardgameVectorEnv(name, 13, players=players, settings=settings, opponent=opponent, num_threads=k)
        for k in (1, 2, 5)
    ]
    outs = [env.reset(seed=11) for env in envs]
    ended = 0
    for step in range(120):
        for obs, infos in outs[1:]:
            assert np.array_equal(obs, outs[0][0]), step
            for key in ("action_mask", "player", "seat"):
                assert np.array_equal(infos[key], outs[0][1][key]), (step, key)
        actions = envs[0].sample_legal()
        steps = [env.step(actions) for env in envs]
        for out in steps[1:]:
            for x, y in zip(out[1:4], steps[0][1:4]):
                assert np.array_equal(x, y), step
        ended += int(steps[0][2].sum())
        outs = [(out[0], out[4]) for out in steps]
    assert ended > 0 or name == "ataxx"


def batch_threads() -> int:
    """The threads of batch pools in this process (named boardgame-batch-K, cut to 15)."""
    gc.collect()
    time.sleep(0.05)  # the threads of a pool just dropped end on their own
    names = []
    for task in os.listdir(f"/proc/{os.getpid()}/task"):
        with open(f"/proc/{os.getpid()}/task/{task}/comm") as comm:
            names.append(comm.read().strip())
    return sum(name.startswith("boardgame-batch") for name in names)


def test_num_threads_starts_its_threads_once_and_is_checked():
    before = batch_threads()
    env = boardgame.VectorEnv("thax", 256, num_threads=3)
    env.reset(seed=0)
    for _ in range(20):
        env.step(env.sample_legal())
    assert batch_threads() - before == 2
    assert env.num_threads == 3
    for bad in (0, 257):
        with pytest.raises(ValueError, match="num_threads"):
            boardgame.VectorEnv("thax", 4, num_threads=bad)


def test_bot_opponents_hold_no_thread_of_their_own():
    # Issue 53, repro 10: 64 environments against a bot held 64 OS threads.
    gc.collect()
    before = len(os.listdir(f"/proc/{os.getpid()}/task"))
    envs = [BoardgameEnv("thax", opponent="greedy") for _ in range(64)]
    for i, env in enumerate(envs):
        env.reset(seed=i)
        env.step(int(np.flatnonzero(env.action_masks())[0]))
    # (Threads of earlier tests may end meanwhile: none may start.)
    assert len(os.listdir(f"/proc/{os.getpid()}/task")) <= before


def test_a_threaded_batch_pickles_and_the_copy_steps_on_as_the_original():
    env = BoardgameVectorEnv("parchis", 6, players=2, settings=SHORT, opponent="greedy", seat="random", num_threads=2)
    env.reset(seed=2)
    for _ in range(25):
        env.step(env.sample_legal())
    for twin in (pickle.loads(pickle.dumps(env)), copy.deepcopy(env)):
        assert twin._batch._core.native.num_threads == 2
        a = copy.deepcopy(env)
        for _ in range(40):
            actions = a.sample_legal()
            out_a, out_b = a.step(actions), twin.step(actions)
            assert all(np.array_equal(x, y) for x, y in zip(out_a[:4], out_b[:4]))


def test_the_gymnasium_and_sb3_envs_take_a_model_or_a_callable_as_opponent():
    pytest.importorskip("torch", reason="stable-baselines3 needs torch")
    contrib = pytest.importorskip("sb3_contrib")
    from boardgame.sb3 import BoardgameSB3VecEnv

    env = BoardgameSB3VecEnv("thax", 8, settings=SHORT)
    model = contrib.MaskablePPO("MlpPolicy", env, n_steps=16, batch_size=64, seed=0, device="cpu")
    # A frozen copy of the agent as the opponent, through predict(obs, action_masks=…).
    against_model = BoardgameSB3VecEnv("thax", 8, settings=SHORT, opponent=copy.deepcopy(model), seat="random")
    against_model.seed(1)
    obs = against_model.reset()
    for _ in range(80):
        actions, _ = model.predict(obs, action_masks=against_model.action_masks())
        obs, rewards, dones, infos = against_model.step(actions)
        assert set(np.unique(rewards)) <= {-1.0, 0.0, 1.0}
    single = gymnasium.make("boardgame/Thax-v0", opponent=FirstLegal(), observation_mode="dict")
    obs, info = single.reset(seed=0)
    assert set(obs) == {"observation", "action_mask"}
    obs, *_ = single.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert single.unwrapped._batch._core.policy.calls, "the callable was asked"
    assert isinstance(single.unwrapped._batch._core.policy.calls[0][0], dict)
