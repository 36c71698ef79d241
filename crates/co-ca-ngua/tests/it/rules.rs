//! One named test per sentence of the seed text (see `docs/rules/co-ca-ngua.md` for the
//! mapping), plus one per switch of the "other choices".
//!
//! Positions are written in the state notation: per seat the progress of its two pieces
//! along its path (0 = nest, 1 = exit square, 42 = shortcut circle K, 48 = lane mouth M,
//! 49..=53 = lane, 54 = arrow square X on arrival, 62 = X after the ring lap, 63 = spoke,
//! 64 = centre). In a 4-player game seat `s` plays colour `s`, whose exit is track square
//! `12 s`; in a 2-player game seat 1 plays colour 2 (exit T24).

use crate::common::{at, moves, play, roll};
use boardgame_core::{ConfigError, Configure, Game, Seat, Turn};
use co_ca_ngua::{CoCaNgua, Config, Move, Roll};

fn config(players: u8) -> Config {
    Config::with_players(players)
}

fn with(players: u8, key: &str, value: &str) -> Config {
    let mut config = config(players);
    config.set(key, value).unwrap();
    config
}

fn pieces(state: &CoCaNgua, seat: usize) -> [u8; 2] {
    state
        .pieces(Seat::new(seat))
        .try_into()
        .expect("two pieces")
}

const S0: Seat = Seat::new(0);
const S1: Seat = Seat::new(1);
const S2: Seat = Seat::new(2);

// --- Số người chơi, chuẩn bị, xếp quân -------------------------------------------------

#[test]
fn at_most_four_players_and_at_least_two() {
    for players in [2, 3, 4] {
        assert_eq!(
            CoCaNgua::new(config(players)).unwrap().num_seats(),
            usize::from(players)
        );
    }
    for players in [0, 1, 5] {
        assert!(matches!(
            CoCaNgua::new(config(players)),
            Err(ConfigError::SeatCount { .. })
        ));
    }
}

#[test]
fn each_player_has_two_pieces_and_one_die_is_rolled() {
    let mut state = CoCaNgua::new(config(3)).unwrap();
    let dist = state.chance_outcomes().unwrap();
    assert_eq!((dist.len(), dist.total()), (6, 6));
    roll(&mut state, 1);
    roll(&mut state, 2);
    roll(&mut state, 3);
    roll(&mut state, 5);
    assert_eq!(moves(&state), ["exit"]);
    play(&mut state, "exit");
    assert_eq!(
        pieces(&state, 0),
        [0, 1],
        "one piece out, the other still in the nest"
    );
}

#[test]
fn pieces_start_in_their_coloured_nests() {
    let state = CoCaNgua::new(config(4)).unwrap();
    for seat in 0..4 {
        assert_eq!(pieces(&state, seat), [0, 0]);
        assert_eq!(state.colour(Seat::new(seat)), seat as u8);
    }
    let two = CoCaNgua::new(config(2)).unwrap();
    assert_eq!(
        [two.colour(S0), two.colour(S1)],
        [0, 2],
        "two players take opposite colours"
    );
    let adjacent = CoCaNgua::new(with(2, "seating", "adjacent")).unwrap();
    assert_eq!([adjacent.colour(S0), adjacent.colour(S1)], [0, 1]);
    for players in [3, 4] {
        let error = CoCaNgua::new(with(players, "seating", "adjacent")).unwrap_err();
        assert!(error.to_string().contains("for two players"), "{error}");
    }
}

// --- Xác định người chơi đầu tiên -------------------------------------------------------

#[test]
fn lowest_roll_goes_first() {
    let mut state = CoCaNgua::new(config(3)).unwrap();
    for value in [4, 2, 5] {
        assert_eq!(state.turn(), Turn::Chance);
        roll(&mut state, value);
    }
    assert_eq!(state.seat_to_play(), Some(S1));
    assert!(state.roll_off().is_none());
}

