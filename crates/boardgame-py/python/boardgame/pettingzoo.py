"""The games as PettingZoo AEC environments, with action masks.

>>> from boardgame.pettingzoo import env
>>> e = env("parchis", players=4)
>>> e.reset(seed=7)
>>> for agent in e.agent_iter():
...     obs, reward, terminated, truncated, info = e.last()
...     action = None if terminated or truncated else int(obs["action_mask"].nonzero()[0][0])
...     e.step(action)

Agents are ``player_0`` … ``player_{n-1}`` (the seats). An observation is a dict:
``observation`` (the package's observation tensor for that seat, ``float32``) and
``action_mask`` (``int8``, 1 for the legal actions of the agent to act, all 0 for the others).
Chance (the dice, the roll-off) is resolved inside the environment with the exact weights,
from a generator seeded by ``reset(seed=…)``: the same seed and the same actions give the
same game. The rewards come at the end: each seat's return (see ``docs/python.md``).
"""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import boardgame


class BoardgameEnv(AECEnv):
    """One of the workspace's games as an AEC environment."""

    metadata = {"render_modes": ["ansi", "human"], "name": "boardgame_v0", "is_parallelizable": False}

    def __init__(
        self,
        game: str = "thax",
        players: int | None = None,
        preset: str | None = None,
        settings: Mapping[str, str | int | bool] | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
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
        self._rng = np.random.default_rng()
        self.state = self.game.new_initial_state()

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def _settle(self) -> None:
        """Resolves chance with the exact integer weights."""
        while self.state.is_chance_node():
            outcomes, total = self.state.chance_weights()
            pick = int(self._rng.integers(total))
            for action, weight in outcomes:
                if pick < weight:
                    self.state.apply_action(action)
                    break
                pick -= weight

    def _select(self) -> None:
        if not self.state.is_terminal():
            self.agent_selection = self.possible_agents[self.state.current_player()]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.state = self.game.new_initial_state()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._settle()
        self.agent_selection = self.agents[0]
        self._select()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self.game.num_distinct_actions(), np.int8)
        if not self.state.is_terminal() and self.state.current_player() == seat:
            mask[self.state.legal_actions()] = 1
        return {"observation": self.state.observation_tensor(seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.state.apply_action(int(action))
        self._settle()
        if self.state.is_terminal():
            for seat, value in enumerate(self.state.returns()):
                self.rewards[self.possible_agents[seat]] = float(value)
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        text = self.state.picture()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def env(game: str = "thax", **kwargs: Any) -> BoardgameEnv:
    """The AEC environment of ``game`` (keyword arguments as :class:`BoardgameEnv`)."""
    return BoardgameEnv(game, **kwargs)
