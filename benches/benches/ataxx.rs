//! Ataxx benchmarks: move generation, counting and make-move over a fixed set of positions,
//! the three perft methods, seeded random playouts (core's driver and the fast path), and a
//! peer: the crates.io `ataxx` 0.2 crate on the same work, for ratios measured in one run.
//!
//! `cargo bench -p boardgame-benches --bench ataxx -- <filter>`; the groups are
//! `ataxx_movegen`, `ataxx_make_move`, `ataxx_perft`, `ataxx_perft_deep` (perft 6 by every
//! method: a few seconds an iteration), `ataxx_playout` and `ataxx_peer`.
#![allow(missing_docs)]

use std::hint::black_box;
use std::str::FromStr;
use std::time::Duration;

use ataxx::perft::{Method, perft_parallel};
use ataxx::{Ataxx, MAX_MOVES, Move};
use ataxx_peer::MoveStore as _;
use boardgame_core::driver::{
    UniformFromList, UniformRandom, below, play_out, playout, rng_from_seed,
};
use boardgame_core::{Game, MoveList};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

const START_FEN: &str = "x5o/7/7/7/7/7/o5x x 0 1";

fn short<'a>(
    c: &'a mut Criterion,
    name: &str,
) -> criterion::BenchmarkGroup<'a, criterion::measurement::WallTime> {
    let mut group = c.benchmark_group(name);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(2));
    group
}

fn movegen(c: &mut Criterion) {
    let mut group = short(c, "ataxx_movegen");
    for (name, pos) in boardgame_benches::ataxx_positions() {
        let n = pos.move_count() as u64;
        group.throughput(Throughput::Elements(n));
        group.bench_with_input(BenchmarkId::new("legal_moves", name), &pos, |b, pos| {
            let mut list = MoveList::<Move, MAX_MOVES>::new();
            b.iter(|| {
                list.clear();
                black_box(pos).legal_moves(&mut list);
                black_box(list.len())
            });
        });
        group.bench_with_input(BenchmarkId::new("batches", name), &pos, |b, pos| {
            b.iter(|| {
                let mut n = 0;
                black_box(pos).generate_batches(|batch| {
                    n += batch.len();
                    false
                });
                black_box(n)
            });
        });
        group.throughput(Throughput::Elements(1));
        group.bench_with_input(BenchmarkId::new("count", name), &pos, |b, pos| {
            b.iter(|| black_box(pos).move_count());
        });
    }
    group.finish();
}

fn make_move(c: &mut Criterion) {
    let mut group = short(c, "ataxx_make_move");
    for (name, pos) in boardgame_benches::ataxx_positions() {
        let moves = pos.legal_moves_vec();
        group.throughput(Throughput::Elements(moves.len() as u64));
        group.bench_with_input(
            BenchmarkId::new("every_legal_move", name),
            &pos,
            |b, pos| {
                b.iter(|| {
                    let mut acc = 0u64;
                    for &mv in &moves {
                        let mut child = pos.clone();
                        child.make_move(black_box(mv));
                        acc ^= child.key();
                    }
                    black_box(acc)
                });
            },
        );
    }
    group.finish();
}

fn perft_bench(c: &mut Criterion) {
    let start = Ataxx::default();
    let mut group = short(c, "ataxx_perft");
    group.sample_size(10);
    group.throughput(Throughput::Elements(4_752_668));
    for method in Method::ALL {
        assert_eq!(method.perft(&start, 5), 4_752_668);
        group.bench_function(BenchmarkId::new("perft5_start", method), |b| {
            b.iter(|| method.perft(black_box(&start), 5))
        });
    }
    group.throughput(Throughput::Elements(155_888));
    group.bench_function("generic_core_perft4_start", |b| {
        b.iter(|| boardgame_core::perft::perft(black_box(&start), 4))
    });
    group.finish();

    let mut group = short(c, "ataxx_perft_deep");
    group.sample_size(10);
    group.throughput(Throughput::Elements(141_865_520));
    for method in Method::ALL {
        group.bench_function(BenchmarkId::new("perft6_start", method), |b| {
            b.iter(|| method.perft(black_box(&start), 6))
        });
    }
    group.bench_function("perft6_start_fast_2_threads", |b| {
        b.iter(|| perft_parallel(black_box(&start), 6, 2))
    });
    group.finish();
}

/// Seeds 0..16 from `start`: the plies they play in all (for a per-ply throughput).
fn plies_of(start: &Ataxx) -> u64 {
    (0..16)
        .map(|seed| {
            let mut pos = start.clone();
            play_out(
                &mut pos,
                &mut UniformRandom,
                &mut rng_from_seed(seed),
                10_000,
            )
            .plies
        })
        .sum()
}

