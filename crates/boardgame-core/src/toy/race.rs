use core::fmt;
use core::str::FromStr;

use crate::dice::Die;
use crate::dist::{D6, Dist};
use crate::game::{ConfigError, Game, Turn};
use crate::outcome::Outcome;
use crate::seat::{BySeat, Seat};
use crate::sink::MoveSink;

/// The rules of a [`Race`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RaceConfig {
    /// Players, 2..=4.
    pub seats: usize,
    /// Squares from start to goal, 1..=99.
    pub length: u8,
}

impl Default for RaceConfig {
    fn default() -> Self {
        RaceConfig {
            seats: 2,
            length: 12,
        }
    }
}

/// A dice race. Each seat has two tokens at square 0. On a turn the seat rolls one die and
/// moves one token forward by exactly that many squares; a token may not overshoot the goal
/// (`length`). If no token can move, the seat must pass. A six gives the same seat another
/// roll. The first seat with both tokens on the goal wins.
///
/// Notation: the tokens per seat (`a,b`, seats separated by `/`), a space, then the phase:
/// `r<seat>` (seat rolls next), `m<seat><die>` (seat moves the die) or `w<seat>` (seat won).
/// Example: `0,3/5,5 m14`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Race {
    config: RaceConfig,
    tokens: BySeat<[u8; 2]>,
    phase: Phase,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum Phase {
    Roll(Seat),
    Move(Seat, Die),
    Won(Seat),
}

/// A [`Race`] move: advance the token standing on a square (`a3`: the token on square 3),
/// or pass (`pass`). Tokens on one square are interchangeable, so moves name squares.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum RaceMove {
    /// Advance a token standing on this square by the die.
    Advance(u8),
    /// No token can move.
    #[default]
    Pass,
}

impl fmt::Display for RaceMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RaceMove::Advance(square) => write!(f, "a{square}"),
            RaceMove::Pass => f.write_str("pass"),
        }
    }
}

/// Bad race notation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid race {what} in {}", boardgame_io::quote(.text))]
pub struct ParseRaceError {
    /// Which part was bad.
    pub what: &'static str,
    /// The text.
    pub text: alloc::string::String,
}

impl FromStr for RaceMove {
    type Err = ParseRaceError;
    fn from_str(s: &str) -> Result<RaceMove, ParseRaceError> {
        if s == "pass" {
            return Ok(RaceMove::Pass);
        }
        s.strip_prefix('a')
            .and_then(|n| n.parse().ok())
            .map(RaceMove::Advance)
            .ok_or_else(|| ParseRaceError {
                what: "move",
                text: s.into(),
            })
    }
}

impl Race {
    /// The squares of `seat`'s two tokens, lower first.
    ///
    /// # Panics
    /// If `seat` is not at the table.
    #[must_use]
    #[track_caller]
    pub fn tokens(&self, seat: Seat) -> [u8; 2] {
        self.tokens[seat]
    }

    fn can_advance(&self, square: u8, die: Die) -> bool {
        square + die.value() <= self.config.length
    }
}

impl fmt::Display for Race {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (seat, [a, b]) in self.tokens.iter() {
            if seat.index() > 0 {
                f.write_str("/")?;
            }
            write!(f, "{a},{b}")?;
        }
        match self.phase {
            Phase::Roll(seat) => write!(f, " r{seat}"),
            Phase::Move(seat, die) => write!(f, " m{seat}{die}"),
            Phase::Won(seat) => write!(f, " w{seat}"),
        }
    }
}

impl Game for Race {
    type Move = RaceMove;
    type Chance = Die;
    type Config = RaceConfig;
    type NotationError = ParseRaceError;

    const NAME: &'static str = "race";
    const MIN_SEATS: usize = 2;
    const MAX_SEATS: usize = 4;
    const MAX_MOVES: usize = 2;
    const MAX_CHANCE_OUTCOMES: usize = 6;

    fn new(config: RaceConfig) -> Result<Race, ConfigError> {
        ConfigError::check_seats::<Self>(config.seats)?;
        if !(1..=99).contains(&config.length) {
            return Err(ConfigError::Invalid {
                key: "length",
                reason: "must be 1..=99".into(),
            });
        }
        Ok(Race {
            config,
            tokens: BySeat::filled(config.seats, [0, 0]),
            phase: Phase::Roll(Seat::new(0)),
        })
    }

