//! A/B self-play for the Ataxx engine: two configurations play paired games (each opening
//! twice, colours swapped) at a fixed node budget per move, and the score of A is printed
//! with a 95% Wilson interval and the Elo difference. Also `nodes`: the nodes each search
//! variant needs to reach a fixed depth on a set of positions (a load-independent measure
//! of what move ordering, PVS, the table and aspiration windows save).
//!
//! ```text
//! cargo run --release -p boardgame-search --example ataxx_ab -- games A B PAIRS NODES [SEED [SECONDS]]
//! cargo run --release -p boardgame-search --example ataxx_ab -- nodes DEPTH POSITIONS
//! ```
//! A and B name an evaluation variant: `default`, `material`, `no-mobility`, `no-safe`,
//! `no-parity`, `no-tempo`, `first` (the first, untuned weights), and the others listed in
//! `weights` below.

use std::env;

use ataxx::{Ataxx, Color};
use boardgame_core::driver::{below, game_seed, rng_from_seed};
use boardgame_core::{Game, Turn};
use boardgame_search::alphabeta::{AlphaBeta, Limits, Settings};
use boardgame_search::eval::ataxx::{AtaxxEvaluator, AtaxxWeights};

fn weights(name: &str) -> AtaxxWeights {
    let d = AtaxxWeights::default();
    match name {
        "default" | "lmr" | "lmr8" | "lmr4d4" => d,
        "material" => AtaxxWeights {
            mobility: 0,
            safe: 0,
            parity: 0,
            ..d
        },
        "no-mobility" => AtaxxWeights { mobility: 0, ..d },
        "no-safe" => AtaxxWeights { safe: 0, ..d },
        "no-parity" => AtaxxWeights { parity: 0, ..d },
        "no-tempo" | "tempo0" => AtaxxWeights {
            tempo: 0,
            tempo_full: 0,
            ..d
        },
        "mobility8" => AtaxxWeights { mobility: 8, ..d },
        "stm200-500" => AtaxxWeights {
            tempo: 200,
            tempo_full: 500,
            ..d
        },
        "stm300" => AtaxxWeights {
            tempo: 300,
            tempo_full: 300,
            ..d
        },
        "stm100-300" => AtaxxWeights {
            tempo: 100,
            tempo_full: 300,
            ..d
        },
        "stm100" => AtaxxWeights {
            tempo: 100,
            tempo_full: 100,
            ..d
        },
        "mobility2" => AtaxxWeights { mobility: 2, ..d },
        "safe30" => AtaxxWeights { safe: 30, ..d },
        "safe5" => AtaxxWeights { safe: 5, ..d },
        "parity40" => AtaxxWeights { parity: 40, ..d },
        "tempo60" => AtaxxWeights {
            tempo: 60,
            tempo_full: 60,
            ..d
        },
        "mobility-4" => AtaxxWeights { mobility: -4, ..d },
        "safe45" => AtaxxWeights { safe: 45, ..d },
        "mob0safe30" => AtaxxWeights {
            mobility: 0,
            safe: 30,
            ..d
        },
        "mob0safe45" => AtaxxWeights {
            mobility: 0,
            safe: 45,
            ..d
        },
        // One ply, material only: the CLI's `greedy` bot (ties broken by move order).
        "greedy" => AtaxxWeights {
            mobility: 0,
            safe: 0,
            parity: 0,
            tempo: 0,
            tempo_full: 0,
            ..d
        },
        "first" => AtaxxWeights {
            mobility: 4,
            safe: 15,
            ..d
        },
        "mob2safe30" => AtaxxWeights {
            mobility: 2,
            safe: 30,
            ..d
        },
        "mob-4safe30" => AtaxxWeights {
            mobility: -4,
            safe: 30,
            ..d
        },
        other => panic!("unknown variant {other}"),
    }
}

/// `settings` with one more search switch, named as in the `games` variants.
fn search_feature(settings: Settings, feature: &str) -> Settings {
    match feature {
        "lmr" => Settings {
            late_move_reductions: Some((3, 4)),
            ..settings
        },
        "lmr8" => Settings {
            late_move_reductions: Some((3, 8)),
            ..settings
        },
        "lmr2" => Settings {
            late_move_reductions: Some((3, 4)),
            reduction_plies: 2,
            ..settings
        },
        "lmr2x8" => Settings {
            late_move_reductions: Some((3, 8)),
            reduction_plies: 2,
            ..settings
        },
        "lmr2a2" => Settings {
            late_move_reductions: Some((3, 2)),
            reduction_plies: 2,
            ..settings
        },
        "lmr2d4" => Settings {
            late_move_reductions: Some((4, 4)),
            reduction_plies: 2,
            ..settings
        },
        other => panic!("unknown search feature {other}"),
    }
}

/// An opening: the start position with blockers chosen by `seed` (none, or one of a few
/// symmetric layouts), then two random plies.
fn opening(seed: u64) -> Ataxx {
    const LAYOUTS: [&str; 4] = [
        "x5o/7/7/7/7/7/o5x x 0 1",
        "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1",
        "x5o/7/3-3/2-1-2/3-3/7/o5x x 0 1",
        "x5o/1-3-1/7/7/7/1-3-1/o5x x 0 1",
    ];
    let mut rng = rng_from_seed(seed);
    let mut state: Ataxx = LAYOUTS[below(&mut rng, 4) as usize].parse().expect("valid");
    for _ in 0..2 {
        let moves = state.legal_moves_vec();
        state.play_unchecked(moves[below(&mut rng, moves.len() as u64) as usize]);
    }
    state
}

