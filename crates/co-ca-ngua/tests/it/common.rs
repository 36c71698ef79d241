//! Helpers shared by the test modules.
#![allow(dead_code, unreachable_pub, reason = "each module uses a subset")]

use boardgame_core::{Configure, Game};
use co_ca_ngua::{CoCaNgua, Config, Move, Roll};

/// `base` with `settings` applied (panics on a bad setting).
pub fn configured(mut base: Config, settings: &[(&str, &str)]) -> Config {
    for (key, value) in settings {
        base.set(key, value)
            .unwrap_or_else(|e| panic!("{key}={value}: {e}"));
    }
    base
}

/// The state with this notation under `config` (panics with the parser's message).
pub fn at(text: &str, config: &Config) -> CoCaNgua {
    CoCaNgua::from_notation(text, config).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The legal moves as strings, in generation order.
pub fn moves(state: &CoCaNgua) -> Vec<String> {
    state
        .legal_moves_vec()
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// Applies a die roll (checked).
pub fn roll(state: &mut CoCaNgua, value: u8) {
    state
        .apply_chance(Roll::die(value))
        .unwrap_or_else(|e| panic!("roll {value} in {state}: {e}"));
}

/// Plays a move given as text (checked), naming the legal moves if it is refused.
pub fn play(state: &mut CoCaNgua, text: &str) {
    let mv: Move = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
    state
        .play(mv)
        .unwrap_or_else(|e| panic!("{text} in {state}: {e}; legal {:?}", moves(state)));
}
