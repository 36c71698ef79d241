//! The core conformance kit over seeded random games, for every preset and switch shipped,
//! and chance perft with the exact probability-mass check.

use crate::common;

use boardgame_core::perft::{chance_perft, perft};
use boardgame_core::testkit::Checker;
use boardgame_core::{Configure, Game};
use common::config;
use thax::{Thax, ThaxConfig};

/// Games per preset or switch combination in the default run (about 15 s of CPU in all); the
/// ignored runs below and `boardgame check thax --games N` go further.
const SEEDS: u64 = 1000;

fn check(config: ThaxConfig) {
    run(Checker::<Thax>::new(config)
        .seeds(0..SEEDS)
        .max_plies(100_000));
}

/// Also round-trips every record and some states through JSON (slower, so not every combination).
fn check_with_serde(config: ThaxConfig) {
    let checker = Checker::<Thax>::new(config)
        .seeds(0..SEEDS)
        .max_plies(100_000);
    #[cfg(feature = "serde")]
    let checker = checker
        .record_round_trip(|r| serde_json::from_str(&serde_json::to_string(r).unwrap()).unwrap())
        .state_round_trip(|s| serde_json::from_str(&serde_json::to_string(s).unwrap()).unwrap());
    run(checker);
}

fn run(checker: Checker<Thax>) {
    run_games(checker, SEEDS);
}

fn run_games(checker: Checker<Thax>, games: u64) {
    let report = checker.run();
    assert_eq!(report.finished, games);
    assert_eq!(report.truncated, 0, "the max_rolls guard ends every game");
    assert_eq!(report.finished, report.games);
}

fn preset(name: &str) -> ThaxConfig {
    ThaxConfig::preset(name).unwrap()
}

#[test]
fn testkit_classic() {
    check_with_serde(preset("classic"));
}

#[test]
fn testkit_thax_out() {
    check(preset("thax-out"));
}

#[test]
fn testkit_thax_out_limited_supply() {
    check_with_serde(preset("thax-out-limited"));
}

#[test]
fn testkit_n_of_n_board() {
    check(preset("n-of-n"));
}

#[test]
fn testkit_with_sums_board() {
    check(preset("with-sums"));
}

#[test]
fn testkit_strict_place_both() {
    check(config(&[("strict_place_both", "true")]));
}

#[test]
fn testkit_take_with_sum_on_with_sums_board() {
    check(config(&[
        ("board", "1,2,3,4,5,7,8,9,10"),
        ("take_with_sum", "true"),
    ]));
}

#[test]
fn testkit_half_thax_take() {
    check(config(&[("half_thax_take", "true")]));
}

#[test]
fn testkit_voluntary_pass() {
    check(config(&[("voluntary_pass", "true")]));
}

#[test]
fn testkit_fixed_first_player_and_scored_turn_limit() {
    // A small guard so that the turn limit is actually reached in many games.
    check(config(&[
        ("first", "1"),
        ("max_rolls", "30"),
        ("turn_limit", "score"),
    ]));
}

#[test]
fn testkit_every_switch_on_thax_out_limited() {
    let mut all = preset("thax-out-limited");
    for (key, value) in [
        ("strict_place_both", "true"),
        ("take_with_sum", "true"),
        ("half_thax_take", "true"),
        ("voluntary_pass", "true"),
        ("board", "1,2x2,3x3,4x4,5x5"),
    ] {
        all.set(key, value).unwrap();
    }
    check(all);
}

#[test]
fn perft_two_plies_from_a_fixed_start_counts_27_decisions() {
    // Seat 0 throws on an empty board: 6-6 → pass (1); 6-x → place x (5); ten mixed pairs of
    // 1..5 → place a b, plus sum for 1-2, 1-3, 1-4, 2-3 (14); doubles → place a a, plus sum for
    // 1-1 and 2-2 (7). 1 + 5 + 14 + 7 = 27.
    let start = Thax::new(config(&[("first", "0")])).unwrap();
    assert_eq!(perft(&start, 1), 21);
    assert_eq!(perft(&start, 2), 27);
}

