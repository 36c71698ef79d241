//! `boardgame replay`: rebuilds a recorded game through the checked API.

use std::io::Write;
use std::path::PathBuf;

use boardgame_core::{Event, Record, RecordLine, ReplayError};
use clap::Args;

use crate::error::{CliError, data, output};
use crate::games::{CliGame, GameKind, with_game};

/// Options of `replay`.
#[derive(Debug, Args)]
pub(crate) struct ReplayArgs {
    /// A record written by `play --save` or `simulate --records` (one JSON object per line).
    pub(crate) file: PathBuf,
    /// Print every step.
    #[arg(long)]
    pub(crate) verbose: bool,
    /// Print only the state notation: the start, then the state after every event, one per
    /// line (records of a file separated by a blank line). For checking another front end,
    /// such as the web playground, against the rules crates.
    #[arg(long, conflicts_with = "verbose")]
    pub(crate) states: bool,
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
        let kind = game_of(&header).map_err(|e| data(format!("record {number}: {e}")))?;
        with_game!(kind, G => {
            check_events::<G>(&header).map_err(|e| data(format!("record {number}: {e}")))?;
            if args.states {
                states_of::<G>(line, number, number > 0)
            } else {
                replay_one::<G>(line, number, args.verbose, lines.len() > 1)
            }
        })?;
    }
    Ok(())
}

/// What a record line must look like, for messages.
const SHAPE: &str =
    r#"a record is a JSON object {"game": NAME, "record": {"config": …, "events": […]}}"#;

/// The game a record line names.
fn game_of(header: &serde_json::Value) -> Result<GameKind, String> {
    let Some(object) = header.as_object() else {
        return Err(format!("not a record: {SHAPE}"));
    };
    let Some(game) = object.get("game") else {
        return Err(format!("no \"game\" field: {SHAPE}"));
    };
    let Some(name) = game.as_str() else {
        return Err(format!("\"game\" must be a game's name, not {game}"));
    };
    GameKind::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = GameKind::GAMES.iter().map(|g| g.name()).collect();
        format!(
            "unknown game {name:?} (the games are {}; names are lower-case)",
            names.join(", ")
        )
    })
}

/// Checks each event of a record on its own, to name a bad one in the game's terms.
fn check_events<G: CliGame>(header: &serde_json::Value) -> Result<(), String> {
    let name = G::KIND.name();
    let Some(events) = header
        .get("record")
        .and_then(|r| r.get("events"))
        .and_then(|e| e.as_array())
    else {
        return Err(format!("no list of events at record.events: {SHAPE}"));
    };
    for (index, event) in events.iter().enumerate() {
        let bad = |what: &str, value: &serde_json::Value, e: serde_json::Error| {
            let message = e.to_string();
            if message.contains("there are no variants") {
                format!("event {index} is a {what} ({value}), but {name} has no {what}s")
            } else {
                format!("event {index}: {value} is not a {what} of {name}: {message}")
            }
        };
        if let Some(value) = event.get("move") {
            serde_json::from_value::<G::Move>(value.clone()).map_err(|e| bad("move", value, e))?;
        } else if let Some(value) = event.get("chance") {
            serde_json::from_value::<G::Chance>(value.clone())
                .map_err(|e| bad("chance outcome", value, e))?;
        } else {
            return Err(format!(
                "event {index} ({event}) is neither {{\"move\": …}} nor {{\"chance\": …}}"
            ));
        }
    }
    Ok(())
}

/// The record of `line`, or an error naming it by `number`.
fn parse_record<G: CliGame>(line: &str, number: usize) -> Result<Record<G>, CliError> {
    let parsed: RecordLine<G> =
        serde_json::from_str(line).map_err(|e| data(format!("record {number}: {e}")))?;
    Ok(parsed.record)
}

/// How a replay failure is reported.
fn replay_error(number: usize, total: usize, error: ReplayError) -> CliError {
    match error {
        ReplayError::Event {
            index,
            event,
            error,
        } => data(format!(
            "record {number}: event {index} of {total} ({event}) is illegal: {error}"
        )),
        other => data(format!("record {number}: {other}")),
    }
}

/// `--states`: the start state and the state after every event, one notation per line.
fn states_of<G: CliGame>(line: &str, number: usize, blank_first: bool) -> Result<(), CliError> {
    let record = parse_record::<G>(line, number)?;
    let total = record.events.len();
    let start = record
        .start_state()
        .map_err(|e| replay_error(number, total, e))?;
    let mut out = std::io::stdout().lock();
    if blank_first {
        writeln!(out).map_err(output)?;
    }
    writeln!(out, "{start}").map_err(output)?;
    let mut written = Ok(());
    record
        .replay_with(|_, _, state| {
            if written.is_ok() {
                written = writeln!(out, "{state}");
            }
        })
        .map_err(|e| replay_error(number, total, e))?;
    written.map_err(output)
}

fn replay_one<G: CliGame>(
    line: &str,
    number: usize,
    verbose: bool,
    several: bool,
) -> Result<(), CliError> {
    let record = parse_record::<G>(line, number)?;
    let total = record.events.len();
    let mut out = std::io::stdout().lock();
    let mut written = Ok(());
    let state = record
        .replay_with(|index, event, state| {
            if verbose && written.is_ok() {
                let label = match event {
                    Event::Move(m) => format!("move {m}"),
                    Event::Chance(c) => format!("dice {c}"),
                };
                written = writeln!(out, "{index:>5}: {label:<16} {state}");
            }
        })
        .map_err(|e| replay_error(number, total, e))?;
    written.map_err(output)?;
    if several {
        writeln!(out, "record {number}:").map_err(output)?;
    }
    writeln!(out, "{state:#}").map_err(output)?;
    match state.outcome() {
        Some(outcome) => writeln!(
            out,
            "result: {} after {total} events",
            state.result_line(&outcome)
        ),
        None => writeln!(out, "unfinished after {total} events: {state}"),
    }
    .map_err(output)
}
