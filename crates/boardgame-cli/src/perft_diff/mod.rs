//! `boardgame perft-diff ataxx`: compares another move generator with ours, perft divide
//! against perft divide, and walks down through the first move whose counts differ until
//! it finds the position where the two lists of moves differ, as perftree does for chess.
//!
//! The other generator is a UAI engine (Zataxx, tiktaxx or any engine whose divide command
//! and output lines are given) or a program run once per position (perftree's protocol, or
//! libataxx's `split` example): see [`dialect`].

mod child;
mod dialect;
mod pattern;
mod peer;
mod suite;

pub(crate) use suite::SUITE;

use std::collections::HashMap;
use std::fmt::Write as _;
use std::time::Duration;

use ataxx::{Ataxx, Move};
use boardgame_core::Game;
use clap::{Args, ValueEnum};

use crate::config::RuleArgs;
use crate::error::{CliError, data, usage};
use peer::{Answer, At, Peer};

/// The games `perft-diff` compares (only Ataxx has other generators to compare with).
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum DiffGame {
    /// Ataxx.
    Ataxx,
}

/// The deepest comparison: far deeper than any generator counts in reasonable time, and
/// the walk down is a loop of at most this many steps.
const MAX_DIFF_DEPTH: u32 = 32;

/// Options of `perft-diff`.
#[derive(Debug, Args)]
pub(crate) struct PerftDiffArgs {
    /// The game.
    pub(crate) game: DiffGame,
    /// The starting position (a FEN). Default: the initial position, then the built-in
    /// suite (`--suite` lists it).
    #[arg(long)]
    pub(crate) fen: Option<String>,
    /// The depth of the first comparison, in plies (of each position).
    #[arg(long, required_unless_present = "suite",
          value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_DIFF_DEPTH)))]
    pub(crate) depth: Option<u32>,
    /// List the built-in suite of positions compared after the start position, and exit.
    #[arg(long, conflicts_with_all = ["fen", "no_suite"])]
    pub(crate) suite: bool,
    /// Compare the start position only, without the suite.
    #[arg(long, conflicts_with = "fen")]
    pub(crate) no_suite: bool,
    #[command(flatten)]
    pub(crate) rules: RuleArgs,
    #[command(flatten)]
    pub(crate) dialect: dialect::DialectArgs,
    /// Seconds the generator may take for one answer (one divide, one count) before it is
    /// given up as silent; our own count of each position gets as long.
    #[arg(long, default_value_t = 60.0)]
    pub(crate) timeout: f64,
    /// Threads for our own counts (0: every core).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u64).range(0..=256))]
    pub(crate) threads: u64,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub(crate) json: bool,
    /// The generator: its program and arguments (after `--`).
    #[arg(required_unless_present = "suite", num_args = 1.., last = true, value_name = "GENERATOR")]
    pub(crate) generator: Vec<String>,
}

/// One step of the walk down: a position whose move lists agree but whose counts do not.
#[derive(Clone, Debug)]
struct Step {
    depth: u32,
    fen: String,
    ours: u64,
    theirs: u64,
    /// The move walked through, with our count and theirs.
    through: (Move, u64, u64),
}

/// Where the generators first disagree.
#[derive(Clone, Debug, Default)]
struct Difference {
    fen: String,
    depth: u32,
    path: Vec<Move>,
    only_ours: Vec<Move>,
    only_theirs: Vec<Move>,
    /// Moves both list, with different counts: the move, ours, theirs.
    counts: Vec<(Move, u64, u64)>,
    /// Moves the generator listed more than once, with how many times, in their order.
    duplicates: Vec<(Move, usize)>,
    /// Anything else worth knowing (an inconsistent total).
    notes: Vec<String>,
}

/// The comparison's result.
enum Verdict {
    /// Every count agrees: the perft to the depth asked.
    Agree(u64),
    /// They differ, here.
    Differ(Difference),
}

/// Runs `perft-diff`.
pub(crate) fn run(args: &PerftDiffArgs) -> Result<(), CliError> {
    let DiffGame::Ataxx = args.game;
    if args.suite {
        return suite::list(args.json);
    }
    let depth = args
        .depth
        .ok_or_else(|| CliError::Usage("give --depth".into()))?;
    let config: ataxx::AtaxxConfig = args.rules.build()?;
    let root = match &args.fen {
        Some(text) => Ataxx::from_notation(text, &config).map_err(data)?,
        None => Ataxx::new(config).map_err(usage)?,
    };
    if !(args.timeout.is_finite() && args.timeout > 0.0 && args.timeout <= 86_400.0) {
        return Err(CliError::Usage(
            "--timeout is a number of seconds above 0, at most 86400".into(),
        ));
    }
    let dialect = args.dialect.resolve()?;
    let mut peer = Peer::start(
        dialect,
        args.generator.clone(),
        Duration::from_secs_f64(args.timeout),
    )?;
    let with_suite = args.fen.is_none() && !args.no_suite;
    let positions = suite::positions(root, args.fen.is_some(), with_suite, &config)?;
    let found = suite::compare_each(&positions, depth, args.json, |position, steps| {
        compare(position, depth, args, &mut peer, steps)
    });
    peer.finish();
    found
}

