//! The other generator: asked for one position's divide at a time, over UAI or as a script,
//! and its answer read into moves and counts.

use std::time::{Duration, Instant};

use super::child::{Child, Next, describe, short_name};
use super::dialect::{Dialect, Query, Transport};
use super::pattern::Pattern;
use crate::error::CliError;
use boardgame_io::quote;

/// The most lines one answer may have (a divide has at most 289 moves; engines add a few
/// lines of their own).
const MAX_ANSWER_LINES: usize = 10_000;

/// The position whose divide is asked for.
pub(crate) struct At<'a> {
    /// The FEN the comparison started from.
    pub(crate) root: &'a str,
    /// The moves from the root to this position.
    pub(crate) moves: &'a [String],
    /// This position's FEN.
    pub(crate) fen: &'a str,
    /// The depth of the divide (at least 1).
    pub(crate) depth: u32,
}

/// A generator's divide.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Answer {
    /// Each move it listed (as written), with its count, in its order.
    pub(crate) moves: Vec<(String, u64)>,
    /// The total it printed, if it prints one.
    pub(crate) total: Option<u64>,
}

/// The other generator.
pub(crate) struct Peer {
    dialect: Dialect,
    command: Vec<String>,
    timeout: Duration,
    /// The running UAI engine (none for scripts).
    engine: Option<Child>,
}

impl Peer {
    /// Starts the generator (a UAI engine is started and greeted now; a script is run for
    /// each position).
    ///
    /// # Errors
    /// The engine cannot be started or does not answer `uai` and `isready` in time.
    pub(crate) fn start(
        dialect: Dialect,
        command: Vec<String>,
        timeout: Duration,
    ) -> Result<Peer, CliError> {
        let engine = match dialect.transport {
            Transport::Uai => {
                let mut engine = Child::spawn(&command, true, &short_name(&command))?;
                let deadline = Instant::now() + timeout;
                engine.send("uai")?;
                wait_for(
                    &mut engine,
                    deadline,
                    "uaiok",
                    "waiting for uaiok after uai",
                )?;
                engine.send("isready")?;
                wait_for(
                    &mut engine,
                    deadline,
                    "readyok",
                    "waiting for readyok after isready",
                )?;
                Some(engine)
            }
            Transport::Script { .. } => None,
        };
        Ok(Peer {
            dialect,
            command,
            timeout,
            engine,
        })
    }

    /// The generator's divide of `at`.
    ///
    /// # Errors
    /// The generator failed, fell silent, or wrote a malformed answer.
    pub(crate) fn divide(&mut self, at: &At<'_>) -> Result<Answer, CliError> {
        match &self.dialect.transport {
            Transport::Script { args, strict } => {
                let (args, strict) = (args.clone(), *strict);
                self.run_script(at, &args, strict)
            }
            Transport::Uai => self.ask_engine(at),
        }
    }

    /// Ends the engine (`quit`, then killed if it lingers).
    pub(crate) fn finish(mut self) {
        if let Some(engine) = self.engine.take() {
            engine.quit();
        }
    }

    fn run_script(
        &mut self,
        at: &At<'_>,
        template: &[String],
        strict: bool,
    ) -> Result<Answer, CliError> {
        let mut command = self.command.clone();
        for word in template {
            if word == "{moves}" && at.moves.is_empty() {
                continue;
            }
            command.push(
                word.replace("{depth}", &at.depth.to_string())
                    .replace("{root}", at.root)
                    .replace("{fen}", at.fen)
                    .replace("{moves}", &at.moves.join(" ")),
            );
        }
        let Query::Split {
            move_line,
            total_line,
            ..
        } = &self.dialect.query
        else {
            return Err(CliError::Usage(
                "a script answers with a divide, not a move list".into(),
            ));
        };
        let mut script = Child::spawn(&command, false, &short_name(&self.command))?;
        let deadline = Instant::now() + self.timeout;
        let waiting_for = format!("running it for depth {} at {}", at.depth, at.fen);
        let mut reader = Reader::new(strict, &script.name, &waiting_for);
        while let Next::Line(line) = script.next(deadline, &waiting_for)? {
            reader.take(&line, move_line, total_line)?;
        }
        let status = script.wait(deadline)?;
        if !status.success() {
            return Err(CliError::Data(format!(
                "{} ended {} {waiting_for}{}",
                script.name,
                describe(status),
                script.stderr_note()
            )));
        }
        reader.finish(&script.name, &waiting_for)
    }

