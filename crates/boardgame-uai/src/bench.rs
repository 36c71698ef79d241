//! `bench`: the engine's search on a fixed set of positions to a fixed depth. The total node
//! count is a fingerprint of the search and evaluation (any change to either changes it, so
//! commits that change them name it: `Bench: N`), and nodes/s is its speed.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use ataxx::Ataxx;

use crate::eval::Evaluation;
use crate::search::{Limits, Searcher, TableError};

/// The depth `bench` searches to when none is given.
pub const DEFAULT_BENCH_DEPTH: u32 = 12;
/// The deepest `bench` accepted (deeper takes minutes per position; `stop` and `quit`
/// end any of them).
pub const MAX_BENCH_DEPTH: u32 = 20;
/// The table size of each bench search, in MiB.
const BENCH_HASH_MB: usize = 16;

/// The bench positions: the start position, then positions from four blocker layouts after
/// 3 to 69 plies of mixed random and shallow-search play (generated once, kept fixed).
pub const BENCH_FENS: [&str; 24] = [
    "x5o/7/7/7/7/7/o5x x 0 1",
    "x5o/7/7/7/2x4/3x3/4x2 o 0 2",
    "7/2x4/1x-1-1o/7/2-1-2/6x/ooo3x x 1 4",
    "7/7/3-1x1/2-x-2/o1o-x2/1o3x1/o5x o 0 5",
    "4ooo/1-x2-o/4oo1/7/5o1/1-2o-1/o3xx1 x 2 7",
    "7/1xx4/5x1/4x2/5x1/o1x2x1/2xx3 o 5 8",
    "x6/3ooo1/2-o-1o/7/1x-1-1o/2xx1o1/7 x 0 10",
    "5oo/1x5/2x-3/2-1-2/1oo-3/1oox1x1/xxx2x1 o 6 11",
    "4x1o/1-2x-o/2o2oo/1o3xx/5xx/1-3-1/6x x 0 13",
    "5x1/o1o4/6x/2o3x/1o1oo2/3oo2/oo2o2 o 0 14",
    "2o1o2/3xxoo/2-o-2/4o2/2-o-oo/1x2xxo/2x3o x 6 16",
    "7/1xx2x1/1xx-x2/2-1-x1/o2-3/oo2xxx/oo5 o 2 17",
    "x1oo1ox/1-1ox-x/3xxo1/2x1xxx/5xx/1-3-o/1x5 x 1 19",
    "2x4/5x1/4xxx/3xxxx/xx1xxoo/o2oooo/1o2ooo o 0 20",
    "xx1o2o/1xxxoo1/2-1-o1/1x3o1/x1-o-o1/3ooo1/3ooo1 x 2 22",
    "oo2o2/7/x2-1oo/1x-1-oo/3-oxx/3ooox/1x1xxxx o 3 23",
    "xxoo3/x-oo1-1/2o2xx/5ox/ox2x2/o-1xx-1/1o5 x 5 25",
    "5x1/o2xx2/oo-x-xo/o2xx1o/1x-1-1x/1oxxxoo/oooxoo1 x 5 28",
    "3xxxx/1o1ooxx/3-xx1/2-o-xx/1x1-xxx/2xxx1x/3xxoo o 1 29",
    "x3o2/1-xxo-1/2ooo1o/2oo1o1/2xx3/o-xxo-o/2xxooo x 1 31",
    "1o5/1oo4/1o2oox/4xxo/oxxxxxo/xxx4/x6 o 0 32",
    "2xoo2/2x1o2/2-1-xx/1oo1oxx/1o-o-xx/1xxooxx/2xxooo x 0 34",
    "x3x1x/1xx1xx1/xx1-xx1/oo-o-oo/oox-ooo/xoooooo/xxooooo o 0 35",
    "x2xxx1/x-xoo-x/o2oo2/3oo2/xx2oo1/x-xoo-o/oxxxxoo x 3 37",
];

/// The result of a bench run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bench {
    /// Nodes of every search, in the order of [`BENCH_FENS`].
    pub nodes: Vec<u64>,
    /// The wall-clock time of all searches.
    pub elapsed: Duration,
}

