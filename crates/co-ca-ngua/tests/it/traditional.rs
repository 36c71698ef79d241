//! Switches toward the traditional rule set (issue 15, part 1) that the two-piece engine can
//! already express, each checked where the two readings differ: who starts, no jumping, and
//! capture immunity on the own exit square.
//!
//! Progress on the default board: 1 = exit square (colour `c` exits on `T(12c)`), 42 = K,
//! 48 = M. In a 2-player game seat 1 plays colour 2 (exit T24).

use crate::common::{at, configured, moves};
use boardgame_core::{Configure, Game, Seat, Turn};
use co_ca_ngua::{CoCaNgua, Config, Roll};
fn with(settings: &[(&str, &str)]) -> Config {
    configured(Config::default(), settings)
}

fn first_mover(config: Config, rolls: &[u8]) -> Option<Seat> {
    let mut state = CoCaNgua::new(config).unwrap();
    for &r in rolls {
        state.apply_chance(Roll::die(r)).unwrap();
    }
    assert_eq!(state.turn(), Turn::Chance);
    state.seat_to_play()
}

#[test]
fn first_player_lowest_or_highest_roll_starts() {
    // Seat 0 rolls 3, seat 1 rolls 5.
    assert_eq!(first_mover(Config::default(), &[3, 5]), Some(Seat::new(0)));
    let highest = with(&[("first_player", "highest")]);
    assert_eq!(first_mover(highest, &[3, 5]), Some(Seat::new(1)));
    // The roll-off notation follows the rule: H for highest-starts.
    assert!(CoCaNgua::from_notation("0,0/0,0 oH01 t0.0 n0", &highest).is_ok());
    assert!(CoCaNgua::from_notation("0,0/0,0 oL01 t0.0 n0", &highest).is_err());
}

#[test]
fn no_jumping_a_piece_may_not_jump_over_another_players_piece() {
    // Seat 0's piece on progress 10 (T9) rolls 4; seat 1 (colour 2) stands on T11, which is
    // its progress 36.
    let text = "0,10/0,36 m04 t0.0 n10";
    assert_eq!(moves(&at(text, &Config::default())), ["T9+4"]);
    let config = with(&[("no_jumping", "true")]);
    assert_eq!(moves(&at(text, &config)), ["pass"]);
    // Landing on it is not jumping: it captures as before.
    let text = "0,10/0,36 m02 t0.0 n10";
    assert_eq!(moves(&at(text, &config)), ["T9+2"]);
}

#[test]
fn no_jumping_a_piece_may_not_jump_over_an_own_piece() {
    let text = "10,12/0,0 m04 t0.0 n10";
    assert_eq!(moves(&at(text, &Config::default())), ["T9+4", "T11+4"]);
    let config = with(&[("no_jumping", "true")]);
    assert_eq!(moves(&at(text, &config)), ["T11+4"]);
}

#[test]
fn exit_immunity_a_piece_on_its_own_exit_square_cannot_be_captured() {
    // Seat 1 (colour 2) stands on its exit T24; seat 0's piece on T20 (progress 21) rolls 4.
    let text = "0,21/0,1 m04 t0.0 n10";
    let mut state = at(text, &Config::default());
    assert_eq!(moves(&state), ["T20+4"]);
    state.play("T20+4".parse().unwrap()).unwrap();
    assert_eq!(state.pieces(Seat::new(1)), [0, 0]);
    let config = with(&[("exit_immunity", "true")]);
    assert_eq!(moves(&at(text, &config)), ["pass"]);
    // Off its exit square the same piece is fair game.
    let text = "10,22/0,2 m04 t0.0 n10";
    assert_eq!(moves(&at(text, &config)), ["T9+4", "T21+4"]);
}

#[test]
fn release_rolls_a_one_or_a_six_brings_a_piece_out() {
    let config = with(&[("release_rolls", "1,6")]);
    assert_eq!(config.value("release_rolls").as_deref(), Some("1,6"));
    for (die, seed, traditional) in [
        (1, vec!["T9+1"], vec!["exit"]),
        (5, vec!["exit"], vec!["T9+5"]),
        (6, vec!["T9+6"], vec!["exit"]),
    ] {
        let text = format!("0,10/0,0 m0{die} t{}.0 n10", u8::from(die == 6));
        assert_eq!(moves(&at(&text, &Config::default())), seed, "die {die}");
        assert_eq!(moves(&at(&text, &config)), traditional, "die {die}");
    }
    let mut bad = Config::default();
    assert!(bad.set("release_rolls", "0,7").is_err());
    assert!(bad.set("release_rolls", "6,6").is_err());
}

#[test]
fn extra_roll_on_one_a_one_rolls_again() {
    let text = "0,10/0,0 m01 t0.0 n10";
    let mut seed = at(text, &Config::default());
    seed.play("T9+1".parse().unwrap()).unwrap();
    assert_eq!(seed.seat_to_play(), Some(Seat::new(1)));
    let mut one = at(text, &with(&[("extra_roll_on_one", "true")]));
    one.play("T9+1".parse().unwrap()).unwrap();
    assert_eq!(one.seat_to_play(), Some(Seat::new(0)));
    assert_eq!(one.turn(), Turn::Chance);
    // The position round-trips through the notation (no six is pending).
    assert_eq!(
        CoCaNgua::from_notation(&one.to_string(), one.config()).unwrap(),
        one
    );
}

#[test]
fn pieces_each_seat_has_one_to_four_horses() {
    let four = with(&[("pieces", "4")]);
    let start = CoCaNgua::new(four).unwrap();
    assert_eq!(start.pieces(Seat::new(1)), [0, 0, 0, 0]);
    assert_eq!(start.to_string(), "0,0,0,0/0,0,0,0 oL01 t0.0 n0");
    // Three horses out, one in the nest: a 5 brings the fourth out (compulsory, as in the seed).
    let text = "0,10,12,30/0,0,0,0 m05 t0.0 n10";
    assert_eq!(moves(&at(text, &four)), ["exit"]);
    // With every horse out, each distinct square gives one move.
    let text = "10,10,12,30/0,0,0,0 m04 t0.0 n10";
    assert_eq!(moves(&at(text, &four)), ["T9+4", "T11+4", "T29+4"]);
    // The state line has exactly `pieces` values per seat.
    assert!(CoCaNgua::from_notation("0,0/0,0 oL01 t0.0 n0", &four).is_err());
    let one = with(&[("pieces", "1")]);
    assert_eq!(CoCaNgua::new(one).unwrap().to_string(), "0/0 oL01 t0.0 n0");
    for bad in ["0", "5"] {
        assert!(CoCaNgua::new(with(&[("pieces", bad)])).is_err(), "{bad}");
    }
}

#[test]
fn pieces_all_horses_home_wins() {
    // Three horses in the centre (progress 64), the fourth one square from it.
    let four = with(&[("pieces", "4")]);
    let mut state = at("63,64,64,64/0,0,0,0 m01 t0.0 n40", &four);
    state.play("S0+1".parse().unwrap()).unwrap();
    assert_eq!(state.outcome().and_then(|o| o.winner()), Some(Seat::new(0)));
}