    fn position(&mut self, at: &At<'_>, then: Option<&str>) -> Result<(), CliError> {
        let mut line = format!("position fen {}", at.root);
        if !at.moves.is_empty() || then.is_some() {
            line.push_str(" moves");
            for mv in at.moves.iter().map(String::as_str).chain(then) {
                line.push(' ');
                line.push_str(mv);
            }
        }
        self.engine()?.send(&line)
    }

    fn engine(&mut self) -> Result<&mut Child, CliError> {
        self.engine
            .as_mut()
            .ok_or_else(|| CliError::Data("the engine is not running".into()))
    }

    fn ask_engine(&mut self, at: &At<'_>) -> Result<Answer, CliError> {
        let query = self.dialect.query.clone();
        self.position(at, None)?;
        let deadline = Instant::now() + self.timeout;
        match &query {
            Query::Split {
                command,
                move_line,
                total_line,
            } => {
                let command = command.replace("{depth}", &at.depth.to_string());
                let waiting_for = format!("answering {} at {}", quote(&command), at.fen);
                let engine = self.engine()?;
                engine.send(&command)?;
                let mut reader = Reader::new(false, &engine.name, &waiting_for);
                while !reader.ended() {
                    let line = next_line(engine, deadline, &waiting_for)?;
                    reader.take(&line, move_line, total_line)?;
                }
                let answer = reader.finish(&engine.name, &waiting_for)?;
                settle(engine, deadline, &waiting_for)?;
                Ok(answer)
            }
            Query::List {
                command,
                move_line,
                count_command,
                count_line,
            } => {
                let waiting_for = format!("listing moves with {} at {}", quote(command), at.fen);
                let engine = self.engine()?;
                engine.send(command)?;
                engine.send("isready")?;
                let mut listed = Vec::new();
                loop {
                    let line = next_line(engine, deadline, &waiting_for)?;
                    if line.trim() == "readyok" {
                        break;
                    }
                    // A line that fits the pattern but names no move is another kind of line.
                    if let Some(found) = move_line.matches(&line)
                        && let Some(mv) = found.mv.filter(|mv| mv.parse::<ataxx::Move>().is_ok())
                    {
                        listed.push(mv.to_owned());
                    }
                    if listed.len() > MAX_ANSWER_LINES {
                        return Err(too_long(&engine.name, &waiting_for));
                    }
                }
                let mut moves = Vec::with_capacity(listed.len());
                for mv in listed {
                    let count = if at.depth == 1 {
                        1
                    } else {
                        self.count_after(at, &mv, count_command, count_line)?
                    };
                    moves.push((mv, count));
                }
                let total = moves.iter().map(|(_, n)| n).sum();
                Ok(Answer {
                    moves,
                    total: Some(total),
                })
            }
        }
    }

    /// The engine's count one level below `at`, after `mv`.
    fn count_after(
        &mut self,
        at: &At<'_>,
        mv: &str,
        command: &str,
        line: &Pattern,
    ) -> Result<u64, CliError> {
        self.position(at, Some(mv))?;
        let command = command.replace("{depth}", &(at.depth - 1).to_string());
        let waiting_for = format!(
            "answering {} after {} at {}",
            quote(&command),
            quote(mv),
            at.fen
        );
        let deadline = Instant::now() + self.timeout;
        let engine = self.engine()?;
        engine.send(&command)?;
        for _ in 0..MAX_ANSWER_LINES {
            let text = next_line(engine, deadline, &waiting_for)?;
            if let Some(found) = line.matches(&text) {
                let count = parse_count(
                    found.count.unwrap_or_default(),
                    &text,
                    &engine.name,
                    &waiting_for,
                )?;
                settle(engine, deadline, &waiting_for)?;
                return Ok(count);
            }
        }
        Err(too_long(&engine.name, &waiting_for))
    }
}

/// Sends `isready` and reads up to `readyok`, so that whatever the engine printed after the
/// end of its answer is not read as part of the next one.
fn settle(engine: &mut Child, deadline: Instant, waiting_for: &str) -> Result<(), CliError> {
    engine.send("isready")?;
    wait_for(
        engine,
        deadline,
        "readyok",
        &format!("{waiting_for} (then isready)"),
    )
}

