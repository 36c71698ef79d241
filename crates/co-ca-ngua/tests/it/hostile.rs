//! Hostile input: what a user can type or load that sits at the edge of the rules' counters.
//!
//! A state's notation may carry any roll count up to `u32::MAX` (`n4294967295`), and
//! `max_rolls` may be 0 (no guard) or `u32::MAX`. No roll may then panic or wrap the count.

use boardgame_core::driver::{UniformRandom, play_out, rng_from_seed};
use boardgame_core::{Configure, Game, Turn};
use co_ca_ngua::{CoCaNgua, Config};

use crate::common::{at, configured, roll};

/// The preset `preset` for four with the length guard set to `max_rolls`.
fn guarded(preset: &str, max_rolls: &str) -> Config {
    configured(
        Config::preset(preset).expect("a preset"),
        &[("players", "4"), ("max_rolls", max_rolls)],
    )
}

/// `state`'s notation with the roll count replaced by `rolls`, read back under `config`.
fn with_rolls(state: &CoCaNgua, config: &Config, rolls: u32) -> CoCaNgua {
    let text = state.to_string();
    let (rest, _) = text
        .rsplit_once(" n")
        .expect("the last field is the roll count");
    at(&format!("{rest} n{rolls}"), config)
}

/// A state where a seat rolls (after the roll-off).
fn at_a_roll(config: &Config) -> CoCaNgua {
    let mut state = CoCaNgua::new(*config).expect("playable");
    while state.roll_off().is_some() {
        let value = 1 + state.rolls() as u8 % 6;
        roll(&mut state, value);
    }
    assert_eq!(state.turn(), Turn::Chance, "{state}");
    state
}

#[test]
fn without_a_guard_a_roll_at_the_largest_count_keeps_the_count() {
    for preset in ["default", "traditional"] {
        let config = guarded(preset, "0");
        let mut state = with_rolls(&at_a_roll(&config), &config, u32::MAX);
        roll(&mut state, 3);
        assert_eq!(
            state.rolls(),
            u32::MAX,
            "{preset}: the count stays at its largest"
        );
        assert!(matches!(state.turn(), Turn::Player(_)), "{preset}: {state}");
    }
}

#[test]
fn without_a_guard_a_roll_off_roll_at_the_largest_count_keeps_the_count() {
    let config = guarded("default", "0");
    let start = CoCaNgua::new(config).expect("playable");
    let mut state = with_rolls(&start, &config, u32::MAX);
    roll(&mut state, 4);
    assert_eq!(state.rolls(), u32::MAX);
    assert_eq!(state.turn(), Turn::Chance, "the roll-off goes on: {state}");
}

#[test]
fn without_a_guard_a_game_played_on_from_near_the_largest_count_never_wraps() {
    for preset in ["default", "traditional"] {
        let config = guarded(preset, "0");
        let start = with_rolls(&at_a_roll(&config), &config, u32::MAX - 3);
        for seed in 0..20 {
            let mut state = start.clone();
            let finish = play_out(
                &mut state,
                &mut UniformRandom,
                &mut rng_from_seed(seed),
                400,
            );
            assert!(
                finish.rolls > 3,
                "{preset}, seed {seed}: past the largest count"
            );
            assert_eq!(state.rolls(), u32::MAX, "{preset}, seed {seed}");
            // The state still reads back: the count did not wrap to a small number.
            assert_eq!(
                at(&state.to_string(), &config),
                state,
                "{preset}, seed {seed}"
            );
        }
    }
}

#[test]
fn the_largest_guard_ends_the_game_when_the_count_reaches_it() {
    let config = guarded("default", "4294967295");
    let mut state = with_rolls(&at_a_roll(&config), &config, u32::MAX - 1);
    roll(&mut state, 3);
    assert_eq!(state.rolls(), u32::MAX);
    let finish = play_out(&mut state, &mut UniformRandom, &mut rng_from_seed(1), 100);
    assert_eq!(finish.rolls, 0, "the guard allows no roll past u32::MAX");
    assert!(state.is_terminal() && state.outcome().is_some(), "{state}");
    assert_eq!(state.rolls(), u32::MAX);
}
