//! `boardgame vectors --check FILE`: replays a vector file against the library, record by
//! record, and names the first line where they disagree.

use std::io::BufReader;
use std::path::Path;

use boardgame_core::Turn;
use boardgame_core::settings::configure;
use serde_json::Value;

use super::{FORMAT, Kind, VERSION, kinds};
use crate::error::CliError;
use crate::games::{CliGame, GameKind};
use boardgame_io::lines::{Line, read_line};
use boardgame_io::quote;

/// The longest line of a vector file (an Ataxx record with 200 moves is about 10 kB).
const MAX_RECORD: usize = 1 << 20;

/// The largest vector file read, in bytes.
const MAX_FILE: u64 = 1 << 30;

/// What a checked file held.
pub(crate) struct Checked {
    /// The game.
    pub(crate) game: GameKind,
    /// The preset named in the header.
    pub(crate) preset: String,
    /// The records checked.
    pub(crate) records: usize,
    /// What the file holds.
    pub(crate) kind: Kind,
}

/// A mismatch or a bad line, at `line` of `path`.
fn at(path: &Path, line: usize, what: impl std::fmt::Display) -> CliError {
    CliError::Data(format!(
        "{} line {line}: {what}",
        boardgame_io::quote_path(path)
    ))
}

/// A JSON value for a message: a number as it is, anything else quoted short.
fn shown(value: &Value) -> String {
    match value {
        Value::String(text) => quote(text).to_string(),
        Value::Number(_) | Value::Bool(_) | Value::Null => value.to_string(),
        other => quote(&other.to_string()).to_string(),
    }
}

/// Checks every record of the file at `path`.
///
/// # Errors
/// The file cannot be read or is not a vector file of this format's version, or a record
/// disagrees with the library: the first such line, with what differs.
pub(crate) fn check_file(path: &Path) -> Result<Checked, CliError> {
    let name = boardgame_io::quote_path(path);
    let (file, length) = boardgame_io::read::open_regular(path)
        .map_err(|e| CliError::Data(format!("{name}: {e}")))?;
    if length > MAX_FILE {
        return Err(CliError::Data(format!(
            "{name} is larger than {MAX_FILE} bytes"
        )));
    }
    let mut lines = Lines {
        path,
        input: BufReader::new(file),
        number: 0,
    };
    let header = lines
        .next()?
        .ok_or_else(|| at(path, 1, "an empty file: the first line is the header"))?;
    if header["format"] != FORMAT {
        return Err(at(
            path,
            1,
            format_args!("not a vector file (no \"format\":\"{FORMAT}\")"),
        ));
    }
    let version = header["version"]
        .as_u64()
        .filter(|v| (1..=u64::from(VERSION)).contains(v));
    let Some(version) = version else {
        return Err(at(
            path,
            1,
            format_args!(
                "format version {}; this checker reads versions 1 to {VERSION}",
                shown(&header["version"])
            ),
        ));
    };
    // Version 1 had only `moves` sets, and no `kind`.
    let kind = if version == 1 {
        Some(Kind::Moves)
    } else {
        header["kind"]
            .as_str()
            .and_then(|name| Kind::ALL.into_iter().find(|k| k.name() == name))
    }
    .ok_or_else(|| {
        at(
            path,
            1,
            format_args!("unknown kind {}", shown(&header["kind"])),
        )
    })?;
    let game = header["game"]
        .as_str()
        .and_then(GameKind::from_name)
        .filter(|g| GameKind::GAMES.contains(g))
        .ok_or_else(|| {
            at(
                path,
                1,
                format_args!("unknown game {}", shown(&header["game"])),
            )
        })?;
    let preset = header["preset"].as_str().unwrap_or_default().to_owned();
    let records = match game {
        GameKind::Ataxx => check_records::<ataxx::Ataxx>(kind, &header, &mut lines)?,
        GameKind::Thax => check_records::<thax::Thax>(kind, &header, &mut lines)?,
        GameKind::Parchis => check_records::<parchis::Parchis>(kind, &header, &mut lines)?,
        GameKind::CoCaNgua => check_records::<co_ca_ngua::CoCaNgua>(kind, &header, &mut lines)?,
        GameKind::Nim | GameKind::Race => 0,
    };
    if header["records"] != records {
        return Err(at(
            path,
            lines.number,
            format_args!(
                "the header announces {} records, the file has {records}",
                shown(&header["records"])
            ),
        ));
    }
    Ok(Checked {
        game,
        preset,
        records,
        kind,
    })
}

/// A vector file's lines, read one bounded line at a time as JSON.
struct Lines<'a> {
    path: &'a Path,
    input: BufReader<std::fs::File>,
    /// The number of the last line read, from 1.
    number: usize,
}

impl Lines<'_> {
    /// The next line as JSON (`None` at the end of the file).
    fn next(&mut self) -> Result<Option<Value>, CliError> {
        self.number += 1;
        let line =
            read_line(&mut self.input, MAX_RECORD).map_err(|e| at(self.path, self.number, e))?;
        match line {
            None => Ok(None),
            // The reader's own wording ends in "ignored"; here such a line stops the check.
            Some(Line::Skipped { why, .. }) => Err(at(
                self.path,
                self.number,
                why.trim_end_matches(", ignored"),
            )),
            // An empty last line (an editor's trailing newline) ends the file; elsewhere an
            // empty line is an error.
            Some(Line::Text(text)) if text.trim().is_empty() => {
                let empty = self.number;
                loop {
                    self.number += 1;
                    match read_line(&mut self.input, MAX_RECORD)
                        .map_err(|e| at(self.path, self.number, e))?
                    {
                        None => return Ok(None),
                        Some(Line::Text(text)) if text.trim().is_empty() => {}
                        Some(_) => {
                            return Err(at(self.path, empty, "an empty line among the records"));
                        }
                    }
                }
            }
            Some(Line::Text(text)) => serde_json::from_str(&text).map(Some).map_err(|e| {
                at(
                    self.path,
                    self.number,
                    format_args!("not a JSON object: {e}"),
                )
            }),
        }
    }
}

