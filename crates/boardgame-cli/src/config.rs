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
    /// The configuration: the preset (or the default), then `--players`, then each `--set`.
    pub(crate) fn build<C: Configure>(&self) -> Result<C, CliError> {
        let mut config = match &self.preset {
            Some(name) => C::preset(name).map_err(usage)?,
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
