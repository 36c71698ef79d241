//! Helpers shared by the integration tests.
#![allow(dead_code, unreachable_pub)]

use boardgame_core::{Die, Game};
use parchis::{Config, Parchis};

/// The state with this notation under `config` (panics with the parser's message).
pub fn at(config: Config, text: &str) -> Parchis {
    Parchis::from_notation(text, &config).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The legal moves as strings, in generation order.
pub fn moves(state: &Parchis) -> Vec<String> {
    state
        .legal_moves_vec()
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// Plays a move given as text (checked).
pub fn play(state: &mut Parchis, mv: &str) {
    let parsed = mv.parse().unwrap_or_else(|e| panic!("{mv}: {e}"));
    state
        .play(parsed)
        .unwrap_or_else(|e| panic!("{mv} in {state}: {e}"));
}

/// Applies a die roll (checked).
pub fn roll(state: &mut Parchis, value: u8) {
    state
        .apply_chance(Die::of(value))
        .unwrap_or_else(|e| panic!("roll {value} in {state}: {e}"));
}
