"""Random play and RL stepping, counted the same way on both sides, in one run (issue 46).

Table 1, random play: decisions per second of a random-play loop over ``n`` games.

- **pyspiel**: OpenSpiel's C++ games through pyspiel, the plain loop: for each of ``n``
  states, ``legal_actions()``, ``random.choice``, ``apply_action``, chance resolved with
  ``random.choices`` over ``chance_outcomes()``, a new state when one ends. Breakthrough
  (deterministic) beside Ataxx, backgammon (two dice) beside the dice games.
- **VectorEnv**: ``env.step(env.sample_legal())``: the choice drawn in Rust, the step, chance,
  the restarts, and, beyond pyspiel's loop, every game's observation tensor and legal-action
  mask written into numpy arrays.
- **numpy choice**: the same loop with the random legal action chosen in numpy from the
  masks (``cumsum`` and ``argmax``), as the benchmark's first version chose them (and left
  out of the time); with a build before ``sample_legal`` (``f65b248``) only this column is
  measured.
- **+obs**: both loops also produce what an agent needs, the observation and the legal-action
  mask of the player to move: pyspiel's ``observation_tensor(player)`` and
  ``legal_actions_mask(player)`` per state; our loop is the same as without.

Every decision of every game counts one step; chance events are work, not steps.

Table 2, Stable-Baselines3 at ``n`` games against the random bot: ``DummyVecEnv`` over ``n``
``boardgame.gymnasium.BoardgameEnv`` (SB3's way to use any Gymnasium environment) against
``boardgame.sb3.BoardgameSB3VecEnv`` (one call into Rust per step). Both loops do the same
work per step: the masks through sb3-contrib's ``get_action_masks`` (as ``MaskablePPO``
asks for them), a random legal action per game chosen from them by the same numpy code, and
``VecEnv.step``. Needs stable-baselines3 and sb3-contrib (and so torch); skipped without.

    python crates/boardgame-py/bench/vector_env.py [--seconds S] [--rounds R] [--clock cpu|wall]

Each cell is the median of ``R`` rounds (default 3); the two sides of a ratio are measured
one after the other in every round, and the ratio is the median of the rounds' ratios. Times
are the process's CPU time by default (``time.process_time``: every thread, the native
ones included), which a busy machine disturbs far less than wall time; ``--clock wall``
uses ``time.perf_counter``.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import time

import numpy as np

import boardgame

GAMES = [("ataxx", {}), ("thax", {}), ("parchis", {"players": 4}), ("co-ca-ngua", {"players": 2})]
PEER = {"ataxx": "breakthrough", "thax": "backgammon", "parchis": "backgammon", "co-ca-ngua": "backgammon"}
SIZES = [1, 64, 256, 1024]

#: The clock of the measurements (``--clock``); how long each loop runs is wall time.
clock = time.process_time


def timed(loop, seconds: float) -> float:
    """Runs ``loop()`` (which returns the steps it made) until ``seconds`` of wall time have
    passed; steps per second of ``clock``."""
    steps = 0
    start = time.perf_counter()
    used = clock()
    while time.perf_counter() - start < seconds:
        steps += loop()
    return steps / (clock() - used)


def pyspiel_loop(name: str, n: int, seconds: float, observe: bool) -> float:
    import pyspiel

    game = pyspiel.load_game(name)
    rng = random.Random(4)

    def settle(state):
        while state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        return state

    states = [settle(game.new_initial_state()) for _ in range(n)]

    def sweep():
        for i, state in enumerate(states):
            state.apply_action(rng.choice(state.legal_actions()))
            settle(state)
            if state.is_terminal():
                states[i] = state = settle(game.new_initial_state())
            if observe:
                player = state.current_player()
                state.observation_tensor(player)
                state.legal_actions_mask(player)
        return n

    return timed(sweep, seconds)


NATIVE = hasattr(boardgame.VectorEnv, "sample_legal")


def vector_loop(name: str, kwargs: dict, n: int, seconds: float, numpy_choice: bool = False) -> float:
    env = boardgame.VectorEnv(name, n, seed=1, **kwargs)
    _, masks, _ = env.reset()
    if not numpy_choice:
        env.sample_legal(2)

        def step():
            env.step(env.sample_legal())
            return n

        return timed(step, seconds)
    rng = np.random.default_rng(2)
    state = {"masks": masks}

    def step_numpy():
        state["masks"] = env.step(random_legal(state["masks"], rng))[1]
        return n

    return timed(step_numpy, seconds)


def random_legal(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal action per row of ``masks``, in numpy (both SB3 loops)."""
    counts = masks.sum(axis=1)
    k = (rng.random(len(masks)) * counts).astype(np.int64)
    return (np.cumsum(masks, axis=1) > k[:, None]).argmax(axis=1)


def sb3_loop(make, n: int, seconds: float) -> float:
    from sb3_contrib.common.maskable.utils import get_action_masks

    env = make(n)
    env.seed(1)
    env.reset()
    rng = np.random.default_rng(2)

    def step():
        env.step(random_legal(get_action_masks(env), rng))
        return n

    return timed(step, seconds)


