"""``rgb_array`` pictures drawn in Rust (issue 46, item 4): the tests look at the pixels."""

from __future__ import annotations

import random

import numpy as np
import pytest

import boardgame
from boardgame.gymnasium import BoardgameEnv, BoardgameVectorEnv
from conftest import CONFIGS, config_id, random_step

RED, BLUE, YELLOW, GREEN = (200, 40, 40), (40, 90, 200), (230, 180, 20), (40, 150, 60)
INK, SQUARE = (40, 40, 40), (215, 200, 165)


def count(picture: np.ndarray, colour) -> int:
    return int((picture == np.array(colour, np.uint8)).all(axis=2).sum())


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_every_game_draws_an_rgb_picture_that_changes_with_the_state(config):
    name, players, preset, settings = config
    state = boardgame.new_game(name, players=players, preset=preset, settings=settings).new_initial_state()
    first = state.render_rgb()
    assert first.dtype == np.uint8 and first.ndim == 3 and first.shape[2] == 3
    assert 200 <= first.shape[0] <= 400 and 200 <= first.shape[1] <= 400
    rng = random.Random(1)
    pictures = {first.tobytes()}
    for _ in range(60):
        if state.is_terminal():
            break
        random_step(state, rng)
        picture = state.render_rgb()
        assert picture.shape == first.shape
        pictures.add(picture.tobytes())
    assert len(pictures) > 3, "the picture follows the game"


def ataxx_cell_centre(file: int, rank: int) -> tuple[int, int]:
    """Pixel (row, column) of a square's centre: 32-pixel squares, a 16-pixel margin, rank 1
    at the bottom."""
    return 16 + (6 - rank) * 32 + 16, 16 + file * 32 + 16


def test_ataxx_shows_each_square_as_the_observation_says():
    game = boardgame.new_game("ataxx")
    state = game.new_initial_state("x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1")
    rng = random.Random(3)
    for _ in range(12):
        random_step(state, rng)
    picture = state.render_rgb()
    assert picture.shape == (256, 256, 3)
    # Planes of the observation (for seat 0, x): x's stones, o's stones, gaps, empty squares.
    planes = np.asarray(state.observation_tensor(0)).reshape(6, 7, 7)
    for index in range(49):
        rank, file = divmod(index, 7)
        row, column = ataxx_cell_centre(file, rank)
        pixel = tuple(int(v) for v in picture[row, column])
        expected = (
            RED if planes[0].flat[index] else BLUE if planes[1].flat[index] else INK if planes[2].flat[index] else SQUARE
        )
        assert pixel == expected, (index, pixel, expected)
    # The bar along the top edge has the colour of the side to move.
    mover = RED if state.current_player() == 0 else BLUE
    assert tuple(int(v) for v in picture[2, 128]) == mover


def test_thax_shows_the_covered_spaces_of_each_side_in_its_colour():
    state = boardgame.new_game("thax").new_initial_state()
    rng = random.Random(5)
    for _ in range(80):
        random_step(state, rng)
    picture = state.render_rgb()
    obs = np.asarray(state.observation_tensor(0))
    covered_0, covered_1 = obs[0:10], obs[20:30]
    for side, covered, colour in [(0, covered_0, RED), (1, covered_1, BLUE)]:
        top = 16 if side == 0 else 16 + 84 + 72
        for n in range(10):
            column = picture[top : top + 84, 16 + n * 28 + 5]
            blocks = int(((column == np.array(colour, np.uint8)).all(axis=1)).sum())
            # Each covered space is one block of its colour (at least 6 pixels high).
            if covered[n] == 0:
                assert blocks == 0, (side, n)
            else:
                assert blocks >= 6 * covered[n], (side, n, blocks, covered[n])


@pytest.mark.parametrize("name,players,colours", [
    ("parchis", 2, {YELLOW, RED}),  # 2 players sit opposite: yellow and red
    ("parchis", 4, {YELLOW, BLUE, RED, GREEN}),
    ("co-ca-ngua", 2, {RED, YELLOW}),
    ("co-ca-ngua", 4, {RED, BLUE, YELLOW, GREEN}),
])
def test_the_race_games_show_the_pieces_of_the_colours_at_the_table_only(name, players, colours):
    state = boardgame.new_game(name, players=players).new_initial_state()
    picture = state.render_rgb()
    for colour in (RED, BLUE, YELLOW, GREEN):
        pixels = count(picture, colour)
        if colour in colours:
            # Four pieces of radius 4 inside a rim, side by side in the nest.
            assert pixels >= 80, (colour, pixels)
        else:
            assert pixels == 0, (colour, pixels)


def test_a_piece_that_leaves_the_nest_is_drawn_on_the_track():
    # Parchís: yellow (colour 0) leaves its nest for track square 5, the fifth of 68 squares
    # of the ring clockwise from the top (radius 118 around the centre of the 320-pixel picture).
    state = boardgame.new_game("parchis", players=4).new_initial_state()
    rng = random.Random(0)
    while state.is_chance_node() or "out" not in [state.action_to_string(a) for a in state.legal_actions()]:
        random_step(state, rng)
        if state.is_terminal():
            pytest.skip("no piece came out")
    out = next(a for a in state.legal_actions() if state.action_to_string(a) == "out")
    before = state.render_rgb()
    # The bar along the top shows the mover's colour.
    colour = tuple(int(v) for v in before[2, 160])
    state.apply_action(out)
    after = state.render_rgb()
    exits = {YELLOW: 5, BLUE: 22, RED: 39, GREEN: 56}
    angle = -np.pi / 2 + 2 * np.pi * (exits[colour] - 1) / 68
    x, y = round(160 + 118 * np.cos(angle)), round(160 + 118 * np.sin(angle))
    patch_after = after[y - 2 : y + 3, x - 2 : x + 3]
    assert (patch_after == np.array(colour, np.uint8)).all(axis=2).sum() >= 20
    patch_before = before[y - 2 : y + 3, x - 2 : x + 3]
    assert (patch_before == np.array(colour, np.uint8)).all(axis=2).sum() < 20


def test_the_gymnasium_environments_render_rgb_arrays():
    env = BoardgameEnv("ataxx", render_mode="rgb_array")
    env.reset(seed=0)
    picture = env.render()
    assert picture.shape == (256, 256, 3) and picture.dtype == np.uint8
    envs = BoardgameVectorEnv("thax", 3, render_mode="rgb_array", opponent="random")
    envs.reset(seed=0)
    pictures = envs.render()
    assert len(pictures) == 3 and all(p.dtype == np.uint8 and p.ndim == 3 for p in pictures)
    state = boardgame.new_game("thax").new_initial_state(envs.notation(1))
    assert np.array_equal(pictures[1], state.render_rgb())
    native = boardgame.VectorEnv("thax", 2)
    native.reset()
    assert np.array_equal(native._native.render_rgb(0), boardgame.new_game("thax").new_initial_state(native.notation(0)).render_rgb())
