//! The rules configuration: the seed-literal default, the `spanish` preset, and every rule
//! switch by name (through [`Configure`]).

use alloc::string::{String, ToString};
use core::fmt;
use core::str::FromStr;

use boardgame_core::settings::{
    Preset, Setting, SettingError, parse_value, unknown_key, unknown_preset,
};
use boardgame_core::{ConfigError, Configure};

use crate::board::Colour;

/// The order in which colours take turns.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum TurnOrder {
    /// Yellow → Green → Red → Blue: clockwise, against the pieces' direction (the seed text).
    #[default]
    Clockwise,
    /// Yellow → Blue → Red → Green: the direction the pieces travel (common Spanish play).
    Anticlockwise,
}

/// What happens when a piece comes out onto an exit square held by another colour (rule 8).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum ExitCapture {
    /// The exit is a safe square like any other: a piece may come out only where it could
    /// land (the seed text).
    #[default]
    Blocked,
    /// When the exit holds two pieces and at least one is foreign, coming out captures (the
    /// foreign piece that arrived last when safe squares are shared; otherwise every foreign
    /// piece there). Otherwise as `blocked` (common Spanish play).
    Full,
    /// Coming out always captures the foreign pieces on the exit (same choice of victims).
    Always,
}

/// Where two pieces of one colour form a barrier.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Barriers {
    /// Only on safe squares; elsewhere any number of same-colour pieces may share a square
    /// (the seed text).
    #[default]
    Safe,
    /// On every square, home column included, so no square ever holds more than two pieces
    /// (common Spanish play).
    Everywhere,
}

/// Which piece a third six in a row sends back to the nest (rule 4).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum TripleSix {
    /// The piece moved with the previous six (the seed text).
    #[default]
    Six,
    /// The last piece the player moved this turn, bonus moves included (common Spanish play).
    Last,
}

/// When the game ends (rule 12).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Finish {
    /// The first player with all four pieces in the goal wins; the others share second place.
    #[default]
    First,
    /// Finished players drop out and the rest play on until one is left: a full ranking.
    Ranking,
}

macro_rules! keyword_enum {
    ($ty:ident, $expected:literal, $($variant:ident => $word:literal),+) => {
        impl $ty {
            /// The word used in settings.
            #[must_use]
            pub const fn as_str(self) -> &'static str {
                match self { $($ty::$variant => $word),+ }
            }
        }
        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
        impl FromStr for $ty {
            type Err = ParseKeywordError;
            fn from_str(s: &str) -> Result<$ty, ParseKeywordError> {
                match s {
                    $($word => Ok($ty::$variant),)+
                    _ => Err(ParseKeywordError { text: s.into(), expected: $expected }),
                }
            }
        }
    };
}

/// A setting word that is not one of the accepted values.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid value {}: expected {expected}", boardgame_io::quote(.text))]
pub struct ParseKeywordError {
    /// The text given.
    pub text: String,
    /// The accepted words.
    pub expected: &'static str,
}

keyword_enum!(TurnOrder, "clockwise|anticlockwise", Clockwise => "clockwise", Anticlockwise => "anticlockwise");
keyword_enum!(ExitCapture, "blocked|full|always", Blocked => "blocked", Full => "full", Always => "always");
keyword_enum!(Barriers, "safe|everywhere", Safe => "safe", Everywhere => "everywhere");
keyword_enum!(TripleSix, "six|last", Six => "six", Last => "last");
keyword_enum!(Finish, "first|ranking", First => "first", Ranking => "ranking");

/// A set of colours taking part, written as letters in board order (`YR`, `YBRG`).
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct ColourSet(u8);

impl ColourSet {
    /// All four colours.
    pub const ALL: ColourSet = ColourSet(0b1111);

    /// The default colours for `players` seats: Yellow and Red (opposite corners) for two,
    /// Yellow, Blue and Red for three, all four for four.
    #[must_use]
    pub const fn default_for(players: usize) -> ColourSet {
        match players {
            2 => ColourSet(0b0101),
            3 => ColourSet(0b0111),
            _ => ColourSet::ALL,
        }
    }

    /// Whether `colour` is in the set.
    #[must_use]
    pub const fn contains(self, colour: Colour) -> bool {
        self.0 & (1 << colour as u8) != 0
    }

    /// The number of colours.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The colours in board order.
    pub fn iter(self) -> impl Iterator<Item = Colour> {
        Colour::ALL.into_iter().filter(move |&c| self.contains(c))
    }

    /// The set of these colours.
    #[must_use]
    pub fn of(colours: &[Colour]) -> ColourSet {
        ColourSet(colours.iter().fold(0, |m, &c| m | 1 << c as u8))
    }
}

