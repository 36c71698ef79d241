//! Sets of squares in a `u64` (bit `rank * 7 + file`), with the `const fn` neighbourhood
//! tables that move generation uses.

use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use crate::square::Square;

/// A set of squares: bit `i` is the square with index `i` (`a1` = bit 0, `g7` = bit 48).
///
/// Bits 49..64 are always clear in values built by this crate; [`Bitboard::new`] masks them.
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bitboard(pub(crate) u64);

const fn file_mask(file: u8) -> u64 {
    let mut mask = 0;
    let mut rank = 0;
    while rank < 7 {
        mask |= 1 << (rank * 7 + file);
        rank += 1;
    }
    mask
}

const ALL_BITS: u64 = (1 << 49) - 1;
const NOT_FILE_A: u64 = ALL_BITS & !file_mask(0);
const NOT_FILE_G: u64 = ALL_BITS & !file_mask(6);
const NOT_FILES_AB: u64 = NOT_FILE_A & !file_mask(1);
const NOT_FILES_FG: u64 = NOT_FILE_G & !file_mask(5);

/// Every square within king distance 1 of `bits`, including `bits` itself (set-wise).
#[inline]
pub(crate) const fn dilate1(bits: u64) -> u64 {
    let row = bits | ((bits << 1) & NOT_FILE_A) | ((bits >> 1) & NOT_FILE_G);
    (row | (row << 7) | (row >> 7)) & ALL_BITS
}

/// Every square within king distance 2 of `bits`, including `bits` itself (set-wise).
#[inline]
pub(crate) const fn dilate2(bits: u64) -> u64 {
    let row = bits
        | ((bits << 1) & NOT_FILE_A)
        | ((bits >> 1) & NOT_FILE_G)
        | ((bits << 2) & NOT_FILES_AB)
        | ((bits >> 2) & NOT_FILES_FG);
    (row | (row << 7) | (row >> 7) | (row << 14) | (row >> 14)) & ALL_BITS
}

/// Per-square tables have 256 entries, of which the first 49 are used: indexed by a byte
/// (a square) or a bit index (`trailing_zeros`), a lookup then needs no bounds check. The
/// padding is never read, so it costs no cache.
pub(crate) const TABLE_LEN: usize = 256;

const fn build_neighbours() -> [u64; TABLE_LEN] {
    let mut table = [0; TABLE_LEN];
    let mut sq = 0;
    while sq < 49 {
        table[sq] = dilate1(1 << sq) & !(1 << sq);
        sq += 1;
    }
    table
}

const fn build_jumps() -> [u64; TABLE_LEN] {
    let mut table = [0; TABLE_LEN];
    let mut sq = 0;
    while sq < 49 {
        table[sq] = dilate2(1 << sq) & !dilate1(1 << sq);
        sq += 1;
    }
    table
}

/// `NEIGHBOURS[sq]`: the squares at king distance exactly 1 (clone targets, flip area).
pub(crate) static NEIGHBOURS: [u64; TABLE_LEN] = NEIGHBOURS_INLINE;
/// The same table as a constant, for code inlined into other crates (`Ataxx::make_move`):
/// there a `static` of this crate is reached through the global offset table of a
/// position-independent binary (one more load per lookup), while the constant is copied
/// into the calling crate and read directly.
pub(crate) const NEIGHBOURS_INLINE: [u64; TABLE_LEN] = build_neighbours();
/// `JUMPS[sq]`: the squares at king distance exactly 2 (jump targets and jump sources).
pub(crate) static JUMPS: [u64; TABLE_LEN] = build_jumps();

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 49 squares.
    pub const ALL: Bitboard = Bitboard(ALL_BITS);

    /// The set with these bits; bits 49 and above are dropped.
    #[must_use]
    pub const fn new(bits: u64) -> Bitboard {
        Bitboard(bits & ALL_BITS)
    }

    /// The raw bits (bit `rank * 7 + file`).
    #[must_use]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The set holding only `sq`.
    #[must_use]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq.index())
    }

    /// The squares at distance exactly 1 from `sq` (where a clone from `sq` may land).
    #[must_use]
    pub fn neighbours(sq: Square) -> Bitboard {
        Bitboard(NEIGHBOURS[sq.index()])
    }

    /// The squares at distance exactly 2 from `sq` (where a jump from `sq` may land).
    #[must_use]
    pub fn jumps(sq: Square) -> Bitboard {
        Bitboard(JUMPS[sq.index()])
    }

    /// Every square within distance 1 of a member, members included (set-wise dilation).
    #[must_use]
    pub const fn dilate(self) -> Bitboard {
        Bitboard(dilate1(self.0))
    }

    /// Every square within distance 2 of a member, members included.
    #[must_use]
    pub const fn dilate2(self) -> Bitboard {
        Bitboard(dilate2(self.0))
    }

    /// The number of squares in the set.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `sq` is in the set.
    #[must_use]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq.index()) != 0
    }

    /// The lowest square in the set.
    #[must_use]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index(self.0.trailing_zeros() as usize))
        }
    }

    /// The set with `sq` added.
    #[must_use]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | (1 << sq.index()))
    }

    /// The set with `sq` removed.
    #[must_use]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq.index()))
    }
}

