//! Moves: named by the square a piece leaves and the distance, never by a piece index.

use alloc::string::String;
use core::fmt;
use core::str::FromStr;

use crate::board::Loc;

/// A Parchís move.
///
/// Same-colour pieces on one square are interchangeable, so a move names the square and the
/// distance: `out` (a 5 brings a piece out of the nest), `12+5` (the piece on track square
/// 12 moves 5), `h3+2` (home-column square 3), `12+7` (a six moved as seven), `12+20` and
/// `h2+10` (bonus moves), `pass` (no legal move, or a declined optional bonus).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// Bring a piece out of the nest onto the colour's exit square.
    Out,
    /// Move the piece standing on `from` (a track or home-column square) `distance` steps.
    Advance {
        /// Where the piece stands (never [`Loc::Nest`] or [`Loc::Goal`]).
        from: Loc,
        /// How far it moves: the die (a six as 7 when no piece is in the nest), or a bonus
        /// of 20 or 10.
        distance: u8,
    },
    /// No piece moves.
    #[default]
    Pass,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Out => f.write_str("out"),
            Move::Advance { from, distance } => write!(f, "{from}+{distance}"),
            Move::Pass => f.write_str("pass"),
        }
    }
}

/// The text is not a move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid move {}: {reason} (expected out, pass, or SQUARE+DISTANCE like 12+5 or h3+2)", boardgame_io::quote(.text))]
pub struct ParseMoveError {
    /// The text given.
    pub text: String,
    /// What is wrong.
    pub reason: &'static str,
}

impl FromStr for Move {
    type Err = ParseMoveError;
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let bad = |reason| ParseMoveError {
            text: s.into(),
            reason,
        };
        match s {
            "out" => return Ok(Move::Out),
            "pass" => return Ok(Move::Pass),
            _ => {}
        }
        let (from, distance) = s.split_once('+').ok_or_else(|| bad("no '+'"))?;
        let from: Loc = from.parse().map_err(|_| bad("bad square"))?;
        if matches!(from, Loc::Nest | Loc::Goal) {
            return Err(bad("a move starts on a track or home-column square"));
        }
        if distance.is_empty()
            || distance.len() > 2
            || distance.starts_with('0')
            || !distance.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(bad("bad distance"));
        }
        let distance: u8 = distance.parse().map_err(|_| bad("bad distance"))?;
        Ok(Move::Advance { from, distance })
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Move {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn moves_round_trip() {
        for text in ["out", "pass", "12+5", "h3+2", "68+20", "h1+10", "5+7"] {
            let mv: Move = text.parse().unwrap();
            assert_eq!(mv.to_string(), text);
        }
    }

    #[test]
    fn bad_moves_are_rejected() {
        for text in [
            "", "12", "12+", "+5", "0+5", "69+5", "h8+1", "n+5", "g+1", "12+0", "12+05", "012+5",
            "12+-1",
        ] {
            assert!(text.parse::<Move>().is_err(), "{text}");
        }
    }
}
