//! The core conformance kit over seeded random games, for 2, 3 and 4 players and every
//! switch. The default run plays 800 games per player count (120 under `traditional`) and 50
//! per other preset or switch combination, sized for the CI budget of docs/testing.md; the long
//! ignored runs below and `boardgame check co-ca-ngua --games N` go further.

use boardgame_core::driver::{End, UniformRandom, playout, rng_from_seed};
use boardgame_core::testkit::Checker;
use boardgame_core::{Configure, Game};
use co_ca_ngua::{CoCaNgua, Config};

fn config(players: u8) -> Config {
    Config::with_players(players)
}

/// Every seeded game of these tests ends within this many plies: about twice the longest one
/// (1818 plies, four players under `traditional`; under 520 with the seed's rules).
const ENDS_WITHIN_PLIES: u64 = 4_000;

/// The seeded games played without the kit's checks must end within [`ENDS_WITHIN_PLIES`].
/// A rule that stops games from progressing (a horse in the chuồng that "moves" without moving)
/// then fails here within milliseconds, instead of as thousands of checked plies per game up to
/// the `max_rolls` guard (a mutation-testing timeout).
fn games_end_in_time(config: Config, seeds: std::ops::Range<u64>) {
    let start = CoCaNgua::new(config).unwrap();
    for seed in seeds {
        let mut rng = rng_from_seed(seed);
        let game = playout(
            start.clone(),
            &mut UniformRandom,
            &mut rng,
            ENDS_WITHIN_PLIES,
        );
        assert!(
            matches!(game.end, End::Terminal(_)),
            "seed {seed}: no end within {ENDS_WITHIN_PLIES} plies, at `{}`",
            game.state
        );
    }
}

fn run(config: Config, seeds: std::ops::Range<u64>) {
    games_end_in_time(config, seeds.clone());
    let checker = Checker::<CoCaNgua>::new(config)
        .seeds(seeds.clone())
        .max_plies(20_000);
    #[cfg(feature = "serde")]
    let checker = checker
        .record_round_trip(|r| serde_json::from_str(&serde_json::to_string(r).unwrap()).unwrap())
        .state_round_trip(|s| serde_json::from_str(&serde_json::to_string(s).unwrap()).unwrap());
    let report = checker.run();
    assert_eq!(report.finished, seeds.end - seeds.start);
    assert_eq!(
        report.truncated, 0,
        "the max_rolls guard ends every game: {report:?}"
    );
    assert!(report.longest <= CoCaNgua::max_game_length(&config).unwrap());
}

#[test]
fn testkit_two_players() {
    run(config(2), 0..800);
}

#[test]
fn testkit_three_players() {
    run(config(3), 0..800);
}

#[test]
fn testkit_four_players() {
    run(config(4), 0..800);
}

fn traditional(players: u8) -> Config {
    let mut config = Config::preset("traditional").unwrap();
    config.players = players;
    config
}

#[test]
fn testkit_traditional_two_three_and_four_players() {
    for players in [2, 3, 4] {
        run(traditional(players), 0..120);
    }
}

fn traditional_two_dice(players: u8) -> Config {
    let mut config = traditional(players);
    config.set("dice", "2").unwrap();
    config
}

#[test]
fn testkit_traditional_two_dice_two_three_and_four_players() {
    for players in [2, 3, 4] {
        run(traditional_two_dice(players), 0..120);
    }
}

#[test]
fn testkit_every_preset_and_switch() {
    let mut configs = Vec::new();
    for preset in Config::PRESETS {
        configs.push(Config::preset(preset.name).unwrap());
    }
    for (key, value) in [
        ("seating", "adjacent"),
        ("pieces", "1"),
        ("pieces", "3"),
        ("pieces", "4"),
        ("compulsory_exit", "false"),
        ("exit_capture", "optional"),
        ("exit_capture", "blocked"),
        ("six_after_pass", "false"),
        ("six_as_seven", "false"),
        ("triple_six", "false"),
        ("shortcut", "false"),
        ("ring_block", "illegal"),
        ("lane_mouth", "pass"),
        ("arrival", "choose"),
        ("ring_lap", "arrow"),
        ("first_player", "highest"),
        ("no_jumping", "true"),
        ("exit_immunity", "true"),
        ("release_rolls", "1,6"),
        ("extra_roll_on_one", "true"),
        ("home", "chuong"),
        ("dice", "2"),
        ("max_rolls", "60"),
    ] {
        // Seating chooses the colours of a two-player game only.
        let mut config = config(if key == "seating" { 2 } else { 4 });
        config.set(key, value).unwrap();
        configs.push(config);
    }
    for config in configs {
        run(config, 0..50);
    }
}

#[test]
fn testkit_on_other_boards() {
    // The board is data: a small board (16-square track, exit on a 6, no spoke) and a large
    // one (64-square track, lane of 8, ring of 12).
    let small = [
        ("track_len", "16"),
        ("quadrant", "4"),
        ("exit_roll", "6"),
        ("shortcut_at", "9"),
    ];
    let small_rest = [
        ("mouth_at", "15"),
        ("lane_len", "2"),
        ("ring_len", "4"),
        ("spoke_len", "0"),
    ];
    let large = [
        ("track_len", "64"),
        ("quadrant", "16"),
        ("shortcut_at", "50"),
        ("mouth_at", "63"),
    ];
    let large_rest = [
        ("lane_len", "8"),
        ("ring_len", "12"),
        ("spoke_len", "2"),
        ("players", "4"),
    ];
    for settings in [
        small.iter().chain(&small_rest),
        large.iter().chain(&large_rest),
    ] {
        let mut config = config(3);
        for (key, value) in settings {
            config.set(key, value).unwrap();
        }
        run(config, 0..100);
    }
}

/// The long run: 22 200 more games per seat count (seeds 800..23 000). `cargo test -p boardgame-co-ca-ngua --release
/// --all-features --test it testkit:: -- --ignored` (345 s measured).
#[test]
#[ignore = "long: 66 600 games"]
fn testkit_long_runs() {
    for players in [2, 3, 4] {
        run(config(players), 800..23_000);
    }
}

/// The long run of the `traditional` preset: 5 000 games per seat count.
/// `cargo test -p boardgame-co-ca-ngua --release --all-features --test it testkit:: -- --ignored`.
#[test]
#[ignore = "long: 15 000 traditional games"]
fn testkit_traditional_long_runs() {
    for players in [2, 3, 4] {
        run(traditional(players), 300..5_300);
    }
}

/// The long run of the `traditional` preset with two dice: 5 000 games per seat count.
/// `cargo test -p boardgame-co-ca-ngua --release --all-features --test it testkit:: -- --ignored`.
#[test]
#[ignore = "long: 15 000 traditional two-dice games"]
fn testkit_traditional_two_dice_long_runs() {
    for players in [2, 3, 4] {
        run(traditional_two_dice(players), 120..5_120);
    }
}
