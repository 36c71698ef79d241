"""The native module of ``boardgame`` (Rust, PyO3). Every encoding is in ``docs/python.md``."""

from fractions import Fraction
from typing import Mapping

import numpy as np
import numpy.typing as npt

#: ``State.current_player()`` at a chance node (OpenSpiel's ``PlayerId.CHANCE``).
CHANCE: int
#: ``State.current_player()`` when the game is over (OpenSpiel's ``PlayerId.TERMINAL``).
TERMINAL: int
#: How many new games in a row chance may finish before any decision, in one slot of a
#: ``VectorEnv`` (or a PettingZoo or Gymnasium reset), before the configuration is refused.
MAX_RESTARTS: int
#: The most games of one ``VectorEnv`` (2**24): a larger ``n`` raises ``ValueError``, and one
#: whose memory the allocator refuses raises ``MemoryError``.
MAX_GAMES: int
#: The accepted bot specs of :func:`bot`, one per line with their options.
BOT_SPECS: str
#: The package's version (the crate's).
__version__: str

def games() -> list[str]:
    """The games' names: ``["ataxx", "thax", "parchis", "co-ca-ngua"]``."""

def new_game(
    name: str,
    players: int | None = None,
    preset: str | None = None,
    settings: Mapping[str, str | int | bool] | None = None,
) -> Game:
    """The game ``name`` under ``preset`` (``None``: the default rules), then ``players``, then
    each setting (the keys of ``boardgame rules <game>``; values as text, numbers or bools).

    Raises ``ValueError`` naming the unknown game, preset or key, the bad value, or why the
    configuration cannot be played."""

def from_record(json: str) -> State:
    """The state one record replays to: one line of the ``boardgame`` command's JSON
    (``{"game": …, "record": {"config": …, "start"?: …, "events": […]}}``, as ``play --save``,
    ``simulate --records`` and :meth:`State.to_record` write it), replayed through the
    checked rules. Raises ``ValueError`` naming the first bad event."""

def bot(spec: str, game: Game, seed: int = 0) -> Bot:
    """The search bot of ``spec`` for ``game``: ``random``, ``greedy``, ``mcts:iters=N``,
    ``mcts:ms=T``, ``expectimax:depth=D``, ``alphabeta:depth=D`` (Ataxx), with the options of
    ``boardgame play --help``. Its own randomness is seeded with ``seed``. Raises
    ``ValueError`` for a bad spec. The bot runs on a thread of its own."""

def _quote(text: str) -> str:
    """``text`` quoted for a message: in full if short, else its first characters and its
    length in bytes (``boardgame_io::quote``)."""

def _game_from_config(name: str, preset: str | None, json: str) -> Game:
    """The game ``name`` under a configuration in JSON (how a ``Game`` pickles)."""

def _replay(game: Game, json: str) -> State:
    """The state a record replays to under ``game`` (how a ``State`` pickles)."""

