//! The UAI protocol loop (UAI is UCI with `uai` for `uci`), for match runners such as
//! cuteataxx. See `docs/uai.md`.
//!
//! Threads: one reads stdin and forwards lines; the main thread answers commands; every
//! long command (`go`, `bench`, `perft`, a `Hash` resize) runs as a *job* on a thread of its
//! own. So `isready` is answered at once even during a job, and `stop` and `quit` end it
//! within milliseconds (searches poll a shared flag every 1024 nodes). Any other command
//! that arrives during a job waits, in order, until the job is over.
//!
//! The end of the input is `quit`: a running job is stopped (a search still prints its
//! `bestmove`) and the engine exits. So is a closed standard output: the engine notices it
//! at its next line of output and exits instead of searching for nobody.
//!
//! Input lines are at most [`MAX_LINE`] bytes of UTF-8 (room for the longest legal game's
//! `position … moves` line): a longer line, or one that is not UTF-8, gets an
//! `info string error: …` and is skipped. They come through a bounded queue
//! (`boardgame_io::lines`), and at most [`MAX_PENDING`] commands wait for a job: a flood
//! of input holds the client back, or is refused, and never grows the engine's memory.
//! Error lines are rate-limited (at most 20 a second).

mod clock;
mod command;
mod input;
mod output;
mod perft;

use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::RecvTimeoutError;
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use ataxx::{Ataxx, Move};
use boardgame_core::clock::monotonic;
use boardgame_core::{Game, Turn};

use crate::bench::{self, DEFAULT_BENCH_DEPTH};
use crate::eval::Evaluation;
use crate::search::{
    Limits, MAX_THREADS, PARAMS, Params, Report, Searcher, Table, TableError, TimeLimits,
};
use boardgame_io::lines::Line;
use boardgame_io::{clip, quote};
use command::{Command, Go};
pub use input::{LONGEST_POSITION_LINE, MAX_GAME_PLIES, MAX_LINE};
use output::{info_error, info_string, output_closed, say};

/// The most commands that wait for a running job (`position`, `go`, `d` … sent during a
/// search); more are refused with an error until the job ends.
pub const MAX_PENDING: usize = 64;

/// The transposition table size when `Hash` is not set, in MiB (the `engine` bot's too).
pub const DEFAULT_HASH_MB: usize = boardgame_engine::spec::DEFAULT_HASH_MB;
/// The largest `Hash` accepted, in MiB.
pub const MAX_HASH_MB: usize = 65_536;

/// Runs the engine on stdin and stdout until `quit`, the end of the input, or a closed
/// output, with a table of `hash_mb` MiB to start with.
///
/// # Errors
/// [`TableError`] when the first table cannot be allocated.
pub fn run(hash_mb: usize) -> Result<(), TableError> {
    let lines = input::spawn_reader();
    let mut engine = Engine::new(Searcher::new(hash_mb.clamp(1, MAX_HASH_MB))?, hash_mb);
    loop {
        engine.poll();
        if output_closed() {
            break;
        }
        // While a job runs, wake up now and then to notice its end.
        let line = if engine.job.is_some() {
            match lines.recv_timeout(Duration::from_millis(2)) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => break,
            }
        } else {
            match lines.recv_timeout(Duration::from_millis(100)) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => break,
            }
        };
        let command = match line {
            Line::Text(line) => Command::parse(&line),
            Line::Skipped { why, head, .. } => {
                // A `position` too long to read: the client's position is not known.
                if head
                    .trim_start_matches('\u{feff}')
                    .trim_start()
                    .starts_with("position")
                {
                    Command::BadPosition(why)
                } else {
                    Command::Bad(why)
                }
            }
        };
        if !engine.handle(command) {
            break;
        }
    }
    engine.stop_job();
    Ok(())
}

/// A long command running on its own thread. It hands the searcher back when it took it.
struct Job {
    handle: JoinHandle<Option<Searcher>>,
    stop: Arc<AtomicBool>,
}

