//! One test (or more) per rule of the seed and per interpretation of issue 4. Positions
//! are written in the state notation: `side0/side1 phase pot rolls`, each side one digit
//! per board number (default board: the counts of 1, 2, 3, 4, 5).

use crate::common;

use boardgame_core::{Configure, DicePair, Game, Outcome, PlayError, Turn};
use common::*;
use thax::{Board, Thax, ThaxConfig, ThaxMove, ThaxResult};

// ---- components and setup ----

#[test]
fn default_board_is_one_to_five_three_times_each() {
    let board = ThaxConfig::default().board;
    assert_eq!(board, Board::CLASSIC);
    assert_eq!(board.spaces(), 15);
    assert_eq!(board.numbers().collect::<Vec<_>>(), [1, 2, 3, 4, 5]);
    assert!((1..=5).all(|n| board.capacity(n) == 3));
    assert_eq!(board.capacity(6), 0, "sixes are not on the board");
}

#[test]
fn presets_offer_n_copies_of_n_and_one_to_five_plus_seven_to_ten() {
    let n_of_n = ThaxConfig::preset("n-of-n").unwrap().board;
    assert_eq!(
        (1..=5).map(|n| n_of_n.capacity(n)).collect::<Vec<_>>(),
        [1, 2, 3, 4, 5]
    );
    let with_sums = ThaxConfig::preset("with-sums").unwrap().board;
    assert_eq!(
        with_sums.numbers().collect::<Vec<_>>(),
        [1, 2, 3, 4, 5, 7, 8, 9, 10]
    );
}

#[test]
fn board_is_config_data_any_multiset_of_one_to_ten() {
    let config = config(&[("board", "6x2,10"), ("first", "0")]);
    let state = Thax::new(config).unwrap();
    assert_eq!(state.to_string(), "00/00 r0 0 0");
    // 3-3 sums to 6, which this board has; 5-5 sums to 10.
    assert_eq!(moves(&rolled(state.clone(), 3, 3)), ["sum 6"]);
    assert_eq!(moves(&rolled(state, 5, 5)), ["sum 10"]);
}

#[test]
fn both_sides_start_empty() {
    let state = Thax::new(ThaxConfig::default()).unwrap();
    assert_eq!(state.covered_spaces(S0), 0);
    assert_eq!(state.covered_spaces(S1), 0);
    assert_eq!(state.to_string(), "00000/00000 oH01 0 0");
}

#[test]
fn first_turn_by_roll_off_highest_total_starts_and_is_not_played() {
    let mut state = Thax::new(ThaxConfig::default()).unwrap();
    assert_eq!(state.turn(), Turn::Chance);
    assert_eq!(state.roller(), Some(S0));
    state.apply_chance(DicePair::of(1, 2)).unwrap();
    assert_eq!(state.roller(), Some(S1));
    state.apply_chance(DicePair::of(6, 6)).unwrap();
    // Seat 1 threw 12 and starts; the 6-6 was not a thax, nothing is on the board.
    assert_eq!(state.to_string(), "00000/00000 r1 0 2");
    assert_eq!(state.turn(), Turn::Chance);
    assert_eq!(state.roller(), Some(S1));
}

#[test]
fn roll_off_ties_roll_again() {
    let mut state = Thax::new(ThaxConfig::default()).unwrap();
    state.apply_chance(DicePair::of(3, 4)).unwrap();
    state.apply_chance(DicePair::of(2, 5)).unwrap();
    assert!(state.roll_off().is_some(), "7 against 7 rolls again");
    assert_eq!(state.roller(), Some(S0));
    state.apply_chance(DicePair::of(1, 1)).unwrap();
    state.apply_chance(DicePair::of(1, 2)).unwrap();
    assert_eq!(state.to_string(), "00000/00000 r1 0 4");
}

#[test]
fn fixed_first_player_skips_the_roll_off() {
    let state = Thax::new(config(&[("first", "1")])).unwrap();
    assert_eq!(state.to_string(), "00000/00000 r1 0 0");
    assert!(state.roll_off().is_none());
}

