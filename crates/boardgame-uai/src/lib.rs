//! An Ataxx engine speaking UAI (the Universal Ataxx Interface), for match runners such as
//! cuteataxx: `cargo install boardgame-uai`, then point the runner at `boardgame-uai`.
//!
//! The engine itself (search, network, handcrafted evaluation) is the library crate
//! `boardgame-engine`, re-exported here as [`search`] and [`eval`]; this crate adds the
//! protocol, the binary, the bench, self-play data generation, fixed-node matches and the
//! trainer, and reads network files ([`netfile`]).
//!
//! `docs/engine.md` in the repository describes the engine, its options and how its
//! network was made; `docs/strength.md` the matches behind every default.

pub mod bench;
pub mod datagen;
pub mod netfile;
pub mod protocol;
pub mod selfplay;
pub mod train;

pub use boardgame_engine::{eval, search};
