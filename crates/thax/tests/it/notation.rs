//! The state notation, its typed errors, the board picture, and serde.

use crate::common;

use boardgame_core::{Configure, Game};
use common::*;
use thax::{ParseThaxError, Thax, ThaxConfig};

#[test]
fn start_positions_of_every_preset() {
    let starts = [
        ("classic", "00000/00000 oH01 0 0"),
        ("thax-out", "00000/00000 oH01 0 0"),
        ("thax-out-limited", "00000/00000 oH01 0 0"),
        ("n-of-n", "00000/00000 oH01 0 0"),
        ("with-sums", "000000000/000000000 oH01 0 0"),
    ];
    for (name, text) in starts {
        let config = ThaxConfig::preset(name).unwrap();
        let start = Thax::new(config).unwrap();
        assert_eq!(start.to_string(), text);
        assert_eq!(Thax::from_notation(text, &config), Ok(start));
    }
}

#[test]
fn notation_round_trips_mid_roll_off_and_mid_turn() {
    for text in [
        "00000/00000 oH01:7 0 1",
        "31202/00120 m1:3-5 0 17",
        "33333/12000 w0 0 10",
        "10000/02000 r1 0 8",
    ] {
        assert_eq!(pos(text).to_string(), text);
        assert_eq!(
            text.parse::<Thax>().map(|s| s.to_string()).as_deref(),
            Ok(text)
        );
    }
}

fn error(text: &str) -> ParseThaxError {
    Thax::from_notation(text, &ThaxConfig::default()).unwrap_err()
}

#[test]
fn notation_errors_say_what_and_where() {
    assert_eq!(
        error("00000/00000 r0 0"),
        ParseThaxError::FieldCount { found: 3 }
    );
    assert_eq!(
        error("0000000000 r0 0 0"),
        ParseThaxError::Sides {
            found: "0000000000".into()
        }
    );
    assert_eq!(
        error("0000/00000 r0 0 0"),
        ParseThaxError::SideLength {
            seat: 0,
            expected: 5,
            found: "0000".into()
        }
    );
    assert_eq!(
        error("00000/00400 r0 0 0"),
        ParseThaxError::Count {
            seat: 1,
            number: 3,
            found: '4',
            capacity: 3
        }
    );
    assert!(matches!(
        error("00000/00000 x0 0 0"),
        ParseThaxError::Phase { .. }
    ));
    assert!(matches!(
        error("00000/00000 r2 0 0"),
        ParseThaxError::Phase { .. }
    ));
    assert!(matches!(
        error("00000/00000 m0:3-7 0 1"),
        ParseThaxError::Phase { .. }
    ));
    assert!(matches!(
        error("00000/00000 oH01:7,8 0 2"),
        ParseThaxError::Phase { .. }
    ));
    assert!(matches!(
        error("00000/00000 oH0 0 0"),
        ParseThaxError::Phase { .. }
    ));
    assert_eq!(
        error("00000/00000 r0 -1 0"),
        ParseThaxError::Pot { found: "-1".into() }
    );
    assert_eq!(
        error("00000/00000 r0 0 +3"),
        ParseThaxError::Rolls { found: "+3".into() }
    );
    let text = error("00000/00000 r0 0 x").to_string();
    assert!(text.contains("roll count"), "{text}");
}

