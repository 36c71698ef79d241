//! The layout of a position's three words (see [`Ataxx`](crate::Ataxx)): which bits hold
//! the squares, the counters and the flags. The position, its key and the maker of its
//! children all read these words, so the layout sits below the three of them.

/// The squares of a word; the bits above hold a counter or the flags.
pub(crate) const SQUARES: u64 = (1 << 49) - 1;
/// Where the counters start in the words of `x` and `o`.
pub(crate) const HIGH: u32 = 49;
/// Set in the third word when `o` is to move.
pub(crate) const O_TO_MOVE_FLAG: u64 = 1 << 49;
/// Set in the third word when the half-move clock counts plies (`AtaxxConfig::ply_clock`).
pub(crate) const PLY_CLOCK_FLAG: u64 = 1 << 50;
