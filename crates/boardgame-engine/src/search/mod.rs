//! The engine's search: alpha-beta specialised to Ataxx.
//!
//! Negamax with principal-variation search, iterative deepening with aspiration windows, a
//! lockless transposition table shared by every thread (Lazy SMP: the helper threads search
//! the same root and fill the table; the main thread reports), move ordering by the table's
//! move, stones gained, killers and a history table, and the selective features of
//! [`Params`]: late-move reductions, reverse futility, futility and late-move pruning,
//! internal iterative reduction, singular extensions and multi-cut. [`Params::minimax`]
//! switches every one of them off; a search to a fixed depth then returns the plain minimax
//! value (the tests compare it with a plain negamax).
//!
//! Positions are copied, not unmade (an [`Ataxx`] is 32 bytes); the network's accumulators
//! are kept per ply and brought up to date only where a position is evaluated.
//!
//! Scores are in hundredths of a stone for the side to move; a finished game is
//! ±([`WIN`] − plies to its end).
//!
//! Time limits ([`TimeLimits`]) are read on the caller's [`Clock`]; the search reads no
//! other. With one thread (the default) the search runs on the caller's thread and spawns
//! none, so it runs where threads are missing (`wasm32-unknown-unknown`); with more
//! ([`Searcher::set_threads`]) the helpers run in a `std::thread::scope` for the search.
//!
//! ```
//! use ataxx::Ataxx;
//! use boardgame_engine::search::{Limits, Searcher};
//!
//! let mut searcher = Searcher::new(1)?;
//! // x to move takes o's last stone with d4.
//! let position: Ataxx = "x6/7/4o2/7/2x4/7/7 x 0 1".parse()?;
//! let report = searcher.search(&position, &Limits::depth(3), |_| {});
//! assert_eq!(report.best.to_string(), "d4");
//! assert_eq!(report.plies_to_end(), Some(1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod moves;
pub mod params;
mod tt;
mod worker;

use core::time::Duration;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use ataxx::{Ataxx, Move};
use boardgame_core::clock::{Clock, Deadline, micros};
use boardgame_core::{Game, Outcome, Turn};

use crate::eval::Evaluation;
use moves::{MoveList, gain};
pub use params::{PARAMS, ParamSpec, Params};
pub use tt::{Table, TableError};
use worker::{Context, Iteration, Worker};

/// The score of a win at the position itself; a win `n` plies away scores `WIN - n`.
pub const WIN: i32 = 30_000;
/// The deepest line searched, in plies.
pub const MAX_PLY: usize = 128;
/// Scores beyond this are wins or losses.
pub(crate) const WIN_ZONE: i32 = WIN - 1_000;
/// The most search threads.
pub const MAX_THREADS: usize = 256;

/// When to stop. Every limit that is set applies; with none, the search runs until
/// [`Searcher::stop_flag`] is raised (or [`MAX_PLY`] plies).
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// The deepest iteration.
    pub depth: Option<u32>,
    /// The node budget: never exceeded with one thread; with more, checked every 1024
    /// nodes.
    pub nodes: Option<u64>,
    /// No new iteration starts once this many nodes are spent.
    pub soft_nodes: Option<u64>,
    /// Time limits, on the caller's clock.
    pub time: Option<TimeLimits>,
}

impl Limits {
    /// Search to `depth` plies.
    #[must_use]
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Search `nodes` nodes (exactly that many at most with one thread).
    #[must_use]
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }
}

/// The time limits of one search, read on the caller's [`Clock`] (microseconds): the search
/// never reads any other clock.
///
/// ```
/// use core::time::Duration;
/// use boardgame_engine::search::TimeLimits;
///
/// // A test's clock that stands still: the limits never pass.
/// let limits = TimeLimits::movetime(|| 0, Duration::from_millis(100));
/// assert_eq!(limits.hard, Some(Duration::from_millis(100)));
/// ```
#[derive(Copy, Clone, Debug)]
pub struct TimeLimits {
    /// The clock the limits are read on.
    pub clock: Clock,
    /// When the move's time started, on `clock` (the base of the limits below).
    pub started: u64,
    /// Stop this long after `started`, wherever the search is (checked every 1024 nodes).
    pub hard: Option<Duration>,
    /// No new iteration starts this long after `started` (scaled by the share of nodes on
    /// the best move when [`Params::node_tm`] is on).
    pub soft: Option<Duration>,
}