impl Bench {
    /// The total node count (the fingerprint).
    #[must_use]
    pub fn total(&self) -> u64 {
        self.nodes.iter().sum()
    }

    /// Nodes per second over the whole run.
    #[must_use]
    pub fn nps(&self) -> u64 {
        let micros = self.elapsed.as_micros().max(1);
        (u128::from(self.total()) * 1_000_000 / micros) as u64
    }

    /// The summary line, `N nodes M nps`, as OpenBench and strong engines print it.
    #[must_use]
    pub fn summary(&self) -> String {
        format!("{} nodes {} nps", self.total(), self.nps())
    }
}

/// Whether `depth` is a bench depth (1..=[`MAX_BENCH_DEPTH`]), or why not.
///
/// # Errors
/// The message when it is not.
pub fn check_depth(depth: u32) -> Result<(), String> {
    if (1..=MAX_BENCH_DEPTH).contains(&depth) {
        Ok(())
    } else {
        Err(format!(
            "bench depth must be 1..={MAX_BENCH_DEPTH}, not {depth}"
        ))
    }
}

/// Searches every bench position to `depth` with one thread and a fresh table, killers
/// and history each time, so the node counts do not depend on what ran before. `each` sees
/// every position's index, FEN and node count as it finishes, and returns `false` to stop
/// the run. Returns `None` when stopped (by `each`, or by raising `stop`: the searches
/// check it every 1024 nodes).
///
/// # Errors
/// [`TableError`] when the bench's 16 MiB table cannot be allocated.
pub fn run_bench(
    depth: u32,
    evaluation: &Evaluation,
    stop: &Arc<AtomicBool>,
    mut each: impl FnMut(usize, &str, u64) -> bool,
) -> Result<Option<Bench>, TableError> {
    let mut searcher = Searcher::new(BENCH_HASH_MB)?;
    searcher.set_evaluation(evaluation.clone());
    searcher.set_stop_flag(Arc::clone(stop));
    let limits = Limits::depth(depth);
    let mut nodes = Vec::with_capacity(BENCH_FENS.len());
    let started = Instant::now();
    for (index, fen) in BENCH_FENS.iter().enumerate() {
        let Ok(position) = fen.parse::<Ataxx>() else {
            continue;
        };
        searcher.clear();
        let report = searcher.search(&position, &limits, |_| {});
        if stop.load(Ordering::Relaxed) {
            return Ok(None);
        }
        nodes.push(report.nodes);
        if !each(index, fen, report.nodes) {
            return Ok(None);
        }
    }
    Ok(Some(Bench {
        nodes,
        elapsed: started.elapsed(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bench_position_is_a_decision_node() {
        use boardgame_core::{Game, Turn};
        for fen in BENCH_FENS {
            let position: Ataxx = fen.parse().expect(fen);
            assert!(
                matches!(position.turn(), Turn::Player(_)),
                "{fen} is not a position with a move to search"
            );
        }
    }

    fn bench(depth: u32) -> Bench {
        let never = Arc::new(AtomicBool::new(false));
        run_bench(depth, &Evaluation::default(), &never, |_, _, _| true)
            .unwrap()
            .unwrap()
    }

    #[test]
    fn the_bench_count_is_deterministic() {
        let a = bench(3);
        let b = bench(3);
        assert_eq!(a.nodes, b.nodes);
        assert_eq!(a.nodes.len(), BENCH_FENS.len());
        assert!(a.nodes.iter().all(|&n| n > 1));
    }

    #[test]
    fn bench_depths_outside_the_range_are_refused() {
        assert!(check_depth(0).is_err());
        assert!(check_depth(MAX_BENCH_DEPTH + 1).is_err());
        assert!(check_depth(1).is_ok());
    }

    #[test]
    fn a_bench_stops_when_asked() {
        let raised = Arc::new(AtomicBool::new(true));
        let result = run_bench(20, &Evaluation::default(), &raised, |_, _, _| true).unwrap();
        assert_eq!(result, None);
        let never = Arc::new(AtomicBool::new(false));
        let mut seen = 0;
        let result = run_bench(2, &Evaluation::default(), &never, |_, _, _| {
            seen += 1;
            seen < 3
        })
        .unwrap();
        assert_eq!((result, seen), (None, 3));
    }
}