#[test]
fn roll_off_ties_reroll_among_the_tied() {
    let mut state = CoCaNgua::new(config(3)).unwrap();
    for value in [2, 2, 5] {
        roll(&mut state, value);
    }
    let tied: Vec<Seat> = state.roll_off().unwrap().contenders().collect();
    assert_eq!(tied, [S0, S1]);
    roll(&mut state, 3);
    roll(&mut state, 1);
    assert_eq!(state.seat_to_play(), Some(S1));
}

// --- Lượt chơi ------------------------------------------------------------------------------

#[test]
fn play_goes_clockwise() {
    let mut state = at("0,0/0,3/0,0/0,0 m14 t0.0 n6", &config(4));
    play(&mut state, "T14+4");
    assert_eq!(
        state.seat_to_play(),
        Some(S2),
        "seat 1 (colour 1) is followed by seat 2 (colour 2)"
    );
    let mut last = at("0,0/0,0/0,0/0,3 m34 t0.0 n6", &config(4));
    play(&mut last, "T38+4");
    assert_eq!(last.seat_to_play(), Some(S0), "and seat 3 by seat 0");
}

#[test]
fn a_possible_move_is_compulsory() {
    let state = at("0,3/0,0 m04 t0.0 n6", &config(2));
    assert_eq!(moves(&state), ["T2+4"], "no pass while a move is possible");
    let mut pass = state.clone();
    assert!(pass.play(Move::Pass).is_err());
}

#[test]
fn no_possible_move_means_pass() {
    let mut state = at("0,0/0,0 m03 t0.0 n6", &config(2));
    assert_eq!(moves(&state), ["pass"]);
    play(&mut state, "pass");
    assert_eq!(state.seat_to_play(), Some(S1));
}

#[test]
fn a_piece_leaves_the_nest_only_on_a_five() {
    for value in [1, 2, 3, 4] {
        let state = at(&format!("0,0/0,0 m0{value} t0.0 n6"), &config(2));
        assert_eq!(moves(&state), ["pass"], "die {value}");
    }
    assert_eq!(moves(&at("0,0/0,0 m06 t1.0 n6", &config(2))), ["pass"]);
    let mut state = at("0,0/0,0 m05 t0.0 n6", &config(2));
    play(&mut state, "exit");
    assert_eq!(pieces(&state, 0), [0, 1]);
}

#[test]
fn leaving_the_nest_is_compulsory_on_a_five() {
    let state = at("0,10/0,0 m05 t0.0 n6", &config(2));
    assert_eq!(
        moves(&state),
        ["exit"],
        "the piece on T9 may not move instead"
    );
    let relaxed = at("0,10/0,0 m05 t0.0 n6", &with(2, "compulsory_exit", "false"));
    assert_eq!(moves(&relaxed), ["exit", "T9+5"]);
}

#[test]
fn own_piece_on_the_exit_square_blocks_leaving_the_nest() {
    let state = at("0,1/0,0 m05 t0.0 n6", &config(2));
    assert_eq!(moves(&state), ["T0+5"]);
}

#[test]
fn pieces_on_the_board_move_by_the_roll() {
    let mut state = at("3,20/0,0 m04 t0.0 n6", &config(2));
    assert_eq!(moves(&state), ["T2+4", "T19+4"]);
    play(&mut state, "T19+4");
    assert_eq!(pieces(&state, 0), [3, 24]);
}

// --- Chiến thắng ----------------------------------------------------------------------------

#[test]
fn the_first_to_bring_all_pieces_home_wins() {
    let mut state = at("62,64/30,64/0,0 m02 t0.0 n90", &config(3));
    play(&mut state, "X+2");
    assert_eq!(state.turn(), Turn::Terminal);
    let outcome = state.outcome().unwrap();
    assert_eq!(outcome.winner(), Some(S0));
    assert_eq!(outcome.returns().as_slice(), &[2, -1, -1]);
}

// --- Di chuyển quân -------------------------------------------------------------------------

