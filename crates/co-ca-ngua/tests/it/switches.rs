//! The seed's three open readings as switches (issue 15, part 2), each checked in a position
//! where the two readings differ, and the board-size messages of issue 14 (defect 9).
//!
//! Progress on the default board: 42 = shortcut circle K, 48 = lane mouth M, 49..=53 = lane
//! `L0..L4`, 54 = arrow square X on arrival, 55..=61 the rest of the ring, 62 = X after the
//! lap, 63 = spoke, 64 = centre. In a 2-player game seat 1 plays colour 2.

use crate::common::{at, configured, moves, play};
use boardgame_core::{Configure, Game, Seat};
use co_ca_ngua::{CoCaNgua, Config};
fn with(settings: &[(&str, &str)]) -> Config {
    configured(Config::default(), settings)
}

const SEAT0: Seat = Seat::new(0);

// ---- (a) lane mouth ----

#[test]
fn lane_mouth_exact_a_move_may_not_pass_the_mouth() {
    // The piece on progress 46 (T45) rolls 4: it would pass M (48) into the lane.
    let state = at("0,46/0,0 m04 t0.0 n10", &Config::default());
    assert_eq!(moves(&state), ["pass"]);
}

#[test]
fn lane_mouth_pass_a_move_may_run_past_the_mouth_into_the_lane() {
    let config = with(&[("lane_mouth", "pass")]);
    let mut state = at("0,46/0,0 m04 t0.0 n10", &config);
    assert_eq!(moves(&state), ["T45+4"]);
    play(&mut state, "T45+4");
    assert_eq!(state.pieces(SEAT0), [0, 50]);
    // Landing exactly on the mouth is still fine, and the ring lap limit still holds.
    let state = at("0,46/0,0 m02 t0.0 n10", &config);
    assert_eq!(moves(&state), ["T45+2"]);
}

// ---- (b) arrival square ----

#[test]
fn arrival_slide_the_arriving_piece_slides_into_the_safe_area() {
    let mut state = at("10,39/0,0 m03 t0.0 n10", &Config::default());
    assert_eq!(moves(&state), ["T9+3", "T38+3", "T38+3>D"]);
    play(&mut state, "T38+3>D");
    assert_eq!(state.pieces(SEAT0), [10, 54]);
}

#[test]
fn arrival_choose_the_player_may_send_another_piece_into_the_safe_area() {
    let config = with(&[("arrival", "choose")]);
    let mut state = at("10,39/0,0 m03 t0.0 n10", &config);
    assert_eq!(moves(&state), ["T9+3", "T38+3", "T38+3>D", "T38+3>D:T9"]);
    play(&mut state, "T38+3>D:T9");
    // The arriving piece stays on K (42); the piece from T9 goes to X (54).
    assert_eq!(state.pieces(SEAT0), [42, 54]);
    // A piece already in the safe area is not sent.
    let state = at("39,50/0,0 m03 t0.0 n10", &config);
    assert_eq!(moves(&state), ["T38+3", "T38+3>D", "L1+3"]);
}

#[test]
fn arrival_choose_sends_the_other_piece_of_a_shared_square() {
    // Both pieces on T38 (progress 39): the arriving one stays on K, and the other one, from
    // the same square, goes into the safe area.
    let config = with(&[("arrival", "choose")]);
    let mut state = at("39,39/0,0 m03 t0.0 n10", &config);
    assert_eq!(moves(&state), ["T38+3", "T38+3>D", "T38+3>D:T38"]);
    play(&mut state, "T38+3>D:T38");
    assert_eq!(state.pieces(SEAT0), [42, 54]);
}

/// Under `arrival = choose` each outer-track square holding another of the player's pieces is
/// offered once: two pieces sharing a square give one choice, not two.
#[test]
fn arrival_choose_offers_a_shared_outer_square_once() {
    let config = with(&[("pieces", "3"), ("arrival", "choose")]);
    let mut state = at("10,10,39/0,0,0 m03 t0.0 n10", &config);
    assert_eq!(moves(&state), ["T9+3", "T38+3", "T38+3>D", "T38+3>D:T9"]);
    play(&mut state, "T38+3>D:T9");
    // One of the two pieces on T9 goes to X (54); the other stays; the arriving one is on K.
    assert_eq!(state.pieces(SEAT0), [10, 42, 54]);
}

