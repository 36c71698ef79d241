//! `boardgame uai`: an Ataxx engine speaking UAI (the Universal Ataxx Interface: UCI with
//! `uai` for `uci`), for match runners such as cuteataxx. See `docs/uai.md`.
//!
//! Threads: one reads stdin and forwards lines; the main thread answers commands; each `go`
//! runs on a search thread, which prints the `bestmove`. So `isready` is answered at once
//! even during a search, and `stop` and `quit` interrupt it (the searcher polls a shared
//! flag every 1024 nodes). Any other command that arrives during a search waits, in order,
//! until the search has printed its `bestmove`. `perft` runs on its own thread too, and
//! `stop` and `quit` end it.
//!
//! Input lines are at most [`MAX_LINE`] bytes of UTF-8: a longer line, or one that is not
//! UTF-8, gets an `info string error: …` and is skipped. At the end of the input, a running
//! search or perft is let finish (an infinite one is stopped), and the commands waiting
//! for it run, so `printf 'go depth 8\n' | boardgame uai` prints a searched move.

mod bench;
mod clock;
mod command;
mod perft;
mod search;

pub(crate) use bench::{BenchArgs, run as run_bench_command};

use std::collections::VecDeque;
use std::io::{self, BufRead, Read, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread::{self, JoinHandle};
use std::time::Duration;

use ataxx::{Ataxx, Move};
use boardgame_core::{Game, Turn};
use boardgame_search::alphabeta::{Limits, TableError};
use clap::Args;

use crate::error::CliError;
use command::{Command, Go};
use search::{Job, Searcher};

/// The transposition table size when `Hash` is not set, in MiB.
const DEFAULT_HASH_MB: usize = 16;
/// The largest `Hash` accepted, in MiB.
const MAX_HASH_MB: usize = 4096;

/// Options of `uai`.
#[derive(Debug, Args)]
pub(crate) struct UaiArgs {
    /// Transposition table size in MiB, 1..=4096 (the `Hash` option can change it).
    #[arg(long, default_value_t = DEFAULT_HASH_MB as u64,
          value_parser = clap::value_parser!(u64).range(1..=MAX_HASH_MB as u64))]
    pub(crate) hash: u64,
}

