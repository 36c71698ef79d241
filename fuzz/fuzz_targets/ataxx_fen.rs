#![no_main]
//! The FEN parser never panics; an accepted FEN re-displays as canonical text that parses
//! back to the same position, and the position's generators agree with each other.

use ataxx::{Ataxx, AtaxxConfig};
use boardgame_core::Game;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for config in [AtaxxConfig::STANDARD, AtaxxConfig::NO_CLOCK] {
        let Ok(pos) = Ataxx::from_fen(text, config) else { continue };
        let shown = pos.to_string();
        let again = Ataxx::from_fen(&shown, config).expect("a displayed FEN parses");
        assert_eq!(again, pos, "{text:?} -> {shown:?}");
        assert_eq!(again.to_string(), shown);
        assert_eq!(pos.key(), pos.key_from_scratch());
        let moves = pos.legal_moves_vec();
        assert_eq!(moves.len(), pos.count_moves());
        assert!(moves.len() <= ataxx::MAX_MOVES);
        assert_eq!(ataxx::perft::perft(&pos, 2), boardgame_core::perft::perft(&pos, 2));
    }
});
