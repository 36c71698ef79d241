//! Property tests with a move-index tape: bookkeeping, hashing, notation, symmetry and the
//! fast paths against the generic ones.

use ataxx::perft::perft;
use ataxx::{Ataxx, AtaxxConfig, Bitboard, Color, Move, Square, Symmetry};
use boardgame_core::{Game, PlayError};
use proptest::prelude::*;

/// A random board: each square empty (weight 5), x, o (2 each) or blocked (1).
fn board() -> impl Strategy<Value = Ataxx> {
    (
        proptest::collection::vec(0u8..10, 49),
        any::<bool>(),
        0u16..=100,
        any::<bool>(),
    )
        .prop_map(|(cells, o_to_move, halfmove, clock)| {
            let mut sets = [Bitboard::EMPTY; 3];
            for (sq, cell) in Square::all().zip(cells) {
                match cell {
                    5 | 6 => sets[0] = sets[0].with(sq),
                    7 | 8 => sets[1] = sets[1].with(sq),
                    9 => sets[2] = sets[2].with(sq),
                    _ => {}
                }
            }
            let side = if o_to_move { Color::O } else { Color::X };
            let config = if clock {
                AtaxxConfig::STANDARD
            } else {
                AtaxxConfig::NO_CLOCK
            };
            Ataxx::from_bitboards(sets[0], sets[1], sets[2], side, config)
                .unwrap()
                .with_counters(halfmove, 1)
                .unwrap()
        })
}

fn start() -> impl Strategy<Value = Ataxx> {
    prop_oneof![
        Just(Ataxx::default()),
        Just(
            "x5o/7/2-1-2/3-3/2-1-2/7/o5x x 0 1"
                .parse::<Ataxx>()
                .unwrap()
        ),
        Just("x5o/7/7/-------/7/7/o5x o 0 1".parse::<Ataxx>().unwrap()),
        board(),
    ]
}

fn tape() -> impl Strategy<Value = Vec<u16>> {
    proptest::collection::vec(any::<u16>(), 0..300)
}

/// Every syntactically possible move (the candidates for illegal input).
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

/// Follows the tape from `pos`, calling `check(before, move, after)` at each step.
fn walk(mut pos: Ataxx, tape: &[u16], mut check: impl FnMut(&Ataxx, Move, &Ataxx)) {
    for &index in tape {
        let moves = pos.legal_moves_vec();
        if moves.is_empty() {
            break;
        }
        let mv = moves[usize::from(index) % moves.len()];
        let mut next = pos.clone();
        next.play(mv).unwrap();
        check(&pos, mv, &next);
        pos = next;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn piece_counts_follow_clone_and_jump_bookkeeping(pos in start(), tape in tape()) {
        walk(pos, &tape, |before, mv, after| {
            let us = before.side_to_move();
            let flips = mv.to().map_or(0, |to| (Bitboard::neighbours(to) & before.pieces(!us)).len());
            let gained = after.pieces(us).len() as i64 - before.pieces(us).len() as i64;
            let lost = before.pieces(!us).len() - after.pieces(!us).len();
            let expected = match mv {
                Move::Single(_) => 1 + flips as i64,
                Move::Double { .. } => flips as i64,
                Move::Pass => 0,
            };
            assert_eq!(gained, expected, "{mv} in {before}");
            assert_eq!(lost, flips, "{mv} in {before}");
            assert_eq!(after.blocked(), before.blocked());
        });
    }

    #[test]
    fn key_after_every_move_equals_recomputed(pos in start(), tape in tape()) {
        prop_assert_eq!(pos.key(), pos.key_from_scratch());
        walk(pos, &tape, |_, mv, after| {
            assert_eq!(after.key(), after.key_from_scratch(), "after {mv}: {after}");
        });
    }

    #[test]
    fn fen_round_trips(pos in start(), tape in tape()) {
        walk(pos, &tape, |_, _, after| {
            let text = after.to_string();
            let parsed = Ataxx::from_fen(&text, after.rules()).unwrap();
            assert_eq!(&parsed, after);
            assert_eq!(parsed.to_string(), text);
        });
    }

    #[test]
    fn illegal_moves_are_rejected_with_the_state_unchanged(pos in start(), tape in tape(), probe in any::<u16>()) {
        let all = every_move();
        walk(pos, &tape, |before, _, _| {
            let legal = before.legal_moves_vec();
            let candidate = all[usize::from(probe) % all.len()];
            for mv in [candidate, Move::Pass, Move::Single(Square::from_index(24))] {
                let mut copy = before.clone();
                let result = copy.play(mv);
                if legal.contains(&mv) {
                    assert!(result.is_ok());
                } else {
                    assert_eq!(result, Err(PlayError::IllegalMove), "{mv} in {before}");
                    assert_eq!(&copy, before);
                }
            }
        });
    }

    #[test]
    fn batches_and_counts_agree_with_the_move_list(pos in start(), tape in tape()) {
        let check = |p: &Ataxx| {
            let mut batched = Vec::new();
            p.generate_batches(|batch| {
                batched.extend(batch);
                false
            });
            if p.must_pass() {
                batched.push(Move::Pass);
            }
            assert_eq!(batched, p.legal_moves_vec(), "{p}");
            assert_eq!(p.move_count(), batched.len());
            for mv in every_move() {
                assert_eq!(p.is_legal(mv), batched.contains(&mv), "{mv} in {p}");
            }
        };
        check(&pos);
        walk(pos, &tape[..tape.len().min(40)], |_, _, after| check(after));
    }

    #[test]
    fn fast_perft_equals_generic_perft(pos in start(), tape in proptest::collection::vec(any::<u16>(), 0..60)) {
        let mut end = pos.clone();
        walk(pos, &tape, |_, _, after| end = after.clone());
        for depth in 0..=3 {
            prop_assert_eq!(perft(&end, depth), boardgame_core::perft::perft(&end, depth), "depth {} of {}", depth, end);
        }
    }

    #[test]
    fn perft_is_invariant_under_every_symmetry(pos in start(), tape in proptest::collection::vec(any::<u16>(), 0..60)) {
        let mut end = pos.clone();
        walk(pos, &tape, |_, _, after| end = after.clone());
        let expected = perft(&end, 3);
        let (canonical, _) = end.canonical();
        for sym in Symmetry::ALL {
            let image = end.transformed(sym);
            prop_assert_eq!(perft(&image, 3), expected, "{:?} of {}", sym, end);
            prop_assert_eq!(image.transformed(sym.inverse()), end.clone());
            prop_assert_eq!(image.canonical().0, canonical.clone());
            let moves: Vec<Move> = end.legal_moves_vec().into_iter().map(|m| sym.apply_to_move(m)).collect();
            for m in &moves {
                prop_assert!(image.is_legal(*m));
            }
            prop_assert_eq!(moves.len(), image.count_moves());
        }
    }
}