fn playouts(c: &mut Criterion) {
    let mut group = short(c, "ataxx_playout");
    for (name, fen) in [
        ("start", START_FEN),
        ("blockers", "x5o/7/2-1-2/3-3/2-1-2/7/o5x x 0 1"),
    ] {
        let start: Ataxx = fen.parse().expect("valid FEN");
        // Throughput in plies: criterion's elements/s is plies per second.
        group.throughput(Throughput::Elements(plies_of(&start)));
        group.bench_function(BenchmarkId::new("core_driver_16_games", name), |b| {
            b.iter(|| {
                (0..16)
                    .map(|seed| {
                        let mut pos = start.clone();
                        let mut rng = rng_from_seed(seed);
                        play_out(&mut pos, &mut UniformRandom, &mut rng, 10_000).plies
                    })
                    .sum::<u64>()
            });
        });
        group.bench_function(BenchmarkId::new("core_driver_listed_16_games", name), |b| {
            b.iter(|| {
                (0..16)
                    .map(|seed| {
                        let mut pos = start.clone();
                        let mut rng = rng_from_seed(seed);
                        play_out(&mut pos, &mut UniformFromList, &mut rng, 10_000).plies
                    })
                    .sum::<u64>()
            });
        });
        group.bench_function(BenchmarkId::new("play_out_uniform_16_games", name), |b| {
            b.iter(|| {
                (0..16)
                    .map(|seed| {
                        let mut pos = start.clone();
                        let mut rng = rng_from_seed(seed);
                        pos.play_out_uniform(10_000, |n| below(&mut rng, n))
                    })
                    .sum::<u64>()
            });
        });
        group.bench_function(
            BenchmarkId::new("core_driver_recorded_16_games", name),
            |b| {
                b.iter(|| {
                    (0..16)
                        .map(|seed| {
                            playout(
                                start.clone(),
                                &mut UniformRandom,
                                &mut rng_from_seed(seed),
                                10_000,
                            )
                            .plies
                        })
                        .sum::<u64>()
                });
            },
        );
    }
    group.finish();
}

/// The crates.io `ataxx` 0.2 crate (renamed `ataxx_peer`) beside ours on the same work.
fn peer(c: &mut Criterion) {
    let theirs = ataxx_peer::Position::from_str(START_FEN).expect("valid FEN");
    let ours = Ataxx::default();
    assert_eq!(ataxx_peer::perft::<false, true>(theirs, 5), 4_752_668);
    let mut group = short(c, "ataxx_peer");
    group.sample_size(10);
    for depth in [5u8, 6] {
        let nodes = ataxx::perft::perft(&ours, depth.into());
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(BenchmarkId::new("peer_bulk_perft", depth), |b| {
            b.iter(|| ataxx_peer::perft::<false, true>(black_box(theirs), depth))
        });
        group.bench_function(BenchmarkId::new("ours_bulk_perft", depth), |b| {
            b.iter(|| Method::Bulk.perft(black_box(&ours), depth.into()))
        });
        group.bench_function(BenchmarkId::new("ours_fast_perft", depth), |b| {
            b.iter(|| Method::Fast.perft(black_box(&ours), depth.into()))
        });
    }
    // Every leaf built: theirs without hash updates (its perft never updates the hash),
    // ours with the counters and the key (`key()`) kept.
    group.throughput(Throughput::Elements(4_752_668));
    group.bench_function(BenchmarkId::new("peer_make_perft_no_hash", 5), |b| {
        b.iter(|| ataxx_peer::perft::<false, false>(black_box(theirs), 5))
    });
    group.bench_function(BenchmarkId::new("ours_make_perft", 5), |b| {
        b.iter(|| Method::Make.perft(black_box(&ours), 5))
    });
    // Make every legal move of the fixed positions once (theirs with and without its hash).
    for (name, pos) in boardgame_benches::ataxx_positions() {
        let moves = pos.legal_moves_vec();
        let their_pos = ataxx_peer::Position::from_str(&pos.to_string()).expect("same FEN");
        let their_moves = their_pos.generate_moves();
        assert_eq!(their_moves.len(), moves.len(), "{name}");
        group.throughput(Throughput::Elements(moves.len() as u64));
        group.bench_function(BenchmarkId::new("peer_make_every_move_hash", name), |b| {
            b.iter(|| {
                for i in 0..their_moves.len() {
                    black_box(black_box(&their_pos).after_move::<true>(their_moves.at(i)));
                }
            })
        });
        group.bench_function(
            BenchmarkId::new("peer_make_every_move_no_hash", name),
            |b| {
                b.iter(|| {
                    for i in 0..their_moves.len() {
                        black_box(black_box(&their_pos).after_move::<false>(their_moves.at(i)));
                    }
                })
            },
        );
        group.bench_function(BenchmarkId::new("ours_make_every_move", name), |b| {
            b.iter(|| {
                for &mv in &moves {
                    let mut child = black_box(&pos).clone();
                    child.make_move(mv);
                    black_box(&child);
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, movegen, make_move, perft_bench, playouts, peer);
criterion_main!(benches);
