//! The accessors of `Move` (`from`, `double`) and the batches of the fast generator
//! (`MoveBatch::len`, `is_empty`, and the exact size of their iterator).

use ataxx::{Ataxx, Bitboard, Move, MoveBatch, Square};

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// The batches of the start position: x's six clones at once, then the five jumps from g1
/// and the five jumps from a7.
fn start_batches() -> Vec<MoveBatch> {
    let mut batches = Vec::new();
    let stopped = Ataxx::default().generate_batches(|batch| {
        batches.push(batch);
        false
    });
    assert!(!stopped, "the callback never asks to stop");
    batches
}

/// `from` is the origin of a jump, and `None` for a clone (named by its destination only)
/// and for the pass.
#[test]
fn move_from_is_the_origin_of_a_jump_only() {
    let jump = Move::Double {
        from: sq("a1"),
        to: sq("c3"),
    };
    assert_eq!(jump.from(), Some(sq("a1")));
    assert_eq!("g7e5".parse::<Move>().unwrap().from(), Some(sq("g7")));
    assert_eq!(Move::Single(sq("b2")).from(), None);
    assert_eq!(Move::Pass.from(), None);
}

/// `Move::double` builds a jump exactly when the two squares are 2 apart (in any
/// direction), and refuses a clone's distance 1, distance 0 and distance 3.
#[test]
fn move_double_is_a_jump_only_at_distance_two() {
    for (from, to) in [("a1", "a3"), ("a1", "c3"), ("d4", "b5"), ("g7", "e5")] {
        assert_eq!(
            Move::double(sq(from), sq(to)),
            Some(Move::Double {
                from: sq(from),
                to: sq(to)
            }),
            "{from}{to}"
        );
    }
    for (from, to) in [
        ("a1", "a2"),
        ("a1", "b2"),
        ("a1", "a1"),
        ("a1", "a4"),
        ("d4", "g7"),
    ] {
        assert_eq!(Move::double(sq(from), sq(to)), None, "{from}{to}");
    }
}

/// A batch's `len` is the number of its moves and `is_empty` whether it has none: the start
/// position hands out 6 clones, then 5 jumps from each of x's two pieces, none empty.
#[test]
fn batch_len_counts_its_moves_and_only_an_empty_batch_is_empty() {
    let batches = start_batches();
    let shape: Vec<(Option<Square>, usize)> = batches.iter().map(|b| (b.from, b.len())).collect();
    assert_eq!(shape, [(None, 6), (Some(sq("g1")), 5), (Some(sq("a7")), 5)]);
    for batch in &batches {
        assert!(!batch.is_empty(), "{batch:?}");
        assert_eq!(batch.len(), batch.into_iter().count(), "{batch:?}");
    }
    let empty = MoveBatch {
        from: None,
        to: Bitboard::EMPTY,
    };
    assert!(empty.is_empty());
    assert_eq!(empty.len(), 0);
    let one = MoveBatch {
        from: Some(sq("d4")),
        to: Bitboard::from_square(sq("d6")),
    };
    assert!(!one.is_empty());
    assert_eq!(one.len(), 1);
}

/// A batch's iterator knows exactly how many moves are left (`size_hint` is `(n, Some(n))`,
/// so `ExactSizeIterator::len` is `n`), from the first move down to none.
#[test]
fn batch_iterator_reports_exactly_the_moves_left() {
    let clones = start_batches()[0];
    let mut iter = clones.into_iter();
    for left in (0..=6).rev() {
        assert_eq!(iter.size_hint(), (left, Some(left)));
        assert_eq!(iter.len(), left);
        assert_eq!(iter.next().is_some(), left > 0);
    }
    assert_eq!(iter.size_hint(), (0, Some(0)));
    let empty = MoveBatch {
        from: None,
        to: Bitboard::EMPTY,
    };
    assert_eq!(empty.into_iter().size_hint(), (0, Some(0)));
}

/// `singles` is where the side to move can clone to: the empty squares next to its pieces.
#[test]
fn singles_are_the_empty_squares_next_to_the_side_to_move() {
    let start = Ataxx::default();
    assert_eq!(
        start.singles(),
        squares(&["a6", "b6", "b7", "f1", "f2", "g2"])
    );
    // o to move, with a block and an x piece next to its piece on a1.
    let pos: Ataxx = "x5o/7/7/7/7/-x5/o5x o 0 1".parse().unwrap();
    assert_eq!(pos.singles(), squares(&["b1", "f6", "f7", "g6"]));
}

/// `jumps_from` is where a piece of the side to move can jump to: the empty squares exactly
/// two away; nothing from a square without such a piece.
#[test]
fn jumps_from_are_the_empty_squares_two_away_from_our_piece() {
    let sq = |name: &str| name.parse::<Square>().unwrap();
    let start = Ataxx::default();
    assert_eq!(
        start.jumps_from(sq("a7")),
        squares(&["a5", "b5", "c5", "c6", "c7"])
    );
    // c5 blocked, an o piece on c6: neither is a target.
    let pos: Ataxx = "x5o/2o4/2-4/7/7/7/o5x x 0 1".parse().unwrap();
    assert_eq!(pos.jumps_from(sq("a7")), squares(&["a5", "b5", "c7"]));
    assert_eq!(
        pos.jumps_from(sq("g7")),
        Bitboard::EMPTY,
        "an o piece, x to move"
    );
    assert_eq!(pos.jumps_from(sq("d4")), Bitboard::EMPTY, "an empty square");
}

/// The set of the named squares.
fn squares(names: &[&str]) -> Bitboard {
    names
        .iter()
        .fold(Bitboard::EMPTY, |set, name| set.with(name.parse().unwrap()))
}

/// A square is one byte whose values past the board are free, so a move is two bytes and an
/// optional square one (what `make_move` reads from a move list; docs/benchmarks.md).
#[test]
fn moves_are_two_bytes_and_squares_one() {
    assert_eq!(size_of::<Square>(), 1);
    assert_eq!(size_of::<Option<Square>>(), 1);
    assert_eq!(size_of::<Move>(), 2);
    // Every index names its square and back.
    for index in 0..Square::COUNT {
        assert_eq!(Square::from_index(index).index(), index);
        assert_eq!(
            Square::try_from_index(index).map(Square::index),
            Some(index)
        );
    }
    assert_eq!(Square::try_from_index(Square::COUNT), None);
    assert_eq!(format!("{:?}", sq("c3")), "Square(16)");
}

/// A square hashes as its index byte, as it did when it was a `u8` inside: maps keyed by
/// squares keep their order from one version to the next.
#[test]
fn squares_hash_as_their_index_byte() {
    use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
    let hasher = BuildHasherDefault::<DefaultHasher>::default();
    let mut seen = std::collections::HashSet::new();
    for index in 0..Square::COUNT {
        let square = Square::from_index(index);
        assert_eq!(hasher.hash_one(square), hasher.hash_one(index as u8));
        assert!(
            seen.insert(hasher.hash_one(square)),
            "two squares hash alike"
        );
    }
}