class Game:
    """A game under one rules configuration. Immutable: safe to share between threads.
    Equal to another game of the same name and rules (the preset's name aside); pickles
    exactly."""

    @property
    def name(self) -> str:
        """The game's name."""
    @property
    def preset(self) -> str | None:
        """The preset the configuration was built from (``None``: the default rules)."""
    def num_players(self) -> int:
        """The seats at the table."""
    def min_players(self) -> int:
        """The fewest seats the game can be played with."""
    def max_players(self) -> int:
        """The most seats the game can be played with."""
    def num_distinct_actions(self) -> int:
        """The size of the action-id space: every move of every state has an id below it."""
    def max_chance_outcomes(self) -> int:
        """The size of the chance-outcome id space (0 for Ataxx)."""
    def observation_tensor_shape(self) -> tuple[int, ...]:
        """The shape of :meth:`State.observation_tensor`."""
    def observation_tensor_size(self) -> int:
        """The number of entries of the observation tensor."""
    def max_game_length(self) -> int | None:
        """The most decisions (moves) a game can have, as OpenSpiel counts it, or ``None`` if
        the configuration has no length guard."""
    def max_chance_nodes_in_history(self) -> int | None:
        """The most chance nodes a game can have (0 for Ataxx), or ``None`` without a length
        guard."""
    def min_utility(self) -> float:
        """The lowest return: ``-(players - 1)``."""
    def max_utility(self) -> float:
        """The highest return: ``players - 1``."""
    def settings(self) -> dict[str, str]:
        """Every rule setting and its value, as text."""
    def new_initial_state(self, text: str | None = None) -> State:
        """The initial state (in the dice games, the roll-off's first throw: a chance node),
        or the state written ``text`` in the game's notation (as :meth:`from_notation`)."""
    def from_notation(self, text: str) -> State:
        """The state written ``text`` in the game's notation (``str(state)``), under this
        configuration. Raises ``ValueError`` with the parser's message."""
    def replay(self, json: str) -> State:
        """The state a record of this game (same rules) replays to. Raises ``ValueError``
        naming the first bad event, or if the record's rules differ."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class State:
    """A state in the explicit-chance model, with the record of how it was reached. Every
    method runs with the GIL held, except :meth:`expectimax`, which searches a copy without
    it. Pickles as its game and its record."""

    def game(self) -> Game:
        """The game (configuration) this state is played under."""
    def current_player(self) -> int:
        """The seat to move (``0..num_players``), :data:`CHANCE` or :data:`TERMINAL`."""
    def is_chance_node(self) -> bool:
        """Whether chance acts (a die roll): apply one of :meth:`chance_outcomes`."""
    def is_terminal(self) -> bool:
        """Whether the game is over."""
    def legal_actions(self) -> list[int]:
        """The legal action ids in ascending order; at a chance node, the possible outcome
        ids; empty at the end."""
    def legal_actions_mask(self) -> list[int]:
        """1 for each legal id, 0 elsewhere (``num_distinct_actions`` long, or
        ``max_chance_outcomes`` at a chance node)."""
    def action_to_string(self, action: int) -> str:
        """The move (or, at a chance node, the outcome) with this id, in the game's notation.
        Raises ``ValueError`` for an id outside the space."""
    def move_to_string(self, action: int) -> str:
        """The move with this id in the game's notation, from the point of view of the seat to
        move."""
    def chance_to_string(self, action: int) -> str:
        """The chance outcome with this id (``4``, ``3-5``)."""
    def string_to_action(self, text: str) -> int:
        """The id of the legal move (or outcome) written ``text``. Raises ``ValueError`` with
        the parser's message, or saying the move is illegal here."""
    def apply_action(self, action: int) -> None:
        """Plays the move (or applies the chance outcome) with this id. Raises ``ValueError``
        if it is not legal here; the state is then unchanged."""
    def undo_action(self, player: int | None = None, action: int | None = None) -> None:
        """Takes back the last event, replaying the record without it (time in proportion to
        the history). With ``player`` and ``action`` (OpenSpiel's arguments), first checks
        that they name the last event. Raises ``ValueError`` at the start of the record or
        if they do not; the state is then unchanged."""
    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``[(outcome id, probability)]`` at a chance node (empty elsewhere); each
        probability is the exact integer weight over the total, as a float."""
    def chance_outcomes_exact(self) -> list[tuple[int, Fraction]]:
        """The same with exact ``fractions.Fraction`` probabilities (they sum to 1 exactly)."""
    def chance_weights(self) -> tuple[list[tuple[int, int]], int] | None:
        """``([(outcome id, weight)], total)``: the rules' integer weights, or ``None`` outside a
        chance node."""
    def returns(self) -> list[float]:
        """Each seat's return: at the end, the seats ranked below it minus those ranked above
        it (zero-sum: +1/-1 for two players, +3/-1/-1/-1 for a four-player win); 0 before."""
    def clone(self) -> State:
        """An independent copy (record included): the position and a few bytes per event."""
    def __copy__(self) -> State: ...
    def __deepcopy__(self, memo: object) -> State: ...
    def notation(self) -> str:
        """The state notation (``str(state)``): :meth:`Game.from_notation` reads it back."""
    def picture(self) -> str:
        """A multi-line picture of the board."""
    def render_rgb(self) -> npt.NDArray[np.uint8]:
        """The board as an RGB picture drawn in Rust, ``uint8[height, width, 3]``
        (Gymnasium's ``rgb_array``; the layout of each game is in ``docs/python.md``)."""
    def observation_tensor(self, seat: int) -> npt.NDArray[np.float32]:
        """The observation of this state for ``seat``, shaped
        :meth:`Game.observation_tensor_shape`. Raises ``ValueError`` for a seat not at the
        table."""
    def observation_list(self, seat: int) -> list[float]:
        """The observation tensor flattened, as a list."""
    def to_record(self) -> str:
        """The record as one line of the ``boardgame`` command's JSON (``boardgame replay``
        reads it, :func:`from_record` too)."""
    def history(self) -> list[str]:
        """Every event so far in notation (chance outcomes in brackets: ``[3-5]``)."""
    def expectimax(self, depth: int, nodes: int | None = None) -> tuple[int, float, int]:
        """``boardgame-search``'s expectimax to ``depth`` decisions (and, with ``nodes``, at
        most that many nodes, deepening one decision at a time) at a decision node:
        ``(best action id, value, nodes)``. It runs without the GIL, and Ctrl-C stops it. The value is for the seat to move in units of
        returns (a decided game is worth its return; an evaluated leaf less than 1 in
        magnitude), so it equals the expected return when the search reaches the end of every
        line. Raises ``ValueError`` outside a decision node."""

    def evaluate(self, seat: int) -> float:
        """The static evaluation expectimax uses at its depth limit, for ``seat``, in the
        same units (above -1 and below 1; 0 at the end)."""
    def perft(self, depth: int) -> int:
        """The number of paths of exactly ``depth`` edges from this state, a move and a
        chance outcome each counting one edge: ``boardgame perft``'s count (the ``ataxx``
        crate's perft for Ataxx, ``boardgame-core``'s for the dice games). A finished game
        counts 0 below it; depth 0 counts 1. Counted in Rust on a copy without the GIL;
        Ctrl-C stops it between two root edges. ``ValueError`` unless ``0 <= depth <= 64``."""
    def divide(self, depth: int) -> dict[str, int]:
        """Each root edge with the perft below it, ``{notation: count}`` in the rules crate's
        order, as ``boardgame perft --divide`` prints it: a move in the game's move notation
        (``"g2"``, ``"a1a3"``, ``"0000"``; ``"place 2 3"``; ``"12+5"``; ``"T17+5"``), a chance
        outcome in brackets (``"[3-5]"``). The counts add up to ``perft(depth)``; a finished
        game divides into ``{}``. ``ValueError`` unless ``1 <= depth <= 64``."""

class Bot:
    """A search bot for one game (:func:`bot`), on a thread of its own. Safe to use from
    several threads: their calls run one after another. Not usable in a child process made
    by ``fork()`` after it (``RuntimeError``)."""

    def step(self, state: State) -> int:
        """The action id the bot plays in ``state`` (a decision node of its game). Waits
        without the GIL; Ctrl-C stops the search. Raises ``ValueError`` at a chance or
        terminal node or for a state of another game."""

class _VectorEnv:
    """The native half of ``boardgame.VectorEnv`` and ``boardgame.gymnasium`` (which own the
    numpy arrays it writes, given once by :meth:`bind`). One thread at a time
    (``RuntimeError`` otherwise)."""

    def __init__(
        self,
        game: Game,
        n: int,
        seed: int,
        opponent: str | None = None,
        seat: int | str | None = None,
        bot_seed: int = 0,
        forfeit: float | None = None,
        finals: bool = False,
        caller: bool = False,
        num_threads: int = 1,
    ) -> None: ...
    def __len__(self) -> int: ...
    @property
    def num_threads(self) -> int: ...
    def bind(
        self,
        observations: npt.NDArray[np.float32],
        masks: npt.NDArray[np.bool_],
        players: npt.NDArray[np.int64],
        seats: npt.NDArray[np.int64],
        waiting: npt.NDArray[np.bool_],
        returns: npt.NDArray[np.float32],
        rewards: npt.NDArray[np.float32],
        dones: npt.NDArray[np.bool_],
        forfeits: npt.NDArray[np.bool_],
        finals: npt.NDArray[np.float32] | None = None,
    ) -> None: ...
    def reset(
        self,
        seeds: list[int] | None = None,
        seed: int | None = None,
        mask: npt.NDArray[np.bool_] | None = None,
    ) -> None: ...
    def step(self, actions: npt.NDArray[np.int64], hold: npt.NDArray[np.bool_] | None = None) -> None: ...
    def answer(self, actions: npt.NDArray[np.int64]) -> None: ...
    def any_waiting(self) -> bool: ...
    def sample_legal(self, out: npt.NDArray[np.int64], seed: int | None = None) -> None: ...
    def sampler_state(self) -> tuple[int, int]: ...
    def set_sampler_state(self, seed: int, words: int) -> None: ...
    def render_rgb(self, i: int) -> npt.NDArray[np.uint8]: ...
    def notation(self, i: int) -> str: ...
    def snapshot(self) -> list[tuple[str, int, int, int, bool]] | None: ...
    def restore(self, snapshot: list[tuple[str, int, int, int, bool]]) -> None: ...