#[test]
fn impossible_positions_are_refused() {
    for text in [
        "00000/00000 r0 1 0",     // a pot in Classic
        "33333/00000 r1 0 20",    // a full side that has not won
        "33332/00000 w0 0 20",    // a winner whose side is not full
        "10000/00000 oH01 0 1",   // pieces during the roll-off
        "00000/00000 m0:1-2 0 0", // a decision before any roll
        "00000/00000 t 0 20",     // turn limit before max_rolls
        "00000/00000 r0 0 1000",  // a roll after the guard
        "00000/00000 d 0 5",      // a dead draw with an unlimited supply
        "00000/00000 r0 0 1001",  // beyond max_rolls
    ] {
        assert!(
            matches!(error(text), ParseThaxError::Inconsistent { .. }),
            "{text} accepted"
        );
    }
    let fixed = config(&[("first", "0")]);
    assert!(Thax::from_notation("00000/00000 oH01 0 0", &fixed).is_err());
    let limited = ThaxConfig::preset("thax-out-limited").unwrap();
    assert!(
        Thax::from_notation("33333/33320 r0 3 50", &limited).is_err(),
        "31 pieces"
    );
    assert!(
        Thax::from_notation("00000/00000 r0 16 50", &limited).is_err(),
        "dead but not marked"
    );
    assert!(Thax::from_notation("00000/00000 d 16 50", &limited).is_ok());
    let thax_out = ThaxConfig::thax_out();
    assert!(
        Thax::from_notation("10000/00000 m0:6-6 1 1", &thax_out).is_err(),
        "pot of 1 after one throw"
    );
    assert!(Thax::from_notation("10000/00000 m0:6-6 1 2", &thax_out).is_ok());
}

#[test]
fn alternate_display_draws_the_board() {
    let picture = format!("{:#}", pos("31202/00120 m1:3-5 0 17"));
    assert!(
        picture.contains("seat 0  1[###] 2[#..] 3[##.] 4[...] 5[##.]  8/15"),
        "{picture}"
    );
    assert!(
        picture.contains("seat 1  1[...] 2[...] 3[#..] 4[##.] 5[...]  3/15"),
        "{picture}"
    );
    assert!(picture.contains("seat 1 plays 3-5"), "{picture}");
    assert_eq!(picture.lines().count(), 4);
}

#[cfg(feature = "serde")]
mod serde {
    use super::*;
    use thax::ThaxMove;

    #[test]
    fn config_and_moves_serialize_as_readable_json() {
        let config = config(&[
            ("board", "1,2x2,3x3,4x4,5x5"),
            ("supply", "30"),
            ("first", "1"),
        ]);
        let json = serde_json::to_string(&config).unwrap();
        assert!(json.contains("\"board\":\"1,2x2,3x3,4x4,5x5\""), "{json}");
        assert_eq!(serde_json::from_str::<ThaxConfig>(&json).unwrap(), config);
        let mv = ThaxMove::Take { from: 2, to: 3 };
        assert_eq!(serde_json::to_string(&mv).unwrap(), "\"take 2>3\"");
        assert!(serde_json::from_str::<ThaxMove>("\"take 2>7x\"").is_err());
    }

    #[test]
    fn results_serialize_with_their_details() {
        let result = thax::ThaxResult::Won { winner: S1, pot: 3 };
        let json = serde_json::to_string(&result).unwrap();
        assert_eq!(
            serde_json::from_str::<thax::ThaxResult>(&json).unwrap(),
            result
        );
        assert!(json.contains("\"pot\":3"), "{json}");
    }

    #[test]
    fn state_deserialization_validates_the_notation() {
        let state = pos("31202/00120 m1:3-5 0 17");
        let json = serde_json::to_string(&state).unwrap();
        assert_eq!(serde_json::from_str::<Thax>(&json).unwrap(), state);
        let forged = json.replace("31202/00120", "33333/33333");
        assert!(serde_json::from_str::<Thax>(&forged).is_err());
    }
}

#[test]
fn results_read_as_sentences() {
    assert_eq!(
        format!("{:#}", pos("33333/12000 w0 0 10")).lines().last(),
        Some("seat 0 won (pot 0)")
    );
    let limited = ThaxConfig::preset("thax-out-limited").unwrap();
    let dead = Thax::from_notation("00000/00000 d 16 50", &limited).unwrap();
    assert_eq!(dead.result().unwrap().to_string(), "dead draw (pot 16)");
    let limit = pos("31000/01010 t 0 1000").result().unwrap();
    assert_eq!(limit.to_string(), "turn limit: draw (covered 4 and 2)");
}

