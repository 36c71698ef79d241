//! Hostile input: what a user can type or load that sits at the edge of the rules' counters.
//!
//! A position's notation may carry a roll count and a pot up to `u32::MAX`, and `max_rolls` may
//! be `u32::MAX`. The roll guard (`max_rolls` ≥ 1 in every configuration) ends the game before
//! the count could wrap, and the parser refuses the counts no game can reach.

use boardgame_core::Game;
use boardgame_core::driver::{UniformRandom, play_out, rng_from_seed};
use thax::Thax;

use crate::common::{config, pos_with, rolled};

#[test]
fn the_largest_guard_ends_the_game_when_the_count_reaches_it() {
    let largest = config(&[("max_rolls", "4294967295")]);
    let state = pos_with(&largest, "00000/00000 r0 0 4294967294");
    let mut state = rolled(state, 2, 3);
    assert_eq!(state.rolls(), u32::MAX);
    let finish = play_out(&mut state, &mut UniformRandom, &mut rng_from_seed(3), 100);
    assert_eq!(finish.rolls, 0, "the guard allows no throw past u32::MAX");
    assert!(state.is_terminal() && state.outcome().is_some(), "{state}");
    assert_eq!(state.rolls(), u32::MAX);
}

#[test]
fn counts_no_game_can_reach_are_refused_by_the_parser() {
    let largest = config(&[("max_rolls", "4294967295"), ("variant", "thax-out")]);
    for text in [
        // A throw at the guard: the game is already over.
        "00000/00000 r0 0 4294967295",
        // More pieces in the pot than double sixes thrown.
        "00000/00000 r0 4294967295 7",
    ] {
        assert!(
            Thax::from_notation(text, &largest).is_err(),
            "{text} is not a reachable position"
        );
    }
    // Beyond u32: not a count at all.
    assert!(Thax::from_notation("00000/00000 r0 0 4294967296", &largest).is_err());
}
