//! The rules configuration and its named settings.

use alloc::string::{String, ToString};

use boardgame_core::settings::{
    Configure, Preset, Setting, SettingError, parse_value, unknown_key, unknown_preset,
};

/// Ataxx rule switches. Two players always.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct AtaxxConfig {
    /// The 100-ply rule: the game is drawn when the half-move clock reaches 100 (setting
    /// `ply_clock`, default `true`). Off, nothing bounds the game's length.
    pub ply_clock: bool,
}

impl AtaxxConfig {
    /// The default rules: the 100-ply clock is on.
    pub const STANDARD: AtaxxConfig = AtaxxConfig { ply_clock: true };
    /// The 100-ply clock turned off.
    pub const NO_CLOCK: AtaxxConfig = AtaxxConfig { ply_clock: false };
    /// The half-move clock value that ends the game (when `ply_clock` is on).
    pub const CLOCK_LIMIT: u16 = 100;
}

impl Default for AtaxxConfig {
    fn default() -> Self {
        AtaxxConfig::STANDARD
    }
}

impl Configure for AtaxxConfig {
    const SETTINGS: &'static [Setting] = &[
        Setting {
            key: "players",
            default: "2",
            values: "2",
            help: "number of players (always 2)",
        },
        Setting {
            key: "ply_clock",
            default: "true",
            values: "true|false",
            help: "draw when the half-move clock reaches 100 (100 plies without a clone)",
        },
    ];
    const PRESETS: &'static [Preset] = &[
        Preset {
            name: "default",
            help: "standard Ataxx with the 100-ply clock",
        },
        Preset {
            name: "no-clock",
            help: "standard Ataxx without the 100-ply clock",
        },
    ];

    fn preset(name: &str) -> Result<Self, SettingError> {
        match name {
            "default" => Ok(AtaxxConfig::STANDARD),
            "no-clock" => Ok(AtaxxConfig::NO_CLOCK),
            _ => Err(unknown_preset::<Self>(name)),
        }
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), SettingError> {
        match key {
            "players" => {
                let players: u8 = parse_value(key, value, "2")?;
                if players != 2 {
                    return Err(SettingError::BadValue {
                        key: key.into(),
                        value: value.into(),
                        expected: "2",
                    });
                }
            }
            "ply_clock" => self.ply_clock = parse_value(key, value, "true|false")?,
            _ => return Err(unknown_key::<Self>(key)),
        }
        Ok(())
    }

    fn value(&self, key: &str) -> Option<String> {
        match key {
            "players" => Some("2".into()),
            "ply_clock" => Some(self.ply_clock.to_string()),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_and_settings_round_trip_by_name() {
        let mut config = AtaxxConfig::preset("default").unwrap();
        assert_eq!(config, AtaxxConfig::default());
        config.set("ply_clock", "false").unwrap();
        assert_eq!(config, AtaxxConfig::preset("no-clock").unwrap());
        assert_eq!(config.value("ply_clock").as_deref(), Some("false"));
        assert_eq!(config.value("players").as_deref(), Some("2"));
        boardgame_core::testkit::check_settings::<AtaxxConfig>();
    }

    #[test]
    fn bad_settings_are_refused() {
        let mut config = AtaxxConfig::default();
        assert!(matches!(
            config.set("players", "3"),
            Err(SettingError::BadValue { .. })
        ));
        assert!(matches!(
            config.set("ply_clock", "maybe"),
            Err(SettingError::BadValue { .. })
        ));
        assert!(matches!(
            config.set("size", "9"),
            Err(SettingError::UnknownKey { .. })
        ));
        assert!(matches!(
            AtaxxConfig::preset("blitz"),
            Err(SettingError::UnknownPreset { .. })
        ));
        assert_eq!(config, AtaxxConfig::default());
    }
}
