//! The rules configuration: board, variant, house-rule switches and presets.

use alloc::string::{String, ToString};

use boardgame_core::settings::{
    Preset, Setting, SettingError, parse_value, unknown_key, unknown_preset,
};
use boardgame_core::{Configure, Seat};

use crate::board::Board;

/// Where a thaxed piece goes.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Variant {
    /// Classic THAX: the thaxed piece returns to the supply.
    #[default]
    Classic,
    /// Thax Out: the thaxed piece goes into the pot, which the winner collects.
    ThaxOut,
}

/// Who takes the first turn.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum FirstPlayer {
    /// Both roll both dice; the higher total starts, ties roll again (core's `RollOff`).
    #[default]
    RollOff,
    /// This seat starts; there is no roll-off.
    Seat(Seat),
}

/// How a game stopped by the `max_rolls` guard is scored.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum TurnLimitRule {
    /// A draw.
    #[default]
    Draw,
    /// The side with more covered spaces wins; equal counts draw.
    Score,
}

/// The rules of a Thax game. Every switch is off by default; [`Configure`] sets them by
/// name (`--set take_with_sum=true`) and names the presets.
///
/// ```
/// use boardgame_core::Configure;
/// use thax::{ThaxConfig, Variant};
///
/// let mut config = ThaxConfig::preset("thax-out")?;
/// config.set("supply", "30")?;
/// assert_eq!(config.variant, Variant::ThaxOut);
/// assert_eq!(config.supply, Some(30));
/// assert_eq!(config.value("board").as_deref(), Some("1x3,2x3,3x3,4x3,5x3"));
/// # Ok::<(), boardgame_core::SettingError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct ThaxConfig {
    /// The numbers on each side (both sides alike).
    pub board: Board,
    /// Classic THAX or Thax Out.
    pub variant: Variant,
    /// Roll-off or a fixed first player. Records call it `first`, like the setting
    /// (`first_player`, the older name, is read too).
    #[cfg_attr(feature = "serde", serde(rename = "first", alias = "first_player"))]
    pub first_player: FirstPlayer,
    /// Placing the two dice is all or nothing: no single placement when only one fits.
    pub strict_place_both: bool,
    /// A take may also use the sum: the opponent's `s` to my uncovered `s`.
    pub take_with_sum: bool,
    /// On a half thax (one six, other die `x`) a take `x>x` is also allowed.
    pub half_thax_take: bool,
    /// A player may pass instead of using a roll (a double six must still be thaxed).
    pub voluntary_pass: bool,
    /// Pieces in the game (`None`: unlimited). Placing needs a piece in the supply, and once
    /// `supply − pot < spaces per side` the game ends at once as a dead draw.
    pub supply: Option<u32>,
    /// The most rolls (every throw of the dice, roll-off included) before the game stops.
    pub max_rolls: u32,
    /// How a game stopped by `max_rolls` is scored.
    pub turn_limit: TurnLimitRule,
}

impl Default for ThaxConfig {
    fn default() -> ThaxConfig {
        ThaxConfig {
            board: Board::CLASSIC,
            variant: Variant::Classic,
            first_player: FirstPlayer::RollOff,
            strict_place_both: false,
            take_with_sum: false,
            half_thax_take: false,
            voluntary_pass: false,
            supply: None,
            max_rolls: ThaxConfig::DEFAULT_MAX_ROLLS,
            turn_limit: TurnLimitRule::Draw,
        }
    }
}

impl ThaxConfig {
    /// The default `max_rolls`.
    pub const DEFAULT_MAX_ROLLS: u32 = 1000;
    /// The piece count of the physical game (and of the `thax-out-limited` preset).
    pub const PHYSICAL_SUPPLY: u32 = 30;

    /// Classic THAX on the default board (the default configuration).
    #[must_use]
    pub fn classic() -> ThaxConfig {
        ThaxConfig::default()
    }

    /// Thax Out on the default board, pot not limiting the supply.
    #[must_use]
    pub fn thax_out() -> ThaxConfig {
        ThaxConfig {
            variant: Variant::ThaxOut,
            ..ThaxConfig::default()
        }
    }

    /// This configuration on another board.
    #[must_use]
    pub fn with_board(self, board: Board) -> ThaxConfig {
        ThaxConfig { board, ..self }
    }

    /// Whether the pieces can run out so that nobody can cover a side any more: the
    /// dead-draw rule.
    #[must_use]
    pub fn is_dead(&self, pot: u32) -> bool {
        self.supply
            .is_some_and(|supply| supply.saturating_sub(pot) < u32::from(self.board.spaces()))
    }
}

fn flag(value: bool) -> String {
    value.to_string()
}

