//! Helpers shared by the integration tests.
#![allow(dead_code, unreachable_pub, reason = "each test file uses a subset")]

use boardgame_core::{Configure, DicePair, Game, Seat};
use thax::{Thax, ThaxConfig};

pub fn config(settings: &[(&str, &str)]) -> ThaxConfig {
    let mut config = ThaxConfig::default();
    for (key, value) in settings {
        config.set(key, value).unwrap();
    }
    config
}

pub fn pos(text: &str) -> Thax {
    pos_with(&ThaxConfig::default(), text)
}

pub fn pos_with(config: &ThaxConfig, text: &str) -> Thax {
    Thax::from_notation(text, config).unwrap_or_else(|e| panic!("{text}: {e}"))
}

pub fn rolled(mut state: Thax, a: u8, b: u8) -> Thax {
    state.apply_chance(DicePair::of(a, b)).unwrap();
    state
}

pub fn moves(state: &Thax) -> Vec<String> {
    state
        .legal_moves_vec()
        .iter()
        .map(ToString::to_string)
        .collect()
}

pub fn play(state: &mut Thax, mv: &str) {
    state
        .play(mv.parse().unwrap())
        .unwrap_or_else(|e| panic!("{mv} in {state}: {e}"));
}

pub const S0: Seat = Seat::new(0);
pub const S1: Seat = Seat::new(1);
