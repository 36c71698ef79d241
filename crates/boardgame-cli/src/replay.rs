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

/// The longest record line read (as `merge` caps its inputs): longer lines are refused
/// before they are held in memory.
const MAX_RECORD_LINE: usize = 64 << 20;

/// Lines up to this size that fail to parse are parsed again as plain JSON, to name the bad
/// event in the game's terms; longer ones get the parser's message.
const MAX_EXPLAINED_LINE: usize = 1 << 20;

/// Runs `replay` on every record in the file, reading one line at a time.
pub(crate) fn run(args: &ReplayArgs) -> Result<(), CliError> {
    // Only a regular file (`boardgame_io::read`: a FIFO or a device is refused before it
    // is opened), read one line of at most MAX_RECORD_LINE bytes at a time.
    let (file, _) = boardgame_io::read::open_regular(&args.file)
        .map_err(|e| data(format!("{}: {e}", boardgame_io::quote_path(&args.file))))?;
    let mut lines = RecordLines {
        input: std::io::BufReader::new(file),
        path: &args.file,
        line: 0,
    };
    let Some(mut current) = lines.next_record()? else {
        return Err(data(format!(
            "{}: no record in the file",
            boardgame_io::quote_path(&args.file)
        )));
    };
    // One line read ahead, to know whether the file holds several records.
    let mut number = 0;
    loop {
        let next = lines.next_record()?;
        replay_line(&current, number, args, number > 0 || next.is_some())?;
        match next {
            Some(line) => current = line,
            None => return Ok(()),
        }
        number += 1;
    }
}

/// The non-blank lines of a record file, each at most [`MAX_RECORD_LINE`] bytes.
struct RecordLines<'a, R> {
    input: R,
    path: &'a std::path::Path,
    /// Lines read so far.
    line: u64,
}

impl<R: std::io::BufRead> RecordLines<'_, R> {
    fn next_record(&mut self) -> Result<Option<String>, CliError> {
        use std::io::{BufRead as _, Read as _};
        loop {
            let mut bytes = Vec::new();
            (&mut self.input)
                .take(MAX_RECORD_LINE as u64 + 1)
                .read_until(b'\n', &mut bytes)
                .map_err(|e| data(format!("{}: {e}", boardgame_io::quote_path(self.path))))?;
            if bytes.is_empty() {
                return Ok(None);
            }
            self.line += 1;
            if bytes.len() > MAX_RECORD_LINE {
                return Err(data(format!(
                    "{} line {}: longer than {} MiB; not a record",
                    boardgame_io::quote_path(self.path),
                    self.line,
                    MAX_RECORD_LINE >> 20
                )));
            }
            let text = String::from_utf8(bytes).map_err(|_| {
                data(format!(
                    "{} line {}: not UTF-8 text",
                    boardgame_io::quote_path(self.path),
                    self.line
                ))
            })?;
            if !text.trim().is_empty() {
                return Ok(Some(text));
            }
        }
    }
}

/// The one field read before the record's game is known (the others are skipped).
#[derive(serde::Deserialize)]
struct Header {
    game: Option<serde_json::Value>,
}

/// Replays (or, with `--states`, lists the states of) record `number`, on `line`.
fn replay_line(
    line: &str,
    number: usize,
    args: &ReplayArgs,
    several: bool,
) -> Result<(), CliError> {
    let header = match serde_json::from_str::<Header>(line) {
        Ok(header) => header,
        Err(error) => return Err(explain_bad_line(line, number, Some(error))),
    };
    let kind = game_of(header.game.as_ref()).map_err(|e| data(format!("record {number}: {e}")))?;
    with_game!(kind, G => {
        let record = match serde_json::from_str::<RecordLine<G>>(line) {
            Ok(parsed) => parsed.record,
            Err(error) => return Err(explain_bad_line(line, number, Some(error))),
        };
        unknown_settings::<G>(line, &record.config)
            .map_err(|message| data(format!("record {number}: {message}")))?;
        if args.states {
            states_of::<G>(record, number, number > 0)
        } else {
            replay_one::<G>(record, number, args.verbose, several)
        }
    })
}

