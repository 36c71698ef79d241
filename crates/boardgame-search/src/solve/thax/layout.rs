//! The dense numbering of the solver's states: (pot, roller's side, other side).

use thax::{MAX_NUMBER, ThaxConfig, Variant};

use super::SolveError;

/// Slots per side indexed by the space number itself (slot 0 unused).
pub(super) const SLOTS: usize = MAX_NUMBER as usize + 1;

/// The most states a solve may have (pot layers × sides²): 2²² values of 16 bytes, 64 MiB.
pub const MAX_STATES: usize = 1 << 22;

/// How a configuration's positions map to table indices.
///
/// A side is its covered count per number, written in mixed radix: number `n` has weight
/// `radix[n]` and digit `0..=capacity(n)`. A state at a throw is `(pot, roller, other)` at
/// index `(pot × sides + roller) × sides + other`. The pot has one layer unless Thax Out
/// plays with a limited supply (only then can it change a legal move or end the game).
#[derive(Clone, Debug)]
pub(super) struct Layout {
    /// Spaces per number (by number; 0 when the number is not on the board).
    pub(super) capacity: [u8; SLOTS],
    /// Index weight of each number within a side (0 when not on the board).
    pub(super) radix: [u32; SLOTS],
    /// The distinct numbers on the board, increasing.
    pub(super) numbers: Vec<u8>,
    /// Spaces on one side.
    pub(super) spaces: u8,
    /// Distinct side states.
    pub(super) sides: u32,
    /// Pot layers: pots `0..pots` are live, a pot of `pots` or more is a dead draw.
    pub(super) pots: u32,
    /// Whether thaxed pieces go to the pot (and the pot is tracked).
    pub(super) pot_counts: bool,
    /// Pieces in the game, if limited.
    pub(super) supply: Option<u32>,
    /// Covered count per number of each side state.
    pub(super) covered: Vec<[u8; SLOTS]>,
    /// Covered spaces of each side state.
    pub(super) filled: Vec<u8>,
}

impl Layout {
    pub(super) fn new(config: &ThaxConfig) -> Result<Layout, SolveError> {
        if config.voluntary_pass {
            return Err(SolveError::Unsupported(
                "voluntary_pass: both players could decline forever, so values need not \
                 be determined by play that ends",
            ));
        }
        let board = config.board;
        let spaces = board.spaces();
        if config.is_dead(0) {
            return Err(SolveError::DeadFromTheStart);
        }
        let pot_counts = config.variant == Variant::ThaxOut && config.supply.is_some();
        let pots = match config.supply {
            Some(supply) if pot_counts => supply - u32::from(spaces) + 1,
            _ => 1,
        };
        let mut capacity = [0u8; SLOTS];
        let mut radix = [0u32; SLOTS];
        let mut sides: u64 = 1;
        let numbers: Vec<u8> = board.numbers().collect();
        for &n in &numbers {
            capacity[usize::from(n)] = board.capacity(n);
            radix[usize::from(n)] = sides as u32;
            sides *= u64::from(board.capacity(n)) + 1;
            if sides * sides > MAX_STATES as u64 {
                break;
            }
        }
        let states = sides * sides * u64::from(pots);
        if states > MAX_STATES as u64 {
            return Err(SolveError::TooLarge {
                states,
                limit: MAX_STATES,
            });
        }
        let sides = sides as u32;
        let mut covered = vec![[0u8; SLOTS]; sides as usize];
        let mut filled = vec![0u8; sides as usize];
        for side in 0..sides {
            let mut count = [0u8; SLOTS];
            for &n in &numbers {
                let digits = u32::from(capacity[usize::from(n)]) + 1;
                count[usize::from(n)] = ((side / radix[usize::from(n)]) % digits) as u8;
            }
            filled[side as usize] = count.iter().sum();
            covered[side as usize] = count;
        }
        Ok(Layout {
            capacity,
            radix,
            numbers,
            spaces,
            sides,
            pots,
            pot_counts,
            supply: config.supply,
            covered,
            filled,
        })
    }

    /// All states, live or not.
    pub(super) fn states(&self) -> usize {
        (self.sides as usize).pow(2) * self.pots as usize
    }

    /// The index of `(pot, roller, other)`.
    #[inline]
    pub(super) fn index(&self, pot: u32, roller: u32, other: u32) -> usize {
        ((pot * self.sides + roller) * self.sides + other) as usize
    }

    /// `(pot, roller, other)` of an index.
    #[inline]
    pub(super) fn split(&self, index: usize) -> (u32, u32, u32) {
        let index = index as u32;
        let other = index % self.sides;
        let rest = index / self.sides;
        (rest / self.sides, rest % self.sides, other)
    }

    /// The side state of the covered counts `count(n)` for each board number.
    pub(super) fn side_of(&self, mut count: impl FnMut(u8) -> u8) -> u32 {
        self.numbers
            .iter()
            .map(|&n| u32::from(count(n)) * self.radix[usize::from(n)])
            .sum()
    }

    /// Whether a state can be at a throw: neither side is full (a full side has won).
    pub(super) fn is_live(&self, index: usize) -> bool {
        let (_, roller, other) = self.split(index);
        self.filled[roller as usize] < self.spaces && self.filled[other as usize] < self.spaces
    }
}
