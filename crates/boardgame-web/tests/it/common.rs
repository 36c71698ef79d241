//! Helpers shared by the test modules.

use boardgame_web::Session;
use serde_json::Value;

/// The four games with settings that exercise them (more than two seats for the Ludo games,
/// the traditional chuồng too).
pub(crate) const GAMES: [(&str, &str, &str); 5] = [
    ("ataxx", "", ""),
    ("thax", "", ""),
    ("parchis", "", r#"{"players":"4"}"#),
    ("co-ca-ngua", "", r#"{"players":"3"}"#),
    ("co-ca-ngua", "traditional", ""),
];

/// Parses a JSON answer.
pub(crate) fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

/// The number of seats at the table.
pub(crate) fn seats(session: &Session) -> usize {
    json(&session.view())["seats"].as_array().unwrap().len()
}

/// Seats `who` at every seat.
pub(crate) fn seat_all(session: &mut Session, who: &str) {
    for seat in 0..seats(session) {
        session.set_seat(seat, who).unwrap();
    }
}

/// The legal moves' notations.
pub(crate) fn notations(session: &Session) -> Vec<String> {
    json(&session.moves())
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["notation"].as_str().unwrap().to_owned())
        .collect()
}