#[test]
fn chance_perft_probability_mass_is_exact() {
    for config in [
        ThaxConfig::default(),
        config(&[("first", "0")]),
        preset("thax-out-limited"),
    ] {
        let start = Thax::new(config).unwrap();
        for depth in 1..=6 {
            let stats = chance_perft(&start, depth);
            assert!(
                stats.is_mass_exact(),
                "depth {depth}: mass {:?}",
                stats.mass
            );
            assert_eq!(stats.leaves, perft(&start, depth), "depth {depth}");
        }
    }
}

#[test]
fn chance_perft_is_exact_near_the_end_of_a_thax_out_game() {
    // Deep positions with thaxes, takes, wins and the dead-draw rule within reach.
    let limited = preset("thax-out-limited");
    let state = Thax::from_notation("33323/01000 r0 15 200", &limited).unwrap();
    let stats = chance_perft(&state, 6);
    assert!(stats.is_mass_exact());
    assert!(stats.terminals > 0, "wins and dead draws are reached");
}

#[test]
fn play_out_ends_every_game_in_a_valid_terminal_position() {
    use boardgame_core::driver::{below, rng_from_seed};
    for name in ["classic", "thax-out-limited", "with-sums"] {
        let config = preset(name);
        for seed in 0..2000 {
            let run = || {
                let mut rng = rng_from_seed(seed);
                let mut state = Thax::new(config).unwrap();
                let result = state.play_out(|n| below(&mut rng, u64::from(n)) as u32);
                (state, result)
            };
            let (state, result) = run();
            assert!(state.is_terminal());
            assert_eq!(state.result(), Some(result));
            assert_eq!(state.outcome(), Some(result.outcome()));
            assert_eq!(
                Thax::from_notation(&state.to_string(), &config),
                Ok(state.clone())
            );
            assert_eq!(run().0, state, "the same seed plays the same game");
        }
    }
}

/// Heavier: `cargo test -p boardgame-thax --release --test it conformance:: -- --ignored`.
#[test]
#[ignore = "heavy: 50 000 games per preset"]
fn testkit_every_preset_50_000_seeds() {
    for name in ThaxConfig::PRESETS.iter().map(|p| p.name) {
        run_games(
            Checker::<Thax>::new(preset(name))
                .seeds(SEEDS..SEEDS + 50_000)
                .max_plies(100_000),
            50_000,
        );
    }
}

/// Heavier: `cargo test -p boardgame-thax --release --test it conformance:: -- --ignored`.
#[test]
#[ignore = "heavy: chance perft to depth 8"]
fn chance_perft_probability_mass_is_exact_to_depth_8() {
    for config in [config(&[("first", "0")]), preset("thax-out-limited")] {
        let stats = chance_perft(&Thax::new(config).unwrap(), 8);
        assert!(stats.is_mass_exact(), "mass {:?}", stats.mass);
    }
}

/// `play_out` asks `below` for a move only when there is a choice: `below(k)` for `k` legal
/// moves, never `below(1)` for a forced move (so a forced move uses no randomness), and
/// `below(36)` for each throw of the two dice.
#[test]
fn play_out_draws_a_move_only_when_there_is_a_choice() {
    use boardgame_core::driver::{below, rng_from_seed};
    let (mut choices, mut forced) = (0, 0);
    for seed in 0..50 {
        let mut rng = rng_from_seed(seed);
        let mut state = Thax::new(ThaxConfig::default()).unwrap();
        state.play_out(|n| {
            match n {
                1 => forced += 1,
                2..36 => choices += 1,
                _ => {}
            }
            below(&mut rng, u64::from(n)) as u32
        });
    }
    assert_eq!(forced, 0, "below(1) was asked for a forced move");
    assert!(choices > 0, "no move was ever drawn among several");
}