/// Under `arrival = choose` every other piece of the player on the outer track may be the one
/// sent into the safe area, each on its own square.
#[test]
fn arrival_choose_offers_every_other_piece_on_the_outer_track() {
    let config = with(&[("pieces", "3"), ("arrival", "choose")]);
    let mut state = at("10,20,39/0,0,0 m03 t0.0 n10", &config);
    assert_eq!(
        moves(&state),
        [
            "T9+3",
            "T19+3",
            "T38+3",
            "T38+3>D",
            "T38+3>D:T9",
            "T38+3>D:T19"
        ]
    );
    play(&mut state, "T38+3>D:T19");
    assert_eq!(state.pieces(SEAT0), [10, 42, 54]);
}

// ---- (c) inner-ring lap ----

#[test]
fn ring_lap_always_a_piece_passing_the_arrow_square_goes_round() {
    let mut state = at("0,52/0,0 m03 t0.0 n10", &Config::default());
    play(&mut state, "L3+3");
    assert_eq!(state.pieces(SEAT0), [0, 55]);
}

#[test]
fn ring_lap_arrow_only_a_piece_stopping_on_the_arrow_square_goes_round() {
    let config = with(&[("ring_lap", "arrow")]);
    // Passing X (54) with a 3 from L3 (52): straight on to the spoke (63).
    let mut state = at("0,52/0,0 m03 t0.0 n10", &config);
    play(&mut state, "L3+3");
    assert_eq!(state.pieces(SEAT0), [0, 63]);
    // Stopping on X with a 2: the lap is still owed; the next move goes round the ring.
    let mut state = at("0,52/0,0 m02 t0.0 n10", &config);
    play(&mut state, "L3+2");
    assert_eq!(state.pieces(SEAT0), [0, 54]);
    let mut state = at("0,54/0,0 m03 t0.0 n10", &config);
    play(&mut state, "R0+3");
    assert_eq!(state.pieces(SEAT0), [0, 57]);
    // Another player's piece on X (colour 2 at progress 58 is on R0) still stops the piece
    // just before it.
    let mut state = at("0,52/0,58 m03 t0.0 n10", &config);
    play(&mut state, "L3+3");
    assert_eq!(state.pieces(SEAT0), [0, 53]);
}

// ---- Board sizes (issue 14, defect 9) ----

#[test]
fn documented_board_ranges_are_the_real_limits() {
    let builds = |key: &str, value: &str| {
        let mut config = Config::default();
        config.set(key, value).unwrap();
        CoCaNgua::new(config).is_ok()
    };
    for (key, max) in [
        ("track_len", 91),
        ("lane_len", 15),
        ("ring_len", 48),
        ("spoke_len", 11),
    ] {
        let documented = Config::SETTINGS
            .iter()
            .find(|s| s.key == key)
            .unwrap()
            .values;
        assert!(
            documented.contains(&format!("..={max}")),
            "{key}: {documented}"
        );
        assert!(builds(key, &max.to_string()), "{key}={max} is documented");
        let over = if key == "ring_len" { max + 4 } else { max + 1 };
        assert!(!builds(key, &over.to_string()), "{key}={over} is beyond it");
    }
}

#[test]
fn board_messages_name_the_real_constraint() {
    // A number that does not fit a byte names the documented range, not "a multiple of 4".
    for key in ["ring_len", "lane_len", "spoke_len", "track_len"] {
        let err = Config::default().set(key, "256").unwrap_err().to_string();
        assert!(err.contains("at most 128 squares"), "{key}: {err}");
    }
    // Too many squares: the message says what is counted and which settings to change.
    let mut config = Config::default();
    config.set("track_len", "117").unwrap();
    let err = CoCaNgua::new(config).unwrap_err().to_string();
    assert!(
        err.contains("track_len/lane_len/ring_len/spoke_len"),
        "{err}"
    );
    assert!(err.contains("154 squares"), "{err}");
    assert!(!err.contains("layout"), "{err}");
}
