//! `perft <depth>` inside the engine: counted on a job thread, in pieces small enough that
//! `stop` and `quit` end it within milliseconds.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use ataxx::Ataxx;
use boardgame_core::Game;

use super::{info_string, say};

/// Subtrees this deep or shallower are counted in one piece (at most a few milliseconds).
const PIECE_DEPTH: u32 = 5;

/// Counts `depth` plies from `position` and prints the result, or that it was stopped.
pub(crate) fn run(position: &Ataxx, depth: u32, stop: &AtomicBool) {
    let began = Instant::now();
    match count(position, depth, stop) {
        Some(nodes) => {
            let ms = began.elapsed().as_millis().max(1) as u64;
            say(&format!(
                "perft {depth} nodes {nodes} time {ms} nps {}",
                u128::from(nodes) * 1000 / u128::from(ms)
            ));
        }
        None => info_string(&format!("perft {depth} stopped")),
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
        // Depth 6: one level above the pieces of depth 5.
        assert_eq!(
            count(&start, 6, &never),
            Some(ataxx::perft::perft(&start, 6))
        );
        let blocked: Ataxx = "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1".parse().unwrap();
        assert_eq!(
            count(&blocked, 6, &never),
            Some(ataxx::perft::perft(&blocked, 6))
        );
        assert_eq!(count(&start, 9, &AtomicBool::new(true)), None);
    }
}
