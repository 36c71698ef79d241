"""Stable-Baselines3's ``VecEnv`` over the native batch: :class:`BoardgameSB3VecEnv`.

SB3 can use any Gymnasium environment through ``DummyVecEnv``, one Python ``step`` per game;
this adapter steps all ``num_envs`` games in one call into Rust (``boardgame.VectorEnv``'s
batch), and gives sb3-contrib's ``MaskablePPO`` the legal actions through ``action_masks()``.
It needs ``stable-baselines3`` (``pip install "boardgame[sb3]"``; ``MaskablePPO`` also needs
``sb3-contrib`` and torch).

>>> from sb3_contrib import MaskablePPO                     # doctest: +SKIP
>>> from boardgame.sb3 import BoardgameSB3VecEnv
>>> env = BoardgameSB3VecEnv("ataxx", num_envs=64, opponent="random")
>>> model = MaskablePPO("MlpPolicy", env, n_steps=32)       # doctest: +SKIP
>>> model.learn(4096)                                       # doctest: +SKIP

The conventions are SB3's: ``reset()`` returns the observations only (``seed()`` sets the
seeds of the next reset: game ``i`` gets ``seed + i``), ``step`` returns
``(observations, rewards, dones, infos)`` with ``infos`` a list of dicts, and a finished game
is replaced at once: its last observation is ``infos[i]["terminal_observation"]``. It equals
``DummyVecEnv`` over :class:`boardgame.gymnasium.BoardgameEnv` with the same arguments and
seeds step for step (a test checks it).

- Against an opponent (``opponent="random"`` by default, any spec of ``boardgame.bot``), the
  agent plays ``seat`` and the reward is its return: +1 and -1 about equally in random play.
  Self-play (``opponent=None``): each step is a move of the seat to move, whose return is the
  reward, and the observation is for the seat to move next; the loser's -1 is only in
  ``infos[i]["returns"]``, so single-agent learners (PPO) should play an opponent.
- ``action_masks()`` (``bool[num_envs, num_distinct_actions]``) and
  ``env_method("action_masks")`` (the rows, as ``MaskablePPO`` asks for them).
- ``illegal_action="forfeit"`` ends a game on an illegal action with ``illegal_reward`` for
  the agent (``infos[i]["illegal_action"]``); the default raises ``ValueError``.
- ``render_mode="rgb_array"``: ``get_images()`` gives each game's picture (drawn in Rust).
"""

from __future__ import annotations

import io
import operator
from typing import Any, Mapping, Sequence

import numpy as np
from gymnasium import spaces
from stable_baselines3.common.vec_env.base_vec_env import VecEnv, VecEnvIndices

import boardgame
from boardgame import _check_actions, _quote, _refuse_unknown_keys
from boardgame.gymnasium import _Batch, _forfeit, _game_seeds, _render_mode

__all__ = ["BoardgameSB3VecEnv", "frozen_copy"]


