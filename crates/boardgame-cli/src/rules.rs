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
    let width = <G::Config as Configure>::SETTINGS
        .iter()
        .map(|s| s.key.len())
        .max()
        .unwrap_or(0);
    for setting in <G::Config as Configure>::SETTINGS {
        println!(
            "  {:<width$}  default {:<8} values {:<16} {}",
            setting.key, setting.default, setting.values, setting.help
        );
    }
    println!("presets (use --preset NAME):");
    for preset in <G::Config as Configure>::PRESETS {
        println!("  {:<12} {}", preset.name, preset.help);
    }
}
