//! `boardgame perft`: tree counts, with leaves per second.

use std::fmt::Write as _;
use std::time::Instant;

use boardgame_core::Turn;
use boardgame_core::perft::{chance_perft, divide, perft};
use clap::{Args, ValueEnum};

use crate::config::RuleArgs;
use crate::error::{CliError, data, print_text, usage};
use crate::games::{CliGame, GameKind, with_game};

/// Options of `perft`.
#[derive(Debug, Args)]
pub(crate) struct PerftArgs {
    /// The game.
    pub(crate) game: GameKind,
    /// The starting position in the game's notation (Ataxx: a FEN). Default: the initial
    /// state under the rules given.
    #[arg(long, visible_alias = "state")]
    pub(crate) fen: Option<String>,
    /// The depth, in edges (moves and chance outcomes), at most 64.
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_PERFT_DEPTH)))]
    pub(crate) depth: u32,
    #[command(flatten)]
    pub(crate) rules: RuleArgs,
    /// How Ataxx counts: `fast` counts the last two plies without playing them, `bulk`
    /// plays every move down to the last ply and counts that one, `make` plays every move
    /// to the leaves (counters and hash kept). All three give the same count.
    #[arg(long, value_enum)]
    pub(crate) method: Option<PerftMethod>,
    /// Worker threads for Ataxx, also with --divide (the tree is split among them; the
    /// count does not depend on it). Default: all cores, as in `simulate`. Capped by the
    /// number of subtrees; the output reports the threads really used. 1..=256, as in
    /// `simulate`. Dice games count on one thread.
    #[arg(long, value_parser = crate::simulate::parse_threads)]
    pub(crate) threads: Option<usize>,
    /// Print each root move with its count (nothing at depth 0: no move is played).
    #[arg(long)]
    pub(crate) divide: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub(crate) json: bool,
}

/// The deepest perft: 64 edges. Perft walks the tree depth first, one stack frame per edge,
/// so its depth must be bounded (`--depth 100000` overflowed the stack, as did a game
/// without a roll limit). No deeper count could finish or fit its `u64`: with a chance node
/// at every other edge (six outcomes at least) a tree has 6³² > 2⁶⁴ paths at depth 64, and
/// Ataxx has tens of moves a ply (the deepest published Ataxx perft is depth 11).
pub(crate) const MAX_PERFT_DEPTH: u32 = 64;

/// The `--method` values.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum PerftMethod {
    /// The last two plies counted, not played (the default).
    Fast,
    /// Every position down to depth 1 built; the last ply counted.
    Bulk,
    /// Every leaf built with make-move, hash included.
    Make,
}

impl PerftMethod {
    fn method(self) -> ataxx::perft::Method {
        match self {
            PerftMethod::Fast => ataxx::perft::Method::Fast,
            PerftMethod::Bulk => ataxx::perft::Method::Bulk,
            PerftMethod::Make => ataxx::perft::Method::Make,
        }
    }
}

/// Runs `perft`.
pub(crate) fn run(args: &PerftArgs) -> Result<(), CliError> {
    match args.game {
        GameKind::Ataxx => ataxx_perft(args),
        _ if args.method.is_some() => Err(CliError::Usage(
            "--method is for Ataxx; the other games always use chance perft".into(),
        )),
        kind => with_game!(kind, G => chance(args, &start_state::<G>(args)?)),
    }
}

/// The state to count from: `--fen` in the game's notation, or the initial state, under
/// the rules of `--preset`, `--players` and `--set`.
fn start_state<G: CliGame>(args: &PerftArgs) -> Result<G, CliError> {
    let config: G::Config = args.rules.build()?;
    match &args.fen {
        Some(text) => G::from_notation(text, &config).map_err(data),
        None => G::new(config).map_err(usage),
    }
}

/// What a leaf count per second means for each method.
fn speed_note(method: ataxx::perft::Method) -> &'static str {
    match method {
        ataxx::perft::Method::Fast => "leaves counted two plies at a time, not played",
        ataxx::perft::Method::Bulk => "the last ply counted, not played",
        ataxx::perft::Method::Make => "every leaf played",
    }
}

