"""The games as PettingZoo AEC environments, with action masks.

>>> from boardgame.pettingzoo import env
>>> e = env("parchis", players=4)
>>> e.reset(seed=7)
>>> for agent in e.agent_iter():
...     obs, reward, terminated, truncated, info = e.last()
...     action = None if terminated or truncated else int(obs["action_mask"].nonzero()[0][0])
...     e.step(action)

:func:`env` returns :class:`raw_env` inside PettingZoo's standard wrappers for classic games
(``TerminateIllegalWrapper`` with reward -1, ``AssertOutOfBoundsWrapper``,
``OrderEnforcingWrapper``); :func:`raw_env` returns it bare.

Agents are ``player_0`` … ``player_{n-1}`` (the seats). An observation is a dict:
``observation`` (the package's observation tensor for that seat, ``float32``) and
``action_mask`` (``int8``, 1 for the legal actions of the agent to act, all 0 for the others).
Chance (the dice, the roll-off) is resolved inside the environment with the exact weights,
from a generator seeded by ``reset(seed=…)``: the same seed and the same actions give the
same game. A new game that chance alone finishes before anybody acts (a tiny ``max_rolls``)
is started again (at most ``boardgame.MAX_RESTARTS`` times, then ``ValueError``), so
``reset`` always leaves an agent to act; a game that ends on a step marks every agent
terminated in that step. The rewards come at the end: each seat's return (see
``docs/python.md``). ``state()`` is the whole position from seat 0's side. An environment
pickles and deep-copies with its game, state and generator.
"""

from __future__ import annotations

from typing import Any, Mapping

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import boardgame


class BoardgameEnv(AECEnv):
    """One of the workspace's games as an AEC environment (unwrapped)."""

    metadata = {"render_modes": ["ansi", "human", "rgb_array"], "name": "boardgame_v0", "is_parallelizable": False}

    def __init__(
        self,
        game: str = "thax",
        players: int | None = None,
        preset: str | None = None,
        settings: Mapping[str, str | int | bool] | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']} (or None)"
            )
        self.game = boardgame.new_game(game, players=players, preset=preset, settings=dict(settings or {}))
        self.metadata = dict(self.metadata, name=f"boardgame_{game.replace('-', '_')}_v0")
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(self.game.num_players())]
        self.agents = self.possible_agents[:]
        num_actions = self.game.num_distinct_actions()
        shape = tuple(self.game.observation_tensor_shape())
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low=0.0, high=np.inf, shape=shape, dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(num_actions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(num_actions) for agent in self.possible_agents}
        self.state_space = spaces.Box(low=0.0, high=np.inf, shape=shape, dtype=np.float32)
        self._rng = np.random.default_rng()
        #: The game's state (a :class:`boardgame.State`).
        self.native = self.game.new_initial_state()

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def state(self) -> np.ndarray:
        """The global state: the whole position (the games are of perfect information), as
        seat 0's observation tensor."""
        return self.native.observation_tensor(0)

    def _settle(self) -> None:
        """Resolves chance with the exact integer weights."""
        while self.native.is_chance_node():
            outcomes, total = self.native.chance_weights()
            pick = int(self._rng.integers(total))
            for action, weight in outcomes:
                if pick < weight:
                    self.native.apply_action(action)
                    break
                pick -= weight

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        for _ in range(boardgame.MAX_RESTARTS):
            self.native = self.game.new_initial_state()
            self._settle()
            if not self.native.is_terminal():
                break
        else:
            raise ValueError(
                f"{boardgame.MAX_RESTARTS} new games in a row ended by chance before any "
                f"decision: {self.game!r} never reaches one; give it a longer max_rolls"
            )
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.native.current_player()]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self.game.num_distinct_actions(), np.int8)
        if not self.native.is_terminal() and self.native.current_player() == seat:
            mask[self.native.legal_actions()] = 1
        return {"observation": self.native.observation_tensor(seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.native.apply_action(int(action))
        self._settle()
        if self.native.is_terminal():
            for seat, value in enumerate(self.native.returns()):
                self.rewards[self.possible_agents[seat]] = float(value)
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[self.native.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | np.ndarray | None:
        """The board picture: text returned in ``ansi`` mode, printed in ``human`` mode; in
        ``rgb_array`` mode a ``uint8[height, width, 3]`` array drawn in Rust
        (``State.render_rgb``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode (ansi, human or rgb_array)")
            return None
        if self.render_mode == "rgb_array":
            return self.native.render_rgb()
        text = self.native.picture()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def raw_env(game: str = "thax", **kwargs: Any) -> BoardgameEnv:
    """The AEC environment of ``game`` without wrappers (keyword arguments as
    :class:`BoardgameEnv`)."""
    return BoardgameEnv(game, **kwargs)


def env(game: str = "thax", **kwargs: Any) -> AECEnv:
    """The AEC environment of ``game`` in PettingZoo's standard wrappers for classic games:
    an illegal action ends the game with reward -1 for the agent that played it, an action
    outside the space raises, and the API's call order is enforced."""
    wrapped: AECEnv = raw_env(game, **kwargs)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
