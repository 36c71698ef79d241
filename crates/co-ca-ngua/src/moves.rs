//! Moves, named by square and distance (never by piece index).

use alloc::string::String;
use core::fmt;
use core::str::FromStr;

use crate::board::Spot;

/// A move of the player to move.
///
/// Notation: `exit` (bring a piece out of the nest), `T17+5` (move the piece on track
/// square 17 by 5), `T36+5>D` (move it by 5 onto the own shortcut circle and take the arrow
/// to `D`), `pass`. Origins are [`Spot`]s: `T<n>` outer track, `L<i>` own lane, `R<n>` inner
/// ring, `X` own arrow square after the ring lap, `S<i>` own spoke. The distance is the
/// number of steps the roll gives (7 for a 6 that counts as 7; 2..=12, the sum, under
/// `dice = 2`); a move on the inner ring
/// may stop short of it (see [`crate::RingBlock`]).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// No move is possible.
    #[default]
    Pass,
    /// Bring a piece from the nest onto the exit square.
    Exit,
    /// Move the piece on `from` by `steps`.
    Advance {
        /// Where the piece stands.
        from: Spot,
        /// The steps the roll gives.
        steps: u8,
    },
    /// Move the piece on `from` by `steps` onto the own shortcut circle `K`, then take the
    /// arrow to `D` and slide into the safe area.
    Shortcut {
        /// Where the piece stands.
        from: Spot,
        /// The steps the roll gives.
        steps: u8,
    },
    /// Under `arrival = choose`: move the piece on `from` by `steps` onto the own shortcut
    /// circle `K`, where it stays, and send the player's piece on `other` (on the outer
    /// track) into the safe area instead. Written `T39+2>D:T10`.
    ShortcutOther {
        /// Where the arriving piece stands.
        from: Spot,
        /// The steps the roll gives.
        steps: u8,
        /// The outer-track square (`T<other>`) of the piece that goes into the safe area.
        other: u8,
    },
}

impl Move {
    /// The spot and steps of a move that moves a piece along its path (an advance or a
    /// shortcut); `None` for `pass` and `exit`.
    #[inline]
    #[must_use]
    pub const fn piece(self) -> Option<(Spot, u8)> {
        match self {
            Move::Advance { from, steps }
            | Move::Shortcut { from, steps }
            | Move::ShortcutOther { from, steps, .. } => Some((from, steps)),
            Move::Pass | Move::Exit => None,
        }
    }
}

impl fmt::Display for Spot {
    /// `T17`, `L3`, `R5`, `X`, `S0`, `N` (nest), `C` (centre).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Spot::Nest => f.write_str("N"),
            Spot::Track(i) => write!(f, "T{i}"),
            Spot::Lane(i) => write!(f, "L{i}"),
            Spot::Ring(i) => write!(f, "R{i}"),
            Spot::Lapped => f.write_str("X"),
            Spot::Spoke(i) => write!(f, "S{i}"),
            Spot::Centre => f.write_str("C"),
        }
    }
}

/// The text is not a move (or a spot) in the notation of [`Move`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid move {}: {reason}", boardgame_io::quote(.text))]
pub struct ParseMoveError {
    /// The whole text.
    pub text: String,
    /// What is wrong.
    pub reason: &'static str,
}

