//! The numbers printed on one side of the board.

use alloc::string::String;
use core::fmt;
use core::str::FromStr;

/// The highest number a space may carry (the largest sum of two usable dice, 5 + 5).
pub const MAX_NUMBER: u8 = 10;

/// The most spaces one number may have on a side (one digit in the state notation).
pub const MAX_COPIES: u8 = 9;

/// One side of the board as a multiset of numbers `1..=10`: how many spaces carry each
/// number. Both sides are printed alike.
///
/// Spaces with the same number are interchangeable, so a side is fully described by these
/// counts. Text form: comma-separated numbers, each optionally followed by `xK` for `K`
/// copies, in any order; repeated numbers add up. The default board is
/// `1x3,2x3,3x3,4x3,5x3` (15 spaces).
///
/// ```
/// use thax::Board;
///
/// let board: Board = "1,2x2,3x3,4x4,5x5".parse()?;
/// assert_eq!(board, Board::N_OF_N);
/// assert_eq!(board.spaces(), 15);
/// assert_eq!(board.capacity(4), 4);
/// assert_eq!(board.capacity(7), 0);
/// assert_eq!(Board::WITH_SUMS.to_string(), "1,2,3,4,5,7,8,9,10");
/// # Ok::<(), thax::ParseBoardError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    capacity: [u8; MAX_NUMBER as usize],
}

impl Default for Board {
    fn default() -> Board {
        Board::CLASSIC
    }
}

impl Board {
    /// The default board: the numbers 1 to 5, three spaces each (15 spaces).
    pub const CLASSIC: Board = Board {
        capacity: [3, 3, 3, 3, 3, 0, 0, 0, 0, 0],
    };
    /// `n` copies of each number `n` from 1 to 5 (15 spaces).
    pub const N_OF_N: Board = Board {
        capacity: [1, 2, 3, 4, 5, 0, 0, 0, 0, 0],
    };
    /// One space each for 1 to 5 and for the sums 7 to 10 (9 spaces).
    pub const WITH_SUMS: Board = Board {
        capacity: [1, 1, 1, 1, 1, 0, 1, 1, 1, 1],
    };

    /// The board with `capacities[n - 1]` spaces numbered `n`.
    ///
    /// # Errors
    /// [`ParseBoardError`] if a count exceeds [`MAX_COPIES`] or the side has no space.
    pub fn from_capacities(
        capacities: [u8; MAX_NUMBER as usize],
    ) -> Result<Board, ParseBoardError> {
        let fail = |reason| {
            Err(ParseBoardError {
                text: String::new(),
                reason,
            })
        };
        if capacities.iter().any(|&c| c > MAX_COPIES) {
            return fail(TOO_MANY_COPIES);
        }
        if capacities.iter().all(|&c| c == 0) {
            return fail(NO_SPACE);
        }
        Ok(Board {
            capacity: capacities,
        })
    }

    /// How many spaces carry `number` (0 for numbers not on the board, including any
    /// number outside `1..=10`).
    #[inline]
    #[must_use]
    pub const fn capacity(self, number: u8) -> u8 {
        if number >= 1 && number <= MAX_NUMBER {
            self.capacity[number as usize - 1]
        } else {
            0
        }
    }

    /// The counts per number: index `n - 1` is the number of spaces numbered `n`.
    #[must_use]
    pub const fn capacities(self) -> [u8; MAX_NUMBER as usize] {
        self.capacity
    }

    /// Whether at least one space carries `number`.
    #[must_use]
    pub const fn has(self, number: u8) -> bool {
        self.capacity(number) > 0
    }

    /// The number of spaces on one side.
    #[must_use]
    pub const fn spaces(self) -> u8 {
        let mut total = 0;
        let mut i = 0;
        while i < MAX_NUMBER as usize {
            total += self.capacity[i];
            i += 1;
        }
        total
    }

