//! `boardgame rules`: the rule switches and presets of a game.

use boardgame_core::Configure;

use crate::error::CliError;
use crate::games::{CliGame, GameKind, with_game};

/// Prints the settings and presets of `kind`.
pub(crate) fn run(kind: GameKind) -> Result<(), CliError> {
    with_game!(kind, G => print_rules::<G>());
    Ok(())
}

fn print_rules<G: CliGame>() {
    println!("{} rule switches (use --set KEY=VALUE):", G::KIND.name());
    let settings = <G::Config as Configure>::SETTINGS;
    let key_width = settings.iter().map(|s| s.key.len()).max().unwrap_or(0);
    let default_width = settings.iter().map(|s| s.default.len()).max().unwrap_or(0);
    let values_width = settings.iter().map(|s| s.values.len()).max().unwrap_or(0);
    println!(
        "  {:<key_width$}  {:<default_width$}  {:<values_width$}  meaning",
        "key", "default", "values"
    );
    for setting in settings {
        println!(
            "  {:<key_width$}  {:<default_width$}  {:<values_width$}  {}",
            setting.key, setting.default, setting.values, setting.help
        );
    }
    println!("presets (use --preset NAME):");
    let presets = <G::Config as Configure>::PRESETS;
    let name_width = presets.iter().map(|p| p.name.len()).max().unwrap_or(0);
    for preset in presets {
        println!("  {:<name_width$}  {}", preset.name, preset.help);
    }
}
