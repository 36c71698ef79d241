//! A generator's process: started with piped output, read one bounded line at a time
//! against a deadline, its standard error kept as a short tail, and killed when dropped,
//! so that a silent, slow, crashing or flooding program never hangs the comparison.

use std::io::{Read, Write};
use std::process::{ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::error::CliError;
use boardgame_io::lines::{Line, spawn_reader};
use boardgame_io::quote;

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
    process: std::process::Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
    stderr: Arc<Mutex<Vec<u8>>>,
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
            .map_err(|e| CliError::Data(format!("cannot start {name}: {e}")))?;
        let stdout = process.stdout.take();
        let lines = match stdout {
            Some(stdout) => spawn_reader(stdout, MAX_LINE, QUEUE, "generator-stdout"),
            None => std::sync::mpsc::sync_channel(0).1,
        };
        let stderr = Arc::new(Mutex::new(Vec::new()));
        if let Some(pipe) = process.stderr.take() {
            let tail = Arc::clone(&stderr);
            let _ = std::thread::Builder::new()
                .name("generator-stderr".into())
                .spawn(move || keep_tail(pipe, &tail));
        }
        let stdin = process.stdin.take();
        Ok(Child {
            name,
            process,
            stdin,
            lines,
            stderr,
        })
    }

    /// Sends `line` and a newline.
    ///
    /// # Errors
    /// The generator has closed its input (it ended).
    pub(crate) fn send(&mut self, line: &str) -> Result<(), CliError> {
        let sent = match &mut self.stdin {
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
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(Line::Text(text)) => Ok(Next::Line(text)),
            Ok(Line::Skipped { why, .. }) => Err(CliError::Data(format!(
                "{} wrote {} while {waiting_for}",
                self.name,
                why.trim_end_matches(", ignored")
            ))),
            Err(RecvTimeoutError::Disconnected) => Ok(Next::End),
            Err(RecvTimeoutError::Timeout) => Err(CliError::Data(format!(
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
        loop {
            match self.process.try_wait() {
                Ok(Some(status)) => return Ok(status),
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(5));
                }
                Ok(None) => {
                    return Err(CliError::Data(format!(
                        "{} closed its output but did not end in time (see --timeout)",
                        self.name
                    )));
                }
                Err(e) => return Err(CliError::Data(format!("{}: {e}", self.name))),
            }
        }
    }

    /// How the program ended, if it has (`"with exit status 3"`, `"by signal 11"`).
    pub(crate) fn ended(&mut self) -> Option<String> {
        // The output closes a moment before the process is reaped.
        let until = Instant::now() + Duration::from_millis(100);
        let status = loop {
            match self.process.try_wait() {
                Ok(Some(status)) => break status,
                Ok(None) if Instant::now() < until => std::thread::sleep(Duration::from_millis(5)),
                _ => return None,
            }
        };
        Some(describe(status))
    }

    /// The last line of the program's standard error, quoted short, as a note to append to a
    /// message (empty if it wrote none).
    pub(crate) fn stderr_note(&self) -> String {
        let tail = self.stderr.lock().map(|t| t.clone()).unwrap_or_default();
        let text = String::from_utf8_lossy(&tail);
        match text.lines().rev().find(|line| !line.trim().is_empty()) {
            Some(line) => format!("; its standard error ends {}", quote(line.trim())),
            None => String::new(),
        }
    }

    /// Sends `quit` (if it has an input), then ends the program: at once if it has not ended
    /// within a moment.
    pub(crate) fn quit(mut self) {
        if self.stdin.is_some() {
            let _ = self.send("quit");
            self.stdin = None;
            let _ = self.wait(Instant::now() + GRACE);
        }
    }
}

impl Drop for Child {
    fn drop(&mut self) {
        self.stdin = None;
        if let Ok(None) = self.process.try_wait() {
            let _ = self.process.kill();
        }
        let _ = self.process.wait();
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

/// How a process ended, in words.
pub(crate) fn describe(status: ExitStatus) -> String {
    if let Some(code) = status.code() {
        return format!("with exit status {code}");
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return format!("by signal {signal}");
        }
    }
    format!("({status})")
}

/// Reads `pipe` to its end, keeping its last [`STDERR_TAIL`] bytes in `tail`.
fn keep_tail(mut pipe: impl Read, tail: &Mutex<Vec<u8>>) {
    let mut buffer = [0u8; 4096];
    loop {
        match pipe.read(&mut buffer) {
            Ok(0) | Err(_) => return,
            Ok(n) => {
                if let Ok(mut tail) = tail.lock() {
                    tail.extend_from_slice(&buffer[..n]);
                    if tail.len() > STDERR_TAIL {
                        let cut = tail.len() - STDERR_TAIL;
                        tail.drain(..cut);
                    }
                }
            }
        }
    }
}
