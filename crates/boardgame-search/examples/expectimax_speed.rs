//! Expectimax at depths 1–3 on the dice games: nodes, time and nodes per second per move,
//! and what Star1/Star2 pruning saves against plain expectiminimax on the same positions in
//! the same run (two seats; with three or four seats the search is max^n, unpruned).
//!
//! ```text
//! cargo run --release -p boardgame-search --example expectimax_speed -- [POSITIONS [MAX_DEPTH [SEED]]]
//! ```
//!
//! The positions are decision nodes with a choice, taken from games of `greedy` against
//! itself (seeded): every fifth such node of each game until `POSITIONS` (default 40) are
//! collected. Every pruned search is checked against the plain one: the same value (within
//! 10⁻⁹) and the same move (the first best in move order); a difference is printed as a
//! `MISMATCH` line with the position.

use std::env;
use std::time::Instant;

use boardgame_core::driver::{game_seed, rng_from_seed, sample};
use boardgame_core::{Configure, Turn};
use boardgame_search::bots::{BotGame, greedy};
use boardgame_search::expectimax::{Expectimax, ExpectimaxLimits, Pruning};

/// Decision nodes with a choice from greedy self-play.
fn positions<G: BotGame>(config: &G::Config, count: usize, seed: u64) -> Vec<G> {
    let mut found = Vec::new();
    let mut game = 0;
    while found.len() < count {
        let mut rng = rng_from_seed(game_seed(seed, game));
        let mut state = G::new(config.clone()).expect("a playable configuration");
        let mut seen = 0u32;
        let mut plies = 0;
        while found.len() < count && plies < 2_000 {
            match state.turn() {
                Turn::Terminal => break,
                Turn::Chance => {
                    let dist = state.chance_outcomes().expect("outcomes");
                    let outcome = sample(&dist, &mut rng);
                    state.apply_chance_unchecked(outcome);
                }
                Turn::Player(_) => {
                    let legal = state.legal_moves_vec();
                    if legal.len() > 1 {
                        seen += 1;
                        if seen.is_multiple_of(5) {
                            found.push(state.clone());
                        }
                    }
                    let mv = greedy(&state, &legal, &mut rng);
                    state.play_unchecked(mv);
                    plies += 1;
                }
            }
        }
        game += 1;
    }
    found
}

/// One row: the totals over the positions of one depth and pruning.
struct Row {
    nodes: u64,
    seconds: f64,
    slowest: f64,
    results: Vec<(String, f64)>,
}

fn measure<G: BotGame>(states: &[G], depth: u32, pruning: Pruning) -> Row {
    let mut row = Row {
        nodes: 0,
        seconds: 0.0,
        slowest: 0.0,
        results: Vec::new(),
    };
    for state in states {
        let mut search = Expectimax::new(G::Eval::default()).pruning(pruning);
        let start = Instant::now();
        let report = search.search(state, &ExpectimaxLimits::depth(depth));
        let seconds = start.elapsed().as_secs_f64();
        row.nodes += report.nodes;
        row.seconds += seconds;
        row.slowest = row.slowest.max(seconds);
        row.results.push((report.best.to_string(), report.value));
    }
    row
}

fn run<G>(name: &str, players: usize, count: usize, max_depth: u32, seed: u64)
where
    G: BotGame,
    G::Config: Configure,
{
    let mut config = G::Config::default();
    config
        .set("players", &players.to_string())
        .expect("a players setting");
    let states = positions::<G>(&config, count, seed);
    // Build any table the evaluator computes once per process (Thax's) before timing.
    measure(&states[..1], 1, Pruning::None);
    let prunings: &[Pruning] = if players == 2 {
        &[Pruning::None, Pruning::Star1, Pruning::Star2]
    } else {
        &[Pruning::None]
    };
    for depth in 1..=max_depth {
        let mut plain: Option<Row> = None;
        for &pruning in prunings {
            let row = measure(&states, depth, pruning);
            let n = states.len() as f64;
            let (ratio_nodes, ratio_time) = match &plain {
                Some(base) => {
                    for (i, (a, b)) in base.results.iter().zip(&row.results).enumerate() {
                        if (a.1 - b.1).abs() >= 1e-9 || a.0 != b.0 {
                            println!(
                                "MISMATCH {name} position {i} depth {depth} {pruning:?}: \
                                 plain {a:?}, pruned {b:?}\n  {}",
                                states[i]
                            );
                        }
                    }
                    (
                        row.nodes as f64 / base.nodes as f64,
                        row.seconds / base.seconds,
                    )
                }
                None => (1.0, 1.0),
            };
            let label = if players == 2 {
                format!("{pruning:?}")
            } else {
                "max^n".to_string()
            };
            println!(
                "{name:<12} {players}p  depth {depth}  {label:<6}  positions {:>3}  nodes/move {:>11.0}  \
                 ms/move {:>9.2}  slowest ms {:>9.1}  nodes/s {:>10.0}  vs plain: nodes {:.3} time {:.3}",
                states.len(),
                row.nodes as f64 / n,
                1000.0 * row.seconds / n,
                1000.0 * row.slowest,
                row.nodes as f64 / row.seconds.max(1e-9),
                ratio_nodes,
                ratio_time,
            );
            if plain.is_none() {
                plain = Some(row);
            }
        }
    }
}

fn main() {
    let args: Vec<String> = env::args().skip(1).collect();
    let number = |i: usize, default: u64| -> u64 {
        args.get(i)
            .map_or(default, |s| s.parse().expect("a number"))
    };
    let count = number(0, 40) as usize;
    let max_depth = number(1, 3) as u32;
    let seed = number(2, 1);
    run::<thax::Thax>("thax", 2, count, max_depth, seed);
    run::<parchis::Parchis>("parchis", 2, count, max_depth, seed);
    run::<co_ca_ngua::CoCaNgua>("co-ca-ngua", 2, count, max_depth, seed);
    run::<parchis::Parchis>("parchis", 4, count, max_depth, seed);
    run::<co_ca_ngua::CoCaNgua>("co-ca-ngua", 4, count, max_depth, seed);
}
