//! A/B self-play for the Ataxx engine: two configurations play paired games (each opening
//! twice, colours swapped) at a fixed node budget per move, and the score of A is printed
//! with a 95% Wilson interval and the Elo difference. Also `nodes`: the nodes each search
//! variant needs to reach a fixed depth on a set of positions (a load-independent measure
//! of what move ordering, PVS, the table and aspiration windows save).
//!
//! ```text
//! cargo run --release -p boardgame-search --example ataxx_ab -- games A B PAIRS NODES [SEED [SECONDS]]
//! cargo run --release -p boardgame-search --example ataxx_ab -- nodes DEPTH POSITIONS
//! cargo run --release -p boardgame-search --example ataxx_ab -- data GAMES NODES SEED >positions.txt
//! cargo run --release -p boardgame-search --example ataxx_ab -- tune positions.txt [STEPS]
//! ```
//! `data` and `tune` are Texel tuning: `data` plays self-play games of the engine (the
//! settings of `boardgame uai`, NODES per move, the openings below plus four random plies)
//! and prints every position from the tenth ply on with the game's result for the side to
//! move (`FEN;1`, `;0.5` or `;0`). `tune` fits the linear weights of the evaluation
//! (`AtaxxEvaluator::terms`) to those results: the scale K of a logistic model
//! `1 / (1 + e^(−K · eval / 100))` first, with today's weights, then every weight but
//! material (which fixes the scale) by gradient descent on the mean squared error.
//! A and B name an evaluation variant: `default`, `material`, `no-mobility`, `no-safe`,
//! `no-parity`, `no-tempo`, `first` (the first, untuned weights), the others listed in
//! `weights` below, or `w=` and the eight linear weights as `tune` prints them; `/lmr2`
//! and the other suffixes of `search_feature` add search switches (`default/lmr2` is
//! `boardgame uai`).

use std::env;
use std::io::Write;

use ataxx::{Ataxx, Color};
use boardgame_core::driver::{below, game_seed, rng_from_seed};
use boardgame_core::{Game, Turn};
use boardgame_search::alphabeta::{AlphaBeta, Limits, Settings};
use boardgame_search::eval::ataxx::{AtaxxEvaluator, AtaxxWeights, LINEAR_WEIGHTS};

