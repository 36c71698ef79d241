//! Squares `a1`..`g7` and their UAI names.

use core::fmt;
use core::str::FromStr;

/// The board's width and height.
pub(crate) const SIZE: u8 = 7;

/// One of the 49 squares, indexed `rank * 7 + file` (`a1` = 0, `g1` = 6, `a2` = 7, `g7` = 48).
///
/// Files `a`..`g` run left to right, ranks `1`..`7` bottom to top.
///
/// One byte, and the compiler knows that only 49 of its values are used: table lookups by
/// a square need no bounds check, and a [`Move`](crate::Move) fits in two bytes, with
/// the destination in the same byte for a clone and a jump.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Square(Index);

/// The index of a square, as an enum so that its values 49..=255 are free (a niche).
macro_rules! square_index {
    ($($name:ident = $value:literal),* $(,)?) => {
        #[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord)]
        #[repr(u8)]
        enum Index {
            $($name = $value),*
        }

        impl Index {
            /// The index `value`, which must be below 49.
            #[inline(always)]
            #[track_caller]
            const fn of(value: u8) -> Index {
                match value {
                    $($value => Index::$name,)*
                    _ => panic!("square index out of range"),
                }
            }
        }
    };
}

square_index! {
    A1 = 0, B1 = 1, C1 = 2, D1 = 3, E1 = 4, F1 = 5, G1 = 6,
    A2 = 7, B2 = 8, C2 = 9, D2 = 10, E2 = 11, F2 = 12, G2 = 13,
    A3 = 14, B3 = 15, C3 = 16, D3 = 17, E3 = 18, F3 = 19, G3 = 20,
    A4 = 21, B4 = 22, C4 = 23, D4 = 24, E4 = 25, F4 = 26, G4 = 27,
    A5 = 28, B5 = 29, C5 = 30, D5 = 31, E5 = 32, F5 = 33, G5 = 34,
    A6 = 35, B6 = 36, C6 = 37, D6 = 38, E6 = 39, F6 = 40, G6 = 41,
    A7 = 42, B7 = 43, C7 = 44, D7 = 45, E7 = 46, F7 = 47, G7 = 48,
}

impl fmt::Debug for Square {
    /// `Square(index)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Square").field(&self.index()).finish()
    }
}

impl core::hash::Hash for Square {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        (self.0 as u8).hash(state);
    }
}

/// A square name that is not `a1`..`g7`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid square {}: expected a file a-g followed by a rank 1-7", boardgame_io::quote(.text))]
pub struct ParseSquareError {
    /// The text that was given.
    pub text: alloc::string::String,
}

impl Square {
    /// The number of squares.
    pub const COUNT: usize = 49;

    /// The square with this index (`rank * 7 + file`), or `None` if it is 49 or more.
    #[must_use]
    pub const fn try_from_index(index: usize) -> Option<Square> {
        if index < Square::COUNT {
            Some(Square(Index::of(index as u8)))
        } else {
            None
        }
    }

    /// The square with this index (`rank * 7 + file`).
    ///
    /// # Panics
    /// If `index >= 49`.
    #[must_use]
    #[track_caller]
    pub const fn from_index(index: usize) -> Square {
        assert!(index < Square::COUNT, "square index out of range");
        Square(Index::of(index as u8))
    }

    /// The square on `file` (0 = a) and `rank` (0 = rank 1), or `None` off the board.
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < SIZE && rank < SIZE {
            Some(Square(Index::of(rank * SIZE + file)))
        } else {
            None
        }
    }

    /// The index `rank * 7 + file`, 0..49.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 (a) ..= 6 (g).
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 as u8 % SIZE
    }

    /// The rank, 0 (rank 1) ..= 6 (rank 7).
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 as u8 / SIZE
    }

    /// The king distance (Chebyshev distance): 1 for a clone, 2 for a jump.
    #[must_use]
    pub const fn distance(self, other: Square) -> u8 {
        let df = self.file().abs_diff(other.file());
        let dr = self.rank().abs_diff(other.rank());
        if df > dr { df } else { dr }
    }

    /// Every square, `a1`, `b1`, …, `g7`.
    pub fn all() -> impl DoubleEndedIterator<Item = Square> + ExactSizeIterator + Clone {
        (0..Square::COUNT).map(Square::from_index)
    }

    /// Parses a square name from its two ASCII bytes.
    const fn from_ascii(file: u8, rank: u8) -> Option<Square> {
        if file >= b'a' && file <= b'g' && rank >= b'1' && rank <= b'7' {
            Square::new(file - b'a', rank - b'1')
        } else {
            None
        }
    }

    /// Parses a square from the start of `bytes` (exactly two bytes are read).
    pub(crate) fn parse_prefix(bytes: &[u8]) -> Option<Square> {
        match bytes {
            [file, rank, ..] => Square::from_ascii(*file, *rank),
            _ => None,
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write as _;
        f.write_char(char::from(b'a' + self.file()))?;
        f.write_char(char::from(b'1' + self.rank()))
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        match s.as_bytes() {
            [file, rank] => Square::from_ascii(*file, *rank),
            _ => None,
        }
        .ok_or_else(|| ParseSquareError { text: s.into() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn squares_are_named_file_then_rank_from_a1() {
        assert_eq!(Square::from_index(0).to_string(), "a1");
        assert_eq!(Square::from_index(6).to_string(), "g1");
        assert_eq!(Square::from_index(7).to_string(), "a2");
        assert_eq!(Square::from_index(48).to_string(), "g7");
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
    }

    #[test]
    fn off_board_square_names_are_rejected() {
        for bad in ["h1", "a8", "a0", "A1", "a", "a10", "", "i9"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }

    #[test]
    fn distance_is_king_distance() {
        let a1: Square = "a1".parse().unwrap();
        assert_eq!(a1.distance("b2".parse().unwrap()), 1);
        assert_eq!(a1.distance("c1".parse().unwrap()), 2);
        assert_eq!(a1.distance("b3".parse().unwrap()), 2);
        assert_eq!(a1.distance("g7".parse().unwrap()), 6);
    }
}
