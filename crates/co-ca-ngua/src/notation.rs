//! The one-line state notation: `Display` writes it; `Game::from_notation` and `FromStr`
//! read and validate it.
//!
//! Four fields separated by single spaces:
//! 1. pieces: per seat, in seat order, the progress of its pieces (`pieces`, default 2)
//!    lowest first, `a,b`, seats separated by `/` (0 = nest, 1 = exit square, `end` =
//!    centre);
//! 2. phase: `o` and the roll-off in core's [`RollOff`] notation (`oL01:3`), `r<seat>` (the
//!    seat rolls), `m<seat><roll>` (the seat moves with that roll: a die `3`, or two dice
//!    `3-5` under `dice = 2`), `w<seat>` (won), `d` (drawn by the length guard);
//! 3. turn: `t<sixes>.<last>`: sixes rolled in a row in this turn and the progress of the
//!    piece moved last in it (0 = none);
//! 4. rolls: `n<rolls>`, chance outcomes so far.
//!
//! Example: `0,0/0,0 oL01 t0.0 n0` is the start of a two-player game.

use alloc::string::{String, ToString};
use core::fmt;
use core::str::FromStr;

use boardgame_core::{Game, RollOff, RollOffRule, Seat};

use crate::config::Config;
use crate::roll::Roll;
use crate::state::{CoCaNgua, Phase};

/// The part of a state line at fault in a [`ParseStateError`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum StateField {
    /// The line is not four fields separated by single spaces.
    Fields,
    /// The configuration itself cannot be played (e.g. an invalid board layout).
    Config,
    /// The pieces field.
    Pieces,
    /// The phase field.
    Phase,
    /// The turn field (`t<sixes>.<last>`).
    Turn,
    /// The rolls field (`n<rolls>`).
    Rolls,
    /// The fields parse but describe a position the rules cannot reach.
    Position,
}

impl fmt::Display for StateField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            StateField::Fields => "fields",
            StateField::Config => "config",
            StateField::Pieces => "pieces",
            StateField::Phase => "phase",
            StateField::Turn => "turn",
            StateField::Rolls => "rolls",
            StateField::Position => "position",
        })
    }
}

/// The text is not a valid state line (see the [module docs](self)).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid cờ cá ngựa state {}: {field}: {reason}", boardgame_io::quote(.text))]
pub struct ParseStateError {
    /// The whole text.
    pub text: String,
    /// The field at fault.
    pub field: StateField,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for CoCaNgua {
    /// The one-line notation, or with `{:#}` a picture of the board.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            return crate::picture::draw(self, f);
        }
        for s in 0..self.num_seats() {
            if s > 0 {
                f.write_str("/")?;
            }
            for (i, p) in self.own(s).iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{p}")?;
            }
        }
        match self.phase {
            Phase::RollOff(r) => write!(f, " o{r}")?,
            Phase::Roll(seat) => write!(f, " r{seat}")?,
            Phase::Move(seat, die) => write!(f, " m{seat}{die}")?,
            Phase::Won(seat) => write!(f, " w{seat}")?,
            Phase::Drawn => f.write_str(" d")?,
        }
        write!(f, " t{}.{} n{}", self.sixes, self.last_moved, self.rolls)
    }
}

impl FromStr for CoCaNgua {
    type Err = ParseStateError;
    /// Parses under the default [`Config`].
    fn from_str(s: &str) -> Result<CoCaNgua, ParseStateError> {
        parse(s, &Config::default())
    }
}

fn number<T: FromStr>(text: &str) -> Option<T> {
    let canonical = !text.is_empty()
        && text.bytes().all(|b| b.is_ascii_digit())
        && (text.len() == 1 || !text.starts_with('0'));
    if canonical { text.parse().ok() } else { None }
}

