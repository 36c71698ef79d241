#![doc = include_str!("../README.md")]
//!
//! # Overview
//!
//! The rules are the seed text of issue 6 (`docs/rules/co-ca-ngua.md` quotes it sentence by
//! sentence with the test for each): 2–4 players, 2 pieces each, one die. The lowest
//! roll-off starts (core's [`RollOff`](boardgame_core::RollOff), ties re-roll); play goes
//! clockwise. A 5 brings a piece out (compulsory, unless an own piece holds the exit; onto
//! another player's piece it captures). Moves are exact; a 6 rolls again, and counts as 7
//! once no piece is in the nest; a third 6 in a row sends the piece moved last home unless
//! it is in the safe area. Landing on another player's piece outside the safe area captures
//! it. The safe area has two entrances: the lane mouth `M` after a full lap (a move may end
//! there but not pass it), and the shortcut arrow from the own circle `K` to `D`, from where
//! the piece is pushed on to the inner ring. On the inner ring a piece goes once round
//! (exact roll back to its arrow square), cannot pass another player's piece (it stops just
//! before), then goes 2 squares to the centre (exact roll). Both pieces in the centre win.
//!
//! The preset `traditional` ([`Config::traditional`]) is the folk game of issue 15 on the
//! same engine: 4 horses (`pieces`, 1–4), release on a 1 or 6, no jumping, and the chuồng
//! ([`Home::Chuong`]): 6 numbered steps entered from the last square of the lap, one step at
//! a time with the next step's number, won on the top steps 6-5-4-3.
//!
//! The switch `dice = 2` rolls two dice ([`Roll`], 21 unordered outcomes out of 36): a horse
//! moves the sum (one die alone only when no horse can move the sum), a release roll on
//! either die or doubles releases with the whole roll, doubles roll again, the roll-off
//! compares sums.
//!
//! The board is data: a [`Layout`] of numbers (48-square track, 12 between exits, shortcut
//! at 41, mouth at 47, exit on a 5, lane of 5, ring of 8, spoke of 1) validated into a
//! [`Board`] graph with per-colour path tables. Every reading of the text is a switch on
//! [`Config`] (see [`Configure`](boardgame_core::Configure) for setting them by name).
//!
//! # Notation
//! - Moves: `exit`, `T17+5` (square and steps), `T36+5>D` (the same, then the shortcut),
//!   `pass` ([`Move`]).
//! - Chance outcomes ([`Roll`]): the die, `1`..`6`; under `dice = 2` two dice, `3-5`.
//! - States: `0,5/1,0 …` one line (see [`notation`]); `{:#}` draws the board.

#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]

extern crate alloc;
#[cfg(test)]
extern crate std;

pub mod board;
mod config;
mod game;
mod moves;
pub mod notation;
mod picture;
pub mod roll;
mod state;

pub use board::{Board, BoardError, Layout, Spot, Square, SquareKind};
pub use config::{
    Arrival, ChuongWin, Config, ExitCapture, FirstPlayer, Home, LaneMouth, RingBlock, RingLap,
    Seating,
};
pub use moves::{Move, ParseMoveError};
pub use notation::{ParseStateError, StateField};
pub use roll::Roll;
pub use state::CoCaNgua;
