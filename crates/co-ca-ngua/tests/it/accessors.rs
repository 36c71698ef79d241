//! The public readers of a state that the rules themselves never call: the turn's run of
//! sixes, the piece moved last, the roll count and the evaluation of a finished game.

use crate::common::{at, configured, play, roll};
use boardgame_core::Seat;
use co_ca_ngua::{CoCaNgua, Config};

const S0: Seat = Seat::new(0);
const S1: Seat = Seat::new(1);

/// Under `triple_six` a turn counts its sixes in a row and remembers the piece moved last;
/// every chance outcome counts toward the `max_rolls` guard.
#[test]
fn a_turn_of_sixes_counts_its_sixes_the_piece_moved_last_and_the_rolls() {
    let config = configured(Config::with_players(2), &[("triple_six", "true")]);
    let turn = |s: &CoCaNgua| (s.sixes(), s.last_moved(), s.rolls());
    let mut state = at("0,10/0,0 r0 t0.0 n4", &config);
    assert_eq!(turn(&state), (0, None, 4));
    roll(&mut state, 6);
    assert_eq!(turn(&state), (1, None, 5));
    play(&mut state, "T9+6");
    assert_eq!(state.pieces(S0), [0, 16]);
    assert_eq!(turn(&state), (1, Some(16), 5));
    roll(&mut state, 6);
    assert_eq!(turn(&state), (2, Some(16), 6));
    // The same readers on a parsed line: `t<sixes>.<last> n<rolls>`.
    let parsed = at("10,27/0,0 r0 t2.27 n17", &config);
    assert_eq!(turn(&parsed), (2, Some(27), 17));
}

/// A won game evaluates to +1000 for the winner and −1000 for every other seat, whatever
/// the progress of the pieces.
#[test]
fn a_won_game_evaluates_to_plus_1000_for_the_winner_and_minus_1000_for_the_loser() {
    let state = at("0,0/64,64 w1 t0.0 n30", &Config::with_players(2));
    assert_eq!(state.evaluation(S1), 1000);
    assert_eq!(state.evaluation(S0), -1000);
}
