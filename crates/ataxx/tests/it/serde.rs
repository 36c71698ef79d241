//! serde (feature `serde`): moves and squares as text, positions through the validating FEN
//! parser, records round-trip.
#![cfg(feature = "serde")]

use ataxx::{Ataxx, AtaxxConfig, Move, Square};
use boardgame_core::Record;
use boardgame_core::driver::{UniformRandom, playout, rng_from_seed};

#[test]
fn moves_serialise_as_uai_text() {
    let moves: Vec<Move> = ["g2", "a1a3", "0000"]
        .iter()
        .map(|m| m.parse().unwrap())
        .collect();
    let json = serde_json::to_string(&moves).unwrap();
    assert_eq!(json, r#"["g2","a1a3","0000"]"#);
    assert_eq!(serde_json::from_str::<Vec<Move>>(&json).unwrap(), moves);
    assert!(serde_json::from_str::<Move>(r#""b2b3""#).is_err());
}

#[test]
fn squares_serialise_as_their_names() {
    let squares: Vec<Square> = ["a1", "g7", "d4"]
        .iter()
        .map(|s| s.parse().unwrap())
        .collect();
    let json = serde_json::to_string(&squares).unwrap();
    assert_eq!(json, r#"["a1","g7","d4"]"#);
    assert_eq!(serde_json::from_str::<Vec<Square>>(&json).unwrap(), squares);
    for bad in [r#""h1""#, r#""a8""#, r#""""#, "3"] {
        assert!(serde_json::from_str::<Square>(bad).is_err(), "{bad}");
    }
}

#[test]
fn positions_serialise_through_the_fen_and_are_validated() {
    let pos = Ataxx::from_fen("x5o/7/2-1-2/7/2-1-2/7/o5x o 3 7", AtaxxConfig::NO_CLOCK).unwrap();
    let json = serde_json::to_string(&pos).unwrap();
    assert_eq!(
        json,
        r#"{"fen":"x5o/7/2-1-2/7/2-1-2/7/o5x o 3 7","config":{"ply_clock":false}}"#
    );
    assert_eq!(serde_json::from_str::<Ataxx>(&json).unwrap(), pos);
    let bad = r#"{"fen":"x5o/7/7/7/7/7/o5x w 0 1","config":{"ply_clock":true}}"#;
    assert!(serde_json::from_str::<Ataxx>(bad).is_err());
}

#[test]
fn records_round_trip_through_json() {
    let start: Ataxx = "x5o/7/3-3/2-1-2/3-3/7/o5x x 0 1".parse().unwrap();
    let game = playout(start, &mut UniformRandom, &mut rng_from_seed(3), 10_000);
    let json = serde_json::to_string(&game.record).unwrap();
    let back: Record<Ataxx> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, game.record);
    assert_eq!(back.replay().unwrap(), game.state);
}
