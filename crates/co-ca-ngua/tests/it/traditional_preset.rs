//! The `traditional` preset (issue 15, part 1): one named test per traditional rule, each
//! where it differs from the seed (or from its switch).
//!
//! Progress under `traditional` (2 players: seat 0 colour 0 exits on T0, seat 1 colour 2 on
//! T24): 1 = exit square, 48 = the last square of the lap `T(12c+47)` in front of the
//! chuồng, 49..=54 = chuồng steps 1..=6 (named `L0`..`L5` in moves).

use crate::common::{at, configured, moves, play};
use boardgame_core::{Configure, Game, Seat, Turn};
use co_ca_ngua::{CoCaNgua, Config, Roll};
fn traditional(settings: &[(&str, &str)]) -> Config {
    configured(Config::preset("traditional").unwrap(), settings)
}

const S0: Seat = Seat::new(0);
const S1: Seat = Seat::new(1);

/// The preset's settings, as `docs/rules/co-ca-ngua.md` lists them: the traditional rules on,
/// the seed's house rules (6 as 7, triple six, the shortcut) off.
#[test]
fn traditional_preset_has_the_documented_settings() {
    let config = traditional(&[]);
    for (key, value) in [
        ("pieces", "4"),
        ("compulsory_exit", "false"),
        ("exit_capture", "capture"),
        ("six_after_pass", "true"),
        ("six_as_seven", "false"),
        ("triple_six", "false"),
        ("shortcut", "false"),
        ("lane_mouth", "exact"),
        ("first_player", "highest"),
        ("no_jumping", "true"),
        ("exit_immunity", "false"),
        ("release_rolls", "1,6"),
        ("extra_roll_on_one", "false"),
        ("home", "chuong"),
        ("chuong_win", "top"),
        ("dice", "1"),
        ("max_rolls", "10000"),
        ("track_len", "48"),
        ("lane_len", "6"),
    ] {
        assert_eq!(config.value(key).as_deref(), Some(value), "{key}");
    }
}

#[test]
fn traditional_four_horses_on_the_48_square_track_and_one_die() {
    let config = traditional(&[]);
    let state = CoCaNgua::new(config).unwrap();
    assert_eq!(state.pieces(S0), [0, 0, 0, 0]);
    assert_eq!(state.board().layout().track_len, 48);
    assert_eq!(state.board().layout().quadrant, 12);
    assert_eq!(state.chance_outcomes().unwrap().len(), 6);
    for players in ["3", "4"] {
        let config = traditional(&[("players", players)]);
        assert!(CoCaNgua::new(config).is_ok());
    }
}

#[test]
fn traditional_first_player_is_the_highest_roll() {
    let mut state = CoCaNgua::new(traditional(&[])).unwrap();
    state.apply_chance(Roll::die(3)).unwrap();
    state.apply_chance(Roll::die(5)).unwrap();
    assert_eq!(state.seat_to_play(), Some(S1));
}

#[test]
fn traditional_release_on_a_one_or_a_six_and_it_is_a_choice() {
    let config = traditional(&[]);
    for die in [1, 6] {
        let text = format!("0,0,0,10/0,0,0,0 m0{die} t0.0 n10");
        assert_eq!(moves(&at(&text, &config)), ["exit", &format!("T9+{die}")]);
    }
    let text = "0,0,0,10/0,0,0,0 m05 t0.0 n10";
    assert_eq!(moves(&at(text, &config)), ["T9+5"]);
}

#[test]
fn traditional_release_switch_six_only() {
    let config = traditional(&[("release_rolls", "6")]);
    let text = "0,0,0,10/0,0,0,0 m01 t0.0 n10";
    assert_eq!(moves(&at(text, &config)), ["T9+1"]);
    let text = "0,0,0,10/0,0,0,0 m06 t0.0 n10";
    assert_eq!(moves(&at(text, &config)), ["exit", "T9+6"]);
}