/// Writes one line to stdout (never with `\r`); a closed stdout is ignored (the reader
/// sees EOF on stdin soon after).
pub(crate) fn say(line: &str) {
    debug_assert!(!line.contains('\r'));
    let mut out = io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// An `info string` line. The text never contains the word `bestmove` (runners look for
/// it at the start of a line, but some scan whole lines).
fn info_string(text: &str) {
    let text = text
        .replace(['\r', '\n'], " ")
        .replace("bestmove", "best-move");
    say(&format!("info string {text}"));
}

/// The longest input line read, in bytes (commands are short; a long `position … moves`
/// line of a whole game is under 2 KiB).
const MAX_LINE: usize = 4096;

/// Runs the engine until `quit` or the end of stdin.
pub(crate) fn run(args: &UaiArgs) -> Result<(), CliError> {
    let lines = spawn_reader();
    // The range is checked by clap (exit 2); the table may still not fit in memory.
    let hash_mb = usize::try_from(args.hash).unwrap_or(MAX_HASH_MB);
    let mut engine =
        Engine::new(hash_mb).map_err(|e| CliError::Data(format!("{e}; try a smaller --hash")))?;
    loop {
        engine.poll();
        // While a search runs, wake up now and then to notice its end.
        let input = if engine.busy() {
            match lines.recv_timeout(Duration::from_millis(2)) {
                Ok(input) => input,
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => {
                    engine.finish_input();
                    break;
                }
            }
        } else {
            match lines.recv() {
                Ok(input) => input,
                Err(_) => break, // EOF counts as `quit`
            }
        };
        match input {
            Input::Line(line) => {
                if !engine.handle(&line) {
                    break;
                }
            }
            Input::Unreadable(why) => info_string(&format!("error: {why}")),
        }
    }
    engine.perft.stop();
    engine.finish_search();
    Ok(())
}

/// One line of input.
#[derive(Debug, PartialEq, Eq)]
enum Input {
    /// A line of text, without its line ending.
    Line(String),
    /// A line that was skipped, and why.
    Unreadable(String),
}

/// The stdin reader: lines over a channel, closed at EOF or after a read error.
fn spawn_reader() -> mpsc::Receiver<Input> {
    let (send, receive) = mpsc::channel();
    thread::Builder::new()
        .name("uai-stdin".into())
        .spawn(move || {
            let mut stdin = io::stdin().lock();
            loop {
                let input = match read_line(&mut stdin) {
                    Ok(Some(input)) => input,
                    Ok(None) => break,
                    Err(error) => {
                        let _ = send.send(Input::Unreadable(format!("standard input: {error}")));
                        break;
                    }
                };
                if send.send(input).is_err() {
                    break;
                }
            }
        })
        .expect("the stdin thread starts");
    receive
}

/// Reads one line of at most [`MAX_LINE`] bytes (`None` at the end of the input). A longer
/// line is skipped to its end without keeping it.
fn read_line(input: &mut impl BufRead) -> io::Result<Option<Input>> {
    let mut bytes = Vec::new();
    input
        .by_ref()
        .take(MAX_LINE as u64 + 1)
        .read_until(b'\n', &mut bytes)?;
    if bytes.is_empty() {
        return Ok(None);
    }
    if bytes.last() == Some(&b'\n') {
        bytes.pop();
    } else if bytes.len() > MAX_LINE {
        skip_line(input)?;
        let start: String = String::from_utf8_lossy(&bytes[..MAX_LINE])
            .chars()
            .take(40)
            .collect();
        return Ok(Some(Input::Unreadable(format!(
            "a line longer than {MAX_LINE} bytes, starting {start:?}…, ignored"
        ))));
    }
    Ok(Some(match String::from_utf8(bytes) {
        Ok(line) => Input::Line(line),
        Err(error) => Input::Unreadable(format!(
            "a line that is not UTF-8 text (a bad byte at {}), ignored",
            error.utf8_error().valid_up_to()
        )),
    }))
}

/// Consumes the input up to and including the next newline.
fn skip_line(input: &mut impl BufRead) -> io::Result<()> {
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            return Ok(());
        }
        match buffer.iter().position(|&b| b == b'\n') {
            Some(at) => {
                input.consume(at + 1);
                return Ok(());
            }
            None => {
                let all = buffer.len();
                input.consume(all);
            }
        }
    }
}

/// The engine between commands: the position, and the searcher (or the running search,
/// which owns the searcher until joined).
struct Engine {
    position: Ataxx,
    searcher: Option<Searcher>,
    running: Option<JoinHandle<Searcher>>,
    /// Commands that arrived during a search, run once it is over.
    pending: VecDeque<Command>,
    stop: Arc<AtomicBool>,
    hash_mb: usize,
    /// Whether the running search waits for `stop` (`go infinite`).
    running_infinite: bool,
    /// A running `perft`.
    perft: perft::Running,
}

impl Engine {
    fn new(hash_mb: usize) -> Result<Engine, TableError> {
        let searcher = search::new_searcher(hash_mb)?;
        Ok(Engine {
            position: Ataxx::default(),
            stop: searcher.stop_flag(),
            searcher: Some(searcher),
            running: None,
            pending: VecDeque::new(),
            hash_mb,
            running_infinite: false,
            perft: perft::Running::default(),
        })
    }

    /// Stops a running search (it prints its `bestmove`) and takes the searcher back.
    fn finish_search(&mut self) {
        if let Some(handle) = self.running.take() {
            self.stop.store(true, Ordering::Relaxed);
            match handle.join() {
                Ok(searcher) => self.searcher = Some(searcher),
                Err(_) => {
                    info_string("error: the search thread failed; starting afresh");
                    let searcher = search::new_searcher(self.hash_mb)
                        .or_else(|_| search::new_searcher(1))
                        .expect("a 1 MiB table fits");
                    self.stop = searcher.stop_flag();
                    self.searcher = Some(searcher);
                }
            }
        }
    }

