//! The quality of the position key (`Ataxx::key`): no two distinct boards reached from
//! the start or from blocker positions share a key, and the key's high and low bits spread
//! evenly (a transposition table picks its slot from the high bits).

use std::collections::{HashMap, HashSet};

use ataxx::{Ataxx, Color};
use boardgame_core::Game;

/// What the key covers: the pieces of `x` and `o`, the blocked squares, the side to move.
type Board = (u64, u64, u64, bool);

fn board(pos: &Ataxx) -> Board {
    (
        pos.pieces(Color::X).bits(),
        pos.pieces(Color::O).bits(),
        pos.blocked().bits(),
        pos.side_to_move() == Color::O,
    )
}

/// Every distinct board within `plies` moves of `root`, with one position of each.
fn boards_within(root: &str, plies: usize) -> HashMap<Board, Ataxx> {
    let root: Ataxx = root.parse().unwrap();
    let mut seen = HashMap::from([(board(&root), root.clone())]);
    let mut layer = vec![root];
    for _ in 0..plies {
        let mut next = Vec::new();
        for pos in &layer {
            if pos.game_over().is_some() {
                continue;
            }
            for mv in pos.legal_moves_vec() {
                let mut child = pos.clone();
                child.make_move(mv);
                if let std::collections::hash_map::Entry::Vacant(slot) = seen.entry(board(&child)) {
                    slot.insert(child.clone());
                    next.push(child);
                }
            }
        }
        layer = next;
    }
    seen
}

/// Asserts that the boards have distinct keys, each equal to the key from scratch, and that
/// the top and the bottom 8 bits of the keys fill 256 buckets evenly: every bucket within
/// 20 % of the mean, which is at least 400 (so 20 % is over four standard deviations).
fn assert_keys_distinct_and_even(boards: &HashMap<Board, Ataxx>) {
    let mut keys = HashSet::with_capacity(boards.len());
    let mut high = [0_u32; 256];
    let mut low = [0_u32; 256];
    for pos in boards.values() {
        let key = pos.key();
        assert_eq!(key, pos.key_from_scratch(), "{pos}");
        assert!(
            keys.insert(key),
            "two boards share the key {key:#x}, one is {pos}"
        );
        high[(key >> 56) as usize] += 1;
        low[(key & 255) as usize] += 1;
    }
    let mean = boards.len() as f64 / 256.0;
    assert!(mean >= 400.0, "only {} boards", boards.len());
    for (bits, buckets) in [("high", &high), ("low", &low)] {
        let fullest = f64::from(*buckets.iter().max().unwrap());
        let emptiest = f64::from(*buckets.iter().min().unwrap());
        assert!(
            fullest < 1.2 * mean && emptiest > 0.8 * mean,
            "{bits} bits: buckets from {emptiest} to {fullest}, mean {mean}"
        );
    }
}

#[test]
fn keys_of_the_boards_within_five_plies_of_the_start_are_distinct_and_even() {
    let boards = boards_within("x5o/7/7/7/7/7/o5x x 0 1", 5);
    assert_keys_distinct_and_even(&boards);
}

#[test]
fn keys_of_the_boards_within_four_plies_of_blocker_positions_are_distinct_and_even() {
    let mut boards = boards_within("x5o/7/2-1-2/3-3/2-1-2/7/o5x x 0 1", 4);
    boards.extend(boards_within("x5o/7/3-3/2-1-2/3-3/7/o5x o 0 1", 4));
    boards.extend(boards_within("x5o/1-3-1/7/3-3/7/1-3-1/o5x x 0 1", 4));
    assert_keys_distinct_and_even(&boards);
}

/// The same at six plies (8 733 792 boards, 13 times as many): run by hand,
/// `cargo test -p boardgame-ataxx --release -- --ignored keys_within_six`.
#[test]
#[ignore = "8.7 million boards, 10 s in release; run by hand when the key changes"]
fn keys_within_six_plies_of_the_start_are_distinct_and_even() {
    let boards = boards_within("x5o/7/7/7/7/7/o5x x 0 1", 6);
    println!("{} distinct boards", boards.len());
    assert_keys_distinct_and_even(&boards);
}

/// `zobrist()` and `zobrist_from_scratch()`, the names of 0.1, stay until 0.2 as deprecated
/// aliases of `key()` and `key_from_scratch()`, returning the same values.
#[test]
#[allow(deprecated)]
fn the_deprecated_zobrist_names_return_the_key() {
    let mut seen = HashSet::new();
    for fen in ["x5o/7/7/7/7/7/o5x x 0 1", "x5o/7/2-1-2/7/2-1-2/7/o5x o 3 9"] {
        let pos: Ataxx = fen.parse().unwrap();
        assert_eq!(pos.zobrist(), pos.key(), "{pos}");
        assert_eq!(pos.zobrist_from_scratch(), pos.key_from_scratch(), "{pos}");
        assert!(seen.insert(pos.zobrist()), "{pos}");
    }
}