impl fmt::Debug for ColourSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ColourSet({self})")
    }
}

impl fmt::Display for ColourSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.iter() {
            write!(f, "{}", c.letter())?;
        }
        Ok(())
    }
}

impl FromStr for ColourSet {
    type Err = ParseKeywordError;
    /// Letters `Y`, `B`, `R`, `G` in any order, each at most once.
    fn from_str(s: &str) -> Result<ColourSet, ParseKeywordError> {
        let bad = || ParseKeywordError {
            text: s.into(),
            expected: "colour letters like YR or YBRG",
        };
        let mut set = 0u8;
        for ch in s.chars() {
            let colour = Colour::from_letter(ch.to_ascii_uppercase()).ok_or_else(bad)?;
            if set & (1 << colour as u8) != 0 {
                return Err(bad());
            }
            set |= 1 << colour as u8;
        }
        if set == 0 {
            return Err(bad());
        }
        Ok(ColourSet(set))
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for ColourSet {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for ColourSet {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// The rules of a Parchís game. [`Config::default`] is the seed-literal rule set;
/// [`Config::spanish`] the common Spanish rules. Every field is also a named setting (see
/// [`Configure`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Config {
    /// Players, 2..=4 (setting `players`).
    pub players: usize,
    /// The colours taking part, or `None` for [`ColourSet::default_for`] the seat count
    /// (setting `colours`, `auto` or letters like `YG`). Setting it leaves `players` alone:
    /// a set of another size than `players` is refused by [`Config::validate`].
    pub colours: Option<ColourSet>,
    /// Turn order (setting `turn_order`).
    pub turn_order: TurnOrder,
    /// Coming out onto an exit held by another colour (setting `exit_capture`).
    pub exit_capture: ExitCapture,
    /// Where two pieces form a barrier (setting `barriers`).
    pub barriers: Barriers,
    /// Whether two different colours may share a safe square, at most two pieces in all
    /// (setting `safe_sharing`).
    pub safe_sharing: bool,
    /// Which piece a third six sends home (setting `triple_six`).
    pub triple_six: TripleSix,
    /// Whether a foreign barrier (two pieces of one other colour) on a colour's exit square
    /// stops that colour coming out, instead of being broken by an exit capture (setting
    /// `exit_barrier_blocks`; glparchis).
    #[cfg_attr(feature = "serde", serde(default))]
    pub exit_barrier_blocks: bool,
    /// Whether bonus moves (20, 10) earned while playing a six are bound by the obligation to
    /// open a barrier, like the six itself (setting `bonus_opens_barrier`; glparchis).
    #[cfg_attr(feature = "serde", serde(default))]
    pub bonus_opens_barrier: bool,
    /// Whether a third six spares the piece it would send home when that piece has no legal
    /// move with the current roll (setting `triple_six_spares_stuck`; glparchis).
    #[cfg_attr(feature = "serde", serde(default))]
    pub triple_six_spares_stuck: bool,
    /// Whether the player may decline a bonus move (setting `optional_bonuses`).
    pub optional_bonuses: bool,
    /// Stop at the first finisher or play on to a full ranking (setting `finish`).
    pub finish: Finish,
    /// The length guard: the game ends, ranked by progress, when this many dice have been
    /// rolled (roll-off included); 0 means no guard (setting `max_rolls`).
    pub max_rolls: u32,
}

/// The default length guard: far above any game seen in millions of random playouts (see
/// `docs/rules/parchis.md`), yet it makes every game finite.
pub const DEFAULT_MAX_ROLLS: u32 = 10_000;

/// The game's name (`Game::NAME`), in errors and records.
pub(crate) const GAME_NAME: &str = "parchis";
/// The fewest players (`Game::MIN_SEATS`).
pub(crate) const MIN_PLAYERS: usize = 2;
/// The most players (`Game::MAX_SEATS`).
pub(crate) const MAX_PLAYERS: usize = 4;

impl Default for Config {
    fn default() -> Config {
        Config {
            players: 4,
            colours: None,
            turn_order: TurnOrder::Clockwise,
            exit_capture: ExitCapture::Blocked,
            barriers: Barriers::Safe,
            safe_sharing: false,
            triple_six: TripleSix::Six,
            exit_barrier_blocks: false,
            bonus_opens_barrier: false,
            triple_six_spares_stuck: false,
            optional_bonuses: false,
            finish: Finish::First,
            max_rolls: DEFAULT_MAX_ROLLS,
        }
    }
}

impl Config {
    /// The seed-literal rules for `players` players.
    #[must_use]
    pub fn seed(players: usize) -> Config {
        Config {
            players,
            ..Config::default()
        }
    }

    /// The common Spanish rules for `players` players: barriers on every square (at most two
    /// pieces per square), two colours may share a safe square, exit capture when full,
    /// turns Yellow → Blue → Red → Green, a third six sends home the last piece moved.
    #[must_use]
    pub fn spanish(players: usize) -> Config {
        Config {
            players,
            turn_order: TurnOrder::Anticlockwise,
            exit_capture: ExitCapture::Full,
            barriers: Barriers::Everywhere,
            safe_sharing: true,
            triple_six: TripleSix::Last,
            ..Config::default()
        }
    }

    /// The Spanish rules as glparchis (an open-source Spanish Parchís) plays them: the
    /// `spanish` preset plus three switches — a foreign barrier on your exit square blocks
    /// your coming out (`exit_barrier_blocks`), bonus moves earned with a six must open a
    /// barrier like the six (`bonus_opens_barrier`), and a third six spares the last-moved
    /// piece when it cannot move with that six (`triple_six_spares_stuck`).
    #[must_use]
    pub fn glparchis(players: usize) -> Config {
        Config {
            exit_barrier_blocks: true,
            bonus_opens_barrier: true,
            triple_six_spares_stuck: true,
            ..Config::spanish(players)
        }
    }

    /// This configuration with `players` players (and the default colours for that count).
    #[must_use]
    pub fn with_players(self, players: usize) -> Config {
        Config {
            players,
            colours: None,
            ..self
        }
    }

    /// This configuration with the given colours (and as many players).
    #[must_use]
    pub fn with_colours(self, colours: ColourSet) -> Config {
        Config {
            players: colours.len(),
            colours: Some(colours),
            ..self
        }
    }

    /// The colours taking part.
    #[must_use]
    pub fn colour_set(&self) -> ColourSet {
        self.colours.unwrap_or(ColourSet::default_for(self.players))
    }

    /// The colours in seat order: turn order, starting from Yellow's place. Seat 0 is the
    /// first of them.
    #[must_use]
    pub fn seat_colours(&self) -> ([Colour; 4], usize) {
        let order = match self.turn_order {
            TurnOrder::Clockwise => [Colour::Yellow, Colour::Green, Colour::Red, Colour::Blue],
            TurnOrder::Anticlockwise => Colour::ALL,
        };
        let set = self.colour_set();
        let mut out = [Colour::Yellow; 4];
        let mut n = 0;
        for c in order {
            if set.contains(c) {
                out[n] = c;
                n += 1;
            }
        }
        (out, n)
    }

    /// Checks that the configuration can be played.
    ///
    /// # Errors
    /// [`ConfigError`] for a seat count outside 2..=4 or colours that do not match it.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&self.players) {
            return Err(ConfigError::SeatCount {
                game: GAME_NAME,
                given: self.players,
                min: MIN_PLAYERS,
                max: MAX_PLAYERS,
            });
        }
        if let Some(colours) = self.colours
            && colours.len() != self.players
        {
            return Err(ConfigError::Invalid {
                key: "colours",
                reason: alloc::format!(
                    "colours={colours} names {} players but players={} (set players={} too, \
                     or colours=auto)",
                    colours.len(),
                    self.players,
                    colours.len()
                ),
            });
        }
        Ok(())
    }
}

const SETTINGS: &[Setting] = &[
    Setting {
        key: "players",
        default: "4",
        values: "2..=4",
        help: "number of players",
    },
    Setting {
        key: "colours",
        default: "auto",
        values: "auto|letters like YR",
        help: "colours taking part, one per player (auto: YR for 2, YBR for 3, all for 4)",
    },
    Setting {
        key: "turn_order",
        default: "clockwise",
        values: "clockwise|anticlockwise",
        help: "clockwise: Y>G>R>B (seed); anticlockwise: Y>B>R>G (Spanish)",
    },
    Setting {
        key: "exit_capture",
        default: "blocked",
        values: "blocked|full|always",
        help: "coming out onto an exit held by another colour",
    },
    Setting {
        key: "barriers",
        default: "safe",
        values: "safe|everywhere",
        help: "where two same-colour pieces form a barrier (everywhere: max 2 per square)",
    },
    Setting {
        key: "safe_sharing",
        default: "false",
        values: "true|false",
        help: "two colours may share a safe square (at most two pieces)",
    },
    Setting {
        key: "triple_six",
        default: "six",
        values: "six|last",
        help: "third six sends home the piece moved with the previous six, or the last moved",
    },
    Setting {
        key: "exit_barrier_blocks",
        default: "false",
        values: "true|false",
        help: "a foreign barrier on your exit square stops you coming out (glparchis)",
    },
    Setting {
        key: "bonus_opens_barrier",
        default: "false",
        values: "true|false",
        help: "20/10 bonuses earned with a six must open a barrier like the six (glparchis)",
    },
    Setting {
        key: "triple_six_spares_stuck",
        default: "false",
        values: "true|false",
        help: "third six spares the piece if it cannot move with that six (glparchis)",
    },
    Setting {
        key: "optional_bonuses",
        default: "false",
        values: "true|false",
        help: "the player may decline a 20 or 10 bonus move",
    },
    Setting {
        key: "finish",
        default: "first",
        values: "first|ranking",
        help: "stop at the first finisher, or play on to a full ranking",
    },
    Setting {
        key: "max_rolls",
        default: "10000",
        values: "0..=4294967295",
        help: "length guard: end (ranked by progress) after this many rolls; 0 = none",
    },
];

const PRESETS: &[Preset] = &[
    Preset {
        name: "default",
        help: "the rules text taken literally (seed rules)",
    },
    Preset {
        name: "spanish",
        help: "common Spanish rules",
    },
    Preset {
        name: "glparchis",
        help: "spanish + the three switches that reproduce glparchis",
    },
];

impl Configure for Config {
    const SETTINGS: &'static [Setting] = SETTINGS;
    const PRESETS: &'static [Preset] = PRESETS;

