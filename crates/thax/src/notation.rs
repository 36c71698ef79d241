//! The state notation (`Display`/`FromStr`) and the board picture (`{:#}`).
//!
//! A position is four space-separated fields:
//!
//! 1. the sides, `side0/side1`: for each number on the board, in increasing order, one
//!    digit giving how many of its spaces are covered (`31202`);
//! 2. the phase: `oH01` or `oH01:7` (roll-off in progress, in core's [`RollOff`]
//!    notation), `r0` (seat 0 throws next), `m0:3-5` (seat 0 decides on 3-5), `w0` (seat 0
//!    won), `t` (stopped by the roll guard) or `d` (dead draw);
//! 3. the pot;
//! 4. the number of throws so far, roll-off included.
//!
//! The start of a default game is `00000/00000 oH01 0 0`. No field is needed for a pending
//! extra roll: it follows from the dice of the pending decision (a double other than 6-6).

use alloc::string::String;
use core::fmt::{self, Write as _};
use core::str::FromStr;

use boardgame_core::{DicePair, Game, RollOff, RollOffRule, Seat};

use crate::board::MAX_NUMBER;
use crate::config::{FirstPlayer, ThaxConfig, Variant};
use crate::state::{End, Phase, Thax};

/// What is wrong with a position's notation.
///
/// The notation is four space-separated fields: the sides `side0/side1` (one digit per board
/// number, in increasing order: its covered spaces), the phase (`oH01` or `oH01:7` roll-off,
/// `r0` seat 0 throws, `m0:3-5` seat 0 plays 3-5, `w0` seat 0 won, `t` turn limit, `d` dead
/// draw), the pot, and the throws so far (roll-off included).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseThaxError {
    /// Not four space-separated fields.
    #[error("expected 4 space-separated fields (sides, phase, pot, rolls), found {found}")]
    FieldCount {
        /// The number of fields found.
        found: usize,
    },
    /// The sides field is not two sides separated by `/`.
    #[error("expected two sides separated by '/', found {}", boardgame_io::quote(.found))]
    Sides {
        /// The field.
        found: String,
    },
    /// A side has the wrong number of digits for the board.
    #[error("side of seat {seat}: expected {expected} digits (one per board number), found {}", boardgame_io::quote(.found))]
    SideLength {
        /// The seat (0 or 1).
        seat: usize,
        /// The board's distinct numbers.
        expected: usize,
        /// The text of that side.
        found: String,
    },
    /// A count is not a digit, or exceeds the spaces of that number.
    #[error("side of seat {seat}, number {number}: {found:?} is not a count 0..={capacity}")]
    Count {
        /// The seat (0 or 1).
        seat: usize,
        /// The space number.
        number: u8,
        /// The character found.
        found: char,
        /// The spaces carrying that number.
        capacity: u8,
    },
    /// The phase field is not a phase.
    #[error("invalid phase {}: {reason}", boardgame_io::quote(.found))]
    Phase {
        /// The field.
        found: String,
        /// What is wrong.
        reason: &'static str,
    },
    /// The pot is not a count.
    #[error("invalid pot {}: expected a count", boardgame_io::quote(.found))]
    Pot {
        /// The field.
        found: String,
    },
    /// The roll count is not a count.
    #[error("invalid roll count {}: expected a count", boardgame_io::quote(.found))]
    Rolls {
        /// The field.
        found: String,
    },
    /// The fields parse but cannot occur together under this configuration.
    #[error("impossible position: {reason}")]
    Inconsistent {
        /// What is impossible.
        reason: &'static str,
    },
}

impl fmt::Display for Thax {
    /// The one-line notation; with `{:#}`, a picture of the board.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            return self.draw(f);
        }
        // Both sides as ASCII digits in one write (the notation is printed at every node by
        // conformance checks and logs).
        let mut sides = [0u8; 2 * MAX_NUMBER as usize + 2];
        let mut len = 0;
        for seat in 0..2 {
            for n in self.config.board.numbers() {
                sides[len] = b'0' + self.covered[seat][usize::from(n) - 1];
                len += 1;
            }
            sides[len] = if seat == 0 { b'/' } else { b' ' };
            len += 1;
        }
        f.write_str(core::str::from_utf8(&sides[..len]).expect("ASCII digits"))?;
        match self.phase {
            Phase::RollOff(roll_off) => write!(f, "o{roll_off}")?,
            Phase::Roll(seat) => write!(f, "r{seat}")?,
            Phase::Decide(seat, dice) => write!(f, "m{seat}:{dice}")?,
            Phase::Over(End::Won(seat)) => write!(f, "w{seat}")?,
            Phase::Over(End::TurnLimit) => f.write_char('t')?,
            Phase::Over(End::DeadDraw) => f.write_char('d')?,
        }
        write!(f, " {} {}", self.pot, self.rolls)
    }
}

