//! The search's compact move and its move list: generated straight from the bitboards into
//! a fixed array, each move with the number of stones it flips (its ordering key).

use ataxx::{Ataxx, Bitboard, Move, Square};

/// A move in 16 bits: the destination in bits 0..6, the origin in bits 6..12 (equal to the
/// destination for a clone), bit 12 set for a jump. [`Mv::PASS`] and [`Mv::NONE`] are
/// outside that range.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub(crate) struct Mv(u16);

const JUMP_BIT: u16 = 1 << 12;

impl Mv {
    /// No move (an empty table slot, no killer).
    pub(crate) const NONE: Mv = Mv(0);
    /// The forced pass.
    pub(crate) const PASS: Mv = Mv(0x4000);

    /// A clone onto `to`.
    #[inline]
    pub(crate) const fn single(to: usize) -> Mv {
        // Bit 15 marks a real move, so that a clone to a1 is not `NONE`.
        Mv(0x8000 | (to as u16) | ((to as u16) << 6))
    }

    /// A jump from `from` to `to`.
    #[inline]
    pub(crate) const fn jump(from: usize, to: usize) -> Mv {
        Mv(0x8000 | JUMP_BIT | (to as u16) | ((from as u16) << 6))
    }

    /// The destination square's index.
    #[inline]
    pub(crate) const fn to(self) -> usize {
        (self.0 & 63) as usize
    }

    /// The origin square's index (the destination for a clone).
    #[inline]
    pub(crate) const fn from(self) -> usize {
        ((self.0 >> 6) & 63) as usize
    }

    /// Whether this is a jump.
    #[inline]
    pub(crate) const fn is_jump(self) -> bool {
        self.0 & JUMP_BIT != 0 && self.0 & 0x8000 != 0
    }

    /// Whether this is a clone or a jump (not a pass, not `NONE`).
    #[inline]
    pub(crate) const fn is_move(self) -> bool {
        self.0 & 0x8000 != 0
    }

    /// The raw bits (for the transposition table).
    #[inline]
    pub(crate) const fn bits(self) -> u16 {
        self.0
    }

    /// A move from its raw bits.
    #[inline]
    pub(crate) const fn from_bits(bits: u16) -> Mv {
        Mv(bits)
    }

    /// The index of this move in a `[from][to]` table of 49 × 49 entries (a clone uses
    /// its destination twice).
    #[inline]
    pub(crate) const fn butterfly(self) -> usize {
        self.from() * 49 + self.to()
    }

    /// The rules crate's move.
    #[inline]
    pub(crate) fn to_move(self) -> Move {
        if self == Mv::PASS || !self.is_move() {
            return Move::Pass;
        }
        let to = Square::from_index(self.to());
        if self.is_jump() {
            Move::Double {
                from: Square::from_index(self.from()),
                to,
            }
        } else {
            Move::Single(to)
        }
    }

    /// The compact move of a rules-crate move.
    #[cfg(test)]
    pub(crate) fn of(mv: Move) -> Mv {
        match mv {
            Move::Single(to) => Mv::single(to.index()),
            Move::Double { from, to } => Mv::jump(from.index(), to.index()),
            Move::Pass => Mv::PASS,
        }
    }
}

/// The most moves a position can have (the rules crate's bound).
pub(crate) const MAX_MOVES: usize = ataxx::MAX_MOVES;

/// A move list in a fixed array. Each entry packs the move's ordering score (high 32 bits,
/// offset to be unsigned), its generation index (reversed, so that ties keep generation
/// order) and the move, so that sorting the entries as integers sorts the moves.
#[derive(Clone, Debug)]
pub(crate) struct MoveList {
    entries: [u64; MAX_MOVES],
    len: usize,
    /// Entries from this index on are sorted (see [`MoveList::pick`]).
    sorted_from: usize,
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList {
            entries: [0; MAX_MOVES],
            len: 0,
            sorted_from: usize::MAX,
        }
    }
}

/// The stones a move adds to the mover's count: the stones it flips, plus one for a clone
/// (the new stone; a jump only moves one).
#[inline(always)]
pub(crate) fn gain(mv: Mv, theirs: u64) -> i32 {
    let flips = (Bitboard::neighbours(Square::from_index(mv.to())).bits() & theirs).count_ones();
    flips as i32 + i32::from(!mv.is_jump())
}

/// Picks beyond this many sort the rest of the list once, instead of scanning it each time.
const SELECTION_PICKS: usize = 3;

impl MoveList {
    /// Number of moves.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The move at `index` (in the current order).
    #[cfg(test)]
    pub(crate) fn get(&self, index: usize) -> Mv {
        Mv::from_bits(self.entries[index] as u16)
    }

