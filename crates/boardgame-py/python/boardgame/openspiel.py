"""The games as OpenSpiel (``pyspiel``) Python games.

>>> import boardgame.openspiel, pyspiel
>>> game = pyspiel.load_game("boardgame_parchis(players=4)")

Importing this module registers the games with pyspiel as ``boardgame_<name>``
(``boardgame_ataxx``, ``boardgame_thax``, ``boardgame_parchis``, ``boardgame_co_ca_ngua``):
sequential, perfect information, zero-sum, terminal rewards, explicit stochastic chance
(deterministic for Ataxx). Its parameters are ``players``, ``preset`` (``""``: the default
rules) and every rule setting of the game (``boardgame rules <game>`` lists them), typed by
the default configuration's value; a setting is applied, after the preset, when its value
differs from that default.

Two spellings differ from the rules crates' because OpenSpiel's game strings cannot hold
them: a comma inside a value is written ``;`` (``board=1x3;2x3;3x3``), and a number given to a
setting that also takes words (Thax's ``first`` and ``supply``, Cờ cá ngựa's
``release_rolls``) is written with a leading ``#`` (``supply=#20``).

``str(game)`` names the preset and every setting's value, and ``pyspiel.load_game`` reads it
back to an equal game; states serialize (``serialize``, ``pyspiel.serialize_game_and_state``)
and pickle as that game string and the history. The action ids, chance ids and observation
tensors are the package's own (``docs/python.md``); the rules run in Rust.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

import boardgame

#: The largest ``int`` of OpenSpiel's C++ side (``max_game_length`` and parameters).
_INT_MAX = 2**31 - 1


def short_name(name: str) -> str:
    """The OpenSpiel name of a game: ``co-ca-ngua`` is ``boardgame_co_ca_ngua``."""
    return "boardgame_" + name.replace("-", "_")


def _typed(text: str) -> bool | int | str:
    """A setting's default value with the type its OpenSpiel parameter gets."""
    if text in ("true", "false"):
        return text == "true"
    if text.isdigit():
        return int(text)
    return text


def _looks_typed(text: str) -> bool:
    """Whether OpenSpiel's game-string parser would read ``text`` as something else than a
    string (a bool, a number or a nested game)."""
    if text in ("true", "false", "True", "False"):
        return True
    if text and all(c in "+-0123456789." for c in text):
        return True
    return text.endswith(")")


def _encode(value: Any, default: Any) -> Any:
    """A setting's value (rules-crate text) as the OpenSpiel parameter of ``default``'s
    type."""
    text = "true" if value is True else "false" if value is False else str(value)
    if isinstance(default, bool):
        return text == "true"
    if isinstance(default, int):
        return int(text)
    text = text.replace(",", ";")
    return "#" + text if _looks_typed(text) else text


def _decode(value: Any) -> str:
    """An OpenSpiel parameter's value as the rules crate's text."""
    if isinstance(value, bool):
        return "true" if value else "false"
    text = str(value)
    if isinstance(value, str):
        text = text.removeprefix("#").replace(";", ",")
    return text


def _defaults(name: str) -> dict[str, Any]:
    """The parameter specification: ``players``, ``preset`` and every setting, typed."""
    game = boardgame.new_game(name)
    spec: dict[str, Any] = {"preset": ""}
    for key, value in game.settings().items():
        spec[key] = _encode(value, _typed(value))
    spec["players"] = game.num_players()
    return spec


def _parameters(game: boardgame.Game) -> dict[str, Any]:
    """The parameters that name ``game`` exactly: its preset and every setting's value. Where
    the preset and the settings that differ from the default configuration would not give
    the same rules back (a preset's setting set back to the default value), no preset is
    named."""
    defaults = _defaults(game.name)
    values = game.settings()
    preset = game.preset
    if preset is not None:
        differing = {k: v for k, v in values.items() if _encode(v, defaults[k]) != defaults[k]}
        try:
            same = boardgame.new_game(game.name, preset=preset, settings=differing) == game
        except ValueError:
            same = False
        if not same:
            preset = None
    shown: dict[str, Any] = {"preset": preset or ""}
    for key, value in values.items():
        shown[key] = _encode(value, defaults[key])
    return shown


def _game_for(name: str, params: dict[str, Any]) -> boardgame.Game:
    """The game of ``params`` (merged with the defaults by pyspiel): the preset, then every
    setting whose value differs from the default configuration's."""
    defaults = _defaults(name)
    preset = str(params.get("preset", "")) or None
    given = {
        key: _decode(value)
        for key, value in params.items()
        if key != "preset" and key in defaults and value != defaults[key]
    }
    return boardgame.new_game(name, preset=preset, settings=given)


