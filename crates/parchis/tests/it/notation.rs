//! The state notation, the move notation and the board picture.

use crate::common;

use boardgame_core::{Game, Seat};
use common::at;
use parchis::{Colour, Config, Finish, Loc, Move, NotationError, Parchis};

#[test]
fn initial_notation() {
    let state = Parchis::new(Config::seed(4)).unwrap();
    assert_eq!(
        state.to_string(),
        "n,n,n,n/n,n,n,n/n,n,n,n/n,n,n,n oH0123 s0 l- f- e- n0"
    );
    let state = Parchis::new(Config::seed(2)).unwrap();
    assert_eq!(state.to_string(), "n,n,n,n/-/n,n,n,n/- oH01 s0 l- f- e- n0");
}

#[test]
fn notation_round_trips_and_sorts_pieces() {
    let state = at(
        Config::seed(2),
        "20,n,h3,5/-/n,g,n,40/- bR20 s1 l40 f- e- n77",
    );
    assert_eq!(
        state.to_string(),
        "n,5,20,h3/-/n,n,40,g/- bR20 s1 l40 f- e- n77"
    );
    assert_eq!(
        state.pieces(Colour::Yellow).unwrap(),
        [Loc::Nest, Loc::Track(5), Loc::Track(20), Loc::Home(3)]
    );
    assert_eq!(state.seat_to_play(), Some(Seat::new(1)));
    let text = "n,n,n,n/n,n,n,5/n,n,n,5/n,n,n,n mY5 s0 l- f- eYB n20";
    assert_eq!(at(Config::spanish(4), text).to_string(), text);
}

#[test]
fn from_str_uses_the_default_rules_for_the_colours_given() {
    let state: Parchis = "n,n,n,12/-/-/n,n,n,60 rG s0 l- f- e- n5".parse().unwrap();
    assert_eq!(state.colours(), [Colour::Yellow, Colour::Green]);
    assert_eq!(
        *state.config(),
        Config::seed(2).with_colours(parchis::ColourSet::of(&[Colour::Yellow, Colour::Green]))
    );
    // The default colours give the default configuration, so the start round-trips exactly.
    let initial = Parchis::new(Config::seed(4)).unwrap();
    assert_eq!(initial.to_string().parse::<Parchis>().unwrap(), initial);
}

#[test]
fn notation_errors_say_what_and_where() {
    let config = Config::seed(2);
    let err = |text: &str| Parchis::from_notation(text, &config).unwrap_err();
    assert!(matches!(
        err("n,n,n,n/-/n,n,n,n/- rY"),
        NotationError::FieldCount { found: 2 }
    ));
    assert!(matches!(
        err("n,n,n/-/n,n,n,n/- rY s0 l- f- e- n0"),
        NotationError::Pieces {
            colour: Colour::Yellow,
            ..
        }
    ));
    assert!(matches!(
        err("n,n,n,n/n,n,n,n/n,n,n,n/- rY s0 l- f- e- n0"),
        NotationError::Pieces {
            colour: Colour::Blue,
            ..
        }
    ));
    assert!(matches!(
        err("n,n,n,3/-/n,n,n,n/- rY s0 l- f- e- n0"),
        NotationError::Pieces { .. }
    ));
    assert!(matches!(
        err("n,n,n,n/-/n,n,n,n/- rB s0 l- f- e- n0"),
        NotationError::Field { field: 2, .. }
    ));
    assert!(matches!(
        err("n,n,n,n/-/n,n,n,n/- mY7 s0 l- f- e- n0"),
        NotationError::Field { field: 2, .. }
    ));
    assert!(matches!(
        err("n,n,n,n/-/n,n,n,n/- rY s3 l- f- e- n0"),
        NotationError::Field { field: 3, .. }
    ));
    assert!(matches!(
        err("n,n,n,n/-/n,n,n,n/- rY s1 l9 f- e- n0"),
        NotationError::Field { field: 4, .. }
    ));
    assert!(matches!(
        err("n,n,n,n/-/n,n,n,n/- rY s0 l- f- e- n"),
        NotationError::Field { field: 7, .. }
    ));
    // Impossible positions for the rules in force.
    let position = |text: &str| matches!(err(text), NotationError::Position { .. });
    assert!(
        position("n,n,n,10/-/n,n,n,10/- rY s0 l- f- e- n0"),
        "two colours on a square"
    );
    assert!(
        position("n,12,12,12/-/n,n,n,n/- rY s0 l- f- e- n0"),
        "three on a safe square"
    );
    assert!(
        position("g,g,g,g/-/n,n,n,n/- rY s0 l- f- e- n0"),
        "finished but not listed"
    );
    assert!(
        position("n,n,n,n/-/n,n,n,n/- mY6 s0 l- f- e- n0"),
        "a six without sixes"
    );
    let spanish = Config::spanish(4);
    let missing_order = "n,n,n,n/n,n,n,5/n,n,n,5/n,n,n,n mY5 s0 l- f- e- n20";
    assert!(matches!(
        Parchis::from_notation(missing_order, &spanish),
        Err(NotationError::Position { .. })
    ));
    // Errors display the field.
    let message = err("n,n,n,n/-/n,n,n,n/- rY s9 l- f- e- n0").to_string();
    assert!(message.contains("field 3"), "{message}");
}

