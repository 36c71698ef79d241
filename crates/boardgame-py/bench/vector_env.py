"""Steps per second of the batched environments against OpenSpiel's C++ games stepped through
pyspiel, all in one run, at n = 1, 64 and 1024 games per call:

- ``boardgame.VectorEnv`` (timed inside ``step``) and ``boardgame.gymnasium.BoardgameVectorEnv``
  (the whole ``step``: the 5-tuple, copies and infos included);
- the same work as a Python loop over ``n`` single ``boardgame.State``s;
- the same Python loop over ``n`` pyspiel states of an OpenSpiel C++ game: breakthrough
  (deterministic, beside Ataxx) and backgammon (two dice, beside the dice games).

Every "step" is one move by the player to move, with chance resolved, the next observation
tensor and the legal-action mask produced. Finished games restart.

    python crates/boardgame-py/bench/vector_env.py [--seconds S] [--clock cpu|wall]

Times are the calling thread's CPU time by default (``time.thread_time``; every measured loop
runs on that thread, the native steps included), which a busy machine disturbs far less than
wall time; ``--clock wall`` uses ``time.perf_counter``.

Prints one line per measurement, then a Markdown table of the ratios to pyspiel's loop at
the same n, to pyspiel's loop at n = 64 (the divisor of this script's first version, which
measured pyspiel at n = 64 only), and to our own Python loop at n = 64.
"""

from __future__ import annotations

import argparse
import platform
import random
import time

import numpy as np

import boardgame

try:
    from boardgame.gymnasium import BoardgameVectorEnv
except ImportError:  # a version of the package without it (to compare with older builds)
    BoardgameVectorEnv = None

GAMES = [("ataxx", {}), ("thax", {}), ("parchis", {"players": 4}), ("co-ca-ngua", {"players": 2})]
PEER = {"ataxx": "breakthrough", "thax": "backgammon", "parchis": "backgammon", "co-ca-ngua": "backgammon"}
SIZES = [1, 64, 1024]

#: The clock of the measurements (``--clock``); the loops' durations are wall time.
clock = time.thread_time


def random_legal(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal action per row of `masks`, vectorised."""
    counts = masks.sum(axis=1)
    k = (rng.random(len(masks)) * counts).astype(np.int64)
    return (np.cumsum(masks, axis=1) > k[:, None]).argmax(axis=1)


def vector_env(name, kwargs, n, seconds):
    """Steps/s inside VectorEnv.step."""
    env = boardgame.VectorEnv(name, n, seed=1, **kwargs)
    _, masks, _ = env.reset()
    rng = np.random.default_rng(2)
    steps = 0
    in_step = 0.0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        actions = random_legal(masks, rng)
        t = clock()
        _, masks, _, _, _ = env.step(actions)
        in_step += clock() - t
        steps += n
    return steps / in_step


def gymnasium_env(name, kwargs, n, seconds):
    """Steps/s of BoardgameVectorEnv.step (self-play); NaN without it."""
    if BoardgameVectorEnv is None:
        return float("nan")
    envs = BoardgameVectorEnv(name, n, **kwargs)
    _, infos = envs.reset(seed=1)
    rng = np.random.default_rng(2)
    steps = 0
    in_step = 0.0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        actions = random_legal(infos["action_mask"], rng)
        t = clock()
        _, _, _, _, infos = envs.step(actions)
        in_step += clock() - t
        steps += n
    return steps / in_step


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
        return not state.is_terminal()

    for i, s in enumerate(states):
        while not settle(s):
            states[i] = s = game.new_initial_state()
    steps = 0
    start = time.perf_counter()
    used = clock()
    while time.perf_counter() - start < seconds:
        for i, state in enumerate(states):
            state.apply_action(rng.choice(state.legal_actions()))
            while not settle(state):
                states[i] = state = game.new_initial_state()
            state.observation_tensor(state.current_player())
            state.legal_actions_mask()
        steps += n
    return steps / (clock() - used)


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
    used = clock()
    while time.perf_counter() - start < seconds:
        for i, state in enumerate(states):
            state.apply_action(rng.choice(state.legal_actions()))
            while not settle(state):
                states[i] = state = game.new_initial_state()
            state.observation_tensor(state.current_player())
            state.legal_actions_mask()
        steps += n
    return steps / (clock() - used)


def load() -> str:
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--clock", choices=["cpu", "wall"], default="cpu")
    args = parser.parse_args()
    global clock
    clock = time.thread_time if args.clock == "cpu" else time.perf_counter
    print(
        f"# {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {platform.processor() or platform.machine()}, "
        f"Python {platform.python_version()}, numpy {np.__version__}, {args.clock} time, "
        f"load {load()} at start"
    )
    peers = {}
    for name in sorted(set(PEER.values())):
        for n in SIZES:
            peers[name, n] = openspiel_loop(name, n, args.seconds)
            print(f"openspiel {name:12s} python loop n={n:<5d} {peers[name, n]:12.0f} steps/s")
    rows = []
    for name, kwargs in GAMES:
        loop = python_loop(name, kwargs, 64, args.seconds)
        print(f"{name:10s} python loop n=64:    {loop:12.0f} steps/s")
        for n in SIZES:
            inside = vector_env(name, kwargs, n, args.seconds)
            gym = gymnasium_env(name, kwargs, n, args.seconds)
            print(f"{name:10s} n={n:<5d} VectorEnv {inside:12.0f} steps/s, BoardgameVectorEnv {gym:12.0f} steps/s")
            rows.append((name, n, inside, gym, loop, peers[PEER[name], n], peers[PEER[name], 64]))
    print(f"# load {load()} at the end")
    print()
    print(
        "| game | n | pyspiel loop (peer) steps/s | VectorEnv steps/s | ÷ pyspiel, same n "
        "| ÷ pyspiel, n=64 | BoardgameVectorEnv steps/s | ÷ pyspiel, same n | VectorEnv ÷ our loop |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, n, inside, gym, loop, peer, peer64 in rows:
        print(
            f"| {name} | {n} | {peer:,.0f} ({PEER[name]}) | {inside:,.0f} | {inside / peer:.1f} "
            f"| {inside / peer64:.1f} | {gym:,.0f} | {gym / peer:.1f} | {inside / loop:.1f} |"
        )


if __name__ == "__main__":
    main()
