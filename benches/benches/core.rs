//! Benchmarks of the core driver on the toy dice game: the overhead every game's seeded
//! playouts pay (sampling, policy, record keeping).
#![allow(missing_docs)]

use std::hint::black_box;

use boardgame_core::Game;
use boardgame_core::driver::{UniformRandom, below, playout, rng_from_seed};
use boardgame_core::toy::{Race, RaceConfig};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn driver(c: &mut Criterion) {
    let mut group = c.benchmark_group("core");
    group.throughput(Throughput::Elements(1000));
    group.bench_function("below_1000_draws", |b| {
        let mut rng = rng_from_seed(1);
        b.iter(|| {
            (0..1000)
                .map(|_| below(&mut rng, black_box(36)))
                .sum::<u64>()
        });
    });
    let start = Race::new(RaceConfig {
        seats: 4,
        length: 20,
    })
    .unwrap();
    group.throughput(Throughput::Elements(1));
    group.bench_function("race_4p_playout", |b| {
        let mut seed = 0;
        b.iter(|| {
            seed += 1;
            let game = playout(
                start.clone(),
                &mut UniformRandom,
                &mut rng_from_seed(seed),
                100_000,
            );
            black_box(game.rolls)
        });
    });
    group.finish();
}

criterion_group!(benches, driver);
criterion_main!(benches);
