//! Moves in UAI notation: `g2` (clone), `a1a3` (jump), `0000` (pass), and the batched form
//! the fast generator hands out.

use core::fmt;
use core::str::FromStr;

use crate::bitboard::Bitboard;
use crate::square::Square;

/// An Ataxx move.
///
/// A clone is named by its destination only, since every clone to the same square has the
/// same effect: moves never come in duplicates.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// A clone (single move) onto an empty square at distance 1 from a piece of the mover.
    Single(Square),
    /// A jump (double move) from `from` to an empty square at distance exactly 2.
    Double {
        /// The square the piece leaves (it becomes empty).
        from: Square,
        /// The square it lands on.
        to: Square,
    },
    /// The forced pass (`0000`), legal only when the mover has no other move.
    #[default]
    Pass,
}

impl Move {
    /// The destination, or `None` for a pass.
    #[must_use]
    pub const fn to(self) -> Option<Square> {
        match self {
            Move::Single(to) | Move::Double { to, .. } => Some(to),
            Move::Pass => None,
        }
    }

    /// The origin of a jump, or `None` for a clone or a pass.
    #[must_use]
    pub const fn from(self) -> Option<Square> {
        match self {
            Move::Double { from, .. } => Some(from),
            _ => None,
        }
    }

    /// Whether this is a clone.
    #[must_use]
    pub const fn is_single(self) -> bool {
        matches!(self, Move::Single(_))
    }

    /// Whether this is a jump.
    #[must_use]
    pub const fn is_double(self) -> bool {
        matches!(self, Move::Double { .. })
    }

    /// A jump from `from` to `to`, or `None` unless they are exactly 2 apart.
    #[must_use]
    pub const fn double(from: Square, to: Square) -> Option<Move> {
        if from.distance(to) == 2 {
            Some(Move::Double { from, to })
        } else {
            None
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Single(to) => write!(f, "{to}"),
            Move::Double { from, to } => write!(f, "{from}{to}"),
            Move::Pass => f.write_str("0000"),
        }
    }
}

/// Why a move string was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseMoveError {
    /// Not 2 or 4 characters of square names, nor `0000`.
    #[error("invalid move {}: expected a square (g2), two squares (a1a3) or 0000", boardgame_io::quote(.text))]
    Syntax {
        /// The text given.
        text: alloc::string::String,
    },
    /// A clone written long-hand (`b2b3`): clones are written as their destination.
    #[error("invalid move {}: a clone is written as its destination only ({to})", boardgame_io::quote(.text))]
    LongHandSingle {
        /// The text given.
        text: alloc::string::String,
        /// The destination, the correct way to write the move.
        to: Square,
    },
    /// Two squares that are not exactly 2 apart.
    #[error("invalid move {}: a jump must cover distance 2, not {distance}", boardgame_io::quote(.text))]
    JumpDistance {
        /// The text given.
        text: alloc::string::String,
        /// The distance between the two squares.
        distance: u8,
    },
}

impl FromStr for Move {
    type Err = ParseMoveError;
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let syntax = || ParseMoveError::Syntax { text: s.into() };
        match s.as_bytes() {
            b"0000" => Ok(Move::Pass),
            bytes @ [_, _] => Square::parse_prefix(bytes)
                .map(Move::Single)
                .ok_or_else(syntax),
            [a, b, c, d] => {
                let from = Square::parse_prefix(&[*a, *b]).ok_or_else(syntax)?;
                let to = Square::parse_prefix(&[*c, *d]).ok_or_else(syntax)?;
                match from.distance(to) {
                    2 => Ok(Move::Double { from, to }),
                    1 => Err(ParseMoveError::LongHandSingle { text: s.into(), to }),
                    distance => Err(ParseMoveError::JumpDistance {
                        text: s.into(),
                        distance,
                    }),
                }
            }
            _ => Err(syntax()),
        }
    }
}

/// A batch of moves sharing an origin, as the fast generator
/// ([`Ataxx::generate_batches`](crate::Ataxx::generate_batches)) hands them out: all
/// clones at once (`from == None`) or all jumps from one square.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MoveBatch {
    /// `None` for clones, `Some(origin)` for jumps.
    pub from: Option<Square>,
    /// The destinations.
    pub to: Bitboard,
}

impl MoveBatch {
    /// The number of moves in the batch.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.to.len()
    }

    /// Whether the batch is empty (never true for batches the generator hands out).
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.to.is_empty()
    }
}

impl IntoIterator for MoveBatch {
    type Item = Move;
    type IntoIter = MoveBatchIter;
    fn into_iter(self) -> MoveBatchIter {
        MoveBatchIter {
            from: self.from,
            to: self.to,
        }
    }
}

/// The moves of a [`MoveBatch`], in ascending destination order.
#[derive(Clone, Debug)]
pub struct MoveBatchIter {
    from: Option<Square>,
    to: Bitboard,
}

impl Iterator for MoveBatchIter {
    type Item = Move;
    #[inline]
    fn next(&mut self) -> Option<Move> {
        let to = self.to.next()?;
        Some(match self.from {
            None => Move::Single(to),
            Some(from) => Move::Double { from, to },
        })
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.to.size_hint()
    }
}

impl ExactSizeIterator for MoveBatchIter {}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn uai_moves_round_trip() {
        for text in ["g2", "a1a3", "a1c3", "0000", "g7e5"] {
            assert_eq!(text.parse::<Move>().unwrap().to_string(), text);
        }
    }

    #[test]
    fn single_written_long_hand_is_rejected() {
        assert!(matches!(
            "b2b3".parse::<Move>(),
            Err(ParseMoveError::LongHandSingle { .. })
        ));
    }

    #[test]
    fn double_of_distance_other_than_two_is_rejected() {
        assert!(matches!(
            "a1a4".parse::<Move>(),
            Err(ParseMoveError::JumpDistance { distance: 3, .. })
        ));
        assert!(matches!(
            "a1a1".parse::<Move>(),
            Err(ParseMoveError::JumpDistance { distance: 0, .. })
        ));
    }

    #[test]
    fn off_board_and_malformed_moves_are_rejected() {
        for bad in [
            "h1", "a8", "a1h3", "", "0", "000", "00000", "a1a", "pass", "G2", " g2", "a1-a3",
        ] {
            assert!(
                matches!(bad.parse::<Move>(), Err(ParseMoveError::Syntax { .. })),
                "{bad}"
            );
        }
    }
}