/// A move that does not parse says why: a known verb with the wrong number of arguments is
/// told apart from an unknown verb, and a number out of range names its range.
#[test]
fn move_errors_name_what_is_wrong() {
    use thax::ThaxMove;
    let reason = |text: &str| text.parse::<ThaxMove>().unwrap_err().reason;
    for text in [
        "pass 1",
        "place",
        "place 1 2 3",
        "sum",
        "thax",
        "take",
        "take 2>3 4",
    ] {
        assert_eq!(reason(text), "wrong number of arguments", "{text:?}");
    }
    for text in ["", "jump 3", "Place 2", "passes"] {
        assert_eq!(reason(text), "unknown move", "{text:?}");
    }
    assert_eq!(reason("place 6"), "a die number must be 1..=5");
    assert_eq!(reason("place 2 0"), "a die number must be 1..=5");
    assert_eq!(reason("sum 11"), "a sum must be 2..=10");
    assert_eq!(reason("thax 11"), "a space number must be 1..=10");
    assert_eq!(reason("take 0>3"), "a space number must be 1..=10");
    assert_eq!(reason("take 2-3"), "a take is written `take F>T`");
    let error = "sum 1".parse::<ThaxMove>().unwrap_err();
    assert_eq!(error.text, "sum 1");
}

/// The phases of a finished game by turn limit (`t`) and dead draw (`d`) are one letter:
/// anything after the letter is refused, not ignored.
#[test]
fn end_phases_t_and_d_are_one_letter() {
    let limited = ThaxConfig::preset("thax-out-limited").unwrap();
    assert!(Thax::from_notation("00000/00000 d 16 50", &limited).is_ok());
    assert!(Thax::from_notation("31000/01010 t 0 1000", &ThaxConfig::default()).is_ok());
    for (text, config) in [
        ("00000/00000 d0 16 50", &limited),
        ("00000/00000 dd 16 50", &limited),
        ("31000/01010 t0 0 1000", &ThaxConfig::default()),
        ("31000/01010 tt 0 1000", &ThaxConfig::default()),
    ] {
        assert!(
            matches!(
                Thax::from_notation(text, config),
                Err(ParseThaxError::Phase { .. })
            ),
            "{text}"
        );
    }
}

/// A roll-off is between the two seats of the table, 0 and 1: one naming seat 2 is refused
/// as a phase error.
#[test]
fn a_roll_off_naming_seat_2_is_a_phase_error() {
    assert!(Thax::from_notation("00000/00000 oH01 0 0", &ThaxConfig::default()).is_ok());
    for phase in ["oH02", "oH12", "oH012"] {
        let text = format!("00000/00000 {phase} 0 0");
        assert!(
            matches!(error(&text), ParseThaxError::Phase { .. }),
            "{text}: {:?}",
            Thax::from_notation(&text, &ThaxConfig::default())
        );
    }
}

/// Classic has no pot, even when enough dice have been thrown for double sixes to fill one.
#[test]
fn a_pot_in_classic_is_refused_however_many_rolls() {
    assert!(Thax::from_notation("00000/00000 r0 1 5", &ThaxConfig::thax_out()).is_ok());
    assert_eq!(
        error("00000/00000 r0 1 5"),
        ParseThaxError::Inconsistent {
            reason: "only Thax Out has a pot"
        }
    );
}

/// No double six can have been thrown before the first turn, so a roll-off with a pot is
/// refused even in Thax Out and with enough throws to account for it.
#[test]
fn a_pot_during_the_roll_off_is_refused() {
    let thax_out = ThaxConfig::thax_out();
    assert!(Thax::from_notation("00000/00000 oH01:7 0 1", &thax_out).is_ok());
    assert_eq!(
        Thax::from_notation("00000/00000 oH01:7 1 1", &thax_out),
        Err(ParseThaxError::Inconsistent {
            reason: "pieces on the board before the first turn"
        })
    );
}