impl Iterator for Bitboard {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        let sq = self.first()?;
        self.0 &= self.0 - 1;
        Some(sq)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.0.count_ones() as usize;
        (len, Some(len))
    }
}

impl ExactSizeIterator for Bitboard {}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

macro_rules! binary_op {
    ($trait:ident, $method:ident, $assign:ident, $assign_method:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $assign for Bitboard {
            #[inline]
            fn $assign_method(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

binary_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
binary_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
binary_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    /// The complement within the 49 squares.
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & ALL_BITS)
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(*self).finish()
    }
}

impl fmt::Display for Bitboard {
    /// Seven lines, rank 7 first, `x` for members and `.` for the rest.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..7).rev() {
            for file in 0..7 {
                let sq = Square::new(file, rank).expect("on the board");
                f.write_str(if self.contains(sq) { "x" } else { "." })?;
            }
            if rank > 0 {
                f.write_str("\n")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn complement_iteration_and_text_stay_on_the_49_squares() {
        let corners = Bitboard(1 | 1 << 6 | 1 << 42 | 1 << 48);
        assert_eq!(!Bitboard::EMPTY, Bitboard(ALL_BITS));
        assert_eq!(!corners, Bitboard(ALL_BITS ^ corners.0));
        assert_eq!(!!corners, corners);
        assert_eq!(corners.size_hint(), (4, Some(4)));
        assert_eq!(Bitboard::EMPTY.size_hint(), (0, Some(0)));
        // At most five: an iterator that stopped dropping squares would otherwise never end.
        let squares: Vec<usize> = corners.take(5).map(Square::index).collect();
        assert_eq!(squares, [0, 6, 42, 48]);
        assert_eq!(
            format!("{corners:?}"),
            "{Square(0), Square(6), Square(42), Square(48)}"
        );
        assert_eq!(
            corners.to_string(),
            "x.....x\n.......\n.......\n.......\n.......\n.......\nx.....x"
        );
    }

    #[test]
    fn with_adds_one_square_and_without_removes_one() {
        let (a1, b1) = (Square::from_index(0), Square::from_index(1));
        let both = Bitboard(0b11);
        assert_eq!(Bitboard::EMPTY.with(b1), Bitboard(0b10));
        assert_eq!(
            both.with(a1),
            both,
            "adding a square already there changes nothing"
        );
        assert_eq!(both.without(b1), Bitboard(0b01));
        assert_eq!(both.without(a1), Bitboard(0b10));
        assert_eq!(
            Bitboard(0b10).without(a1),
            Bitboard(0b10),
            "removing an absent square"
        );
    }

    #[test]
    fn bits_are_rank_times_seven_plus_file_and_new_drops_the_rest() {
        let b2 = Square::from_index(8);
        assert_eq!(Bitboard::from_square(b2).bits(), 1 << 8);
        assert_eq!(Bitboard::new(u64::MAX).bits(), (1 << 49) - 1);
        assert_eq!(Bitboard::new(0b101).bits(), 0b101);
        assert_eq!(Bitboard::EMPTY.bits(), 0);
    }

    #[test]
    fn neighbour_and_jump_tables_match_king_distance() {
        for a in Square::all() {
            for b in Square::all() {
                assert_eq!(
                    Bitboard::neighbours(a).contains(b),
                    a.distance(b) == 1,
                    "{a} {b}"
                );
                assert_eq!(
                    Bitboard::jumps(a).contains(b),
                    a.distance(b) == 2,
                    "{a} {b}"
                );
            }
        }
    }

    #[test]
    fn corner_and_centre_have_expected_target_counts() {
        let a1 = Square::from_index(0);
        let d4: Square = "d4".parse().unwrap();
        assert_eq!(Bitboard::neighbours(a1).len(), 3);
        assert_eq!(Bitboard::jumps(a1).len(), 5);
        assert_eq!(Bitboard::neighbours(d4).len(), 8);
        assert_eq!(Bitboard::jumps(d4).len(), 16);
    }

    #[test]
    fn dilation_never_wraps_around_the_edges() {
        for sq in Square::all() {
            let one = Bitboard::from_square(sq);
            assert_eq!(one.dilate(), Bitboard::neighbours(sq).with(sq));
            assert_eq!(
                one.dilate2(),
                Bitboard::jumps(sq) | Bitboard::neighbours(sq).with(sq)
            );
        }
    }
}
