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

import operator
from fractions import Fraction
from typing import Any, Callable, Mapping

import numpy as np

from ._boardgame import (
    BOT_SPECS,
    CHANCE,
    MAX_GAMES,
    MAX_RESTARTS,
    TERMINAL,
    __version__,
    Bot,
    Game,
    State,
    _VectorEnv,
    _quote,
    bot,
    from_record,
    games,
    new_game,
)

__all__ = [
    "BOT_SPECS",
    "CHANCE",
    "MAX_GAMES",
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
    "__version__",
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
_INT64_MAX = np.iinfo(np.int64).max


def _out_of_range(value: int, forfeit: bool, where: str = "") -> int:
    """An action id past ``int64``: -1 (an illegal id) where illegal actions forfeit, else
    ``ValueError`` with the id as given (never wrapped to a negative number)."""
    if forfeit:
        return -1
    shown = str(value) if len(str(value)) <= 40 else _quote(str(value))
    raise ValueError(f"{where}action {shown} is not an action id (too large)")


def _check_actions(actions: object, n: int, forfeit: bool = False) -> np.ndarray:
    """``actions`` as ``int64[n]``; a ``TypeError`` or ``ValueError`` naming what was
    expected otherwise. An id too large for ``int64`` (a ``uint64`` array, a Python int) is
    refused as it was given, or made -1 (illegal) if ``forfeit``."""
    if type(actions) is np.ndarray and actions.dtype is _INT64 and actions.shape == (n,):
        return actions  # the common case, in three cheap checks
    array = np.asarray(actions)
    if array.dtype == object and array.shape == (n,):
        try:
            ids = [operator.index(a) for a in array]
        except TypeError:
            raise TypeError(f"actions must be integer action ids, not {_quote(repr(array[:3]))}") from None
        array = np.array(
            [a if -_INT64_MAX - 1 <= a <= _INT64_MAX else _out_of_range(a, forfeit, f"game {i}: ")
             for i, a in enumerate(ids)],
            np.int64,
        )
    if array.dtype.kind not in "iu":
        raise TypeError(
            f"actions must be integer action ids (an int array of shape ({n},)), "
            f"not an array of {array.dtype}"
        )
    if array.shape != (n,):
        raise ValueError(f"actions must have shape ({n},), one action id per game, not {array.shape}")
    if array.dtype.kind == "u" and array.dtype.itemsize == 8 and n and array.max() > _INT64_MAX:
        big = array > _INT64_MAX
        if not forfeit:
            i = int(np.flatnonzero(big)[0])
            _out_of_range(int(array[i]), False, f"game {i}: ")
        array = np.where(big, 0, array).astype(np.int64)
        array[big] = -1
    return np.ascontiguousarray(array, dtype=np.int64)


def _refuse_unknown_keys(state: Mapping[str, object], known: set[str], what: str) -> None:
    """Refuses a pickled state with a key this version does not know (it would be lost)."""
    for key in state:
        if key not in known:
            raise ValueError(
                f"not a pickled {what} of boardgame {__version__}: unknown key {_quote(str(key))}"
            )


def _sampling_seed(seed: int | np.random.Generator | None) -> int | None:
    """The native sampler's seed from ``seed``: an int as it is, a numpy ``Generator`` draws
    one (so a seeded generator gives the same actions), ``None`` keeps the sampler going."""
    if seed is None or isinstance(seed, (int, np.integer)) and not isinstance(seed, (bool, np.bool_)):
        return None if seed is None else int(seed)
    if isinstance(seed, np.random.Generator):
        return int(seed.integers(2**63))
    raise TypeError(f"seed must be an int, a numpy Generator or None, not {type(seed).__name__}")


def _game_seeds(seed: int | list[int] | None, n: int) -> tuple[list[int] | None, int | None]:
    """``reset``'s ``seed`` as the native ``(seeds, seed)``: a list gives game ``i`` its own
    seed, an int seeds the batch as the constructor does."""
    if seed is None:
        return None, None
    if isinstance(seed, (int, np.integer)) and not isinstance(seed, (bool, np.bool_)):
        return None, int(seed)
    seeds = list(seed)
    if len(seeds) != n:
        raise ValueError(f"{len(seeds)} seeds for {n} games")
    return seeds, None


class _Closed:
    """What a closed batch holds instead of its native half: every call raises
    ``RuntimeError``."""

    def __getattr__(self, name: str) -> object:
        raise RuntimeError("this environment is closed")


def _opponent(opponent: object) -> tuple[str | None, Callable[[Any, np.ndarray], Any] | None]:
    """``opponent`` as the native bot spec or the Python policy: ``None`` (self-play), a bot
    spec (``"random"``, ``"mcts:iters=200"``, any of :data:`BOT_SPECS`), a model with
    ``predict(observations, action_masks=…)`` (Stable-Baselines3, sb3-contrib's
    ``MaskablePPO``), or a callable ``policy(observations, action_masks) -> actions``."""
    if opponent is None or isinstance(opponent, str):
        return opponent, None
    predict = getattr(opponent, "predict", None)
    if callable(predict):
        def policy(observations: Any, masks: np.ndarray) -> Any:
            actions, _ = predict(observations, action_masks=masks)
            return actions

        return None, policy
    if callable(opponent):
        return None, opponent  # type: ignore[return-value]
    raise TypeError(
        "opponent must be None (self-play), a bot spec, a model with predict(obs, action_masks=…) "
        f"or a callable policy(observations, action_masks), not {type(opponent).__name__}"
    )


class _Core:
    """A native batch, the numpy arrays it writes, and the opponent's Python policy if it has
    one (which :meth:`step` and :meth:`reset` ask for the opponent's moves, once per round for
    every game that waits for it)."""

    def __init__(
        self,
        game: Game,
        n: int,
        seed: int,
        *,
        opponent: object = None,
        seat: int | str = 0,
        opponent_seed: int = 0,
        forfeit: float | None = None,
        finals: bool = False,
        num_threads: int = 1,
    ) -> None:
        spec, self.policy = _opponent(opponent)
        self.native = _VectorEnv(
            game, n, seed, opponent=spec, seat=seat, bot_seed=opponent_seed, forfeit=forfeit,
            finals=finals, caller=self.policy is not None, num_threads=num_threads,
        )
        self.n = n
        shape = tuple(game.observation_tensor_shape())
        self.observations = np.zeros((n, *shape), np.float32)
        self.masks = np.zeros((n, game.num_distinct_actions()), np.bool_)
        self.players = np.zeros(n, np.int64)
        self.seats = np.zeros(n, np.int64)
        self.waiting = np.zeros(n, np.bool_)
        self.returns = np.zeros((n, game.num_players()), np.float32)
        self.rewards = np.zeros(n, np.float32)
        self.dones = np.zeros(n, np.bool_)
        self.forfeits = np.zeros(n, np.bool_)
        self.finals = np.zeros((n, *shape), np.float32) if finals else None
        self.native.bind(
            self.observations, self.masks, self.players, self.seats, self.waiting, self.returns,
            self.rewards, self.dones, self.forfeits, self.finals,
        )
        #: How the policy is shown the games: their observations (``"array"``), or a dict of
        #: them and the masks (``"dict"``, gymnasium's ``observation_mode``).
        self.observation_mode = "array"

    def reset(self, seeds: list[int] | None = None, seed: int | None = None, mask: np.ndarray | None = None) -> None:
        self.native.reset(seeds, seed, mask)
        self._answer()

    def step(self, actions: np.ndarray, hold: np.ndarray | None = None) -> None:
        self.native.step(actions, hold)
        self._answer()

    def _answer(self) -> None:
        """Asks the opponent's policy for its moves until every game waits for the agent."""
        if self.policy is None:
            return
        answers = np.zeros(self.n, np.int64)
        while self.waiting.any():
            rows = np.flatnonzero(self.waiting)
            observations = self.observations[rows]
            masks = self.masks[rows]
            if self.observation_mode == "dict":
                observations = {"observation": observations, "action_mask": masks.astype(np.int8)}
            chosen = self.policy(observations, masks)
            try:
                chosen = _check_actions(chosen, len(rows))
            except (TypeError, ValueError) as error:
                raise type(error)(f"the opponent's policy: {error}") from None
            answers[rows] = chosen
            self.native.answer(answers)


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

    The agent plays every seat (``opponent=None``, the default), or ``seat`` (a number, or
    ``"random"``: drawn for each game) against ``opponent``: a bot spec (its moves are played
    inside the step), a model with ``predict(observations, action_masks=…)`` or a callable
    ``policy(observations, action_masks) -> actions`` (asked once per round for every game
    whose opponent is to move; rows = those games). ``seats`` (``int64[n]``) holds the
    agent's seat in each game. ``num_threads`` splits the batch over that many threads.

    The arrays returned are reused by the next call: copy them to keep them. ``reset`` and
    ``step`` run without the GIL and Ctrl-C interrupts them (the batch then needs a
    ``reset``). One thread at a time: a call while another thread's call runs raises
    ``RuntimeError``. A ``VectorEnv`` pickles and deep-copies with its games and generators
    (and its opponent, if that pickles); ``close()`` frees it.
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
        opponent: object = None,
        seat: int | str = 0,
        opponent_seed: int = 0,
        num_threads: int = 1,
    ) -> None:
        if isinstance(game, str):
            game = new_game(game, players=players, preset=preset, settings=dict(settings or {}))
        self.game = game
        self.num_envs = n
        self.seed = seed
        self._options = dict(opponent=opponent, seat=seat, opponent_seed=opponent_seed, num_threads=num_threads)
        self._start(seed)

    def _start(self, seed: int) -> None:
        self._core = _Core(self.game, self.num_envs, seed, **self._options)
        self._native = self._core.native
        core = self._core
        self.observations, self.masks, self.players = core.observations, core.masks, core.players
        self.rewards, self.dones, self.seats = core.returns, core.dones, core.seats

    @property
    def num_threads(self) -> int:
        return self._options["num_threads"]

    def __len__(self) -> int:
        return self.num_envs

    def reset(
        self, seed: int | list[int] | None = None, mask: np.ndarray | None = None
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Starts every game afresh: ``(observations, masks, players)``. With ``seed`` (an
        int), the batch is seeded as ``VectorEnv(game, n, seed)`` seeds it, the generator of
        :meth:`sample_legal` included; with a list of ``n`` ints, game ``i`` rolls its dice
        with ``seed[i]``. Without it, the games' generators carry on. With ``mask``
        (``bool[n]``), only the games it marks start afresh (and take their seeds); the others
        and their rows stay as they are."""
        seeds, base = _game_seeds(seed, self.num_envs)
        if mask is not None:
            mask = np.asarray(mask)
            if mask.dtype != np.bool_ or mask.shape != (self.num_envs,):
                raise ValueError(f"mask must be a bool array of shape ({self.num_envs},), not {mask.dtype} {mask.shape}")
            mask = np.ascontiguousarray(mask)
        self._core.reset(seeds, base, mask)
        if base is not None and mask is None:
            self.seed = base
        return self.observations, self.masks, self.players

    def sample_legal(self, seed: int | np.random.Generator | None = None) -> np.ndarray:
        """A uniformly random legal action of every game (``int64[n]``), drawn in Rust from
        :attr:`masks`, with the batch's own generator (seeded from the constructor's
        ``seed``), which ``seed`` restarts first: an int seeds it, a numpy ``Generator``
        draws its seed. The same seed (or generator state) and games give the same actions;
        a random-play loop is ``env.step(env.sample_legal())``."""
        out = np.empty(self.num_envs, np.int64)
        self._native.sample_legal(out, _sampling_seed(seed))
        return out

    def step(
        self, actions: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Plays ``actions[i]`` (an action id, legal in game ``i``) in every game:
        ``(observations, masks, players, rewards, dones)``. An illegal action raises
        ``ValueError`` and changes nothing; actions that are not integers, or not of shape
        ``(n,)``, raise ``TypeError`` or ``ValueError``."""
        self._core.step(_check_actions(actions, self.num_envs))
        return self.observations, self.masks, self.players, self.rewards, self.dones

    def notation(self, i: int) -> str:
        """The state notation of game ``i``."""
        return self._native.notation(i)

    def close(self) -> None:
        """Frees the native batch and the arrays; later calls raise ``RuntimeError``."""
        self._native = self._core = _Closed()  # type: ignore[assignment]
        empty = np.zeros(0, np.float32)
        self.observations = self.masks = self.players = self.rewards = self.dones = self.seats = empty

    def __getstate__(self) -> dict:
        return {
            "game": self.game,
            "num_envs": self.num_envs,
            "seed": self.seed,
            "options": self._options,
            "snapshot": self._native.snapshot(),
            "sampler": self._native.sampler_state(),
            "rewards": self.rewards.copy(),
            "dones": self.dones.copy(),
        }

    def __setstate__(self, state: dict) -> None:
        known = {"game", "num_envs", "seed", "options", "snapshot", "sampler", "rewards", "dones"}
        _refuse_unknown_keys(state, known, "VectorEnv")
        self.game = state["game"]
        self.num_envs = state["num_envs"]
        self.seed = state["seed"]
        self._options = state.get("options") or dict(opponent=None, seat=0, opponent_seed=0, num_threads=1)
        self._start(self.seed)
        if state["snapshot"] is not None:
            self._native.restore(_saved_games(state["snapshot"]))
        if "sampler" in state:  # pickled before sample_legal existed: the sampler starts afresh
            self._native.set_sampler_state(*state["sampler"])
        self.rewards[:] = state["rewards"]
        self.dones[:] = state["dones"]


def _saved_games(snapshot: list[tuple]) -> list[tuple]:
    """A snapshot of the native batch in this version's form: a game saved by an earlier
    version (notation, seed, words) waits at the agent's decision, which it has reached."""
    return [tuple(game) if len(game) == 5 else (*game, -1, False) for game in snapshot]