def dummy_vec_env(name: str, kwargs: dict):
    from stable_baselines3.common.vec_env import DummyVecEnv

    from boardgame.gymnasium import BoardgameEnv

    return lambda n: DummyVecEnv([lambda: BoardgameEnv(name, **kwargs) for _ in range(n)])


def native_vec_env(name: str, kwargs: dict):
    from boardgame.sb3 import BoardgameSB3VecEnv

    return lambda n: BoardgameSB3VecEnv(name, n, **kwargs)


def median_pair(rounds: int, ours, theirs) -> tuple[float, float, float]:
    """Medians of ``ours()``, ``theirs()`` and of their ratio over ``rounds`` rounds."""
    a, b = [], []
    for _ in range(rounds):
        b.append(theirs())
        a.append(ours())
    return statistics.median(a), statistics.median(b), statistics.median(x / y for x, y in zip(a, b))


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def cpu() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--clock", choices=["cpu", "wall"], default="cpu")
    parser.add_argument("--sizes", type=int, nargs="+", default=SIZES)
    parser.add_argument("--sb3-sizes", type=int, nargs="+", default=[8, 64, 256])
    args = parser.parse_args()
    global clock
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    import pyspiel  # noqa: F401  (fail early without it)

    print(
        f"# {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {cpu()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, numpy {np.__version__}, boardgame {getattr(boardgame, '__version__', 'before 0.1.0 metadata')}, "
        f"{args.clock} time, {args.rounds} rounds of {args.seconds} s; load {load()} at the start",
        flush=True,
    )
    rows = []
    nan = float("nan")
    for name, kwargs in GAMES:
        peer = PEER[name]
        for n in args.sizes:
            ours = ratio = ratio_obs = nan
            if NATIVE:
                ours, theirs, ratio = median_pair(
                    args.rounds,
                    lambda: vector_loop(name, kwargs, n, args.seconds),
                    lambda: pyspiel_loop(peer, n, args.seconds, observe=False),
                )
                _, theirs_obs, ratio_obs = median_pair(
                    args.rounds,
                    lambda: vector_loop(name, kwargs, n, args.seconds),
                    lambda: pyspiel_loop(peer, n, args.seconds, observe=True),
                )
            numpy_rate, theirs, numpy_ratio = median_pair(
                args.rounds,
                lambda: vector_loop(name, kwargs, n, args.seconds, numpy_choice=True),
                lambda: pyspiel_loop(peer, n, args.seconds, observe=False),
            )
            if not NATIVE:
                _, theirs_obs, _ = median_pair(
                    1, lambda: 1.0, lambda: pyspiel_loop(peer, n, args.seconds, observe=True)
                )
            rows.append((name, peer, n, theirs, ours, ratio, theirs_obs, ratio_obs, numpy_rate, numpy_ratio))
            print(
                f"{name:10s} n={n:<5d} VectorEnv {ours:12,.0f}/s | {peer} {theirs:10,.0f}/s ({ratio:5.1f}x) "
                f"| +obs {theirs_obs:10,.0f}/s ({ratio_obs:5.1f}x) | numpy choice {numpy_rate:12,.0f}/s "
                f"({numpy_ratio:5.1f}x)",
                flush=True,
            )
    sb3_rows = []
    try:
        import sb3_contrib  # noqa: F401
        import stable_baselines3  # noqa: F401
    except ImportError as error:
        print(f"# Stable-Baselines3 table skipped: {error}")
    else:
        for name, kwargs in [("thax", {}), ("ataxx", {})]:
            versus = {**kwargs, "opponent": "random"}
            for n in args.sb3_sizes:
                ours, theirs, ratio = median_pair(
                    args.rounds,
                    lambda: sb3_loop(native_vec_env(name, versus), n, args.seconds),
                    lambda: sb3_loop(dummy_vec_env(name, versus), n, args.seconds),
                )
                sb3_rows.append((name, n, theirs, ours, ratio))
                print(
                    f"sb3 {name:6s} n={n:<4d} BoardgameSB3VecEnv {ours:10,.0f}/s | DummyVecEnv "
                    f"{theirs:9,.0f}/s ({ratio:5.1f}x)",
                    flush=True,
                )
    print(f"# load {load()} at the end")
    print()
    print(
        "| game | n | pyspiel loop (peer) steps/s | VectorEnv steps/s | ÷ pyspiel "
        "| pyspiel +obs steps/s | ÷ pyspiel +obs | numpy choice steps/s | ÷ pyspiel |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, peer, n, theirs, ours, ratio, theirs_obs, ratio_obs, numpy_rate, numpy_ratio in rows:
        print(
            f"| {name} | {n} | {theirs:,.0f} ({peer}) | {ours:,.0f} | {ratio:.1f} "
            f"| {theirs_obs:,.0f} | {ratio_obs:.1f} | {numpy_rate:,.0f} | {numpy_ratio:.1f} |"
        )
    if sb3_rows:
        print()
        print("| game (against random) | n | DummyVecEnv steps/s | BoardgameSB3VecEnv steps/s | ratio |")
        print("|---|---:|---:|---:|---:|")
        for name, n, theirs, ours, ratio in sb3_rows:
            print(f"| {name} | {n} | {theirs:,.0f} | {ours:,.0f} | {ratio:.1f} |")


if __name__ == "__main__":
    main()
