//! Named rule switches and presets, so that front ends (the `boardgame` command, servers,
//! experiment scripts) can configure any game the same way: `--preset spanish`,
//! `--set players=3`.

use alloc::string::String;

/// One rule switch of a game's configuration.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Setting {
    /// The key, lowercase with underscores (`max_rolls`).
    pub key: &'static str,
    /// The default value, as text.
    pub default: &'static str,
    /// The accepted values (`true|false`, `2..=4`, `blocked|full|always`).
    pub values: &'static str,
    /// One line saying what it does.
    pub help: &'static str,
}

/// A named preset of a game's configuration.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Preset {
    /// The name used on the command line (`spanish`).
    pub name: &'static str,
    /// One line saying what it is.
    pub help: &'static str,
}

/// A setting could not be applied.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SettingError {
    /// No setting has this key.
    #[error("unknown setting {}; valid settings: {valid}", boardgame_io::quote(.key))]
    UnknownKey {
        /// The key given.
        key: String,
        /// The valid keys, comma-separated.
        valid: String,
    },
    /// The value is not accepted for this key.
    #[error("invalid value {} for {key}: expected {expected}", boardgame_io::quote(.value))]
    BadValue {
        /// The key.
        key: String,
        /// The value given.
        value: String,
        /// What the key accepts.
        expected: &'static str,
    },
    /// No preset has this name.
    #[error("unknown preset {}; valid presets: {valid}", boardgame_io::quote(.name))]
    UnknownPreset {
        /// The name given.
        name: String,
        /// The valid names, comma-separated.
        valid: String,
    },
}

/// A game configuration that can be set key by key from text.
///
/// Every game's `Config` implements it; the seat count is always the setting `players`.
pub trait Configure: Sized + Default {
    /// Every setting, in the order to list them.
    const SETTINGS: &'static [Setting];
    /// Every preset; the first is the default configuration.
    const PRESETS: &'static [Preset];

    /// The configuration of a preset.
    ///
    /// # Errors
    /// [`SettingError::UnknownPreset`] listing the valid names.
    fn preset(name: &str) -> Result<Self, SettingError>;

    /// Sets `key` to `value`.
    ///
    /// # Errors
    /// [`SettingError::UnknownKey`] listing the valid keys, or [`SettingError::BadValue`].
    fn set(&mut self, key: &str, value: &str) -> Result<(), SettingError>;

    /// The current value of `key` as text, or `None` for an unknown key.
    fn value(&self, key: &str) -> Option<String>;
}

/// The error for an unknown key of `C`, listing `C::SETTINGS`.
#[must_use]
pub fn unknown_key<C: Configure>(key: &str) -> SettingError {
    SettingError::UnknownKey {
        key: key.into(),
        valid: join(C::SETTINGS.iter().map(|s| s.key)),
    }
}

/// The error for an unknown preset of `C`, listing `C::PRESETS`.
#[must_use]
pub fn unknown_preset<C: Configure>(name: &str) -> SettingError {
    SettingError::UnknownPreset {
        name: name.into(),
        valid: join(C::PRESETS.iter().map(|p| p.name)),
    }
}

/// Parses `value` for the setting `key`, with [`SettingError::BadValue`] naming `expected`.
///
/// # Errors
/// [`SettingError::BadValue`] if `value` does not parse as `T`.
pub fn parse_value<T: core::str::FromStr>(
    key: &str,
    value: &str,
    expected: &'static str,
) -> Result<T, SettingError> {
    value.parse().map_err(|_| SettingError::BadValue {
        key: key.into(),
        value: value.into(),
        expected,
    })
}

fn join<'a>(items: impl Iterator<Item = &'a str>) -> String {
    let mut out = String::new();
    for (i, item) in items.enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push_str(item);
    }
    out
}

/// The configuration a front end asks for: the preset `preset` (or the default configuration
/// for `None`), then each `(key, value)` of `settings` in order.
///
/// # Errors
/// The first [`SettingError`]: an unknown preset or key, or a bad value.
pub fn configure<'a, C: Configure>(
    preset: Option<&str>,
    settings: impl IntoIterator<Item = (&'a str, &'a str)>,
) -> Result<C, SettingError> {
    let mut config = match preset {
        Some(name) => C::preset(name)?,
        None => C::default(),
    };
    for (key, value) in settings {
        config.set(key, value)?;
    }
    Ok(config)
}

/// The name of the preset whose every setting equals the default configuration's, if any
/// (`classic` for Thax, `seed` or `default` for the others).
#[must_use]
pub fn default_preset<C: Configure>() -> Option<&'static str> {
    let default = C::default();
    C::PRESETS.iter().map(|p| p.name).find(|&name| {
        C::preset(name).is_ok_and(|preset| {
            C::SETTINGS
                .iter()
                .all(|s| preset.value(s.key) == default.value(s.key))
        })
    })
}
