"""The measurements of docs/benchmarks.md's Python section (issue 53, item 7), in one run.

    OMP_NUM_THREADS=1 nice -n 0 python crates/boardgame-py/bench/benchmarks.py > bench.txt  # 10 min
    python crates/boardgame-py/bench/benchmarks.py --smoke                  # seconds: it runs

Needs the ``boardgame`` wheel installed, open-spiel, and for table 2 stable-baselines3 and
sb3-contrib (and so torch). Every time is wall clock (``time.perf_counter``; table 1 also
gives each ratio in the process's CPU time, as a check); the machine's ``uptime`` is printed
before and after each table, with the date, the versions, the CPU and whether the kernel
shares the CPU between sessions first (``sched_autogroup_enabled``).
Each cell is the median of ``--rounds`` rounds; in a round every side of a table is measured
once, one after the other (interleaved), and a ratio is the median of the rounds' ratios.

1. **Like for like** on the same game, Ataxx and Thax (default rules), random play, every
   decision of both seats counted, chance resolved, a finished game replaced:

   - ``VectorEnv`` (this package's native batch, ``n`` games, one thread, self-play):
     ``env.step(env.sample_legal())``: the choice in Rust, the step, chance, the restarts,
     and every game's observation tensor and legal-action mask written into numpy arrays;
   - ``State`` loop (this package's single-game API in a Python loop): ``legal_actions()``,
     ``random.choice``, ``apply_action``, chance drawn with ``random.choices`` over
     ``chance_weights()``, a new state at the end; ``+obs``: also
     ``observation_tensor(player)`` and ``legal_actions_mask()`` of the seat to move (what
     the batch hands back);
   - ``BoardgameEnv`` loop (this package's Gymnasium env, self-play, ``opponent=None``): a
     random legal action from ``info["action_mask"]`` (``np.flatnonzero``,
     ``random.choice``), ``env.step``, ``env.reset()`` at the end;
   - OpenSpiel's loop over our registered game (``pyspiel.load_game("boardgame_ataxx")``,
     ``boardgame.openspiel``): the ``State`` loop's calls on the pyspiel state, chance with
     ``chance_outcomes()``; ``+obs``: ``observation_tensor(player)`` and
     ``legal_actions_mask(player)``.

2. **Training**, what RL users feel: ``MaskablePPO.learn`` (sb3-contrib), the docs' settings
   (``MlpPolicy``, 64 games, ``n_steps=64``, ``batch_size=1024``, ``n_epochs=4``, CPU, torch
   on one thread), against the random bot with the agent's seat drawn per game (the
   default), on ``BoardgameSB3VecEnv`` (one call into Rust per step) and on SB3's
   ``DummyVecEnv`` over 64 ``BoardgameEnv``. Steps per second of ``learn`` (model built
   outside the clock), and the time inside the environment's calls (``reset``,
   ``step_async``, ``step_wait``, ``env_method``, ``action_masks``), timed by wrapping them:
   the learner's share is the rest (the policy's forward passes during the rollout, the
   buffer, the gradient steps). The learner does the same work per step on both sides, so
   the shares imply a ratio, ``(1 - native's share) / (1 - DummyVecEnv's share)``, which the
   machine's load disturbs less than the two wall times. Beside it, the environment alone
   as ``MaskablePPO`` drives it: the masks through sb3-contrib's ``get_action_masks``, a
   random legal action per game from them (numpy), ``step``, at the same 64 games.

3. **Threads**: ``VectorEnv(game, 256, num_threads=k)``, ``env.step(env.sample_legal())``,
   ``k = 1`` and ``2``, in self-play and against the ``random`` and ``greedy`` bots (the
   agent's seat drawn per game), agent steps per second (a step includes the bot's replies).
   Beside it, in the same rounds, what the machine gives two workers at that moment: two
   processes each stepping the same batch on one thread at the same time (their rates
   summed), against one process alone; and the CPU time the process got per second of
   wall time while its two threads stepped.

4. **Side note, other games**: OpenSpiel's C++ ``breakthrough`` and ``backgammon`` through
   pyspiel's Python loop (the same loop as 1), beside our ``VectorEnv`` on Ataxx and Thax.
   Different games: not like for like.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import subprocess
import sys
import time

import numpy as np

import boardgame

GAMES = ["ataxx", "thax"]


def uptime() -> str:
    """The ``uptime`` line (its load averages), or the load averages alone without it."""
    try:
        out = subprocess.run(["uptime"], capture_output=True, text=True, timeout=10)
        return out.stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "load average: " + ", ".join(f"{x:.2f}" for x in os.getloadavg())


def stamp(what: str) -> None:
    print(f"# {what}: {time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())}; {uptime()}", flush=True)


def cpu() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def version(module: str) -> str:
    try:
        from importlib.metadata import version as found

        return found(module)
    except Exception:  # not installed
        return "-"


#: The steps per second of CPU time (the process's, every thread) of the last
#: :func:`timed` loop: a check on the wall-clock figures, which the machine's load moves.
cpu_rates: list[float] = []


def timed(loop, seconds: float) -> float:
    """Runs ``loop()`` (which returns the steps it made) for ``seconds`` of wall time at
    least; steps per second of wall time (and of CPU time in ``cpu_rates``)."""
    steps = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    while True:
        steps += loop()
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            cpu_rates.append(steps / max(time.process_time() - cpu_start, 1e-9))
            return steps / elapsed


def rounds_of(sides: dict, rounds: int) -> dict[str, list[float]]:
    """``rounds`` rounds, each measuring every side once in turn (interleaved)."""
    out: dict[str, list[float]] = {name: [] for name in sides}
    for _ in range(rounds):
        for name, measure in sides.items():
            out[name].append(measure())
    return out


def ratio(results: dict[str, list[float]], a: str, b: str) -> float:
    """The median over the rounds of ``a / b``."""
    return statistics.median(x / y for x, y in zip(results[a], results[b]))


# --- 1. like for like -------------------------------------------------------------------


def vector_env(name: str, n: int, seconds: float, cores: list[float] | None = None, **options) -> float:
    """Random play through ``VectorEnv``: steps per second; ``cores`` gets the CPU time the
    process used per second of wall time (every thread)."""
    env = boardgame.VectorEnv(name, n, seed=1, **options)
    env.reset()
    env.sample_legal(2)

    def step():
        env.step(env.sample_legal())
        return n

    wall, cpu_time = time.perf_counter(), time.process_time()
    rate = timed(step, seconds)
    if cores is not None:
        cores.append((time.process_time() - cpu_time) / (time.perf_counter() - wall))
    env.close()
    return rate


def state_loop(name: str, seconds: float, observe: bool) -> float:
    game = boardgame.new_game(name)
    rng = random.Random(4)

    def settle(state):
        while state.is_chance_node():
            outcomes, _ = state.chance_weights()
            state.apply_action(rng.choices([a for a, _ in outcomes], [w for _, w in outcomes])[0])
        return state

    box = [settle(game.new_initial_state())]

    def sweep():
        state = box[0]
        for _ in range(100):
            state.apply_action(rng.choice(state.legal_actions()))
            settle(state)
            if state.is_terminal():
                box[0] = state = settle(game.new_initial_state())
            if observe:
                state.observation_tensor(state.current_player())
                state.legal_actions_mask()
        return 100

    return timed(sweep, seconds)


def gym_loop(name: str, seconds: float) -> float:
    from boardgame.gymnasium import BoardgameEnv

    env = BoardgameEnv(name, opponent=None)
    rng = random.Random(4)
    _, info = env.reset(seed=1)
    box = [info]

    def sweep():
        info = box[0]
        for _ in range(100):
            action = rng.choice(np.flatnonzero(info["action_mask"]).tolist())
            _, _, terminated, _, info = env.step(action)
            if terminated:
                _, info = env.reset()
        box[0] = info
        return 100

    rate = timed(sweep, seconds)
    env.close()
    return rate


def pyspiel_loop(game_name: str, seconds: float, observe: bool) -> float:
    import pyspiel

    game = pyspiel.load_game(game_name)
    rng = random.Random(4)

    def settle(state):
        while state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        return state

    box = [settle(game.new_initial_state())]

    def sweep():
        state = box[0]
        for _ in range(100):
            state.apply_action(rng.choice(state.legal_actions()))
            settle(state)
            if state.is_terminal():
                box[0] = state = settle(game.new_initial_state())
            if observe:
                player = state.current_player()
                state.observation_tensor(player)
                state.legal_actions_mask(player)
        return 100

    return timed(sweep, seconds)


def like_for_like(args) -> None:
    import boardgame.openspiel  # noqa: F401  (registers boardgame_ataxx, boardgame_thax)

    stamp("table 1, like for like, start")
    rows = []
    for name in GAMES:
        spiel = boardgame.openspiel.short_name(name)
        sides = {
            "VectorEnv n=256": lambda: vector_env(name, 256, args.seconds),
            "VectorEnv n=64": lambda: vector_env(name, 64, args.seconds),
            "State loop": lambda: state_loop(name, args.seconds, observe=False),
            "State loop +obs": lambda: state_loop(name, args.seconds, observe=True),
            "BoardgameEnv loop": lambda: gym_loop(name, args.seconds),
            "pyspiel loop": lambda: pyspiel_loop(spiel, args.seconds, observe=False),
            "pyspiel loop +obs": lambda: pyspiel_loop(spiel, args.seconds, observe=True),
        }
        # Each side's CPU-time rate too, taken from cpu_rates after each measurement.
        cpu: dict[str, list[float]] = {side: [] for side in sides}

        def with_cpu(side, measure):
            def run():
                rate = measure()
                cpu[side].append(cpu_rates[-1])
                return rate

            return run

        results = rounds_of({side: with_cpu(side, measure) for side, measure in sides.items()}, args.rounds)
        for side in sides:
            rate = statistics.median(results[side])
            versus = ratio(results, "VectorEnv n=256", side)
            versus_cpu = ratio(cpu, "VectorEnv n=256", side)
            rows.append((name, side, rate, versus, versus_cpu))
            print(
                f"{name:6s} {side:18s} {rate:12,.0f} steps/s; VectorEnv n=256 is {versus:6.1f}x "
                f"(CPU time: {versus_cpu:6.1f}x)",
                flush=True,
            )
    stamp("table 1, like for like, end")
    print()
    print("| game | loop | steps/s | VectorEnv (n = 256) ÷ this | the same in CPU time |")
    print("|---|---|---:|---:|---:|")
    for name, side, rate, versus, versus_cpu in rows:
        print(f"| {name} | {side} | {rate:,.0f} | **{versus:.1f}** | {versus_cpu:.1f} |")
    print(flush=True)


# --- 2. training ------------------------------------------------------------------------

TIMED_CALLS = ("reset", "step_async", "step_wait", "env_method", "action_masks")


def instrument(env) -> dict[str, float]:
    """Wraps the environment's calls that SB3 and MaskablePPO make with a timer; returns the
    dict whose ``"env"`` entry adds up their seconds."""
    spent = {"env": 0.0}
    for call in TIMED_CALLS:
        original = getattr(env, call, None)
        if original is None:
            continue

        def timed_call(*a, _original=original, **k):
            began = time.perf_counter()
            try:
                return _original(*a, **k)
            finally:
                spent["env"] += time.perf_counter() - began

        setattr(env, call, timed_call)
    return spent


def train(name: str, native: bool, n: int, steps: int, n_steps: int, batch_size: int) -> tuple[float, float]:
    """``MaskablePPO.learn(steps)`` steps per second, and the environment's share of it."""
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import DummyVecEnv

    from boardgame.gymnasium import BoardgameEnv
    from boardgame.sb3 import BoardgameSB3VecEnv

    if native:
        env = BoardgameSB3VecEnv(name, num_envs=n)
    else:
        env = DummyVecEnv([lambda: BoardgameEnv(name) for _ in range(n)])
    env.seed(0)
    model = MaskablePPO("MlpPolicy", env, n_steps=n_steps, batch_size=batch_size, n_epochs=4, seed=0, device="cpu")
    spent = instrument(env)
    began = time.perf_counter()
    model.learn(total_timesteps=steps)
    elapsed = time.perf_counter() - began
    env.close()
    return model.num_timesteps / elapsed, spent["env"] / elapsed