// ---- rule 1: double six ----

#[test]
fn double_six_removes_a_piece_of_choice_and_gives_no_extra_roll() {
    let state = rolled(pos("10001/00000 r0 0 5"), 6, 6);
    assert_eq!(moves(&state), ["thax 1", "thax 5"]);
    let mut after = state.clone();
    play(&mut after, "thax 5");
    assert_eq!(after.to_string(), "10000/00000 r1 0 6");
}

#[test]
fn double_six_classic_returns_the_piece_to_the_supply() {
    let limited = config(&[("supply", "30")]);
    let mut state = rolled(pos_with(&limited, "10001/00000 r0 0 5"), 6, 6);
    assert_eq!(state.supply(), Some(28));
    play(&mut state, "thax 1");
    assert_eq!(state.supply(), Some(29));
    assert_eq!(state.pot(), 0);
}

#[test]
fn double_six_thax_out_puts_the_piece_in_the_pot() {
    let thax_out = ThaxConfig::thax_out();
    let mut state = rolled(pos_with(&thax_out, "10001/00000 r0 2 5"), 6, 6);
    play(&mut state, "thax 1");
    assert_eq!(state.pot(), 3);
    assert_eq!(state.to_string(), "00001/00000 r1 3 6");
}

#[test]
fn double_six_on_an_empty_side_passes() {
    let state = rolled(pos("00000/33000 r0 0 5"), 6, 6);
    assert_eq!(moves(&state), ["pass"]);
    let mut after = state;
    play(&mut after, "pass");
    assert_eq!(after.to_string(), "00000/33000 r1 0 6");
}

#[test]
fn double_six_must_be_thaxed_even_with_voluntary_pass() {
    let config = config(&[("voluntary_pass", "true")]);
    let state = rolled(pos_with(&config, "01000/00000 r0 0 5"), 6, 6);
    assert_eq!(moves(&state), ["thax 2"]);
}

// ---- rule 2: half thax ----

#[test]
fn half_thax_places_only_the_other_number() {
    let state = rolled(pos("00000/00000 r0 0 3"), 6, 4);
    assert_eq!(moves(&state), ["place 4"]);
    let mut after = state;
    play(&mut after, "place 4");
    assert_eq!(after.to_string(), "00010/00000 r1 0 4");
}

#[test]
fn half_thax_with_that_number_full_is_a_forced_pass_and_the_turn_passes() {
    let state = rolled(pos("00030/00000 r0 0 3"), 6, 4);
    assert_eq!(moves(&state), ["pass"]);
    let mut after = state;
    play(&mut after, "pass");
    assert_eq!(after.roller(), Some(S1));
}

#[test]
fn half_thax_never_sums_or_takes_by_default() {
    // with-sums board has a 10 (4 + 6 is not a sum: sixes mean nothing); the opponent holds a 4.
    let config = ThaxConfig::preset("with-sums").unwrap();
    let state = rolled(pos_with(&config, "000000000/000100000 r0 0 3"), 6, 4);
    assert_eq!(moves(&state), ["place 4"]);
}

// ---- rule 3: the three options ----

#[test]
fn two_three_on_an_empty_board_places_both_or_the_sum() {
    let state = rolled(pos("00000/00000 r0 0 3"), 2, 3);
    assert_eq!(moves(&state), ["place 2 3", "sum 5"]);
}

#[test]
fn two_three_with_my_threes_full_places_the_two_sums_or_takes_a_three() {
    let state = rolled(pos("00300/01100 r0 0 3"), 2, 3);
    assert_eq!(moves(&state), ["place 2", "sum 5", "take 3>2"]);
}

#[test]
fn placing_just_one_die_is_illegal_when_both_can_be_placed() {
    let state = rolled(pos("00000/00000 r0 0 3"), 2, 3);
    assert!(!state.is_legal(ThaxMove::PlaceOne(2)));
    assert!(!state.is_legal(ThaxMove::PlaceOne(3)));
    assert_eq!(
        state.clone().play(ThaxMove::PlaceOne(2)),
        Err(PlayError::IllegalMove)
    );
}

