//! Building a game's configuration from `--preset`, `--players` and `--set KEY=VALUE`.

use boardgame_core::Configure;
use clap::Args;

use crate::error::{CliError, usage};

/// The rule options shared by `simulate` and `play`.
#[derive(Debug, Clone, Default, Args)]
pub(crate) struct RuleArgs {
    /// Number of players (the setting `players`).
    #[arg(long)]
    pub(crate) players: Option<usize>,
    /// A named preset of the game's rules (see `boardgame rules <game>`).
    #[arg(long)]
    pub(crate) preset: Option<String>,
    /// Set one rule switch, KEY=VALUE (repeatable; see `boardgame rules <game>`).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub(crate) settings: Vec<String>,
}

impl RuleArgs {
    /// The name of the preset the configuration starts from: `--preset`, or else the
    /// preset equal to the game's default (`classic` for Thax, `default` for the others).
    pub(crate) fn preset_name<C: Configure>(&self) -> String {
        if let Some(name) = &self.preset {
            return name.clone();
        }
        default_preset_name::<C>().unwrap_or("default").to_owned()
    }

    /// The configuration: the preset (or the default), then `--players`, then each `--set`.
    pub(crate) fn build<C: Configure>(&self) -> Result<C, CliError> {
        let mut config = match &self.preset {
            Some(name) => C::preset(name).map_err(|e| {
                let default = default_preset_name::<C>()
                    .map_or_else(String::new, |d| format!(" (the default is `{d}`)"));
                usage(format!("{e}{default}"))
            })?,
            None => C::default(),
        };
        if let Some(players) = self.players {
            config.set("players", &players.to_string()).map_err(usage)?;
        }
        for setting in &self.settings {
            let (key, value) = setting.split_once('=').ok_or_else(|| {
                CliError::Usage(format!("--set expects KEY=VALUE, got {setting:?}"))
            })?;
            config.set(key.trim(), value.trim()).map_err(usage)?;
        }
        Ok(config)
    }
}

/// The preset whose every setting equals the default configuration's, if any.
fn default_preset_name<C: Configure>() -> Option<&'static str> {
    let default = C::default();
    C::PRESETS.iter().map(|p| p.name).find(|&name| {
        C::preset(name).is_ok_and(|preset| {
            C::SETTINGS
                .iter()
                .all(|s| preset.value(s.key) == default.value(s.key))
        })
    })
}

/// Every setting of `config`, by key.
pub(crate) fn settings_of<C: Configure>(config: &C) -> std::collections::BTreeMap<String, String> {
    C::SETTINGS
        .iter()
        .filter_map(|s| Some((s.key.to_string(), config.value(s.key)?)))
        .collect()
}