fn weights(name: &str) -> AtaxxWeights {
    let d = AtaxxWeights::default();
    // `w=M,MOB,SAFE,EDGE,CORNER,PARITY,TEMPO,TEMPO_FULL`: the linear weights as `tune`
    // prints them.
    if let Some(list) = name.strip_prefix("w=") {
        let values: Vec<i32> = list
            .split(',')
            .map(|v| v.parse().expect("a weight"))
            .collect();
        return d.with_linear(values.try_into().expect("8 weights"));
    }
    match name {
        // The hand-tuned weights before the Texel tuning (docs/strength.md).
        "hand" => d.with_linear([100, 2, 30, 0, 0, 20, 30, 30]),
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

/// The settings of `boardgame uai` (`engine_settings` in the CLI).
fn engine_settings() -> Settings {
    search_feature(Settings::default(), "lmr2")
}

/// `data GAMES NODES SEED`: self-play positions labelled with the game's result.
fn data(args: &[String]) {
    let games: u64 = args[0].parse().expect("GAMES");
    let nodes: u64 = args[1].parse().expect("NODES");
    let seed: u64 = args[2].parse().expect("SEED");
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let out = std::io::stdout();
    let mut out = std::io::BufWriter::new(out.lock());
    let mut positions = 0;
    for i in 0..games {
        let mut rng = rng_from_seed(game_seed(seed ^ 0x7465_7865_6c00, i));
        let mut state = opening(game_seed(seed, i));
        for _ in 0..4 {
            if state.is_terminal() {
                break;
            }
            let moves = state.legal_moves_vec();
            state.play_unchecked(moves[below(&mut rng, moves.len() as u64) as usize]);
        }
        let mut search =
            AlphaBeta::new(AtaxxEvaluator::default(), 4).with_settings(engine_settings());
        let mut seen = Vec::new();
        let mut ply = 6;
        while !state.is_terminal() {
            if ply >= 10 {
                seen.push(state.clone());
            }
            let best = search.search(&state, &limits).best;
            state.play(best).expect("the search plays legal moves");
            ply += 1;
        }
        let winner = state.outcome().expect("over").winner();
        for position in seen {
            let result = match winner {
                None => "0.5",
                Some(w) if w == position.side_to_move().seat() => "1",
                Some(_) => "0",
            };
            writeln!(out, "{position};{result}").expect("stdout");
            positions += 1;
        }
    }
    eprintln!("{games} games, {positions} positions");
}

/// The mean squared error of `1 / (1 + e^(−k · w·t / 100))` against the results.
fn texel_error(samples: &[([f64; LINEAR_WEIGHTS], f64)], w: &[f64; LINEAR_WEIGHTS], k: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|(terms, result)| {
            let eval: f64 = terms.iter().zip(w).map(|(t, w)| t * w).sum();
            let p = 1.0 / (1.0 + (-k * eval / 100.0).exp());
            (p - result) * (p - result)
        })
        .sum();
    total / samples.len() as f64
}

/// `tune FILE [STEPS]`: Texel tuning of the linear weights on `data`'s positions.
fn tune(args: &[String]) {
    // A developer's data file: at most 1 GiB, read whole.
    let text = boardgame_io::read::read_text_bounded(args[0].as_ref(), 1 << 30).expect("FILE");
    let steps: usize = args.get(1).map_or(2000, |s| s.parse().expect("STEPS"));
    let eval = AtaxxEvaluator::default();
    let mut samples = Vec::new();
    for line in text.lines() {
        let (fen, result) = line.rsplit_once(';').expect("FEN;RESULT");
        let state: Ataxx = fen.parse().expect("a FEN");
        let seat = state.side_to_move().seat();
        samples.push((
            eval.terms(&state, seat),
            result.parse::<f64>().expect("a result"),
        ));
    }
    assert!(!samples.is_empty(), "{} holds no positions", args[0]);
    let start = eval.weights.linear().map(f64::from);
    // K: a golden-section search of the error with today's weights.
    let (mut lo, mut hi) = (0.01, 10.0);
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let (a, b) = (hi - phi * (hi - lo), lo + phi * (hi - lo));
        if texel_error(&samples, &start, a) < texel_error(&samples, &start, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    let k = (lo + hi) / 2.0;
    println!(
        "{} positions; K = {k:.4}; error with today's weights {:.6}",
        samples.len(),
        texel_error(&samples, &start, k)
    );
    // Adam on every weight but material (index 0), gradients of the mean squared error.
    let mut w = start;
    let (mut m, mut v) = ([0.0; LINEAR_WEIGHTS], [0.0; LINEAR_WEIGHTS]);
    let (rate, beta1, beta2) = (0.5, 0.9, 0.999);
    for step in 1..=steps {
        let mut grad = [0.0; LINEAR_WEIGHTS];
        for (terms, result) in &samples {
            let eval: f64 = terms.iter().zip(&w).map(|(t, w)| t * w).sum();
            let p = 1.0 / (1.0 + (-k * eval / 100.0).exp());
            let common = 2.0 * (p - result) * p * (1.0 - p) * k / 100.0;
            for (g, t) in grad.iter_mut().zip(terms) {
                *g += common * t;
            }
        }
        for i in 1..LINEAR_WEIGHTS {
            let g = grad[i] / samples.len() as f64;
            m[i] = beta1 * m[i] + (1.0 - beta1) * g;
            v[i] = beta2 * v[i] + (1.0 - beta2) * g * g;
            let m_hat = m[i] / (1.0 - beta1.powi(step as i32));
            let v_hat = v[i] / (1.0 - beta2.powi(step as i32));
            w[i] -= rate * m_hat / (v_hat.sqrt() + 1e-12);
        }
        if step % 500 == 0 || step == steps {
            println!("step {step}: error {:.6}", texel_error(&samples, &w, k));
        }
    }
    let rounded = w.map(|x| x.round() as i32);
    println!(
        "tuned (material, mobility, safe, edge, corner, parity, tempo, tempo_full): {rounded:?}; error {:.6}",
        texel_error(&samples, &rounded.map(f64::from), k)
    );
}

fn main() {
    let args: Vec<String> = env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("games") => games(&args[1..]),
        Some("nodes") => nodes(&args[1..]),
        Some("data") => data(&args[1..]),
        Some("tune") => tune(&args[1..]),
        _ => eprintln!(
            "usage: ataxx_ab games A B PAIRS NODES [SEED [SECONDS]] | nodes DEPTH POSITIONS | data GAMES NODES SEED | tune FILE [STEPS]"
        ),
    }
}