#[test]
fn moves_are_exactly_the_number_rolled() {
    for value in 1..=4 {
        let mut state = at(&format!("0,3/0,0 m0{value} t0.0 n6"), &config(2));
        play(&mut state, &format!("T2+{value}"));
        assert_eq!(pieces(&state, 0), [0, 3 + value]);
    }
}

#[test]
fn a_six_gives_another_roll() {
    let mut state = at("0,3/0,0 m06 t1.0 n6", &config(2));
    play(&mut state, "T2+6");
    assert_eq!(
        (state.turn(), state.seat_to_play()),
        (Turn::Chance, Some(S0))
    );
    let mut other = at("0,3/0,0 m04 t0.0 n6", &config(2));
    play(&mut other, "T2+4");
    assert_eq!(other.seat_to_play(), Some(S1));
}

#[test]
fn a_six_gives_another_roll_even_when_no_move_was_possible() {
    let mut state = at("0,0/0,0 m06 t1.0 n6", &config(2));
    play(&mut state, "pass");
    assert_eq!(state.seat_to_play(), Some(S0));
    let strict = with(2, "six_after_pass", "false");
    let mut state = at("0,0/0,0 m06 t1.0 n6", &strict);
    play(&mut state, "pass");
    assert_eq!(state.seat_to_play(), Some(S1));
}

#[test]
fn six_counts_as_seven_only_when_no_piece_is_in_the_nest() {
    assert_eq!(
        moves(&at("3,10/0,0 m06 t1.0 n6", &config(2))),
        ["T2+7", "T9+7"]
    );
    assert_eq!(moves(&at("0,10/0,0 m06 t1.0 n6", &config(2))), ["T9+6"]);
    assert_eq!(
        moves(&at("10,64/0,0 m06 t1.0 n6", &config(2))),
        ["T9+7"],
        "the centre is out of the nest"
    );
    assert_eq!(
        moves(&at(
            "3,10/0,0 m06 t1.0 n6",
            &with(2, "six_as_seven", "false")
        )),
        ["T2+6", "T9+6"]
    );
}

#[test]
fn third_six_in_a_row_sends_the_piece_moved_last_home() {
    let mut state = at("3,20/0,0 m06 t1.0 n6", &config(2));
    play(&mut state, "T2+7");
    roll(&mut state, 6);
    play(&mut state, "T19+7");
    assert_eq!(pieces(&state, 0), [10, 27]);
    roll(&mut state, 6);
    assert_eq!(
        pieces(&state, 0),
        [0, 10],
        "the piece moved last (to T26) went home"
    );
    assert_eq!(
        state.seat_to_play(),
        Some(S1),
        "and the third six is not played"
    );
    let off = with(2, "triple_six", "false");
    let mut state = at("3,20/0,0 m06 t0.0 n6", &off);
    play(&mut state, "T2+7");
    roll(&mut state, 6);
    play(&mut state, "T19+7");
    roll(&mut state, 6);
    assert_eq!(state.roll(), Some(Roll::die(6)));
    assert_eq!(pieces(&state, 0), [10, 27]);
}

#[test]
fn third_six_sends_nothing_home_if_no_piece_moved_this_turn() {
    let mut state = at("0,0/0,0 m06 t1.0 n6", &config(2));
    play(&mut state, "pass");
    roll(&mut state, 6);
    play(&mut state, "pass");
    roll(&mut state, 6);
    assert_eq!(pieces(&state, 0), [0, 0]);
    assert_eq!(state.seat_to_play(), Some(S1));
    // Pieces moved in an earlier turn are not "moved in this turn".
    let mut state = at("0,45/0,0 r0 t0.0 n6", &config(2));
    for _ in 0..2 {
        roll(&mut state, 6);
        play(&mut state, "pass");
    }
    roll(&mut state, 6);
    assert_eq!(pieces(&state, 0), [0, 45]);
}