/// Plays one game; returns A's result (1, ½, 0) as 2, 1, 0.
fn play(
    start: &Ataxx,
    a_is_x: bool,
    a: (AtaxxEvaluator, Limits, Settings),
    b: (AtaxxEvaluator, Limits, Settings),
) -> u32 {
    let mut search_a = AlphaBeta::new(a.0, 4).with_settings(a.2);
    let mut search_b = AlphaBeta::new(b.0, 4).with_settings(b.2);
    let mut state = start.clone();
    while let Turn::Player(seat) = state.turn() {
        let a_to_move = (seat.index() == 0) == a_is_x;
        let report = if a_to_move {
            search_a.search(&state, &a.1)
        } else {
            search_b.search(&state, &b.1)
        };
        state
            .play(report.best)
            .expect("the search plays legal moves");
    }
    let outcome = state.outcome().expect("over");
    let a_color = if a_is_x { Color::X } else { Color::O };
    match outcome.winner() {
        None => 1,
        Some(w) if w == a_color.seat() => 2,
        Some(_) => 0,
    }
}

fn wilson(score: f64, n: f64) -> (f64, f64) {
    let z = 1.96;
    let denom = 1.0 + z * z / n;
    let centre = score + z * z / (2.0 * n);
    let margin = z * (score * (1.0 - score) / n + z * z / (4.0 * n * n)).sqrt();
    ((centre - margin) / denom, (centre + margin) / denom)
}

fn elo(score: f64) -> f64 {
    let s = score.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / s - 1.0).log10()
}

fn games(args: &[String]) {
    let pairs: u64 = args[2].parse().expect("PAIRS");
    let nodes: u64 = args[3].parse().expect("NODES");
    let player = |name: &str| {
        let limits = if name == "greedy" {
            Limits {
                depth: Some(1),
                ..Limits::default()
            }
        } else {
            Limits {
                nodes: Some(nodes),
                ..Limits::default()
            }
        };
        // `WEIGHTS/FEATURE/…`: an evaluation variant, then search switches.
        let mut parts = name.split('/');
        let eval_name = parts.next().expect("a name");
        let mut settings = Settings {
            late_move_reductions: match eval_name {
                "lmr" => Some((3, 4)),
                "lmr8" => Some((3, 8)),
                "lmr4d4" => Some((4, 4)),
                _ => None,
            },
            ..Settings::default()
        };
        for feature in parts {
            settings = search_feature(settings, feature);
        }
        (AtaxxEvaluator::new(weights(eval_name)), limits, settings)
    };
    let (a, b) = (player(&args[0]), player(&args[1]));
    let seed: u64 = args.get(4).map_or(1, |s| s.parse().expect("SEED"));
    let seconds: u64 = args
        .get(5)
        .map_or(u64::MAX, |s| s.parse().expect("SECONDS"));
    let began = std::time::Instant::now();
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    for i in 0..pairs {
        if began.elapsed().as_secs() >= seconds {
            break;
        }
        let start = opening(game_seed(seed, i));
        for a_is_x in [true, false] {
            match play(&start, a_is_x, a.clone(), b.clone()) {
                2 => wins += 1,
                1 => draws += 1,
                _ => losses += 1,
            }
        }
    }
    let n = f64::from(wins + draws + losses);
    let score = (f64::from(wins) + f64::from(draws) / 2.0) / n;
    let (lo, hi) = wilson(score, n);
    println!(
        "{} vs {}: {} games at {nodes} nodes/move: +{wins} ={draws} -{losses} score {:.3} [{:.3}, {:.3}] elo {:+.0} [{:+.0}, {:+.0}]",
        args[0],
        args[1],
        n,
        score,
        lo,
        hi,
        elo(score),
        elo(lo),
        elo(hi)
    );
}

fn nodes(args: &[String]) {
    let depth: u32 = args[0].parse().expect("DEPTH");
    let count: u64 = args[1].parse().expect("POSITIONS");
    let all = Settings::default();
    let variants = [
        ("all", all),
        (
            "no-killers",
            Settings {
                killers: false,
                ..all
            },
        ),
        (
            "no-history",
            Settings {
                history: false,
                ..all
            },
        ),
        ("no-pvs", Settings { pvs: false, ..all }),
        (
            "no-aspiration",
            Settings {
                aspiration: None,
                ..all
            },
        ),
        (
            "aspiration-last-score",
            Settings {
                aspiration_same_parity: false,
                ..all
            },
        ),
        (
            "no-table-cutoffs",
            Settings {
                table_cutoffs: false,
                ..all
            },
        ),
    ];
    for (name, settings) in variants {
        let mut total = 0;
        for i in 0..count {
            let mut state = opening(game_seed(7, i));
            // Into the middle game: 10 more plies of the engine's own play at depth 2.
            let mut mover = AlphaBeta::new(AtaxxEvaluator::default(), 1);
            for _ in 0..10 {
                if state.is_terminal() {
                    break;
                }
                let mv = mover
                    .search(
                        &state,
                        &Limits {
                            depth: Some(2),
                            ..Limits::default()
                        },
                    )
                    .best;
                state.play_unchecked(mv);
            }
            if state.is_terminal() {
                continue;
            }
            let mut search = AlphaBeta::new(AtaxxEvaluator::default(), 16).with_settings(settings);
            total += search
                .search(
                    &state,
                    &Limits {
                        depth: Some(depth),
                        ..Limits::default()
                    },
                )
                .nodes;
        }
        println!("{name:>18}: {total} nodes to depth {depth} over {count} positions");
    }
}

fn main() {
    let args: Vec<String> = env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("games") => games(&args[1..]),
        Some("nodes") => nodes(&args[1..]),
        _ => eprintln!(
            "usage: ataxx_ab games A B PAIRS NODES [SEED [SECONDS]] | nodes DEPTH POSITIONS"
        ),
    }
}
