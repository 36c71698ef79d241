//! The roll-off for the first turn, through its public API.

use boardgame_core::{RollOff, RollOffRule, Seat};

/// A roll-off reports the rule it was made with, `Lowest` as well as the default `Highest`,
/// whether built, read from its notation or part-way through its rounds.
#[test]
fn a_roll_off_reports_its_rule() {
    assert_eq!(
        RollOff::new(2, RollOffRule::Highest).rule(),
        RollOffRule::Highest
    );

    let mut lowest = RollOff::new(3, RollOffRule::Lowest);
    assert_eq!(lowest.rule(), RollOffRule::Lowest);
    lowest.record(4);
    lowest.record(2);
    lowest.record(2);
    // Seats 1 and 2 tied on the lowest score and roll again, still under the lowest rule.
    assert_eq!(lowest.to_string(), "L12");
    assert_eq!(lowest.rule(), RollOffRule::Lowest);
    lowest.record(5);
    lowest.record(3);
    assert_eq!(lowest.winner(), Some(Seat::new(2)));
    assert_eq!(lowest.rule(), RollOffRule::Lowest);

    assert_eq!(
        "L01:4".parse::<RollOff>().unwrap().rule(),
        RollOffRule::Lowest
    );
    assert_eq!(
        "H01:4".parse::<RollOff>().unwrap().rule(),
        RollOffRule::Highest
    );
}

/// A bad score in a roll-off's notation is reported at its 1-based column: the first score
/// starts after the rule letter, the seats and the colon, each next one after a comma.
#[test]
fn a_bad_roll_off_score_is_reported_at_its_column() {
    for (text, column) in [
        ("H01:0", 5),
        ("H01:7,0", 7),
        ("H012:7,x", 8),
        ("L0123:12,3,0", 12),
    ] {
        let error = text.parse::<RollOff>().unwrap_err();
        assert_eq!(
            (error.column, error.reason),
            (column, "expected a positive score"),
            "{text}"
        );
    }
}

/// A roll-off notation whose last round is complete is refused at the column just after its
/// last score, the end of the text: a completed round is never written (the next round, or
/// the decision, is).
#[test]
fn a_completed_roll_off_round_is_refused_at_its_last_score() {
    for (text, column) in [("H01:7,8", 8), ("L012:3,4,5", 11), ("H13:12,3", 9)] {
        let error = text.parse::<RollOff>().unwrap_err();
        assert_eq!(
            (error.column, error.reason),
            (column, "a completed round is never written"),
            "{text}"
        );
    }
}
