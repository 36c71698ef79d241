//! The `bulk` method (libataxx's perft): every position down to depth 1 is built, and at
//! depth 1 its moves are counted with popcounts. As in libataxx and the crates.io `ataxx`
//! crate, the positions are built without the key (`Ataxx::key`), which no count reads.

use crate::bitboard::{JUMPS, dilate1, dilate2};
use crate::make::Maker;
use crate::position::Ataxx;

pub(super) fn perft(pos: &Ataxx, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.move_count() as u64,
        _ => node(pos, depth),
    }
}

/// The perft of a position at `depth` ≥ 2.
fn node(pos: &Ataxx, depth: u32) -> u64 {
    let Some(maker) = Maker::<false>::of_live(pos) else {
        return 0; // the game is over
    };
    let (us, empty) = (maker.mine(), pos.empty().bits());
    // Each child built, then counted at depth 1 or walked further down.
    let visit = |child: &Ataxx| {
        if depth == 2 {
            u64::from(child.count_legal())
        } else {
            node(child, depth - 1)
        }
    };
    let mut total = 0;
    let mut singles = dilate1(us) & empty;
    let mut reach = singles;
    while singles != 0 {
        total += visit(&maker.clone_to(singles.trailing_zeros() as usize));
        singles &= singles - 1;
    }
    let mut froms = us;
    while froms != 0 {
        let from = froms.trailing_zeros() as usize;
        let mut targets = JUMPS[from] & empty;
        reach |= targets;
        while targets != 0 {
            total += visit(&maker.jump(from, targets.trailing_zeros() as usize));
            targets &= targets - 1;
        }
        froms &= froms - 1;
    }
    if reach != 0 {
        return total;
    }
    // No clone and no jump: a pass if the opponent can move, else the game is over.
    if dilate2(maker.theirs()) & empty == 0 {
        return 0;
    }
    visit(&maker.pass())
}
