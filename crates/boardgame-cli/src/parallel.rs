//! Running a numbered batch of jobs on worker threads, with a progress bar on a terminal.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// The worker count: `threads`, or every core when `None` (at least 1).
pub(crate) fn thread_count(threads: Option<usize>) -> usize {
    threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1)
}

/// Runs `job(i)` for every `i` in `0..jobs` on `threads` workers and returns the results in
/// index order, so they do not depend on the scheduling. Shows a progress bar counting
/// `unit` on standard error when `progress` is set and standard error is a terminal.
pub(crate) fn map_indexed<T: Send>(
    jobs: u64,
    threads: usize,
    progress: bool,
    unit: &str,
    job: impl Fn(u64) -> T + Sync,
) -> Vec<T> {
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let mut results: Vec<(u64, T)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.max(1))
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        if index >= jobs {
                            break mine;
                        }
                        mine.push((index, job(index)));
                        done.fetch_add(1, Ordering::Relaxed);
                    }
                })
            })
            .collect();
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
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("worker panicked"))
            .collect()
    });
    results.sort_unstable_by_key(|(index, _)| *index);
    results.into_iter().map(|(_, result)| result).collect()
}
