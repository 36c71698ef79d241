//! `boardgame rules`: the rule switches and presets of a game.

use boardgame_core::Configure;
use boardgame_core::settings::Setting;

use crate::error::{CliError, print_line};
use crate::games::{CliGame, GameKind, with_game};

/// Prints the settings and presets of `kind`.
pub(crate) fn run(kind: GameKind) -> Result<(), CliError> {
    print_line(with_game!(kind, G => rules_text::<G>()).trim_end())
}

/// The table of settings and presets.
fn rules_text<G: CliGame>() -> String {
    let mut text = String::new();
    let mut push = |line: String| {
        text.push_str(line.trim_end());
        text.push('\n');
    };
    push(format!(
        "{} rule switches (use --set KEY=VALUE):",
        G::KIND.name()
    ));
    let settings = <G::Config as Configure>::SETTINGS;
    // Each column as wide as its widest cell, the header included.
    let width = |header: &str, cell: fn(&Setting) -> &str| {
        settings
            .iter()
            .map(|s| cell(s).chars().count())
            .chain([header.len()])
            .max()
            .unwrap_or(0)
    };
    let key_width = width("key", |s| s.key);
    let default_width = width("default", |s| s.default);
    let values_width = width("values", |s| s.values);
    push(format!(
        "  {:<key_width$}  {:<default_width$}  {:<values_width$}  meaning",
        "key", "default", "values"
    ));
    for setting in settings {
        push(format!(
            "  {:<key_width$}  {:<default_width$}  {:<values_width$}  {}",
            setting.key, setting.default, setting.values, setting.help
        ));
    }
    push("presets (use --preset NAME):".into());
    let presets = <G::Config as Configure>::PRESETS;
    let name_width = presets.iter().map(|p| p.name.len()).max().unwrap_or(0);
    for preset in presets {
        push(format!("  {:<name_width$}  {}", preset.name, preset.help));
    }
    text
}