/// The engine between commands.
struct Engine {
    position: Ataxx,
    /// `None` while a job has it.
    searcher: Option<Searcher>,
    job: Option<Job>,
    /// Commands that arrived during a job, run once it is over (at most [`MAX_PENDING`]).
    pending: VecDeque<Command>,
    /// Whether the last `position` was refused (or dropped): `go` is refused until the
    /// next good one, so that no move is ever given for a stale position.
    no_position: bool,
    /// A `position` was dropped from a full queue: a [`Command::BadPosition`] takes its
    /// place as soon as there is room.
    position_dropped: bool,
    hash_mb: usize,
    overhead_ms: u64,
}

impl Engine {
    fn new(searcher: Searcher, hash_mb: usize) -> Engine {
        Engine {
            position: Ataxx::default(),
            searcher: Some(searcher),
            job: None,
            pending: VecDeque::new(),
            no_position: false,
            position_dropped: false,
            hash_mb,
            overhead_ms: clock::OVERHEAD_MS,
        }
    }

    /// Stops the running job, if any, and waits for it.
    fn stop_job(&mut self) {
        if let Some(job) = self.job.take() {
            job.stop.store(true, Ordering::Relaxed);
            self.join(job);
        }
    }

    fn join(&mut self, job: Job) {
        match job.handle.join() {
            Ok(Some(searcher)) => self.searcher = Some(searcher),
            Ok(None) => {}
            Err(_) => info_error("a job's thread failed"),
        }
        if self.searcher.is_none() {
            // Only a failed job loses the searcher: start afresh with a small table.
            let table = Table::new(self.hash_mb).or_else(|_| Table::new(1));
            if let Ok(table) = table {
                self.searcher = Some(Searcher::with_table(table));
            }
        }
    }

    /// Takes back the searcher of a job that has ended on its own, then runs the
    /// commands that waited for it (until one of them starts a new job).
    fn poll(&mut self) {
        if output_closed() {
            self.stop_job();
            return;
        }
        if self
            .job
            .as_ref()
            .is_some_and(|job| job.handle.is_finished())
            && let Some(job) = self.job.take()
        {
            self.join(job);
        }
        while self.job.is_none() {
            let Some(command) = self.pending.pop_front() else {
                break;
            };
            self.execute(command);
        }
    }

    /// Handles one command; `false` on `quit`. `isready`, `stop` and `quit` act at once;
    /// other commands wait for a running job.
    fn handle(&mut self, command: Command) -> bool {
        match command {
            Command::IsReady => say("readyok"),
            // `stop` is meant for the last job sent, which may still wait behind one that
            // is ending: stop every job up to it.
            Command::Stop => loop {
                self.stop_job();
                if self.pending.is_empty() {
                    break;
                }
                self.poll();
            },
            Command::Quit => return false,
            Command::Nothing => {}
            command if self.job.is_some() => self.enqueue(command),
            command => {
                if std::mem::take(&mut self.position_dropped) {
                    self.execute(dropped_position());
                }
                self.execute(command);
            }
        }
        true
    }

    /// Puts `command` in the queue of those waiting for the job, or refuses it when
    /// [`MAX_PENDING`] already wait.
    fn enqueue(&mut self, command: Command) {
        let needed = 1 + usize::from(self.position_dropped);
        if self.pending.len() + needed > MAX_PENDING {
            if matches!(command, Command::Position { .. } | Command::BadPosition(_)) {
                self.position_dropped = true;
            }
            info_error(&format!(
                "{MAX_PENDING} commands already wait for the running job; this one is ignored"
            ));
            return;
        }
        if std::mem::take(&mut self.position_dropped) {
            self.pending.push_back(dropped_position());
        }
        self.pending.push_back(command);
    }

    /// The searcher, when no job holds it.
    fn searcher(&mut self) -> Option<&mut Searcher> {
        self.searcher.as_mut()
    }