/// Why `line` is not a record of its game: the first bad event named in the game's terms
/// (for lines up to [`MAX_EXPLAINED_LINE`]), else the parser's message.
fn explain_bad_line(line: &str, number: usize, parsed: Option<serde_json::Error>) -> CliError {
    let fail = |message: String| data(format!("record {number}: {message}"));
    if let Some(error) = &parsed
        && error.to_string().starts_with("duplicate field")
    {
        // Read as a plain JSON object, the last of the two would win, and the message would
        // be about something else.
        return fail(format!(
            "{}: a record gives each field once",
            boardgame_io::clip(&error.to_string())
        ));
    }
    if line.len() > MAX_EXPLAINED_LINE {
        return match parsed {
            Some(error) => fail(boardgame_io::clip(&error.to_string()).to_string()),
            None => fail(format!("not a record: {SHAPE}")),
        };
    }
    let header: serde_json::Value = match serde_json::from_str(line) {
        Ok(header) => header,
        Err(e) => return fail(format!("not JSON: {}", boardgame_io::clip(&e.to_string()))),
    };
    if !header.is_object() {
        return fail(format!("not a record: {SHAPE}"));
    }
    let kind = match game_of(header.get("game")) {
        Ok(kind) => kind,
        Err(message) => return fail(message),
    };
    let checked = with_game!(kind, G => check_events::<G>(&header));
    match (checked, parsed) {
        (Err(message), _) => fail(message),
        (Ok(()), Some(error)) => fail(boardgame_io::clip(&error.to_string()).to_string()),
        (Ok(()), None) => fail(format!("not a record: {SHAPE}")),
    }
}

/// Refuses a setting in `record.config` that the game does not have (serde would skip it, and
/// a typo such as `variantt` would replay other rules than were meant). A key the parsed
/// `config` does not write back is unknown when the configuration still reads the same with
/// that key's value replaced by values no setting takes (an alias of a setting, such as
/// Thax's `first_player`, then fails to read).
fn unknown_settings<G: CliGame>(line: &str, config: &G::Config) -> Result<(), String> {
    #[derive(serde::Deserialize)]
    struct Line {
        record: RecordPart,
    }
    #[derive(serde::Deserialize)]
    struct RecordPart {
        config: serde_json::Map<String, serde_json::Value>,
    }
    let Ok(raw) = serde_json::from_str::<Line>(line) else {
        return Ok(());
    };
    let written = serde_json::to_value(config).map_err(|e| e.to_string())?;
    let Some(known) = written.as_object() else {
        return Ok(());
    };
    for key in raw.record.config.keys().filter(|k| !known.contains_key(*k)) {
        let ignored = [
            serde_json::Value::Bool(true),
            serde_json::Value::String("\u{0}".into()),
        ]
        .into_iter()
        .all(|probe| {
            let mut probed = raw.record.config.clone();
            probed.insert(key.clone(), probe);
            serde_json::from_value::<G::Config>(serde_json::Value::Object(probed)).is_ok()
        });
        if ignored {
            return Err(format!(
                "record.config has the setting {}, which {} does not have (`boardgame rules {}` lists them)",
                boardgame_io::quote(key),
                G::KIND.name(),
                G::KIND.name()
            ));
        }
    }
    Ok(())
}

/// What a record line must look like, for messages.
const SHAPE: &str =
    r#"a record is a JSON object {"game": NAME, "record": {"config": …, "events": […]}}"#;