impl Thax {
    fn draw(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let variant = match self.config.variant {
            Variant::Classic => "Classic THAX",
            Variant::ThaxOut => "Thax Out",
        };
        write!(
            f,
            "{variant}   pot {}   roll {} of {}",
            self.pot, self.rolls, self.config.max_rolls
        )?;
        if let Some(supply) = self.supply() {
            write!(f, "   supply {supply}")?;
        }
        f.write_char('\n')?;
        let spaces = self.config.board.spaces();
        for seat in [1, 0] {
            write!(f, "seat {seat} ")?;
            for n in self.config.board.numbers() {
                let covered = self.covered[seat][usize::from(n) - 1];
                write!(f, " {n}[")?;
                for i in 0..self.config.board.capacity(n) {
                    f.write_char(if i < covered { '#' } else { '.' })?;
                }
                f.write_char(']')?;
            }
            writeln!(f, "  {}/{spaces}", self.filled[seat])?;
        }
        match self.phase {
            Phase::RollOff(roll_off) => match roll_off.roller() {
                Some(seat) => write!(f, "roll-off for the first turn: seat {seat} throws"),
                None => f.write_str("roll-off decided"),
            },
            Phase::Roll(seat) => write!(f, "seat {seat} throws"),
            Phase::Decide(seat, dice) => write!(f, "seat {seat} plays {dice}"),
            Phase::Over(_) => match self.result() {
                Some(result) => write!(f, "{result}"),
                None => Ok(()),
            },
        }
    }
}

fn count(text: &str) -> Option<u32> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

fn parse_seat(text: &str) -> Option<Seat> {
    match text {
        "0" => Some(Seat::new(0)),
        "1" => Some(Seat::new(1)),
        _ => None,
    }
}

fn parse_phase(text: &str) -> Result<Phase, ParseThaxError> {
    let fail = |reason| ParseThaxError::Phase {
        found: text.into(),
        reason,
    };
    let seat = |t: &str| parse_seat(t).ok_or_else(|| fail("expected seat 0 or 1"));
    let Some(kind) = text.chars().next() else {
        return Err(fail("empty"));
    };
    let rest = &text[kind.len_utf8()..];
    Ok(match kind {
        'o' => {
            let roll_off: RollOff = rest
                .parse()
                .map_err(|_| fail("expected a roll-off like H01 or H01:7"))?;
            let two_seats = roll_off.contenders().all(|s| s.index() < 2);
            if roll_off.rule() != RollOffRule::Highest || !two_seats || roll_off.roller().is_none()
            {
                return Err(fail(
                    "expected an undecided highest-wins roll-off between seats 0 and 1",
                ));
            }
            Phase::RollOff(roll_off)
        }
        'r' => Phase::Roll(seat(rest)?),
        'w' => Phase::Over(End::Won(seat(rest)?)),
        'm' => {
            let (who, dice) = rest
                .split_once(':')
                .ok_or_else(|| fail("expected m<seat>:<dice>"))?;
            let dice: DicePair = dice.parse().map_err(|_| fail("expected dice like 3-5"))?;
            Phase::Decide(seat(who)?, dice)
        }
        't' if rest.is_empty() => Phase::Over(End::TurnLimit),
        'd' if rest.is_empty() => Phase::Over(End::DeadDraw),
        _ => return Err(fail("expected o, r, m, w, t or d")),
    })
}

/// Parses a position under `config` and checks that it can occur.
pub(crate) fn parse(text: &str, config: &ThaxConfig) -> Result<Thax, ParseThaxError> {
    let fields: alloc::vec::Vec<&str> = text.split(' ').collect();
    let &[sides, phase, pot, rolls] = fields.as_slice() else {
        return Err(ParseThaxError::FieldCount {
            found: fields.len(),
        });
    };
    let (zero, one) = sides.split_once('/').ok_or_else(|| ParseThaxError::Sides {
        found: sides.into(),
    })?;
    let mut covered = [[0u8; MAX_NUMBER as usize]; 2];
    let expected = config.board.numbers().count();
    for (seat, side) in [zero, one].into_iter().enumerate() {
        if side.chars().count() != expected {
            return Err(ParseThaxError::SideLength {
                seat,
                expected,
                found: side.into(),
            });
        }
        for (n, c) in config.board.numbers().zip(side.chars()) {
            let capacity = config.board.capacity(n);
            let value = c
                .to_digit(10)
                .map(|d| d as u8)
                .filter(|&d| d <= capacity)
                .ok_or(ParseThaxError::Count {
                    seat,
                    number: n,
                    found: c,
                    capacity,
                })?;
            covered[seat][usize::from(n) - 1] = value;
        }
    }
    let phase = parse_phase(phase)?;
    let pot = count(pot).ok_or_else(|| ParseThaxError::Pot { found: pot.into() })?;
    let rolls = count(rolls).ok_or_else(|| ParseThaxError::Rolls {
        found: rolls.into(),
    })?;
    let filled = covered.map(|side| side.iter().sum::<u8>());
    let state = Thax {
        config: *config,
        covered,
        filled,
        pot,
        rolls,
        phase,
    };
    check(&state)?;
    Ok(state)
}

