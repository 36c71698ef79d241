#![no_main]
//! A move tape: the first byte picks a start layout, then each pair of bytes picks a legal
//! move by index (`idx % legal.len()`) and each following pair a candidate move among all
//! syntactically possible ones. Checks `is_legal` against generation for the candidate,
//! that a refused `play` leaves the state unchanged, and the incremental hash.

use ataxx::{Ataxx, Bitboard, Move, Square};
use boardgame_core::{Game, PlayError};
use libfuzzer_sys::fuzz_target;

const STARTS: [&str; 4] = [
    "x5o/7/7/7/7/7/o5x x 0 1",
    "x5o/7/2-1-2/3-3/2-1-2/7/o5x x 0 1",
    "x5o/7/7/-------/7/7/o5x o 0 1",
    "7/7/7/7/-------/-------/x5o x 0 1",
];

fn every_move() -> Vec<Move> {
    let mut all = vec![Move::Pass];
    for to in Square::all() {
        all.push(Move::Single(to));
        for from in Bitboard::jumps(to) {
            all.push(Move::Double { from, to });
        }
    }
    all
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, tape)) = data.split_first() else { return };
    let mut pos: Ataxx = STARTS[usize::from(first) % STARTS.len()].parse().expect("valid FEN");
    let all = every_move();
    for chunk in tape.chunks_exact(4) {
        let legal = pos.legal_moves_vec();
        let candidate = all[usize::from(u16::from_le_bytes([chunk[2], chunk[3]])) % all.len()];
        assert_eq!(pos.is_legal(candidate), legal.contains(&candidate), "{candidate} in {pos}");
        if !legal.contains(&candidate) {
            let mut probe = pos.clone();
            assert!(matches!(probe.play(candidate), Err(PlayError::IllegalMove | PlayError::NotPlayerTurn)));
            assert_eq!(probe, pos);
        }
        if legal.is_empty() {
            assert!(pos.is_terminal());
            break;
        }
        let mv = legal[usize::from(u16::from_le_bytes([chunk[0], chunk[1]])) % legal.len()];
        pos.play(mv).expect("a generated move is legal");
        assert_eq!(pos.key(), pos.key_from_scratch());
    }
});
