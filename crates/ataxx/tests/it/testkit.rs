//! The core conformance kit over seeded random games: the start position and several
//! blocker layouts, with and without the 100-ply clock.

use ataxx::{Ataxx, AtaxxConfig};
use boardgame_core::testkit::{Checker, Report};

const LAYOUTS: [&str; 6] = [
    "x5o/7/7/7/7/7/o5x x 0 1",
    "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1",
    "x5o/7/2-1-2/3-3/2-1-2/7/o5x x 0 1",
    "x5o/7/3-3/2-1-2/3-3/7/o5x x 0 1",
    "x5o/1-3-1/7/3-3/7/1-3-1/o5x o 0 1",
    // Two walled-off regions: play ends with empty squares left.
    "x5o/7/7/-------/7/7/o5x x 0 1",
];

fn run(fen: &str, config: AtaxxConfig, seeds: std::ops::Range<u64>) -> Report {
    let start = Ataxx::from_fen(fen, config).unwrap();
    let checker = Checker::from_state(start).seeds(seeds).max_plies(20_000);
    #[cfg(feature = "serde")]
    let checker = checker
        .record_round_trip(|r| serde_json::from_str(&serde_json::to_string(r).unwrap()).unwrap())
        .state_round_trip(|s| serde_json::from_str(&serde_json::to_string(s).unwrap()).unwrap());
    checker.run()
}

#[test]
fn testkit_start_position_1000_games() {
    let report = run(LAYOUTS[0], AtaxxConfig::default(), 0..1000);
    assert_eq!(report.finished, 1000);
    assert_eq!(report.finished, 1000, "the 100-ply clock ends every game");
}

#[test]
fn testkit_blocker_layouts_1200_games() {
    let mut games = 0;
    for (i, fen) in LAYOUTS[1..].iter().enumerate() {
        let first = 10_000 * (i as u64 + 1);
        let report = run(fen, AtaxxConfig::default(), first..first + 240);
        assert_eq!(report.finished, 240, "{fen}");
        games += report.finished;
    }
    assert_eq!(games, 1200, "every game ends");
}

#[test]
fn testkit_without_the_clock_200_games() {
    let report = run(LAYOUTS[0], AtaxxConfig::NO_CLOCK, 50_000..50_100);
    let blockers = run(LAYOUTS[2], AtaxxConfig::NO_CLOCK, 60_000..60_100);
    // Without the 100-ply rule every game still ends (the board fills or a side is wiped out).
    assert_eq!(report.finished + blockers.finished, 200);
}