#[test]
fn placing_both_covers_one_space_of_each_number() {
    let mut state = rolled(pos("10000/00000 r0 0 3"), 1, 4);
    play(&mut state, "place 1 4");
    assert_eq!(state.to_string(), "20010/00000 r1 0 4");
}

#[test]
fn doubles_place_on_two_different_spaces() {
    let state = rolled(pos("00000/00000 r0 0 3"), 2, 2);
    assert_eq!(moves(&state), ["place 2 2", "sum 4"]);
    let mut after = state;
    play(&mut after, "place 2 2");
    assert_eq!(after.to_string(), "02000/00000 r0 0 4");
}

#[test]
fn two_two_with_one_free_two_places_it_sums_four_or_takes_and_rolls_again() {
    let state = rolled(pos("02000/01000 r0 0 3"), 2, 2);
    assert_eq!(moves(&state), ["place 2", "sum 4", "take 2>2"]);
    for mv in ["place 2", "sum 4", "take 2>2"] {
        let mut after = state.clone();
        play(&mut after, mv);
        assert_eq!(after.roller(), Some(S0), "{mv}: doubles roll again");
    }
}

#[test]
fn sum_needs_the_number_on_the_board() {
    let state = rolled(pos("00000/00000 r0 0 3"), 3, 4);
    assert_eq!(
        moves(&state),
        ["place 3 4"],
        "7 is not on the default board"
    );
    let with_sums = ThaxConfig::preset("with-sums").unwrap();
    let state = rolled(pos_with(&with_sums, "000000000/000000000 r0 0 3"), 3, 4);
    assert_eq!(moves(&state), ["place 3 4", "sum 7"]);
}

#[test]
fn sum_needs_an_uncovered_space() {
    let state = rolled(pos("00003/00000 r0 0 3"), 2, 3);
    assert_eq!(moves(&state), ["place 2 3"]);
}

#[test]
fn take_needs_an_uncovered_space_for_the_piece() {
    // Seed: "to take a two from your opponent, you must have the uncovered three".
    let state = rolled(pos("00303/03300 r0 0 3"), 2, 3);
    assert_eq!(moves(&state), ["place 2", "take 3>2"]);
    let state = rolled(pos("03003/03300 r0 0 3"), 2, 3);
    assert_eq!(moves(&state), ["place 3", "take 2>3"]);
}

#[test]
fn take_moves_the_opponents_piece_to_my_side() {
    let mut state = rolled(pos("00303/03300 r0 0 3"), 2, 3);
    play(&mut state, "take 3>2");
    assert_eq!(state.to_string(), "01303/03200 r1 0 4");
}

#[test]
fn takes_never_use_the_sum_by_default() {
    let state = rolled(pos("33300/00003 r0 0 3"), 2, 3);
    assert_eq!(moves(&state), ["sum 5"]);
}

// ---- rule 4: forfeits and no declining ----

#[test]
fn a_roll_with_no_legal_option_is_forfeited_by_pass() {
    let state = rolled(pos("03303/00000 r0 0 3"), 2, 3);
    assert_eq!(moves(&state), ["pass"]);
    let mut after = state;
    play(&mut after, "pass");
    assert_eq!(after.to_string(), "03303/00000 r1 0 4");
}

#[test]
fn a_usable_roll_cannot_be_declined() {
    let state = rolled(pos("00000/00000 r0 0 3"), 1, 4);
    assert!(!state.is_legal(ThaxMove::Pass));
}

// ---- rule 5: winning ----

#[test]
fn covering_every_space_wins_at_once() {
    let mut state = rolled(pos("33332/12000 r0 0 9"), 6, 5);
    play(&mut state, "place 5");
    assert_eq!(state.turn(), Turn::Terminal);
    assert_eq!(state.result(), Some(ThaxResult::Won { winner: S0, pot: 0 }));
    assert_eq!(state.outcome(), Some(Outcome::win(2, S0)));
    assert_eq!(state.to_string(), "33333/12000 w0 0 10");
}

