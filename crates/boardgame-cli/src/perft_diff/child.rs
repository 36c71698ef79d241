//! A generator's process, through `boardgame_io::process`: started in a process group of its
//! own, read one bounded line at a time against a deadline, its standard error kept as a
//! short tail, and killed with its whole group when dropped (or on Ctrl-C), so that a silent,
//! slow, crashing, flooding or forking program never hangs the comparison nor outlives it.

use std::io::Write;
use std::process::{ExitStatus, Stdio};
use std::time::{Duration, Instant};

use crate::error::CliError;
use boardgame_io::lines::Line;
use boardgame_io::process::{Command, Lines, Tail};
use boardgame_io::quote;

pub(crate) use boardgame_io::process::describe;

/// The longest line read from a generator, in bytes (a divide line is a few words).
pub(crate) const MAX_LINE: usize = 4096;

/// Lines read ahead of the comparison.
const QUEUE: usize = 64;

/// The bytes of standard error kept (the end of it).
const STDERR_TAIL: usize = 2048;

/// How long a generator gets to end after `quit` or after closing its output.
const GRACE: Duration = Duration::from_millis(500);

/// A running generator.
pub(crate) struct Child {
    /// The program, as named in messages.
    pub(crate) name: String,
    process: boardgame_io::process::Child,
    lines: Lines,
    stderr: Option<Tail>,
}

/// What waiting for a line gave.
pub(crate) enum Next {
    /// A line of text.
    Line(String),
    /// The output ended.
    End,
}

impl Child {
    /// Starts `command` (program and arguments), with a pipe to its input if `input`;
    /// `name` names it in messages.
    ///
    /// # Errors
    /// The program cannot be started (missing, not executable).
    pub(crate) fn spawn(command: &[String], input: bool, name: &str) -> Result<Child, CliError> {
        let (program, args) = command
            .split_first()
            .ok_or_else(|| CliError::Usage("no generator command given".into()))?;
        let name = name.to_owned();
        let mut process = Command::new(program)
            .args(args)
            .stdin(if input { Stdio::piped() } else { Stdio::null() })
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| {
                // The program as given, whole: its short name hides the part that is wrong
                // (`/nonexistent/gen.py` is not `gen.py`).
                CliError::Data(format!(
                    "cannot start {}: {e}",
                    boardgame_io::quote_path(std::path::Path::new(program))
                ))
            })?;
        let lines = process
            .lines(MAX_LINE, QUEUE)
            .ok_or_else(|| CliError::Data(format!("{name}: no output pipe")))?;
        let stderr = process.keep_stderr_tail(STDERR_TAIL);
        Ok(Child {
            name,
            process,
            lines,
            stderr,
        })
    }

    /// Sends `line` and a newline.
    ///
    /// # Errors
    /// The generator has closed its input (it ended).
    pub(crate) fn send(&mut self, line: &str) -> Result<(), CliError> {
        let sent = match &mut self.process.stdin {
            Some(stdin) => writeln!(stdin, "{line}").and_then(|()| stdin.flush()),
            None => Err(std::io::ErrorKind::BrokenPipe.into()),
        };
        sent.map_err(|e| {
            let why = self.ended().unwrap_or_else(|| format!("({e})"));
            CliError::Data(format!(
                "{} did not take the command {}: it ended {why}{}",
                self.name,
                quote(line),
                self.stderr_note()
            ))
        })
    }

    /// The next line, or the end of the output, waiting until `deadline`.
    ///
    /// # Errors
    /// The deadline passed (`waiting_for` says for what), or a line was too long or not
    /// text.
    pub(crate) fn next(&mut self, deadline: Instant, waiting_for: &str) -> Result<Next, CliError> {
        match self.lines.next_until(deadline) {
            Ok(Some(Line::Text(text))) => Ok(Next::Line(text)),
            Ok(Some(Line::Skipped { why, .. })) => Err(CliError::Data(format!(
                "{} wrote {} while {waiting_for}",
                self.name,
                why.trim_end_matches(", ignored")
            ))),
            Ok(None) => Ok(Next::End),
            Err(_) => Err(CliError::Data(format!(
                "{} gave no complete answer in time while {waiting_for} (see --timeout){}",
                self.name,
                self.stderr_note()
            ))),
        }
    }

    /// Waits until `deadline` for the program to end, and returns how it ended.
    ///
    /// # Errors
    /// It has not ended by then.
    pub(crate) fn wait(&mut self, deadline: Instant) -> Result<ExitStatus, CliError> {
        self.process.wait_until(deadline).map_err(|e| {
            if e.kind() == std::io::ErrorKind::TimedOut {
                CliError::Data(format!(
                    "{} closed its output but did not end in time (see --timeout)",
                    self.name
                ))
            } else {
                CliError::Data(format!("{}: {e}", self.name))
            }
        })
    }

    /// How the program ended, if it has (`"with exit status 3"`, `"by signal 11"`).
    pub(crate) fn ended(&mut self) -> Option<String> {
        // The output closes a moment before the process ends.
        let until = Instant::now() + Duration::from_millis(100);
        self.process.wait_until(until).ok().map(describe)
    }

    /// The last line of the program's standard error, quoted short, as a note to append to a
    /// message (empty if it wrote none).
    pub(crate) fn stderr_note(&self) -> String {
        match self.stderr.as_ref().and_then(Tail::last_line) {
            Some(line) => format!("; its standard error ends {}", quote(&line)),
            None => String::new(),
        }
    }

    /// Sends `quit` (if it has an input), then ends the program and its group: at once if it
    /// has not ended within a moment.
    pub(crate) fn quit(mut self) {
        if self.process.stdin.is_some() {
            let _ = self.send("quit");
        }
        self.process.finish(GRACE);
    }
}

/// A command's short name for messages: each word's last path component, quoted short
/// (`"python3 gen.py --bug x"`).
pub(crate) fn short_name(command: &[String]) -> String {
    let words: Vec<&str> = command
        .iter()
        .map(|word| word.rsplit('/').next().unwrap_or(word))
        .collect();
    quote(&words.join(" ")).to_string()
}
