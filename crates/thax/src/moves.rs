//! Moves: what a player does with a roll.

use alloc::string::String;
use core::fmt;
use core::str::FromStr;

use crate::board::MAX_NUMBER;

/// A Thax move. Numbers are space numbers (`1..=10`), never indices.
///
/// | notation   | meaning                                                                 |
/// |------------|-------------------------------------------------------------------------|
/// | `place 2 3`| place a piece on an uncovered 2 and one on an uncovered 3 (`place 2 2` on doubles) |
/// | `place 4`  | place a single piece on an uncovered 4 (half thax, or only one die placeable) |
/// | `sum 5`    | place one piece on an uncovered space numbered with the dice's sum      |
/// | `take 2>3` | move the opponent's piece on a 2 to my uncovered 3                      |
/// | `thax 4`   | double six: remove my piece from a 4                                    |
/// | `pass`     | the roll is forfeited (or declined, under `voluntary_pass`)             |
///
/// ```
/// use thax::ThaxMove;
///
/// let mv: ThaxMove = "take 2>3".parse()?;
/// assert_eq!(mv, ThaxMove::Take { from: 2, to: 3 });
/// assert_eq!("place 3 2".parse::<ThaxMove>()?, ThaxMove::Place(2, 3));
/// assert_eq!(ThaxMove::Place(2, 3).to_string(), "place 2 3");
/// # Ok::<(), thax::ParseMoveError>(())
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ThaxMove {
    /// Place a piece on each die's number (`low <= high`; equal on doubles).
    Place(u8, u8),
    /// Place a single piece on this number.
    PlaceOne(u8),
    /// Place one piece on the space numbered with the dice's sum.
    Sum(u8),
    /// Move the opponent's piece from their `from` space to the roller's uncovered `to` space.
    Take {
        /// The opponent's covered number the piece leaves.
        from: u8,
        /// The roller's uncovered number it goes to.
        to: u8,
    },
    /// Double six: remove one of the roller's pieces from this number.
    Thax(u8),
    /// Forfeit (or decline) the roll.
    #[default]
    Pass,
}

impl fmt::Display for ThaxMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ThaxMove::Place(a, b) => write!(f, "place {a} {b}"),
            ThaxMove::PlaceOne(a) => write!(f, "place {a}"),
            ThaxMove::Sum(s) => write!(f, "sum {s}"),
            ThaxMove::Take { from, to } => write!(f, "take {from}>{to}"),
            ThaxMove::Thax(n) => write!(f, "thax {n}"),
            ThaxMove::Pass => f.write_str("pass"),
        }
    }
}

/// The text is not a Thax move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid thax move {}: {reason} (expected `place A B`, `place A`, `sum S`, `take F>T`, `thax N` or `pass`)", boardgame_io::quote(.text))]
pub struct ParseMoveError {
    /// The text given.
    pub text: String,
    /// What is wrong.
    pub reason: &'static str,
}

impl FromStr for ThaxMove {
    type Err = ParseMoveError;

    /// Parses the notation of [`ThaxMove`]'s `Display`; `place 3 2` is accepted as
    /// `place 2 3`. Dice numbers are `1..=5`, sums `2..=10`, spaces `1..=10`.
    fn from_str(s: &str) -> Result<ThaxMove, ParseMoveError> {
        let fail = |reason| ParseMoveError {
            text: s.into(),
            reason,
        };
        let number = |t: &str, range: core::ops::RangeInclusive<u8>, reason| {
            t.parse::<u8>()
                .ok()
                .filter(|n| range.contains(n))
                .ok_or_else(|| fail(reason))
        };
        let mut words = s.split(' ');
        let verb = words.next().unwrap_or_default();
        let args: [Option<&str>; 3] = [words.next(), words.next(), words.next()];
        let die = |t| number(t, 1..=5, "a die number must be 1..=5");
        let space = |t| number(t, 1..=MAX_NUMBER, "a space number must be 1..=10");
        match (verb, args) {
            ("pass", [None, None, None]) => Ok(ThaxMove::Pass),
            ("place", [Some(a), None, None]) => Ok(ThaxMove::PlaceOne(die(a)?)),
            ("place", [Some(a), Some(b), None]) => {
                let (a, b) = (die(a)?, die(b)?);
                Ok(ThaxMove::Place(a.min(b), a.max(b)))
            }
            ("sum", [Some(t), None, None]) => {
                Ok(ThaxMove::Sum(number(t, 2..=10, "a sum must be 2..=10")?))
            }
            ("thax", [Some(t), None, None]) => Ok(ThaxMove::Thax(space(t)?)),
            ("take", [Some(t), None, None]) => {
                let (from, to) = t
                    .split_once('>')
                    .ok_or_else(|| fail("a take is written `take F>T`"))?;
                Ok(ThaxMove::Take {
                    from: space(from)?,
                    to: space(to)?,
                })
            }
            ("pass" | "place" | "sum" | "thax" | "take", _) => {
                Err(fail("wrong number of arguments"))
            }
            _ => Err(fail("unknown move")),
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for ThaxMove {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for ThaxMove {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<ThaxMove, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn every_move_kind_round_trips() {
        let moves = [
            ThaxMove::Place(2, 3),
            ThaxMove::Place(4, 4),
            ThaxMove::PlaceOne(4),
            ThaxMove::Sum(5),
            ThaxMove::Take { from: 2, to: 3 },
            ThaxMove::Take { from: 10, to: 10 },
            ThaxMove::Thax(4),
            ThaxMove::Pass,
        ];
        for mv in moves {
            assert_eq!(mv.to_string().parse::<ThaxMove>(), Ok(mv));
        }
    }

    #[test]
    fn malformed_moves_are_rejected() {
        for bad in [
            "",
            "pass 1",
            "place",
            "place 6",
            "place 0 1",
            "place 1 2 3",
            "sum 1",
            "sum 11",
            "take 2-3",
            "take 0>3",
            "thax 11",
            "thax",
            "jump 3",
            "place  2",
            "Place 2",
        ] {
            assert!(bad.parse::<ThaxMove>().is_err(), "{bad:?} accepted");
        }
    }
}
