//! The fast uniform-random playout and `nth_move` against the plain path: core's driver
//! with `UniformRandom` over the full move list.

use ataxx::Ataxx;
use boardgame_core::Game;
use boardgame_core::driver::{UniformRandom, below, play_out, rng_from_seed};

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
fn fast_uniform_playout_plays_the_drivers_game_for_every_seed() {
    for start in starts() {
        for seed in 0..150 {
            for max_plies in [0, 1, 9, 10_000] {
                let mut plain = start.clone();
                let finish = play_out(
                    &mut plain,
                    &mut UniformRandom,
                    &mut rng_from_seed(seed),
                    max_plies,
                );
                let mut fast = start.clone();
                let mut rng = rng_from_seed(seed);
                let plies = fast.play_out_uniform(max_plies, |n| below(&mut rng, n));
                assert_eq!(fast, plain, "seed {seed} from {start}");
                assert_eq!(plies, finish.plies, "seed {seed} from {start}");
                // Both generators drew the same words: their next draws agree.
                let mut rest = rng_from_seed(seed);
                play_out(&mut start.clone(), &mut UniformRandom, &mut rest, max_plies);
                assert_eq!(below(&mut rng, 1 << 40), below(&mut rest, 1 << 40));
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
