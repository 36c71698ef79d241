//! `perft <depth>` inside the engine: counted on its own thread, in pieces small enough
//! that `stop` and `quit` end it within milliseconds.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::{self, JoinHandle};
use std::time::Instant;

use ataxx::Ataxx;
use boardgame_core::Game;

use super::{info_string, say};

/// Subtrees this deep or shallower are counted in one piece (at most a few milliseconds).
const PIECE_DEPTH: u32 = 5;

/// The running perft, if any.
#[derive(Debug, Default)]
pub(crate) struct Running {
    job: Option<(JoinHandle<()>, Arc<AtomicBool>)>,
}

impl Running {
    /// Whether a perft is running.
    pub(crate) fn is_running(&self) -> bool {
        self.job.is_some()
    }

    /// Starts counting `depth` plies from `position`; the thread prints the result.
    pub(crate) fn start(&mut self, position: Ataxx, depth: u32) {
        self.stop();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let started = thread::Builder::new()
            .name("uai-perft".into())
            .spawn(move || {
                let began = Instant::now();
                match count(&position, depth, &flag) {
                    Some(nodes) => {
                        let ms = began.elapsed().as_millis().max(1) as u64;
                        say(&format!(
                            "perft {depth} nodes {nodes} time {ms} nps {}",
                            u128::from(nodes) * 1000 / u128::from(ms)
                        ));
                    }
                    None => info_string(&format!("perft {depth} stopped")),
                }
            });
        match started {
            Ok(handle) => self.job = Some((handle, stop)),
            Err(error) => info_string(&format!("error: cannot start perft: {error}")),
        }
    }

    /// Joins a perft that has ended on its own.
    pub(crate) fn reap(&mut self) {
        if self.job.as_ref().is_some_and(|(h, _)| h.is_finished()) {
            self.stop();
        }
    }

    /// Stops the running perft (it says so) and waits for it.
    pub(crate) fn stop(&mut self) {
        if let Some((handle, stop)) = self.job.take() {
            stop.store(true, Ordering::Relaxed);
            if handle.join().is_err() {
                info_string("error: the perft thread failed");
            }
        }
    }
}

/// The perft of `position` to `depth`, or `None` once `stop` is raised.
fn count(position: &Ataxx, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    if depth <= PIECE_DEPTH {
        return Some(ataxx::perft::perft(position, depth));
    }
    let mut nodes = 0u64;
    // The root moves as perft counts them (a pass when blocked, none once over).
    for (mv, _) in ataxx::perft::divide(position, 1) {
        let mut child = position.clone();
        child.play_unchecked(mv);
        nodes += count(&child, depth - 1, stop)?;
    }
    Some(nodes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counted_in_pieces_equals_perft() {
        let start = Ataxx::default();
        let never = AtomicBool::new(false);
        assert_eq!(
            count(&start, 6, &never),
            Some(ataxx::perft::perft(&start, 6))
        );
        let blocked: Ataxx = "x5o/7/7/7/7/7/o5x x 0 1".parse().unwrap();
        assert_eq!(
            count(&blocked, 7, &never),
            Some(ataxx::perft::perft(&blocked, 7))
        );
        assert_eq!(count(&start, 9, &AtomicBool::new(true)), None);
    }
}
