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
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Roll {
    /// One die (`dice = 1`).
    One(Die),
    /// Two dice, unordered (`dice = 2`).
    Two(DicePair),
}

impl Default for Roll {
    fn default() -> Roll {
        Roll::One(Die::ONE)
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
        Roll::One(Die::of(value))
    }

    /// Two dice showing `a` and `b`, in either order.
    ///
    /// # Panics
    /// Unless both values are in `1..=6`.
    #[must_use]
    #[track_caller]
    pub const fn dice(a: u8, b: u8) -> Roll {
        Roll::Two(DicePair::of(a, b))
    }

    /// The pips shown: the die's value, or the sum of the two dice.
    #[must_use]
    pub const fn total(self) -> u8 {
        match self {
            Roll::One(die) => die.value(),
            Roll::Two(pair) => pair.sum(),
        }
    }

    /// Whether two dice show the same value (never for one die).
    #[must_use]
    pub const fn is_double(self) -> bool {
        match self {
            Roll::One(_) => false,
            Roll::Two(pair) => pair.is_double(),
        }
    }

    /// Whether the die, or either of the two dice, shows `value`.
    #[must_use]
    pub const fn shows(self, value: u8) -> bool {
        match self {
            Roll::One(die) => die.value() == value,
            Roll::Two(pair) => pair.low().value() == value || pair.high().value() == value,
        }
    }
}

impl From<Die> for Roll {
    fn from(die: Die) -> Roll {
        Roll::One(die)
    }
}

impl From<DicePair> for Roll {
    fn from(pair: DicePair) -> Roll {
        Roll::Two(pair)
    }
}

impl fmt::Display for Roll {
    /// `3` for one die, `3-5` for two.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Roll::One(die) => die.fmt(f),
            Roll::Two(pair) => pair.fmt(f),
        }
    }
}

impl FromStr for Roll {
    type Err = ParseDiceError;
    /// A digit `1`..`6` is one die; `a-b` is two dice.
    fn from_str(s: &str) -> Result<Roll, ParseDiceError> {
        if s.contains('-') {
            s.parse().map(Roll::Two)
        } else {
            s.parse().map(Roll::One)
        }
    }
}

static ONE_DIE_OUTCOMES: [(Roll, u32); 6] = {
    let mut out = [(Roll::die(1), 1); 6];
    let mut i = 0;
    while i < 6 {
        out[i] = (Roll::One(Die::ALL[i]), 1);
        i += 1;
    }
    out
};

static TWO_DICE_OUTCOMES: [(Roll, u32); 21] = {
    let mut out = [(Roll::dice(1, 1), 1); 21];
    let mut n = 0;
    let mut low = 1;
    while low <= 6 {
        let mut high = low;
        while high <= 6 {
            let pair = DicePair::of(low, high);
            out[n] = (Roll::Two(pair), pair.weight());
            n += 1;
            high += 1;
        }
        low += 1;
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