#[test]
fn third_six_spares_a_piece_in_the_safe_area() {
    let mut state = at("3,48/0,0 m06 t1.0 n6", &config(2));
    play(&mut state, "T47+7");
    assert_eq!(pieces(&state, 0), [3, 55]);
    roll(&mut state, 6);
    play(&mut state, "R1+7");
    assert_eq!(pieces(&state, 0), [3, 62]);
    roll(&mut state, 6);
    assert_eq!(
        pieces(&state, 0),
        [3, 62],
        "the piece moved last is in the safe area"
    );
    assert_eq!(state.seat_to_play(), Some(S1));
}

// --- Bắt quân ---------------------------------------------------------------------------------

#[test]
fn landing_on_an_opponent_outside_the_safe_area_captures_it() {
    // Seat 1 (colour 2) has a piece at progress 32 = T7; seat 0 moves T4 + 3 onto it.
    let mut state = at("0,5/0,32 m03 t0.0 n6", &config(2));
    play(&mut state, "T4+3");
    assert_eq!(pieces(&state, 0), [0, 8]);
    assert_eq!(
        pieces(&state, 1),
        [0, 0],
        "captured pieces go back to the nest"
    );
}

#[test]
fn both_pieces_on_a_square_are_captured_together() {
    let mut state = at("0,5/32,32 m03 t0.0 n6", &config(2));
    play(&mut state, "T4+3");
    assert_eq!(pieces(&state, 1), [0, 0]);
}

#[test]
fn pieces_in_the_safe_area_cannot_be_captured() {
    // On the ring: seat 1 (colour 1) is on R4 (its progress 56); seat 0 on R0 rolls 4: the
    // move stops on R3 and seat 1's piece stays.
    let config = config(4);
    let mut state = at("0,54/0,56/0,0/0,0 m04 t0.0 n9", &config);
    assert_eq!(moves(&state), ["R0+4"]);
    play(&mut state, "R0+4");
    assert_eq!(pieces(&state, 0), [0, 57]);
    assert_eq!(pieces(&state, 1), [0, 56]);
}

#[test]
fn pieces_in_the_shared_centre_cannot_be_captured() {
    // The centre is the one safe square two colours can share: seat 1 is already there when
    // seat 0 lands on it; nobody goes home.
    for players in [2, 4] {
        let others = if players == 4 { "/0,64/0,0" } else { "" };
        let mut state = at(&format!("0,62/0,64{others} m02 t0.0 n9"), &config(players));
        play(&mut state, "X+2");
        assert_eq!(pieces(&state, 0), [0, 64]);
        assert_eq!(pieces(&state, 1), [0, 64], "{players} players");
        if players == 4 {
            assert_eq!(pieces(&state, 2), [0, 64]);
        }
    }
}

#[test]
fn a_five_captures_another_players_piece_on_the_exit_square() {
    // Seat 0 stands on T12, seat 1's exit square.
    let mut state = at("0,13/0,5/0,0/0,0 m15 t0.0 n9", &config(4));
    assert_eq!(moves(&state), ["exit"]);
    play(&mut state, "exit");
    assert_eq!(pieces(&state, 0), [0, 0]);
    assert_eq!(pieces(&state, 1), [1, 5]);
    let optional = at(
        "0,13/0,5/0,0/0,0 m15 t0.0 n9",
        &with(4, "exit_capture", "optional"),
    );
    assert_eq!(moves(&optional), ["exit", "T16+5"]);
    let blocked = at(
        "0,13/0,5/0,0/0,0 m15 t0.0 n9",
        &with(4, "exit_capture", "blocked"),
    );
    assert_eq!(moves(&blocked), ["T16+5"]);
}

/// With the exit square empty, `exit_capture = blocked` or `optional` changes nothing: the 5
/// must still bring the piece out (only another player's piece there makes the difference).
#[test]
fn exit_capture_settings_still_force_the_exit_onto_an_empty_square() {
    for setting in ["blocked", "optional"] {
        let mut state = at("0,20/0,0 m05 t0.0 n9", &with(2, "exit_capture", setting));
        assert_eq!(moves(&state), ["exit"], "exit_capture={setting}");
        play(&mut state, "exit");
        assert_eq!(pieces(&state, 0), [1, 20], "exit_capture={setting}");
    }
}

