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

import operator
from typing import Any, Mapping

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

import boardgame
from boardgame import _check_actions, _quote, _refuse_unknown_keys, _sampling_seed, _VectorEnv

_ILLEGAL = ("raise", "forfeit")
_INT64_LIMIT = 2**63

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
                f"autoreset_mode {_quote(str(mode))} is not AutoresetMode.SAME_STEP or NEXT_STEP"
            )
        mode = named[0]
    if mode not in (AutoresetMode.SAME_STEP, AutoresetMode.NEXT_STEP):
        raise ValueError(f"autoreset_mode {mode} is not supported: SAME_STEP or NEXT_STEP")
    return mode


def _random_seed(rng: np.random.Generator) -> int:
    return int(rng.integers(2**63))


class _Batch:
    """The native batch and its arrays (shared by both environments)."""

    def __init__(
        self,
        game: boardgame.Game,
        n: int,
        opponent: str | None,
        seat: int,
        opponent_seed: int,
        forfeit: float | None,
    ) -> None:
        self.game = game
        self.n = n
        self.opponent = opponent
        self.seat = seat
        self.forfeit = forfeit is not None
        self.native = _VectorEnv(
            game, n, 0, opponent=opponent, seat=seat, bot_seed=opponent_seed, forfeit=forfeit, finals=True
        )
        shape = tuple(game.observation_tensor_shape())
        actions = game.num_distinct_actions()
        self.observations = np.zeros((n, *shape), np.float32)
        self.masks = np.zeros((n, actions), np.bool_)
        self.players = np.zeros(n, np.int64)
        self.returns = np.zeros((n, game.num_players()), np.float32)
        self.dones = np.zeros(n, np.bool_)
        self.forfeits = np.zeros(n, np.bool_)
        self.finals = np.zeros((n, *shape), np.float32)
        self.movers = np.zeros(n, np.int64)
        self.rows = np.arange(n)

    def reset(self, seeds: list[int] | None) -> None:
        self.native.reset(self.observations, self.masks.view(np.uint8), self.players, seeds)

    def step(self, actions: np.ndarray, hold: np.ndarray | None = None) -> np.ndarray:
        """Plays ``actions`` (but not in the games where ``hold``); the rewards
        (``float64[n]``) of the seats that acted."""
        self.movers[:] = self.players
        self.native.step(
            actions,
            self.observations,
            self.masks.view(np.uint8),
            self.players,
            self.returns,
            self.dones.view(np.uint8),
            self.forfeits.view(np.uint8),
            self.finals,
            None if hold is None else hold.view(np.uint8),
        )
        return self.returns[self.rows, self.movers].astype(np.float64)

    def sample_legal(self, seed: int | np.random.Generator | None) -> np.ndarray:
        out = np.empty(self.n, np.int64)
        self.native.sample_legal(out, _sampling_seed(seed))
        return out

    def snapshot(self) -> dict[str, Any]:
        return {"games": self.native.snapshot(), "sampler": self.native.sampler_state()}

    def restore(self, snapshot: dict[str, Any]) -> None:
        if snapshot["games"] is not None:
            self.native.restore(snapshot["games"], self.observations, self.masks.view(np.uint8), self.players)
        self.native.set_sampler_state(*snapshot["sampler"])

    def seed_sampler(self, rng: np.random.Generator) -> None:
        """Seeds :meth:`sample_legal`'s generator from ``rng`` (after a seeded reset)."""
        self.native.set_sampler_state(int(rng.integers(2**63)), 0)


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
        opponent: str | None = None,
        seat: int = 0,
        opponent_seed: int = 0,
        illegal_action: str = "raise",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        render_mode = _render_mode(render_mode, self.metadata["render_modes"])
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
        shape = tuple(self.game.observation_tensor_shape())
        self.observation_space = spaces.Box(low=0.0, high=np.inf, shape=shape, dtype=np.float32)
        self.action_space = spaces.Discrete(self.game.num_distinct_actions())
        # After a game ended, the native side has already started the next one: a reset
        # without a seed takes it (as the vector environment does), so both draw the same dice.
        self._started = False
        self._restarted = False

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._batch.masks[0].copy(), "player": int(self._batch.players[0])}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._batch.reset([seed])
        elif not self._started:
            self._batch.reset([_random_seed(self.np_random)])
        elif not self._restarted:
            self._batch.reset(None)
        self._started = True
        self._restarted = False
        return self._batch.observations[0].copy(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
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
            return self._batch.observations[0].copy(), reward, False, False, self._info()
        self._restarted = True
        info: dict[str, Any] = {
            "action_mask": np.zeros(self.action_space.n, np.bool_),
            "player": boardgame.TERMINAL,
            "returns": self._batch.returns[0].copy(),
        }
        if self._batch.forfeits[0]:
            info["illegal_action"] = True
        return self._batch.finals[0].copy(), reward, True, False, info

    def action_masks(self) -> np.ndarray:
        """The legal actions of the seat to act (all ``False`` once the game is over)."""
        if self._restarted:
            return np.zeros(self.action_space.n, np.bool_)
        return self._batch.masks[0].copy()

    def render(self) -> str | np.ndarray | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode (ansi, human or rgb_array)")
            return None
        if self.render_mode == "rgb_array":
            return self._batch.native.render_rgb(0)
        text = self.game.new_initial_state(self._batch.native.notation(0)).picture()
        if self.render_mode == "human":
            print(text)
            return None
        return text

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
        _forfeit(args["illegal_action"], args["illegal_reward"]),
    )
    env._batch.restore(snapshot)


