//! `boardgame perft`: tree counts, with nodes per second.

use std::time::Instant;

use boardgame_core::Turn;
use boardgame_core::perft::{chance_perft, divide, perft};
use clap::Args;

use crate::error::{CliError, data, usage};
use crate::games::{CliGame, GameKind, with_game};

/// Options of `perft`.
#[derive(Debug, Args)]
pub(crate) struct PerftArgs {
    /// The game.
    pub(crate) game: GameKind,
    /// The starting position in the game's notation (Ataxx: a FEN). Default: the initial state.
    #[arg(long, alias = "state")]
    pub(crate) fen: Option<String>,
    /// The depth, in edges (moves and chance outcomes).
    #[arg(long)]
    pub(crate) depth: u32,
    /// Worker threads (Ataxx; the root moves are split among them).
    #[arg(long, default_value_t = 1)]
    pub(crate) threads: usize,
    /// Print each root move with its count.
    #[arg(long)]
    pub(crate) divide: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub(crate) json: bool,
}

/// Runs `perft`.
pub(crate) fn run(args: &PerftArgs) -> Result<(), CliError> {
    match args.game {
        GameKind::Ataxx => ataxx_perft(args),
        kind => with_game!(kind, G => chance(args, &start_state::<G>(args.fen.as_deref())?)),
    }
}

/// The state to count from: `text` in the game's notation, or the default initial state.
pub(crate) fn start_state<G: CliGame>(text: Option<&str>) -> Result<G, CliError> {
    let config = G::Config::default();
    match text {
        Some(text) => G::from_notation(text, &config).map_err(data),
        None => G::new(config).map_err(usage),
    }
}

fn ataxx_perft(args: &PerftArgs) -> Result<(), CliError> {
    let position: ataxx::Ataxx = start_state(args.fen.as_deref())?;
    let fen = position.to_string();
    let began = Instant::now();
    let (nodes, divided) = if args.divide {
        let divided = divide(&position, args.depth);
        (divided.iter().map(|(_, n)| n).sum(), Some(divided))
    } else {
        (
            ataxx::perft::perft_parallel(&position, args.depth, args.threads.max(1)),
            None,
        )
    };
    let seconds = began.elapsed().as_secs_f64();
    let nps = nodes as f64 / seconds.max(1e-9);
    if args.json {
        let mut object = serde_json::json!({
            "game": "ataxx", "fen": fen, "depth": args.depth, "nodes": nodes,
            "seconds": seconds, "nps": nps, "threads": args.threads.max(1),
        });
        if let Some(divided) = &divided {
            object["divide"] = divided
                .iter()
                .map(|(m, n)| (m.to_string(), serde_json::json!(n)))
                .collect();
        }
        println!("{object}");
    } else {
        for (mv, n) in divided.iter().flatten() {
            println!("{mv}: {n}");
        }
        println!("fen {fen}");
        println!(
            "perft {}: {nodes} nodes in {seconds:.3} s ({:.1} Mnps)",
            args.depth,
            nps / 1e6
        );
    }
    Ok(())
}

fn chance<G: CliGame>(args: &PerftArgs, state: &G) -> Result<(), CliError> {
    let began = Instant::now();
    let divided: Option<Vec<(String, u64)>> = args.divide.then(|| match state.turn() {
        Turn::Chance => {
            let dist = state.chance_outcomes().expect("chance node");
            dist.iter()
                .map(|(c, _)| {
                    let mut child = state.clone();
                    child.apply_chance_unchecked(c);
                    (
                        format!("[{c}]"),
                        perft(&child, args.depth.saturating_sub(1)),
                    )
                })
                .collect()
        }
        _ => divide(state, args.depth)
            .into_iter()
            .map(|(m, n)| (m.to_string(), n))
            .collect(),
    });
    let stats = chance_perft(state, args.depth);
    let seconds = began.elapsed().as_secs_f64();
    let nps = stats.leaves as f64 / seconds.max(1e-9);
    let mass = stats.mass.map(|m| format!("{}/{}", m.num, m.den));
    if args.json {
        let mut object = serde_json::json!({
            "game": G::KIND.name(), "fen": state.to_string(), "depth": args.depth,
            "nodes": stats.leaves, "decision_edges": stats.decision_edges,
            "chance_edges": stats.chance_edges, "terminals": stats.terminals,
            "mass": mass, "mass_exact": stats.is_mass_exact(),
            "seconds": seconds, "nps": nps,
        });
        if let Some(divided) = &divided {
            object["divide"] = divided
                .iter()
                .map(|(m, n)| (m.clone(), serde_json::json!(n)))
                .collect();
        }
        println!("{object}");
    } else {
        for (mv, n) in divided.iter().flatten() {
            println!("{mv}: {n}");
        }
        println!("state {state}");
        println!(
            "chance perft {}: {} leaves, {} decision edges, {} chance edges, {} terminals in {seconds:.3} s",
            args.depth, stats.leaves, stats.decision_edges, stats.chance_edges, stats.terminals
        );
        println!(
            "probability mass: {} ({})",
            mass.as_deref().unwrap_or("overflow"),
            if stats.is_mass_exact() {
                "exactly 1"
            } else {
                "NOT 1"
            }
        );
    }
    if stats.is_mass_exact() {
        Ok(())
    } else {
        Err(CliError::Data(
            "the probability mass is not exactly 1".into(),
        ))
    }
}
