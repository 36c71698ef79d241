//! Running a numbered batch of jobs on worker threads, with a progress bar on a terminal.
//! Each worker folds its results into its own accumulator, so memory does not grow with the
//! number of jobs.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use crate::simulate::MAX_THREADS;

/// The worker count: `threads`, or every core when `None` (at least 1).
pub(crate) fn thread_count(threads: Option<usize>) -> usize {
    threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .clamp(1, MAX_THREADS)
}

/// Runs `job(&mut accumulator, i)` for every `i` in `0..jobs` on up to `threads` workers
/// (never more than `jobs`), each with its own accumulator from `start`, and returns the
/// accumulators (for the caller to combine: with a sum that does not depend on the order,
/// neither does the result) and how many workers ran. If some workers cannot be started, the others do all the jobs (a
/// note on standard error says so). Shows a progress bar counting `unit` on standard error
/// when `progress` is set and standard error is a terminal.
///
/// # Errors
/// When not even one worker can be started.
pub(crate) fn fold_indexed<T: Send>(
    jobs: u64,
    threads: usize,
    progress: bool,
    unit: &str,
    start: impl Fn() -> T + Sync,
    job: impl Fn(&mut T, u64) + Sync,
) -> std::io::Result<Vec<T>> {
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    std::thread::scope(|scope| {
        let work = || {
            let mut mine = start();
            loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= jobs {
                    break mine;
                }
                job(&mut mine, index);
                done.fetch_add(1, Ordering::Relaxed);
            }
        };
        // No more workers than jobs: an idle worker would only hold memory.
        let wanted = threads
            .min(usize::try_from(jobs).unwrap_or(usize::MAX))
            .max(1);
        let mut workers = Vec::with_capacity(wanted);
        for number in 0..wanted {
            match std::thread::Builder::new()
                .name(format!("{unit}-{number}"))
                .spawn_scoped(scope, work)
            {
                Ok(worker) => workers.push(worker),
                Err(error) if !workers.is_empty() => {
                    eprintln!(
                        "boardgame: started {} of {wanted} threads ({error}); going on with those",
                        workers.len()
                    );
                    break;
                }
                Err(error) => return Err(error),
            }
        }
        if progress && std::io::stderr().is_terminal() {
            let bar = indicatif::ProgressBar::new(jobs);
            bar.set_style(
                indicatif::ProgressStyle::with_template(&format!(
                    "{{spinner}} [{{elapsed_precise}}] {{wide_bar}} {{pos}}/{{len}} {unit} ({{per_sec}}, eta {{eta}})"
                ))
                .expect("valid template"),
            );
            while workers.iter().any(|w| !w.is_finished()) {
                bar.set_position(done.load(Ordering::Relaxed));
                std::thread::sleep(Duration::from_millis(100));
            }
            bar.finish_and_clear();
        }
        Ok(workers
            .into_iter()
            .map(|w| {
                w.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect())
    })
}