/// Parses and validates `text` under `config`.
pub(crate) fn parse(text: &str, config: &Config) -> Result<CoCaNgua, ParseStateError> {
    let fail = |field, reason: &str| ParseStateError {
        text: text.into(),
        field,
        reason: reason.into(),
    };
    let mut state = CoCaNgua::build(*config).map_err(|e| ParseStateError {
        text: text.into(),
        field: StateField::Config,
        reason: e.to_string(),
    })?;
    let n = state.num_seats();
    let end = state.board.end();
    let fields: alloc::vec::Vec<&str> = text.split(' ').collect();
    let [pieces, phase, turn, rolls] = fields[..] else {
        return Err(fail(
            StateField::Fields,
            "expected 4 fields separated by single spaces: pieces phase turn rolls",
        ));
    };

    // Pieces.
    let seats: alloc::vec::Vec<&str> = pieces.split('/').collect();
    if seats.len() != n {
        return Err(fail(
            StateField::Pieces,
            &alloc::format!("expected {n} seats separated by '/'"),
        ));
    }
    for (s, seat) in seats.iter().enumerate() {
        let count = usize::from(config.pieces);
        let values: alloc::vec::Vec<&str> = seat.split(',').collect();
        if values.len() != count {
            return Err(fail(
                StateField::Pieces,
                &alloc::format!("expected {count} pieces separated by ',' per seat"),
            ));
        }
        let progress = |t: &str| {
            number::<u8>(t).filter(|&p| p <= end).ok_or_else(|| {
                fail(
                    StateField::Pieces,
                    &alloc::format!("expected a progress 0..={end} for seat {s}"),
                )
            })
        };
        for (i, t) in values.iter().enumerate() {
            state.pieces[s][i] = progress(t)?;
        }
        if state.own(s).windows(2).any(|w| w[0] > w[1]) {
            return Err(fail(
                StateField::Pieces,
                "a seat's pieces are written lowest first",
            ));
        }
        state.refresh_occupancy(s);
    }

    // Phase.
    let mut chars = phase.chars();
    let kind = chars.next();
    let rest = chars.as_str();
    let seat_of = |t: &str| {
        number::<usize>(t)
            .filter(|&i| i < n)
            .map(Seat::new)
            .ok_or_else(|| fail(StateField::Phase, "expected a seat at the table"))
    };
    state.phase = match kind {
        Some('o') => {
            let roll_off =
                RollOff::from_str(rest).map_err(|e| fail(StateField::Phase, &e.to_string()))?;
            if roll_off.rule() != config.roll_off_rule() {
                return Err(fail(
                    StateField::Phase,
                    match config.roll_off_rule() {
                        RollOffRule::Lowest => "the roll-off is lowest-starts (L)",
                        _ => "the roll-off is highest-starts (H)",
                    },
                ));
            }
            if roll_off.contenders().any(|s| s.index() >= n) || roll_off.roller().is_none() {
                return Err(fail(
                    StateField::Phase,
                    "the roll-off names a seat not at the table, or is decided",
                ));
            }
            Phase::RollOff(roll_off)
        }
        Some('r') => Phase::Roll(seat_of(rest)?),
        Some('w') => Phase::Won(seat_of(rest)?),
        Some('d') if rest.is_empty() => Phase::Drawn,
        Some('m') if rest.len() >= 2 && rest.is_char_boundary(1) => {
            let roll = rest[1..].parse::<Roll>().ok();
            let roll = match (roll, state.two_dice) {
                (Some(roll), two) if roll.pair().is_some() == two => roll,
                (_, false) => return Err(fail(StateField::Phase, "expected a die 1..=6")),
                (_, true) => {
                    return Err(fail(
                        StateField::Phase,
                        "expected two dice like 3-5 (dice = 2)",
                    ));
                }
            };
            Phase::Move(seat_of(&rest[..1])?, roll)
        }
        _ => {
            return Err(fail(
                StateField::Phase,
                "expected o<roll-off>, r<seat>, m<seat><die>, w<seat> or d",
            ));
        }
    };

    // Turn and rolls.
    let (sixes, last) = turn
        .strip_prefix('t')
        .and_then(|t| t.split_once('.'))
        .and_then(|(a, b)| Some((number::<u8>(a)?, number::<u8>(b)?)))
        .ok_or_else(|| fail(StateField::Turn, "expected t<sixes>.<last moved>"))?;
    state.sixes = sixes;
    state.last_moved = last;
    state.rolls = rolls
        .strip_prefix('n')
        .and_then(number::<u32>)
        .ok_or_else(|| fail(StateField::Rolls, "expected n<rolls>"))?;

    check_position(&state).map_err(|reason| fail(StateField::Position, reason))?;
    Ok(state)
}