    /// Whether a search or a perft is running.
    fn busy(&self) -> bool {
        self.running.is_some() || self.perft.is_running()
    }

    /// At the end of the input: lets the running search or perft end on its own (an
    /// infinite search is stopped), with the commands that waited for it, as a batch
    /// `printf 'go depth 8\n' | boardgame uai` expects.
    fn finish_input(&mut self) {
        while self.busy() {
            if self.running.is_some() && self.running_infinite {
                self.stop.store(true, Ordering::Relaxed);
            }
            thread::sleep(Duration::from_millis(2));
            self.poll();
        }
    }

    /// Takes the searcher back from a search that has ended on its own, then runs the
    /// commands that waited for it (until one of them starts a new search).
    fn poll(&mut self) {
        if self.running.as_ref().is_some_and(JoinHandle::is_finished) {
            self.finish_search();
        }
        self.perft.reap();
        while !self.busy() {
            let Some(command) = self.pending.pop_front() else {
                break;
            };
            self.execute(command);
        }
    }

    /// The searcher, once any search is over.
    fn searcher(&mut self) -> &mut Searcher {
        self.finish_search();
        self.searcher.as_mut().expect("no search is running")
    }

    /// Handles one line; `false` on `quit`. `isready`, `stop` and `quit` act at once;
    /// other commands wait for a running search to end.
    fn handle(&mut self, line: &str) -> bool {
        match Command::parse(line) {
            Command::IsReady => say("readyok"),
            // `stop` is meant for the last `go` sent, which may still wait behind a search
            // that has printed its move but not yet ended: stop every search up to it.
            Command::Stop => loop {
                self.perft.stop();
                self.finish_search();
                if self.pending.is_empty() {
                    break;
                }
                self.poll();
            },
            Command::Quit => return false,
            Command::Nothing => {}
            command if self.busy() => self.pending.push_back(command),
            command => self.execute(command),
        }
        true
    }

    /// Runs a command while no search is running.
    fn execute(&mut self, command: Command) {
        match command {
            Command::Uai => {
                say(concat!(
                    "id name boardgame-ataxx ",
                    env!("CARGO_PKG_VERSION")
                ));
                say("id author the boardgame developers");
                say(&format!(
                    "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"
                ));
                say("uaiok");
            }
            Command::IsReady => say("readyok"),
            Command::Stop | Command::Quit | Command::Nothing => {}
            Command::NewGame => self.searcher().clear(),
            Command::SetOption { name, value } => self.set_option(&name, &value),
            Command::Position { fen, moves } => match setup(fen.as_deref(), &moves) {
                Ok(position) => self.position = position,
                Err(error) => info_string(&format!("error: {error}; position unchanged")),
            },
            Command::Go(go, complaints) => {
                for complaint in complaints {
                    info_string(&complaint);
                }
                self.go(&go);
            }
            Command::Bench(depth) => match bench::check_depth(depth) {
                Ok(()) => {
                    let result = bench::run_bench(depth, |_, _, _| {});
                    say(&result.summary(depth));
                }
                Err(message) => info_string(&format!("error: {message}")),
            },
            Command::Perft(depth) => self.perft.start(self.position.clone(), depth),
            Command::Display => {
                for row in format!("{:#}", self.position).lines() {
                    say(row);
                }
                say(&format!("Fen: {}", self.position));
                say(&format!("Key: {:016x}", self.position.zobrist()));
            }
            Command::Bad(message) => info_string(&format!("error: {message}")),
        }
    }

    fn set_option(&mut self, name: &str, value: &str) {
        if name.eq_ignore_ascii_case("hash") {
            match value.parse::<usize>() {
                Ok(mb) if (1..=MAX_HASH_MB).contains(&mb) => {
                    match self.searcher().try_resize_table(mb) {
                        Ok(()) => self.hash_mb = mb,
                        Err(error) => {
                            info_string(&format!("error: {error}; Hash stays {} MiB", self.hash_mb))
                        }
                    }
                }
                _ => info_string(&format!(
                    "error: Hash must be 1..={MAX_HASH_MB} MiB, not {value:?}"
                )),
            }
        }
        // Other options (Threads, Move Overhead, …) are accepted and ignored.
    }

