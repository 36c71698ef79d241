//! Copy-make: [`make_move`], and the children of one position, built with their key or
//! without it (the perft methods that never read a key).
//!
//! A [`Maker`] holds what every child of a parent shares: the two sides' squares, the
//! child's flags and counters, the seeds of the children's keys. A perft loop computes it once
//! per parent; [`make_move`] computes it for one move, and the optimiser drops what that
//! move does not use.
//!
//! [`make_move`]: Ataxx::make_move

use crate::bitboard::NEIGHBOURS_INLINE;
use crate::key;
use crate::layout::{HIGH, O_TO_MOVE_FLAG, SQUARES};
use crate::moves::Move;
use crate::position::Ataxx;

/// `counter + step`, or `counter` if that carries out of the word (the counter is full).
#[inline(always)]
fn saturating_step(counter: u64, step: u64) -> u64 {
    match counter.overflowing_add(step) {
        (_, true) => counter,
        (next, false) => next,
    }
}

const _: () = assert!(
    (Ataxx::MAX_COUNTER as u64) << HIGH == !SQUARES,
    "a full counter fills the bits above the squares"
);

/// What the children of one parent share. `KEYED`: whether the children's key
/// ([`Ataxx::key`]) is computed; without it a child keeps its parent's key, which is
/// then wrong, so a `Maker<false>` never hands a position to anything that reads the key.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Maker<const KEYED: bool> {
    /// The mover's squares.
    mine: u64,
    /// The opponent's squares.
    theirs: u64,
    /// The child's third word: the blocked squares and the flags, side to move switched.
    flags: u64,
    /// The counters of the child's first word (the half-move clock) and second word (the
    /// move number) after a clone.
    clone_high: [u64; 2],
    /// The same after a jump or a pass (the half-move clock goes on).
    jump_high: [u64; 2],
    /// The parent's key (the key of a `Maker<false>`'s children).
    key: u64,
    /// The children's blocked squares and side to move, XOR the key's seed of the side to
    /// move's word (`key::key_of_seeded`).
    seeded_us: u64,
    /// The same with the seed of the other side's word.
    seeded_them: u64,
}

impl<const KEYED: bool> Maker<KEYED> {
    /// The shared part of the children of `pos`.
    #[inline(always)]
    pub(crate) fn new(pos: &Ataxx) -> Maker<KEYED> {
        let [us, them, flags] = pos.words;
        // The half-move clock lives beside the mover's squares, the move number beside
        // the opponent's; a move swaps the squares and leaves the counters in place.
        // Each counter fills the 15 bits above the squares, so adding one to a full
        // counter carries out of the word: then it stays where it was (at its cap).
        let halfmove = us & !SQUARES;
        let halfmove_on = saturating_step(halfmove, 1 << HIGH);
        // The move number goes on after `o`'s turn; `O_TO_MOVE_FLAG` is that one step.
        let fullmove_after = saturating_step(them & !SQUARES, flags & O_TO_MOVE_FLAG);
        let child_flags = flags ^ O_TO_MOVE_FLAG;
        let keyed = child_flags & key::KEYED_FLAGS;
        Maker {
            mine: us & SQUARES,
            theirs: them & SQUARES,
            flags: child_flags,
            clone_high: [0, fullmove_after],
            jump_high: [halfmove_on, fullmove_after],
            key: pos.key,
            seeded_us: keyed ^ key::SEED_US,
            seeded_them: keyed ^ key::SEED_THEM,
        }
    }

    /// The maker of `pos` unless its game is over because a side has no pieces or the
    /// clock ran out (`None` then). Whether anybody can move is left to the caller.
    #[inline(always)]
    pub(crate) fn of_live(pos: &Ataxx) -> Option<Maker<KEYED>> {
        let maker = Maker::new(pos);
        if maker.mine == 0 || maker.theirs == 0 || pos.clock_expired() {
            None
        } else {
            Some(maker)
        }
    }

    /// The mover's squares.
    #[inline(always)]
    pub(crate) fn mine(&self) -> u64 {
        self.mine
    }

    /// The opponent's squares.
    #[inline(always)]
    pub(crate) fn theirs(&self) -> u64 {
        self.theirs
    }

    /// The child after a clone onto `to` (an empty square next to a piece of the mover).
    #[inline(always)]
    pub(crate) fn clone_to(&self, to: usize) -> Ataxx {
        self.land(to, 0, self.clone_high)
    }

    /// The child after a jump from `from` (a piece of the mover) to `to` (an empty square
    /// two away).
    #[inline(always)]
    pub(crate) fn jump(&self, from: usize, to: usize) -> Ataxx {
        self.land(to, 1 << from, self.jump_high)
    }

    /// The child after a pass.
    #[inline(always)]
    pub(crate) fn pass(&self) -> Ataxx {
        self.child(self.mine, self.theirs, self.jump_high)
    }

    /// The child after the mover's piece lands on `to`, leaving `from_bit` (0 for a
    /// clone), with counters `high`.
    #[inline(always)]
    fn land(&self, to: usize, from_bit: u64, high: [u64; 2]) -> Ataxx {
        let flips = NEIGHBOURS_INLINE[to] & self.theirs;
        let mine = (self.mine ^ from_bit) | flips | (1 << to);
        let theirs = self.theirs ^ flips;
        self.child(mine, theirs, high)
    }

    /// The child with these squares (the mover's and the opponent's) and counters: the
    /// opponent moves next, so its squares come first, and the key is computed from them.
    #[inline(always)]
    fn child(&self, mine: u64, theirs: u64, high: [u64; 2]) -> Ataxx {
        let key = if KEYED {
            key::key_of_seeded(theirs, mine, self.seeded_us, self.seeded_them)
        } else {
            self.key
        };
        Ataxx {
            words: [theirs | high[0], mine | high[1], self.flags],
            key,
        }
    }

    /// The child after `mv`.
    #[inline(always)]
    pub(crate) fn play(&self, mv: Move) -> Ataxx {
        // A jump first: its origin is the byte that tells the kinds apart (a clone and a
        // pass hold values above the squares there), so this is one comparison.
        if let Move::Double { from, to } = mv {
            self.jump(from.index(), to.index())
        } else if let Some(to) = mv.to() {
            self.clone_to(to.index())
        } else {
            self.pass()
        }
    }
}

impl Ataxx {
    /// Plays `mv` without checking it (copy-make: clone first to keep the old position).
    ///
    /// Flips every opponent piece next to the destination, empties a jump's origin, updates
    /// the clocks, the side to move and the key ([`key`](Ataxx::key)).
    ///
    /// # Panics
    /// Never for a legal move; for an illegal one the position becomes meaningless (but
    /// stays memory-safe), and debug builds panic.
    // Always inlined: in a loop over one parent's moves the compiler then keeps the parent
    // in registers and hoists everything that depends only on the side to move.
    #[inline(always)]
    pub fn make_move(&mut self, mv: Move) {
        debug_assert!(self.is_legal_move(mv), "illegal move {mv} in {self}");
        *self = Maker::<true>::new(self).play(mv);
    }
}
