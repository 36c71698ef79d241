//! The core conformance kit over seeded random games, for 2, 3 and 4 players and every
//! switch.

use boardgame_core::testkit::Checker;
use boardgame_core::{Configure, Game};
use co_ca_ngua::{CoCaNgua, Config};

fn config(players: u8) -> Config {
    Config::with_players(players)
}

fn run(config: Config, seeds: std::ops::Range<u64>) {
    let checker = Checker::<CoCaNgua>::new(config)
        .seeds(seeds.clone())
        .max_plies(20_000);
    #[cfg(feature = "serde")]
    let checker = checker
        .record_round_trip(|r| serde_json::from_str(&serde_json::to_string(r).unwrap()).unwrap())
        .state_round_trip(|s| serde_json::from_str(&serde_json::to_string(s).unwrap()).unwrap());
    let report = checker.run();
    assert_eq!(report.games, seeds.end - seeds.start);
    assert_eq!(
        report.truncated, 0,
        "the max_rolls guard ends every game: {report:?}"
    );
    assert!(report.longest <= CoCaNgua::max_game_length(&config).unwrap());
}

#[test]
fn testkit_two_players() {
    run(config(2), 0..3000);
}

#[test]
fn testkit_three_players() {
    run(config(3), 0..3000);
}

#[test]
fn testkit_four_players() {
    run(config(4), 0..3000);
}

#[test]
fn testkit_every_preset_and_switch() {
    let mut configs = Vec::new();
    for preset in Config::PRESETS {
        configs.push(Config::preset(preset.name).unwrap());
    }
    for (key, value) in [
        ("seating", "adjacent"),
        ("compulsory_exit", "false"),
        ("exit_capture", "optional"),
        ("exit_capture", "blocked"),
        ("six_after_pass", "false"),
        ("six_as_seven", "false"),
        ("triple_six", "false"),
        ("shortcut", "false"),
        ("ring_block", "illegal"),
        ("max_rolls", "60"),
    ] {
        let mut config = config(4);
        config.set(key, value).unwrap();
        configs.push(config);
    }
    for config in configs {
        run(config, 0..100);
    }
}