impl Configure for ThaxConfig {
    const SETTINGS: &'static [Setting] = &[
        Setting {
            key: "players",
            default: "2",
            values: "2",
            help: "number of players (always 2)",
        },
        Setting {
            key: "board",
            default: "1x3,2x3,3x3,4x3,5x3",
            values: "numbers 1..=10, each as N or NxK (K = 1..=9 spaces), comma-separated",
            help: "the spaces of each side",
        },
        Setting {
            key: "variant",
            default: "classic",
            values: "classic|thax-out",
            help: "where a thaxed piece goes: the supply (classic) or the pot (thax-out)",
        },
        Setting {
            key: "first",
            default: "roll-off",
            values: "roll-off|0|1",
            help: "who starts: decided by a roll-off, or a fixed seat",
        },
        Setting {
            key: "strict_place_both",
            default: "false",
            values: "true|false",
            help: "place both dice or neither (no single placement)",
        },
        Setting {
            key: "take_with_sum",
            default: "false",
            values: "true|false",
            help: "a take may use the sum: opponent's S to my S",
        },
        Setting {
            key: "half_thax_take",
            default: "false",
            values: "true|false",
            help: "a half thax (6 and x) may take x>x",
        },
        Setting {
            key: "voluntary_pass",
            default: "false",
            values: "true|false",
            help: "a player may decline a usable roll (not a double six)",
        },
        Setting {
            key: "supply",
            default: "unlimited",
            values: "unlimited|0..",
            help: "pieces in the game; with a limit, supply - pot < spaces per side is a dead draw",
        },
        Setting {
            key: "max_rolls",
            default: "1000",
            values: "1..",
            help: "rolls (roll-off included) before the game stops with a turn-limit result",
        },
        Setting {
            key: "turn_limit",
            default: "draw",
            values: "draw|score",
            help: "a turn-limit result is a draw, or won by the side with more covered spaces",
        },
    ];

    const PRESETS: &'static [Preset] = &[
        Preset {
            name: "classic",
            help: "Classic THAX: 1-5 three times per side, thaxed pieces to the supply",
        },
        Preset {
            name: "thax-out",
            help: "Thax Out: thaxed pieces go to the pot, the winner's result reports it",
        },
        Preset {
            name: "thax-out-limited",
            help: "Thax Out with the physical 30 pieces: the pot drains the supply (dead draw rule)",
        },
        Preset {
            name: "n-of-n",
            help: "Classic on a board with n spaces numbered n, n = 1..5",
        },
        Preset {
            name: "with-sums",
            help: "Classic on a board with one space each for 1-5 and 7-10",
        },
    ];

    fn preset(name: &str) -> Result<ThaxConfig, SettingError> {
        Ok(match name {
            "classic" => ThaxConfig::classic(),
            "thax-out" => ThaxConfig::thax_out(),
            "thax-out-limited" => ThaxConfig {
                supply: Some(ThaxConfig::PHYSICAL_SUPPLY),
                ..ThaxConfig::thax_out()
            },
            "n-of-n" => ThaxConfig::classic().with_board(Board::N_OF_N),
            "with-sums" => ThaxConfig::classic().with_board(Board::WITH_SUMS),
            _ => return Err(unknown_preset::<ThaxConfig>(name)),
        })
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), SettingError> {
        let bad = |expected| SettingError::BadValue {
            key: key.into(),
            value: value.into(),
            expected,
        };
        match key {
            "players" => {
                if value != "2" {
                    return Err(bad("2"));
                }
            }
            "board" => {
                // The form, and what is wrong with this value.
                self.board = value.parse().map_err(|e: crate::ParseBoardError| {
                    bad(match e.reason {
                        crate::board::NUMBER_RANGE => {
                            "numbers 1..=10, each as N or NxK (K = 1..=9 spaces), comma-separated; here a number is not 1..=10"
                        }
                        crate::board::COPY_COUNT => {
                            "numbers 1..=10, each as N or NxK (K = 1..=9 spaces), comma-separated; here a copy count K is not a positive integer"
                        }
                        crate::board::TOO_MANY_COPIES => {
                            "numbers 1..=10, each as N or NxK (K = 1..=9 spaces), comma-separated; here a number has more than 9 spaces"
                        }
                        crate::board::NO_SPACE => {
                            "numbers 1..=10, each as N or NxK (K = 1..=9 spaces), comma-separated; here the side has no space"
                        }
                        _ => "numbers 1..=10, each as N or NxK (K = 1..=9 spaces), comma-separated",
                    })
                })?
            }
            "variant" => {
                self.variant = match value {
                    "classic" => Variant::Classic,
                    "thax-out" => Variant::ThaxOut,
                    _ => return Err(bad("classic|thax-out")),
                }
            }
            "first" => {
                self.first_player = match value {
                    "roll-off" => FirstPlayer::RollOff,
                    "0" => FirstPlayer::Seat(Seat::new(0)),
                    "1" => FirstPlayer::Seat(Seat::new(1)),
                    _ => return Err(bad("roll-off|0|1")),
                }
            }
            "strict_place_both" => self.strict_place_both = parse_value(key, value, "true|false")?,
            "take_with_sum" => self.take_with_sum = parse_value(key, value, "true|false")?,
            "half_thax_take" => self.half_thax_take = parse_value(key, value, "true|false")?,
            "voluntary_pass" => self.voluntary_pass = parse_value(key, value, "true|false")?,
            "supply" => {
                self.supply = match value {
                    "unlimited" => None,
                    _ => Some(parse_value(key, value, "unlimited|0..")?),
                }
            }
            "max_rolls" => {
                let max_rolls = parse_value::<u32>(key, value, "1..")?;
                if max_rolls == 0 {
                    return Err(bad("1.."));
                }
                self.max_rolls = max_rolls;
            }
            "turn_limit" => {
                self.turn_limit = match value {
                    "draw" => TurnLimitRule::Draw,
                    "score" => TurnLimitRule::Score,
                    _ => return Err(bad("draw|score")),
                }
            }
            _ => return Err(unknown_key::<ThaxConfig>(key)),
        }
        Ok(())
    }

    fn value(&self, key: &str) -> Option<String> {
        Some(match key {
            "players" => "2".into(),
            "board" => self.board.to_string(),
            "variant" => match self.variant {
                Variant::Classic => "classic".into(),
                Variant::ThaxOut => "thax-out".into(),
            },
            "first" => match self.first_player {
                FirstPlayer::RollOff => "roll-off".into(),
                FirstPlayer::Seat(seat) => seat.to_string(),
            },
            "strict_place_both" => flag(self.strict_place_both),
            "take_with_sum" => flag(self.take_with_sum),
            "half_thax_take" => flag(self.half_thax_take),
            "voluntary_pass" => flag(self.voluntary_pass),
            "supply" => self
                .supply
                .map_or_else(|| "unlimited".into(), |n| n.to_string()),
            "max_rolls" => self.max_rolls.to_string(),
            "turn_limit" => match self.turn_limit {
                TurnLimitRule::Draw => "draw".into(),
                TurnLimitRule::Score => "score".into(),
            },
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_setting_reads_back_what_was_set() {
        let cases = [
            ("board", "1,2x2,3x3,4x4,5x5"),
            ("variant", "thax-out"),
            ("first", "1"),
            ("strict_place_both", "true"),
            ("take_with_sum", "true"),
            ("half_thax_take", "true"),
            ("voluntary_pass", "true"),
            ("supply", "30"),
            ("max_rolls", "50"),
            ("turn_limit", "score"),
            ("players", "2"),
        ];
        for (key, value) in cases {
            let mut config = ThaxConfig::default();
            config.set(key, value).unwrap();
            assert_eq!(config.value(key).as_deref(), Some(value), "{key}");
        }
        boardgame_core::testkit::check_settings::<ThaxConfig>();
    }

    #[test]
    fn bad_settings_are_refused() {
        let mut config = ThaxConfig::default();
        assert!(config.set("players", "3").is_err());
        assert!(config.set("max_rolls", "0").is_err());
        assert!(config.set("first", "2").is_err());
        assert!(config.set("board", "6x10").is_err());
        assert!(matches!(
            config.set("nope", "1"),
            Err(SettingError::UnknownKey { .. })
        ));
        assert!(matches!(
            ThaxConfig::preset("nope"),
            Err(SettingError::UnknownPreset { .. })
        ));
        assert_eq!(config, ThaxConfig::default());
    }

    #[test]
    fn board_errors_state_the_nine_space_limit() {
        let error = ThaxConfig::default().set("board", "5x10").unwrap_err();
        assert!(error.to_string().contains("K = 1..=9"), "{error}");
        // Issue 44, cosmetic: the message says what is wrong with this value too.
        for (board, says) in [
            ("5x10", "more than 9 spaces"),
            ("5x5,5x5", "more than 9 spaces"),
            ("11", "a number is not 1..=10"),
            ("3x0", "copy count K is not a positive integer"),
        ] {
            let error = ThaxConfig::default().set("board", board).unwrap_err();
            assert!(error.to_string().contains(says), "{board}: {error}");
        }
    }

    #[cfg(feature = "serde")]
    #[test]
    fn records_name_the_first_player_like_the_setting() {
        let mut config = ThaxConfig::default();
        config.set("first", "1").unwrap();
        let json = serde_json::to_value(config).unwrap();
        assert!(json.get("first").is_some() && json.get("first_player").is_none());
        // Records written before the rename still read.
        let mut old = json.as_object().unwrap().clone();
        let value = old.remove("first").unwrap();
        old.insert("first_player".into(), value);
        let read: ThaxConfig = serde_json::from_value(old.into()).unwrap();
        assert_eq!(read, config);
    }

    #[test]
    fn first_preset_is_the_default() {
        assert_eq!(
            ThaxConfig::preset(ThaxConfig::PRESETS[0].name),
            Ok(ThaxConfig::default())
        );
        for preset in ThaxConfig::PRESETS {
            assert!(ThaxConfig::preset(preset.name).is_ok());
        }
    }
}