    /// Runs a command while no job is running.
    fn execute(&mut self, command: Command) {
        match command {
            Command::Uai => self.identify(),
            Command::IsReady => say("readyok"),
            Command::Stop | Command::Quit | Command::Nothing => {}
            Command::NewGame => {
                if let Some(searcher) = self.searcher() {
                    searcher.clear();
                }
            }
            Command::SetOption { name, value } => self.set_option(&name, &value),
            Command::Position { fen, moves } => match setup(fen.as_deref(), &moves) {
                Ok(position) => {
                    self.position = position;
                    self.no_position = false;
                }
                Err(error) => self.refuse_position(&error),
            },
            Command::BadPosition(error) => self.refuse_position(&error),
            Command::Go(go, complaints) => {
                for complaint in complaints {
                    info_string(&complaint);
                }
                if self.no_position {
                    no_move("no position: the last position command was refused");
                } else {
                    self.go(&go);
                }
            }
            Command::BadGo(error) => no_move(&error),
            Command::Bench(depth) => self.bench(depth.unwrap_or(DEFAULT_BENCH_DEPTH)),
            Command::Perft(depth) => {
                let position = self.position.clone();
                self.spawn_job(move |stop| {
                    perft::run(&position, depth, &stop);
                    None
                });
            }
            Command::Display => {
                for row in format!("{:#}", self.position).lines() {
                    say(row);
                }
                say(&format!("Fen: {}", self.position));
                say(&format!("Key: {:016x}", self.position.key()));
            }
            Command::Bad(message) => info_error(&message),
        }
    }

    /// A `position` that could not be set: no position until the next good one.
    fn refuse_position(&mut self, error: &str) {
        self.no_position = true;
        info_error(&format!("{error}; the position is unset"));
    }

    fn identify(&self) {
        say(concat!("id name boardgame-uai ", env!("CARGO_PKG_VERSION")));
        say("id author the boardgame developers");
        info_string(&format!(
            "network kernels: {} (chosen for this CPU at run time)",
            boardgame_engine::kernel_name()
        ));
        say(&format!(
            "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"
        ));
        say(&format!(
            "option name Threads type spin default 1 min 1 max {MAX_THREADS}"
        ));
        say(&format!(
            "option name MoveOverhead type spin default {} min 0 max 5000",
            clock::OVERHEAD_MS
        ));
        say(&format!(
            "option name Eval type combo default {} var net var handcrafted",
            Evaluation::default().name()
        ));
        say("option name EvalFile type string default <embedded>");
        for spec in PARAMS {
            say(&spec.uai_line());
        }
        say("uaiok");
    }

    /// Starts `work` on a job thread; it gets the job's stop flag and may take the
    /// searcher (handing it back as its result).
    fn spawn_job(
        &mut self,
        work: impl FnOnce(Arc<AtomicBool>) -> Option<Searcher> + Send + 'static,
    ) {
        let stop = Arc::new(AtomicBool::new(false));
        self.spawn_job_with(stop, work);
    }

    fn spawn_job_with(
        &mut self,
        stop: Arc<AtomicBool>,
        work: impl FnOnce(Arc<AtomicBool>) -> Option<Searcher> + Send + 'static,
    ) {
        let flag = Arc::clone(&stop);
        match thread::Builder::new()
            .name("uai-job".into())
            .spawn(move || work(flag))
        {
            Ok(handle) => {
                self.job = Some(Job { handle, stop });
            }
            Err(error) => info_error(&format!("cannot start a thread: {error}")),
        }
    }