    /// Fills the list with the clones and jumps of the side to move (empty when it has
    /// none: a pass or the end of the game), each scored by `score`. Inlined into its
    /// caller, so that [`crate::simd::with_popcnt`] compiles it with `popcnt`.
    #[inline(always)]
    pub(crate) fn generate(&mut self, position: &Ataxx, mut score: impl FnMut(Mv) -> i32) {
        self.len = 0;
        self.sorted_from = usize::MAX;
        let side = position.side_to_move();
        let us = position.pieces(side);
        let empty = position.empty();
        for to in us.dilate() & empty {
            self.push(Mv::single(to.index()), &mut score);
        }
        for from in us {
            for to in Bitboard::jumps(from) & empty {
                self.push(Mv::jump(from.index(), to.index()), &mut score);
            }
        }
    }

    #[inline(always)]
    fn push(&mut self, mv: Mv, score: &mut impl FnMut(Mv) -> i32) {
        // MAX_MOVES bounds every position's move count (the rules crate's test).
        if self.len < MAX_MOVES {
            let key = (score(mv) as i64 + (1 << 31)) as u64;
            let order = (MAX_MOVES - self.len) as u64;
            self.entries[self.len] = key << 32 | order << 16 | u64::from(mv.bits());
            self.len += 1;
        }
    }

    /// The best-scored move among `index..`, moved to `index` (ties keep generation
    /// order). The first few picks scan the rest of the list; after them the rest is
    /// sorted once, as a node that needs that many moves usually needs them all.
    #[inline]
    pub(crate) fn pick(&mut self, index: usize) -> Mv {
        if index >= self.sorted_from {
            return Mv::from_bits(self.entries[index] as u16);
        }
        if index >= SELECTION_PICKS {
            self.entries[index..self.len].sort_unstable_by(|a, b| b.cmp(a));
            self.sorted_from = index;
            return Mv::from_bits(self.entries[index] as u16);
        }
        let mut best = index;
        for i in index + 1..self.len {
            if self.entries[i] > self.entries[best] {
                best = i;
            }
        }
        self.entries.swap(index, best);
        Mv::from_bits(self.entries[index] as u16)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgame_core::Game;

    #[test]
    fn generated_moves_are_exactly_the_legal_moves() {
        for fen in [
            "x5o/7/7/7/7/7/o5x x 0 1",
            "x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1",
            "o1xx2x/2xx2x/2xx2x/x1xx2x/2xx2x/2xx2x/x1xx2x x 0 1",
        ] {
            let position: Ataxx = fen.parse().unwrap();
            let mut list = MoveList::default();
            list.generate(&position, |_| 0);
            let mut ours: Vec<String> = (0..list.len())
                .map(|i| list.get(i).to_move().to_string())
                .collect();
            let mut legal: Vec<String> = position
                .legal_moves_vec()
                .into_iter()
                .filter(|m| *m != Move::Pass)
                .map(|m| m.to_string())
                .collect();
            ours.sort();
            legal.sort();
            assert_eq!(ours, legal, "{fen}");
        }
    }

    #[test]
    fn compact_moves_round_trip() {
        for text in ["a1", "g7", "a1c3", "g7e5", "0000"] {
            let mv: Move = text.parse().unwrap();
            assert_eq!(Mv::of(mv).to_move(), mv);
        }
        assert!(!Mv::NONE.is_move());
        assert!(!Mv::PASS.is_move());
        assert!(Mv::single(0).is_move());
        assert_ne!(Mv::single(0), Mv::NONE);
        assert!(Mv::jump(0, 14).is_jump());
        assert!(!Mv::single(3).is_jump());
    }

    #[test]
    fn picks_come_in_score_order_then_generation_order() {
        let position: Ataxx = "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1".parse().unwrap();
        let mut plain = MoveList::default();
        plain.generate(&position, |mv| (mv.to() % 5) as i32 - 2);
        let generated: Vec<Mv> = (0..plain.len()).map(|i| plain.get(i)).collect();
        let mut expected: Vec<(i32, usize, Mv)> = generated
            .iter()
            .enumerate()
            .map(|(i, &mv)| ((mv.to() % 5) as i32 - 2, i, mv))
            .collect();
        expected.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let picked: Vec<Mv> = (0..plain.len()).map(|i| plain.pick(i)).collect();
        assert_eq!(picked, expected.iter().map(|e| e.2).collect::<Vec<_>>());
    }

    #[test]
    fn pick_orders_by_score_and_keeps_generation_order_for_ties() {
        let position = Ataxx::default();
        let mut list = MoveList::default();
        list.generate(&position, |mv| i32::from(!mv.is_jump()));
        let first = list.pick(0);
        assert!(!first.is_jump());
        let mut last_single = true;
        for i in 1..list.len() {
            let mv = list.pick(i);
            if mv.is_jump() {
                last_single = false;
            } else {
                assert!(last_single, "a clone after a jump");
            }
        }
    }
}
