"""A single-agent view of the games for Gymnasium: :class:`BoardgameEnv` (a ``gymnasium.Env``)
and :class:`BoardgameVectorEnv` (a ``gymnasium.vector.VectorEnv`` stepped in Rust).

>>> import gymnasium as gym
>>> import boardgame.gymnasium  # registers boardgame/Ataxx-v0, Thax-v0, Parchis-v0, CoCaNgua-v0
>>> env = gym.make("boardgame/Ataxx-v0", opponent="random")
>>> envs = gym.make_vec("boardgame/Thax-v0", num_envs=64)  # BoardgameVectorEnv, stepped in Rust
>>> obs, infos = envs.reset(seed=0)
>>> obs, rewards, terminations, truncations, infos = envs.step(envs.unwrapped.sample_legal())

The agent plays every seat (self-play, ``opponent=None``: each step is a move of the seat to
move, whose return is the reward) or one seat, ``seat``, against a built-in bot at every other
seat (``opponent="mcts:iters=200"``, any spec of ``boardgame.bot``: the bot's moves and the
dice happen inside ``step``; the reward is the agent's return).

- Observation: the package's observation tensor for the seat to act, ``Box(0, inf)``,
  ``float32``. Action: ``Discrete(num_distinct_actions)``.
- ``infos["action_mask"]``: ``bool``, the legal actions; ``infos["player"]``: the seat to act.
  ``action_masks()`` returns the mask too (sb3-contrib's ``MaskablePPO`` convention).
- Rewards come at the end of a game: the return (+1/-1 for two seats, 0 for a draw, +3/-1 for
  a four-seat win). ``infos["returns"]`` on that step holds every seat's return.
- ``terminated`` marks the end of a game; ``truncated`` is always ``False`` (the rules' length
  guard ends a game as a draw or by score, a termination).
- An illegal action raises ``ValueError`` (``illegal_action="raise"``), or ends the game with
  reward ``illegal_reward`` for the agent (``illegal_action="forfeit"``, which
  ``gymnasium.utils.env_checker.check_env`` needs, as it samples any action of the space;
  ``infos["illegal_action"]`` marks it).
- :class:`BoardgameVectorEnv` takes ``autoreset_mode`` (``AutoresetMode.SAME_STEP``, the
  default, or ``NEXT_STEP``), like ``gymnasium.vector.SyncVectorEnv`` over
  :class:`BoardgameEnv`, which it equals step for step with the same seeds
  (``reset(seed=s)`` seeds game ``i`` with ``s + i``). ``SAME_STEP``: a finished game is
  replaced in the same step, the returned observation is the new game's, and
  ``infos["final_obs"]`` and ``infos["final_info"]`` hold the last observation and info of
  the game that ended. ``NEXT_STEP``: the step that ends a game returns its last observation
  and info; the next step ignores that game's action and returns the new game's first
  observation with reward 0 (what ``gymnasium.wrappers.vector.NormalizeObservation`` needs).
- ``render_mode="rgb_array"``: ``render()`` draws the board in Rust, a ``uint8`` array of
  shape ``(height, width, 3)`` (a tuple of them for the vector environment, one per game);
  ``"ansi"`` gives the text picture.

A game that chance (or the bot) finishes before the agent's first decision is started again,
at most ``boardgame.MAX_RESTARTS`` times (then ``ValueError``). Calls run without the GIL and
Ctrl-C interrupts them (the environment then needs a ``reset``). One thread at a time.
"""

from __future__ import annotations

import contextlib
import operator
import threading
from typing import Any, Iterator, Mapping

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

import boardgame
from boardgame import _check_actions, _Core, _quote, _refuse_unknown_keys, _sampling_seed, _saved_games

_ILLEGAL = ("raise", "forfeit")
_OBSERVATION_MODES = ("array", "dict")
_INT64_LIMIT = 2**63
_SEED_LIMIT = 2**64

#: The registered ids, ``boardgame/<Name>-v0``, and the game each makes.
IDS = {
    "boardgame/Ataxx-v0": "ataxx",
    "boardgame/Thax-v0": "thax",
    "boardgame/Parchis-v0": "parchis",
    "boardgame/CoCaNgua-v0": "co-ca-ngua",
}


