//! The `bulk` method: every position down to depth 1 is built with `make_move`; at depth 1
//! the moves are counted with popcounts (libataxx's perft).

use crate::moves::Move;
use crate::position::Ataxx;

pub(super) fn perft(pos: &Ataxx, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.move_count() as u64,
        _ => {
            let mut total = 0;
            let mut any = false;
            pos.generate_batches(|batch| {
                any = true;
                for mv in batch {
                    let mut child = pos.clone();
                    child.make_move(mv);
                    total += perft(&child, depth - 1);
                }
                false
            });
            if !any && pos.must_pass() {
                let mut child = pos.clone();
                child.make_move(Move::Pass);
                total = perft(&child, depth - 1);
            }
            total
        }
    }
}
