//! Ataxx rules engine: 7×7 bitboards with blockers, FEN, UAI move notation, fast perft,
//! Zobrist hashing and the board's symmetries. Pure: no I/O, no RNG.
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
//!
//! # Example
//!
//! ```
//! use ataxx::{Ataxx, Move};
//! use boardgame_core::{Game, Turn, Seat};
//!
//! // Parse a FEN, list the moves, play one.
//! let mut pos: Ataxx = "x5o/7/7/7/7/7/o5x x 0 1".parse()?;
//! assert_eq!(pos.turn(), Turn::Player(Seat::new(0)));
//! let moves = pos.legal_moves_vec();
//! assert_eq!(moves.len(), 16); // 6 clones + 10 jumps
//! assert_eq!(moves[0].to_string(), "f1"); // clones first, by destination
//!
//! let jump: Move = "g1e3".parse()?;
//! pos.play(jump)?;
//! assert_eq!(pos.to_string(), "x5o/7/7/7/4x2/7/o6 o 1 1");
//! assert!(pos.play("a7c5".parse()?).is_err()); // not o's piece: refused, nothing changes
//! assert!("b2b3".parse::<Move>().is_err()); // a clone is written as its destination
//!
//! // Fast counting and perft.
//! assert_eq!(Ataxx::default().move_count(), 16);
//! assert_eq!(ataxx::perft::perft(&Ataxx::default(), 3), 6460);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Feature flags
//! - `serde`: `Serialize`/`Deserialize` for [`AtaxxConfig`], [`Move`] and [`Square`] (as
//!   text) and [`Ataxx`] (as `{"fen", "config"}`, validated on the way in).

#![cfg_attr(docsrs, feature(doc_cfg))]

extern crate alloc;

pub mod bitboard;
mod color;
mod config;
pub mod fen;
mod game;
mod moves;
pub mod perft;
mod playout;
mod position;
#[cfg(feature = "serde")]
mod serde_impl;
mod square;
pub mod symmetry;
mod zobrist;

pub use bitboard::Bitboard;
pub use color::Color;
pub use config::AtaxxConfig;
pub use fen::{FenError, FenErrorKind, FenField};
pub use game::MAX_MOVES;
pub use moves::{Move, MoveBatch, MoveBatchIter, ParseMoveError};
pub use position::{Ataxx, GameOver, SetupError};
pub use square::{ParseSquareError, Square};
pub use symmetry::Symmetry;