#[test]
fn moves_name_a_square_and_a_distance() {
    for text in ["out", "pass", "12+5", "h3+2", "12+20", "h1+10", "5+7"] {
        assert_eq!(text.parse::<Move>().unwrap().to_string(), text);
    }
    assert_eq!(
        "12+5".parse::<Move>().unwrap(),
        Move::Advance {
            from: Loc::Track(12),
            distance: 5
        }
    );
    for text in [
        "", "12", "+5", "0+1", "69+1", "h0+1", "h8+1", "n+5", "g+1", "12+0", "12+x",
    ] {
        assert!(text.parse::<Move>().is_err(), "{text}");
    }
}

/// A move's distance is at most two digits: the die, a six as 7, or a bonus of 10 or 20.
/// A three-digit number is refused by the parser even when it fits in a byte.
#[test]
fn a_move_distance_has_at_most_two_digits() {
    for text in ["12+100", "12+255", "h1+100", "5+120"] {
        let err = text.parse::<Move>().unwrap_err();
        assert_eq!(err.reason, "bad distance", "{text}");
    }
    assert_eq!(
        "12+20".parse::<Move>().unwrap(),
        Move::Advance {
            from: Loc::Track(12),
            distance: 20
        }
    );
}

/// The pieces field has exactly four colours: a fifth `/`-separated part is a field error,
/// not a panic while guessing the colours.
#[test]
fn a_fifth_colour_in_the_pieces_field_is_an_error() {
    let five = "n,n,n,n/n,n,n,n/n,n,n,n/n,n,n,n/n,n,n,n oH0123 s0 l- f- e- n0";
    assert!(matches!(
        five.parse::<Parchis>(),
        Err(NotationError::Field { field: 1, .. })
    ));
    let five_of_two = "n,n,n,n/-/n,n,n,n/-/n,n,n,n oH01 s0 l- f- e- n0";
    assert!(matches!(
        five_of_two.parse::<Parchis>(),
        Err(NotationError::Field { field: 1, .. })
    ));
}

#[test]
fn the_roll_count_is_n_and_a_plain_decimal_number() {
    let config = Config::seed(2);
    let with_rolls = |rolls: &str| format!("n,n,n,n/-/n,n,n,n/- rY s0 l- f- e- {rolls}");
    for (rolls, count) in [("n0", 0), ("n7", 7), ("n10", 10)] {
        let state = Parchis::from_notation(&with_rolls(rolls), &config).unwrap();
        assert_eq!(state.to_string(), with_rolls(rolls), "{rolls}");
        assert_eq!(state.rolls(), count, "{rolls}");
    }
    for rolls in ["n", "7", "n+5", "n-1", "n1x", "nx1", "n01", "n00", "N1"] {
        assert!(
            matches!(
                Parchis::from_notation(&with_rolls(rolls), &config),
                Err(NotationError::Field { field: 7, .. })
            ),
            "{rolls} accepted"
        );
    }
}

#[test]
fn alternate_display_draws_the_cross() {
    let state = at(Config::seed(2), "n,5,5,h3/-/n,n,n,40/- mY4 s0 l- f- e- n9");
    let picture = format!("{state:#}");
    assert!(picture.contains("Y nest: 1"), "{picture}");
    assert!(picture.contains("R nest: 3"), "{picture}");
    assert!(picture.contains("YY"), "{picture}");
    assert!(picture.contains("yellow to move a 4"), "{picture}");
    assert!(picture.ends_with(&state.to_string()), "{picture}");
    // 19 board rows, a status line and the notation.
    assert_eq!(picture.lines().count(), 21, "{picture}");
}

