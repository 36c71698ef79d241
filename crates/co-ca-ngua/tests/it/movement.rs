//! Where a move may go: the arrow square under `ring_lap = arrow`, a piece just behind on the
//! ring, exit immunity with three players, and one die alone under `dice = 2`.
//!
//! Progress on the default board: 48 = lane mouth M, 49..=53 = lane `L0..L4`, 54 = arrow
//! square X on arrival, 62 = X after the lap. In a 2-player game seat 1 plays colour 2; with
//! three players seat `s` plays colour `s` (exit square `T(12s)`).

use crate::common::{at, configured, moves, play};
use boardgame_core::{Configure, Seat};
use co_ca_ngua::Config;

/// `ring_lap = arrow`, `ring_block = cut`: a piece on the last lane square L4 (53) that would
/// pass X while another player's piece stands on X cannot move at all (the square before X
/// is where it already is), so the only move is a pass.
#[test]
fn ring_lap_arrow_a_piece_just_before_an_occupied_arrow_square_cannot_move() {
    let config = configured(Config::default(), &[("ring_lap", "arrow")]);
    // Colour 2 at progress 58 stands on R0, colour 0's arrow square.
    let state = at("0,53/0,58 m03 t0.0 n10", &config);
    assert_eq!(moves(&state), ["pass"]);
    // From L3 (52) the same roll stops on L4.
    let mut state = at("0,52/0,58 m03 t0.0 n10", &config);
    assert_eq!(moves(&state), ["L3+3"]);
    play(&mut state, "L3+3");
    assert_eq!(state.pieces(Seat::new(0)), [0, 53]);
}

/// On the inner ring only the squares ahead of a piece can stop it: another player's piece
/// on the square just behind (colour 2 at progress 58 stands on `R0`, colour 0's arrow
/// square) does not keep colour 0's piece on `R1` (55) from moving on.
#[test]
fn on_the_ring_a_piece_just_behind_does_not_block_a_move() {
    let mut state = at("0,55/0,58 m01 t0.0 n10", &Config::with_players(2));
    let legal = moves(&state);
    assert_eq!(legal.len(), 1, "{legal:?}");
    assert_ne!(legal[0], "pass");
    play(&mut state, &legal[0]);
    assert_eq!(state.pieces(Seat::new(0)), [0, 56]);
    assert_eq!(state.pieces(Seat::new(1)), [0, 58]);
}

/// `exit_immunity`: only the piece of the seat whose exit square it is is immune there; a
/// third player's piece standing on seat 1's exit square T12 (seat 1 has no piece there) is
/// captured as usual.
#[test]
fn exit_immunity_does_not_protect_another_seats_piece_on_an_exit_square() {
    let config = configured(Config::with_players(3), &[("exit_immunity", "true")]);
    // Seat 0 on T9 (progress 10) rolls 3 onto T12, seat 1's exit; seat 2 (colour 2, exit
    // T24) stands there at its progress 37.
    let mut state = at("0,10/0,0/0,37 m03 t0.0 n10", &config);
    assert_eq!(moves(&state), ["T9+3"]);
    play(&mut state, "T9+3");
    assert_eq!(state.pieces(Seat::new(0)), [0, 13]);
    assert_eq!(state.pieces(Seat::new(2)), [0, 0]);
}

/// `dice = 2` (traditional preset): when nothing moves the sum and only the lower die can be
/// played alone, that die is the only move (no pass is offered beside it).
#[test]
fn two_dice_only_the_lower_die_alone_fits_and_no_pass_is_offered() {
    let config = configured(Config::preset("traditional").unwrap(), &[("dice", "2")]);
    // The horse on T45 (progress 46): the sum 5 and the 3 alone would pass the last square
    // of its lap (48); the 2 alone reaches it. A 2-3 releases nobody.
    let state = at("0,0,0,46/0,0,0,0 m02-3 t0.0 n10", &config);
    assert_eq!(moves(&state), ["T45+2"]);
}
