//! An Ataxx engine speaking UAI (the Universal Ataxx Interface), for match runners such as
//! cuteataxx: `cargo install boardgame-uai`, then point the runner at `boardgame-uai`.
//!
//! - [`search`]: alpha-beta specialised to Ataxx, with a lockless shared transposition
//!   table (Lazy SMP) and the selective features strong engines use, each a UAI option.
//! - [`eval`]: the learned network (the default) and the handcrafted evaluation.
//!
//! `docs/engine.md` in the repository describes the engine, its options and how its
//! network was made; `docs/strength.md` the matches behind every default.

pub mod bench;
pub mod datagen;
pub mod eval;
pub mod netfile;
pub mod protocol;
pub mod search;
pub mod selfplay;
mod simd;
pub mod train;
