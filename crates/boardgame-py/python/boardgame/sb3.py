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

- Self-play (``opponent=None``): each step is a move of the seat to move, whose return is the
  reward, and the observation is for the seat to move next. Against a bot (``opponent``, any
  spec of ``boardgame.bot``), the agent plays ``seat`` and the reward is its return.
- ``action_masks()`` (``bool[num_envs, num_distinct_actions]``) and
  ``env_method("action_masks")`` (the rows, as ``MaskablePPO`` asks for them).
- ``illegal_action="forfeit"`` ends a game on an illegal action with ``illegal_reward`` for
  the agent (``infos[i]["illegal_action"]``); the default raises ``ValueError``.
- ``render_mode="rgb_array"``: ``get_images()`` gives each game's picture (drawn in Rust).
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

import numpy as np
from gymnasium import spaces
from stable_baselines3.common.vec_env.base_vec_env import VecEnv, VecEnvIndices

import boardgame
from boardgame import _check_actions
from boardgame.gymnasium import _Batch, _forfeit, _render_mode

__all__ = ["BoardgameSB3VecEnv"]


class BoardgameSB3VecEnv(VecEnv):
    """``num_envs`` games of ``game`` as one SB3 ``VecEnv``, stepped in Rust. Keyword
    arguments as :class:`boardgame.gymnasium.BoardgameVectorEnv`: ``players``, ``preset``,
    ``settings``, ``opponent``, ``seat``, ``opponent_seed``, ``illegal_action``,
    ``illegal_reward``, ``render_mode`` (``None`` or ``"rgb_array"``)."""

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
        render_mode: str | None = None,
    ) -> None:
        self.render_mode = _render_mode(render_mode, ["rgb_array"])
        self.game = boardgame.new_game(game, players=players, preset=preset, settings=dict(settings or {}))
        self._batch = _Batch(
            self.game, num_envs, opponent, seat, opponent_seed, _forfeit(illegal_action, illegal_reward)
        )
        shape = tuple(self.game.observation_tensor_shape())
        super().__init__(
            num_envs,
            spaces.Box(low=0.0, high=np.inf, shape=shape, dtype=np.float32),
            spaces.Discrete(self.game.num_distinct_actions()),
        )
        self._actions: np.ndarray | None = None
        self._started = False
        self._rng = np.random.default_rng()

    # The SB3 VecEnv interface.

    def reset(self) -> np.ndarray:
        """Starts every game afresh (with the seeds of :meth:`seed`, if it was called) and
        returns the observations."""
        if any(s is not None for s in self._seeds):
            seeds = [int(s) if s is not None else int(self._rng.integers(2**63)) for s in self._seeds]
            self._batch.native.set_sampler_state(seeds[0], 0)
        elif not self._started:
            seeds = [int(self._rng.integers(2**63)) for _ in range(self.num_envs)]
        else:
            seeds = None
        self._batch.reset(seeds)
        self._started = True
        self._reset_seeds()
        self._reset_options()
        self.reset_infos = [{} for _ in range(self.num_envs)]
        return self._batch.observations.copy()

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = _check_actions(
            np.asarray(actions).reshape(self.num_envs), self.num_envs, self._batch.forfeit
        )

    def step_wait(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[dict[str, Any]]]:
        if not self._started:
            raise RuntimeError("call reset() first")
        if self._actions is None:
            raise RuntimeError("call step_async(actions) first")
        batch = self._batch
        rewards = batch.step(self._actions).astype(np.float32)
        self._actions = None
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
        pass

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
        """``action_masks`` gives each game's row of :meth:`action_masks`; ``render`` each
        game's picture; other names call the batch's method once per game."""
        rows = self._indices(indices)
        if method_name == "action_masks":
            masks = self.action_masks()
            return [masks[i] for i in rows]
        if method_name == "render":
            return [self._picture(i) for i in rows]
        method = getattr(self, method_name)
        return [method(*method_args, **method_kwargs) for _ in rows]

    def env_is_wrapped(self, wrapper_class: type, indices: VecEnvIndices = None) -> list[bool]:
        return [False] * len(self._indices(indices))

    def get_images(self) -> Sequence[np.ndarray | None]:
        return [self._picture(i) for i in range(self.num_envs)]

    # Beyond SB3's interface.

    def action_masks(self) -> np.ndarray:
        """The legal actions of every game (``bool[num_envs, num_distinct_actions]``), for
        ``MaskablePPO``."""
        return self._batch.masks.copy()

    def sample_legal(self, seed: int | np.random.Generator | None = None) -> np.ndarray:
        """A uniformly random legal action per game, drawn in Rust (see
        :meth:`boardgame.VectorEnv.sample_legal`)."""
        return self._batch.sample_legal(seed)

    def notation(self, i: int) -> str:
        """The state notation of game ``i``."""
        return self._batch.native.notation(i)

    def _picture(self, i: int) -> np.ndarray | None:
        return self._batch.native.render_rgb(int(i)) if self.render_mode == "rgb_array" else None

    def _indices(self, indices: VecEnvIndices) -> Iterable[int]:
        if indices is None:
            return range(self.num_envs)
        if isinstance(indices, (int, np.integer)):
            return [int(indices)]
        return list(indices)