def register_envs() -> None:
    """Registers :data:`IDS` with Gymnasium (done when this module is imported): ``gym.make``
    builds a :class:`BoardgameEnv`, ``gym.make_vec`` a :class:`BoardgameVectorEnv` (its
    ``vector_entry_point``), with the keyword arguments of either."""
    for env_id, game in IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point="boardgame.gymnasium:BoardgameEnv",
                vector_entry_point="boardgame.gymnasium:BoardgameVectorEnv",
                kwargs={"game": game},
            )


def _forfeit(illegal_action: str, illegal_reward: float) -> float | None:
    if illegal_action not in _ILLEGAL:
        raise ValueError(f"illegal_action must be one of {_ILLEGAL}, not {_quote(str(illegal_action))}")
    return float(illegal_reward) if illegal_action == "forfeit" else None


def _render_mode(mode: str | None, modes: list[str]) -> str | None:
    if mode is not None and mode not in modes:
        raise ValueError(f"render_mode {_quote(str(mode))} is not one of {modes} (or None)")
    return mode


def _autoreset_mode(mode: AutoresetMode | str) -> AutoresetMode:
    """``mode`` as an ``AutoresetMode``: the member, its value (``"NextStep"``) or its name in
    any case (``"next_step"``)."""
    if not isinstance(mode, AutoresetMode):
        key = str(mode).replace("_", "").lower()
        named = [m for m in AutoresetMode if key in (m.name.replace("_", "").lower(), m.value.lower())]
        if not named:
            raise ValueError(
                f"autoreset_mode {_quote(str(mode))} is not AutoresetMode.SAME_STEP, NEXT_STEP or DISABLED"
            )
        mode = named[0]
    return mode


def _observation_mode(mode: str) -> str:
    if mode not in _OBSERVATION_MODES:
        raise ValueError(f"observation_mode {_quote(str(mode))} is not one of {_OBSERVATION_MODES}")
    return mode


def _observation_space(game: boardgame.Game, mode: str) -> spaces.Space:
    """One game's observation space: the tensor (``"array"``), or a ``Dict`` of the tensor and
    the legal actions (``"dict"``: ``observation``, ``action_mask`` as ``int8`` 0/1, the keys
    of PettingZoo's classic games and of RLlib's action-masking models)."""
    tensor = spaces.Box(low=0.0, high=np.inf, shape=tuple(game.observation_tensor_shape()), dtype=np.float32)
    if mode == "array":
        return tensor
    mask = spaces.Box(low=0, high=1, shape=(game.num_distinct_actions(),), dtype=np.int8)
    return spaces.Dict({"observation": tensor, "action_mask": mask})


def _random_seed(rng: np.random.Generator) -> int:
    return int(rng.integers(2**63))


def _seed_value(seed: object, what: str = "seed") -> int:
    """``seed`` as a whole number from 0 to 2**64 - 1; ``ValueError`` (out of range) or
    ``TypeError`` (not a whole number) otherwise."""
    if isinstance(seed, (bool, np.bool_)):
        raise TypeError(f"{what} must be a whole number, not {seed!r}")
    try:
        value = operator.index(seed)
    except TypeError:
        raise TypeError(f"{what} must be a whole number, not {_quote(repr(seed))}") from None
    if not 0 <= value < _SEED_LIMIT:
        shown = str(value) if len(str(value)) <= 40 else _quote(str(value))
        raise ValueError(f"{what} {shown} is out of range: expected a whole number from 0 to 2**64 - 1")
    return value


def _game_seeds(seed: object, n: int) -> list[int]:
    """The seeds of ``n`` games from ``reset``'s ``seed``: an int ``s`` gives game ``i`` the seed
    ``s + i`` (each must fit 64 bits), a sequence gives each game its own; ``ValueError`` or
    ``TypeError`` before anything changes."""
    if isinstance(seed, (int, np.integer)) and not isinstance(seed, (bool, np.bool_)):
        first = _seed_value(seed)
        if first + n - 1 >= _SEED_LIMIT:
            raise ValueError(
                f"seed {first} is out of range for {n} games: game i gets seed + i, which must "
                f"stay below 2**64 (at most {_SEED_LIMIT - n})"
            )
        return [first + i for i in range(n)]
    if isinstance(seed, (str, bytes)) or not hasattr(seed, "__len__"):
        raise TypeError(f"seed must be an int or a list of {n} ints, not {_quote(repr(seed))}")
    seeds = [_seed_value(s, f"seed[{i}]") for i, s in enumerate(seed)]
    if len(seeds) != n:
        raise ValueError(f"{len(seeds)} seeds for {n} environments")
    return seeds


