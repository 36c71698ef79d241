//! Ataxx benchmarks: move generation and counting over a fixed set of positions, make-move,
//! perft 5 from the start position and seeded random playouts.
#![allow(missing_docs)]

use std::hint::black_box;

use ataxx::perft::{perft, perft_parallel};
use ataxx::{Ataxx, MAX_MOVES, Move};
use boardgame_core::driver::{UniformRandom, playout, rng_from_seed};
use boardgame_core::{Game, MoveList};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

/// The fixed benchmark positions: the start, a mid-game position (24 seeded random plies
/// from the start), the dense capacity position and two blocker layouts.
fn positions() -> Vec<(&'static str, Ataxx)> {
    let start = Ataxx::default();
    let mid = playout(start.clone(), &mut UniformRandom, &mut rng_from_seed(7), 24).state;
    assert!(!mid.is_terminal(), "the mid-game position is live: {mid}");
    let parse = |fen: &str| fen.parse::<Ataxx>().expect("valid FEN");
    vec![
        ("start", start),
        ("midgame", mid),
        (
            "dense",
            parse("o1xx2x/2xx2x/2xx2x/x1xx2x/2xx2x/2xx2x/x1xx2x x 0 1"),
        ),
        ("blockers", parse("x5o/7/2-1-2/3-3/2-1-2/7/o5x x 0 1")),
        ("blockers_mid", {
            let b = parse("x5o/7/3-3/2-1-2/3-3/7/o5x x 0 1");
            playout(b, &mut UniformRandom, &mut rng_from_seed(11), 20).state
        }),
    ]
}

fn movegen(c: &mut Criterion) {
    let mut group = c.benchmark_group("ataxx_movegen");
    for (name, pos) in positions() {
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
    let mut group = c.benchmark_group("ataxx_make_move");
    for (name, pos) in positions() {
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
                        acc ^= child.zobrist();
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
    assert_eq!(perft(&start, 5), 4_752_668);
    assert_eq!(boardgame_core::perft::perft(&start, 4), 155_888);
    let mut group = c.benchmark_group("ataxx_perft");
    group.sample_size(20);
    group.throughput(Throughput::Elements(4_752_668));
    group.bench_function("perft5_start", |b| b.iter(|| perft(black_box(&start), 5)));
    // Threads pay off on bigger trees: perft 6 on one and on two threads.
    assert_eq!(perft_parallel(&start, 6, 2), 141_865_520);
    group.throughput(Throughput::Elements(141_865_520));
    group.bench_function("perft6_start", |b| b.iter(|| perft(black_box(&start), 6)));
    group.bench_function("perft6_start_2_threads", |b| {
        b.iter(|| perft_parallel(black_box(&start), 6, 2))
    });
    group.throughput(Throughput::Elements(155_888));
    group.bench_function("generic_core_perft4_start", |b| {
        b.iter(|| boardgame_core::perft::perft(black_box(&start), 4))
    });
    group.finish();
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("ataxx_playout");
    for (name, fen) in [
        ("start", "x5o/7/7/7/7/7/o5x x 0 1"),
        ("blockers", "x5o/7/2-1-2/3-3/2-1-2/7/o5x x 0 1"),
    ] {
        let start: Ataxx = fen.parse().expect("valid FEN");
        group.throughput(Throughput::Elements(1));
        group.bench_function(BenchmarkId::new("seeded_uniform", name), |b| {
            let mut seed = 0;
            b.iter(|| {
                seed += 1;
                let game = playout(
                    start.clone(),
                    &mut UniformRandom,
                    &mut rng_from_seed(seed),
                    10_000,
                );
                black_box(game.plies)
            });
        });
    }
    group.finish();
}

criterion_group!(benches, movegen, make_move, perft_bench, playouts);
criterion_main!(benches);