    /// The distinct numbers on the board, in increasing order.
    pub fn numbers(self) -> impl Iterator<Item = u8> + Clone {
        (1..=MAX_NUMBER).filter(move |&n| self.has(n))
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, n) in self.numbers().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            match self.capacity(n) {
                1 => write!(f, "{n}")?,
                copies => write!(f, "{n}x{copies}")?,
            }
        }
        Ok(())
    }
}

/// A board's number is not 1..=10.
pub(crate) const NUMBER_RANGE: &str = "each number must be 1..=10";
/// A board's copy count is not a positive integer.
pub(crate) const COPY_COUNT: &str = "a copy count must be a positive integer";
/// A number has more spaces than [`MAX_COPIES`].
pub(crate) const TOO_MANY_COPIES: &str = "at most 9 spaces per number";
/// The board has no space.
pub(crate) const NO_SPACE: &str = "a side needs at least one space";

/// The text is not a board (see [`Board`] for the form).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid board {}: {reason}", boardgame_io::quote(.text))]
pub struct ParseBoardError {
    /// The text given (empty when built from counts).
    pub text: String,
    /// What is wrong.
    pub reason: &'static str,
}

impl FromStr for Board {
    type Err = ParseBoardError;

    fn from_str(s: &str) -> Result<Board, ParseBoardError> {
        let fail = |reason| ParseBoardError {
            text: s.into(),
            reason,
        };
        let mut capacity = [0u8; MAX_NUMBER as usize];
        for item in s.split(',') {
            let (number, copies) = item.split_once('x').unwrap_or((item, "1"));
            let number: u8 = number
                .trim()
                .parse()
                .ok()
                .filter(|n| (1..=MAX_NUMBER).contains(n))
                .ok_or_else(|| fail(NUMBER_RANGE))?;
            let copies: u8 = copies
                .trim()
                .parse()
                .ok()
                .filter(|&k| k >= 1)
                .ok_or_else(|| fail(COPY_COUNT))?;
            let slot = &mut capacity[usize::from(number) - 1];
            *slot = slot.saturating_add(copies);
        }
        Board::from_capacities(capacity).map_err(|e| fail(e.reason))
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Board {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Board {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Board, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn a_number_may_have_up_to_nine_spaces_and_a_side_needs_one() {
        let mut capacities = [0; MAX_NUMBER as usize];
        assert!(Board::from_capacities(capacities).is_err(), "an empty side");
        capacities[0] = MAX_COPIES;
        let board = Board::from_capacities(capacities).expect("nine spaces of one number");
        assert_eq!(board.capacity(1), MAX_COPIES);
        assert_eq!(board.capacity(2), 0, "numbers without spaces are allowed");
        capacities[1] = MAX_COPIES + 1;
        assert!(Board::from_capacities(capacities).is_err(), "ten spaces");
    }

    #[test]
    fn capacities_give_back_the_counts_the_board_was_built_from() {
        let counts = [1, 0, 2, 9, 3, 0, 0, 4, 0, 1];
        let board = Board::from_capacities(counts).unwrap();
        assert_eq!(board.capacities(), counts);
        assert_eq!(Board::N_OF_N.capacities(), [1, 2, 3, 4, 5, 0, 0, 0, 0, 0]);
        for number in 1..=MAX_NUMBER {
            assert_eq!(
                board.capacity(number),
                counts[usize::from(number) - 1],
                "{number}"
            );
        }
    }

    #[test]
    fn board_text_round_trips_and_adds_repeats() {
        for board in [Board::CLASSIC, Board::N_OF_N, Board::WITH_SUMS] {
            assert_eq!(board.to_string().parse::<Board>(), Ok(board));
        }
        assert_eq!("1,1,2x2,1".parse::<Board>().unwrap().capacity(1), 3);
        assert_eq!(Board::CLASSIC.to_string(), "1x3,2x3,3x3,4x3,5x3");
    }

    #[test]
    fn board_rejects_bad_numbers_and_counts() {
        for bad in ["", "0", "11", "1x0", "1x10", "1x5,1x5", "a", "1x", "3,,4"] {
            assert!(bad.parse::<Board>().is_err(), "{bad:?} accepted");
        }
    }
}
