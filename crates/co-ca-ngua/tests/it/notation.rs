//! The state line, move notation, picture and serde.

use boardgame_core::{Game, Seat};
use co_ca_ngua::{CoCaNgua, Config, Move, Spot, StateField};

fn parse(text: &str, players: u8) -> Result<CoCaNgua, co_ca_ngua::ParseStateError> {
    CoCaNgua::from_notation(text, &Config::with_players(players))
}

#[test]
fn the_state_line_round_trips() {
    for (text, players) in [
        ("0,0/0,0 oL01 t0.0 n0", 2),
        ("0,0/0,0/0,0 oL01:3 t0.0 n1", 3),
        ("0,0/0,0/0,0/0,0 oL13 t0.0 n4", 4),
        ("3,20/0,32 m06 t2.20 n17", 2),
        ("10,27/0,0 r0 t2.27 n17", 2),
        ("0,62/64,64 w1 t0.0 n99", 2),
    ] {
        let state = parse(text, players).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(state.to_string(), text);
    }
    let default: CoCaNgua = "0,0/0,0 oL01 t0.0 n0".parse().unwrap();
    assert_eq!(default, CoCaNgua::new(Config::default()).unwrap());
}

#[test]
fn state_errors_name_the_field() {
    for (text, field) in [
        ("0,0/0,0 oL01 t0.0", StateField::Fields),
        ("0,0/0,0  oL01 t0.0 n0", StateField::Fields),
        ("0,0 oL01 t0.0 n0", StateField::Pieces),
        ("0,65/0,0 r0 t0.0 n0", StateField::Pieces),
        ("5,3/0,0 r0 t0.0 n0", StateField::Pieces),
        ("0,03/0,0 r0 t0.0 n0", StateField::Pieces),
        ("0,3/0,0 q0 t0.0 n3", StateField::Phase),
        ("0,3/0,0 r2 t0.0 n3", StateField::Phase),
        ("0,3/0,0 m07 t0.0 n3", StateField::Phase),
        ("0,0/0,0 oH01 t0.0 n0", StateField::Phase),
        ("0,0/0,0 oL0 t0.0 n0", StateField::Phase),
        ("0,3/0,0 r0 t0 n3", StateField::Turn),
        ("0,3/0,0 r0 t0.0 3", StateField::Rolls),
        ("0,3/0,0 oL01 t0.0 n3", StateField::Position),
        ("1,1/0,0 r0 t0.0 n3", StateField::Position),
        ("0,5/0,29 r0 t0.0 n3", StateField::Position),
        ("0,3/0,0 r0 t3.0 n3", StateField::Position),
        ("0,3/0,0 r0 t0.3 n3", StateField::Position),
        ("0,3/0,0 m06 t0.0 n3", StateField::Position),
        ("0,3/0,0 m05 t1.0 n3", StateField::Position),
        ("0,3/0,0 r0 t1.7 n3", StateField::Position),
        ("64,64/0,0 r1 t0.0 n3", StateField::Position),
        ("0,64/0,0 w0 t0.0 n3", StateField::Position),
        ("0,3/0,0 d t0.0 n3", StateField::Position),
        ("0,3/0,0 r0 t0.0 n2001", StateField::Position),
    ] {
        let error = parse(text, 2).expect_err(text);
        assert_eq!(error.field, field, "{text}: {error}");
    }
    let mut bad = Config::default();
    bad.layout.ring_len = 6;
    assert_eq!(
        CoCaNgua::from_notation("0,0/0,0 oL01 t0.0 n0", &bad)
            .unwrap_err()
            .field,
        StateField::Config
    );
}

#[test]
fn moves_name_squares_not_pieces() {
    // Two pieces of one seat on colour 0's arrow square: one arrived (R0), one lapped (X).
    let state = parse("54,62/0,0 m01 t0.0 n9", 2).unwrap();
    let moves: Vec<String> = state
        .legal_moves_vec()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(moves, ["R0+1", "X+1"]);
    assert_eq!(
        "X+1".parse::<Move>().unwrap(),
        Move::Advance {
            from: Spot::Lapped,
            steps: 1
        }
    );
}