def _reset_mask(options: dict[str, Any] | None, n: int) -> np.ndarray | None:
    """``options["reset_mask"]`` (Gymnasium 1.x's partial reset) as ``bool[n]``, or ``None``
    for a whole reset; an unknown option is refused."""
    if options is None:
        return None
    if not isinstance(options, dict):
        raise TypeError(f"options must be a dict, not {type(options).__name__}")
    unknown = [key for key in options if key != "reset_mask"]
    if unknown:
        raise ValueError(f"unknown reset option {_quote(str(unknown[0]))}: the one option is reset_mask")
    if "reset_mask" not in options:
        return None
    mask = np.asarray(options["reset_mask"])
    if mask.dtype != np.bool_ or mask.shape != (n,):
        raise ValueError(f"reset_mask must be a bool array of shape ({n},), not {mask.dtype} {mask.shape}")
    return mask.copy()


class _Batch:
    """The native batch and its arrays (shared by every environment of this package).

    One thread at a time: a call while another thread's call runs (a step without the GIL)
    raises ``RuntimeError``, readers of the arrays (``action_masks()``) included; after
    :meth:`close` every call raises ``RuntimeError``."""

    def __init__(
        self,
        game: boardgame.Game,
        n: int,
        opponent: object,
        seat: int | str,
        opponent_seed: int,
        forfeit: float | None,
        num_threads: int = 1,
    ) -> None:
        self.game = game
        self.n = n
        self.forfeit = forfeit is not None
        self._core = _Core(
            game, n, 0, opponent=opponent, seat=seat, opponent_seed=opponent_seed, forfeit=forfeit,
            finals=True, num_threads=num_threads,
        )
        self._native: Any = self._core.native
        self._lock = threading.Lock()
        core = self._core
        self.observations, self.masks, self.players, self.seats = core.observations, core.masks, core.players, core.seats
        self.returns, self.dones, self.forfeits, self.finals = core.returns, core.dones, core.forfeits, core.finals
        self.agent_rewards = core.rewards

    def show_opponent(self, observation_mode: str) -> None:
        """Shows a Python opponent the games as the environment's observations are made."""
        self._core.observation_mode = observation_mode

    @contextlib.contextmanager
    def _turn(self) -> Iterator[Any]:
        """The native batch for this thread's call; ``RuntimeError`` if another thread's call
        runs, or after :meth:`close`."""
        if not self._lock.acquire(blocking=False):
            raise RuntimeError(
                "this environment is being reset or stepped by another thread: use it from one "
                "thread at a time"
            )
        try:
            if self._native is None:
                raise RuntimeError("this environment is closed")
            yield self._native
        finally:
            self._lock.release()

    @property
    def native(self) -> Any:
        """The native batch (``RuntimeError`` after :meth:`close`)."""
        if self._native is None:
            raise RuntimeError("this environment is closed")
        return self._native

    @property
    def closed(self) -> bool:
        return self._native is None

    def close(self) -> None:
        """Frees the native batch (its games and buffers) and the arrays; idempotent."""
        with self._lock:
            self._native = self._core = None
            empty = np.zeros(0, np.float32)
            self.observations = self.finals = self.returns = self.agent_rewards = empty
            self.masks = self.dones = self.forfeits = np.zeros(0, np.bool_)

    def reset(self, seeds: list[int] | None, mask: np.ndarray | None = None) -> None:
        with self._turn():
            self._core.reset(seeds, None, mask)

    def step(self, actions: np.ndarray, hold: np.ndarray | None = None) -> np.ndarray:
        """Plays ``actions`` (but not in the games where ``hold``); the agent's rewards
        (``float64[n]``: its seat's return in the games that ended, or the forfeit reward; in
        self-play, the return of the seat that acted)."""
        with self._turn():
            self._core.step(actions, hold)
            return self.agent_rewards.astype(np.float64)

    def read(self, array: np.ndarray) -> np.ndarray:
        """A copy of one of the batch's arrays, taken while no other thread's call writes it."""
        with self._turn():
            return array.copy()

    def sample_legal(self, seed: int | np.random.Generator | None) -> np.ndarray:
        with self._turn() as native:
            out = np.empty(self.n, np.int64)
            native.sample_legal(out, _sampling_seed(seed))
            return out

    def notation(self, i: int) -> str:
        with self._turn() as native:
            return native.notation(i)

    def render_rgb(self, i: int) -> np.ndarray:
        with self._turn() as native:
            return native.render_rgb(i)

    def snapshot(self) -> dict[str, Any]:
        with self._turn() as native:
            return {"games": native.snapshot(), "sampler": native.sampler_state()}

    def restore(self, snapshot: dict[str, Any]) -> None:
        with self._turn() as native:
            if snapshot["games"] is not None:
                native.restore(_saved_games(snapshot["games"]))
            native.set_sampler_state(*snapshot["sampler"])

    def seed_sampler(self, rng: np.random.Generator) -> None:
        """Seeds :meth:`sample_legal`'s generator from ``rng`` (after a seeded reset)."""
        with self._turn() as native:
            native.set_sampler_state(int(rng.integers(2**63)), 0)


