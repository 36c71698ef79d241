#![doc = include_str!("../README.md")]
//!
//! # Overview
//!
//! The default [`Config`] follows the rules text this crate was written from literally
//! (the *seed* rules); the `spanish` preset ([`Config::spanish`]) gives common Spanish
//! play, and the `glparchis` preset ([`Config::glparchis`]) the behaviour of glparchis, an
//! open-source Spanish Parchís. Every difference is a named switch (see [`Config`] and
//! [`Configure`](boardgame_core::Configure)). The full rule list, with the interpretation
//! taken for each sentence and the test that checks it, is in `docs/rules/parchis.md`.
//!
//! # The game in brief
//! - A 68-square track; Yellow, Blue, Red and Green come out on squares 5, 22, 39 and 56 and
//!   turn into their private 7-square home columns after squares 68, 17, 34 and 51; the goal
//!   is 71 steps from the exit. Twelve squares are safe.
//! - One die. A roll-off (highest die, ties re-roll) picks the first player. A 5 must bring
//!   a piece out of the nest when it can; a 6 rolls again, and moves 7 once no piece is in
//!   the nest; a third 6 in a row sends the piece moved with the previous 6 home.
//! - Capturing earns a 20-step bonus move, reaching the goal a 10-step one.
//! - Two pieces of one colour on a safe square form a barrier nobody may land on or pass.
//!
//! [`Parchis`] implements [`Game`](boardgame_core::Game) in the explicit-chance model:
//! the caller supplies every die roll as a chance outcome ([`Die`](boardgame_core::Die)).
//! Moves ([`Move`]) name a square and a distance (`out`, `12+5`, `h3+2`, `12+20`, `pass`),
//! never a piece index. The state's `Display` is a one-line notation that
//! [`Game::from_notation`](boardgame_core::Game::from_notation) reads back (see
//! [`notation`]); `{:#}` draws the board.

#![no_std]

extern crate alloc;
#[cfg(test)]
extern crate std;

pub mod board;
pub mod config;
mod game;
pub mod moves;
pub mod notation;
mod picture;
mod state;

pub use board::{Colour, Loc, ParseColourError, ParseLocError};
pub use config::{
    Barriers, ColourSet, Config, ExitCapture, Finish, ParseKeywordError, TripleSix, TurnOrder,
};
pub use moves::{Move, ParseMoveError};
pub use notation::NotationError;
pub use state::Parchis;