#: The constructor arguments a pickle keeps.
_ARGS = (
    "game", "players", "preset", "settings", "opponent", "seat", "opponent_seed",
    "illegal_action", "illegal_reward",
)


class BoardgameVectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` games as a ``gymnasium.vector.VectorEnv``, stepped inside Rust. Arguments
    as :class:`BoardgameEnv`, plus ``autoreset_mode`` (``AutoresetMode.SAME_STEP``, the
    default, or ``AutoresetMode.NEXT_STEP``, or their names). ``render_mode`` ``"rgb_array"``
    or ``"ansi"``: ``render()`` gives a tuple with each game's picture.
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
        opponent: str | None = None,
        seat: int = 0,
        opponent_seed: int = 0,
        illegal_action: str = "raise",
        illegal_reward: float = -1.0,
        autoreset_mode: AutoresetMode | str = AutoresetMode.SAME_STEP,
        render_mode: str | None = None,
    ) -> None:
        self._args = dict(
            game=game, players=players, preset=preset, settings=dict(settings or {}), opponent=opponent,
            seat=seat, opponent_seed=opponent_seed, illegal_action=illegal_action,
            illegal_reward=illegal_reward,
        )
        self.metadata = {**type(self).metadata, "autoreset_mode": _autoreset_mode(autoreset_mode)}
        self.render_mode = _render_mode(render_mode, self.metadata["render_modes"])
        self.game = boardgame.new_game(game, players=players, preset=preset, settings=dict(settings or {}))
        self._batch = _Batch(
            self.game, num_envs, opponent, seat, opponent_seed, _forfeit(illegal_action, illegal_reward)
        )
        self.num_envs = num_envs
        shape = tuple(self.game.observation_tensor_shape())
        self.single_observation_space = spaces.Box(low=0.0, high=np.inf, shape=shape, dtype=np.float32)
        self.single_action_space = spaces.Discrete(self.game.num_distinct_actions())
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._started = False
        self._ones = np.ones(num_envs, np.bool_)
        # NEXT_STEP: the games that ended on the last step (their next action is ignored).
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
        }

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Starts every game afresh. ``seed``: an int seeds game ``i`` with ``seed + i`` (and
        the vector's own generator with ``seed``), a list gives each game its seed."""
        if isinstance(seed, (int, np.integer)) and not isinstance(seed, (bool, np.bool_)):
            super().reset(seed=int(seed))
            seeds = [int(seed) + i for i in range(self.num_envs)]
        elif seed is None:
            super().reset()
            seeds = None if self._started else [_random_seed(self.np_random) for _ in range(self.num_envs)]
        else:
            seeds = [operator.index(s) for s in seed]
            if len(seeds) != self.num_envs:
                raise ValueError(f"{len(seeds)} seeds for {self.num_envs} environments")
            super().reset(seed=seeds[0])
        self._batch.reset(seeds)
        if seed is not None:
            self._batch.seed_sampler(self.np_random)
        self._started = True
        self._held[:] = False
        return self._batch.observations.copy(), self._infos()

    def step(
        self, actions: Any
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        if not self._started:
            raise RuntimeError("call reset() first")
        actions = _check_actions(actions, self.num_envs, self._batch.forfeit)
        next_step = self.autoreset_mode == AutoresetMode.NEXT_STEP
        held = self._held if next_step and self._held.any() else None
        rewards = self._batch.step(actions, held)
        terminations = self._batch.dones.copy()
        observations = self._batch.observations.copy()
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
            if next_step:
                # The step that ends a game shows its end; the new game comes on the next step.
                observations[done] = self._batch.finals[done]
                infos["action_mask"][done] = False
                infos["player"][done] = boardgame.TERMINAL
                for key in ("returns", "illegal_action"):
                    if key in final_info:
                        infos[key] = final_info[key]
                        infos["_" + key] = final_info["_" + key]
            else:
                final_obs = np.full(self.num_envs, None, dtype=object)
                for i in done:
                    final_obs[i] = self._batch.finals[i].copy()
                infos.update(
                    final_obs=final_obs, _final_obs=terminations.copy(),
                    final_info=final_info, _final_info=terminations.copy(),
                )
        if next_step:
            self._held[:] = terminations
        return observations, rewards, terminations, np.zeros(self.num_envs, np.bool_), infos

    def sample_legal(self, seed: int | np.random.Generator | None = None) -> np.ndarray:
        """A uniformly random legal action per game (``int64[num_envs]``), drawn in Rust (see
        :meth:`boardgame.VectorEnv.sample_legal`; a seeded ``reset`` seeds its generator)."""
        return self._batch.sample_legal(seed)

    def action_masks(self) -> np.ndarray:
        """The legal actions of every game (``bool[num_envs, num_distinct_actions]``). Under
        ``NEXT_STEP``, a game that has just ended shows the new game's (its next action is
        ignored)."""
        return self._batch.masks.copy()

    def notation(self, i: int) -> str:
        """The state notation of game ``i``."""
        return self._batch.native.notation(i)

    def render(self) -> tuple[Any, ...] | None:
        """Each game's picture: ``uint8[height, width, 3]`` arrays (``rgb_array``) or text
        (``ansi``), as a tuple."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode (ansi or rgb_array)")
            return None
        if self.render_mode == "rgb_array":
            return tuple(self._batch.native.render_rgb(i) for i in range(self.num_envs))
        return tuple(
            self.game.new_initial_state(self._batch.native.notation(i)).picture() for i in range(self.num_envs)
        )

    def __getstate__(self) -> dict[str, Any]:
        return _pickled(self)

    def __setstate__(self, state: dict[str, Any]) -> None:
        _unpickle(self, state, state["num_envs"])


register_envs()
