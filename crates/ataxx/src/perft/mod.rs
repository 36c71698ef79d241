//! Perft: the number of move paths of a given depth, by three methods that always agree,
//! single- or multi-threaded, whole or divided by root move.
//!
//! Conventions (the same as `boardgame_core::perft::perft`): a forced pass is one move; a
//! finished game counts 0 at depth ≥ 1; depth 0 counts 1.
//!
//! The [`Method`]s, fastest first:
//! - [`Method::Fast`] ([`perft`]): counts the moves at depth 1 with popcounts and derives
//!   the depth-1 counts of every child at depth 2 without building the children, so the
//!   last two plies are counted, not played.
//! - [`Method::Bulk`] ([`perft_bulk`]): the usual bulk counting (libataxx's perft): every
//!   position down to depth 1 is built with [`Ataxx::make_move`], and the moves at depth 1
//!   are counted with popcounts.
//! - [`Method::Make`] ([`perft_make`]): every leaf is built with [`Ataxx::make_move`], the
//!   whole state kept (counters and the key `Ataxx::key`), no counting shortcut: the cost of
//!   generate + make, the path a search walks.
//!
//! ```
//! use ataxx::Ataxx;
//! use ataxx::perft::{self, Method};
//!
//! let start = Ataxx::default();
//! for method in Method::ALL {
//!     assert_eq!(method.perft(&start, 4), 155_888);
//! }
//! let tally = perft::count(&start, 5, Method::Bulk, 2);
//! assert_eq!(tally.nodes, 4_752_668);
//! assert_eq!(tally.per_move.len(), 16); // the 16 root moves, with their subtree counts
//! ```

use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use crate::moves::Move;
use crate::position::Ataxx;

mod bulk;
mod fast;
mod make;
mod parallel;

/// How [`count`] and [`Method::perft`] count the tree (see the module docs).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Method {
    /// The last two plies counted with popcounts, never played.
    #[default]
    Fast,
    /// Every position down to depth 1 built; the moves at depth 1 counted.
    Bulk,
    /// Every leaf built with `make_move`, hash and counters included.
    Make,
}

impl Method {
    /// The three methods, fastest first.
    pub const ALL: [Method; 3] = [Method::Fast, Method::Bulk, Method::Make];

    /// The method's name: `fast`, `bulk` or `make`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Method::Fast => "fast",
            Method::Bulk => "bulk",
            Method::Make => "make",
        }
    }

    /// The perft of `pos` to `depth` by this method, on the calling thread.
    #[must_use]
    pub fn perft(self, pos: &Ataxx, depth: u32) -> u64 {
        match self {
            Method::Fast => fast::perft(pos, depth),
            Method::Bulk => bulk::perft(pos, depth),
            Method::Make => make::perft::<true>(pos, depth),
        }
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A perft method name that is not `fast`, `bulk` or `make`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown perft method {}: expected fast, bulk or make", boardgame_io::quote(.0))]
pub struct ParseMethodError(pub alloc::string::String);

impl FromStr for Method {
    type Err = ParseMethodError;
    fn from_str(s: &str) -> Result<Method, ParseMethodError> {
        Method::ALL
            .into_iter()
            .find(|m| m.name() == s)
            .ok_or_else(|| ParseMethodError(s.into()))
    }
}

/// The number of move paths of exactly `depth` plies from `pos`, by [`Method::Fast`].
///
/// ```
/// use ataxx::{Ataxx, perft::perft};
/// assert_eq!(perft(&Ataxx::default(), 4), 155_888);
/// ```
#[must_use]
pub fn perft(pos: &Ataxx, depth: u32) -> u64 {
    fast::perft(pos, depth)
}

/// [`perft`] by [`Method::Bulk`].
#[must_use]
pub fn perft_bulk(pos: &Ataxx, depth: u32) -> u64 {
    bulk::perft(pos, depth)
}

/// [`perft`] by [`Method::Make`].
#[must_use]
pub fn perft_make(pos: &Ataxx, depth: u32) -> u64 {
    make::perft::<true>(pos, depth)
}

/// [`perft`] by building every leaf as [`Method::Make`] does, but without computing the
/// key ([`Ataxx::key`]) on the way: the work of a make that never reads it (the crates.io
/// `ataxx` crate's and libataxx's `after_move<false>`). The positions it builds stay
/// inside the count.
#[must_use]
pub fn perft_make_unhashed(pos: &Ataxx, depth: u32) -> u64 {
    make::perft::<false>(pos, depth)
}

/// What [`count`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    /// The perft: move paths of exactly the depth asked for.
    pub nodes: u64,
    /// Each root move (in move-generation order) with the paths that start with it; empty
    /// at depth 0 (no move is played, and the one path is the empty one) and at a finished
    /// game.
    pub per_move: Vec<(Move, u64)>,
    /// The threads that really counted (the calling thread included): at most the number
    /// asked for, fewer when the tree has fewer subtrees than that, when it is too small to
    /// be worth splitting (depth below 4), or when the system refused to start a thread.
    pub threads: usize,
}

/// The perft of `pos` to `depth` by `method` on up to `threads` threads (`0`: every
/// available core), divided by root move.
///
/// With more than one thread the tree is split two plies below the root and the subtrees
/// are handed out one at a time from a shared counter, so the threads stay busy until the
/// end. A huge `threads` is safe: it is capped by the number of subtrees, and a thread the
/// system refuses to start is simply not used.
#[must_use]
pub fn count(pos: &Ataxx, depth: u32, method: Method, threads: usize) -> Tally {
    parallel::count(pos, depth, method, threads)
}

/// Per-root-move counts (`divide`) by [`Method::Fast`] on the calling thread, in
/// move-generation order; empty at depth 0 (see [`Tally::per_move`]).
#[must_use]
pub fn divide(pos: &Ataxx, depth: u32) -> Vec<(Move, u64)> {
    count(pos, depth, Method::Fast, 1).per_move
}

/// [`perft`] on `threads` OS threads (`0`: every available core); see [`count`]. Same
/// result as [`perft`]. The threads pay for themselves from trees of about 0.1 s (perft 6
/// from the start position) upwards.
///
/// ```
/// use ataxx::{Ataxx, perft};
/// let start = Ataxx::default();
/// assert_eq!(perft::perft_parallel(&start, 5, 2), perft::perft(&start, 5));
/// ```
#[must_use]
pub fn perft_parallel(pos: &Ataxx, depth: u32, threads: usize) -> u64 {
    count(pos, depth, Method::Fast, threads).nodes
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn method_names_round_trip() {
        for method in Method::ALL {
            assert_eq!(method.to_string().parse::<Method>(), Ok(method));
        }
        assert!("Fast".parse::<Method>().is_err());
    }

    #[test]
    fn depth_zero_counts_the_empty_path_and_divides_into_nothing() {
        let start = Ataxx::default();
        for method in Method::ALL {
            assert_eq!(method.perft(&start, 0), 1);
            let tally = count(&start, 0, method, 2);
            assert_eq!((tally.nodes, tally.per_move.len()), (1, 0));
        }
    }
}
