//! Typed dice: a single die value and an unordered pair of dice.

use core::fmt;
use core::str::FromStr;

/// The face of a six-sided die, always `1..=6` (a value, never a 0-based index).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u8", into = "u8"))]
pub struct Die(u8);

impl Default for Die {
    fn default() -> Die {
        Die::ONE
    }
}

impl Die {
    /// A one.
    pub const ONE: Die = Die(1);
    /// A six.
    pub const SIX: Die = Die(6);
    /// The six faces in increasing order.
    pub const ALL: [Die; 6] = [Die(1), Die(2), Die(3), Die(4), Die(5), Die(6)];

    /// The die showing `value`, or `None` unless `1 <= value <= 6`.
    #[must_use]
    pub const fn new(value: u8) -> Option<Die> {
        if value >= 1 && value <= 6 {
            Some(Die(value))
        } else {
            None
        }
    }

    /// The die showing `value`.
    ///
    /// # Panics
    /// Unless `1 <= value <= 6`.
    #[must_use]
    #[track_caller]
    pub const fn of(value: u8) -> Die {
        match Die::new(value) {
            Some(die) => die,
            None => panic!("a die shows 1..=6"),
        }
    }

    /// The value shown, `1..=6`.
    #[must_use]
    pub const fn value(self) -> u8 {
        self.0
    }
}

impl fmt::Display for Die {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The text was not a die value or a pair of die values.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseDiceError {
    /// Not a digit 1..=6.
    #[error("invalid die {}: expected a digit 1..6", boardgame_io::quote(.text))]
    Die {
        /// The offending text.
        text: alloc::string::String,
    },
    /// Not of the form `a-b`.
    #[error("invalid dice {}: expected two dice like \"3-5\"", boardgame_io::quote(.text))]
    Pair {
        /// The offending text.
        text: alloc::string::String,
    },
}

impl FromStr for Die {
    type Err = ParseDiceError;
    fn from_str(s: &str) -> Result<Die, ParseDiceError> {
        s.parse::<u8>()
            .ok()
            .and_then(Die::new)
            .ok_or_else(|| ParseDiceError::Die { text: s.into() })
    }
}

impl TryFrom<u8> for Die {
    type Error = ParseDiceError;
    fn try_from(value: u8) -> Result<Die, ParseDiceError> {
        Die::new(value).ok_or_else(|| ParseDiceError::Die {
            text: alloc::format!("{value}"),
        })
    }
}

impl From<Die> for u8 {
    fn from(die: Die) -> u8 {
        die.0
    }
}

/// Two dice thrown together where their order does not matter: `3-5` and `5-3` are one outcome.
///
/// There are 21 such outcomes: the 6 doubles have weight 1 and the 15 others weight 2, out
/// of 36 (see [`crate::dist::TWO_D6`]).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DicePair {
    low: Die,
    high: Die,
}

impl DicePair {
    /// The pair of `a` and `b`, in either order.
    #[must_use]
    pub const fn new(a: Die, b: Die) -> DicePair {
        if a.0 <= b.0 {
            DicePair { low: a, high: b }
        } else {
            DicePair { low: b, high: a }
        }
    }

    /// The pair showing `a` and `b`.
    ///
    /// # Panics
    /// Unless both values are in `1..=6`.
    #[must_use]
    #[track_caller]
    pub const fn of(a: u8, b: u8) -> DicePair {
        DicePair::new(Die::of(a), Die::of(b))
    }

    /// The lower die (either, on a double).
    #[must_use]
    pub const fn low(self) -> Die {
        self.low
    }

    /// The higher die (either, on a double).
    #[must_use]
    pub const fn high(self) -> Die {
        self.high
    }

    /// Whether both dice show the same value.
    #[must_use]
    pub const fn is_double(self) -> bool {
        self.low.0 == self.high.0
    }

    /// The sum of the two values, `2..=12`.
    #[must_use]
    pub const fn sum(self) -> u8 {
        self.low.0 + self.high.0
    }

    /// How many of the 36 ordered throws give this pair: 1 for a double, 2 otherwise.
    #[must_use]
    pub const fn weight(self) -> u32 {
        if self.is_double() { 1 } else { 2 }
    }
}

impl fmt::Display for DicePair {
    /// `low-high`, e.g. `3-5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.low, self.high)
    }
}

impl FromStr for DicePair {
    type Err = ParseDiceError;
    /// `a-b` in either order; `5-3` parses to the same pair as `3-5`.
    fn from_str(s: &str) -> Result<DicePair, ParseDiceError> {
        let pair_error = || ParseDiceError::Pair { text: s.into() };
        let (a, b) = s.split_once('-').ok_or_else(pair_error)?;
        let a = a.parse::<Die>().map_err(|_| pair_error())?;
        let b = b.parse::<Die>().map_err(|_| pair_error())?;
        Ok(DicePair::new(a, b))
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for DicePair {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for DicePair {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = alloc::string::String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn die_accepts_only_one_to_six() {
        assert_eq!(Die::new(0), None);
        assert_eq!(Die::new(7), None);
        assert_eq!(Die::new(6).map(Die::value), Some(6));
        assert!("0".parse::<Die>().is_err());
        assert_eq!("4".parse::<Die>(), Ok(Die::of(4)));
    }

    #[test]
    fn dice_pair_is_unordered() {
        assert_eq!(DicePair::of(5, 3), DicePair::of(3, 5));
        assert_eq!(DicePair::of(5, 3).to_string(), "3-5");
        assert_eq!("5-3".parse::<DicePair>(), Ok(DicePair::of(3, 5)));
        assert!("3-7".parse::<DicePair>().is_err());
        assert!("35".parse::<DicePair>().is_err());
    }

    #[cfg(feature = "serde")]
    #[test]
    fn dice_serialise_as_their_notation_and_reject_bad_text() {
        let pair: DicePair = serde_json::from_str("\"5-3\"").unwrap();
        assert_eq!(pair, DicePair::of(3, 5));
        assert_eq!(serde_json::to_string(&pair).unwrap(), "\"3-5\"");
        assert!(serde_json::from_str::<DicePair>("\"3-7\"").is_err());
        assert!(serde_json::from_str::<DicePair>("35").is_err());
    }

    #[test]
    fn doubles_weigh_one_others_two() {
        assert_eq!(DicePair::of(4, 4).weight(), 1);
        assert_eq!(DicePair::of(1, 6).weight(), 2);
        assert_eq!(DicePair::of(6, 5).sum(), 11);
    }
}