#[test]
fn the_alternate_format_draws_the_board() {
    let state = parse("0,5/0,54 m02 t0.0 n9", 2).unwrap();
    let picture = format!("{state:#}");
    let lines: Vec<&str> = picture.lines().collect();
    assert!(
        lines[0].starts_with("  E"),
        "track square 0 is colour 0's exit:\n{picture}"
    );
    assert!(lines[0].contains(" 0"), "seat 0's piece on T4:\n{picture}");
    assert!(
        picture.contains("ring R0..:  .  .  .  .  1"),
        "seat 1 (colour 2) on R4:\n{picture}"
    );
    assert!(picture.contains("seat 0 moves 2 (die 2)"), "{picture}");
    assert_eq!(state.pieces(Seat::new(1)), [0, 54]);
}

#[cfg(feature = "serde")]
#[test]
fn serde_goes_through_the_notation() {
    let state = parse("3,20/0,32 m06 t2.20 n17", 2).unwrap();
    let json = serde_json::to_string(&state).unwrap();
    assert!(
        json.contains("\"state\":\"3,20/0,32 m06 t2.20 n17\""),
        "{json}"
    );
    assert_eq!(serde_json::from_str::<CoCaNgua>(&json).unwrap(), state);
    let tampered = json.replace("m06 t2.20", "m06 t0.20");
    assert!(serde_json::from_str::<CoCaNgua>(&tampered).is_err());
    let mv: Move = "T36+5>D".parse().unwrap();
    assert_eq!(serde_json::to_string(&mv).unwrap(), "\"T36+5>D\"");
}

/// Records written before the `pieces` and `dice` settings existed still read, as the seed's
/// two pieces and one die.
#[cfg(feature = "serde")]
#[test]
fn serde_reads_a_config_without_pieces_or_dice_as_two_pieces_and_one_die() {
    let mut json: serde_json::Value = serde_json::to_value(Config::default()).unwrap();
    let fields = json.as_object_mut().unwrap();
    assert!(fields.remove("pieces").is_some() && fields.remove("dice").is_some());
    let config: Config = serde_json::from_value(json).unwrap();
    assert_eq!((config.pieces, config.dice), (2, 1));
    assert_eq!(config, Config::default());
}

#[test]
fn the_picture_falls_back_to_a_row_for_other_track_lengths() {
    use boardgame_core::Configure;
    let mut config = Config::with_players(2);
    for (key, value) in [
        ("track_len", "18"),
        ("quadrant", "4"),
        ("shortcut_at", "10"),
        ("mouth_at", "17"),
    ] {
        config.set(key, value).unwrap();
    }
    let state = CoCaNgua::new(config).unwrap();
    let picture = format!("{state:#}");
    assert!(picture.starts_with("track: E"), "{picture}");
    assert!(picture.contains("roll-off"), "{picture}");
}

/// A state error's message names the field at fault in words.
#[test]
fn state_errors_say_the_field_in_words() {
    for (field, name) in [
        (StateField::Fields, "fields"),
        (StateField::Config, "config"),
        (StateField::Pieces, "pieces"),
        (StateField::Phase, "phase"),
        (StateField::Turn, "turn"),
        (StateField::Rolls, "rolls"),
        (StateField::Position, "position"),
    ] {
        assert_eq!(field.to_string(), name);
    }
    let message = parse("0,3/0,0 r0 t0.0 3", 2).unwrap_err().to_string();
    assert!(message.contains(": rolls: "), "{message}");
}

/// The phase field is refused, as a phase error and without a panic, when `d` has anything
/// after it, when `m` lacks its seat or its roll, or when a character after `m` is not ASCII;
/// a roll-off under the wrong rule says which rule is in force.
#[test]
fn malformed_phases_are_phase_errors() {
    for text in [
        "0,3/0,0 dx t0.0 n3",
        "0,3/0,0 d0 t0.0 n3",
        "0,3/0,0 m t0.0 n3",
        "0,3/0,0 m0 t0.0 n3",
        "0,3/0,0 mé5 t0.0 n3",
    ] {
        let error = parse(text, 2).expect_err(text);
        assert_eq!(error.field, StateField::Phase, "{text}: {error}");
    }
    // The default rules start with a lowest-wins roll-off (L); a highest-wins one is refused
    // by naming the rule in force.
    let error = parse("0,0/0,0 oH01 t0.0 n0", 2).unwrap_err();
    assert_eq!(error.reason, "the roll-off is lowest-starts (L)");
}