fn ataxx_perft(args: &PerftArgs) -> Result<(), CliError> {
    let position: ataxx::Ataxx = start_state(args)?;
    let method = args.method.unwrap_or(PerftMethod::Fast).method();
    let fen = position.to_string();
    let began = Instant::now();
    let tally = ataxx::perft::count(&position, args.depth, method, args.threads.unwrap_or(0));
    let seconds = began.elapsed().as_secs_f64();
    let per_sec = tally.nodes as f64 / seconds.max(1e-9);
    let mut out = String::new();
    if args.json {
        let mut object = serde_json::json!({
            "game": "ataxx", "fen": fen, "depth": args.depth, "method": method.name(),
            "nodes": tally.nodes, "seconds": seconds, "nps": per_sec, "threads": tally.threads,
        });
        if args.divide {
            object["divide"] = tally
                .per_move
                .iter()
                .map(|(m, n)| (m.to_string(), serde_json::json!(n)))
                .collect();
        }
        let _ = writeln!(out, "{object}");
    } else {
        if args.divide {
            for (mv, n) in &tally.per_move {
                let _ = writeln!(out, "{mv}: {n}");
            }
        }
        let _ = writeln!(out, "fen {fen}");
        let _ = writeln!(
            out,
            "perft {}: {} nodes in {seconds:.3} s, method {method}, {} thread{} ({:.1} M leaves/s, {})",
            args.depth,
            tally.nodes,
            tally.threads,
            if tally.threads == 1 { "" } else { "s" },
            per_sec / 1e6,
            speed_note(method),
        );
    }
    print_text(&out)
}

/// Each root edge (a move, or a chance outcome in brackets) with its perft; nothing at
/// depth 0, whose one path plays no edge.
fn chance_divide<G: CliGame>(state: &G, depth: u32) -> Vec<(String, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    match state.turn() {
        Turn::Chance => {
            let Some(dist) = state.chance_outcomes() else {
                return Vec::new();
            };
            dist.iter()
                .map(|(c, _)| {
                    let mut child = state.clone();
                    child.apply_chance_unchecked(c);
                    (format!("[{c}]"), perft(&child, depth - 1))
                })
                .collect()
        }
        _ => divide(state, depth)
            .into_iter()
            .map(|(m, n)| (m.to_string(), n))
            .collect(),
    }
}

fn chance<G: CliGame>(args: &PerftArgs, state: &G) -> Result<(), CliError> {
    let began = Instant::now();
    let divided = args.divide.then(|| chance_divide(state, args.depth));
    let stats = chance_perft(state, args.depth);
    let seconds = began.elapsed().as_secs_f64();
    let nps = stats.leaves as f64 / seconds.max(1e-9);
    let mass = stats.mass.map(|m| format!("{}/{}", m.num, m.den));
    let mut out = String::new();
    if args.json {
        let mut object = serde_json::json!({
            "game": G::KIND.name(), "fen": state.to_string(), "depth": args.depth,
            "nodes": stats.leaves, "decision_edges": stats.decision_edges,
            "chance_edges": stats.chance_edges, "terminals": stats.terminals,
            "mass": mass, "mass_exact": stats.is_mass_exact(),
            "seconds": seconds, "nps": nps, "threads": 1,
        });
        if let Some(divided) = &divided {
            object["divide"] = divided
                .iter()
                .map(|(m, n)| (m.clone(), serde_json::json!(n)))
                .collect();
        }
        let _ = writeln!(out, "{object}");
    } else {
        for (mv, n) in divided.iter().flatten() {
            let _ = writeln!(out, "{mv}: {n}");
        }
        let _ = writeln!(out, "state {state}");
        let _ = writeln!(
            out,
            "chance perft {}: {} leaves, {} decision edges, {} chance edges, {} terminals in {seconds:.3} s",
            args.depth, stats.leaves, stats.decision_edges, stats.chance_edges, stats.terminals
        );
        let _ = writeln!(
            out,
            "probability mass: {} ({})",
            mass.as_deref().unwrap_or("overflow"),
            if stats.is_mass_exact() {
                "exactly 1"
            } else {
                "NOT 1"
            }
        );
    }
    print_text(&out)?;
    if stats.is_mass_exact() {
        Ok(())
    } else {
        Err(CliError::Data(
            "the probability mass is not exactly 1".into(),
        ))
    }
}
