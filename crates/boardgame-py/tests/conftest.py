"""Shared helpers: the configurations every test walks through, and seeded random play."""

from __future__ import annotations

import random

import pytest

import boardgame

#: (game, players, preset, settings): every game, the seat counts, and the presets and
#: switches that change the action or chance space.
CONFIGS = [
    ("ataxx", None, None, {}),
    ("thax", None, None, {}),
    ("thax", None, "thax-out", {}),
    ("thax", None, "with-sums", {}),
    ("thax", None, "n-of-n", {}),
    ("parchis", 2, None, {}),
    ("parchis", 4, "spanish", {}),
    ("parchis", 3, "glparchis", {}),
    ("co-ca-ngua", 2, None, {}),
    ("co-ca-ngua", 4, "traditional", {}),
    ("co-ca-ngua", 3, None, {"dice": 2}),
    ("co-ca-ngua", 4, None, {"arrival": "choose"}),
]


def config_id(config) -> str:
    name, players, preset, settings = config
    parts = [name, f"p{players}" if players else "", preset or ""]
    parts += [f"{k}={v}" for k, v in settings.items()]
    return "-".join(p for p in parts if p)


@pytest.fixture(params=CONFIGS, ids=config_id)
def game(request) -> boardgame.Game:
    name, players, preset, settings = request.param
    return boardgame.new_game(name, players=players, preset=preset, settings=settings)


def chance_pick(state: boardgame.State, rng: random.Random) -> int:
    """A chance outcome drawn with its exact integer weight."""
    outcomes, total = state.chance_weights()
    pick = rng.randrange(total)
    for action, weight in outcomes:
        if pick < weight:
            return action
        pick -= weight
    raise AssertionError("weights do not add up to the total")


def random_step(state: boardgame.State, rng: random.Random) -> int:
    """Applies a random legal event (chance with its weight) and returns its id."""
    if state.is_chance_node():
        action = chance_pick(state, rng)
    else:
        action = rng.choice(state.legal_actions())
    state.apply_action(action)
    return action


def random_states(game: boardgame.Game, games: int, seed: int, max_events: int = 3000):
    """Every state of `games` seeded random games (each cut at `max_events` events)."""
    rng = random.Random(seed)
    for _ in range(games):
        state = game.new_initial_state()
        for _ in range(max_events):
            yield state
            if state.is_terminal():
                break
            random_step(state, rng)