// --- Khu vực an toàn ----------------------------------------------------------------------

#[test]
fn the_safe_area_has_two_entrances() {
    // Entrance 1: from the lane mouth (progress 48) three steps into the lane: L_0.2.
    let mut lane = at("0,48/0,0 m03 t0.0 n9", &config(2));
    play(&mut lane, "T47+3");
    assert_eq!(pieces(&lane, 0), [0, 51]);
    assert_eq!(
        lane.board().kind_at(0, 51),
        co_ca_ngua::board::SquareKind::Lane {
            colour: 0,
            index: 2
        }
    );
    // Entrance 2: the shortcut arrow from the circle K_0 (progress 42) to the destination
    // square, pushed along the lane to the arrow square X_0 (progress 54).
    let mut arrow = at("0,40/0,0 m02 t0.0 n9", &config(2));
    play(&mut arrow, "T39+2>D");
    assert_eq!(pieces(&arrow, 0), [0, 54]);
    // Without the arrow the same roll stays on the track.
    let mut track = at("0,40/0,0 m02 t0.0 n9", &config(2));
    play(&mut track, "T39+2");
    assert_eq!(pieces(&track, 0), [0, 42]);
}

// --- Thắng lợi ----------------------------------------------------------------------------

#[test]
fn both_pieces_in_the_centre_win() {
    let mut one = at("0,62/0,0 m02 t0.0 n9", &config(2));
    play(&mut one, "X+2");
    assert_eq!(pieces(&one, 0), [0, 64]);
    assert_eq!(
        one.turn(),
        Turn::Chance,
        "one piece in the centre does not win"
    );
    let mut both = at("62,64/0,0 m02 t0.0 n9", &config(2));
    play(&mut both, "X+2");
    assert_eq!(both.outcome().unwrap().winner(), Some(S0));
}

#[test]
fn entering_the_centre_needs_the_exact_roll() {
    assert_eq!(moves(&at("0,63/0,0 m02 t0.0 n9", &config(2))), ["pass"]);
    assert_eq!(moves(&at("0,62/0,0 m03 t0.0 n9", &config(2))), ["pass"]);
    let mut state = at("0,63/0,0 m01 t0.0 n9", &config(2));
    play(&mut state, "S0+1");
    assert_eq!(pieces(&state, 0), [0, 64]);
}

// --- Lối vào 1 ------------------------------------------------------------------------------

#[test]
fn the_lane_mouth_cannot_be_passed() {
    assert_eq!(moves(&at("0,45/0,0 m04 t0.0 n9", &config(2))), ["pass"]);
    let mut state = at("0,45/0,0 m03 t0.0 n9", &config(2));
    play(&mut state, "T44+3");
    assert_eq!(pieces(&state, 0), [0, 48], "a move may end on the mouth");
}

#[test]
fn after_a_full_lap_the_next_move_enters_the_lane() {
    let mut state = at("0,48/0,0 m02 t0.0 n9", &config(2));
    play(&mut state, "T47+2");
    assert_eq!(pieces(&state, 0), [0, 50]);
    assert_eq!(
        state.board().kind_at(0, 50),
        co_ca_ngua::SquareKind::Lane {
            colour: 0,
            index: 1
        },
        "the lane, not the track square after the mouth"
    );
}

// --- Lối vào 2 và đường tắt ---------------------------------------------------------------

#[test]
fn arriving_at_the_destination_pushes_the_piece_as_far_as_it_can_go() {
    let mut state = at("0,40/0,0 m02 t0.0 n9", &config(2));
    play(&mut state, "T39+2>D");
    assert_eq!(
        pieces(&state, 0),
        [0, 54],
        "pushed along the lane to the arrow square X"
    );
    // Seat 1 (colour 1) stands on R0 (its progress 60): the push stops on the last lane square.
    let mut blocked = at("0,40/0,60/0,0/0,0 m02 t0.0 n9", &config(4));
    play(&mut blocked, "T39+2>D");
    assert_eq!(pieces(&blocked, 0), [0, 53]);
    assert_eq!(pieces(&blocked, 1), [0, 60]);
}

