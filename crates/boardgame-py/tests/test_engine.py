"""The Ataxx engine as a bot (issue 50): ``boardgame.bot("engine:…")`` plays the move of
``boardgame-uai`` (the committed same-move table, which boardgame-uai's own test checks the
binary against), and the engine is an opponent of ``VectorEnv``, the Gymnasium environments
and the SB3 environment; a bad spec lists the engine's forms; other games refuse it."""

from __future__ import annotations

import pathlib

import numpy as np
import pytest

import boardgame

TABLE = pathlib.Path(__file__).resolve().parents[2] / "boardgame-search/tests/data/engine-same-move.tsv"
LEVELS = ["beginner", "casual", "club", "strong", "expert", "master"]


def table_rows():
    rows = []
    for line in TABLE.read_text().splitlines():
        if line and not line.startswith("#"):
            nodes, move, fen = line.split("\t")
            rows.append((int(nodes), move, fen))
    return rows


def test_engine_nodes_plays_the_uai_move_of_the_committed_table():
    rows = table_rows()
    assert len(rows) >= 48
    game = boardgame.new_game("ataxx")
    bots = {}
    differ = []
    for nodes, expected, fen in rows:
        bot = bots.setdefault(nodes, boardgame.bot(f"engine:nodes={nodes}", game))
        state = game.new_initial_state(fen)
        played = state.action_to_string(bot.step(state))
        if played != expected:
            differ.append(f"{fen} at {nodes} nodes: {played}, table {expected}")
    assert not differ, differ


def test_every_level_plays_a_legal_move_and_bad_specs_list_the_forms():
    game = boardgame.new_game("ataxx")
    state = game.new_initial_state()
    for level in LEVELS[:-1]:
        action = boardgame.bot(f"engine:level={level}", game, seed=3).step(state)
        assert action in state.legal_actions()
    for bad in ["engine:level=grandmaster", "engine:nodes=0", "engine", "engine:nodes=5:ms=3"]:
        with pytest.raises(ValueError, match="BOT_SPECS"):
            boardgame.bot(bad, game)
    with pytest.raises(ValueError, match=r"no level \"grandmaster\" \(beginner, casual, club, strong, expert, master\)"):
        boardgame.bot("engine:level=grandmaster", game)
    for form in ["engine:level=L", "engine:nodes=N", "engine:ms=T", "engine:depth=D"]:
        assert form in boardgame.BOT_SPECS
    with pytest.raises(ValueError, match="engine plays only ataxx"):
        boardgame.bot("engine:level=club", boardgame.new_game("thax"))


def test_the_beginners_noise_follows_the_bots_seed():
    game = boardgame.new_game("ataxx")
    state = game.new_initial_state()
    first = [boardgame.bot("engine:level=beginner", game, seed=s).step(state) for s in range(8)]
    again = [boardgame.bot("engine:level=beginner", game, seed=s).step(state) for s in range(8)]
    assert first == again
    assert len(set(first)) > 1, first


def test_the_engine_is_a_vector_env_opponent():
    game = boardgame.new_game("ataxx")
    env = boardgame.VectorEnv(game, 4, seed=1, opponent="engine:nodes=300", seat=0)
    obs, masks, players = env.reset()
    ended, returns = 0, []
    for _ in range(400):
        assert (players == 0).all()
        obs, masks, players, rewards, dones = env.step(env.sample_legal())
        ended += int(dones.sum())
        returns += rewards[dones, 0].tolist()
    # Random moves against the engine: it wins nearly everything.
    assert ended >= 4, ended
    assert sum(r < 0 for r in returns) >= 0.9 * len(returns), returns
    with pytest.raises(ValueError, match="engine plays only ataxx"):
        boardgame.VectorEnv(boardgame.new_game("thax"), 2, seed=1, opponent="engine:nodes=300")


def test_the_engine_is_a_gymnasium_opponent():
    pytest.importorskip("gymnasium")
    from boardgame.gymnasium import BoardgameEnv

    env = BoardgameEnv("ataxx", opponent="engine:level=beginner", seat=1)
    obs, info = env.reset(seed=2)
    done = False
    while not done:
        action = int(np.flatnonzero(env.action_masks())[0])
        obs, reward, terminated, truncated, info = env.step(action)
        done = terminated or truncated
    assert reward in (-1.0, 0.0, 1.0)


def test_the_engine_is_an_sb3_opponent():
    pytest.importorskip("torch", reason="stable-baselines3 needs torch")
    pytest.importorskip("stable_baselines3")
    from boardgame.sb3 import BoardgameSB3VecEnv

    env = BoardgameSB3VecEnv("ataxx", num_envs=4, opponent="engine:nodes=300")
    env.seed(5)
    obs = env.reset()
    results = []
    for _ in range(300):
        masks = env.action_masks()
        actions = np.array([np.flatnonzero(m)[0] for m in masks])
        obs, rewards, dones, infos = env.step(actions)
        results += rewards[dones].tolist()
    assert results and sum(r < 0 for r in results) >= 0.9 * len(results), results


def test_the_engine_plays_a_pettingzoo_seat():
    pytest.importorskip("pettingzoo")
    from boardgame.pettingzoo import env as make_env

    env = make_env("ataxx")
    env.reset(seed=4)
    engine = boardgame.bot("engine:level=club", env.unwrapped.game, seed=1)
    for agent in env.agent_iter(max_iter=1000):
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            action = None
        elif agent == "player_1":
            action = engine.step(env.unwrapped.native)
            assert observation["action_mask"][action] == 1
        else:
            action = int(np.flatnonzero(observation["action_mask"])[0])
        env.step(action)
    # The engine at a club level beats the first legal move every time.
    assert env.unwrapped.native.is_terminal()
    assert env.unwrapped.native.returns()[1] == 1.0
