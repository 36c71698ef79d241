//! Building a game's configuration from `--preset`, `--players` and `--set KEY=VALUE`.

use boardgame_core::Configure;
use boardgame_core::settings::{SettingError, configure, default_preset};
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
        default_preset::<C>().unwrap_or("default").to_owned()
    }

    /// Whether the number of players is given, by `--players` or by `--set players=N`.
    pub(crate) fn gives_players(&self) -> bool {
        self.players.is_some() || self.set_keys().any(|key| key == "players")
    }

    /// The keys of the `--set KEY=VALUE` options (trimmed), in order.
    pub(crate) fn set_keys(&self) -> impl Iterator<Item = &str> {
        self.settings
            .iter()
            .filter_map(|setting| setting.split_once('=').map(|(key, _)| key.trim()))
    }

    /// The configuration: the preset (or the default), then `--players`, then each `--set`.
    pub(crate) fn build<C: Configure>(&self) -> Result<C, CliError> {
        let players = self.players.map(|n| n.to_string());
        let mut settings = Vec::new();
        if let Some(players) = &players {
            settings.push(("players", players.as_str()));
        }
        for setting in &self.settings {
            let (key, value) = setting.split_once('=').ok_or_else(|| {
                CliError::Usage(format!(
                    "--set expects KEY=VALUE, got {}",
                    boardgame_io::quote(setting)
                ))
            })?;
            if key.trim() == "players"
                && let Some(players) = self.players
            {
                return Err(CliError::Usage(format!(
                    "--players {players} and --set {}: give the number of players once",
                    setting.trim()
                )));
            }
            settings.push((key.trim(), value.trim()));
        }
        configure(self.preset.as_deref(), settings).map_err(|e| match e {
            SettingError::UnknownPreset { .. } => {
                let default = default_preset::<C>()
                    .map_or_else(String::new, |d| format!(" (the default is `{d}`)"));
                usage(format!("{e}{default}"))
            }
            other => usage(other),
        })
    }
}

/// Every setting of `config`, by key.
pub(crate) fn settings_of<C: Configure>(config: &C) -> std::collections::BTreeMap<String, String> {
    C::SETTINGS
        .iter()
        .filter_map(|s| Some((s.key.to_string(), config.value(s.key)?)))
        .collect()
}