/// Reads lines until one is `wanted`.
fn wait_for(
    engine: &mut Child,
    deadline: Instant,
    wanted: &str,
    waiting_for: &str,
) -> Result<(), CliError> {
    for _ in 0..MAX_ANSWER_LINES {
        if next_line(engine, deadline, waiting_for)?.trim() == wanted {
            return Ok(());
        }
    }
    Err(too_long(&engine.name, waiting_for))
}

/// The engine's next line; its end is an error.
fn next_line(engine: &mut Child, deadline: Instant, waiting_for: &str) -> Result<String, CliError> {
    match engine.next(deadline, waiting_for)? {
        Next::Line(line) => Ok(line),
        Next::End => {
            let how = engine
                .ended()
                .unwrap_or_else(|| "(its output closed)".into());
            Err(CliError::Data(format!(
                "{} ended {how} while {waiting_for}{}",
                engine.name,
                engine.stderr_note()
            )))
        }
    }
}

fn too_long(name: &str, waiting_for: &str) -> CliError {
    CliError::Data(format!(
        "{name} wrote more than {MAX_ANSWER_LINES} lines while {waiting_for}"
    ))
}

fn malformed(name: &str, waiting_for: &str, line: &str, why: &str) -> CliError {
    CliError::Data(format!(
        "{name} wrote a malformed line while {waiting_for}: {} ({why})",
        quote(line.trim())
    ))
}

fn parse_count(count: &str, line: &str, name: &str, waiting_for: &str) -> Result<u64, CliError> {
    count
        .parse()
        .map_err(|_| malformed(name, waiting_for, line, "the count is not a whole number"))
}

/// Reads a divide's lines.
struct Reader {
    strict: bool,
    answer: Answer,
    lines: usize,
    /// The program and what it was asked, for the messages.
    name: String,
    waiting_for: String,
    /// The first malformed line, reported once the program has ended (so a crash is
    /// reported as a crash).
    bad: Option<(String, String)>,
}

impl Reader {
    fn new(strict: bool, name: &str, waiting_for: &str) -> Reader {
        Reader {
            strict,
            answer: Answer::default(),
            lines: 0,
            name: name.to_owned(),
            waiting_for: waiting_for.to_owned(),
            bad: None,
        }
    }

    fn ended(&self) -> bool {
        self.answer.total.is_some() || self.bad.is_some()
    }

    fn take(
        &mut self,
        line: &str,
        move_line: &Pattern,
        total_line: &Pattern,
    ) -> Result<(), CliError> {
        self.lines += 1;
        if self.lines > MAX_ANSWER_LINES {
            return Err(too_long(&self.name, &self.waiting_for));
        }
        if self.bad.is_some() || line.trim().is_empty() {
            return Ok(());
        }
        if self.answer.total.is_some() && self.strict {
            self.bad = Some((line.to_owned(), "a line after the total".into()));
        } else if let Some(found) = total_line.matches(line) {
            match found.count.unwrap_or_default().parse() {
                Ok(total) => self.answer.total = Some(total),
                Err(_) => {
                    self.bad = Some((line.to_owned(), "the total is not a whole number".into()))
                }
            }
        } else if let Some(found) = move_line.matches(line) {
            let mv = found.mv.unwrap_or_default();
            match (
                mv.parse::<ataxx::Move>(),
                found.count.unwrap_or_default().parse(),
            ) {
                (Ok(_), Ok(count)) => self.answer.moves.push((mv.to_owned(), count)),
                // Outside perftree's strict protocol a line that fits the pattern but names
                // no move (`Time: 25` against `{move}: {count}`) is another kind of line.
                (Err(_), _) if !self.strict => {}
                (Err(e), _) => {
                    self.bad = Some((line.to_owned(), format!("not an Ataxx move: {e}")))
                }
                (_, Err(_)) => {
                    self.bad = Some((line.to_owned(), "the count is not a whole number".into()))
                }
            }
        } else if self.strict {
            self.bad = Some((
                line.to_owned(),
                format!("expected `{move_line}` or the total `{total_line}`"),
            ));
        }
        Ok(())
    }

    fn finish(self, name: &str, waiting_for: &str) -> Result<Answer, CliError> {
        if let Some((line, why)) = &self.bad {
            return Err(malformed(name, waiting_for, line, why));
        }
        if self.answer.total.is_none() {
            return Err(CliError::Data(format!(
                "{name} printed no total while {waiting_for} ({} line{}, {} of them moves)",
                self.lines,
                if self.lines == 1 { "" } else { "s" },
                self.answer.moves.len()
            )));
        }
        Ok(self.answer)
    }
}
