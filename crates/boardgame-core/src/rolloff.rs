//! Deciding who goes first by rolling dice: highest (or lowest) roll starts, ties re-roll
//! among the tied seats only.
//!
//! A game embeds a [`RollOff`] and exposes it as a sequence of chance nodes before the first
//! move: while [`RollOff::roller`] is `Some(seat)`, the game is at a chance node for that
//! seat's roll, and applies the outcome with [`RollOff::record`]. The roll-off rolls are not
//! played as moves.

use core::fmt;
use core::str::FromStr;

use crate::seat::{MAX_SEATS, Seat};

/// Which roll wins a roll-off.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum RollOffRule {
    /// The highest score starts.
    #[default]
    Highest,
    /// The lowest score starts.
    Lowest,
}

/// The state of a roll-off for the first turn.
///
/// Notation (no spaces): the rule `H` or `L`, the contending seats as digits, then, if some
/// contenders have rolled in this round, `:` and their scores in seat order separated by
/// commas. `H0123:7,9` is a four-seat highest-wins roll-off where seats 0 and 1 rolled 7 and
/// 9 and seat 2 rolls next; `H2` is decided for seat 2.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct RollOff {
    rule: RollOffRule,
    /// Bit `i` set: seat `i` is still contending.
    contenders: u8,
    /// This round's score per seat; 0 = not rolled yet.
    scores: [u8; MAX_SEATS],
}

impl RollOff {
    /// A roll-off among the first `num_seats` seats.
    ///
    /// # Panics
    /// Unless `1 <= num_seats <= MAX_SEATS`.
    #[must_use]
    #[track_caller]
    pub fn new(num_seats: usize, rule: RollOffRule) -> RollOff {
        assert!(
            (1..=MAX_SEATS).contains(&num_seats),
            "seat count must be 1..=4"
        );
        RollOff {
            rule,
            contenders: (1u8 << num_seats) - 1,
            scores: [0; MAX_SEATS],
        }
    }

    /// The rule deciding the roll-off.
    #[must_use]
    pub fn rule(&self) -> RollOffRule {
        self.rule
    }

    /// The seats still contending, in seat order.
    pub fn contenders(&self) -> impl Iterator<Item = Seat> + '_ {
        Seat::ALL
            .into_iter()
            .filter(|s| self.contenders & (1 << s.index()) != 0)
    }

    /// The seat that rolls next, or `None` once the roll-off is decided.
    #[must_use]
    pub fn roller(&self) -> Option<Seat> {
        if self.contenders.count_ones() <= 1 {
            return None;
        }
        self.contenders().find(|s| self.scores[s.index()] == 0)
    }

    /// The seat that won, once decided.
    #[must_use]
    pub fn winner(&self) -> Option<Seat> {
        (self.contenders.count_ones() == 1)
            .then(|| Seat::new(self.contenders.trailing_zeros() as usize))
    }

    /// Records the score of [`roller`](RollOff::roller)'s roll (e.g. a die, or the sum of
    /// two). After the last contender of a round, the best score wins, or the tied seats
    /// roll again.
    ///
    /// # Panics
    /// If the roll-off is already decided, or `score` is 0.
    #[track_caller]
    pub fn record(&mut self, score: u8) {
        assert!(score > 0, "a roll-off score is positive");
        let seat = self.roller().expect("the roll-off is already decided");
        self.scores[seat.index()] = score;
        if self.roller().is_some() {
            return;
        }
        let rolled = self.contenders().map(|s| self.scores[s.index()]);
        let best = match self.rule {
            RollOffRule::Highest => rolled.max(),
            RollOffRule::Lowest => rolled.min(),
        }
        .unwrap_or(score);
        let mut tied = 0u8;
        for s in self.contenders() {
            if self.scores[s.index()] == best {
                tied |= 1 << s.index();
            }
        }
        self.contenders = tied;
        self.scores = [0; MAX_SEATS];
    }
}

impl fmt::Display for RollOff {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.rule {
            RollOffRule::Highest => "H",
            RollOffRule::Lowest => "L",
        })?;
        for seat in self.contenders() {
            write!(f, "{seat}")?;
        }
        let mut rolled = self
            .contenders()
            .map(|s| self.scores[s.index()])
            .filter(|&v| v > 0);
        if let Some(first) = rolled.next() {
            write!(f, ":{first}")?;
            for score in rolled {
                write!(f, ",{score}")?;
            }
        }
        Ok(())
    }
}

