//! The fast uniform-random playouts (`play_out_uniform`, and core's driver with
//! `UniformRandom`, which finds its move through `Game::pick_move` without a list) and
//! `nth_move`, against the plain path: a uniform draw from the full move list.

use ataxx::Ataxx;
use boardgame_core::Game;
use boardgame_core::driver::{
    ChaCha8Rng, UniformFromList, UniformRandom, below, play_out, rng_from_seed,
};

fn starts() -> Vec<Ataxx> {
    [
        "x5o/7/7/7/7/7/o5x x 0 1",
        "x5o/7/2-1-2/3-3/2-1-2/7/o5x x 0 1",
        "x5o/7/7/-------/7/7/o5x o 0 1",
        "7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1",
        "x-1-1-o/-1-1-1-/1-1-1-1/-1-1-1-/1-1-1-1/-1-1-1-/o-1-1-x x 0 1",
    ]
    .iter()
    .map(|fen| fen.parse().unwrap())
    .collect()
}

#[test]
fn fast_uniform_playouts_play_the_listed_game_for_every_seed() {
    for start in starts() {
        for seed in 0..150 {
            for max_plies in [0, 1, 9, 10_000] {
                let mut listed = start.clone();
                let mut listed_rng = rng_from_seed(seed);
                let finish = play_out(
                    &mut listed,
                    &mut UniformFromList,
                    &mut listed_rng,
                    max_plies,
                );

                let mut driver = start.clone();
                let mut driver_rng = rng_from_seed(seed);
                let driver_finish =
                    play_out(&mut driver, &mut UniformRandom, &mut driver_rng, max_plies);
                assert_eq!(driver, listed, "driver, seed {seed} from {start}");
                assert_eq!(driver_finish, finish, "driver, seed {seed} from {start}");

                let mut fast = start.clone();
                let mut fast_rng = rng_from_seed(seed);
                let plies = fast.play_out_uniform(max_plies, |n| below(&mut fast_rng, n));
                assert_eq!(fast, listed, "play_out_uniform, seed {seed} from {start}");
                assert_eq!(
                    plies, finish.plies,
                    "play_out_uniform, seed {seed} from {start}"
                );

                // All three drew the same words: their next draws agree.
                let next = |rng: &mut ChaCha8Rng| below(rng, 1 << 40);
                let expected = next(&mut listed_rng);
                assert_eq!(next(&mut driver_rng), expected);
                assert_eq!(next(&mut fast_rng), expected);
            }
        }
    }
}

#[test]
fn nth_move_is_the_kth_entry_of_the_move_list_in_every_position_of_random_games() {
    let mut checked = 0;
    for start in starts() {
        for seed in 0..40 {
            let mut pos = start.clone();
            let mut rng = rng_from_seed(seed);
            while !pos.is_terminal() {
                let moves = pos.legal_moves_vec();
                for (k, &mv) in moves.iter().enumerate() {
                    assert_eq!(pos.nth_move(k), Some(mv), "move {k} in {pos}");
                }
                assert_eq!(pos.nth_move(moves.len()), None, "{pos}");
                checked += 1;
                pos.play_unchecked(moves[below(&mut rng, moves.len() as u64) as usize]);
            }
            assert_eq!(pos.nth_move(0), None, "finished game {pos}");
        }
    }
    assert!(checked > 10_000, "{checked}");
}