/// Walks down from `root` until the move lists differ (or every count agrees).
fn compare(
    root: &Ataxx,
    root_depth: u32,
    args: &PerftDiffArgs,
    peer: &mut Peer,
    steps: &mut Vec<Step>,
) -> Result<Verdict, CliError> {
    let root_fen = root.to_string();
    let mut position = root.clone();
    let mut path: Vec<Move> = Vec::new();
    let mut depth = root_depth;
    // Their count for the move that led here, from the position above.
    let mut expected: Option<u64> = None;
    // At most `root_depth` steps: each one goes a ply deeper.
    loop {
        let fen = position.to_string();
        let moves: Vec<String> = path.iter().map(Move::to_string).collect();
        // Theirs first: a program that cannot start, fails or falls silent is reported at
        // once, not after our own count (issue 52, defect 4).
        let answer = peer.divide(&At {
            root: &root_fen,
            moves: &moves,
            fen: &fen,
            depth,
        })?;
        let ours = our_divide(&position, depth, args)?;
        let mut difference = differences(&ours, &answer)?;
        let (our_total, their_total) = totals(&ours, &answer);
        if let Some(expected) = expected
            && expected != their_total
        {
            difference.notes.push(format!(
                "their count for {} one level up was {expected}, but here their moves add up to {their_total}: \
                 their divide of the position reached through `position … moves` (or the FEN) disagrees with the count \
                 they made for it themselves",
                path.last().map_or_else(String::new, Move::to_string)
            ));
        }
        let lists_differ = !difference.only_ours.is_empty()
            || !difference.only_theirs.is_empty()
            || !difference.duplicates.is_empty();
        let first = difference.counts.first().copied();
        match first {
            Some((mv, our_count, their_count)) if !lists_differ && depth > 1 => {
                steps.push(Step {
                    depth,
                    fen,
                    ours: our_total,
                    theirs: their_total,
                    through: (mv, our_count, their_count),
                });
                position
                    .play(mv)
                    .map_err(|e| CliError::Data(format!("our own move {mv}: {e}")))?;
                path.push(mv);
                depth -= 1;
                expected = Some(their_count);
            }
            None if !lists_differ && difference.notes.is_empty() && path.is_empty() => {
                return Ok(Verdict::Agree(our_total));
            }
            _ => {
                difference.fen = fen;
                difference.depth = depth;
                difference.path = path;
                return Ok(Verdict::Differ(difference));
            }
        }
    }
}

/// Our divide of `position` at `depth`, given as long as the generator gets for an answer
/// (`--timeout`): a count that would take hours (`--depth 32`) is an error, not a hang.
fn our_divide(
    position: &Ataxx,
    depth: u32,
    args: &PerftDiffArgs,
) -> Result<Vec<(Move, u64)>, CliError> {
    let (send, receive) = std::sync::mpsc::sync_channel(1);
    let start = position.clone();
    let threads = usize::try_from(args.threads).unwrap_or(0);
    std::thread::Builder::new()
        .name("our-perft".into())
        .spawn(move || {
            let count = ataxx::perft::count(&start, depth, ataxx::perft::Method::Fast, threads);
            let _ = send.send(count.per_move);
        })
        .map_err(|e| CliError::Data(format!("cannot start our own count: {e}")))?;
    // A count past the deadline goes on in its thread until the program ends, which it
    // does at once with this error.
    receive
        .recv_timeout(Duration::from_secs_f64(args.timeout))
        .map_err(|_| {
            CliError::Data(format!(
                "our own count at depth {depth} of {position} did not end within {} s (see --timeout)",
                args.timeout
            ))
        })
}

/// Our total and theirs (the sum of their lines).
fn totals(ours: &[(Move, u64)], answer: &Answer) -> (u64, u64) {
    let our_total = ours.iter().map(|(_, n)| n).sum();
    let their_total = answer
        .moves
        .iter()
        .fold(0u64, |sum, (_, n)| sum.saturating_add(*n));
    (our_total, their_total)
}