class BoardgameEnv(gymnasium.Env):
    """One game as a single-agent ``gymnasium.Env`` (self-play, or ``seat`` against the bot
    ``opponent``). Keyword arguments as :func:`boardgame.new_game`, plus:

    - ``opponent``: a bot spec, or ``None`` for self-play; ``seat``: the agent's seat;
      ``opponent_seed``: the bot's own seed;
    - ``illegal_action``: ``"raise"`` or ``"forfeit"``, and ``illegal_reward``;
    - ``render_mode``: ``None``, ``"ansi"`` (``render()`` returns the board as text),
      ``"human"`` (prints it) or ``"rgb_array"`` (a ``uint8[height, width, 3]`` picture
      drawn in Rust).
    """

    metadata = {"render_modes": ["ansi", "human", "rgb_array"], "render_fps": 4}

    def __init__(
        self,
        game: str = "thax",
        *,
        players: int | None = None,
        preset: str | None = None,
        settings: Mapping[str, str | int | bool] | None = None,
        opponent: object = "random",
        seat: int | str = "random",
        opponent_seed: int = 0,
        illegal_action: str = "raise",
        illegal_reward: float = -1.0,
        observation_mode: str = "array",
        render_mode: str | None = None,
    ) -> None:
        render_mode = _render_mode(render_mode, self.metadata["render_modes"])
        self.observation_mode = _observation_mode(observation_mode)
        self._args = dict(
            game=game, players=players, preset=preset, settings=dict(settings or {}), opponent=opponent,
            seat=seat, opponent_seed=opponent_seed, illegal_action=illegal_action,
            illegal_reward=illegal_reward,
        )
        self.game = boardgame.new_game(game, players=players, preset=preset, settings=dict(settings or {}))
        self.render_mode = render_mode
        self._batch = _Batch(
            self.game, 1, opponent, seat, opponent_seed, _forfeit(illegal_action, illegal_reward)
        )
        _connect(self)
        self.observation_space = _observation_space(self.game, self.observation_mode)
        self.action_space = spaces.Discrete(self.game.num_distinct_actions())
        # After a game ended, the native side has already started the next one: a reset
        # without a seed takes it (as the vector environment does), so both draw the same dice.
        self._started = False
        self._restarted = False

    def _info(self) -> dict[str, Any]:
        return {
            "action_mask": self._batch.masks[0].copy(),
            "player": int(self._batch.players[0]),
            "seat": int(self._batch.seats[0]),
        }

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        if seed is not None:
            seed = _seed_value(seed)
        if _reset_mask(options, 1) is not None:
            raise ValueError("reset_mask is an option of the vector environments")
        super().reset(seed=seed)
        if seed is not None:
            self._batch.reset([seed])
        elif not self._started:
            self._batch.reset([_random_seed(self.np_random)])
        elif not self._restarted:
            self._batch.reset(None)
        self._started = True
        self._restarted = False
        info = self._info()
        return self._observed(self._batch.observations[0].copy(), info["action_mask"]), info

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if self._batch.closed:
            raise RuntimeError("this environment is closed")
        if not self._started or self._restarted:
            raise RuntimeError("call reset() first: the game has not started, or it is over")
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
            raise TypeError(f"an action is an int action id, not {_quote(repr(action))}")
        if -_INT64_LIMIT <= action < _INT64_LIMIT:
            actions = np.array([action], np.int64)
        else:  # past int64: refused as given, or forfeited
            actions = _check_actions(np.array([action], dtype=object), 1, self._batch.forfeit)
        reward = float(self._batch.step(actions)[0])
        if self.render_mode == "human":
            self.render()
        if not self._batch.dones[0]:
            info = self._info()
            return self._observed(self._batch.observations[0].copy(), info["action_mask"]), reward, False, False, info
        self._restarted = True
        info: dict[str, Any] = {
            "action_mask": np.zeros(self.action_space.n, np.bool_),
            "player": boardgame.TERMINAL,
            "returns": self._batch.returns[0].copy(),
        }
        if self._batch.forfeits[0]:
            info["illegal_action"] = True
        return self._observed(self._batch.finals[0].copy(), info["action_mask"]), reward, True, False, info

    def _observed(self, observation: np.ndarray, mask: np.ndarray) -> Any:
        if self.observation_mode == "dict":
            return {"observation": observation, "action_mask": mask.astype(np.int8)}
        return observation

    def action_masks(self) -> np.ndarray:
        """The legal actions of the seat to act (all ``False`` once the game is over)."""
        if self._restarted:
            return np.zeros(self.action_space.n, np.bool_)
        return self._batch.read(self._batch.masks)[0]

    def render(self) -> str | np.ndarray | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode (ansi, human or rgb_array)")
            return None
        if self.render_mode == "rgb_array":
            return self._batch.render_rgb(0)
        text = self.game.new_initial_state(self._batch.notation(0)).picture()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Frees the native game; later calls raise ``RuntimeError``. Idempotent."""
        self._batch.close()
        super().close()

    def __getstate__(self) -> dict[str, Any]:
        return _pickled(self)

    def __setstate__(self, state: dict[str, Any]) -> None:
        _unpickle(self, state, 1)


def _pickled(env: BoardgameEnv | BoardgameVectorEnv) -> dict[str, Any]:
    """What a pickle keeps of ``env``: its attributes but the native batch, and the batch's
    games and generators."""
    state = {k: v for k, v in env.__dict__.items() if k != "_batch"}
    state["_snapshot"] = env._batch.snapshot()
    return state


def _unpickle(env: BoardgameEnv | BoardgameVectorEnv, state: dict[str, Any], n: int) -> None:
    """Rebuilds ``env`` from :func:`_pickled`'s state (an unknown key is refused)."""
    state = dict(state)
    snapshot = state.pop("_snapshot")
    args = state["_args"]
    _refuse_unknown_keys(args, set(_ARGS), type(env).__name__)
    env.__dict__.update(state)
    env._batch = _Batch(
        env.game, n, args["opponent"], args["seat"], args["opponent_seed"],
        _forfeit(args["illegal_action"], args["illegal_reward"]), args.get("num_threads", 1),
    )
    _connect(env)
    env._batch.restore(snapshot)


