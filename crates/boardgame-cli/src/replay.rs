//! `boardgame replay`: rebuilds a recorded game through the checked API.

use std::path::PathBuf;

use boardgame_core::{Event, ReplayError};
use clap::Args;

use crate::error::{CliError, data};
use crate::games::{CliGame, GameKind, with_game};
use crate::simulate::RecordLine;

/// Options of `replay`.
#[derive(Debug, Args)]
pub(crate) struct ReplayArgs {
    /// A record written by `play --save` or `simulate --records` (one JSON object per line).
    pub(crate) file: PathBuf,
    /// Print every step.
    #[arg(long)]
    pub(crate) verbose: bool,
}

/// Runs `replay` on every record in the file.
pub(crate) fn run(args: &ReplayArgs) -> Result<(), CliError> {
    let text = std::fs::read_to_string(&args.file)
        .map_err(|e| data(format!("{}: {e}", args.file.display())))?;
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    if lines.is_empty() {
        return Err(data(format!(
            "{}: no record in the file",
            args.file.display()
        )));
    }
    for (number, line) in lines.iter().enumerate() {
        let header: serde_json::Value = serde_json::from_str(line)
            .map_err(|e| data(format!("record {number}: not JSON: {e}")))?;
        let name = header
            .get("game")
            .and_then(|g| g.as_str())
            .unwrap_or_default();
        let kind = GameKind::from_name(name)
            .ok_or_else(|| data(format!("record {number}: unknown game {name:?}")))?;
        with_game!(kind, G => replay_one::<G>(line, number, args.verbose, lines.len() > 1))?;
    }
    Ok(())
}

fn replay_one<G: CliGame>(
    line: &str,
    number: usize,
    verbose: bool,
    several: bool,
) -> Result<(), CliError> {
    let parsed: RecordLine<G> =
        serde_json::from_str(line).map_err(|e| data(format!("record {number}: {e}")))?;
    let record = parsed.record;
    let total = record.events.len();
    let state = record
        .replay_with(|index, event, state| {
            if verbose {
                let label = match event {
                    Event::Move(m) => format!("move {m}"),
                    Event::Chance(c) => format!("dice {c}"),
                };
                println!("{index:>5}: {label:<16} {state}");
            }
        })
        .map_err(|e| match e {
            ReplayError::Event {
                index,
                event,
                error,
            } => data(format!(
                "record {number}: event {index} of {total} ({event}) is illegal: {error}"
            )),
            other => data(format!("record {number}: {other}")),
        })?;
    if several {
        println!("record {number}:");
    }
    println!("{state:#}");
    match state.outcome() {
        Some(outcome) => println!(
            "result: {} after {total} events",
            state.result_line(&outcome)
        ),
        None => println!("unfinished after {total} events: {state}"),
    }
    Ok(())
}