#[cfg(feature = "serde")]
#[test]
fn serde_round_trips_config_moves_and_states() {
    let config = Config::spanish(3);
    let json = serde_json::to_string(&config).unwrap();
    assert_eq!(serde_json::from_str::<Config>(&json).unwrap(), config);
    let mv: Move = "h3+2".parse().unwrap();
    assert_eq!(serde_json::to_string(&mv).unwrap(), "\"h3+2\"");
    let state = at(
        Config::seed(2),
        "n,5,20,h3/-/n,n,40,g/- bR20 s1 l40 f- e- n77",
    );
    let json = serde_json::to_string(&state).unwrap();
    assert_eq!(serde_json::from_str::<Parchis>(&json).unwrap(), state);
    // Deserialising validates.
    let bad = json.replace("n,5,20,h3", "n,40,20,h3");
    assert!(serde_json::from_str::<Parchis>(&bad).is_err());
}

#[test]
fn colour_sets_are_sets_written_in_board_order() {
    use parchis::ColourSet;
    let gy = ColourSet::of(&[Colour::Green, Colour::Yellow, Colour::Green]);
    assert_eq!(gy, ColourSet::of(&[Colour::Yellow, Colour::Green]));
    assert_eq!(gy.len(), 2);
    assert!(!gy.is_empty());
    assert!(ColourSet::of(&[]).is_empty());
    assert_eq!(gy.to_string(), "YG");
    assert_eq!(format!("{gy:?}"), "ColourSet(YG)");
    // Parsed from letters in any order and case, each colour at most once.
    assert_eq!("gy".parse::<ColourSet>(), Ok(gy));
    for text in ["BB", "YRR", "", "YX"] {
        assert!(text.parse::<ColourSet>().is_err(), "{text:?}");
    }
}

/// The phase field's `r` (roll), `x` (over) and `b` (bonus) take exactly what the notation
/// says after the colour: nothing for `r` and `x`, 10 or 20 for `b`; anything else is an
/// error of field 2, not read as the nearest phase.
#[test]
fn the_phase_field_takes_nothing_else_after_its_colour() {
    let config = Config::seed(2);
    let parse = |phase: &str| {
        Parchis::from_notation(
            &format!("n,n,n,12/-/n,n,n,n/- {phase} s0 l- f- e- n5"),
            &config,
        )
    };
    assert!(parse("rY").is_ok());
    assert!(parse("bY20").is_ok());
    assert!(parse("bY10").is_ok());
    for phase in ["rY1", "rYY", "xY1", "xY-", "bY", "bY5", "bY21", "bY02"] {
        assert!(
            matches!(parse(phase), Err(NotationError::Field { field: 2, .. })),
            "{phase}: {:?}",
            parse(phase)
        );
    }
}

/// A position refused for two colours on one track square names that square by its number.
#[test]
fn a_shared_square_is_named_by_its_number() {
    let config = Config::seed(2);
    for square in ["10", "30", "60"] {
        let text = format!("n,n,n,{square}/-/n,n,n,{square}/- rY s0 l- f- e- n0");
        match Parchis::from_notation(&text, &config) {
            Err(NotationError::Position { at, .. }) => assert_eq!(at, square),
            other => panic!("{text}: {other:?}"),
        }
    }
}

/// The `Position` error of `text` under `config` (panics if the text parses or fails otherwise).
fn position_error(config: &Config, text: &str) -> (&'static str, String) {
    match Parchis::from_notation(text, config) {
        Err(NotationError::Position { reason, at }) => (reason, at),
        other => panic!("{text}: {other:?}"),
    }
}

/// Two colours share a track square only where `safe_sharing` lets them: on a safe square
/// under the Spanish rules; never under the seed rules, and never off the safe squares.
#[test]
fn two_colours_share_only_a_safe_square_and_only_under_safe_sharing() {
    let seed = Config::seed(2);
    let spanish = Config::spanish(2);
    let text = |square: &str| format!("n,n,n,{square}/-/n,n,n,{square}/- rY s0 l- f- e- n5");
    // 12 is a safe square: shared under the Spanish rules only.
    assert!(Parchis::from_notation(&text("12"), &spanish).is_ok());
    assert_eq!(position_error(&seed, &text("12")).1, "12");
    // 10 is not a safe square: shared under neither.
    assert_eq!(position_error(&spanish, &text("10")).1, "10");
    assert_eq!(position_error(&seed, &text("10")).1, "10");
}

