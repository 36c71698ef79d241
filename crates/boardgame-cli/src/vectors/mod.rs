//! `boardgame vectors`: conformance vectors, JSON lines another implementation of a game
//! can check itself against: states in our notation, with the legal moves (or the chance
//! outcomes and their exact weights) and the state after each. `--check` replays a file
//! against this library. The format is described in docs/vectors.md.

mod cases;
mod check;
mod generate;
mod kinds;
mod perft;
mod record;
mod refusals;

use std::fmt::Write as _;
use std::path::PathBuf;

use boardgame_io::write::Replacement;
use clap::{Args, ValueEnum};

use crate::config::{RuleArgs, settings_of};
use crate::error::{CliError, print_line, print_text};
use crate::games::GameKind;
use cases::Cases;

/// The `format` field of a vector file's header.
pub(crate) const FORMAT: &str = "boardgame-vectors";

/// The format's version: a change a checker must know of (a field added, renamed or read
/// differently) raises it. Version 2 added the header's `kind` and the kinds other than
/// `moves`; a version 1 file (no `kind`) is read as `moves`.
pub(crate) const VERSION: u32 = 2;

/// What a vector file holds (the header's `kind`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, ValueEnum)]
pub(crate) enum Kind {
    /// States with every legal move (or chance outcome) and the state after each.
    #[default]
    Moves,
    /// Notations that must be refused, with the kind of error, and moves that are illegal
    /// in a state, with the rule that forbids them.
    Refusals,
    /// Ataxx: the perft table's positions counted to depth 5 or 6, each depth split by
    /// the kind of the last move.
    Perft,
    /// Ataxx: the positions of `perft-diff`'s suite, counted the same way.
    PerftDiffSuite,
    /// The dice games: chance perft with exact probabilities from a few positions.
    ChancePerft,
}

impl Kind {
    /// Every kind.
    pub(crate) const ALL: [Kind; 5] = [
        Kind::Moves,
        Kind::Refusals,
        Kind::Perft,
        Kind::PerftDiffSuite,
        Kind::ChancePerft,
    ];

    /// The name in headers and on the command line.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Kind::Moves => "moves",
            Kind::Refusals => "refusals",
            Kind::Perft => "perft",
            Kind::PerftDiffSuite => "perft-diff-suite",
            Kind::ChancePerft => "chance-perft",
        }
    }
}

/// Options of `vectors`.
#[derive(Debug, Args)]
pub(crate) struct VectorsArgs {
    /// The game (not with --check).
    #[arg(required_unless_present = "check")]
    pub(crate) game: Option<GameKind>,
    #[command(flatten)]
    pub(crate) rules: RuleArgs,
    /// What the set holds (docs/vectors.md): `moves` (seeded games' states), `refusals`,
    /// `perft` and `perft-diff-suite` (Ataxx), `chance-perft` (the dice games). `--count`,
    /// `--seed` and `--games` are for `moves`.
    #[arg(long, value_enum, default_value_t = Kind::Moves)]
    pub(crate) kind: Kind,
    /// How many records (states) the set holds, at most (the set is built in memory: an
    /// Ataxx record is up to about 10 kB).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub(crate) count: u32,
    /// The seed of the games the states are chosen from.
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
    /// How many seeded games are played to choose from.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub(crate) games: u64,
    /// Write the set to FILE (replaced whole) instead of standard output.
    #[arg(long, short, value_name = "FILE")]
    pub(crate) output: Option<PathBuf>,
    /// Check the vector file FILE against the library instead.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["game", "output", "preset", "players", "settings", "kind"])]
    pub(crate) check: Option<PathBuf>,
}

