"""The games as OpenSpiel (``pyspiel``) Python games.

>>> import boardgame.openspiel, pyspiel
>>> boardgame.openspiel.register()
>>> game = pyspiel.load_game("boardgame_parchis(players=4)")

Each game is registered as ``boardgame_<name>`` (``boardgame_ataxx``, ``boardgame_thax``,
``boardgame_parchis``, ``boardgame_co_ca_ngua``): sequential, perfect information, zero-sum,
terminal rewards, explicit stochastic chance (deterministic for Ataxx). Its parameters are
``players``, ``preset`` (``""``: the default rules) and every rule setting of the game
(``boardgame rules <game>`` lists them) with the default configuration's value and type;
a setting is applied when its value differs from that default, after the preset.

The action ids, chance ids and observation tensors are the package's own (``docs/python.md``);
the rules run in Rust.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

import boardgame

#: A stand-in for ``max_game_length`` when the configuration has no length guard
#: (Ataxx with ``ply_clock=false``, a dice game with ``max_rolls=0``).
UNBOUNDED_GAME_LENGTH = 1_000_000


def short_name(name: str) -> str:
    """The OpenSpiel name of a game: ``co-ca-ngua`` is ``boardgame_co_ca_ngua``."""
    return "boardgame_" + name.replace("-", "_")


def _typed(text: str) -> bool | int | str:
    if text in ("true", "false"):
        return text == "true"
    try:
        return int(text)
    except ValueError:
        return text


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _defaults(name: str) -> dict[str, Any]:
    """The parameter specification: ``players``, ``preset`` and every setting, typed."""
    spec: dict[str, Any] = {"preset": ""}
    for key, value in boardgame.new_game(name).settings().items():
        spec[key] = _typed(value)
    spec["players"] = int(spec.get("players", boardgame.new_game(name).num_players()))
    return spec


def _game_for(name: str, params: dict[str, Any]) -> boardgame.Game:
    defaults = _defaults(name)
    preset = params.get("preset", "") or None
    settings = {
        key: _text(value)
        for key, value in params.items()
        if key != "preset" and key in defaults and value != defaults[key]
    }
    return boardgame.new_game(name, preset=preset, settings=settings)


def _game_type(name: str, deterministic: bool) -> pyspiel.GameType:
    probe = boardgame.new_game(name)
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"boardgame {name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.DETERMINISTIC
            if deterministic
            else pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        ),
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=probe.max_players(),
        min_num_players=probe.min_players(),
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_defaults(name),
    )


class BoardgameGame(pyspiel.Game):
    """One of the workspace's games under the configuration its parameters give."""

    game_name = ""
    game_type: pyspiel.GameType

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.native = _game_for(self.game_name, params)
        length = self.native.max_game_length()
        info = pyspiel.GameInfo(
            num_distinct_actions=self.native.num_distinct_actions(),
            max_chance_outcomes=self.native.max_chance_outcomes(),
            num_players=self.native.num_players(),
            min_utility=self.native.min_utility(),
            max_utility=self.native.max_utility(),
            utility_sum=0.0,
            max_game_length=int(length) if length is not None else UNBOUNDED_GAME_LENGTH,
        )
        super().__init__(self.game_type, info, params)

    def new_initial_state(self) -> BoardgameState:
        """The initial state (at the roll-off's first throw in the dice games)."""
        return BoardgameState(self, self.native.new_initial_state())

    def state_from_native(self, native: boardgame.State) -> BoardgameState:
        """An OpenSpiel state wrapping a copy of a :class:`boardgame.State` of this game."""
        return BoardgameState(self, native.clone())

    def observation_tensor_shape(self) -> list[int]:
        return list(self.native.observation_tensor_shape())

    def observation_tensor_size(self) -> int:
        return self.native.observation_tensor_size()

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> BoardgameObserver:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        return BoardgameObserver(self.native)


class BoardgameState(pyspiel.State):
    """An OpenSpiel state over a :class:`boardgame.State` (``self.native``)."""

    def __init__(self, game: BoardgameGame, native: boardgame.State) -> None:
        super().__init__(game)
        self.native = native

    def current_player(self) -> int:
        player = self.native.current_player()
        if player == boardgame.CHANCE:
            return pyspiel.PlayerId.CHANCE
        if player == boardgame.TERMINAL:
            return pyspiel.PlayerId.TERMINAL
        return player

    def _legal_actions(self, player: int) -> list[int]:
        return self.native.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.native.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.native.apply_action(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return self.native.chance_to_string(action)
        return self.native.move_to_string(action)

    def is_terminal(self) -> bool:
        return self.native.is_terminal()

    def returns(self) -> list[float]:
        return self.native.returns()

    def __str__(self) -> str:
        return self.native.notation()


class BoardgameObserver:
    """The observer OpenSpiel asks for: the package's observation tensor, and the state
    notation as the observation string (the games are of perfect information)."""

    def __init__(self, game: boardgame.Game) -> None:
        shape = tuple(game.observation_tensor_shape())
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: BoardgameState, player: int) -> None:
        self.tensor[:] = state.native.observation_list(player)

    def string_from(self, state: BoardgameState, player: int) -> str:
        return state.native.notation()


_REGISTERED: dict[str, type[BoardgameGame]] = {}


def register() -> list[str]:
    """Registers every game with ``pyspiel`` (once; later calls do nothing) and returns
    their OpenSpiel names."""
    for name in boardgame.games():
        if name in _REGISTERED:
            continue
        deterministic = boardgame.new_game(name).max_chance_outcomes() == 0
        game_type = _game_type(name, deterministic)
        cls = type(
            f"BoardgameGame_{name.replace('-', '_')}",
            (BoardgameGame,),
            {"game_name": name, "game_type": game_type},
        )
        pyspiel.register_game(game_type, cls)
        _REGISTERED[name] = cls
    return [short_name(name) for name in boardgame.games()]