impl TimeLimits {
    /// `duration` from now on `clock`, as both limits.
    #[must_use]
    pub fn movetime(clock: Clock, duration: Duration) -> TimeLimits {
        TimeLimits {
            clock,
            started: clock(),
            hard: Some(duration),
            soft: Some(duration),
        }
    }

    /// The hard limit as a point in time.
    fn deadline(&self) -> Option<Deadline> {
        self.hard
            .map(|hard| Deadline::at(self.clock, self.started.saturating_add(micros(hard))))
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The move to play.
    pub best: Move,
    /// Its score for the side to move.
    pub score: i32,
    /// The last completed iteration (0 if none completed).
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// Nodes searched by every thread.
    pub nodes: u64,
    /// The principal variation, starting with `best`.
    pub pv: Vec<Move>,
    /// Permille of the transposition table written by this search (sampled).
    pub hashfull: u32,
}

impl Report {
    /// Plies to the end of the game when the score is a proven win (positive) or loss
    /// (negative); `None` for an evaluation.
    #[must_use]
    pub fn plies_to_end(&self) -> Option<i32> {
        if self.score > WIN_ZONE {
            Some(WIN - self.score)
        } else if self.score < -WIN_ZONE {
            Some(-(WIN + self.score))
        } else {
            None
        }
    }
}

/// The searcher: its table, parameters, evaluation and threads, kept from one search to
/// the next ([`Searcher::clear`] between games).
#[derive(Debug)]
pub struct Searcher {
    table: Table,
    params: Params,
    evaluation: Evaluation,
    workers: Vec<Worker>,
    stop: Arc<AtomicBool>,
}

impl Searcher {
    /// A one-thread searcher with a table of about `hash_megabytes` MiB and the default
    /// evaluation and parameters.
    ///
    /// # Errors
    /// [`TableError`] when the table cannot be allocated.
    pub fn new(hash_megabytes: usize) -> Result<Searcher, TableError> {
        Ok(Searcher::with_table(Table::new(hash_megabytes)?))
    }

