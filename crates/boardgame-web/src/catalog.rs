//! The games on offer, with their seat counts, presets, settings and suitable bots.

use boardgame_core::Configure;
use serde_json::{Value, json};

use crate::games::WebGame;

/// The games' names, in the order the catalog lists them.
pub const GAMES: [&str; 4] = ["ataxx", "thax", "parchis", "co-ca-ngua"];

fn entry<G: WebGame>() -> Value {
    let presets: Vec<Value> = <G::Config as Configure>::PRESETS
        .iter()
        .map(|p| json!({"name": p.name, "help": p.help}))
        .collect();
    let settings: Vec<Value> = <G::Config as Configure>::SETTINGS
        .iter()
        .map(|s| json!({"key": s.key, "default": s.default, "values": s.values, "help": s.help}))
        .collect();
    json!({
        "game": G::NAME,
        "seats": {"min": G::MIN_SEATS, "max": G::MAX_SEATS},
        "presets": presets,
        "settings": settings,
        "bots": G::BOTS.iter().map(|b| b.spec).collect::<Vec<_>>(),
        "botNames": G::BOTS.iter().map(|b| b.name).collect::<Vec<_>>(),
        "defaultBot": G::DEFAULT_BOT,
    })
}

/// Every game as JSON: `[{game, seats: {min, max}, presets: [{name, help}], settings: [{key,
/// default, values, help}], bots: [spec], botNames: [name], defaultBot: spec}]` (`botNames[i]`
/// is what the menu calls `bots[i]`).
#[must_use]
pub fn catalog() -> String {
    json!([
        entry::<ataxx::Ataxx>(),
        entry::<thax::Thax>(),
        entry::<parchis::Parchis>(),
        entry::<co_ca_ngua::CoCaNgua>(),
    ])
    .to_string()
}
