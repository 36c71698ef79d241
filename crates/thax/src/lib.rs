//! THAX and Thax Out: a two-player dice game of covering your side of the board, as a pure
//! rules engine (no I/O, no random number generator) on [`boardgame_core`].
//!
//! Each player has a side of numbered spaces (by default the numbers 1 to 5, three spaces
//! each). On a turn the player throws two dice and either places pieces on the numbers
//! rolled, places one piece on their sum, or takes an opponent's piece onto one of the
//! numbers. A six means nothing, double six ("thax") removes one of your own pieces, and a
//! double other than 6-6 throws again. The first to cover every space of their side wins.
//! Classic THAX returns thaxed pieces to the supply; Thax Out puts them in a pot.
//!
//! The game is a [`Game`](boardgame_core::Game) in the explicit-chance model: every throw
//! is a chance node over the 21 unordered outcomes of two dice with exact weights, so a game
//! is a pure function of its record. Every rule and interpretation is documented in
//! `docs/rules/thax.md`, each with the switch ([`ThaxConfig`]) and the test that checks it.
//!
//! # Example
//!
//! ```
//! use boardgame_core::{DicePair, Game, Seat, Turn};
//! use thax::{Thax, ThaxConfig, ThaxMove, ThaxResult};
//!
//! let mut game = Thax::new(ThaxConfig::default())?;
//! assert_eq!(game.to_string(), "00000/00000 oH01 0 0");
//!
//! // Roll-off: seat 0 throws 9, seat 1 throws 4; seat 0 starts. These throws are not played.
//! game.apply_chance(DicePair::of(4, 5))?;
//! game.apply_chance(DicePair::of(1, 3))?;
//! assert_eq!(game.turn(), Turn::Chance);
//! assert_eq!(game.roller(), Some(Seat::new(0)));
//!
//! // Seat 0 throws 2-3: place both numbers, or one piece on the sum.
//! game.apply_chance(DicePair::of(3, 2))?;
//! assert_eq!(game.legal_moves_vec(), ["place 2 3".parse()?, "sum 5".parse()?]);
//! game.play(ThaxMove::Sum(5))?;
//! assert_eq!(game.to_string(), "00001/00000 r1 0 3");
//! assert_eq!(game.evaluation(Seat::new(0)), 1);
//!
//! // Play the rest out with a tiny deterministic "random" source.
//! let mut x = 7u32;
//! let result = game.play_out(|n| { x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345); (x >> 16) % n });
//! assert!(matches!(result, ThaxResult::Won { .. }));
//! println!("{game:#}"); // a picture of the final board
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Feature flags
//! - `serde`: `Serialize`/`Deserialize` for [`ThaxConfig`], [`Board`], [`ThaxMove`],
//!   [`ThaxResult`] and [`Thax`] (as its configuration and validated notation).

#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]

extern crate alloc;

mod board;
mod config;
mod moves;
mod notation;
mod result;
mod state;

pub use board::{Board, MAX_COPIES, MAX_NUMBER, ParseBoardError};
pub use config::{FirstPlayer, ThaxConfig, TurnLimitRule, Variant};
pub use moves::{ParseMoveError, ThaxMove};
pub use notation::ParseThaxError;
pub use result::ThaxResult;
pub use state::{MAX_MOVES, Thax, ThaxMoveList};