/// Whether the parsed fields describe a position the rules can reach.
fn check_position(state: &CoCaNgua) -> Result<(), &'static str> {
    let board = &*state.board;
    let n = state.num_seats();
    let end = board.end();
    let config = &state.config;
    let finished = |s: usize| state.finished(s);

    // Occupancy: two seats share a square only in the centre; one seat cannot have two
    // pieces on its exit square.
    for s in 0..n {
        let colour = usize::from(state.colours[s]);
        if state.own(s).iter().filter(|&&p| p == 1).count() > 1 {
            return Err("two pieces of one seat on its exit square");
        }
        for &p in state.own(s) {
            if p == 0 || p == end {
                continue;
            }
            let square = board.square(colour, p);
            for t in (s + 1)..n {
                let c = usize::from(state.colours[t]);
                if state
                    .own(t)
                    .iter()
                    .any(|&q| q != 0 && q != end && board.square(c, q) == square)
                {
                    return Err("two seats' pieces share a square outside the centre");
                }
            }
        }
    }

    if state.chuong {
        let mouth = board.mouth();
        let top = mouth + board.layout().lane_len;
        for s in 0..n {
            let own = state.own(s);
            if own.iter().any(|&p| p > top) {
                return Err("a horse beyond the top step of its chuồng");
            }
            if own.windows(2).any(|w| w[0] == w[1] && w[0] > mouth) {
                return Err("two horses of one seat on one chuồng step");
            }
        }
    }

    let winners = (0..n).filter(|&s| finished(s)).count();
    let guard_hit = config.max_rolls != 0 && state.rolls >= config.max_rolls;
    let (sixes, last) = (state.sixes, state.last_moved);
    if !config.triple_six && (sixes != 0 || last != 0) {
        return Err("sixes and the last moved piece are only tracked under triple_six");
    }
    if sixes > 2 {
        return Err("at most 2 sixes in a row are pending (the third ends the turn)");
    }
    if config.max_rolls != 0 && state.rolls > config.max_rolls {
        return Err("more rolls than max_rolls");
    }
    match state.phase {
        Phase::Won(seat) => {
            if !finished(seat.index()) || winners != 1 {
                return Err("the winner must be the one seat with all its pieces home");
            }
            if sixes != 0 || last != 0 {
                return Err("a finished game has no turn in progress");
            }
            return Ok(());
        }
        Phase::Drawn => {
            if !guard_hit || winners != 0 || sixes != 0 || last != 0 {
                return Err("a drawn game ends at max_rolls with nobody finished");
            }
            return Ok(());
        }
        _ if winners != 0 => return Err("a seat has finished but the game goes on"),
        Phase::RollOff(_) => {
            if (0..n).any(|s| state.own(s).iter().any(|&p| p != 0)) || sixes != 0 || last != 0 {
                return Err("during the roll-off every piece is in its nest");
            }
            if guard_hit {
                return Err("no roll is left under max_rolls");
            }
        }
        Phase::Roll(seat) => {
            if guard_hit {
                return Err("no roll is left under max_rolls");
            }
            if sixes == 0 && last != 0 {
                return Err("a new turn has no piece moved yet");
            }
            check_last(state, seat, last)?;
        }
        Phase::Move(seat, roll) => {
            if state.rolls == 0 {
                return Err("a die to play needs a roll");
            }
            let expected_six = config.triple_six && CoCaNgua::repeats(roll);
            if expected_six != (sixes > 0) || (last != 0 && sixes != 2) {
                return Err("the sixes (or doubles) of this turn do not match the roll");
            }
            check_last(state, seat, last)?;
        }
    }
    Ok(())
}

fn check_last(state: &CoCaNgua, seat: Seat, last: u8) -> Result<(), &'static str> {
    if last != 0 && !state.own(seat.index()).contains(&last) {
        return Err("the piece moved last is not on the board");
    }
    Ok(())
}

#[cfg(feature = "serde")]
mod serde_impls {
    use super::CoCaNgua;
    use crate::config::Config;
    use alloc::string::{String, ToString};
    use boardgame_core::Game;

    #[derive(serde::Serialize, serde::Deserialize)]
    struct Repr {
        config: Config,
        state: String,
    }

    impl serde::Serialize for CoCaNgua {
        /// `{ "config": …, "state": "<notation>" }`.
        fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            Repr {
                config: self.config,
                state: self.to_string(),
            }
            .serialize(serializer)
        }
    }

    impl<'de> serde::Deserialize<'de> for CoCaNgua {
        /// Validates through [`Game::from_notation`].
        fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let repr = Repr::deserialize(deserializer)?;
            CoCaNgua::from_notation(&repr.state, &repr.config).map_err(serde::de::Error::custom)
        }
    }
}
