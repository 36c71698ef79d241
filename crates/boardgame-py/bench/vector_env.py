"""Steps per second: boardgame.VectorEnv at n = 1, 64, 1024 against a Python loop over single
boardgame states, and against OpenSpiel C++ games (breakthrough, backgammon) stepped the same
way through pyspiel, all in one run. Every "step" is one move by the player to move, with
chance resolved, the next observation tensor and the legal-action mask produced.

    python crates/boardgame-py/bench/vector_env.py [--seconds S]

Prints one line per measurement and a Markdown table of the ratios.
"""

from __future__ import annotations

import argparse
import platform
import random
import time

import numpy as np

import boardgame

GAMES = [("ataxx", {}), ("thax", {}), ("parchis", {"players": 4}), ("co-ca-ngua", {"players": 2})]
OPENSPIEL = ["breakthrough", "backgammon"]
SIZES = [1, 64, 1024]


def vector_env(name, kwargs, n, seconds):
    """Steps/s inside VectorEnv.step, and with a numpy random policy included."""
    env = boardgame.VectorEnv(name, n, seed=1, **kwargs)
    _, masks, _ = env.reset()
    rng = np.random.default_rng(2)
    steps = 0
    in_step = 0.0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        # A uniformly random legal action per game, vectorised.
        counts = masks.sum(axis=1)
        k = (rng.random(n) * counts).astype(np.int64)
        actions = (np.cumsum(masks, axis=1) > k[:, None]).argmax(axis=1)
        t = time.perf_counter()
        _, masks, _, _, _ = env.step(actions)
        in_step += time.perf_counter() - t
        steps += n
    total = time.perf_counter() - start
    return steps / in_step, steps / total


def python_loop(name, kwargs, n, seconds):
    """Steps/s of a Python loop over n single states doing the same work."""
    game = boardgame.new_game(name, **kwargs)
    rng = random.Random(3)
    states = [game.new_initial_state() for _ in range(n)]

    def settle(state):
        while state.is_chance_node():
            outcomes, total = state.chance_weights()
            pick = rng.randrange(total)
            for action, weight in outcomes:
                if pick < weight:
                    state.apply_action(action)
                    break
                pick -= weight
        if state.is_terminal():
            return False
        return True

    for i, s in enumerate(states):
        while not settle(s):
            states[i] = s = game.new_initial_state()
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for i, state in enumerate(states):
            state.apply_action(rng.choice(state.legal_actions()))
            while not settle(state):
                states[i] = state = game.new_initial_state()
            state.observation_tensor(state.current_player())
            state.legal_actions_mask()
        steps += n
    return steps / (time.perf_counter() - start)


def openspiel_loop(name, n, seconds):
    """Steps/s of the same Python loop over n pyspiel states of an OpenSpiel C++ game."""
    import pyspiel

    game = pyspiel.load_game(name)
    rng = random.Random(4)
    states = [game.new_initial_state() for _ in range(n)]

    def settle(state):
        while state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        return not state.is_terminal()

    for i, s in enumerate(states):
        while not settle(s):
            states[i] = s = game.new_initial_state()
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for i, state in enumerate(states):
            state.apply_action(rng.choice(state.legal_actions()))
            while not settle(state):
                states[i] = state = game.new_initial_state()
            state.observation_tensor(state.current_player())
            state.legal_actions_mask()
        steps += n
    return steps / (time.perf_counter() - start)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    with open("/proc/loadavg") as f:
        load = f.read().split()[:3]
    print(f"# {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {platform.processor() or platform.machine()}, "
          f"Python {platform.python_version()}, load {' '.join(load)} at start")
    os_rates = {}
    for name in OPENSPIEL:
        os_rates[name] = openspiel_loop(name, 64, args.seconds)
        print(f"openspiel {name:12s} python loop n=64: {os_rates[name]:12.0f} steps/s")
    rows = []
    for name, kwargs in GAMES:
        loop = python_loop(name, kwargs, 64, args.seconds)
        print(f"{name:10s} python loop n=64: {loop:12.0f} steps/s")
        for n in SIZES:
            inside, with_policy = vector_env(name, kwargs, n, args.seconds)
            print(f"{name:10s} VectorEnv n={n:<5d} {inside:12.0f} steps/s in step, {with_policy:12.0f} with the numpy policy")
            rows.append((name, n, inside, with_policy, loop))
    with open("/proc/loadavg") as f:
        load_end = f.read().split()[:3]
    print(f"# load {' '.join(load_end)} at the end")
    print()
    print("| game | n | VectorEnv steps/s (in `step`) | with numpy policy | × Python loop | × OpenSpiel C++ via pyspiel |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, n, inside, with_policy, loop in rows:
        other = "breakthrough" if name == "ataxx" else "backgammon"
        print(f"| {name} | {n} | {inside:,.0f} | {with_policy:,.0f} | {inside / loop:.1f} | {inside / os_rates[other]:.1f} ({other}) |")


if __name__ == "__main__":
    main()
