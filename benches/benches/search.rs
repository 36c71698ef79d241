//! Search benchmarks: MCTS iterations per second (uniform-random rollouts to the end of the
//! game), expectimax nodes per second in a mid-game position of each game, and alpha-beta
//! nodes per second in Ataxx, the one deterministic two-seat game (criterion's "elem/s" is
//! iterations/s or nodes/s). Ten samples per benchmark: whole searches are slow.
//!
//! ```text
//! cargo bench -p boardgame-benches --bench search
//! ```

use std::hint::black_box;

use boardgame_core::driver::{below, rng_from_seed, sample};
use boardgame_core::{Game, Turn};
use boardgame_search::Evaluator;
use boardgame_search::alphabeta::{AlphaBeta, Limits};
use boardgame_search::eval::ataxx::AtaxxEvaluator;
use boardgame_search::eval::{CoCaNguaEvaluator, ParchisEvaluator, ThaxEvaluator};
use boardgame_search::expectimax::{Expectimax, ExpectimaxLimits};
use boardgame_search::mcts::{Budget, Mcts};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const ITERATIONS: u64 = 200;

/// The decision node after `plies` seeded uniform-random moves from the start.
fn position<G: Game>(plies: u64) -> G {
    let mut rng = rng_from_seed(7);
    let mut state = G::new(G::Config::default()).expect("default configuration");
    let mut played = 0;
    loop {
        match state.turn() {
            Turn::Terminal => panic!("the game ended before ply {plies}"),
            Turn::Chance => {
                let outcome = sample(&state.chance_outcomes().unwrap(), &mut rng);
                state.apply_chance_unchecked(outcome);
            }
            Turn::Player(_) => {
                let moves = state.legal_moves_vec();
                if played >= plies && moves.len() > 1 {
                    return state;
                }
                let mv = moves[below(&mut rng, moves.len() as u64) as usize];
                state.play_unchecked(mv);
                played += 1;
            }
        }
    }
}

fn mcts_game<G: Game>(c: &mut Criterion, plies: u64) {
    let state = position::<G>(plies);
    let mut group = c.benchmark_group("mcts");
    group.sample_size(10);
    group.throughput(Throughput::Elements(ITERATIONS));
    group.bench_function(format!("{}_{ITERATIONS}_iterations", G::NAME), |b| {
        b.iter(|| {
            let mut mcts = Mcts::<G>::new(1);
            black_box(mcts.search(black_box(&state), Budget::Iterations(ITERATIONS)))
        });
    });
    group.finish();
}

fn expectimax_game<G: Game, E: Evaluator<G> + Copy>(
    c: &mut Criterion,
    evaluator: E,
    plies: u64,
    depth: u32,
) {
    let state = position::<G>(plies);
    let limits = ExpectimaxLimits::depth(depth);
    let nodes = Expectimax::new(evaluator).search(&state, &limits).nodes;
    let mut group = c.benchmark_group("expectimax");
    group.sample_size(10);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function(format!("{}_depth_{depth}_{nodes}_nodes", G::NAME), |b| {
        b.iter(|| black_box(Expectimax::new(evaluator).search(black_box(&state), &limits)));
    });
    group.finish();
}

fn mcts(c: &mut Criterion) {
    mcts_game::<ataxx::Ataxx>(c, 10);
    mcts_game::<thax::Thax>(c, 10);
    mcts_game::<parchis::Parchis>(c, 40);
    mcts_game::<co_ca_ngua::CoCaNgua>(c, 40);
}

fn expectimax(c: &mut Criterion) {
    expectimax_game::<thax::Thax, _>(c, ThaxEvaluator, 10, 2);
    expectimax_game::<parchis::Parchis, _>(c, ParchisEvaluator, 40, 2);
    expectimax_game::<co_ca_ngua::CoCaNgua, _>(c, CoCaNguaEvaluator, 40, 2);
}

/// Alpha-beta to a fixed depth from a fresh table each time (so every sample does the same work).
fn alphabeta(c: &mut Criterion) {
    let state = position::<ataxx::Ataxx>(10);
    let limits = Limits {
        depth: Some(5),
        ..Limits::default()
    };
    let nodes = AlphaBeta::new(AtaxxEvaluator::default(), 16)
        .search(&state, &limits)
        .nodes;
    let mut group = c.benchmark_group("alphabeta");
    group.sample_size(10);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function(format!("ataxx_depth_5_{nodes}_nodes"), |b| {
        b.iter(|| {
            let mut search = AlphaBeta::new(AtaxxEvaluator::default(), 16);
            black_box(search.search(black_box(&state), &limits))
        });
    });
    group.finish();
}

criterion_group!(benches, mcts, expectimax, alphabeta);
criterion_main!(benches);
