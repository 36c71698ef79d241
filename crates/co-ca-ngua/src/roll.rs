//! The chance outcome of a turn: one die (the default), or two dice thrown together under
//! `dice = 2`.

use core::fmt;
use core::str::FromStr;

use boardgame_core::{DicePair, Die, Dist, ParseDiceError};

/// A roll: one die, written `3`, or (under `dice = 2`) an unordered pair of dice, written
/// low first, `3-5` (`5-3` parses to the same roll).
///
/// With two dice a horse moves by the sum; doubles, or a release roll on either die, bring
/// a horse out; doubles roll again (see `docs/rules/co-ca-ngua.md`).
///
/// Packed in one byte, the single (or lower) die in the low three bits and the higher die
/// of a pair above them (0 for one die), so that one die costs the engine what a [`Die`]
/// did.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Roll(u8);

impl Default for Roll {
    fn default() -> Roll {
        Roll::die(1)
    }
}

impl Roll {
    /// One die showing `value`.
    ///
    /// # Panics
    /// Unless `1 <= value <= 6`.
    #[must_use]
    #[track_caller]
    pub const fn die(value: u8) -> Roll {
        Roll(Die::of(value).value())
    }

    /// Two dice showing `a` and `b`, in either order.
    ///
    /// # Panics
    /// Unless both values are in `1..=6`.
    #[must_use]
    #[track_caller]
    pub const fn dice(a: u8, b: u8) -> Roll {
        Roll::pair_of(DicePair::of(a, b))
    }

    const fn pair_of(pair: DicePair) -> Roll {
        Roll(pair.low().value() | pair.high().value() << 3)
    }

    /// The packed byte, `0..64`, for tables indexed by roll.
    #[inline]
    pub(crate) const fn code(self) -> u8 {
        self.0
    }

    /// A 6 on one die, or doubles: the rolls that roll again and count toward `triple_six`.
    #[inline]
    pub(crate) const fn repeats(self) -> bool {
        REPEATS >> self.0 & 1 != 0
    }

    /// The single die (or the lower die of a pair): `1..=6`.
    #[inline]
    pub(crate) const fn first(self) -> u8 {
        self.0 & 7
    }

    /// The higher die of a pair, 0 for one die.
    #[inline]
    pub(crate) const fn second(self) -> u8 {
        self.0 >> 3
    }

    /// The die, if this is a roll of one die.
    #[must_use]
    pub const fn single(self) -> Option<Die> {
        if self.second() == 0 {
            Die::new(self.first())
        } else {
            None
        }
    }

    /// The two dice, if this is a roll of two.
    #[must_use]
    pub const fn pair(self) -> Option<DicePair> {
        match (Die::new(self.first()), Die::new(self.second())) {
            (Some(low), Some(high)) => Some(DicePair::new(low, high)),
            _ => None,
        }
    }

    /// The pips shown: the die's value, or the sum of the two dice.
    #[must_use]
    pub const fn total(self) -> u8 {
        self.first() + self.second()
    }

    /// Whether two dice show the same value (never for one die).
    #[must_use]
    pub const fn is_double(self) -> bool {
        self.first() == self.second()
    }

    /// Whether the die, or either of the two dice, shows `value`.
    #[must_use]
    pub const fn shows(self, value: u8) -> bool {
        value != 0 && (self.first() == value || self.second() == value)
    }
}

/// Bit [`Roll::code`] set for the rolls that [repeat](Roll::repeats).
const REPEATS: u64 = {
    let mut set = 1 << Roll::die(6).0;
    let mut v = 1;
    while v <= 6 {
        set |= 1 << Roll::dice(v, v).0;
        v += 1;
    }
    set
};

impl From<Die> for Roll {
    fn from(die: Die) -> Roll {
        Roll(die.value())
    }
}

impl From<DicePair> for Roll {
    fn from(pair: DicePair) -> Roll {
        Roll::pair_of(pair)
    }
}

impl fmt::Display for Roll {
    /// `3` for one die, `3-5` for two.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.second() {
            0 => write!(f, "{}", self.first()),
            high => write!(f, "{}-{high}", self.first()),
        }
    }
}

impl FromStr for Roll {
    type Err = ParseDiceError;
    /// A digit `1`..`6` is one die; `a-b` is two dice.
    fn from_str(s: &str) -> Result<Roll, ParseDiceError> {
        if s.contains('-') {
            s.parse::<DicePair>().map(Roll::from)
        } else {
            s.parse::<Die>().map(Roll::from)
        }
    }
}

static ONE_DIE_OUTCOMES: [(Roll, u32); 6] = {
    let mut out = [(Roll::die(1), 1); 6];
    let mut i = 0;
    while i < 6 {
        out[i] = (Roll(Die::ALL[i].value()), 1);
        i += 1;
    }
    out
};

/// Core's two-dice distribution ([`TWO_D6`](boardgame_core::dist::TWO_D6)), outcome by outcome.
static TWO_DICE_OUTCOMES: [(Roll, u32); 21] = {
    let pairs = boardgame_core::dist::TWO_D6.outcomes();
    let mut out = [(Roll::dice(1, 1), 1); 21];
    let mut i = 0;
    while i < 21 {
        let (pair, weight) = pairs[i];
        out[i] = (Roll::pair_of(pair), weight);
        i += 1;
    }
    out
};

/// One die: `1`..`6`, weight 1 each, total 6 (`dice = 1`).
pub const ONE_DIE: Dist<'static, Roll> = Dist::new(&ONE_DIE_OUTCOMES);

/// Two dice, unordered: 21 outcomes in (low, high) order, doubles weight 1 and the others
/// weight 2, total 36 (`dice = 2`).
pub const TWO_DICE: Dist<'static, Roll> = Dist::new(&TWO_DICE_OUTCOMES);

#[cfg(feature = "serde")]
mod serde_impls {
    use super::Roll;
    use alloc::string::String;

    impl serde::Serialize for Roll {
        /// As its notation, `3` or `3-5`.
        fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.collect_str(self)
        }
    }

    impl<'de> serde::Deserialize<'de> for Roll {
        fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            String::deserialize(deserializer)?
                .parse()
                .map_err(serde::de::Error::custom)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn rolls_round_trip_through_text() {
        for text in ["1", "6", "1-1", "3-5", "6-6"] {
            let roll: Roll = text.parse().unwrap();
            assert_eq!(roll.to_string(), text);
        }
        assert_eq!("5-3".parse::<Roll>(), Ok(Roll::dice(3, 5)));
        assert_eq!(Roll::dice(5, 3).pair(), Some(DicePair::of(3, 5)));
        assert_eq!(Roll::dice(5, 3).single(), None);
        assert_eq!(Roll::die(4).single(), Some(Die::of(4)));
        assert_eq!(Roll::die(4).pair(), None);
        assert!(Roll::dice(2, 2).is_double() && !Roll::die(2).is_double());
        assert!(Roll::dice(2, 5).shows(5) && !Roll::die(2).shows(0));
        for bad in ["", "0", "7", "3-", "-3", "3-7", "35", "3-5-1"] {
            assert!(bad.parse::<Roll>().is_err(), "{bad}");
        }
    }

    #[test]
    fn the_distributions_list_each_roll_once_with_its_weight() {
        assert_eq!(ONE_DIE.total(), 6);
        assert_eq!(TWO_DICE.total(), 36);
        assert_eq!(TWO_DICE.len(), 21);
        for (roll, weight) in TWO_DICE.iter() {
            assert_eq!(weight, if roll.is_double() { 1 } else { 2 }, "{roll}");
        }
    }
}
