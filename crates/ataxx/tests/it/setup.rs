//! Building positions: the start under a configuration, piece sets, counters.

use ataxx::{Ataxx, AtaxxConfig, Bitboard, Color, SetupError, Square};
use boardgame_core::Game;

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// The start position keeps the configuration it is built under.
#[test]
fn the_start_position_keeps_its_configuration() {
    let start = Ataxx::start(AtaxxConfig::NO_CLOCK);
    assert_eq!(*start.config(), AtaxxConfig::NO_CLOCK);
    assert_ne!(AtaxxConfig::NO_CLOCK, AtaxxConfig::STANDARD);
    assert_eq!(start.to_string(), "x5o/7/7/7/7/7/o5x x 0 1");
    assert_eq!(
        *Ataxx::start(AtaxxConfig::STANDARD).config(),
        AtaxxConfig::STANDARD
    );
}

/// No square may be in two of the sets x, o and blocked: each pair is refused, naming the
/// square.
#[test]
fn a_square_in_two_sets_is_refused() {
    let one = Bitboard::EMPTY.with(sq("c3"));
    let other = Bitboard::EMPTY.with(sq("e5"));
    let config = AtaxxConfig::STANDARD;
    for (x, o, blocked) in [(one, one, other), (one, other, one), (other, one, one)] {
        assert_eq!(
            Ataxx::from_bitboards(x, o, blocked, Color::X, config),
            Err(SetupError::Overlap(sq("c3"))),
            "x {x}, o {o}, blocked {blocked}"
        );
    }
    assert!(Ataxx::from_bitboards(one, other, Bitboard::EMPTY, Color::X, config).is_ok());
}

/// `with_counters` sets both counters of the position it is given and keeps the rest.
#[test]
fn with_counters_sets_both_counters_and_keeps_the_board() {
    let pos: Ataxx = "x5o/7/2-1-2/7/7/7/o5x o 0 1".parse().unwrap();
    let later = pos.clone().with_counters(7, 12).unwrap();
    assert_eq!(later.halfmove_clock(), 7);
    assert_eq!(later.fullmove_number(), 12);
    assert_eq!(later.to_string(), "x5o/7/2-1-2/7/7/7/o5x o 7 12");
    assert_eq!(pos.with_counters(3, 0), Err(SetupError::ZeroFullmove));
}

/// `Square::try_from_index` gives the square for every index 0..49 (`a1` = 0, `g7` = 48)
/// and `None` from 49 on.
#[test]
fn try_from_index_accepts_0_to_48_and_refuses_49_and_more() {
    assert_eq!(Square::try_from_index(0), Some(sq("a1")));
    assert_eq!(Square::try_from_index(7), Some(sq("a2")));
    assert_eq!(Square::try_from_index(48), Some(sq("g7")));
    assert_eq!(Square::try_from_index(49), None);
    assert_eq!(Square::try_from_index(50), None);
    assert_eq!(Square::try_from_index(usize::MAX), None);
    let all: Vec<Square> = (0..Square::COUNT)
        .map(|i| Square::try_from_index(i).unwrap())
        .collect();
    assert_eq!(all, Square::all().collect::<Vec<_>>());
}

/// A position's `Debug` shows its FEN and its configuration.
#[test]
fn debug_shows_the_fen_and_the_configuration() {
    let start = Ataxx::start(AtaxxConfig::NO_CLOCK);
    assert_eq!(
        format!("{start:?}"),
        "Ataxx { fen: x5o/7/7/7/7/7/o5x x 0 1, config: AtaxxConfig { ply_clock: false } }"
    );
}
