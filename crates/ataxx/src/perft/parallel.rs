//! Counting on several threads, divided by root move: the tree is cut into subtrees, and
//! the threads take them one at a time from a shared counter. Without the `std` feature
//! there are no threads: everything is counted on the calling thread.

use alloc::vec::Vec;
use core::sync::atomic::{AtomicUsize, Ordering};

use boardgame_core::Game as _;

use super::{Method, Tally};
use crate::position::Ataxx;

/// A subtree: the root move it belongs to, its position and the depth left.
struct Task {
    root: usize,
    pos: Ataxx,
    depth: u32,
}

pub(super) fn count(pos: &Ataxx, depth: u32, method: Method, threads: usize) -> Tally {
    if depth == 0 {
        return Tally {
            nodes: 1,
            per_move: Vec::new(),
            threads: 1,
        };
    }
    let requested = match threads {
        0 => available_cores(),
        n => n,
    };
    // Small trees are not worth a thread; big ones are cut one more ply down so that there
    // are many more subtrees than threads.
    let parallel = requested > 1 && depth >= 4;
    let roots = pos.legal_moves_vec();
    let mut tasks = Vec::new();
    for (root, &mv) in roots.iter().enumerate() {
        let mut child = pos.clone();
        child.make_move(mv);
        split(root, child, depth - 1, u32::from(parallel), &mut tasks);
    }
    let workers = if parallel {
        requested.min(tasks.len()).max(1)
    } else {
        1
    };
    let (sums, threads) = run(&tasks, roots.len(), method, workers);
    Tally {
        nodes: sums.iter().sum(),
        per_move: roots.into_iter().zip(sums).collect(),
        threads,
    }
}

fn split(root: usize, pos: Ataxx, depth: u32, levels: u32, tasks: &mut Vec<Task>) {
    if levels == 0 || depth <= 3 || pos.is_terminal() {
        tasks.push(Task { root, pos, depth });
        return;
    }
    for mv in pos.legal_moves_vec() {
        let mut child = pos.clone();
        child.make_move(mv);
        split(root, child, depth - 1, levels - 1, tasks);
    }
}

/// Counts every task on the calling thread and up to `workers - 1` more; returns the sum
/// per root move and the threads that took part.
fn run(tasks: &[Task], roots: usize, method: Method, workers: usize) -> (Vec<u64>, usize) {
    let next = AtomicUsize::new(0);
    let work = || {
        let mut sums = alloc::vec![0; roots];
        while let Some(task) = tasks.get(next.fetch_add(1, Ordering::Relaxed)) {
            sums[task.root] += method.perft(&task.pos, task.depth);
        }
        sums
    };
    #[cfg(feature = "std")]
    return spread(work, workers);
    // Without `std` there are no threads: the calling thread does all the work.
    #[cfg(not(feature = "std"))]
    return {
        let _ = workers;
        (work(), 1)
    };
}

/// The cores this process may use (1 without `std`).
fn available_cores() -> usize {
    #[cfg(feature = "std")]
    return std::thread::available_parallelism().map_or(1, usize::from);
    #[cfg(not(feature = "std"))]
    return 1;
}

/// Runs `work` on the calling thread and on up to `workers - 1` scoped threads, and adds up
/// their sums; also returns the threads that took part.
#[cfg(feature = "std")]
fn spread(work: impl Fn() -> Vec<u64> + Sync, workers: usize) -> (Vec<u64>, usize) {
    std::thread::scope(|scope| {
        // A thread the system refuses to start is skipped: the others share its work.
        let helpers: Vec<_> = (1..workers)
            .map_while(|_| std::thread::Builder::new().spawn_scoped(scope, &work).ok())
            .collect();
        let threads = 1 + helpers.len();
        let mut sums = work();
        for helper in helpers {
            let theirs = helper.join().expect("perft worker panicked");
            for (sum, add) in sums.iter_mut().zip(theirs) {
                *sum += add;
            }
        }
        (sums, threads)
    })
}