/// How their divide differs from ours (positions and notes left empty).
fn differences(ours: &[(Move, u64)], answer: &Answer) -> Result<Difference, CliError> {
    let mut theirs: HashMap<Move, u64> = HashMap::new();
    let mut difference = Difference::default();
    let mut their_order = Vec::new();
    let mut listed: HashMap<Move, usize> = HashMap::new();
    for (text, count) in &answer.moves {
        let mv: Move = text.parse().map_err(|e| {
            CliError::Data(format!("their move {}: {e}", boardgame_io::quote(text)))
        })?;
        let times = listed.entry(mv).or_default();
        *times += 1;
        if *times == 2 {
            difference.duplicates.push((mv, 0));
        }
        if theirs.insert(mv, *count).is_none() {
            their_order.push(mv);
        }
    }
    for (mv, times) in &mut difference.duplicates {
        *times = listed[mv];
    }
    let our_moves: HashMap<Move, u64> = ours.iter().copied().collect();
    for (mv, count) in ours {
        match theirs.get(mv) {
            None => difference.only_ours.push(*mv),
            Some(their) if their != count => difference.counts.push((*mv, *count, *their)),
            Some(_) => {}
        }
    }
    difference.only_theirs = their_order
        .into_iter()
        .filter(|mv| !our_moves.contains_key(mv))
        .collect();
    let sum = answer
        .moves
        .iter()
        .fold(0u64, |sum, (_, n)| sum.saturating_add(*n));
    if let Some(total) = answer.total
        && total != sum
    {
        difference.notes.push(format!(
            "their total {total} is not the sum of their moves' counts, {sum}"
        ));
    }
    Ok(difference)
}

/// The most moves named in one line of the report; the rest are counted.
const MAX_LISTED: usize = 20;

/// `g2 (3 times), a1b3 (2 times)`, at most [`MAX_LISTED`] of them, then how many more.
fn times(moves: &[(Move, usize)]) -> String {
    let mut shown: Vec<String> = moves
        .iter()
        .take(MAX_LISTED)
        .map(|(mv, n)| format!("{mv} ({n} times)"))
        .collect();
    if moves.len() > MAX_LISTED {
        shown.push(format!("and {} more", moves.len() - MAX_LISTED));
    }
    shown.join(", ")
}

fn words(moves: &[Move]) -> String {
    if moves.is_empty() {
        return "-".into();
    }
    moves
        .iter()
        .map(Move::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The JSON report of one comparison: `{"agree":…,"game":"ataxx","fen":…,"depth":…,"steps":[…],…}`.
fn json_report(root: &Ataxx, depth: u32, steps: &[Step], verdict: &Verdict) -> serde_json::Value {
    let steps: Vec<_> = steps
        .iter()
        .map(|s| serde_json::json!({
            "depth": s.depth, "fen": s.fen, "ours": s.ours, "theirs": s.theirs,
            "move": s.through.0.to_string(), "our_count": s.through.1, "their_count": s.through.2,
        }))
        .collect();
    let mut object = serde_json::json!({
        "game": "ataxx", "fen": root.to_string(), "depth": depth, "steps": steps,
    });
    match verdict {
        Verdict::Agree(nodes) => {
            object["agree"] = true.into();
            object["nodes"] = (*nodes).into();
        }
        Verdict::Differ(d) => {
            let list = |moves: &[Move]| moves.iter().map(Move::to_string).collect::<Vec<_>>();
            object["agree"] = false.into();
            object["difference"] = serde_json::json!({
                "fen": d.fen, "depth": d.depth, "path": list(&d.path),
                "only_ours": list(&d.only_ours), "only_theirs": list(&d.only_theirs),
                "counts": d.counts.iter().map(|(m, o, t)| serde_json::json!({"move": m.to_string(), "ours": o, "theirs": t})).collect::<Vec<_>>(),
                "duplicates": d.duplicates.iter().map(|(m, _)| m.to_string()).collect::<Vec<_>>(),
                "notes": d.notes,
            });
        }
    }
    object
}

/// The text report of one comparison: its steps, then `agree: …` or where they differ.
fn text_report(root: &Ataxx, depth: u32, steps: &[Step], verdict: &Verdict) -> String {
    let mut out = String::new();
    for step in steps {
        let (mv, ours, theirs) = step.through;
        let _ = writeln!(
            out,
            "depth {} at {}: ours {}, theirs {}; through {mv} (ours {ours}, theirs {theirs})",
            step.depth, step.fen, step.ours, step.theirs
        );
    }
    match verdict {
        Verdict::Agree(nodes) => {
            let _ = writeln!(out, "agree: perft {depth} = {nodes} from {root}");
        }
        Verdict::Differ(d) => {
            let _ = writeln!(
                out,
                "differ at depth {} after {} move{}",
                d.depth,
                d.path.len(),
                if d.path.len() == 1 { "" } else { "s" }
            );
            let _ = writeln!(out, "fen {}", d.fen);
            let _ = writeln!(out, "path {}", words(&d.path));
            let _ = writeln!(
                out,
                "only ours ({}): {}",
                d.only_ours.len(),
                words(&d.only_ours)
            );
            let _ = writeln!(
                out,
                "only theirs ({}): {}",
                d.only_theirs.len(),
                words(&d.only_theirs)
            );
            if !d.duplicates.is_empty() {
                let _ = writeln!(
                    out,
                    "listed more than once by them: {}",
                    times(&d.duplicates)
                );
            }
            for (mv, ours, theirs) in &d.counts {
                let _ = writeln!(out, "count of {mv}: ours {ours}, theirs {theirs}");
            }
            for note in &d.notes {
                let _ = writeln!(out, "note: {note}");
            }
        }
    }
    out
}
