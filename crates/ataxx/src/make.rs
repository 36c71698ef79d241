//! Copy-make: the children of one position, built with the Zobrist hash ([`make_move`]) or
//! without it (the perft methods that never read a hash).
//!
//! A [`Maker`] holds what every child of a parent shares: the two sides' squares, the
//! child's flags and counters, the hash keys of the mover. A perft loop computes it once
//! per parent; [`make_move`] computes it for one move, and the optimiser drops what that
//! move does not use.
//!
//! [`make_move`]: Ataxx::make_move

use crate::bitboard::{NEIGHBOURS, TABLE_LEN};
use crate::moves::Move;
use crate::position::{Ataxx, HIGH, O_TO_MOVE_FLAG, SQUARES};
use crate::zobrist;

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

/// What the children of one parent share. `HASH`: whether the children's Zobrist hash is
/// kept up to date; without it a child keeps its parent's hash, which is then wrong, so a
/// `Maker<false>` never hands a position to anything that reads the hash.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Maker<const HASH: bool> {
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
    /// The parent's hash with the side to move switched.
    hash: u64,
    /// The mover's piece keys.
    keys: &'static [u64; TABLE_LEN],
}

impl<const HASH: bool> Maker<HASH> {
    /// The shared part of the children of `pos`.
    #[inline(always)]
    pub(crate) fn new(pos: &Ataxx) -> Maker<HASH> {
        let [us, them, flags] = pos.words;
        let o_to_move = flags & O_TO_MOVE_FLAG != 0;
        // The half-move clock lives beside the mover's squares, the move number beside
        // the opponent's; a move swaps the squares and leaves the counters in place.
        // Each counter fills the 15 bits above the squares, so adding one to a full
        // counter carries out of the word: then it stays where it was (at its cap).
        let halfmove = us & !SQUARES;
        let halfmove_on = saturating_step(halfmove, 1 << HIGH);
        // The move number goes on after `o`'s turn; `O_TO_MOVE_FLAG` is that one step.
        let fullmove_after = saturating_step(them & !SQUARES, flags & O_TO_MOVE_FLAG);
        Maker {
            mine: us & SQUARES,
            theirs: them & SQUARES,
            flags: flags ^ O_TO_MOVE_FLAG,
            clone_high: [0, fullmove_after],
            jump_high: [halfmove_on, fullmove_after],
            hash: pos.hash ^ if HASH { zobrist::O_TO_MOVE } else { 0 },
            keys: &zobrist::MOVER[usize::from(o_to_move)],
        }
    }

    /// The maker of `pos` unless its game is over because a side has no pieces or the
    /// clock ran out (`None` then). Whether anybody can move is left to the caller.
    #[inline(always)]
    pub(crate) fn of_live(pos: &Ataxx) -> Option<Maker<HASH>> {
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
        self.land(to, 0, 0, self.clone_high)
    }

    /// The child after a jump from `from` (a piece of the mover) to `to` (an empty square
    /// two away).
    #[inline(always)]
    pub(crate) fn jump(&self, from: usize, to: usize) -> Ataxx {
        let key = if HASH { self.keys[from] } else { 0 };
        self.land(to, 1 << from, key, self.jump_high)
    }

    /// The child after a pass.
    #[inline(always)]
    pub(crate) fn pass(&self) -> Ataxx {
        self.child(self.mine, self.theirs, self.jump_high, self.hash)
    }

    /// The child after the mover's piece lands on `to`, leaving `from_bit` (0 for a
    /// clone) whose key is `from_key`, with counters `high`.
    #[inline(always)]
    fn land(&self, to: usize, from_bit: u64, from_key: u64, high: [u64; 2]) -> Ataxx {
        let flips = NEIGHBOURS[to] & self.theirs;
        let mine = (self.mine ^ from_bit) | flips | (1 << to);
        let theirs = self.theirs ^ flips;
        let hash = if HASH {
            self.hash ^ self.keys[to] ^ from_key ^ zobrist::flip_key(flips, to)
        } else {
            self.hash
        };
        self.child(mine, theirs, high, hash)
    }

    /// The child with these squares (the mover's and the opponent's), counters and hash:
    /// the opponent moves next.
    #[inline(always)]
    fn child(&self, mine: u64, theirs: u64, high: [u64; 2], hash: u64) -> Ataxx {
        Ataxx {
            words: [theirs | high[0], mine | high[1], self.flags],
            hash,
        }
    }

    /// The child after `mv`.
    #[inline(always)]
    pub(crate) fn play(&self, mv: Move) -> Ataxx {
        match mv {
            Move::Single(to) => self.clone_to(to.index()),
            Move::Double { from, to } => self.jump(from.index(), to.index()),
            Move::Pass => self.pass(),
        }
    }
}
