"""Thax, Ataxx, Parchís and cờ cá ngựa from the ``boardgame`` Rust workspace.

The rules run in Rust (the workspace's rules crates); this package is a thin layer:

- :func:`new_game` makes a :class:`Game` (a game under one rules configuration), whose
  :meth:`Game.new_initial_state` gives a :class:`State` in OpenSpiel's explicit-chance model:
  integer action ids from a fixed space (:meth:`Game.num_distinct_actions`), chance outcomes
  with exact probabilities, an observation tensor per seat, records in the ``boardgame``
  command's JSON.
- :class:`VectorEnv` steps ``n`` games per call in Rust, with numpy arrays in and out.
- :func:`bot` builds a search bot (``"mcts:ms=50"``, ``"expectimax:depth=2"``, …).
- :mod:`boardgame.openspiel` registers the games with OpenSpiel (``pyspiel``);
  :mod:`boardgame.pettingzoo` wraps them as PettingZoo AEC environments;
  :mod:`boardgame.gymnasium` gives a single-agent view (self-play, or one seat against a
  built-in bot) as a ``gymnasium.Env`` and a batched ``gymnasium.vector.VectorEnv``.

Thread safety: ``Game`` is immutable; ``State`` methods run under the GIL (``expectimax``
searches a copy without it); ``Bot`` serializes calls from several threads; ``VectorEnv``
is for one thread at a time (``RuntimeError`` otherwise). See ``docs/python.md``.

Every encoding is documented in ``docs/python.md``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Mapping

import numpy as np

from ._boardgame import (
    CHANCE,
    MAX_RESTARTS,
    TERMINAL,
    Bot,
    Game,
    State,
    _VectorEnv,
    bot,
    from_record,
    games,
    new_game,
)

__all__ = [
    "CHANCE",
    "MAX_RESTARTS",
    "TERMINAL",
    "Bot",
    "Fraction",
    "Game",
    "State",
    "VectorEnv",
    "bot",
    "from_notation",
    "from_record",
    "games",
    "new_game",
]


def from_notation(
    name: str,
    text: str,
    players: int | None = None,
    preset: str | None = None,
    settings: Mapping[str, str | int | bool] | None = None,
) -> State:
    """The state written ``text`` (the game's state notation, as ``str(state)`` writes it)
    under that configuration. Raises ``ValueError`` with the parser's message."""
    game = new_game(name, players=players, preset=preset, settings=dict(settings or {}))
    return game.from_notation(text)


_INT64 = np.dtype(np.int64)


def _check_actions(actions: object, n: int) -> np.ndarray:
    """``actions`` as ``int64[n]``; a ``TypeError`` or ``ValueError`` naming what was
    expected otherwise."""
    if type(actions) is np.ndarray and actions.dtype is _INT64 and actions.shape == (n,):
        return actions  # the common case, in three cheap checks
    array = np.asarray(actions)
    if array.dtype.kind not in "iu":
        raise TypeError(
            f"actions must be integer action ids (an int array of shape ({n},)), "
            f"not an array of {array.dtype}"
        )
    if array.shape != (n,):
        raise ValueError(f"actions must have shape ({n},), one action id per game, not {array.shape}")
    return np.ascontiguousarray(array, dtype=np.int64)


class VectorEnv:
    """``n`` games of one game, stepped together inside Rust.

    Every game waits at a decision node: chance is resolved at once with each game's own
    generator (seeded from ``seed`` and the game's index, exact weights), and a finished game
    is replaced by a new one (auto-reset). A configuration whose new games chance keeps
    finishing before any decision (a tiny ``max_rolls``) is refused with ``ValueError`` after
    ``MAX_RESTARTS`` tries in a slot. Arrays (numpy, first axis ``n``):

    - ``observations``: ``float32[n, *game.observation_tensor_shape()]``, for the seat to move;
    - ``masks``: ``bool[n, game.num_distinct_actions()]``, the legal actions;
    - ``players``: ``int64[n]``, the seat to move;
    - ``rewards``: ``float32[n, num_players]``, each seat's return in a game that ended on
      this step (0 elsewhere);
    - ``dones``: ``bool[n]``, the games that ended on this step (their row of
      ``observations``, ``masks`` and ``players`` already shows the new game).

    The arrays returned are reused by the next call: copy them to keep them. ``reset`` and
    ``step`` run without the GIL and Ctrl-C interrupts them (the batch then needs a
    ``reset``). One thread at a time: a call while another thread's call runs raises
    ``RuntimeError``. A ``VectorEnv`` pickles and deep-copies with its games and generators.
    """

    def __init__(
        self,
        game: Game | str,
        n: int,
        seed: int = 0,
        *,
        players: int | None = None,
        preset: str | None = None,
        settings: Mapping[str, str | int | bool] | None = None,
    ) -> None:
        if isinstance(game, str):
            game = new_game(game, players=players, preset=preset, settings=dict(settings or {}))
        self.game = game
        self.num_envs = n
        self.seed = seed
        self._native = _VectorEnv(game, n, seed)
        self._allocate()

    def _allocate(self) -> None:
        n, game = self.num_envs, self.game
        self.observations = np.zeros((n, *game.observation_tensor_shape()), np.float32)
        self.masks = np.zeros((n, game.num_distinct_actions()), np.bool_)
        self.players = np.zeros(n, np.int64)
        self.rewards = np.zeros((n, game.num_players()), np.float32)
        self.dones = np.zeros(n, np.bool_)
        self._masks_u8 = self.masks.view(np.uint8)
        self._dones_u8 = self.dones.view(np.uint8)

    def __len__(self) -> int:
        return self.num_envs

    def reset(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Starts every game afresh: ``(observations, masks, players)``."""
        self._native.reset(self.observations, self._masks_u8, self.players)
        return self.observations, self.masks, self.players

    def step(
        self, actions: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Plays ``actions[i]`` (an action id, legal in game ``i``) in every game:
        ``(observations, masks, players, rewards, dones)``. An illegal action raises
        ``ValueError`` and changes nothing; actions that are not integers, or not of shape
        ``(n,)``, raise ``TypeError`` or ``ValueError``."""
        actions = _check_actions(actions, self.num_envs)
        self._native.step(
            actions, self.observations, self._masks_u8, self.players, self.rewards, self._dones_u8
        )
        return self.observations, self.masks, self.players, self.rewards, self.dones

    def notation(self, i: int) -> str:
        """The state notation of game ``i``."""
        return self._native.notation(i)

    def __getstate__(self) -> dict:
        return {
            "game": self.game,
            "num_envs": self.num_envs,
            "seed": self.seed,
            "snapshot": self._native.snapshot(),
            "rewards": self.rewards.copy(),
            "dones": self.dones.copy(),
        }

    def __setstate__(self, state: dict) -> None:
        self.game = state["game"]
        self.num_envs = state["num_envs"]
        self.seed = state["seed"]
        self._native = _VectorEnv(self.game, self.num_envs, self.seed)
        self._allocate()
        if state["snapshot"] is not None:
            self._native.restore(state["snapshot"], self.observations, self._masks_u8, self.players)
        self.rewards[:] = state["rewards"]
        self.dones[:] = state["dones"]