class BoardgameSB3VecEnv(VecEnv):
    """``num_envs`` games of ``game`` as one SB3 ``VecEnv``, stepped in Rust. Keyword
    arguments as :class:`boardgame.gymnasium.BoardgameVectorEnv`: ``players``, ``preset``,
    ``settings``, ``opponent`` (``"random"`` by default; ``None`` for self-play), ``seat``,
    ``opponent_seed``, ``illegal_action``, ``illegal_reward``, ``render_mode`` (``None`` or
    ``"rgb_array"``). Pickles and deep-copies with its games and generators; ``close()`` frees
    the native batch."""

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
        render_mode: str | None = None,
        num_threads: int = 1,
    ) -> None:
        self._args = dict(
            game=game, num_envs=num_envs, players=players, preset=preset, settings=dict(settings or {}),
            opponent=opponent, seat=seat, opponent_seed=opponent_seed, illegal_action=illegal_action,
            illegal_reward=illegal_reward, render_mode=render_mode, num_threads=num_threads,
        )
        self.render_mode = _render_mode(render_mode, ["rgb_array"])
        self.game = boardgame.new_game(game, players=players, preset=preset, settings=dict(settings or {}))
        self._batch = self._new_batch()
        shape = tuple(self.game.observation_tensor_shape())
        super().__init__(
            num_envs,
            spaces.Box(low=0.0, high=np.inf, shape=shape, dtype=np.float32),
            spaces.Discrete(self.game.num_distinct_actions()),
        )
        self._actions: np.ndarray | None = None
        self._started = False
        self._rng = np.random.default_rng()

    def _new_batch(self) -> _Batch:
        args = self._args
        return _Batch(
            self.game, args["num_envs"], args["opponent"], args["seat"], args["opponent_seed"],
            _forfeit(args["illegal_action"], args["illegal_reward"]), args.get("num_threads", 1),
        )

    # The SB3 VecEnv interface.

    def seed(self, seed: int | None = None) -> Sequence[None | int]:
        """Sets the seeds of the next :meth:`reset`: game ``i`` gets ``seed + i`` (a random
        ``seed`` if ``None``). ``ValueError`` if a seed would leave 0 to 2**64 - 1."""
        if seed is None:
            seed = int(np.random.randint(0, np.iinfo(np.uint32).max, dtype=np.uint32))
        self._seeds = _game_seeds(seed, self.num_envs)
        return self._seeds

    def reset(self) -> np.ndarray:
        """Starts every game afresh (with the seeds of :meth:`seed`, if it was called) and
        returns the observations."""
        self._actions = None
        if any(s is not None for s in self._seeds):
            seeds = [int(s) if s is not None else int(self._rng.integers(2**63)) for s in self._seeds]
            self._batch.reset(seeds)
            with self._batch._turn() as native:
                native.set_sampler_state(seeds[0], 0)
        else:
            self._batch.reset(None if self._started else [int(self._rng.integers(2**63)) for _ in range(self.num_envs)])
        self._started = True
        self._reset_seeds()
        self._reset_options()
        self.reset_infos = [{} for _ in range(self.num_envs)]
        return self._batch.observations.copy()

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = None
        if self._batch.closed:
            raise RuntimeError("this environment is closed")
        if actions is None or isinstance(actions, (str, bytes)):
            raise TypeError(f"actions must be an int array of shape ({self.num_envs},), not {_quote(repr(actions))}")
        self._actions = _check_actions(actions, self.num_envs, self._batch.forfeit)

    def step_wait(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[dict[str, Any]]]:
        # The actions are used once, refused or not: a second step_wait() needs a new step_async().
        actions, self._actions = self._actions, None
        if self._batch.closed:
            raise RuntimeError("this environment is closed")
        if not self._started:
            raise RuntimeError("call reset() first")
        if actions is None:
            raise RuntimeError("call step_async(actions) first")
        batch = self._batch
        rewards = batch.step(actions).astype(np.float32)
        dones = batch.dones.copy()
        infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        for i in np.flatnonzero(dones):
            info = infos[i]
            info["terminal_observation"] = batch.finals[i].copy()
            info["TimeLimit.truncated"] = False
            info["returns"] = batch.returns[i].copy()
            if batch.forfeits[i]:
                info["illegal_action"] = True
        return batch.observations.copy(), rewards, dones, infos

    def close(self) -> None:
        """Frees the native batch; later calls raise ``RuntimeError``. Idempotent."""
        self._batch.close()

    @property
    def closed(self) -> bool:
        return self._batch.closed

    def get_attr(self, attr_name: str, indices: VecEnvIndices = None) -> list[Any]:
        """The attribute of every game (the batch's own: the games share it)."""
        return [getattr(self, attr_name)] * len(self._indices(indices))

    def set_attr(self, attr_name: str, value: Any, indices: VecEnvIndices = None) -> None:
        raise AttributeError(
            f"the games of a BoardgameSB3VecEnv share their attributes: set {attr_name} on the VecEnv"
        )

    def env_method(
        self, method_name: str, *method_args: Any, indices: VecEnvIndices = None, **method_kwargs: Any
    ) -> list[Any]:
        """The per-game methods of :class:`boardgame.gymnasium.BoardgameEnv`, for the games of
        ``indices``: ``action_masks`` (each game's row of :meth:`action_masks`), ``render``
        (each game's picture), ``reset`` (restarts only those games, with the seeds of
        :meth:`seed` if set, and returns each one's ``(observation, info)``) and ``notation``.
        Any other name raises ``AttributeError``: the games share one native batch, whose
        methods are the VecEnv's own."""
        rows = self._indices(indices)
        if method_name == "action_masks":
            masks = self.action_masks()
            return [masks[i] for i in rows]
        if method_name == "render":
            return [self._picture(i) for i in rows]
        if method_name == "notation":
            return [self.notation(i) for i in rows]
        if method_name == "reset":
            if method_args or method_kwargs:
                raise TypeError("env_method('reset') takes no arguments here: seed() sets the seeds")
            return self._reset_games(rows)
        raise AttributeError(
            f"env_method({_quote(str(method_name))}): the games of a BoardgameSB3VecEnv share one "
            "native batch; the per-game methods are action_masks, render, reset and notation"
        )

    def env_is_wrapped(self, wrapper_class: type, indices: VecEnvIndices = None) -> list[bool]:
        return [False] * len(self._indices(indices))

    def get_images(self) -> Sequence[np.ndarray | None]:
        return [self._picture(i) for i in range(self.num_envs)]

    # Beyond SB3's interface.

    def action_masks(self) -> np.ndarray:
        """The legal actions of every game (``bool[num_envs, num_distinct_actions]``), for
        ``MaskablePPO``. ``RuntimeError`` while another thread steps the batch."""
        return self._batch.read(self._batch.masks)

    def sample_legal(self, seed: int | np.random.Generator | None = None) -> np.ndarray:
        """A uniformly random legal action per game, drawn in Rust (see
        :meth:`boardgame.VectorEnv.sample_legal`)."""
        return self._batch.sample_legal(seed)

    def notation(self, i: int) -> str:
        """The state notation of game ``i``."""
        return self._batch.notation(i)

    def _reset_games(self, rows: list[int]) -> list[tuple[np.ndarray, dict[str, Any]]]:
        """Restarts the games ``rows`` (a partial reset); each one's observation and info."""
        if not self._started:
            raise RuntimeError("call reset() first")
        mask = np.zeros(self.num_envs, np.bool_)
        mask[rows] = True
        seeded = [s is not None for s in self._seeds]
        seeds = None
        if any(seeded[i] for i in rows):
            seeds = [int(s) if s is not None else int(self._rng.integers(2**63)) for s in self._seeds]
            for i in rows:
                self._seeds[i] = None
        self._batch.reset(seeds, mask)
        return [
            (self._batch.observations[i].copy(),
             {"action_mask": self._batch.masks[i].copy(), "player": int(self._batch.players[i])})
            for i in rows
        ]

    def _picture(self, i: int) -> np.ndarray | None:
        return self._batch.render_rgb(int(i)) if self.render_mode == "rgb_array" else None

    def _indices(self, indices: VecEnvIndices) -> list[int]:
        """The game indices of ``indices`` (``None``: all; an int; a sequence), each checked:
        ``IndexError`` out of range, as ``DummyVecEnv`` (negative ones count from the end)."""
        if indices is None:
            return list(range(self.num_envs))
        if isinstance(indices, (int, np.integer)) and not isinstance(indices, (bool, np.bool_)):
            indices = [indices]
        out = []
        for index in indices:
            i = operator.index(index)
            if not -self.num_envs <= i < self.num_envs:
                raise IndexError(f"index {i} is out of range for {self.num_envs} environments")
            out.append(i % self.num_envs)
        return out

    def __getstate__(self) -> dict[str, Any]:
        state = {k: v for k, v in self.__dict__.items() if k != "_batch"}
        state["_actions"] = None
        state["_snapshot"] = self._batch.snapshot()
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        state = dict(state)
        snapshot = state.pop("_snapshot")
        _refuse_unknown_keys(state["_args"], set(_ARGS), type(self).__name__)
        self.__dict__.update(state)
        self._batch = self._new_batch()
        self._batch.restore(snapshot)


#: The constructor arguments a pickle keeps.
_ARGS = (
    "game", "num_envs", "players", "preset", "settings", "opponent", "seat", "opponent_seed",
    "illegal_action", "illegal_reward", "render_mode", "num_threads",
)


def frozen_copy(model: Any) -> Any:
    """A copy of an SB3 model (``MaskablePPO``, ``PPO``, …) that later training of ``model``
    does not change: an opponent for self-play (``opponent=frozen_copy(model)``). Saved and
    loaded in memory, on the CPU (``copy.deepcopy`` refuses a model that has trained: torch
    does not deep-copy the tensors of its last rollout)."""
    buffer = io.BytesIO()
    model.save(buffer)
    buffer.seek(0)
    return type(model).load(buffer, device="cpu")
