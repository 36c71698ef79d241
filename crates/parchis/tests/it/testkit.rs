//! The core conformance kit over seeded random games, for 2, 3 and 4 players in both
//! presets and for the other rule switches.
//!
//! The default run plays 400 games per preset (`seed`, `spanish`, `glparchis`) and player
//! count and 40 per other switch combination (about 25 s of CPU, within the CI budget of
//! docs/testing.md); the full-size run (3000 games for every preset, player count and other
//! switch combination) is
//! `cargo test -p boardgame-parchis --all-features --release --test it testkit:: -- --ignored`, and
//! `boardgame check parchis --games N` runs the same kit at any size from the command line.

use boardgame_core::testkit::Checker;
use parchis::{Config, Parchis};

const DEFAULT: u64 = 400;
const FULL: u64 = 3000;
const MAX_PLIES: u64 = 1_000_000;

fn run(config: Config, games: u64) {
    let checker = Checker::<Parchis>::new(config)
        .seeds(0..games)
        .max_plies(MAX_PLIES);
    #[cfg(feature = "serde")]
    let checker = checker
        .record_round_trip(|r| serde_json::from_str(&serde_json::to_string(r).unwrap()).unwrap())
        .state_round_trip(|s| serde_json::from_str(&serde_json::to_string(s).unwrap()).unwrap());
    let report = checker.run();
    assert_eq!(
        report.truncated, 0,
        "the length guard ends games before the ply cap"
    );
    assert_eq!(report.finished, games);
}

#[test]
fn testkit_seed_rules_two_players() {
    run(Config::seed(2), DEFAULT);
}

#[test]
fn testkit_seed_rules_three_players() {
    run(Config::seed(3), DEFAULT);
}

#[test]
fn testkit_seed_rules_four_players() {
    run(Config::seed(4), DEFAULT);
}

#[test]
fn testkit_spanish_two_players() {
    run(Config::spanish(2), DEFAULT);
}

#[test]
fn testkit_spanish_three_players() {
    run(Config::spanish(3), DEFAULT);
}

#[test]
fn testkit_spanish_four_players() {
    run(Config::spanish(4), DEFAULT);
}

#[test]
#[ignore = "full size: 3000 games per preset and player count; run with --release -- --ignored"]
fn testkit_full_size_presets() {
    for players in 2..=4 {
        run(Config::seed(players), FULL);
        run(Config::spanish(players), FULL);
        run(Config::glparchis(players), FULL);
    }
}

#[test]
fn testkit_glparchis_two_players() {
    run(Config::glparchis(2), DEFAULT);
}

#[test]
fn testkit_glparchis_three_players() {
    run(Config::glparchis(3), DEFAULT);
}

#[test]
fn testkit_glparchis_four_players() {
    run(Config::glparchis(4), DEFAULT);
}

/// The switches outside the two presets, each in a few games (and in the full-size run).
fn other_switches() -> Vec<Config> {
    use boardgame_core::Configure;
    let mut configs = Vec::new();
    for (preset, settings) in [
        (
            "default",
            &[
                ("exit_barrier_blocks", "true"),
                ("bonus_opens_barrier", "true"),
                ("triple_six_spares_stuck", "true"),
                ("players", "4"),
            ][..],
        ),
        ("default", &[("finish", "ranking"), ("players", "4")][..]),
        ("spanish", &[("finish", "ranking"), ("players", "3")][..]),
        (
            "default",
            &[("optional_bonuses", "true"), ("players", "3")][..],
        ),
        (
            "default",
            &[("exit_capture", "always"), ("players", "4")][..],
        ),
        (
            "default",
            &[
                ("exit_capture", "full"),
                ("safe_sharing", "true"),
                ("players", "4"),
            ][..],
        ),
        (
            "spanish",
            &[("exit_capture", "always"), ("optional_bonuses", "true")][..],
        ),
        (
            "spanish",
            &[
                ("triple_six", "six"),
                ("barriers", "safe"),
                ("players", "2"),
                ("colours", "BG"),
            ][..],
        ),
        (
            "default",
            &[
                ("turn_order", "anticlockwise"),
                ("barriers", "everywhere"),
                ("players", "3"),
                ("colours", "YBG"),
            ][..],
        ),
        ("default", &[("max_rolls", "60"), ("players", "4")][..]),
    ] {
        let mut config = Config::preset(preset).unwrap();
        for (key, value) in settings {
            config.set(key, value).unwrap();
        }
        configs.push(config);
    }
    configs
}

#[test]
fn testkit_other_switches() {
    for config in other_switches() {
        let games = 40;
        let report = Checker::<Parchis>::new(config)
            .seeds(0..games)
            .max_plies(MAX_PLIES)
            .run();
        assert_eq!(report.finished, games, "{config:?}");
    }
}

#[test]
#[ignore = "full size: 3000 games per other switch combination; run with --release -- --ignored"]
fn testkit_full_size_other_switches() {
    for config in other_switches() {
        let report = Checker::<Parchis>::new(config)
            .seeds(0..FULL)
            .max_plies(MAX_PLIES)
            .run();
        assert_eq!(report.finished, FULL, "{config:?}");
    }
}