    fn bench(&mut self, depth: u32) {
        if let Err(message) = bench::check_depth(depth) {
            info_error(&message);
            return;
        }
        let evaluation = self
            .searcher
            .as_ref()
            .map_or_else(Evaluation::default, |s| s.evaluation().clone());
        self.spawn_job(move |stop| {
            match bench::run_bench(depth, &evaluation, &stop, |_, _, _| !output_closed()) {
                Ok(Some(result)) => say(&result.summary()),
                Ok(None) => info_string(&format!("bench {depth} stopped")),
                Err(error) => info_error(&error.to_string()),
            }
            None
        });
    }

    fn set_option(&mut self, name: &str, value: &str) {
        let lower = name.to_ascii_lowercase();
        match lower.as_str() {
            "hash" => match value.parse::<usize>() {
                Ok(mb) if (1..=MAX_HASH_MB).contains(&mb) => self.resize(mb),
                _ => info_error(&format!(
                    "Hash must be 1..={MAX_HASH_MB} MiB, not {}",
                    quote(value)
                )),
            },
            "threads" => match value.parse::<usize>() {
                Ok(n) if (1..=MAX_THREADS).contains(&n) => {
                    if let Some(searcher) = self.searcher() {
                        searcher.set_threads(n);
                    }
                }
                _ => info_error(&format!(
                    "Threads must be 1..={MAX_THREADS}, not {}",
                    quote(value)
                )),
            },
            "moveoverhead" | "move overhead" => match value.parse::<u64>() {
                Ok(ms) if ms <= 5000 => self.overhead_ms = ms,
                _ => info_error(&format!(
                    "MoveOverhead must be 0..=5000 ms, not {}",
                    quote(value)
                )),
            },
            "eval" => match (crate::netfile::eval_named(value), self.searcher()) {
                (Ok(evaluation), Some(searcher)) => searcher.set_evaluation(evaluation),
                (Err(error), _) => info_error(&error),
                (Ok(_), None) => {}
            },
            "evalfile" => self.load_network(value),
            _ => {
                if let Some(searcher) = self.searcher.as_mut() {
                    // Options of other engines (Ponder, UCI_Chess960, …) are ignored.
                    if Params::spec(name).is_some()
                        && let Err(message) = searcher.params_mut().set(name, value)
                    {
                        info_error(&message);
                    }
                }
            }
        }
    }

    /// Loads a network file on a job thread (`crate::netfile`: a regular file, bounded),
    /// so that `isready`, `stop` and `quit` are answered while it is read; the commands
    /// after it wait for it.
    fn load_network(&mut self, path: &str) {
        if crate::netfile::is_embedded(path) {
            if let Some(searcher) = self.searcher() {
                searcher.set_evaluation(Evaluation::default_net());
            }
            return;
        }
        let Some(mut searcher) = self.searcher.take() else {
            return;
        };
        let path = path.to_string();
        self.spawn_job(move |_| {
            match crate::netfile::eval_file(&path) {
                Ok(evaluation) => searcher.set_evaluation(evaluation),
                Err(error) => info_error(&format!("{error}; evaluation unchanged")),
            }
            Some(searcher)
        });
    }

