//! Cờ cá ngựa: seeded uniform-random 4-player playouts (the hot path of MCTS rollouts).
//!
//! `cargo bench -p boardgame-benches --bench co_ca_ngua`. The throughput is reported in
//! rolls (chance outcomes), so criterion's "elem/s" is rolls per second; the target is
//! at most 100 ns per roll.

#![allow(missing_docs)]

use std::hint::black_box;

use boardgame_core::driver::{below, rng_from_seed, sample};
use boardgame_core::{Game, MoveList, Turn};
use co_ca_ngua::{CoCaNgua, Config, Move};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// Plays one uniform-random game to the end; returns the number of rolls.
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
                let die = sample(&dist, &mut rng);
                state.apply_chance_unchecked(die);
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

fn playouts(c: &mut Criterion) {
    const GAMES: u64 = 100;
    let mut group = c.benchmark_group("co_ca_ngua");
    for players in [4u8, 2] {
        let start = CoCaNgua::new(Config::with_players(players)).expect("default rules");
        let rolls: u64 = (0..GAMES).map(|seed| playout(&start, seed)).sum();
        group.throughput(Throughput::Elements(rolls));
        group.bench_function(format!("random_playouts_{players}p_x{GAMES}"), |b| {
            b.iter(|| {
                (0..GAMES)
                    .map(|seed| playout(black_box(&start), seed))
                    .sum::<u64>()
            });
        });
    }
    let mid = CoCaNgua::from_notation("3,40/0,56/5,48/1,62 m06 t1.0 n40", &Config::with_players(4))
        .expect("valid");
    group.throughput(Throughput::Elements(1));
    group.bench_function("legal_moves", |b| {
        let mut moves = MoveList::<Move, { CoCaNgua::MAX_MOVES }>::new();
        b.iter(|| {
            moves.clear();
            black_box(&mid).legal_moves(&mut moves);
            moves.len()
        });
    });
    group.finish();
}

criterion_group!(benches, playouts);
criterion_main!(benches);