/// The consistency rules of a position: what no game under its configuration can reach
/// is refused.
fn check(state: &Thax) -> Result<(), ParseThaxError> {
    let fail = |reason| Err(ParseThaxError::Inconsistent { reason });
    let config = &state.config;
    if config.variant == Variant::Classic && state.pot > 0 {
        return fail("only Thax Out has a pot");
    }
    if config.max_rolls == 0 {
        return fail("max_rolls is 0");
    }
    let on_board = u32::from(state.filled[0]) + u32::from(state.filled[1]);
    if config
        .supply
        .is_some_and(|n| u64::from(on_board) + u64::from(state.pot) > u64::from(n))
    {
        return fail("more pieces on the board and in the pot than the supply holds");
    }
    if matches!(state.phase, Phase::Decide(..)) && state.rolls == 0 {
        return fail("a decision without a roll");
    }
    let thaxes_possible = if matches!(state.phase, Phase::Decide(..)) {
        state.rolls - 1
    } else {
        state.rolls
    };
    if state.pot > thaxes_possible {
        return fail("more pieces in the pot than double sixes thrown");
    }
    if state.rolls > config.max_rolls {
        return fail("more rolls than max_rolls");
    }
    let spaces = config.board.spaces();
    let full = [state.filled[0] == spaces, state.filled[1] == spaces];
    let is_dead = config.is_dead(state.pot);
    let dead_phase = state.phase == Phase::Over(End::DeadDraw);
    if is_dead != dead_phase {
        return fail(if is_dead {
            "too few pieces left to cover a side: the game is a dead draw"
        } else {
            "not a dead draw"
        });
    }
    match state.phase {
        Phase::Over(End::Won(seat)) => {
            if !full[seat.index()] || full[seat.index() ^ 1] {
                return fail("the winner's side must be full and the loser's not");
            }
            return Ok(());
        }
        _ if full[0] || full[1] => return fail("a full side has already won"),
        Phase::RollOff(_) => {
            if config.first_player != FirstPlayer::RollOff {
                return fail("this configuration fixes the first player: no roll-off");
            }
            if on_board > 0 || state.pot > 0 {
                return fail("pieces on the board before the first turn");
            }
            if state.rolls >= config.max_rolls {
                return fail("the roll guard has already stopped the game");
            }
        }
        Phase::Roll(_) if state.rolls >= config.max_rolls => {
            return fail("the roll guard has already stopped the game");
        }
        Phase::Over(End::TurnLimit) if state.rolls != config.max_rolls => {
            return fail("the roll guard stops the game at exactly max_rolls rolls");
        }
        _ => {}
    }
    Ok(())
}

impl FromStr for Thax {
    type Err = ParseThaxError;

    /// Parses a position under the default configuration (use
    /// [`Game::from_notation`] for another).
    fn from_str(s: &str) -> Result<Thax, ParseThaxError> {
        Thax::from_notation(s, &ThaxConfig::default())
    }
}

#[cfg(feature = "serde")]
mod serde_impls {
    use super::*;
    use alloc::string::ToString;

    #[derive(serde::Serialize, serde::Deserialize)]
    struct Stored {
        config: ThaxConfig,
        position: String,
    }

    impl serde::Serialize for Thax {
        /// The configuration and the position's notation.
        fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            Stored {
                config: self.config,
                position: self.to_string(),
            }
            .serialize(serializer)
        }
    }

    impl<'de> serde::Deserialize<'de> for Thax {
        /// Validates the position through [`Game::from_notation`].
        fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Thax, D::Error> {
            let stored = Stored::deserialize(deserializer)?;
            Thax::from_notation(&stored.position, &stored.config).map_err(serde::de::Error::custom)
        }
    }
}