#[test]
fn a_piece_stopping_on_its_own_circle_may_take_the_shortcut() {
    let state = at("0,40/0,0 m02 t0.0 n9", &config(2));
    assert_eq!(moves(&state), ["T39+2", "T39+2>D"], "the jump is optional");
    let mut stay = state.clone();
    play(&mut stay, "T39+2");
    assert_eq!(pieces(&stay, 0), [0, 42]);
    let off = at("0,40/0,0 m02 t0.0 n9", &with(2, "shortcut", "false"));
    assert_eq!(moves(&off), ["T39+2"]);
}

#[test]
fn the_shortcut_needs_the_piece_to_stop_on_the_circle() {
    assert_eq!(
        moves(&at("0,40/0,0 m03 t0.0 n9", &config(2))),
        ["T39+3"],
        "passing K is no jump"
    );
    let mut later = at("0,42/0,0 m01 t0.0 n9", &config(2));
    assert_eq!(
        moves(&later),
        ["T41+1"],
        "a piece already on K moves on normally"
    );
    play(&mut later, "T41+1");
    assert_eq!(pieces(&later, 0), [0, 43]);
}

#[test]
fn other_colours_treat_the_circle_as_an_ordinary_square() {
    // T41 is colour 0's circle; colour 1 reaches it at its progress 30.
    assert_eq!(
        moves(&at("0,0/0,28/0,0/0,0 m12 t0.0 n9", &config(4))),
        ["T39+2"]
    );
    // Colour 1's own circle is T5 (progress 42).
    assert_eq!(
        moves(&at("0,0/0,40/0,0/0,0 m12 t0.0 n9", &config(4))),
        ["T3+2", "T3+2>D"]
    );
}

// --- Vòng tròn nhỏ bên trong --------------------------------------------------------------

#[test]
fn the_ring_lap_needs_the_exact_roll_back_to_the_arrow_square() {
    assert_eq!(
        moves(&at("58,64/0,0 m05 t0.0 n9", &config(2))),
        ["pass"],
        "R4 + 5 overshoots X"
    );
    let mut state = at("0,58/0,0 m04 t0.0 n9", &config(2));
    play(&mut state, "R4+4");
    assert_eq!(pieces(&state, 0), [0, 62]);
    // A piece that has just arrived on X goes round, not to the centre.
    let mut arrived = at("0,54/0,0 m02 t0.0 n9", &config(2));
    play(&mut arrived, "R0+2");
    assert_eq!(pieces(&arrived, 0), [0, 56]);
}

#[test]
fn the_centre_is_two_squares_from_the_lapped_arrow_square() {
    let state = at("0,62/0,0 m02 t0.0 n9", &config(2));
    assert_eq!(state.board().end() - state.board().lapped(), 2);
    assert_eq!(moves(&state), ["X+2"]);
    let mut one = at("0,62/0,0 m01 t0.0 n9", &config(2));
    play(&mut one, "X+1");
    assert_eq!(pieces(&one, 0), [0, 63]);
}

#[test]
fn on_the_ring_a_piece_stops_just_before_another_players_piece() {
    let state = at("0,54/0,56/0,0/0,0 m06 t1.0 n9", &config(4));
    let mut cut = state.clone();
    play(&mut cut, "R0+6");
    assert_eq!(
        pieces(&cut, 0),
        [0, 57],
        "stopped on R3, before seat 1 on R4"
    );
    let illegal = at(
        "0,54/0,56/0,0/0,0 m06 t1.0 n9",
        &with(4, "ring_block", "illegal"),
    );
    assert_eq!(moves(&illegal), ["pass"]);
    // Right behind the piece there is nowhere to go.
    assert_eq!(
        moves(&at("0,57/0,56/0,0/0,0 m02 t0.0 n9", &config(4))),
        ["pass"]
    );
}