def _connect(env: BoardgameEnv | BoardgameVectorEnv) -> None:
    """Shows a Python opponent the games in the environment's own observation format."""
    env.__dict__.setdefault("observation_mode", "array")
    env._batch.show_opponent(env.observation_mode)


#: The constructor arguments a pickle keeps.
_ARGS = (
    "game", "players", "preset", "settings", "opponent", "seat", "opponent_seed",
    "illegal_action", "illegal_reward", "num_threads",
)


class BoardgameVectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` games as a ``gymnasium.vector.VectorEnv``, stepped inside Rust. Arguments
    as :class:`BoardgameEnv`, plus ``autoreset_mode`` (``AutoresetMode.SAME_STEP``, the
    default, ``NEXT_STEP`` or ``DISABLED``, or their names) and ``observation_mode``
    (``"array"``, or ``"dict"``: ``{"observation", "action_mask"}``). ``render_mode``
    ``"rgb_array"`` or ``"ansi"``: ``render()`` gives a tuple with each game's picture.
    Pickles and deep-copies with its games and generators."""

    metadata = {
        "autoreset_mode": AutoresetMode.SAME_STEP,
        "render_modes": ["ansi", "rgb_array"],
        "render_fps": 4,
    }

    def __init__(
        self,
        game: str = "thax",
        num_envs: int = 1,
        *,
        players: int | None = None,
        preset: str | None = None,
        settings: Mapping[str, str | int | bool] | None = None,
        opponent: object = "random",
        seat: int | str = "random",
        opponent_seed: int = 0,
        illegal_action: str = "raise",
        illegal_reward: float = -1.0,
        autoreset_mode: AutoresetMode | str = AutoresetMode.SAME_STEP,
        observation_mode: str = "array",
        render_mode: str | None = None,
        num_threads: int = 1,
    ) -> None:
        self._args = dict(
            game=game, players=players, preset=preset, settings=dict(settings or {}), opponent=opponent,
            seat=seat, opponent_seed=opponent_seed, illegal_action=illegal_action,
            illegal_reward=illegal_reward, num_threads=num_threads,
        )
        self.metadata = {**type(self).metadata, "autoreset_mode": _autoreset_mode(autoreset_mode)}
        self.render_mode = _render_mode(render_mode, self.metadata["render_modes"])
        self.observation_mode = _observation_mode(observation_mode)
        self.game = boardgame.new_game(game, players=players, preset=preset, settings=dict(settings or {}))
        self._batch = _Batch(
            self.game, num_envs, opponent, seat, opponent_seed, _forfeit(illegal_action, illegal_reward),
            num_threads,
        )
        _connect(self)
        self.num_envs = num_envs
        self.single_observation_space = _observation_space(self.game, self.observation_mode)
        self.single_action_space = spaces.Discrete(self.game.num_distinct_actions())
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._started = False
        self._ones = np.ones(num_envs, np.bool_)
        # NEXT_STEP and DISABLED: the games that ended on the last step. The native side has
        # already started their next game: NEXT_STEP's next step takes it (their action is
        # ignored); under DISABLED a reset of them (reset_mask) takes it.
        self._held = np.zeros(num_envs, np.bool_)

    @property
    def autoreset_mode(self) -> AutoresetMode:
        return self.metadata["autoreset_mode"]

    def _infos(self) -> dict[str, Any]:
        return {
            "action_mask": self._batch.masks.copy(),
            "_action_mask": self._ones.copy(),
            "player": self._batch.players.copy(),
            "_player": self._ones.copy(),
            "seat": self._batch.seats.copy(),
            "_seat": self._ones.copy(),
        }

    def _observed(self, observations: np.ndarray, masks: np.ndarray) -> Any:
        if self.observation_mode == "dict":
            return {"observation": observations, "action_mask": masks.astype(np.int8)}
        return observations

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Starts every game afresh. ``seed``: an int seeds game ``i`` with ``seed + i`` (and
        the vector's own generator with ``seed``), a list gives each game its seed.
        ``options={"reset_mask": mask}`` (``bool[num_envs]``) starts only the games it marks:
        a game that ended (under ``NEXT_STEP`` or ``DISABLED``) takes the game the native side
        has already started, unless ``seed`` is given."""
        mask = _reset_mask(options, self.num_envs)
        seeds = None if seed is None else _game_seeds(seed, self.num_envs)
        if mask is not None:
            return self._reset_some(mask, seeds)
        if seeds is not None:
            super().reset(seed=seeds[0])
        else:
            super().reset()
            if not self._started:
                seeds = [_random_seed(self.np_random) for _ in range(self.num_envs)]
        self._batch.reset(seeds)
        if seed is not None:
            self._batch.seed_sampler(self.np_random)
        self._started = True
        self._held[:] = False
        return self._observed(self._batch.observations.copy(), self._batch.masks), self._infos()

    def _reset_some(self, mask: np.ndarray, seeds: list[int] | None) -> tuple[Any, dict[str, Any]]:
        if not mask.any():
            raise ValueError("reset_mask marks no game: reset() without it starts every game")
        if not self._started:
            raise RuntimeError("call reset() first: a partial reset (reset_mask) restarts running games")
        fresh = mask if seeds is not None else mask & ~self._held
        if fresh.any():
            self._batch.reset(seeds, fresh)
        self._held[mask] = False
        infos = self._infos()
        for key in ("_action_mask", "_player", "_seat"):
            infos[key] = mask.copy()
        return self._observed(self._batch.observations.copy(), self._batch.masks), infos

    def step(
        self, actions: Any
    ) -> tuple[Any, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        if self._batch.closed:
            raise RuntimeError("this environment is closed")
        if not self._started:
            raise RuntimeError("call reset() first")
        actions = _check_actions(actions, self.num_envs, self._batch.forfeit)
        mode = self.autoreset_mode
        if mode == AutoresetMode.DISABLED and self._held.any():
            ended = np.flatnonzero(self._held)
            raise RuntimeError(
                f"games {ended[:8].tolist()}{'…' if len(ended) > 8 else ''} ended and autoreset is "
                "DISABLED: reset them first, reset(options={'reset_mask': terminations})"
            )
        next_step = mode == AutoresetMode.NEXT_STEP
        held = self._held if next_step and self._held.any() else None
        rewards = self._batch.step(actions, held)
        terminations = self._batch.dones.copy()
        observations = self._batch.observations.copy()
        masks = self._batch.masks
        infos = self._infos()
        if held is not None:
            rewards[held] = 0.0
        if terminations.any():
            done = np.flatnonzero(terminations)
            final_info: dict[str, Any] = {
                "action_mask": np.zeros_like(self._batch.masks),
                "_action_mask": terminations.copy(),
                "player": np.where(terminations, boardgame.TERMINAL, 0).astype(np.int64),
                "_player": terminations.copy(),
                "returns": np.where(terminations[:, None], self._batch.returns, 0).astype(np.float32),
                "_returns": terminations.copy(),
            }
            forfeits = self._batch.forfeits & terminations
            if forfeits.any():
                final_info["illegal_action"] = forfeits.copy()
                final_info["_illegal_action"] = forfeits.copy()
            if mode != AutoresetMode.SAME_STEP:
                # The step that ends a game shows its end: its last observation, player
                # TERMINAL and the returns. Its mask row is the next game's (the mask
                # action_masks() gives), never all False: NEXT_STEP ignores the next action of
                # that game, and a masked policy needs some legal action to sample from.
                observations[done] = self._batch.finals[done]
                infos["player"][done] = boardgame.TERMINAL
                for key in ("returns", "illegal_action"):
                    if key in final_info:
                        infos[key] = final_info[key]
                        infos["_" + key] = final_info["_" + key]
            else:
                final_obs = np.full(self.num_envs, None, dtype=object)
                for i in done:
                    final_obs[i] = self._observed(self._batch.finals[i].copy(), final_info["action_mask"][i])
                infos.update(
                    final_obs=final_obs, _final_obs=terminations.copy(),
                    final_info=final_info, _final_info=terminations.copy(),
                )
        if mode != AutoresetMode.SAME_STEP:
            self._held[:] = terminations
        return (
            self._observed(observations, masks), rewards, terminations, np.zeros(self.num_envs, np.bool_), infos,
        )

    def close_extras(self, **kwargs: Any) -> None:
        """Frees the native batch (``close()``); later calls raise ``RuntimeError``."""
        self._batch.close()

    def sample_legal(self, seed: int | np.random.Generator | None = None) -> np.ndarray:
        """A uniformly random legal action per game (``int64[num_envs]``), drawn in Rust (see
        :meth:`boardgame.VectorEnv.sample_legal`; a seeded ``reset`` seeds its generator)."""
        return self._batch.sample_legal(seed)

    def action_masks(self) -> np.ndarray:
        """The legal actions of every game (``bool[num_envs, num_distinct_actions]``). Under
        ``NEXT_STEP``, a game that has just ended shows the new game's (its next action is
        ignored)."""
        return self._batch.read(self._batch.masks)

    def notation(self, i: int) -> str:
        """The state notation of game ``i``."""
        return self._batch.notation(i)

    def render(self) -> tuple[Any, ...] | None:
        """Each game's picture: ``uint8[height, width, 3]`` arrays (``rgb_array``) or text
        (``ansi``), as a tuple."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode (ansi or rgb_array)")
            return None
        if self.render_mode == "rgb_array":
            return tuple(self._batch.render_rgb(i) for i in range(self.num_envs))
        return tuple(
            self.game.new_initial_state(self._batch.notation(i)).picture() for i in range(self.num_envs)
        )

    def __getstate__(self) -> dict[str, Any]:
        return _pickled(self)

    def __setstate__(self, state: dict[str, Any]) -> None:
        _unpickle(self, state, state["num_envs"])


register_envs()
