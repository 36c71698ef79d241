use core::fmt;
use core::str::FromStr;

use crate::Dist;
use crate::game::{ConfigError, Game, NoChance, Turn};
use crate::outcome::Outcome;
use crate::seat::Seat;
use crate::sink::MoveSink;

/// The rules of a [`Nim`] game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct NimConfig {
    /// Players, 2..=4.
    pub seats: usize,
    /// Counters on the table at the start, 1..=255.
    pub counters: u8,
    /// The most counters one move may take, 1..=9.
    pub max_take: u8,
}

impl Default for NimConfig {
    fn default() -> Self {
        NimConfig {
            seats: 2,
            counters: 21,
            max_take: 3,
        }
    }
}

/// Subtraction Nim: players in turn take 1..=`max_take` counters; whoever takes the last
/// counter wins. Notation `<counters>:<seat to move>`, e.g. `21:0`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Nim {
    config: NimConfig,
    counters: u8,
    to_move: Seat,
}

/// Take this many counters; written as the number.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct NimMove(pub u8);

impl fmt::Display for NimMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Bad Nim notation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid nim {what} {}", boardgame_io::quote(.text))]
pub struct ParseNimError {
    /// Which part was bad.
    pub what: &'static str,
    /// The text.
    pub text: alloc::string::String,
}

impl FromStr for NimMove {
    type Err = ParseNimError;
    fn from_str(s: &str) -> Result<NimMove, ParseNimError> {
        match s.parse::<u8>() {
            Ok(n) if n > 0 => Ok(NimMove(n)),
            _ => Err(ParseNimError {
                what: "move",
                text: s.into(),
            }),
        }
    }
}

impl fmt::Display for Nim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.counters, self.to_move)
    }
}

impl Game for Nim {
    type Move = NimMove;
    type Chance = NoChance;
    type Config = NimConfig;
    type NotationError = ParseNimError;

    const NAME: &'static str = "nim";
    const MIN_SEATS: usize = 2;
    const MAX_SEATS: usize = 4;
    const MAX_MOVES: usize = 9;
    const MAX_CHANCE_OUTCOMES: usize = 0;

    fn new(config: NimConfig) -> Result<Nim, ConfigError> {
        ConfigError::check_seats::<Self>(config.seats)?;
        if !(1..=9).contains(&config.max_take) || config.counters == 0 {
            return Err(ConfigError::Invalid {
                key: "max_take",
                reason: "must be 1..=9 with at least one counter".into(),
            });
        }
        Ok(Nim {
            config,
            counters: config.counters,
            to_move: Seat::new(0),
        })
    }

    fn from_notation(text: &str, config: &NimConfig) -> Result<Nim, ParseNimError> {
        let bad = |what| ParseNimError {
            what,
            text: text.into(),
        };
        let (counters, seat) = text.split_once(':').ok_or_else(|| bad("state"))?;
        let counters = counters.parse::<u8>().map_err(|_| bad("counter count"))?;
        let seat = seat.parse::<Seat>().map_err(|_| bad("seat"))?;
        if seat.index() >= config.seats || counters > config.counters {
            return Err(bad("state"));
        }
        Ok(Nim {
            config: *config,
            counters,
            to_move: seat,
        })
    }

    fn config(&self) -> &NimConfig {
        &self.config
    }

    fn num_seats(&self) -> usize {
        self.config.seats
    }

    fn turn(&self) -> Turn {
        if self.counters == 0 {
            Turn::Terminal
        } else {
            Turn::Player(self.to_move)
        }
    }

    /// Takes in increasing order: 1, 2, …
    fn legal_moves<S: MoveSink<NimMove>>(&self, sink: &mut S) {
        for n in 1..=self.config.max_take.min(self.counters) {
            sink.push(NimMove(n));
        }
    }

    fn chance_outcomes(&self) -> Option<Dist<'_, NoChance>> {
        None
    }

    fn play_unchecked(&mut self, mv: NimMove) {
        self.counters -= mv.0;
        if self.counters > 0 {
            self.to_move = self.to_move.next(self.config.seats);
        }
    }

    fn apply_chance_unchecked(&mut self, outcome: NoChance) {
        match outcome {}
    }

    /// The player who took the last counter wins (they stay "to move" at the end).
    fn outcome(&self) -> Option<Outcome> {
        (self.counters == 0).then(|| Outcome::win(self.config.seats, self.to_move))
    }

    fn max_game_length(config: &NimConfig) -> Option<u64> {
        Some(config.counters.into())
    }
}

impl crate::settings::Configure for NimConfig {
    const SETTINGS: &'static [crate::settings::Setting] = &[
        crate::settings::Setting {
            key: "players",
            default: "2",
            values: "2..=4",
            help: "number of players",
        },
        crate::settings::Setting {
            key: "counters",
            default: "21",
            values: "1..=255",
            help: "counters at the start",
        },
        crate::settings::Setting {
            key: "max_take",
            default: "3",
            values: "1..=9",
            help: "most counters one move takes",
        },
    ];
    const PRESETS: &'static [crate::settings::Preset] = &[crate::settings::Preset {
        name: "default",
        help: "21 counters, take 1 to 3",
    }];

    fn preset(name: &str) -> Result<Self, crate::settings::SettingError> {
        match name {
            "default" => Ok(NimConfig::default()),
            _ => Err(crate::settings::unknown_preset::<Self>(name)),
        }
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), crate::settings::SettingError> {
        use crate::settings::parse_value;
        match key {
            "players" => self.seats = parse_value(key, value, "2..=4")?,
            "counters" => self.counters = parse_value(key, value, "1..=255")?,
            "max_take" => self.max_take = parse_value(key, value, "1..=9")?,
            _ => return Err(crate::settings::unknown_key::<Self>(key)),
        }
        Ok(())
    }

    fn value(&self, key: &str) -> Option<alloc::string::String> {
        use alloc::string::ToString;
        match key {
            "players" => Some(self.seats.to_string()),
            "counters" => Some(self.counters.to_string()),
            "max_take" => Some(self.max_take.to_string()),
            _ => None,
        }
    }
}