impl FromStr for Spot {
    type Err = ParseMoveError;
    fn from_str(s: &str) -> Result<Spot, ParseMoveError> {
        let fail = |reason| ParseMoveError {
            text: s.into(),
            reason,
        };
        let number = |digits: &str| {
            if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit())
            {
                return Err(fail("expected a square number"));
            }
            if digits.len() > 1 && digits.starts_with('0') {
                return Err(fail("square numbers have no leading zeros"));
            }
            digits
                .parse::<u8>()
                .map_err(|_| fail("square number out of range"))
        };
        match s.as_bytes().first() {
            Some(b'N') if s.len() == 1 => Ok(Spot::Nest),
            Some(b'X') if s.len() == 1 => Ok(Spot::Lapped),
            Some(b'C') if s.len() == 1 => Ok(Spot::Centre),
            Some(b'T') => number(&s[1..]).map(Spot::Track),
            Some(b'L') => number(&s[1..]).map(Spot::Lane),
            Some(b'R') => number(&s[1..]).map(Spot::Ring),
            Some(b'S') => number(&s[1..]).map(Spot::Spoke),
            _ => Err(fail("expected a square T<n>, L<i>, R<n>, X, S<i>, N or C")),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Pass => f.write_str("pass"),
            Move::Exit => f.write_str("exit"),
            Move::Advance { from, steps } => write!(f, "{from}+{steps}"),
            Move::Shortcut { from, steps } => write!(f, "{from}+{steps}>D"),
            Move::ShortcutOther { from, steps, other } => write!(f, "{from}+{steps}>D:T{other}"),
        }
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let fail = |reason| ParseMoveError {
            text: s.into(),
            reason,
        };
        match s {
            "pass" => return Ok(Move::Pass),
            "exit" => return Ok(Move::Exit),
            _ => {}
        }
        let (body, other) = match s.split_once(">D:") {
            Some((body, other)) => {
                let Spot::Track(other) = other.parse::<Spot>().map_err(|e| fail(e.reason))? else {
                    return Err(fail("the piece sent by the shortcut stands on the track"));
                };
                (body, Some(other))
            }
            None => (s, None),
        };
        let (body, shortcut) = match body.strip_suffix(">D") {
            Some(body) => (body, true),
            None => (body, other.is_some()),
        };
        let (from, steps) = body
            .split_once('+')
            .ok_or_else(|| fail("expected exit, pass or <square>+<steps>"))?;
        let from = from.parse::<Spot>().map_err(|e| fail(e.reason))?;
        if matches!(from, Spot::Nest | Spot::Centre) {
            return Err(fail(
                "pieces in the nest leave with `exit`; pieces in the centre do not move",
            ));
        }
        let steps = match steps.as_bytes() {
            [d @ b'1'..=b'9'] => d - b'0',
            [b'1', d @ b'0'..=b'2'] => 10 + d - b'0',
            _ => return Err(fail("expected steps 1..=12")),
        };
        Ok(if let Some(other) = other {
            Move::ShortcutOther { from, steps, other }
        } else if shortcut {
            Move::Shortcut { from, steps }
        } else {
            Move::Advance { from, steps }
        })
    }
}

#[cfg(feature = "serde")]
mod serde_impls {
    use super::{Move, Spot};
    use alloc::string::String;

    macro_rules! via_text {
        ($ty:ty) => {
            impl serde::Serialize for $ty {
                fn serialize<S: serde::Serializer>(
                    &self,
                    serializer: S,
                ) -> Result<S::Ok, S::Error> {
                    serializer.collect_str(self)
                }
            }
            impl<'de> serde::Deserialize<'de> for $ty {
                fn deserialize<D: serde::Deserializer<'de>>(
                    deserializer: D,
                ) -> Result<Self, D::Error> {
                    String::deserialize(deserializer)?
                        .parse()
                        .map_err(serde::de::Error::custom)
                }
            }
        };
    }
    via_text!(Move);
    via_text!(Spot);
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn moves_round_trip_through_text() {
        for text in [
            "pass",
            "exit",
            "T17+5",
            "T36+5>D",
            "L0+7",
            "R3+2",
            "X+2",
            "S0+1",
            "T36+5>D:T10",
            "T17+12",
        ] {
            let mv: Move = text.parse().unwrap();
            assert_eq!(mv.to_string(), text);
        }
    }

    #[test]
    fn spots_parse_exactly_and_say_why_not() {
        for (text, spot) in [
            ("N", Spot::Nest),
            ("X", Spot::Lapped),
            ("C", Spot::Centre),
            ("T0", Spot::Track(0)),
            ("T255", Spot::Track(255)),
            ("L4", Spot::Lane(4)),
            ("R7", Spot::Ring(7)),
            ("S0", Spot::Spoke(0)),
        ] {
            assert_eq!(text.parse::<Spot>(), Ok(spot), "{text}");
            assert_eq!(spot.to_string(), text);
        }
        let number = "expected a square number";
        let square = "expected a square T<n>, L<i>, R<n>, X, S<i>, N or C";
        for (text, reason) in [
            ("T", number),
            ("T1000", number),
            ("T+5", number),
            ("T1a", number),
            ("T05", "square numbers have no leading zeros"),
            ("T256", "square number out of range"),
            ("NX", square),
            ("X1", square),
            ("C2", square),
            ("Q1", square),
            ("", square),
        ] {
            let error = text.parse::<Spot>().unwrap_err();
            assert_eq!((error.text.as_str(), error.reason), (text, reason));
        }
    }

    #[test]
    fn bad_moves_say_why() {
        for text in [
            "",
            "T+5",
            "T1+0",
            "T1+13",
            "T1+01",
            "T01+3",
            "Q1+2",
            "N+5",
            "C+1",
            "T300+1",
            "T1+5>E",
            "T1+5>D:L0",
            "T1+5>D:",
            "T1+5>D>D",
        ] {
            assert!(text.parse::<Move>().is_err(), "{text}");
        }
    }
}
