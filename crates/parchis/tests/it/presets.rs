//! The seed rules and the Spanish preset side by side: the same position, different legal
//! moves.

use crate::common;

use boardgame_core::{Configure, Game};
use common::{at, moves, play};
use parchis::{Colour, Config, Loc};

fn both(text: &str) -> (Vec<String>, Vec<String>) {
    (
        moves(&at(Config::seed(2), text)),
        moves(&at(Config::spanish(2), text)),
    )
}

#[test]
fn presets_differ_on_a_safe_square_held_by_another_colour() {
    // Red on safe square 12: the seed forbids landing there, Spanish rules share it.
    let (seed, spanish) = both("n,n,n,8/-/n,n,n,12/- mY4 s0 l- f- e- n9");
    assert_eq!(seed, ["pass"]);
    assert_eq!(spanish, ["8+4"]);
}

#[test]
fn presets_differ_on_barriers_off_the_safe_squares() {
    // Two Red pieces on 10 (not safe): no barrier for the seed, a barrier in Spanish rules.
    let (seed, spanish) = both("n,n,n,8/-/n,n,10,10/- mY4 s0 l- f- e- n9");
    assert_eq!(seed, ["8+4"]);
    assert_eq!(spanish, ["pass"]);
    // And so the seed captures both with a 2, while Spanish rules block the landing.
    let (seed, spanish) = both("n,n,n,8/-/n,n,10,10/- mY2 s0 l- f- e- n9");
    assert_eq!(seed, ["8+2"]);
    assert_eq!(spanish, ["pass"]);
}

#[test]
fn presets_differ_on_a_full_exit() {
    // Red's two pieces on Yellow's exit: blocked for the seed, captured by the Spanish 5.
    let text = "n,n,n,n/-/n,n,5,5/- mY5 s0 l- f- e- n9";
    let (seed, spanish) = both(text);
    assert_eq!(seed, ["pass"]);
    assert_eq!(spanish, ["out"]);
    let mut state = at(Config::spanish(2), text);
    play(&mut state, "out");
    assert_eq!(
        state.pieces(Colour::Red).unwrap(),
        [Loc::Nest, Loc::Nest, Loc::Nest, Loc::Track(5)]
    );
    assert_eq!(state.pending_bonus(), Some(20));
}

#[test]
fn presets_differ_on_the_home_column() {
    let (seed, spanish) = both("n,h1,h1,66/-/n,n,n,n/- mY4 s0 l- f- e- n9");
    assert_eq!(seed, ["66+4", "h1+4"]);
    assert_eq!(spanish, ["h1+4"]);
}

#[test]
fn presets_differ_on_crowding_a_square() {
    // Three Yellow pieces may share square 10 under the seed; Spanish allows two.
    let (seed, spanish) = both("n,8,10,10/-/n,n,n,n/- mY2 s0 l- f- e- n9");
    assert_eq!(seed, ["8+2", "10+2"]);
    assert_eq!(spanish, ["10+2"]);
}

#[test]
fn presets_differ_on_turn_order_and_settings() {
    let seed = Config::preset("default").unwrap();
    let spanish = Config::preset("spanish").unwrap();
    assert_eq!(seed, Config::default());
    assert_eq!(spanish, Config::spanish(4));
    let differing: Vec<&str> = Config::SETTINGS
        .iter()
        .map(|s| s.key)
        .filter(|k| seed.value(k) != spanish.value(k))
        .collect();
    assert_eq!(
        differing,
        [
            "turn_order",
            "exit_capture",
            "barriers",
            "safe_sharing",
            "triple_six"
        ]
    );
    assert_eq!(
        parchis::Parchis::new(seed).unwrap().colours(),
        [Colour::Yellow, Colour::Green, Colour::Red, Colour::Blue]
    );
    assert_eq!(
        parchis::Parchis::new(spanish).unwrap().colours(),
        Colour::ALL
    );
}

#[test]
fn settings_round_trip_and_reject_bad_values() {
    boardgame_core::testkit::check_settings::<Config>();
    let mut config = Config::default();
    config.set("exit_capture", "always").unwrap();
    assert_eq!(config.value("exit_capture").as_deref(), Some("always"));
    assert!(config.set("exit_capture", "sometimes").is_err());
    assert!(config.set("players", "5").is_err());
    assert!(config.set("colours", "YY").is_err());
    assert!(config.set("nonsense", "1").is_err());
    assert!(Config::preset("nonsense").is_err());
}

#[test]
fn with_players_changes_the_seat_count_and_keeps_the_rules() {
    let two =
        Config::spanish(2).with_colours(parchis::ColourSet::of(&[Colour::Blue, Colour::Green]));
    let three = two.with_players(3);
    assert_eq!(three.players, 3);
    assert_eq!(three.colours, None, "back to the default colours for three");
    assert_eq!(three, Config::spanish(3));
}