/// The end of a game as a state line: a win is the one finished seat's, with no turn in
/// progress; a draw comes at `max_rolls` with nobody finished and no turn in progress; and
/// with `max_rolls = 0` (no guard) any roll count is possible.
#[test]
fn finished_games_are_checked_for_winner_guard_and_turn() {
    let reason = |text: &str, config: &Config| {
        CoCaNgua::from_notation(text, config)
            .map(|_| ())
            .map_err(|e| (e.field, e.reason))
    };
    let position = |why: &str| Err((StateField::Position, why.to_string()));
    let mut sixes = Config::with_players(2);
    sixes.triple_six = true;
    // Seat 1 is home, but the line says seat 0 won.
    assert_eq!(
        reason("0,0/64,64 w0 t0.0 n3", &sixes),
        position("the winner must be the one seat with all its pieces home")
    );
    assert_eq!(reason("0,0/64,64 w1 t0.0 n3", &sixes), Ok(()));
    // A won game with a six still pending.
    assert_eq!(
        reason("0,0/64,64 w1 t1.0 n3", &sixes),
        position("a finished game has no turn in progress")
    );
    // A drawn game at the guard with a six still pending.
    let max = sixes.max_rolls;
    assert_eq!(reason(&format!("0,3/0,0 d t0.0 n{max}"), &sixes), Ok(()));
    assert_eq!(
        reason(&format!("0,3/0,0 d t1.0 n{max}"), &sixes),
        position("a drawn game ends at max_rolls with nobody finished")
    );
    // Without the guard, the roll count has no bound.
    let mut unguarded = Config::with_players(2);
    unguarded.max_rolls = 0;
    assert_eq!(reason("0,3/0,0 r0 t0.0 n5000", &unguarded), Ok(()));
}

/// Without `triple_six` no run of sixes is tracked: a pending six alone, with no piece moved
/// yet, is refused like a piece moved last alone.
#[test]
fn without_triple_six_neither_sixes_nor_a_last_moved_piece_are_tracked() {
    let mut config = Config::with_players(2);
    config.triple_six = false;
    assert!(CoCaNgua::from_notation("0,3/0,0 r0 t0.0 n3", &config).is_ok());
    for text in [
        "0,3/0,0 r0 t1.0 n3",
        "0,3/0,0 r0 t0.3 n3",
        "0,3/0,0 r0 t1.3 n3",
    ] {
        let error = CoCaNgua::from_notation(text, &config).expect_err(text);
        assert_eq!(error.field, StateField::Position, "{text}: {error}");
        assert_eq!(
            error.reason, "sixes and the last moved piece are only tracked under triple_six",
            "{text}"
        );
    }
}

/// During the roll-off no turn is in progress: neither a pending six nor a last moved piece
/// may be given, even under `triple_six`, which tracks both.
#[test]
fn a_roll_off_has_no_turn_in_progress() {
    let mut sixes = Config::with_players(2);
    sixes.triple_six = true;
    let reason = |text: &str| {
        CoCaNgua::from_notation(text, &sixes)
            .map(|_| ())
            .map_err(|e| (e.field, e.reason))
    };
    assert_eq!(reason("0,0/0,0 oL01 t0.0 n0"), Ok(()));
    for turn in ["t1.0", "t0.1", "t1.1"] {
        assert_eq!(
            reason(&format!("0,0/0,0 oL01 {turn} n0")),
            Err((
                StateField::Position,
                "during the roll-off every piece is in its nest".to_string()
            )),
            "{turn}"
        );
    }
}

/// `Debug` shows the position in its notation and the configuration, so a failed assertion
/// on a state says which state it was.
#[test]
fn debug_shows_the_notation_and_the_configuration() {
    let config = Config::with_players(2);
    let state = CoCaNgua::from_notation("10,27/0,0 r0 t2.27 n17", &config).unwrap();
    let debug = format!("{state:?}");
    assert!(debug.starts_with("CoCaNgua"), "{debug}");
    assert!(debug.contains(&state.to_string()), "{debug}");
    assert!(debug.contains(&format!("{config:?}")), "{debug}");
}
