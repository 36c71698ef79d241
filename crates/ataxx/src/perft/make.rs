//! The `make` method: every leaf is built with `make_move` (counters and Zobrist hash
//! included) and handed to `black_box`, so the optimiser cannot skip building it.

use core::hint::black_box;

use crate::moves::Move;
use crate::position::Ataxx;

pub(super) fn perft(pos: &Ataxx, depth: u32) -> u64 {
    if depth == 0 {
        black_box(pos);
        return 1;
    }
    let mut total = 0;
    let mut any = false;
    // A local copy: its address never escapes, so it can live in registers.
    let parent = pos.clone();
    pos.generate_batches(|batch| {
        any = true;
        // One loop per kind of move, so that the inlined `make_move` knows which it plays.
        total += match batch.from {
            None => batch
                .to
                .map(|to| child_perft(&parent, Move::Single(to), depth))
                .sum::<u64>(),
            Some(from) => batch
                .to
                .map(|to| child_perft(&parent, Move::Double { from, to }, depth))
                .sum(),
        };
        false
    });
    if !any && pos.must_pass() {
        total = child_perft(&parent, Move::Pass, depth);
    }
    total
}

/// The perft of `parent` after `mv`, to `depth` counted from `parent`.
#[inline(always)]
fn child_perft(parent: &Ataxx, mv: Move, depth: u32) -> u64 {
    let mut child = parent.clone();
    child.make_move(mv);
    if depth == 1 {
        black_box(&child); // a leaf: built, then counted
        1
    } else {
        perft(&child, depth - 1)
    }
}