/// A finished game (`x`) names the colour that finished last: with the first finisher
/// winning, Yellow home makes `xY` the only over phase, and `xR` is refused.
#[test]
fn a_finished_game_names_the_colour_that_finished() {
    let config = Config::seed(2);
    let text = |phase: &str| format!("g,g,g,g/-/n,n,n,n/- {phase} s0 l- fY e- n100");
    assert!(Parchis::from_notation(&text("xY"), &config).is_ok());
    assert_eq!(
        position_error(&config, &text("xR")),
        (
            "the phase does not match who has finished",
            "field 2".into()
        )
    );
}

/// Play goes on only while the game is not over, and never for a colour that has finished:
/// after the first finisher (seed) nobody rolls; in a full ranking the others play on.
#[test]
fn no_turn_after_the_game_is_over_or_for_a_finished_colour() {
    let expected = (
        "the phase does not match who has finished",
        "field 2".into(),
    );
    let first = Config::seed(2);
    assert_eq!(
        position_error(&first, "g,g,g,g/-/n,n,n,n/- rR s0 l- fY e- n100"),
        expected
    );
    let ranking = Config {
        finish: Finish::Ranking,
        ..Config::seed(4)
    };
    let text = |phase: &str| format!("g,g,g,g/n,n,n,n/n,n,n,n/n,n,n,n {phase} s0 l- fY e- n100");
    assert!(Parchis::from_notation(&text("rB"), &ranking).is_ok());
    assert_eq!(position_error(&ranking, &text("rY")), expected);
}

/// A roll-off happens before anybody has finished: a finisher during one is refused as a
/// phase that does not match who has finished (even when the finisher is not the seat the
/// roll-off starts from and the ranking goes on).
#[test]
fn a_roll_off_after_a_colour_has_finished_is_a_phase_mismatch() {
    let ranking = Config {
        finish: Finish::Ranking,
        ..Config::seed(4)
    };
    assert_eq!(
        position_error(
            &ranking,
            "n,n,n,n/g,g,g,g/n,n,n,n/n,n,n,n oH0123 s0 l- fB e- n3"
        ),
        (
            "the phase does not match who has finished",
            "field 2".into()
        )
    );
}

/// During the roll-off every piece is still in its nest, even with no six rolled and no
/// piece tracked.
#[test]
fn a_roll_off_position_with_a_piece_out_is_impossible() {
    let config = Config::seed(2);
    assert!(Parchis::from_notation("n,n,n,n/-/n,n,n,n/- oH01 s0 l- f- e- n3", &config).is_ok());
    assert_eq!(
        position_error(&config, "n,n,n,12/-/n,n,n,n/- oH01 s0 l- f- e- n3"),
        ("pieces moved before the roll-off ended", "field 2".into())
    );
}

/// During the roll-off nobody has a run of sixes, even with every piece in its nest.
#[test]
fn a_roll_off_position_with_sixes_in_a_row_is_impossible() {
    let config = Config::seed(2);
    assert_eq!(
        position_error(&config, "n,n,n,n/-/n,n,n,n/- oH01 s1 l- f- e- n3"),
        ("pieces moved before the roll-off ended", "field 2".into())
    );
}

/// A die other than a six to play comes with no six in a row (a six with at least one).
#[test]
fn a_die_other_than_six_comes_with_no_sixes_in_a_row() {
    let config = Config::seed(2);
    let text =
        |phase: &str, sixes: &str| format!("n,n,n,12/-/n,n,n,n/- {phase} {sixes} l- f- e- n5");
    assert!(Parchis::from_notation(&text("mY3", "s0"), &config).is_ok());
    assert!(Parchis::from_notation(&text("mY6", "s1"), &config).is_ok());
    assert_eq!(
        position_error(&config, &text("mY3", "s1")),
        ("sixes in a row do not match the die", "field 3".into())
    );
}

/// The arrival order on an exit square holding two foreign colours (`e` field) is kept only
/// when it can matter: exit captures allowed *and* safe squares shared. With exits blocked,
/// the same position is complete without it.
#[test]
fn the_exit_arrival_order_is_kept_only_when_exit_captures_can_happen() {
    let text = "n,n,n,n/n,n,n,5/n,n,n,5/n,n,n,n mY5 s0 l- f- e- n20";
    let spanish = Config::spanish(4);
    assert!(matches!(
        Parchis::from_notation(text, &spanish),
        Err(NotationError::Position { .. })
    ));
    let mut blocked = spanish;
    blocked.exit_capture = parchis::ExitCapture::Blocked;
    assert!(
        Parchis::from_notation(text, &blocked).is_ok(),
        "{:?}",
        Parchis::from_notation(text, &blocked)
    );
}
