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
    if depth == 2 {
        return leaf_parent(node, limit); // it tells a finished game on its own
    }
    if node.is_over(limit) {
        return 0;
    }
    match depth {
        1 => u64::from(count_moves_of(node.us, node.empty).max(1)),
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

/// The sum of the move counts of every child of `node`, without building the children
/// (see the module docs); 0 if the game is over.
///
/// The children are taken by landing square `to`: the clone onto it and every jump onto it
/// flip the same pieces, so the opponent's move count after landing (`base`) is computed
/// once, and a jump from `from` adds to it only what emptying `from` gives the opponent:
/// `from` as a clone target if one of its pieces is next to it, and as a jump target of
/// each of its pieces two away.
fn leaf_parent(node: Node, limit: u32) -> u64 {
    let Node {
        us,
        them,
        empty,
        halfmove,
    } = node;
    if us == 0 || them == 0 || halfmove >= limit {
        return 0;
    }
    // Within distance 2 is within distance 1 of within distance 1: one dilation more.
    let near = dilate1(us);
    let targets = dilate1(near) & empty;
    if targets == 0 {
        // No move: a forced pass if the opponent can move (then it moves at depth 1),
        // else nobody can and the game is over.
        return if halfmove + 1 >= limit {
            0
        } else {
            u64::from(count_moves_of(them, empty))
        };
    }
    let mut their_jumps = 0u32;
    let mut rest = them;
    while rest != 0 {
        their_jumps += (JUMPS[rest.trailing_zeros() as usize] & empty).count_ones();
        rest &= rest - 1;
    }
    let reach = dilate1(them);
    let their_clones = (reach & empty).count_ones();
    let clones = near & empty;
    if halfmove + 1 >= limit {
        // A jump reaches the clock limit and ends the game: only the clones' children
        // have moves (a clone resets the clock).
        return landings::<false>(
            us,
            them,
            empty,
            clones,
            their_jumps,
            reach,
            their_clones,
            clones,
        );
    }
    // Landing squares next to no opponent piece flip nothing, so the opponent keeps its
    // pieces, its clones and its jumps but those onto `to`. When it has more moves than
    // pieces, each such child leaves it a move, and their counts add up without visiting
    // them: see `quiet_landings`.
    let their_pieces = them.count_ones();
    let (quiet, rest) = if their_clones + their_jumps > their_pieces {
        let quiet = targets & !reach;
        (
            quiet_landings(
                us,
                them,
                their_pieces,
                quiet,
                reach,
                their_clones + their_jumps,
                clones,
            ),
            targets & reach,
        )
    } else {
        (0, targets)
    };
    quiet
        + landings::<true>(
            us,
            them,
            empty,
            rest,
            their_jumps,
            reach,
            their_clones,
            clones,
        )
}

/// The sum of the move counts of the children landing on the squares `quiet`, where
/// nothing flips, given that the opponent has `moves` moves (more than its pieces) in the
/// parent. Such a child leaves the opponent `moves` minus its jumps onto `to`, plus, for a
/// jump from `from`, `from` as a clone target if one of its pieces is next to it and as a
/// jump target of each of its pieces two away. Summed over the children: `moves` times
/// their number, minus each landing square's lost jumps times the children landing there,
/// plus each of our pieces' gains times its jumps into `quiet`.
///
/// The lost jumps are summed square by square, or pair by pair ([`quiet_sum`])
/// when the pairs (one of our pieces or our clones, one of theirs) are at most twice the
/// quiet squares: a pair costs about half what a square does.
#[inline(always)]
fn quiet_landings(
    us: u64,
    them: u64,
    their_pieces: u32,
    quiet: u64,
    reach: u64,
    moves: u32,
    clones: u64,
) -> u64 {
    if their_pieces * (us.count_ones() + 1) <= 2 * quiet.count_ones() {
        quiet_sum::<true>(us, them, quiet, reach, moves, clones)
    } else {
        quiet_sum::<false>(us, them, quiet, reach, moves, clones)
    }
}

/// [`quiet_landings`] with the lost jumps summed by pairs of pieces (`BY_PAIRS`) or by
/// square.
///
/// By pairs: a square two away from our piece `from` and from their piece `v` loses `v`'s
/// jump once for the jump from `from` onto it, so the jumps lost under our jumps are, over
/// every such pair, the squares of `quiet` two away from both; those lost under our clones
/// are, over their pieces, the squares of `quiet` next to ours and two away from the piece.
/// With a few pieces a side (perft from the start) that is a handful of popcounts instead
/// of one visit per quiet square.
#[inline(always)]
fn quiet_sum<const BY_PAIRS: bool>(
    us: u64,
    them: u64,
    quiet: u64,
    reach: u64,
    moves: u32,
    clones: u64,
) -> u64 {
    let cloned = quiet & clones;
    let mut children = u64::from(cloned.count_ones());
    let mut gained = 0u64;
    let mut lost = 0u64;
    let mut rest = us;
    while rest != 0 {
        let from = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let jumped = JUMPS[from] & quiet;
        let jumps = u64::from(jumped.count_ones());
        children += jumps;
        let gain = ((reach >> from) & 1) + u64::from((JUMPS[from] & them).count_ones());
        gained += jumps * gain;
        if BY_PAIRS {
            let mut theirs = them;
            while theirs != 0 {
                lost += u64::from((JUMPS[theirs.trailing_zeros() as usize] & jumped).count_ones());
                theirs &= theirs - 1;
            }
        }
    }
    if BY_PAIRS {
        let mut rest = them;
        while rest != 0 {
            lost += u64::from((JUMPS[rest.trailing_zeros() as usize] & cloned).count_ones());
            rest &= rest - 1;
        }
    } else {
        let mut rest = quiet;
        while rest != 0 {
            let to = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let landing_here = (JUMPS[to] & us).count_ones() + ((clones >> to) & 1) as u32;
            lost += u64::from(landing_here * (JUMPS[to] & them).count_ones());
        }
    }
    u64::from(moves) * children - lost + gained
}

/// The sum over the landing squares `targets` of the move counts of the children landing
/// there (the clone if `to` is in `clones`, and, with `JUMPS`, every jump onto it).
#[allow(clippy::too_many_arguments)] // the parent's sets, computed once by `leaf_parent`
#[inline(always)]
fn landings<const JUMPS_TOO: bool>(
    us: u64,
    them: u64,
    empty: u64,
    mut targets: u64,
    their_jumps: u32,
    reach: u64,
    their_clones: u32,
    clones: u64,
) -> u64 {
    let mut total = 0u64;
    while targets != 0 {
        let to = targets.trailing_zeros() as usize;
        targets &= targets - 1;
        let flips = NEIGHBOURS[to] & them;
        let froms = if JUMPS_TOO { JUMPS[to] & us } else { 0 };
        let children = froms.count_ones() + ((clones >> to) & 1) as u32;
        // The opponent's jumps lose `to` as a target.
        let jumps = their_jumps - (JUMPS[to] & them).count_ones();
        let (them_after, reach_after, base) = if flips == 0 {
            // Nothing flipped: `to` was out of the opponent's reach, its clones stay.
            (them, reach, their_clones + jumps)
        } else {
            let them_after = them ^ flips;
            if them_after == 0 {
                continue; // every opponent piece flipped: each child is a finished game
            }
            // The flipped pieces' jumps are gone; the clones are counted again.
            let mut jumps = jumps;
            let mut flipped = flips;
            while flipped != 0 {
                jumps -= (JUMPS[flipped.trailing_zeros() as usize] & empty).count_ones();
                flipped &= flipped - 1;
            }
            let reach_after = dilate1(them_after);
            let clones_after = (reach_after & empty & !(1 << to)).count_ones();
            (them_after, reach_after, clones_after + jumps)
        };
        if base == 0 {
            // A child may leave the opponent without a move: count child by child.
            total += stuck_landing(us, them_after, empty, to, flips, froms, clones, reach_after);
            continue;
        }
        let mut gained = (froms & reach_after).count_ones();
        let mut rest = froms;
        while rest != 0 {
            gained += (JUMPS[rest.trailing_zeros() as usize] & them_after).count_ones();
            rest &= rest - 1;
        }
        total += u64::from(base * children + gained);
    }
    total
}

/// The move counts of the children landing on `to` when the opponent, to move in them,
/// has no move after the clone (`base` is 0): each child by itself, a forced pass
/// counting 1 if we can still move and 0 if nobody can.
#[allow(clippy::too_many_arguments)]
#[cold]
#[inline(never)]
fn stuck_landing(
    us: u64,
    them_after: u64,
    empty: u64,
    to: usize,
    flips: u64,
    froms: u64,
    clones: u64,
    reach_after: u64,
) -> u64 {
    let to_bit = 1u64 << to;
    let (us_after, empty_after) = (us | flips | to_bit, empty ^ to_bit);
    let mut total = 0;
    if clones & to_bit != 0 {
        total += child_count(0, us_after, empty_after);
    }
    let mut rest = froms;
    while rest != 0 {
        let from = rest.trailing_zeros() as usize;
        let from_bit = 1u64 << from;
        rest &= rest - 1;
        let count =
            u32::from(reach_after & from_bit != 0) + (JUMPS[from] & them_after).count_ones();
        total += child_count(count, us_after ^ from_bit, empty_after | from_bit);
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