/// The game a record line names in its `game` field.
fn game_of(game: Option<&serde_json::Value>) -> Result<GameKind, String> {
    let Some(game) = game else {
        return Err(format!("no \"game\" field: {SHAPE}"));
    };
    let Some(name) = game.as_str() else {
        return Err(format!(
            "\"game\" must be a game's name, not {}",
            boardgame_io::clip(&game.to_string())
        ));
    };
    GameKind::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = GameKind::GAMES.iter().map(|g| g.name()).collect();
        format!(
            "unknown game {} (the games are {}; names are lower-case)",
            boardgame_io::quote(name),
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
            let message = boardgame_io::clip(&e.to_string()).to_string();
            let value = boardgame_io::clip(&value.to_string()).to_string();
            if message.contains("there are no variants") {
                format!("event {index} is a {what} ({value}), but {name} has no {what}s")
            } else {
                format!("event {index}: {value} is not a {what} of {name}: {message}")
            }
        };
        let keys = event.as_object().map_or(0, serde_json::Map::len);
        if keys > 1 {
            let both = event.get("move").is_some() && event.get("chance").is_some();
            return Err(format!(
                "event {index} ({}) has {}: an event is either {{\"move\": …}} or \
                 {{\"chance\": …}}",
                boardgame_io::clip(&event.to_string()),
                if both {
                    "both a move and a chance outcome".to_owned()
                } else {
                    format!("{keys} keys")
                }
            ));
        }
        if let Some(value) = event.get("move") {
            serde_json::from_value::<G::Move>(value.clone()).map_err(|e| bad("move", value, e))?;
        } else if let Some(value) = event.get("chance") {
            serde_json::from_value::<G::Chance>(value.clone())
                .map_err(|e| bad("chance outcome", value, e))?;
        } else {
            return Err(format!(
                "event {index} ({}) is neither {{\"move\": …}} nor {{\"chance\": …}}",
                boardgame_io::clip(&event.to_string())
            ));
        }
    }
    Ok(())
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
fn states_of<G: CliGame>(
    record: Record<G>,
    number: usize,
    blank_first: bool,
) -> Result<(), CliError> {
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
    record: Record<G>,
    number: usize,
    verbose: bool,
    several: bool,
) -> Result<(), CliError> {
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

#[cfg(test)]
mod tests {
    use super::*;

    const RECORD: &str = r#"{"game":"nim","record":{"config":{"seats":2,"counters":5,"max_take":3},"events":[{"move":1},{"move":2}]}}"#;

    proptest::proptest! {
        /// Any text as a record line: the error explaining it names the record and does not
        /// panic, whether it is cut, spliced or garbage.
        #[test]
        fn any_line_is_explained_without_panicking(
            cut in 0usize..200,
            splice in "[ -~]{0,20}",
            garbage in "\\PC{0,200}",
        ) {
            let cut = RECORD.char_indices().nth(cut).map_or(RECORD.len(), |(i, _)| i);
            for line in [format!("{}{splice}{}", &RECORD[..cut], &RECORD[cut..]), garbage.clone()] {
                let message = explain_bad_line(&line, 7, None).to_string();
                proptest::prop_assert!(message.starts_with("record 7: "), "{}", message);
                if let Ok(header) = serde_json::from_str::<Header>(&line) {
                    let _ = game_of(header.game.as_ref());
                }
            }
        }
    }

    #[test]
    fn a_duplicate_game_or_an_event_with_two_kinds_is_named() {
        let duplicate = RECORD.replacen(r#""game":"nim","#, r#""game":"nim","game":"thax","#, 1);
        let message = replay_line(&duplicate, 0, &quiet_args(), false)
            .unwrap_err()
            .to_string();
        assert!(message.contains("duplicate field `game`"), "{message}");
        let both = RECORD.replacen(r#"{"move":1}"#, r#"{"move":1,"chance":3}"#, 1);
        let message = replay_line(&both, 0, &quiet_args(), false)
            .unwrap_err()
            .to_string();
        assert!(
            message.contains("event 0") && message.contains("both a move and a chance outcome"),
            "{message}"
        );
        // A huge event is quoted by its start.
        let huge = RECORD.replacen(
            r#"{"move":1}"#,
            &format!(r#"{{"move":"{}","chance":3}}"#, "x".repeat(100_000)),
            1,
        );
        let message = replay_line(&huge, 0, &quiet_args(), false)
            .unwrap_err()
            .to_string();
        assert!(message.len() < 300, "{message}");
    }

    /// Issue 44, cosmetic: an unknown key in the configuration was skipped silently; an
    /// alias of a setting is still read.
    #[test]
    fn an_unknown_setting_in_the_configuration_is_refused() {
        let typo = RECORD.replacen(r#""max_take":3"#, r#""max_take":3,"max_takes":2"#, 1);
        let message = replay_line(&typo, 0, &quiet_args(), false)
            .unwrap_err()
            .to_string();
        assert!(message.contains("\"max_takes\""), "{message}");
        assert!(replay_line(RECORD, 0, &quiet_args(), false).is_ok());
    }

    fn quiet_args() -> ReplayArgs {
        ReplayArgs {
            file: PathBuf::from("x"),
            verbose: false,
            states: false,
        }
    }

    #[test]
    fn record_lines_are_capped_and_blank_ones_skipped() {
        let text = format!("\n  \n{RECORD}\n\n{RECORD}");
        let mut lines = RecordLines {
            input: text.as_bytes(),
            path: std::path::Path::new("x"),
            line: 0,
        };
        assert!(lines.next_record().unwrap().is_some());
        assert_eq!(lines.line, 3);
        assert!(lines.next_record().unwrap().is_some());
        assert!(lines.next_record().unwrap().is_none());
        let mut bad = RecordLines {
            input: &b"\xff\n"[..],
            path: std::path::Path::new("x"),
            line: 0,
        };
        assert!(
            bad.next_record()
                .unwrap_err()
                .to_string()
                .contains("not UTF-8")
        );
    }
}