#[test]
fn traditional_releasing_onto_an_opponent_on_the_exit_captures_it() {
    // Seat 1 (colour 2) stands on T0, seat 0's exit square (its progress 25).
    let mut state = at("0,0,0,0/0,0,0,25 m01 t0.0 n10", &traditional(&[]));
    assert_eq!(moves(&state), ["exit"]);
    play(&mut state, "exit");
    assert_eq!(state.pieces(S0), [0, 0, 0, 1]);
    assert_eq!(state.pieces(S1), [0, 0, 0, 0]);
}

#[test]
fn traditional_an_own_horse_on_the_exit_blocks_release() {
    let state = at("0,0,0,1/0,0,0,0 m06 t0.0 n10", &traditional(&[]));
    assert_eq!(moves(&state), ["T0+6"]);
}

#[test]
fn traditional_extra_roll_on_a_six_and_switch_on_a_one() {
    let text = "0,0,0,10/0,0,0,0 m06 t0.0 n10";
    let mut state = at(text, &traditional(&[]));
    play(&mut state, "T9+6");
    assert_eq!(
        (state.turn(), state.seat_to_play()),
        (Turn::Chance, Some(S0))
    );
    let text = "0,0,10,20/0,0,0,0 m01 t0.0 n10";
    let mut state = at(text, &traditional(&[]));
    play(&mut state, "T9+1");
    assert_eq!(state.seat_to_play(), Some(S1));
    let mut state = at(text, &traditional(&[("extra_roll_on_one", "true")]));
    play(&mut state, "T9+1");
    assert_eq!(state.seat_to_play(), Some(S0));
}

#[test]
fn traditional_a_six_stays_six() {
    // The seed's 6-as-7 is off: with every horse out a 6 moves 6.
    let state = at("10,20,30,40/0,0,0,0 m06 t0.0 n10", &traditional(&[]));
    assert_eq!(moves(&state), ["T9+6", "T19+6", "T29+6", "T39+6"]);
}

#[test]
fn traditional_moves_are_exact_and_may_not_jump_over_any_horse() {
    // Seat 0 on T9 and T11, seat 1 (colour 2) on T18 (its progress 43).
    let config = traditional(&[]);
    let text = "0,0,10,12/0,0,0,43 m05 t0.0 n10";
    assert_eq!(moves(&at(text, &config)), ["T11+5"]);
    let jumping = traditional(&[("no_jumping", "false")]);
    assert_eq!(moves(&at(text, &jumping)), ["T9+5", "T11+5"]);
}

#[test]
fn traditional_landing_exactly_on_an_opponent_captures_it() {
    let mut state = at("0,0,0,10/0,0,0,40 m06 t0.0 n10", &traditional(&[]));
    play(&mut state, "T9+6");
    assert_eq!(state.pieces(S0), [0, 0, 0, 16]);
    assert_eq!(state.pieces(S1), [0, 0, 0, 0]);
}

#[test]
fn traditional_own_horses_may_share_a_square() {
    // The documented choice: as in the seed, a horse may land on an own horse (it is not a
    // jump); the two then move as interchangeable horses.
    let mut state = at("0,0,10,12/0,0,0,0 m02 t0.0 n10", &traditional(&[]));
    assert_eq!(moves(&state), ["T9+2", "T11+2"]);
    play(&mut state, "T9+2");
    assert_eq!(state.pieces(S0), [0, 0, 12, 12]);
}

#[test]
fn traditional_a_player_with_no_legal_move_passes() {
    let state = at("0,0,0,0/0,0,0,0 m04 t0.0 n10", &traditional(&[]));
    assert_eq!(moves(&state), ["pass"]);
}

#[test]
fn chuong_a_horse_must_stop_exactly_on_the_last_square_of_its_lap() {
    let config = traditional(&[]);
    // Progress 45 is T44; 48 (T47) is the last square of the lap.
    assert_eq!(
        moves(&at("0,0,0,45/0,0,0,0 m04 t0.0 n10", &config)),
        ["pass"]
    );
    let mut state = at("0,0,0,45/0,0,0,0 m03 t0.0 n10", &config);
    assert_eq!(moves(&state), ["T44+3"]);
    play(&mut state, "T44+3");
    assert_eq!(state.pieces(S0), [0, 0, 0, 48]);
}

