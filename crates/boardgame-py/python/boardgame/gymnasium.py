"""A single-agent view of the games for Gymnasium: :class:`BoardgameEnv` (a ``gymnasium.Env``)
and :class:`BoardgameVectorEnv` (a ``gymnasium.vector.VectorEnv`` stepped in Rust).

>>> from boardgame.gymnasium import BoardgameVectorEnv
>>> envs = BoardgameVectorEnv("thax", num_envs=64)
>>> obs, infos = envs.reset(seed=0)
>>> obs, rewards, terminations, truncations, infos = envs.step(envs.sample_legal())

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
- :class:`BoardgameVectorEnv` resets a finished game in the same step
  (``metadata["autoreset_mode"]`` is ``AutoresetMode.SAME_STEP``): the returned observation is
  the new game's, ``infos["final_obs"]`` and ``infos["final_info"]`` hold the last
  observation and info of the game that ended, like ``gymnasium.vector.AsyncVectorEnv`` with
  ``autoreset_mode=SAME_STEP`` over :class:`BoardgameEnv`, which it equals step for step with
  the same seeds (``reset(seed=s)`` seeds game ``i`` with ``s + i``).

A game that chance (or the bot) finishes before the agent's first decision is started again,
at most ``boardgame.MAX_RESTARTS`` times (then ``ValueError``). Calls run without the GIL and
Ctrl-C interrupts them (the environment then needs a ``reset``). One thread at a time.
"""

from __future__ import annotations

from typing import Any, Mapping

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

import boardgame
from boardgame import _VectorEnv, _check_actions

_ILLEGAL = ("raise", "forfeit")


def _forfeit(illegal_action: str, illegal_reward: float) -> float | None:
    if illegal_action not in _ILLEGAL:
        raise ValueError(f"illegal_action must be one of {_ILLEGAL}, not {illegal_action!r}")
    return float(illegal_reward) if illegal_action == "forfeit" else None


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

    def reset(self, seeds: list[int] | None) -> None:
        self.native.reset(self.observations, self.masks.view(np.uint8), self.players, seeds)

    def step(self, actions: np.ndarray) -> np.ndarray:
        """Plays ``actions``; the rewards (``float64[n]``) of the seats that acted."""
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
        )
        return self.returns[np.arange(self.n), self.movers].astype(np.float64)


class BoardgameEnv(gymnasium.Env):
    """One game as a single-agent ``gymnasium.Env`` (self-play, or ``seat`` against the bot
    ``opponent``). Keyword arguments as :func:`boardgame.new_game`, plus:

    - ``opponent``: a bot spec, or ``None`` for self-play; ``seat``: the agent's seat;
      ``opponent_seed``: the bot's own seed;
    - ``illegal_action``: ``"raise"`` or ``"forfeit"``, and ``illegal_reward``;
    - ``render_mode``: ``None``, ``"ansi"`` (``render()`` returns the board) or ``"human"``
      (prints it).
    """

    metadata = {"render_modes": ["ansi", "human"]}

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
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']} (or None)"
            )
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
            raise TypeError(f"an action is an int action id, not {action!r}")
        reward = float(self._batch.step(np.array([action], np.int64))[0])
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

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode (ansi or human)")
            return None
        text = self.game.new_initial_state(self._batch.native.notation(0)).picture()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def __getstate__(self) -> dict[str, Any]:
        state = {k: v for k, v in self.__dict__.items() if k != "_batch"}
        state["_snapshot"] = self._batch.native.snapshot()
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        snapshot = state.pop("_snapshot")
        self.__dict__.update(state)
        args = self._args
        self._batch = _Batch(
            self.game, 1, args["opponent"], args["seat"], args["opponent_seed"],
            _forfeit(args["illegal_action"], args["illegal_reward"]),
        )
        if snapshot is not None:
            self._batch.native.restore(
                snapshot, self._batch.observations, self._batch.masks.view(np.uint8), self._batch.players
            )


class BoardgameVectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` games as a ``gymnasium.vector.VectorEnv``, stepped inside Rust. Arguments
    as :class:`BoardgameEnv` (without ``render_mode``)."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}

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
    ) -> None:
        self.game = boardgame.new_game(game, players=players, preset=preset, settings=dict(settings or {}))
        self.num_envs = num_envs
        self._batch = _Batch(
            self.game, num_envs, opponent, seat, opponent_seed, _forfeit(illegal_action, illegal_reward)
        )
        shape = tuple(self.game.observation_tensor_shape())
        self.single_observation_space = spaces.Box(low=0.0, high=np.inf, shape=shape, dtype=np.float32)
        self.single_action_space = spaces.Discrete(self.game.num_distinct_actions())
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._started = False
        self._ones = np.ones(num_envs, np.bool_)

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
        super().reset(seed=seed)
        if seed is None:
            seeds = None if self._started else [_random_seed(self.np_random) for _ in range(self.num_envs)]
        elif isinstance(seed, int):
            seeds = [seed + i for i in range(self.num_envs)]
        else:
            if len(seed) != self.num_envs:
                raise ValueError(f"{len(seed)} seeds for {self.num_envs} environments")
            seeds = [int(s) for s in seed]
        self._batch.reset(seeds)
        self._started = True
        return self._batch.observations.copy(), self._infos()

    def step(
        self, actions: Any
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        if not self._started:
            raise RuntimeError("call reset() first")
        rewards = self._batch.step(_check_actions(actions, self.num_envs))
        terminations = self._batch.dones.copy()
        infos = self._infos()
        if terminations.any():
            done = np.flatnonzero(terminations)
            final_obs = np.full(self.num_envs, None, dtype=object)
            for i in done:
                final_obs[i] = self._batch.finals[i].copy()
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
            infos.update(
                final_obs=final_obs, _final_obs=terminations.copy(),
                final_info=final_info, _final_info=terminations.copy(),
            )
        return self._batch.observations.copy(), rewards, terminations, np.zeros(self.num_envs, np.bool_), infos

    def sample_legal(self, rng: np.random.Generator | None = None) -> np.ndarray:
        """A uniformly random legal action per game (``int64[num_envs]``)."""
        rng = rng if rng is not None else self.np_random
        masks = self._batch.masks
        counts = masks.sum(axis=1)
        picks = (rng.random(self.num_envs) * counts).astype(np.int64)
        return (np.cumsum(masks, axis=1) > picks[:, None]).argmax(axis=1).astype(np.int64)

    def action_masks(self) -> np.ndarray:
        """The legal actions of every game (``bool[num_envs, num_distinct_actions]``)."""
        return self._batch.masks.copy()

    def notation(self, i: int) -> str:
        """The state notation of game ``i``."""
        return self._batch.native.notation(i)