    fn go(&mut self, go: &Go) {
        let Turn::Player(_) = self.position.turn() else {
            let why = self
                .position
                .game_over()
                .map_or_else(|| "over".to_string(), |reason| reason.to_string());
            info_string(&format!("the game is over ({why}); no move to search"));
            say(&format!("bestmove {}", Move::Pass));
            return;
        };
        let side = self.position.side_to_move();
        let infinite = go.infinite || go.is_unlimited();
        let job = Job {
            position: self.position.clone(),
            limits: Limits {
                depth: go.depth,
                nodes: go.nodes,
                deadline: None,
            },
            budget: if go.infinite {
                None
            } else {
                clock::budget(go, side)
            },
            infinite,
        };
        let searcher = self.searcher.take().expect("no search is running");
        self.stop.store(false, Ordering::Relaxed);
        self.running_infinite = infinite;
        self.running = Some(search::spawn(searcher, job, Arc::clone(&self.stop)));
    }
}

/// The position after `position …`, or why it cannot be set up.
fn setup(fen: Option<&str>, moves: &[String]) -> Result<Ataxx, String> {
    let mut position = match fen {
        None => Ataxx::default(),
        Some(fen) => fen
            .parse::<Ataxx>()
            .map_err(|e| format!("bad FEN {}: {e}", crate::play::quote_prefix(fen)))?,
    };
    for text in moves {
        let mv: Move = text
            .parse()
            .map_err(|e| format!("bad move {}: {e}", crate::play::quote_prefix(text)))?;
        position
            .play(mv)
            .map_err(|e| format!("move {text} in {position}: {e}"))?;
    }
    Ok(position)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_capped_and_bad_ones_skipped_to_their_end() {
        let mut input = b"isready\r\n\xff\n".to_vec();
        input.extend(vec![b'x'; MAX_LINE * 3]);
        input.extend_from_slice(b"\nquit");
        let mut input = input.as_slice();
        assert_eq!(
            read_line(&mut input).unwrap(),
            Some(Input::Line("isready\r".into()))
        );
        assert!(
            matches!(read_line(&mut input).unwrap(), Some(Input::Unreadable(why)) if why.contains("UTF-8"))
        );
        match read_line(&mut input).unwrap() {
            Some(Input::Unreadable(why)) => {
                assert!(why.contains("longer than 4096"), "{why}");
                assert!(why.len() < 200, "{why}");
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(
            read_line(&mut input).unwrap(),
            Some(Input::Line("quit".into()))
        );
        assert_eq!(read_line(&mut input).unwrap(), None);
        let fits = [vec![b'a'; MAX_LINE], b"\n".to_vec()].concat();
        assert!(matches!(
            read_line(&mut fits.as_slice()),
            Ok(Some(Input::Line(_)))
        ));
    }

    proptest::proptest! {
        /// Any bytes: every line read is within the cap, every message is short, and every
        /// line parses into a command without panicking.
        #[test]
        fn any_input_reads_into_short_lines_and_commands(
            bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..10_000),
            long in 0usize..3,
        ) {
            let mut input = bytes.clone();
            input.extend(vec![b'p'; long * MAX_LINE]);
            input.extend_from_slice(&bytes);
            let mut reader = input.as_slice();
            while let Some(line) = read_line(&mut reader).unwrap() {
                match line {
                    Input::Line(text) => {
                        proptest::prop_assert!(text.len() <= MAX_LINE);
                        // At most 40 characters quoted, each at most 10 bytes escaped.
                        if let Command::Bad(message) = Command::parse(&text) {
                            proptest::prop_assert!(message.len() < 600, "{}", message);
                        }
                    }
                    Input::Unreadable(why) => proptest::prop_assert!(why.len() < 600, "{}", why),
                }
            }
        }
    }
}
