//! The search thread: runs one `go`, prints `info` lines and the `bestmove`.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use ataxx::{Ataxx, Move};
use boardgame_core::Game;
use boardgame_search::alphabeta::{AlphaBeta, Limits, SearchReport, Settings, TableError};
use boardgame_search::eval::ataxx::AtaxxEvaluator;

use super::clock::Budget;
use super::say;

/// The engine's searcher.
pub(crate) type Searcher = AlphaBeta<Ataxx, AtaxxEvaluator>;

/// The engine's search settings: the library's defaults (which keep plain minimax values
/// at a fixed depth) plus the selective features that won their matches (docs/strength.md).
pub(crate) fn engine_settings() -> Settings {
    Settings {
        // Moves after the first four, from 3 plies from the horizon, searched 2 plies
        // shallower (the same side to move at the horizon), again at full depth if they
        // beat alpha.
        late_move_reductions: Some((3, 4)),
        reduction_plies: 2,
        ..Settings::default()
    }
}

/// The engine's searcher with a table of `hash_mb` MiB, or why the table does not fit.
pub(crate) fn new_searcher(hash_mb: usize) -> Result<Searcher, TableError> {
    Ok(AlphaBeta::try_new(AtaxxEvaluator::default(), hash_mb)?.with_settings(engine_settings()))
}

/// What one `go` asks for.
#[derive(Clone, Debug)]
pub(crate) struct Job {
    /// The position to search (a decision node).
    pub(crate) position: Ataxx,
    /// Depth and node limits (the deadline is set from `budget` when the search starts).
    pub(crate) limits: Limits,
    /// The time budget, if any.
    pub(crate) budget: Option<Budget>,
    /// Whether to hold the `bestmove` until `stop` (`go infinite`).
    pub(crate) infinite: bool,
}

/// Starts `job` on its own thread. The thread prints the `bestmove` and hands the searcher
/// back when joined. `stop` is the searcher's stop flag, lowered by the caller beforehand.
pub(crate) fn spawn(
    mut searcher: Searcher,
    job: Job,
    stop: Arc<AtomicBool>,
) -> JoinHandle<Searcher> {
    let started = Instant::now();
    thread::Builder::new()
        .name("uai-search".into())
        .spawn(move || {
            let mut limits = job.limits.clone();
            limits.deadline = job.budget.map(|b| started + b.hard);
            let single_reply = job.position.count_moves() == 1;
            let report = searcher.search_with(&job.position, &limits, |report| {
                say(&info_line(report, started.elapsed()));
                // Do not start an iteration that would likely overrun the soft limit; with
                // one legal move there is nothing to think about.
                let done = match job.budget {
                    Some(budget) => started.elapsed() >= budget.soft / 2 || single_reply,
                    None => false,
                };
                if done && !job.infinite {
                    stop.store(true, Ordering::Relaxed);
                }
            });
            if job.infinite {
                while !stop.load(Ordering::Relaxed) {
                    thread::sleep(Duration::from_millis(1));
                }
            }
            say(&format!("bestmove {}", report.best));
            searcher
        })
        .expect("the search thread starts")
}

/// `info depth … score … nodes … nps … time … pv …`.
fn info_line(report: &SearchReport<Move>, elapsed: Duration) -> String {
    let ms = elapsed.as_millis().max(1) as u64;
    let nps = report.nodes * 1000 / ms;
    let score = match report.plies_to_end() {
        // Moves (not plies) to the end, as UCI's "mate".
        Some(plies) if plies > 0 => format!("mate {}", (plies + 1) / 2),
        Some(plies) => format!("mate -{}", (-plies + 1) / 2),
        None => format!("cp {}", report.score),
    };
    let pv: Vec<String> = report.pv.iter().map(ToString::to_string).collect();
    format!(
        "info depth {} score {score} nodes {} nps {nps} time {ms} pv {}",
        report.depth,
        report.nodes,
        pv.join(" ")
    )
}