#[test]
fn winning_on_a_doubles_chain_ends_the_game_before_the_extra_roll() {
    let mut state = rolled(pos("33133/00000 r0 0 9"), 3, 3);
    play(&mut state, "place 3 3");
    assert!(state.is_terminal());
    assert_eq!(state.chance_outcomes(), None);
    assert_eq!(state.result().and_then(ThaxResult::winner), Some(S0));
}

#[test]
fn winning_by_a_take_empties_a_space_of_the_loser() {
    let mut state = rolled(pos("33323/01000 r0 0 9"), 2, 4);
    assert_eq!(moves(&state), ["place 4", "take 2>4"]);
    play(&mut state, "take 2>4");
    assert_eq!(state.result(), Some(ThaxResult::Won { winner: S0, pot: 0 }));
    assert_eq!(state.covered(S1, 2), 0);
}

// ---- rule 6: doubles roll again ----

#[test]
fn doubles_other_than_six_six_roll_again_even_when_unused() {
    let mut state = rolled(pos("03030/00000 r0 0 3"), 2, 2);
    assert_eq!(moves(&state), ["pass"]);
    play(&mut state, "pass");
    assert_eq!(state.roller(), Some(S0));
}

#[test]
fn other_rolls_pass_the_turn() {
    let mut state = rolled(pos("00000/00000 r0 0 3"), 1, 2);
    play(&mut state, "sum 3");
    assert_eq!(state.roller(), Some(S1));
    let mut state = rolled(state, 6, 6);
    play(&mut state, "pass");
    assert_eq!(state.roller(), Some(S0), "6-6 gives no extra roll");
}

// ---- switches ----

#[test]
fn strict_place_both_forbids_a_single_placement() {
    let strict = config(&[("strict_place_both", "true")]);
    let state = rolled(pos_with(&strict, "00300/01100 r0 0 3"), 2, 3);
    assert_eq!(moves(&state), ["sum 5", "take 3>2"]);
    let state = rolled(pos_with(&strict, "02000/00000 r0 0 4"), 2, 2);
    assert_eq!(moves(&state), ["sum 4"]);
    let state = rolled(pos_with(&strict, "00000/00000 r0 0 3"), 2, 3);
    assert_eq!(moves(&state), ["place 2 3", "sum 5"]);
}

#[test]
fn take_with_sum_takes_the_opponents_sum_space() {
    let sum_take = config(&[("take_with_sum", "true")]);
    let state = rolled(pos_with(&sum_take, "33300/00003 r0 0 3"), 2, 3);
    assert_eq!(moves(&state), ["sum 5", "take 5>5"]);
    let mut after = state;
    play(&mut after, "take 5>5");
    assert_eq!(after.to_string(), "33301/00002 r1 0 4");
}

#[test]
fn half_thax_take_moves_x_to_x() {
    let half = config(&[("half_thax_take", "true")]);
    let state = rolled(pos_with(&half, "00000/00010 r0 0 3"), 6, 4);
    assert_eq!(moves(&state), ["place 4", "take 4>4"]);
    let state = rolled(pos_with(&half, "00030/00010 r0 0 3"), 4, 6);
    assert_eq!(moves(&state), ["pass"], "no uncovered 4");
}

#[test]
fn voluntary_pass_may_decline_a_usable_roll() {
    let voluntary = config(&[("voluntary_pass", "true")]);
    let state = rolled(pos_with(&voluntary, "00000/00000 r0 0 3"), 2, 3);
    assert_eq!(moves(&state), ["place 2 3", "sum 5", "pass"]);
    let state = rolled(pos_with(&voluntary, "03303/00000 r0 0 3"), 2, 3);
    assert_eq!(moves(&state), ["pass"], "a forced pass is not listed twice");
}