    fn preset(name: &str) -> Result<Config, SettingError> {
        match name {
            "default" | "seed" => Ok(Config::default()),
            "spanish" => Ok(Config::spanish(4)),
            "glparchis" => Ok(Config::glparchis(4)),
            _ => Err(unknown_preset::<Config>(name)),
        }
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), SettingError> {
        match key {
            "players" => {
                let players: usize = parse_value(key, value, "2..=4")?;
                if !(2..=4).contains(&players) {
                    return Err(SettingError::BadValue {
                        key: key.into(),
                        value: value.into(),
                        expected: "2..=4",
                    });
                }
                self.players = players;
            }
            "colours" | "colors" => {
                if value == "auto" {
                    self.colours = None;
                } else {
                    let set: ColourSet =
                        parse_value(key, value, "auto or 2-4 colour letters like YR")?;
                    if set.len() < 2 {
                        return Err(SettingError::BadValue {
                            key: key.into(),
                            value: value.into(),
                            expected: "auto or 2-4 colour letters like YR",
                        });
                    }
                    // The seat count stays the `players` setting: a different count is a
                    // conflict reported by `validate`, whatever the order of the settings.
                    self.colours = Some(set);
                }
            }
            "turn_order" => self.turn_order = parse_value(key, value, "clockwise|anticlockwise")?,
            "exit_capture" => self.exit_capture = parse_value(key, value, "blocked|full|always")?,
            "barriers" => self.barriers = parse_value(key, value, "safe|everywhere")?,
            "safe_sharing" => self.safe_sharing = parse_value(key, value, "true|false")?,
            "triple_six" => self.triple_six = parse_value(key, value, "six|last")?,
            "exit_barrier_blocks" => {
                self.exit_barrier_blocks = parse_value(key, value, "true|false")?
            }
            "bonus_opens_barrier" => {
                self.bonus_opens_barrier = parse_value(key, value, "true|false")?
            }
            "triple_six_spares_stuck" => {
                self.triple_six_spares_stuck = parse_value(key, value, "true|false")?;
            }
            "optional_bonuses" => self.optional_bonuses = parse_value(key, value, "true|false")?,
            "finish" => self.finish = parse_value(key, value, "first|ranking")?,
            "max_rolls" => self.max_rolls = parse_value(key, value, "0..=4294967295")?,
            _ => return Err(unknown_key::<Config>(key)),
        }
        Ok(())
    }

    fn value(&self, key: &str) -> Option<String> {
        Some(match key {
            "players" => self.players.to_string(),
            "colours" | "colors" => self
                .colours
                .map_or_else(|| "auto".into(), |c| c.to_string()),
            "turn_order" => self.turn_order.to_string(),
            "exit_capture" => self.exit_capture.to_string(),
            "barriers" => self.barriers.to_string(),
            "safe_sharing" => self.safe_sharing.to_string(),
            "triple_six" => self.triple_six.to_string(),
            "exit_barrier_blocks" => self.exit_barrier_blocks.to_string(),
            "bonus_opens_barrier" => self.bonus_opens_barrier.to_string(),
            "triple_six_spares_stuck" => self.triple_six_spares_stuck.to_string(),
            "optional_bonuses" => self.optional_bonuses.to_string(),
            "finish" => self.finish.to_string(),
            "max_rolls" => self.max_rolls.to_string(),
            _ => return None,
        })
    }
}
