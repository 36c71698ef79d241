//! The `make` method: every leaf is built, counters included, and handed to `black_box`,
//! so the optimiser cannot skip building it. `KEYED` says whether the key (`Ataxx::key`) is kept
//! up to date on the way (`perft_make`) or not (`perft_make_unhashed`, as the crates.io
//! peer's and libataxx's `after_move<false>`).

use core::hint::black_box;

use crate::bitboard::{JUMPS, dilate1, dilate2};
use crate::make::Maker;
use crate::position::Ataxx;

pub(super) fn perft<const KEYED: bool>(pos: &Ataxx, depth: u32) -> u64 {
    if depth == 0 {
        black_box(pos);
        return 1;
    }
    node::<KEYED>(pos, depth)
}

/// The perft of a position at `depth` ≥ 1.
fn node<const KEYED: bool>(pos: &Ataxx, depth: u32) -> u64 {
    let Some(maker) = Maker::<KEYED>::of_live(pos) else {
        return 0; // the game is over
    };
    let (us, empty) = (maker.mine(), pos.empty().bits());
    let mut total = 0;
    // Every square the mover can reach (to see whether it must pass).
    let mut reach = dilate1(us) & empty;
    if depth == 1 {
        (total, reach) = leaves(&maker, empty);
    } else {
        let mut singles = dilate1(us) & empty;
        while singles != 0 {
            total += node::<KEYED>(
                &maker.clone_to(singles.trailing_zeros() as usize),
                depth - 1,
            );
            singles &= singles - 1;
        }
        let mut froms = us;
        while froms != 0 {
            let from = froms.trailing_zeros() as usize;
            let mut targets = JUMPS[from] & empty;
            reach |= targets;
            while targets != 0 {
                let child = maker.jump(from, targets.trailing_zeros() as usize);
                total += node::<KEYED>(&child, depth - 1);
                targets &= targets - 1;
            }
            froms &= froms - 1;
        }
    }
    if reach != 0 {
        return total;
    }
    // No clone and no jump: a pass if the opponent can move, else the game is over.
    if dilate2(maker.theirs()) & empty == 0 {
        return 0;
    }
    let child = maker.pass();
    if depth == 1 {
        black_box(&child);
        1
    } else {
        node::<KEYED>(&child, depth - 1)
    }
}

/// Builds every child of the maker's position (which is not over), hands each to
/// `black_box`, and returns their number and the squares the mover can reach.
#[inline(always)]
fn leaves<const KEYED: bool>(maker: &Maker<KEYED>, empty: u64) -> (u64, u64) {
    let us = maker.mine();
    let mut total = 0;
    let mut singles = dilate1(us) & empty;
    let mut reach = singles;
    while singles != 0 {
        black_box(maker.clone_to(singles.trailing_zeros() as usize));
        total += 1;
        singles &= singles - 1;
    }
    let mut froms = us;
    while froms != 0 {
        let from = froms.trailing_zeros() as usize;
        let mut targets = JUMPS[from] & empty;
        reach |= targets;
        while targets != 0 {
            black_box(maker.jump(from, targets.trailing_zeros() as usize));
            total += 1;
            targets &= targets - 1;
        }
        froms &= froms - 1;
    }
    (total, reach)
}