/// Runs `vectors`.
pub(crate) fn run(args: &VectorsArgs) -> Result<(), CliError> {
    if let Some(path) = &args.check {
        let checked = check::check_file(path)?;
        return print_line(&format!(
            "{}: {} {} records of {} ({}) agree with the library",
            boardgame_io::quote_path(path),
            checked.records,
            checked.kind.name(),
            checked.game.name(),
            checked.preset
        ));
    }
    let game = args
        .game
        .ok_or_else(|| CliError::Usage("give a game, or --check FILE".into()))?;
    let output = open_output(args)?;
    if args.kind != Kind::Moves {
        let (text, summary) = kinds::generate(args.kind, game, &args.rules)?;
        eprintln!("{summary}");
        return emit(output, args, &text);
    }
    match game {
        GameKind::Ataxx => generate::<ataxx::Ataxx>(args, output),
        GameKind::Thax => generate::<thax::Thax>(args, output),
        GameKind::Parchis => generate::<parchis::Parchis>(args, output),
        GameKind::CoCaNgua => generate::<co_ca_ngua::CoCaNgua>(args, output),
        other => Err(CliError::Usage(format!("no vectors for {}", other.name()))),
    }
}

/// A JSON string.
fn json(text: &str) -> String {
    serde_json::Value::from(text).to_string()
}

fn generate<G: Cases>(args: &VectorsArgs, output: Option<Replacement>) -> Result<(), CliError> {
    let config: G::Config = args.rules.build()?;
    let preset = args.rules.preset_name::<G::Config>();
    let count = usize::try_from(args.count).unwrap_or(usize::MAX);
    let chosen = generate::choose::<G>(&config, count, args.seed, args.games)?;
    let mut tally = vec![0usize; G::CASES.len()];
    for (_, cases) in &chosen.states {
        for case in cases {
            if let Some(i) = G::CASES.iter().position(|c| c == case) {
                tally[i] += 1;
            }
        }
    }
    let settings: serde_json::Map<String, serde_json::Value> = settings_of(&config)
        .into_iter()
        .map(|(k, v)| (k, v.into()))
        .collect();
    let cases: Vec<String> = G::CASES
        .iter()
        .zip(&tally)
        .map(|(case, n)| format!("{}:{n}", json(case)))
        .collect();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{{\"format\":\"{FORMAT}\",\"version\":{VERSION},\"kind\":\"moves\",\"game\":{},\"preset\":{},\"settings\":{},\"seed\":{},\"games\":{},\"records\":{},\"cases\":{{{}}}}}",
        json(G::KIND.name()),
        json(&preset),
        serde_json::Value::from(settings),
        args.seed,
        args.games,
        chosen.states.len(),
        cases.join(","),
    );
    for (i, (state, cases)) in chosen.states.iter().enumerate() {
        out.push_str(&record::record(i + 1, state, cases));
        out.push('\n');
    }
    let summary: Vec<String> = G::CASES
        .iter()
        .zip(&tally)
        .map(|(c, n)| format!("{c} {n}"))
        .collect();
    eprintln!(
        "vectors {} ({preset}): {} records from {} games, seed {}; cases: {}",
        G::KIND.name(),
        chosen.states.len(),
        args.games,
        args.seed,
        summary.join(", ")
    );
    emit(output, args, &out)
}

/// The `--output` file, opened before any work (issue 52): a directory, a device, a missing
/// directory or a read-only file is refused at once, not after the games are played.
fn open_output(args: &VectorsArgs) -> Result<Option<Replacement>, CliError> {
    args.output
        .as_deref()
        .map(|path| {
            Replacement::create(path)
                .map_err(|e| CliError::Data(format!("{}: {e}", boardgame_io::quote_path(path))))
        })
        .transpose()
}

/// Writes a set to the `--output` file opened by [`open_output`] (replaced whole when
/// complete), or to standard output.
fn emit(output: Option<Replacement>, args: &VectorsArgs, out: &str) -> Result<(), CliError> {
    match (output, &args.output) {
        (Some(mut file), Some(path)) => {
            use std::io::Write as _;
            file.write_all(out.as_bytes())
                .and_then(|()| file.commit())
                .map_err(|e| CliError::Data(format!("{}: {e}", boardgame_io::quote_path(path))))
        }
        _ => print_text(out),
    }
}
