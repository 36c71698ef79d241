//! Property tests over move-index tapes: random positions reached by legal play, every
//! preset and switch, checked after every event.

use crate::common;

use boardgame_core::{Configure, Game, Turn};
use common::config;
use proptest::prelude::*;
use thax::{Thax, ThaxConfig, ThaxMove, Variant};

fn configs() -> Vec<ThaxConfig> {
    let mut all: Vec<ThaxConfig> = ThaxConfig::PRESETS
        .iter()
        .map(|p| ThaxConfig::preset(p.name).unwrap())
        .collect();
    all.push(config(&[("strict_place_both", "true"), ("supply", "30")]));
    all.push(config(&[
        ("take_with_sum", "true"),
        ("board", "1,2,3,4,5,7,8,9,10"),
        ("variant", "thax-out"),
    ]));
    all.push(config(&[
        ("half_thax_take", "true"),
        ("voluntary_pass", "true"),
        ("supply", "30"),
    ]));
    all.push(config(&[
        ("variant", "thax-out"),
        ("supply", "20"),
        ("board", "1x2,2x2,3x2,4x2,5x2"),
    ]));
    all.push(config(&[
        ("max_rolls", "25"),
        ("turn_limit", "score"),
        ("first", "1"),
    ]));
    all
}

/// Plays the tape from the start of `config`, calling `visit(before, event_was_move, after)`
/// after every event.
fn walk(config: ThaxConfig, tape: &[u16], mut visit: impl FnMut(&Thax, Option<ThaxMove>, &Thax)) {
    let mut state = Thax::new(config).unwrap();
    for &pick in tape {
        let before = state.clone();
        let played = match state.turn() {
            Turn::Terminal => break,
            Turn::Chance => {
                let dist = state.chance_outcomes().unwrap();
                let (dice, _) = dist.outcomes()[usize::from(pick) % dist.len()];
                state.apply_chance(dice).unwrap();
                None
            }
            Turn::Player(_) => {
                let moves = state.legal_moves_vec();
                let mv = moves[usize::from(pick) % moves.len()];
                state.play(mv).unwrap();
                Some(mv)
            }
        };
        visit(&before, played, &state);
    }
}

fn on_board(state: &Thax) -> u32 {
    boardgame_core::Seat::first(2)
        .map(|s| u32::from(state.covered_spaces(s)))
        .sum()
}

fn config_index() -> impl Strategy<Value = usize> {
    0..configs().len()
}

fn tape() -> impl Strategy<Value = Vec<u16>> {
    proptest::collection::vec(any::<u16>(), 0..300)
}

proptest! {
    #[test]
    fn pieces_are_conserved_between_board_supply_and_pot(which in config_index(), tape in tape()) {
        let config = configs()[which];
        walk(config, &tape, |before, mv, after| {
            if let Some(total) = config.supply {
                // Limited supply: every piece is somewhere.
                assert_eq!(on_board(after) + after.supply().unwrap() + after.pot(), total, "{before} -> {after}");
            }
            // Every event changes board + pot by exactly what the move brings in or sends out.
            let delta = match mv {
                Some(ThaxMove::Place(..)) => 2,
                Some(ThaxMove::PlaceOne(_) | ThaxMove::Sum(_)) => 1,
                Some(ThaxMove::Thax(_)) if config.variant == Variant::Classic => -1,
                _ => 0,
            };
            let count = |s: &Thax| i64::from(on_board(s)) + i64::from(s.pot());
            assert_eq!(count(after) - count(before), delta, "{before} -> {mv:?} -> {after}");
        });
    }

    #[test]
    fn covered_never_exceeds_the_spaces_of_a_number(which in config_index(), tape in tape()) {
        let config = configs()[which];
        walk(config, &tape, |_, _, after| {
            for seat in boardgame_core::Seat::first(2) {
                let mut total = 0;
                for number in 0..=11 {
                    assert!(after.covered(seat, number) <= config.board.capacity(number), "{after}");
                    total += after.covered(seat, number);
                }
                assert_eq!(total, after.covered_spaces(seat));
                assert!(total <= config.board.spaces());
            }
        });
    }

    #[test]
    fn a_side_only_grows_through_its_owners_actions(which in config_index(), tape in tape()) {
        walk(configs()[which], &tape, |before, mv, after| {
            for seat in boardgame_core::Seat::first(2) {
                let mover = mv.and_then(|_| before.turn().seat());
                if mover == Some(seat) {
                    continue;
                }
                for number in 1..=10 {
                    assert!(
                        after.covered(seat, number) <= before.covered(seat, number),
                        "seat {seat}'s {number}s grew on {mv:?}: {before} -> {after}"
                    );
                }
            }
        });
    }

    #[test]
    fn notation_round_trips_at_every_node(which in config_index(), tape in tape()) {
        let config = configs()[which];
        walk(config, &tape, |_, _, after| {
            let text = after.to_string();
            assert_eq!(Thax::from_notation(&text, &config).as_ref(), Ok(after), "{text}");
        });
    }

    #[test]
    fn evaluation_is_the_difference_of_covered_spaces(which in config_index(), tape in tape()) {
        // The evaluation reads the incrementally kept totals; recount them from the board.
        walk(configs()[which], &tape, |_, _, after| {
            for seat in boardgame_core::Seat::first(2) {
                let other = boardgame_core::Seat::new(seat.index() ^ 1);
                let recounted = |s| (0..=11).map(|n| i64::from(after.covered(s, n))).sum::<i64>();
                assert_eq!(after.evaluation(seat), recounted(seat) - recounted(other), "{after}");
            }
        });
    }
}
