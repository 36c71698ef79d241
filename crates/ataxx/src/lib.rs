#![doc = include_str!("../README.md")]
//!
//! # Overview
//!
//! The rules are those of the UAI Ataxx tools (libataxx and friends): clones to distance
//! 1, jumps to distance exactly 2, every adjacent opponent piece flips, blocked squares
//! (`-`) never hold a piece, a pass (`0000`) exactly when the mover is stuck but the game
//! is not over, and the game ends when a side has no pieces, when no empty square is
//! within reach of any piece, or (switch `ply_clock`, on by default) when the half-move
//! clock reaches 100. See `docs/rules/ataxx.md` for every rule and the test that checks it.
//!
//! [`Ataxx`] implements [`boardgame_core::Game`]; beside it, an inherent fast API works on
//! [`Bitboard`]s: [`Ataxx::singles`], [`Ataxx::jumps_from`], [`Ataxx::generate_batches`],
//! [`Ataxx::move_count`], [`Ataxx::make_move`], and the specialised [`perft`] module.

// Unit tests use std's prelude; the library itself is `no_std` + `alloc`.
#![cfg_attr(not(test), no_std)]
#![cfg_attr(docsrs, feature(doc_cfg))]

extern crate alloc;
#[cfg(all(feature = "std", not(test)))]
extern crate std;

pub mod bitboard;
mod color;
mod config;
pub mod fen;
mod game;
mod key;
mod layout;
mod make;
mod moves;
pub mod perft;
mod playout;
mod position;
#[cfg(feature = "serde")]
mod serde_impl;
mod square;
pub mod symmetry;

pub use bitboard::Bitboard;
pub use color::Color;
pub use config::AtaxxConfig;
pub use fen::{FenError, FenErrorKind, FenField};
pub use game::MAX_MOVES;
pub use moves::{Move, MoveBatch, MoveBatchIter, ParseMoveError};
pub use position::{Ataxx, GameOver, SetupError};
pub use square::{ParseSquareError, Square};
pub use symmetry::Symmetry;