def random_legal(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal action per row of ``masks``, in numpy."""
    counts = masks.sum(axis=1)
    k = (rng.random(len(masks)) * counts).astype(np.int64)
    return (np.cumsum(masks, axis=1) > k[:, None]).argmax(axis=1)


def stepping(name: str, native: bool, n: int, seconds: float) -> float:
    """The environment alone, as ``MaskablePPO`` drives it: the masks through sb3-contrib's
    ``get_action_masks``, a random legal action per game from them (numpy), ``step``."""
    from sb3_contrib.common.maskable.utils import get_action_masks
    from stable_baselines3.common.vec_env import DummyVecEnv

    from boardgame.gymnasium import BoardgameEnv
    from boardgame.sb3 import BoardgameSB3VecEnv

    env = BoardgameSB3VecEnv(name, num_envs=n) if native else DummyVecEnv([lambda: BoardgameEnv(name) for _ in range(n)])
    env.seed(1)
    env.reset()
    rng = np.random.default_rng(2)

    def step():
        env.step(random_legal(get_action_masks(env), rng))
        return n

    rate = timed(step, seconds)
    env.close()
    return rate


def training(args) -> None:
    try:
        import sb3_contrib  # noqa: F401
        import torch
    except ImportError as error:
        print(f"# table 2 skipped: {error}", flush=True)
        return
    torch.set_num_threads(1)
    n, n_steps, batch = (8, 8, 64) if args.smoke else (64, 64, 1024)
    steps = n * n_steps * args.rollouts
    stamp(f"table 2, MaskablePPO.learn of {steps} steps ({args.rollouts} rollouts of {n} x {n_steps}), start")
    rows = []
    for name in GAMES:
        shares: dict[str, list[float]] = {"native": [], "dummy": []}

        def side(native: bool, key: str):
            def measure():
                rate, share = train(name, native, n, steps, n_steps, batch)
                shares[key].append(share)
                return rate

            return measure

        alone = rounds_of(
            {
                "native": lambda: stepping(name, True, n, args.seconds),
                "dummy": lambda: stepping(name, False, n, args.seconds),
            },
            args.rounds,
        )
        results = rounds_of({"native": side(True, "native"), "dummy": side(False, "dummy")}, args.train_rounds)
        native_rate, dummy_rate = statistics.median(results["native"]), statistics.median(results["dummy"])
        native_share, dummy_share = statistics.median(shares["native"]), statistics.median(shares["dummy"])
        speedup = ratio(results, "native", "dummy")
        env_only = (statistics.median(alone["dummy"]), statistics.median(alone["native"]), ratio(alone, "native", "dummy"))
        rows.append((name, dummy_rate, dummy_share, native_rate, native_share, speedup, env_only))
        print(
            f"{name:6s} env alone: DummyVecEnv {env_only[0]:9,.0f} steps/s | BoardgameSB3VecEnv "
            f"{env_only[1]:9,.0f} steps/s | {env_only[2]:.1f}x",
            flush=True,
        )
        print(
            f"{name:6s} DummyVecEnv {dummy_rate:8,.0f} steps/s (env {dummy_share:.0%}) | BoardgameSB3VecEnv "
            f"{native_rate:8,.0f} steps/s (env {native_share:.0%}) | {speedup:.2f}x "
            f"| rounds {[round(x) for x in results['dummy']]} {[round(x) for x in results['native']]}",
            flush=True,
        )
    stamp("table 2, end")
    print()
    print(
        "| game | DummyVecEnv learn steps/s | env's share | learner's share | BoardgameSB3VecEnv learn steps/s "
        "| env's share | learner's share | ratio | ratio the shares imply "
        "| env alone: DummyVecEnv | BoardgameSB3VecEnv | ratio |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, dummy_rate, dummy_share, native_rate, native_share, speedup, (d, b, r) in rows:
        # The same learner's work per step on both sides: the times per step are
        # learner / (1 - share), so the ratio is (1 - native's share) / (1 - dummy's share).
        implied = (1 - native_share) / (1 - dummy_share)
        print(
            f"| {name} | {dummy_rate:,.0f} | {dummy_share:.0%} | {1 - dummy_share:.0%} | {native_rate:,.0f} "
            f"| {native_share:.0%} | {1 - native_share:.0%} | **{speedup:.2f}** | {implied:.2f} "
            f"| {d:,.0f} | {b:,.0f} | {r:.1f} |"
        )
    print(flush=True)


# --- 3. threads -------------------------------------------------------------------------


def in_process(name: str, n: int, seconds: float, options: dict) -> float:
    """:func:`vector_env` in a worker process (the machine's parallelism, table 3)."""
    return vector_env(name, n, seconds, num_threads=1, **options)


def threads(args) -> None:
    import concurrent.futures
    import multiprocessing

    n = args.threads_n
    stamp(f"table 3, num_threads at n = {n}, start")
    rows = []
    # The machine's parallelism in the same rounds: two processes, each stepping a batch of
    # its own on one thread at the same time, against one alone. On 2 idle cores it is
    # about 2; other work on the machine lowers it, and no num_threads can beat it.
    with concurrent.futures.ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        list(pool.map(in_process, ["thax"] * 2, [16] * 2, [0.01] * 2, [{}] * 2))  # started, warm

        def processes(name: str, options: dict, count: int) -> float:
            jobs = [pool.submit(in_process, name, n, args.seconds, options) for _ in range(count)]
            return sum(job.result() for job in jobs)

        for name in GAMES:
            for opponent in (None, "random", "greedy"):
                options = {"opponent": opponent} if opponent is None else {"opponent": opponent, "seat": "random"}
                cores: list[float] = []
                sides = {
                    "1": lambda: vector_env(name, n, args.seconds, num_threads=1, **options),
                    "2": lambda: vector_env(name, n, args.seconds, cores, num_threads=2, **options),
                    "1p": lambda: processes(name, options, 1),
                    "2p": lambda: processes(name, options, 2),
                }
                results = rounds_of(sides, args.thread_rounds)
                one, two = statistics.median(results["1"]), statistics.median(results["2"])
                speedup = ratio(results, "2", "1")
                per_round = [x / y for x, y in zip(results["2"], results["1"])]
                machine = ratio(results, "2p", "1p")
                label = "self-play" if opponent is None else opponent
                got = statistics.median(cores)
                rows.append((name, label, one, two, speedup, min(per_round), max(per_round), got, machine))
                print(
                    f"{name:6s} {label:9s} 1 thread {one:12,.0f}/s | 2 threads {two:12,.0f}/s | {speedup:.2f}x "
                    f"(rounds {min(per_round):.2f} to {max(per_round):.2f}), on {got:.2f} cores "
                    f"| 2 processes / 1: {machine:.2f}; {uptime()}",
                    flush=True,
                )
    stamp("table 3, end")
    print()
    print(
        "| game | opponent | 1 thread steps/s | 2 threads steps/s | ratio (median) | rounds' ratios "
        "| CPU the 2 threads got (cores) | the machine: 2 processes ÷ 1 |"
    )
    print("|---|---|---:|---:|---:|---|---:|---:|")
    for name, label, one, two, speedup, low, high, got, machine in rows:
        print(
            f"| {name} | {label} | {one:,.0f} | {two:,.0f} | **{speedup:.2f}** | {low:.2f} to {high:.2f} "
            f"| {got:.2f} | {machine:.2f} |"
        )
    print(flush=True)


# --- 4. side note -----------------------------------------------------------------------


def side_note(args) -> None:
    stamp("side note, other games, start")
    rows = []
    for name, peer in (("ataxx", "breakthrough"), ("thax", "backgammon")):
        sides = {
            "ours": lambda: vector_env(name, 256, args.seconds),
            "peer": lambda: pyspiel_loop(peer, args.seconds, observe=False),
            "peer +obs": lambda: pyspiel_loop(peer, args.seconds, observe=True),
        }
        results = rounds_of(sides, args.rounds)
        rows.append(
            (
                name,
                peer,
                statistics.median(results["ours"]),
                statistics.median(results["peer"]),
                ratio(results, "ours", "peer"),
                statistics.median(results["peer +obs"]),
                ratio(results, "ours", "peer +obs"),
            )
        )
        print(
            f"{name:6s} VectorEnv n=256 {rows[-1][2]:12,.0f}/s | pyspiel {peer} {rows[-1][3]:10,.0f}/s "
            f"({rows[-1][4]:.1f}x), +obs {rows[-1][5]:10,.0f}/s ({rows[-1][6]:.1f}x)",
            flush=True,
        )
    stamp("side note, end")
    print()
    print("| ours (VectorEnv, n = 256) | steps/s | OpenSpiel's C++ game, pyspiel loop | steps/s | ratio | +obs steps/s | ratio |")
    print("|---|---:|---|---:|---:|---:|---:|")
    for name, peer, ours, theirs, r, theirs_obs, r_obs in rows:
        print(f"| {name} | {ours:,.0f} | {peer} | {theirs:,.0f} | {r:.1f} | {theirs_obs:,.0f} | {r_obs:.1f} |")
    print(flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="wall time of each cell's round")
    parser.add_argument("--rounds", type=int, default=5, help="rounds of tables 1 and 4")
    parser.add_argument("--thread-rounds", type=int, default=9, help="rounds of table 3")
    parser.add_argument("--threads-n", type=int, default=256, help="games of table 3's batches")
    parser.add_argument("--train-rounds", type=int, default=5, help="rounds of table 2")
    parser.add_argument("--rollouts", type=int, default=4, help="rollouts of each MaskablePPO.learn")
    parser.add_argument("--tables", default="1234", help="which tables to run, e.g. 13")
    parser.add_argument("--smoke", action="store_true", help="tiny sizes: checks that it runs (seconds)")
    args = parser.parse_args()
    if args.smoke:
        args.seconds, args.rounds, args.thread_rounds, args.train_rounds, args.rollouts = 0.02, 1, 1, 1, 1
    print(
        f"# {' '.join(sys.argv)}\n# {cpu()}, {os.cpu_count()} cores, nice {os.nice(0)}, Python "
        f"{platform.python_version()}, boardgame {boardgame.__version__}, numpy {np.__version__}, "
        f"open-spiel {version('open_spiel')}, gymnasium {version('gymnasium')}, stable-baselines3 "
        f"{version('stable_baselines3')}, sb3-contrib {version('sb3_contrib')}, torch {version('torch')}; "
        f"wall clock, medians of interleaved rounds of {args.seconds} s",
        flush=True,
    )
    try:
        with open("/proc/sys/kernel/sched_autogroup_enabled") as f:
            autogroup = f.read().strip()
        # With autogroups, the kernel shares the CPU between sessions first: a process's nice
        # value weighs only against the processes of its own session.
        print(f"# sched_autogroup_enabled {autogroup}", flush=True)
    except OSError:
        pass
    stamp("start")
    if "1" in args.tables:
        like_for_like(args)
    if "2" in args.tables:
        training(args)
    if "3" in args.tables:
        threads(args)
    if "4" in args.tables:
        side_note(args)
    stamp("end")


if __name__ == "__main__":
    main()
