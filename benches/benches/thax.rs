//! Thax benchmarks: seeded uniform-random playouts (the hot path of MCTS and statistics).
//!
//! Throughput is reported in rolls (throws of the dice, roll-off included), so criterion's
//! "elem/s" is rolls per second: ns per roll = 1e9 / that.
//!
//! ```text
//! cargo bench -p boardgame-benches --bench thax
//! ```

use std::hint::black_box;

use boardgame_core::driver::{UniformRandom, below, playout, rng_from_seed};
use boardgame_core::{Configure, DicePair, Game};
use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use thax::{Thax, ThaxConfig, ThaxMoveList};

const GAMES: u64 = 100;

/// One batch: `GAMES` seeded games with the allocation-free `Thax::play_out`. Returns the rolls.
fn fast_batch(config: ThaxConfig) -> u64 {
    let mut rolls = 0;
    for seed in 0..GAMES {
        let mut rng = rng_from_seed(seed);
        let mut state = Thax::new(config).unwrap();
        black_box(state.play_out(|n| below(&mut rng, u64::from(n)) as u32));
        rolls += u64::from(state.rolls());
    }
    rolls
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("thax");
    for name in ["classic", "thax-out-limited", "with-sums"] {
        let config = ThaxConfig::preset(name).unwrap();
        group.throughput(Throughput::Elements(fast_batch(config)));
        group.bench_function(format!("play_out_{name}_100_games"), |b| {
            b.iter(|| fast_batch(black_box(config)));
        });
    }

    // The generic path: core's seeded driver, which also records every event.
    let config = ThaxConfig::default();
    let rolls: u64 = (0..GAMES)
        .map(|seed| {
            playout(
                Thax::new(config).unwrap(),
                &mut UniformRandom,
                &mut rng_from_seed(seed),
                u64::MAX,
            )
            .rolls
        })
        .sum();
    group.throughput(Throughput::Elements(rolls));
    group.bench_function("driver_playout_classic_100_games", |b| {
        b.iter(|| {
            for seed in 0..GAMES {
                let game = playout(
                    Thax::new(config).unwrap(),
                    &mut UniformRandom,
                    &mut rng_from_seed(seed),
                    u64::MAX,
                );
                black_box(game.rolls);
            }
        });
    });
    group.finish();
}

fn move_generation(c: &mut Criterion) {
    // Every roll in a mid-game position, into a reused move list.
    let state: Thax = "21302/11021 r0 0 20".parse().unwrap();
    let rolled: Vec<Thax> = boardgame_core::dist::TWO_D6
        .iter()
        .map(|(dice, _)| {
            let mut s = state.clone();
            s.apply_chance(dice).unwrap();
            s
        })
        .collect();
    let mut group = c.benchmark_group("thax");
    group.throughput(Throughput::Elements(rolled.len() as u64));
    group.bench_function("legal_moves_all_21_rolls", |b| {
        let mut moves = ThaxMoveList::new();
        b.iter(|| {
            let mut total = 0;
            for s in &rolled {
                moves.clear();
                s.legal_moves(&mut moves);
                total += moves.len();
            }
            black_box(total)
        });
    });
    group.bench_function("apply_chance_and_play_first_move", |b| {
        b.iter_batched(
            || state.clone(),
            |mut s| {
                let mut moves = ThaxMoveList::new();
                s.apply_chance_unchecked(black_box(DicePair::of(2, 3)));
                s.legal_moves(&mut moves);
                s.play_unchecked(moves[0]);
                s
            },
            BatchSize::SmallInput,
        );
    });
    group.finish();
}

criterion_group!(benches, playouts, move_generation);
criterion_main!(benches);