#[test]
fn own_pieces_may_be_passed_on_the_ring() {
    let mut state = at("54,56/0,0 m04 t0.0 n9", &config(2));
    play(&mut state, "R0+4");
    assert_eq!(pieces(&state, 0), [56, 58]);
}

// --- Other choices ---------------------------------------------------------------------------

#[test]
fn own_pieces_may_share_a_square_and_give_one_move() {
    let mut state = at("3,5/0,0 m02 t0.0 n9", &config(2));
    play(&mut state, "T2+2");
    assert_eq!(pieces(&state, 0), [5, 5]);
    roll(&mut state, 3);
    // Seat 1 passes (nothing out), then seat 0 has one move for the two pieces.
    play(&mut state, "pass");
    roll(&mut state, 1);
    assert_eq!(moves(&state), ["T4+1"]);
}

#[test]
fn pieces_jump_over_any_pieces_on_the_track() {
    // Seat 1 (colour 2) on T4 = its progress 29.
    let mut state = at("0,3/0,29 m04 t0.0 n9", &config(2));
    play(&mut state, "T2+4");
    assert_eq!(pieces(&state, 0), [0, 7]);
    assert_eq!(pieces(&state, 1), [0, 29]);
}

#[test]
fn the_length_guard_draws_after_max_rolls() {
    let config = with(2, "max_rolls", "3");
    let mut state = CoCaNgua::new(config).unwrap();
    roll(&mut state, 3);
    roll(&mut state, 1);
    roll(&mut state, 4);
    play(&mut state, "pass");
    assert_eq!(state.turn(), Turn::Terminal);
    assert!(state.outcome().unwrap().is_draw());
    assert_eq!(CoCaNgua::max_game_length(&config), Some(6));
    assert_eq!(CoCaNgua::max_game_length(&with(2, "max_rolls", "0")), None);
}

#[test]
fn the_plain_preset_turns_the_house_readings_off() {
    let plain = Config::preset("plain").unwrap();
    assert_eq!(
        moves(&at("3,40/0,0 m06 t0.0 n6", &plain)),
        ["T2+6", "T39+6"]
    );
    assert_eq!(moves(&at("0,40/0,0 m02 t0.0 n6", &plain)), ["T39+2"]);
    // A 6 that cannot be played: the default rolls again (`six_after_pass`), plain passes the
    // turn on.
    // (The default counts the six for the triple-six rule, plain does not.)
    for (rules, text, next) in [
        (config(2), "0,64/0,0 m06 t1.0 n6", S0),
        (plain, "0,64/0,0 m06 t0.0 n6", S1),
    ] {
        let mut state = at(text, &rules);
        assert_eq!(moves(&state), ["pass"]);
        play(&mut state, "pass");
        assert_eq!(state.seat_to_play(), Some(next));
    }
}

#[test]
fn evaluation_is_progress_minus_the_best_opponent() {
    let state = at("3,20/10,30/5,5 m04 t0.0 n6", &config(3));
    assert_eq!(state.evaluation(S0), 23 - 40);
    assert_eq!(state.evaluation(S1), 40 - 23);
}

/// The guard counts the rolls of the roll-off too: a roll-off that keeps tying is a draw
/// once `max_rolls` dice have been rolled (survivor of the full mutation run, 15/16).
#[test]
fn the_length_guard_draws_a_roll_off_that_keeps_tying() {
    let config = with(2, "max_rolls", "4");
    let mut state = CoCaNgua::new(config).unwrap();
    for _ in 0..3 {
        roll(&mut state, 5);
        assert_eq!(state.turn(), Turn::Chance, "still rolling off");
    }
    roll(&mut state, 5);
    assert_eq!(state.turn(), Turn::Terminal);
    assert!(state.outcome().unwrap().is_draw());
    // Without the guard the roll-off goes on.
    let mut state = CoCaNgua::new(with(2, "max_rolls", "0")).unwrap();
    for _ in 0..10 {
        roll(&mut state, 5);
    }
    assert!(state.roll_off().is_some());
}