    /// A one-thread searcher around `table`.
    #[must_use]
    pub fn with_table(table: Table) -> Searcher {
        Searcher {
            table,
            params: Params::default(),
            evaluation: Evaluation::default(),
            workers: vec![Worker::new(true)],
            stop: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Replaces the table (emptied by the caller, e.g. a fresh [`Table::allocate`]).
    pub fn set_table(&mut self, table: Table) {
        self.table = table;
    }

    /// Takes the table out, leaving a one-slot table (to free its memory before a new one
    /// is allocated).
    pub fn take_table(&mut self) -> Table {
        core::mem::replace(&mut self.table, Table::tiny())
    }

    /// The table's size in bytes.
    #[must_use]
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// The parameters.
    #[must_use]
    pub fn params(&self) -> &Params {
        &self.params
    }

    /// The parameters, to change.
    pub fn params_mut(&mut self) -> &mut Params {
        &mut self.params
    }

    /// The same searcher with these parameters.
    #[must_use]
    pub fn with_params(mut self, params: Params) -> Searcher {
        self.params = params;
        self
    }

    /// The evaluation.
    #[must_use]
    pub fn evaluation(&self) -> &Evaluation {
        &self.evaluation
    }

    /// Changes the evaluation (and forgets the table, whose entries hold the old one's
    /// values).
    pub fn set_evaluation(&mut self, evaluation: Evaluation) {
        self.evaluation = evaluation;
        self.table.clear();
    }

    /// The number of search threads.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.workers.len()
    }

    /// Sets the number of search threads (1..=[`MAX_THREADS`]).
    pub fn set_threads(&mut self, threads: usize) {
        let threads = threads.clamp(1, MAX_THREADS);
        self.workers.truncate(threads);
        while self.workers.len() < threads {
            self.workers.push(Worker::new(false));
        }
    }

    /// Forgets the table, killers and history (a new game).
    pub fn clear(&mut self) {
        self.table.clear();
        for worker in &mut self.workers {
            worker.clear();
        }
    }

    /// The flag that stops a running search from another thread: raise it and the search
    /// returns within 1024 nodes. The search never lowers it; the caller does, before the
    /// next search.
    #[must_use]
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// Makes `stop` the flag that stops this searcher (see [`Searcher::stop_flag`]).
    pub fn set_stop_flag(&mut self, stop: Arc<AtomicBool>) {
        self.stop = stop;
    }

    /// Searches `position` within `limits`, calling `on_iteration` after every completed
    /// iteration of the main thread. A finished game gets a report with the pass and
    /// depth 0; a forced pass is answered at once.
    pub fn search(
        &mut self,
        position: &Ataxx,
        limits: &Limits,
        mut on_iteration: impl FnMut(&Report),
    ) -> Report {
        let started_nodes = Report {
            best: Move::Pass,
            score: 0,
            depth: 0,
            seldepth: 0,
            nodes: 0,
            pv: Vec::new(),
            hashfull: 0,
        };
        match position.turn() {
            Turn::Player(_) => {}
            _ => {
                return Report {
                    score: final_score(position.outcome(), position),
                    ..started_nodes
                };
            }
        }
        if position.must_pass() {
            return Report {
                pv: vec![Move::Pass],
                ..started_nodes
            };
        }
        self.table.new_search();
        let fallback = fallback_move(position);
        let max_depth = limits.depth.map_or(MAX_PLY as i32 - 2, |d| {
            (d as i32).clamp(1, MAX_PLY as i32 - 2)
        });
        let halt = AtomicBool::new(false);
        let helper_nodes = AtomicU64::new(0);
        let ctx = Context {
            table: &self.table,
            params: &self.params,
            evaluation: &self.evaluation,
            stop: &self.stop,
            halt: &halt,
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            exact_nodes: self.workers.len() == 1,
            helper_nodes: &helper_nodes,
            deadline: limits.time.as_ref().and_then(TimeLimits::deadline),
        };
        let (main, helpers) = self.workers.split_at_mut(1);
        let main = &mut main[0];
        let table = &self.table;
        let report_of = |worker: &Worker, iteration: &Iteration| Report {
            best: iteration.pv[0].to_move(),
            score: iteration.score,
            depth: iteration.depth as u32,
            seldepth: worker.seldepth as u32,
            nodes: worker.nodes + helper_nodes.load(Ordering::Relaxed),
            pv: iteration.pv.iter().map(|mv| mv.to_move()).collect(),
            hashfull: table.hashfull(),
        };
        let mut run_main = |main: &mut Worker| {
            let last = main.iterate(&ctx, position, 1, max_depth, |worker, iteration| {
                on_iteration(&report_of(worker, iteration));
                let out_of_time = limits.time.as_ref().is_some_and(|time| {
                    time.soft.is_some_and(|soft| {
                        let soft = if ctx.params.node_tm && !soft.is_zero() {
                            let share = worker.root_share(iteration.pv[0]);
                            soft.mul_f64(((1.5 - share) * 1.35).clamp(0.4, 2.0))
                        } else {
                            soft
                        };
                        Deadline::at(time.clock, time.started.saturating_add(micros(soft))).passed()
                    })
                });
                let out_of_nodes = limits
                    .soft_nodes
                    .is_some_and(|n| worker.nodes + helper_nodes.load(Ordering::Relaxed) >= n);
                out_of_time || out_of_nodes || ctx.stop.load(Ordering::Relaxed)
            });
            halt.store(true, Ordering::Relaxed);
            last
        };
        // One thread: the search runs here and spawns none (a platform without threads,
        // such as wasm32-unknown-unknown, runs it too).
        let last = if helpers.is_empty() {
            run_main(main)
        } else {
            std::thread::scope(|scope| {
                for (index, helper) in helpers.iter_mut().enumerate() {
                    let ctx = &ctx;
                    scope.spawn(move || {
                        let first = 1 + (index as i32 + 1) % 2;
                        helper.iterate(ctx, position, first, MAX_PLY as i32 - 2, |_, _| false);
                    });
                }
                run_main(main)
            })
        };
        let nodes = main.nodes + helpers.iter().map(|w| w.nodes).sum::<u64>();
        match last {
            Some(iteration) => Report {
                nodes,
                ..report_of(main, &iteration)
            },
            None => Report {
                best: fallback,
                pv: vec![fallback],
                nodes,
                hashfull: self.table.hashfull(),
                ..started_nodes
            },
        }
    }
}

/// The move played when not even the first iteration completes: the one that gains the
/// most stones.
fn fallback_move(position: &Ataxx) -> Move {
    let them = position.pieces(!position.side_to_move()).bits();
    let mut list = MoveList::default();
    list.generate(position, |mv| gain(mv, them));
    if list.len() == 0 {
        return Move::Pass;
    }
    list.pick(0).to_move()
}

/// The score of a finished game for the side to move.
fn final_score(outcome: Option<Outcome>, position: &Ataxx) -> i32 {
    let seat = position.side_to_move().seat();
    match outcome.map(|o| o.returns()[seat].signum()) {
        Some(1) => WIN,
        Some(-1) => -WIN,
        _ => 0,
    }
}

#[cfg(test)]
mod tests;
