//! Seeded uniform-random playouts from one start position, exactly as the criterion bench
//! `co_ca_ngua` plays them (a clone of the start, a `MoveList`, core's `sample` and `below`,
//! no record), for timing with `perf stat` or counting instructions with callgrind.
//!
//! `cargo run --release -p boardgame-co-ca-ngua --example co_ca_ngua_playouts -- <games> <players>`
//! prints the number of rolls. The file uses only the `Game` trait, so it also builds
//! against older versions of the crate, for before/after comparisons.

use boardgame_core::driver::{below, rng_from_seed, sample};
use boardgame_core::{Game, MoveList, Turn};
use co_ca_ngua::{CoCaNgua, Config, Move};

/// Plays one game from `start` with the generator seeded by `seed`; the rolls it took.
fn playout(start: &CoCaNgua, seed: u64) -> u64 {
    let mut state = start.clone();
    let mut rng = rng_from_seed(seed);
    let mut moves = MoveList::<Move, { CoCaNgua::MAX_MOVES }>::new();
    let mut rolls = 0;
    loop {
        match state.turn() {
            Turn::Terminal => return rolls,
            Turn::Chance => {
                let dist = state.chance_outcomes().expect("chance node");
                let roll = sample(&dist, &mut rng);
                state.apply_chance_unchecked(roll);
                rolls += 1;
            }
            Turn::Player(_) => {
                moves.clear();
                state.legal_moves(&mut moves);
                let mv = if moves.len() == 1 {
                    moves[0]
                } else {
                    moves[below(&mut rng, moves.len() as u64) as usize]
                };
                state.play_unchecked(mv);
            }
        }
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args
        .next()
        .map_or(10_000, |a| a.parse().expect("a number of games"));
    let players: u8 = args
        .next()
        .map_or(4, |a| a.parse().expect("a number of players"));
    let start = CoCaNgua::new(Config::with_players(players)).expect("default rules");
    let rolls: u64 = (0..games)
        .map(|seed| playout(std::hint::black_box(&start), seed))
        .sum();
    println!("{rolls}");
}