#[test]
fn chuong_from_the_last_square_a_roll_of_n_goes_to_step_n() {
    let config = traditional(&[]);
    for die in 1..=6u8 {
        let text = format!("10,20,30,48/0,0,0,0 m0{die} t0.0 n10");
        let mut state = at(&text, &config);
        play(&mut state, &format!("T47+{die}"));
        assert_eq!(state.pieces(S0)[3], 48 + die, "die {die}");
    }
}

#[test]
fn chuong_the_steps_in_between_must_be_free() {
    // An own horse on step 2 (progress 50): the horse on T47 cannot enter with 2 or more.
    let config = traditional(&[]);
    assert_eq!(
        moves(&at("0,0,48,50/0,0,0,0 m05 t0.0 n10", &config)),
        ["pass"]
    );
    assert_eq!(
        moves(&at("0,0,48,50/0,0,0,0 m02 t0.0 n10", &config)),
        ["pass"]
    );
    let state = at("0,0,48,50/0,0,0,0 m03 t0.0 n10", &config);
    assert_eq!(
        moves(&state),
        ["L1+3"],
        "only the horse on step 2 moves, to step 3"
    );
}

#[test]
fn chuong_inside_a_horse_moves_up_one_step_only_with_the_next_number() {
    let config = traditional(&[]);
    // On step 2 (progress 50): only a 3 moves it, to step 3.
    for die in [2, 4, 5] {
        let text = format!("0,0,0,50/0,0,0,0 m0{die} t0.0 n10");
        assert_eq!(moves(&at(&text, &config)), ["pass"], "die {die}");
    }
    let mut state = at("0,0,0,50/0,0,0,0 m03 t0.0 n10", &config);
    play(&mut state, "L1+3");
    assert_eq!(state.pieces(S0), [0, 0, 0, 51]);
    // The next step must be free.
    assert_eq!(
        moves(&at("10,20,50,51/0,0,0,0 m03 t0.0 n10", &config)),
        ["T9+3", "T19+3"]
    );
    // Step 6 is the top: nothing moves it.
    let text = "10,20,30,54/0,0,0,0 m01 t0.0 n10";
    assert_eq!(moves(&at(text, &config)), ["T9+1", "T19+1", "T29+1"]);
}

#[test]
fn chuong_win_on_the_top_steps_6_5_4_3() {
    let config = traditional(&[]);
    // Three horses on steps 4, 5, 6; the fourth enters step 3 with a 3 and wins.
    let mut state = at("48,52,53,54/0,0,0,0 m03 t0.0 n10", &config);
    play(&mut state, "T47+3");
    assert_eq!(state.outcome().and_then(|o| o.winner()), Some(S0));
    // On step 2 instead it has not won.
    let mut state = at("48,52,53,54/0,0,0,0 m02 t0.0 n10", &config);
    play(&mut state, "T47+2");
    assert_eq!(state.outcome(), None);
}

#[test]
fn chuong_win_switch_5_4_3_2() {
    let config = traditional(&[("chuong_win", "lower")]);
    let mut state = at("48,51,52,53/0,0,0,0 m02 t0.0 n10", &config);
    play(&mut state, "T47+2");
    assert_eq!(state.outcome().and_then(|o| o.winner()), Some(S0));
    let mut state = at("48,51,52,53/0,0,0,0 m02 t0.0 n10", &traditional(&[]));
    play(&mut state, "T47+2");
    assert_eq!(state.outcome(), None);
}

#[test]
fn chuong_state_lines_reject_impossible_chuong_positions() {
    let config = traditional(&[]);
    for text in [
        "0,0,50,50/0,0,0,0 r0 t0.0 n10",
        "0,0,0,55/0,0,0,0 r0 t0.0 n10",
    ] {
        assert!(CoCaNgua::from_notation(text, &config).is_err(), "{text}");
    }
    // Fewer chuồng steps than winning horses is not a playable configuration.
    assert!(CoCaNgua::new(traditional(&[("lane_len", "3")])).is_err());
}