    fn from_notation(text: &str, config: &RaceConfig) -> Result<Race, ParseRaceError> {
        let bad = |what| ParseRaceError {
            what,
            text: text.into(),
        };
        let (tokens, phase) = text.split_once(' ').ok_or_else(|| bad("layout"))?;
        let mut parsed = alloc::vec::Vec::new();
        for seat in tokens.split('/') {
            let (a, b) = seat.split_once(',').ok_or_else(|| bad("token pair"))?;
            let square = |t: &str| {
                t.parse::<u8>()
                    .ok()
                    .filter(|&s| s <= config.length)
                    .ok_or_else(|| bad("square"))
            };
            let (a, b) = (square(a)?, square(b)?);
            parsed.push([a.min(b), a.max(b)]);
        }
        if parsed.len() != config.seats {
            return Err(bad("seat count"));
        }
        let tokens = BySeat::from_slice(&parsed).ok_or_else(|| bad("seat count"))?;
        let mut chars = phase.chars();
        let kind = chars.next();
        let seat = chars
            .next()
            .and_then(|c| c.to_digit(10))
            .and_then(|d| Seat::try_new(d as usize))
            .filter(|s| s.index() < config.seats)
            .ok_or_else(|| bad("seat"))?;
        let rest = chars.as_str();
        let phase = match (kind, rest) {
            (Some('r'), "") => Phase::Roll(seat),
            (Some('w'), "") => Phase::Won(seat),
            (Some('m'), die) => Phase::Move(seat, die.parse().map_err(|_| bad("die"))?),
            _ => return Err(bad("phase")),
        };
        let home = |s: Seat| tokens[s] == [config.length; 2];
        let finished = tokens.seats().filter(|&s| home(s)).count();
        let consistent = match phase {
            Phase::Won(s) => home(s) && finished == 1,
            _ => finished == 0,
        };
        if !consistent {
            return Err(bad("phase for this layout"));
        }
        Ok(Race {
            config: *config,
            tokens,
            phase,
        })
    }

    fn config(&self) -> &RaceConfig {
        &self.config
    }

    fn num_seats(&self) -> usize {
        self.config.seats
    }

    fn turn(&self) -> Turn {
        match self.phase {
            Phase::Roll(_) => Turn::Chance,
            Phase::Move(seat, _) => Turn::Player(seat),
            Phase::Won(_) => Turn::Terminal,
        }
    }

    /// The lower token's square first; `pass` only when neither can move.
    fn legal_moves<S: MoveSink<RaceMove>>(&self, sink: &mut S) {
        let Phase::Move(seat, die) = self.phase else {
            return;
        };
        let [a, b] = self.tokens[seat];
        let mut any = false;
        let squares = [a, b];
        let distinct = if a == b { &squares[..1] } else { &squares[..] };
        for &square in distinct {
            if self.can_advance(square, die) {
                sink.push(RaceMove::Advance(square));
                any = true;
            }
        }
        if !any {
            sink.push(RaceMove::Pass);
        }
    }

    fn chance_outcomes(&self) -> Option<Dist<'_, Die>> {
        matches!(self.phase, Phase::Roll(_)).then_some(D6)
    }

    fn play_unchecked(&mut self, mv: RaceMove) {
        let Phase::Move(seat, die) = self.phase else {
            panic!("not a decision node")
        };
        if let RaceMove::Advance(square) = mv {
            let tokens = &mut self.tokens[seat];
            let i = usize::from(tokens[0] != square);
            assert_eq!(tokens[i], square, "no token on that square");
            tokens[i] += die.value();
            tokens.sort_unstable();
            if *tokens == [self.config.length; 2] {
                self.phase = Phase::Won(seat);
                return;
            }
        }
        let next = if die == Die::SIX {
            seat
        } else {
            seat.next(self.config.seats)
        };
        self.phase = Phase::Roll(next);
    }

    fn apply_chance_unchecked(&mut self, die: Die) {
        let Phase::Roll(seat) = self.phase else {
            panic!("not a chance node")
        };
        self.phase = Phase::Move(seat, die);
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.phase {
            Phase::Won(seat) => Some(Outcome::win(self.config.seats, seat)),
            _ => None,
        }
    }
}

impl crate::settings::Configure for RaceConfig {
    const SETTINGS: &'static [crate::settings::Setting] = &[
        crate::settings::Setting {
            key: "players",
            default: "2",
            values: "2..=4",
            help: "number of players",
        },
        crate::settings::Setting {
            key: "length",
            default: "12",
            values: "1..=99",
            help: "squares from start to goal",
        },
    ];
    const PRESETS: &'static [crate::settings::Preset] = &[crate::settings::Preset {
        name: "default",
        help: "two players, 12 squares",
    }];

    fn preset(name: &str) -> Result<Self, crate::settings::SettingError> {
        match name {
            "default" => Ok(RaceConfig::default()),
            _ => Err(crate::settings::unknown_preset::<Self>(name)),
        }
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), crate::settings::SettingError> {
        use crate::settings::parse_value;
        match key {
            "players" => self.seats = parse_value(key, value, "2..=4")?,
            "length" => self.length = parse_value(key, value, "1..=99")?,
            _ => return Err(crate::settings::unknown_key::<Self>(key)),
        }
        Ok(())
    }

    fn value(&self, key: &str) -> Option<alloc::string::String> {
        use alloc::string::ToString;
        match key {
            "players" => Some(self.seats.to_string()),
            "length" => Some(self.length.to_string()),
            _ => None,
        }
    }
}