/// The text is not a roll-off in the notation of [`RollOff`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid roll-off {} at column {column}: {reason}", boardgame_io::quote(.text))]
pub struct ParseRollOffError {
    /// The whole text.
    pub text: alloc::string::String,
    /// The 1-based column of the problem.
    pub column: usize,
    /// What is wrong.
    pub reason: &'static str,
}

impl FromStr for RollOff {
    type Err = ParseRollOffError;
    fn from_str(s: &str) -> Result<RollOff, ParseRollOffError> {
        let fail = |column: usize, reason| ParseRollOffError {
            text: s.into(),
            column,
            reason,
        };
        let bytes = s.as_bytes();
        let rule = match bytes.first() {
            Some(b'H') => RollOffRule::Highest,
            Some(b'L') => RollOffRule::Lowest,
            _ => return Err(fail(1, "expected H or L")),
        };
        let (seats, scores) = s[1..]
            .split_once(':')
            .map_or((&s[1..], None), |(a, b)| (a, Some(b)));
        let mut contenders = 0u8;
        let mut previous = None;
        for (i, c) in seats.bytes().enumerate() {
            let index = match c {
                b'0'..=b'3' => usize::from(c - b'0'),
                _ => return Err(fail(i + 2, "expected a seat digit 0..3")),
            };
            if previous.is_some_and(|p| p >= index) {
                return Err(fail(i + 2, "seats must be listed in increasing order"));
            }
            previous = Some(index);
            contenders |= 1 << index;
        }
        if contenders == 0 {
            return Err(fail(2, "no contending seat"));
        }
        let mut roll_off = RollOff {
            rule,
            contenders,
            scores: [0; MAX_SEATS],
        };
        if let Some(scores) = scores {
            let mut column = seats.len() + 3;
            for field in scores.split(',') {
                let score = field
                    .parse::<u8>()
                    .ok()
                    .filter(|&v| v > 0)
                    .ok_or_else(|| fail(column, "expected a positive score"))?;
                let Some(seat) = roll_off.roller() else {
                    return Err(fail(column, "more scores than contenders"));
                };
                roll_off.scores[seat.index()] = score;
                column += field.len() + 1;
            }
            if roll_off.roller().is_none() {
                return Err(fail(column - 1, "a completed round is never written"));
            }
        }
        Ok(roll_off)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn highest_roll_starts() {
        let mut r = RollOff::new(3, RollOffRule::Highest);
        assert_eq!(r.roller(), Some(Seat::new(0)));
        r.record(4);
        r.record(6);
        assert_eq!(r.roller(), Some(Seat::new(2)));
        r.record(2);
        assert_eq!(r.winner(), Some(Seat::new(1)));
        assert_eq!(r.roller(), None);
    }

    #[test]
    fn ties_reroll_among_the_tied_only() {
        let mut r = RollOff::new(4, RollOffRule::Highest);
        for score in [5, 6, 3, 6] {
            r.record(score);
        }
        assert_eq!(r.winner(), None);
        assert_eq!(
            r.contenders().collect::<alloc::vec::Vec<_>>(),
            [Seat::new(1), Seat::new(3)]
        );
        assert_eq!(r.roller(), Some(Seat::new(1)));
        r.record(2);
        assert_eq!(r.roller(), Some(Seat::new(3)));
        r.record(1);
        assert_eq!(r.winner(), Some(Seat::new(1)));
    }

    #[test]
    fn lowest_roll_starts_when_asked() {
        let mut r = RollOff::new(2, RollOffRule::Lowest);
        r.record(5);
        r.record(2);
        assert_eq!(r.winner(), Some(Seat::new(1)));
    }

    #[test]
    fn notation_round_trips() {
        let mut r = RollOff::new(4, RollOffRule::Highest);
        assert_eq!(r.to_string(), "H0123");
        r.record(7);
        r.record(9);
        assert_eq!(r.to_string(), "H0123:7,9");
        assert_eq!("H0123:7,9".parse::<RollOff>(), Ok(r));
        r.record(9);
        r.record(1);
        assert_eq!(r.to_string(), "H12");
        r.record(3);
        r.record(4);
        assert_eq!(r.to_string(), "H2");
        assert_eq!("H2".parse::<RollOff>(), Ok(r));
    }

    #[test]
    fn notation_errors_name_the_column() {
        assert_eq!("X01".parse::<RollOff>().unwrap_err().column, 1);
        assert_eq!("H05".parse::<RollOff>().unwrap_err().column, 3);
        assert_eq!("H10".parse::<RollOff>().unwrap_err().column, 3);
        assert!("H01:3,4".parse::<RollOff>().is_err());
        assert!("H01:0".parse::<RollOff>().is_err());
    }
}