#[test]
fn limited_supply_placing_needs_pieces_in_the_supply() {
    let limited = ThaxConfig::preset("thax-out-limited").unwrap();
    // 27 pieces on the board and 2 in the pot leave one piece: no `place 1 2`.
    let state = rolled(pos_with(&limited, "22333/33332 r0 2 9"), 1, 2);
    assert_eq!(state.supply(), Some(1));
    assert_eq!(
        moves(&state),
        ["place 1", "place 2", "take 1>2", "take 2>1"]
    );
    // None left: only takes.
    let state = rolled(pos_with(&limited, "22333/33332 r0 3 9"), 1, 2);
    assert_eq!(state.supply(), Some(0));
    assert_eq!(moves(&state), ["take 1>2", "take 2>1"]);
}

#[test]
fn limited_supply_dead_draw_when_too_few_pieces_remain() {
    let limited = ThaxConfig::preset("thax-out-limited").unwrap();
    // 30 - 15 = 15 pieces can still cover a side; one more in the pot cannot.
    let mut state = rolled(pos_with(&limited, "10000/00000 r0 15 40"), 6, 6);
    play(&mut state, "thax 1");
    assert_eq!(state.result(), Some(ThaxResult::DeadDraw { pot: 16 }));
    assert_eq!(state.outcome(), Some(Outcome::draw(2)));
    assert_eq!(state.to_string(), "00000/00000 d 16 41");
    // A configuration that is dead from the start ends at once.
    let tiny = config(&[("supply", "14")]);
    assert!(Thax::new(tiny).unwrap().is_terminal());
}

#[test]
fn thax_out_pot_does_not_limit_the_supply_by_default() {
    let thax_out = ThaxConfig::thax_out();
    let state = rolled(pos_with(&thax_out, "33300/33300 r0 200 999"), 4, 5);
    assert_eq!(state.supply(), None);
    assert_eq!(moves(&state), ["place 4 5"]);
}

#[test]
fn thax_out_winner_result_reports_the_pot() {
    let thax_out = ThaxConfig::thax_out();
    let mut state = rolled(pos_with(&thax_out, "33332/00000 r0 4 30"), 5, 6);
    play(&mut state, "place 5");
    assert_eq!(state.result(), Some(ThaxResult::Won { winner: S0, pot: 4 }));
}

#[test]
fn turn_limit_ends_the_game_with_a_distinct_draw() {
    let limited = config(&[("max_rolls", "3"), ("first", "0")]);
    let mut state = Thax::new(limited).unwrap();
    for (a, b) in [(1, 2), (2, 4), (1, 1)] {
        state.apply_chance(DicePair::of(a, b)).unwrap();
        let mv = state.legal_moves_vec()[0];
        state.play(mv).unwrap();
    }
    let result = state.result().expect("stopped by the roll guard");
    assert!(result.is_turn_limit());
    assert_eq!(
        result,
        ThaxResult::TurnLimit {
            winner: None,
            covered: [4, 2]
        }
    );
    assert_eq!(state.outcome(), Some(Outcome::draw(2)));
    assert_eq!(state.to_string(), "31000/01010 t 0 3");
    assert_eq!(Thax::max_game_length(state.config()), Some(6));
}

#[test]
fn turn_limit_scored_by_covered_spaces() {
    let scored = config(&[("max_rolls", "3"), ("turn_limit", "score")]);
    let mut state = rolled(pos_with(&scored, "21100/01000 r1 0 2"), 4, 5);
    play(&mut state, "place 4 5");
    assert_eq!(
        state.result(),
        Some(ThaxResult::TurnLimit {
            winner: Some(S0),
            covered: [4, 3]
        })
    );
    assert_eq!(state.outcome(), Some(Outcome::win(2, S0)));
    let mut level = rolled(pos_with(&scored, "21000/01000 r1 0 2"), 4, 5);
    play(&mut level, "place 4 5");
    assert_eq!(
        level.result(),
        Some(ThaxResult::TurnLimit {
            winner: None,
            covered: [3, 3]
        })
    );
    assert_eq!(level.outcome(), Some(Outcome::draw(2)));
}