    /// Resizes the table on a job thread: freeing and zeroing gigabytes takes seconds,
    /// during which `isready`, `stop` and `quit` are answered. The old table is freed
    /// first, so the two never coexist; if the new one cannot be had (no memory, or
    /// `stop`), a table of the old size is put back.
    fn resize(&mut self, megabytes: usize) {
        let Some(mut searcher) = self.searcher.take() else {
            return;
        };
        let old_mb = self.hash_mb;
        self.hash_mb = megabytes;
        self.spawn_job(move |stop| {
            drop(searcher.take_table());
            let fallback = |searcher: &mut Searcher| {
                let never = AtomicBool::new(false);
                if let Ok(Some(table)) = Table::allocate(old_mb, &never) {
                    searcher.set_table(table);
                }
            };
            match Table::allocate(megabytes, &stop) {
                Ok(Some(table)) => searcher.set_table(table),
                Ok(None) => {
                    info_string(&format!(
                        "Hash {megabytes} MiB interrupted; Hash stays {old_mb} MiB"
                    ));
                    fallback(&mut searcher);
                }
                Err(error) => {
                    info_error(&format!("{error}; Hash stays {old_mb} MiB"));
                    fallback(&mut searcher);
                }
            }
            Some(searcher)
        });
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
        let Some(mut searcher) = self.searcher.take() else {
            return;
        };
        let started = Instant::now();
        let started_micros = monotonic();
        let side = self.position.side_to_move();
        let infinite = go.infinite || go.is_unlimited();
        let budget = if go.infinite {
            None
        } else {
            clock::budget(go, side, self.overhead_ms)
        };
        let limits = Limits {
            depth: go.depth,
            nodes: go.nodes,
            soft_nodes: None,
            time: budget.map(|b| TimeLimits {
                clock: monotonic,
                started: started_micros,
                hard: Some(b.hard),
                // No new iteration after a share of the soft budget (half by default): the
                // next one would likely overrun it.
                soft: Some(
                    b.soft
                        .mul_f64(f64::from(searcher.params().soft_percent) / 100.0),
                ),
            }),
        };
        let position = self.position.clone();
        let stop = searcher.stop_flag();
        stop.store(false, Ordering::Relaxed);
        let single_reply = position.count_moves() == 1;
        self.spawn_job_with(stop, move |stop| {
            let report = searcher.search(&position, &limits, |report| {
                say(&info_line(report, started.elapsed()));
                if single_reply && !infinite {
                    stop.store(true, Ordering::Relaxed);
                }
            });
            if infinite {
                while !stop.load(Ordering::Relaxed) && !output_closed() {
                    thread::sleep(Duration::from_millis(1));
                }
            }
            say(&format!("bestmove {}", report.best));
            Some(searcher)
        });
    }
}

/// The answer to a `go` that cannot be searched: an error, then `bestmove 0000` (no move), so
/// that a runner waiting for `bestmove` is not left waiting.
fn no_move(error: &str) {
    info_error(error);
    say(&format!("bestmove {}", Move::Pass));
}

/// What takes the place of a `position` dropped from a full queue.
fn dropped_position() -> Command {
    Command::BadPosition(format!(
        "a position command was ignored: {MAX_PENDING} commands already waited for the running job"
    ))
}

/// `info depth … seldepth … score … nodes … nps … hashfull … time … pv …`.
fn info_line(report: &Report, elapsed: Duration) -> String {
    let ms = elapsed.as_millis().max(1) as u64;
    let nps = report.nodes.saturating_mul(1000) / ms;
    let score = match report.plies_to_end() {
        // Moves (not plies) to the end, as UCI's "mate".
        Some(plies) if plies > 0 => format!("mate {}", (plies + 1) / 2),
        Some(plies) => format!("mate -{}", (-plies + 1) / 2),
        None => format!("cp {}", report.score),
    };
    let pv: Vec<String> = report.pv.iter().map(ToString::to_string).collect();
    format!(
        "info depth {} seldepth {} score {score} nodes {} nps {nps} hashfull {} time {ms} pv {}",
        report.depth,
        report.seldepth,
        report.nodes,
        report.hashfull,
        pv.join(" ")
    )
}

/// The position after `position …`, or why it cannot be set up.
fn setup(fen: Option<&str>, moves: &[String]) -> Result<Ataxx, String> {
    let mut position = match fen {
        None => Ataxx::default(),
        Some(fen) => fen
            .parse::<Ataxx>()
            .map_err(|e| format!("bad FEN {}: {}", quote(fen), clip(&e.to_string())))?,
    };
    for text in moves {
        let mv: Move = text.parse().map_err(|e: ataxx::ParseMoveError| {
            format!("bad move {}: {}", quote(text), clip(&e.to_string()))
        })?;
        position
            .play(mv)
            .map_err(|e| format!("move {text} in {position}: {e}"))?;
    }
    Ok(position)
}