/// Checks the records that follow the header: how many there were.
fn check_records<G: super::refusals::Refusals>(
    kind: Kind,
    header: &Value,
    lines: &mut Lines<'_>,
) -> Result<usize, CliError> {
    let config = config_of::<G>(header).map_err(|what| at(lines.path, 1, what))?;
    let mut records = 0;
    while let Some(record) = lines.next()? {
        records += 1;
        if record["n"] != records {
            return Err(at(
                lines.path,
                lines.number,
                format_args!("record number {}, expected {records}", shown(&record["n"])),
            ));
        }
        let checked = match kind {
            Kind::Moves => check_record::<G>(&config, &record),
            other => kinds::check_record::<G>(other, &config, &record),
        };
        checked.map_err(|what| at(lines.path, lines.number, what))?;
    }
    Ok(records)
}

/// The configuration the header names: its preset, then each of its settings.
fn config_of<G: CliGame>(header: &Value) -> Result<G::Config, String> {
    let preset = header["preset"]
        .as_str()
        .ok_or("the header has no preset")?;
    let settings = header["settings"]
        .as_object()
        .ok_or("the header has no settings")?;
    let mut pairs = Vec::new();
    for (key, value) in settings {
        pairs.push((
            key.as_str(),
            value.as_str().ok_or("a setting's value is not a string")?,
        ));
    }
    configure::<G::Config>(Some(preset), pairs).map_err(|e| e.to_string())
}

/// Checks one record; the error says what differs, short.
fn check_record<G: CliGame>(config: &G::Config, record: &Value) -> Result<(), String> {
    let text = record["state"].as_str().ok_or("no \"state\"")?;
    let state = G::from_notation(text, config).map_err(|e| {
        format!(
            "the library refuses the state {}: {}",
            quote(text),
            quote(&e.to_string())
        )
    })?;
    let written = state.to_string();
    if written != text {
        return Err(format!(
            "the library writes the state {} as {}",
            quote(text),
            quote(&written)
        ));
    }
    let turn = record["turn"].as_str().unwrap_or_default();
    match state.turn() {
        Turn::Player(seat) => {
            expect_turn(turn, "player")?;
            if record["seat"] != seat.index() {
                return Err(format!(
                    "seat {} to move, the library says {}",
                    shown(&record["seat"]),
                    seat.index()
                ));
            }
            let listed = record["moves"].as_array().ok_or("no \"moves\" list")?;
            let moves = state.legal_moves_vec();
            if listed.len() != moves.len() {
                return Err(format!(
                    "{} moves, the library has {}",
                    listed.len(),
                    moves.len()
                ));
            }
            for (entry, mv) in listed.iter().zip(moves) {
                let mut after = state.clone();
                after.play_unchecked(mv);
                same(&entry[0], &mv.to_string(), "move")?;
                same(&entry[1], &after.to_string(), &format!("state after {mv}"))?;
            }
        }
        Turn::Chance => {
            expect_turn(turn, "chance")?;
            let dist = state
                .chance_outcomes()
                .ok_or("the library has no chance outcomes")?;
            if record["total"] != dist.total() {
                return Err(format!(
                    "total weight {}, the library's is {}",
                    shown(&record["total"]),
                    dist.total()
                ));
            }
            let listed = record["outcomes"]
                .as_array()
                .ok_or("no \"outcomes\" list")?;
            if listed.len() != dist.len() {
                return Err(format!(
                    "{} outcomes, the library has {}",
                    listed.len(),
                    dist.len()
                ));
            }
            for (entry, (outcome, weight)) in listed.iter().zip(dist.iter()) {
                let mut after = state.clone();
                after.apply_chance_unchecked(outcome);
                same(&entry[0], &outcome.to_string(), "outcome")?;
                if entry[1] != weight {
                    return Err(format!(
                        "weight {} for {outcome}, the library's is {weight}",
                        shown(&entry[1])
                    ));
                }
                same(
                    &entry[2],
                    &after.to_string(),
                    &format!("state after {outcome}"),
                )?;
            }
        }
        Turn::Terminal => {
            expect_turn(turn, "terminal")?;
            let ranks = state
                .outcome()
                .map(|o| o.ranks().as_slice().to_vec())
                .unwrap_or_default();
            if record["ranks"] != Value::from(ranks.clone()) {
                return Err(format!(
                    "ranks {}, the library's are {ranks:?}",
                    shown(&record["ranks"])
                ));
            }
        }
    }
    Ok(())
}

fn expect_turn(found: &str, library: &str) -> Result<(), String> {
    if found == library {
        Ok(())
    } else {
        Err(format!("turn {}, the library says {library}", quote(found)))
    }
}

fn same(found: &Value, library: &str, what: &str) -> Result<(), String> {
    if found.as_str() == Some(library) {
        Ok(())
    } else {
        Err(format!(
            "{what}: {}, the library's is {}",
            shown(found),
            quote(library)
        ))
    }
}