#[test]
fn turn_limit_score_goes_to_seat_1_when_it_covers_more() {
    let scored = config(&[("max_rolls", "3"), ("turn_limit", "score")]);
    let mut state = rolled(pos_with(&scored, "01000/21100 r0 0 2"), 4, 5);
    play(&mut state, "place 4 5");
    assert_eq!(
        state.result(),
        Some(ThaxResult::TurnLimit {
            winner: Some(S1),
            covered: [3, 4]
        })
    );
    assert_eq!(state.outcome(), Some(Outcome::win(2, S1)));
}

#[test]
fn turn_limit_also_bounds_the_roll_off() {
    let mut state = Thax::new(config(&[("max_rolls", "2")])).unwrap();
    state.apply_chance(DicePair::of(3, 4)).unwrap();
    state.apply_chance(DicePair::of(2, 5)).unwrap();
    assert_eq!(state.to_string(), "00000/00000 t 0 2");
    assert!(state.result().is_some_and(ThaxResult::is_turn_limit));
}

#[test]
fn winning_beats_the_turn_limit_on_the_last_roll() {
    let limited = config(&[("max_rolls", "10")]);
    let mut state = rolled(pos_with(&limited, "33332/00000 r0 0 9"), 5, 6);
    play(&mut state, "place 5");
    assert_eq!(state.result(), Some(ThaxResult::Won { winner: S0, pot: 0 }));
}

#[test]
fn evaluation_is_my_covered_spaces_minus_the_opponents() {
    let state = pos("33100/01000 r1 0 9");
    assert_eq!(state.evaluation(S0), 6);
    assert_eq!(state.evaluation(S1), -6);
}

/// Only the roll guard makes a turn-limit result: a win is not one.
#[test]
fn a_won_game_is_not_a_turn_limit() {
    let mut state = rolled(pos("33332/00000 r0 0 30"), 5, 6);
    play(&mut state, "place 5");
    let result = state.result().expect("seat 0 covered its side");
    assert_eq!(result, ThaxResult::Won { winner: S0, pot: 0 });
    assert!(!result.is_turn_limit());
}

/// `uncovered` is the board's capacity for the number less the pieces on it, per side: 0
/// for a full number and for a number not on the board.
#[test]
fn uncovered_spaces_are_capacity_less_covered_per_side() {
    let state = pos("12300/00100 r0 0 20");
    assert_eq!(state.uncovered(S0, 1), 2);
    assert_eq!(state.uncovered(S0, 2), 1);
    assert_eq!(state.uncovered(S0, 3), 0);
    assert_eq!(state.uncovered(S0, 4), 3);
    assert_eq!(state.uncovered(S1, 3), 2);
    assert_eq!(state.uncovered(S1, 1), 3);
    assert_eq!(state.uncovered(S0, 6), 0, "sixes are not on the board");
}

/// `rolls` counts every throw of the dice, roll-off throws included: it reads the count
/// of the notation and goes up by one per throw.
#[test]
fn rolls_counts_every_throw_roll_off_included() {
    let mut start = Thax::new(ThaxConfig::default()).unwrap();
    assert_eq!(start.rolls(), 0);
    start.apply_chance(DicePair::of(1, 2)).unwrap();
    start.apply_chance(DicePair::of(4, 6)).unwrap();
    assert_eq!(start.rolls(), 2);
    let mut state = pos("31202/00120 r1 0 17");
    assert_eq!(state.rolls(), 17);
    state.apply_chance(DicePair::of(3, 5)).unwrap();
    assert_eq!(state.rolls(), 18);
}

/// `dice` is the throw the seat decides on at a decision node, and `None` at a chance node
/// or once the game is over.
#[test]
fn dice_are_the_throw_being_decided_on_and_none_elsewhere() {
    let deciding = pos("31202/00120 m1:3-5 0 17");
    assert_eq!(deciding.dice(), Some(DicePair::of(3, 5)));
    let thrown = rolled(pos("31202/00120 r1 0 17"), 2, 4);
    assert_eq!(thrown.dice(), Some(DicePair::of(2, 4)));
    assert_eq!(pos("31202/00120 r1 0 17").dice(), None);
    assert_eq!(Thax::new(ThaxConfig::default()).unwrap().dice(), None);
    assert_eq!(pos("33333/12000 w0 0 10").dice(), None);
}
