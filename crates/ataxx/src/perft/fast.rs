//! The `fast` method: bulk counting at the leaves and incremental counting one level
//! above them.
//!
//! At depth 1 the moves are counted with popcounts (clones set-wise, jumps per piece from
//! the table). At depth 2 no child is built: the opponent's move count after each of our
//! moves is derived from the parent's count. Landing on `t` removes `t` from the empty
//! squares and flips the opponent pieces next to it, so the opponent's jump count drops by
//! the pieces at distance 2 from `t` and by the whole jump count of each flipped piece (kept
//! per piece); its clones are recounted set-wise. Every jump onto `t` from a different
//! origin `s` then differs only in `s` being empty, which adds the opponent pieces at
//! distance 2 from `s` and one clone if `s` is next to an opponent piece.

use crate::bitboard::{JUMPS, NEIGHBOURS, dilate1, dilate2};
use crate::position::{Ataxx, count_moves_of};

/// A position from the mover's point of view, without hash or move numbers.
#[derive(Copy, Clone, Debug)]
struct Node {
    us: u64,
    them: u64,
    empty: u64,
    halfmove: u32,
}

impl Node {
    fn of(pos: &Ataxx) -> Node {
        Node {
            us: pos.us_bits(),
            them: pos.them_bits(),
            empty: pos.empty().0,
            halfmove: u32::from(pos.halfmove_clock()),
        }
    }

    #[inline]
    fn is_over(&self, limit: u32) -> bool {
        self.us == 0
            || self.them == 0
            || dilate2(self.us | self.them) & self.empty == 0
            || self.halfmove >= limit
    }

    /// The child after our piece lands on `to` (leaving `from_bit`, 0 for a clone).
    #[inline]
    fn child(&self, from_bit: u64, to: usize) -> Node {
        let to_bit = 1u64 << to;
        let flips = NEIGHBOURS[to] & self.them;
        Node {
            us: self.them ^ flips,
            them: (self.us ^ from_bit) | flips | to_bit,
            empty: (self.empty ^ to_bit) | from_bit,
            halfmove: if from_bit == 0 { 0 } else { self.halfmove + 1 },
        }
    }

    #[inline]
    fn pass(&self) -> Node {
        Node {
            us: self.them,
            them: self.us,
            empty: self.empty,
            halfmove: self.halfmove + 1,
        }
    }
}

fn clock_limit(pos: &Ataxx) -> u32 {
    if pos.ply_clock() {
        u32::from(crate::AtaxxConfig::CLOCK_LIMIT)
    } else {
        u32::MAX
    }
}

/// The number of move paths of exactly `depth` plies from `pos`.
pub(super) fn perft(pos: &Ataxx, depth: u32) -> u64 {
    node_perft(Node::of(pos), depth, clock_limit(pos))
}

fn node_perft(node: Node, depth: u32, limit: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if node.is_over(limit) {
        return 0;
    }
    match depth {
        1 => u64::from(count_moves_of(node.us, node.empty).max(1)),
        2 => leaf_parent(node, limit),
        _ => {
            let mut total = 0;
            let mut any = false;
            let mut singles = dilate1(node.us) & node.empty;
            while singles != 0 {
                any = true;
                total += node_perft(
                    node.child(0, singles.trailing_zeros() as usize),
                    depth - 1,
                    limit,
                );
                singles &= singles - 1;
            }
            let mut froms = node.us;
            while froms != 0 {
                let from_bit = froms & froms.wrapping_neg();
                let mut targets = JUMPS[froms.trailing_zeros() as usize] & node.empty;
                while targets != 0 {
                    any = true;
                    total += node_perft(
                        node.child(from_bit, targets.trailing_zeros() as usize),
                        depth - 1,
                        limit,
                    );
                    targets &= targets - 1;
                }
                froms &= froms - 1;
            }
            if !any {
                total = node_perft(node.pass(), depth - 1, limit);
            }
            total
        }
    }
}

/// The sum of the move counts of every child of `node` (a live position), without
/// building the children (see the module docs).
fn leaf_parent(node: Node, limit: u32) -> u64 {
    let Node {
        us,
        them,
        empty,
        halfmove,
    } = node;
    if dilate2(us) & empty == 0 {
        // A forced pass: the opponent can move (the game is not over).
        return if halfmove + 1 >= limit {
            0
        } else {
            u64::from(count_moves_of(them, empty))
        };
    }
    let mut jumps_of = [0u8; 49];
    let mut their_jumps = 0u32;
    let mut rest = them;
    while rest != 0 {
        let sq = rest.trailing_zeros() as usize;
        let n = (JUMPS[sq] & empty).count_ones();
        jumps_of[sq] = n as u8;
        their_jumps += n;
        rest &= rest - 1;
    }
    // For each of our pieces, the opponent pieces at distance 2 (which gain its square as
    // a jump target when it jumps away).
    let mut their_jumps_into = [0u8; 49];
    let mut rest = us;
    while rest != 0 {
        let sq = rest.trailing_zeros() as usize;
        their_jumps_into[sq] = (JUMPS[sq] & them).count_ones() as u8;
        rest &= rest - 1;
    }
    let reach = dilate1(them);
    let their_clones = (reach & empty).count_ones();
    let our_clones = dilate1(us);
    let jumps_allowed = halfmove + 1 < limit;
    let mut total = 0u64;
    let mut targets = dilate2(us) & empty;
    while targets != 0 {
        let to = targets.trailing_zeros() as usize;
        targets &= targets - 1;
        let to_bit = 1u64 << to;
        let flips = NEIGHBOURS[to] & them;
        let them_after = them ^ flips;
        if them_after == 0 {
            continue; // every opponent piece flipped: each child is a finished game
        }
        let empty_after = empty ^ to_bit;
        let mut jumps = their_jumps - (JUMPS[to] & them).count_ones();
        let (their_reach, clones) = if flips == 0 {
            // Nothing flipped: the opponent's clone targets lose `to` at most.
            (reach, their_clones - ((reach >> to) & 1) as u32)
        } else {
            let mut flipped = flips;
            while flipped != 0 {
                jumps -= u32::from(jumps_of[flipped.trailing_zeros() as usize]);
                flipped &= flipped - 1;
            }
            let reach_after = dilate1(them_after);
            (reach_after, (reach_after & empty_after).count_ones())
        };
        let base = clones + jumps;
        let us_after = us | flips | to_bit;
        if our_clones & to_bit != 0 {
            total += child_count(base, us_after, empty_after);
        }
        if jumps_allowed {
            let mut froms = JUMPS[to] & us;
            while froms != 0 {
                let from = froms.trailing_zeros() as usize;
                let from_bit = 1u64 << from;
                froms &= froms - 1;
                let mut into = u32::from(their_jumps_into[from]);
                if flips != 0 {
                    into -= (JUMPS[from] & flips).count_ones();
                }
                let count = base + u32::from(their_reach & from_bit != 0) + into;
                total += child_count(count, us_after ^ from_bit, empty_after | from_bit);
            }
        }
    }
    total
}

/// The perft(1) of a child whose opponent (now to move) has `count` moves and still has
/// pieces: `count`, or a forced pass if we (`mover`) can still move, or 0 if nobody can.
#[inline]
fn child_count(count: u32, mover: u64, empty: u64) -> u64 {
    if count > 0 {
        u64::from(count)
    } else {
        u64::from(dilate2(mover) & empty != 0)
    }
}
