//! The detailed result of a finished game.

use core::fmt;

use boardgame_core::{Outcome, Seat};

/// How a Thax game ended: richer than core's [`Outcome`] (which [`ThaxResult::outcome`]
/// derives).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum ThaxResult {
    /// `winner` covered every space of their side.
    Won {
        /// The seat that covered its side.
        winner: Seat,
        /// Pieces in the pot, which the winner collects (always 0 in Classic THAX).
        pot: u32,
    },
    /// The `max_rolls` guard stopped the game.
    TurnLimit {
        /// The seat with more covered spaces under `turn_limit = score`; `None` for a draw.
        winner: Option<Seat>,
        /// Covered spaces of seat 0 and seat 1 when the game stopped.
        covered: [u8; 2],
    },
    /// With a limited supply, `supply − pot` fell below the spaces of a side: nobody can
    /// ever cover a side, so the game is drawn at once.
    DeadDraw {
        /// Pieces in the pot.
        pot: u32,
    },
}

impl ThaxResult {
    /// The core result: a win for the winner, otherwise a draw.
    #[must_use]
    pub fn outcome(self) -> Outcome {
        match self.winner() {
            Some(winner) => Outcome::win(2, winner),
            None => Outcome::draw(2),
        }
    }

    /// The winning seat, if any.
    #[must_use]
    pub fn winner(self) -> Option<Seat> {
        match self {
            ThaxResult::Won { winner, .. } => Some(winner),
            ThaxResult::TurnLimit { winner, .. } => winner,
            ThaxResult::DeadDraw { .. } => None,
        }
    }

    /// Whether the `max_rolls` guard ended the game.
    #[must_use]
    pub fn is_turn_limit(self) -> bool {
        matches!(self, ThaxResult::TurnLimit { .. })
    }
}

impl fmt::Display for ThaxResult {
    /// A short English sentence: `seat 0 won (pot 3)`, `turn limit: draw (covered 7 and 7)`,
    /// `dead draw (pot 16)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ThaxResult::Won { winner, pot } => write!(f, "seat {winner} won (pot {pot})"),
            ThaxResult::TurnLimit {
                winner,
                covered: [zero, one],
            } => {
                match winner {
                    Some(seat) => write!(f, "turn limit: seat {seat} wins")?,
                    None => f.write_str("turn limit: draw")?,
                }
                write!(f, " (covered {zero} and {one})")
            }
            ThaxResult::DeadDraw { pot } => write!(f, "dead draw (pot {pot})"),
        }
    }
}
