//! Parchís: seeded uniform-random four-player playouts, reported per roll (die throw).
//!
//! `cargo bench -p boardgame-benches --bench parchis`. Criterion's throughput is in rolls,
//! so the time per roll is the inverse of the reported elements per second.
#![allow(missing_docs)]

use std::hint::black_box;

use boardgame_core::dist::D6;
use boardgame_core::driver::{below, rng_from_seed, sample};
use boardgame_core::{Game, MoveList, Turn};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use parchis::{Config, Move, Parchis};

const SEEDS: u64 = 32;

/// One uniform-random game from `start`: (rolls, moves).
fn playout(start: &Parchis, seed: u64) -> (u64, u64) {
    let mut state = start.clone();
    let mut rng = rng_from_seed(seed);
    let mut moves: MoveList<Move, { Parchis::MAX_MOVES }> = MoveList::new();
    let (mut rolls, mut plies) = (0, 0);
    loop {
        match state.turn() {
            Turn::Terminal => break,
            Turn::Chance => {
                state.apply_chance_unchecked(sample(&D6, &mut rng));
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
                plies += 1;
            }
        }
    }
    black_box(&state);
    (rolls, plies)
}

fn playouts(c: &mut Criterion) {
    for (name, config) in [("seed", Config::seed(4)), ("spanish", Config::spanish(4))] {
        let start = Parchis::new(config).expect("playable");
        let (rolls, _) = boardgame_benches::total_events(0..SEEDS, |seed| playout(&start, seed));
        let mut group = c.benchmark_group(format!("parchis/playout_4p_{name}"));
        group.throughput(Throughput::Elements(rolls));
        group.bench_function(format!("{SEEDS}_games"), |b| {
            b.iter(|| {
                let mut total = 0;
                for seed in 0..SEEDS {
                    total += playout(black_box(&start), seed).0;
                }
                total
            });
        });
        group.finish();
    }
}

fn move_generation(c: &mut Criterion) {
    let config = Config::seed(4);
    let state = Parchis::from_notation(
        "n,12,12,66/n,n,n,10/n,16,20,30/n,n,40,63 mY4 s0 l- f- e- n40",
        &config,
    )
    .expect("valid position");
    c.bench_function("parchis/legal_moves_midgame", |b| {
        let mut moves: MoveList<Move, { Parchis::MAX_MOVES }> = MoveList::new();
        b.iter(|| {
            moves.clear();
            black_box(&state).legal_moves(&mut moves);
            moves.len()
        });
    });
}

criterion_group!(benches, playouts, move_generation);
criterion_main!(benches);