def game_from_native(game: boardgame.Game) -> BoardgameGame:
    """The OpenSpiel game of a :class:`boardgame.Game`, with the same rules (and its preset's
    name, where the parameters can say it)."""
    return pyspiel.load_game(short_name(game.name), _parameters(game))


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
        # The information state of a perfect-information game is its history (OpenSpiel's
        # convention): a string, no tensor.
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_defaults(name),
    )


def _bounded(what: str, value: int | None, game: boardgame.Game) -> int:
    if value is None or value > _INT_MAX:
        raise ValueError(
            f"{short_name(game.name)}: OpenSpiel needs a bound on the {what} that fits its "
            f"int, and this configuration has {'none' if value is None else value} (the "
            f"length guard is off or too long: set max_rolls, or ply_clock for Ataxx)"
        )
    return value


class BoardgameGame(pyspiel.Game):
    """One of the workspace's games under the configuration its parameters give."""

    game_name = ""
    game_type: pyspiel.GameType

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.native = _game_for(self.game_name, dict(params or {}))
        self._max_chance_nodes = _bounded(
            "chance nodes", self.native.max_chance_nodes_in_history(), self.native
        )
        info = pyspiel.GameInfo(
            num_distinct_actions=self.native.num_distinct_actions(),
            max_chance_outcomes=self.native.max_chance_outcomes(),
            num_players=self.native.num_players(),
            min_utility=self.native.min_utility(),
            max_utility=self.native.max_utility(),
            utility_sum=0.0,
            max_game_length=_bounded("decisions", self.native.max_game_length(), self.native),
        )
        super().__init__(self.game_type, info, _parameters(self.native))

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        # pyspiel's own pickling of a game makes a new object without this one's attributes.
        return pyspiel.load_game, (str(self),)

    def new_initial_state(self, text: str | None = None) -> BoardgameState:
        """The initial state (at the roll-off's first throw in the dice games), or the state
        written ``text`` in the game's notation."""
        return BoardgameState(self, self.native.new_initial_state(text))

    def max_chance_nodes_in_history(self) -> int:
        """The most chance nodes of a game (the length guard counts every throw)."""
        return self._max_chance_nodes

    def state_from_native(self, native: boardgame.State) -> BoardgameState:
        """An OpenSpiel state wrapping a copy of a :class:`boardgame.State` of this game."""
        return BoardgameState(self, native.clone())

    def observation_tensor_shape(self) -> list[int]:
        return list(self.native.observation_tensor_shape())

    def observation_tensor_size(self) -> int:
        return self.native.observation_tensor_size()

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> Any:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            return HistoryObserver()
        return BoardgameObserver(self.native)


class BoardgameState(pyspiel.State):
    """An OpenSpiel state over a :class:`boardgame.State` (``self.native``).

    Serialization (``serialize()``, ``game.deserialize_state``, pickling) is pyspiel's for
    Python games: the history, and this object's attributes pickled; ``native`` pickles as
    its record. ``undo_action`` is not available (pyspiel does not let a Python game change
    its history back): use ``clone()``.
    """

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

    def undo_action(self, player: int, action: int) -> None:
        raise NotImplementedError(
            "undo_action is not available for OpenSpiel's Python games (pyspiel keeps the "
            "history on its C++ side): clone() the state before applying the action instead, "
            "or use boardgame.State.undo_action"
        )

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


class HistoryObserver:
    """The information state of a perfect-information game: the history (OpenSpiel's
    ``history_str()``), and no tensor."""

    def __init__(self) -> None:
        self.tensor = None
        self.dict: dict[str, np.ndarray] = {}

    def set_from(self, state: BoardgameState, player: int) -> None:
        pass

    def string_from(self, state: BoardgameState, player: int) -> str:
        return state.history_str()


class AtaxxGame(BoardgameGame):
    """``boardgame_ataxx``."""

    game_name = "ataxx"


class ThaxGame(BoardgameGame):
    """``boardgame_thax``."""

    game_name = "thax"


class ParchisGame(BoardgameGame):
    """``boardgame_parchis``."""

    game_name = "parchis"


class CoCaNguaGame(BoardgameGame):
    """``boardgame_co_ca_ngua``."""

    game_name = "co-ca-ngua"


GAME_CLASSES: dict[str, type[BoardgameGame]] = {
    cls.game_name: cls for cls in (AtaxxGame, ThaxGame, ParchisGame, CoCaNguaGame)
}

_REGISTERED: set[str] = set()


def register() -> list[str]:
    """Registers every game with ``pyspiel`` (importing this module already did; later calls
    do nothing) and returns their OpenSpiel names."""
    for name in boardgame.games():
        if name in _REGISTERED:
            continue
        cls = GAME_CLASSES[name]
        cls.game_type = _game_type(name, boardgame.new_game(name).max_chance_outcomes() == 0)
        pyspiel.register_game(cls.game_type, cls)
        _REGISTERED.add(name)
    return [short_name(name) for name in boardgame.games()]


register()
