#![doc = include_str!("../README.md")]
//!
//! # Overview
//!
//! Every game in the `boardgame` workspace implements one trait, [`Game`], in OpenSpiel's
//! *explicit chance* model: [`Game::turn`] says whether a player decides
//! ([`Turn::Player`]), chance acts ([`Turn::Chance`], with exact integer weights from
//! [`Game::chance_outcomes`]) or the game is over ([`Turn::Terminal`]). Rules crates own no
//! random number generator: a die roll is a value the caller chooses. That makes every game
//! a pure function of its [`Record`] (configuration plus events), which replays to the
//! identical state.
//!
//! What is here:
//! - seats ([`Seat`], [`BySeat`]), dice ([`Die`], [`DicePair`]) and exact distributions
//!   ([`Dist`], [`dist::D6`], [`dist::TWO_D6`]);
//! - the [`Game`] trait, move sinks ([`MoveSink`], [`MoveList`], [`Count`]), results
//!   ([`Outcome`]) and errors ([`PlayError`], [`ConfigError`], [`ReplayError`]);
//! - the caller's [`clock`] ([`Clock`](clock::Clock), [`Deadline`](clock::Deadline)) for
//!   searches with time limits;
//! - [`Record`]s, [`perft`](perft::perft) and [`chance_perft`](perft::chance_perft),
//!   a [`RollOff`] for deciding the first player with dice, and [`Configure`] for rule
//!   switches set by name;
//! - with feature `rand`, the seeded [`driver`] (`ChaCha8Rng`, policies, playouts);
//! - with feature `testkit`, the conformance kit [`testkit::check_game`];
//! - two [`toy`] games that show a whole implementation.

#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod clock;
pub mod dice;
pub mod dist;
#[cfg(feature = "rand")]
pub mod driver;
pub mod game;
pub mod outcome;
pub mod perft;
pub mod record;
pub mod rolloff;
pub mod seat;
pub mod settings;
pub mod sink;
#[cfg(feature = "testkit")]
pub mod testkit;
pub mod toy;

pub use dice::{DicePair, Die, ParseDiceError};
pub use dist::Dist;
pub use game::{ConfigError, Game, NoChance, ParseNoChanceError, PlayError, Rejected, Turn};
pub use outcome::Outcome;
#[cfg(feature = "serde")]
pub use record::RecordLine;
pub use record::{Event, EventOf, Record, ReplayError};
pub use rolloff::{ParseRollOffError, RollOff, RollOffRule};
pub use seat::{BySeat, MAX_SEATS, ParseSeatError, Seat};
pub use settings::{Configure, Preset, Setting, SettingError};
pub use sink::{Count, FnSink, MoveList, MoveSink};
