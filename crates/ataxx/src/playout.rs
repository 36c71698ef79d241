//! Uniform-random playouts without a move list: the `k`-th legal move is found with
//! popcounts, so a ply costs a count, a short walk and a `make_move`.

use crate::bitboard::{JUMPS, dilate1};
use crate::moves::Move;
use crate::position::{Ataxx, count_moves_of};
use crate::square::Square;

impl Ataxx {
    /// The `k`-th legal move (from 0) in the order of
    /// [`legal_moves`](boardgame_core::Game::legal_moves), or `None` when `k` is not below
    /// [`move_count`](Ataxx::move_count). No move list is built.
    ///
    /// ```
    /// use ataxx::Ataxx;
    /// use boardgame_core::Game;
    /// let pos = Ataxx::default();
    /// let moves = pos.legal_moves_vec();
    /// for (k, &mv) in moves.iter().enumerate() {
    ///     assert_eq!(pos.nth_move(k), Some(mv));
    /// }
    /// assert_eq!(pos.nth_move(moves.len()), None);
    /// ```
    #[must_use]
    pub fn nth_move(&self, k: usize) -> Option<Move> {
        if k >= self.move_count() {
            return None;
        }
        let (us, empty) = (self.us_bits(), self.empty().0);
        Some(nth_of(us, empty, k as u32))
    }

    /// Plays uniformly random moves until the game is over or `max_plies` moves have been
    /// played, and returns the number of moves played. `below(n)` must return a number in
    /// `0..n`; it is called once per move with `n` the number of legal moves (1 for a forced
    /// pass), and the move played is the `below(n)`-th of the move list.
    ///
    /// That is exactly what core's driver does with `UniformRandom`, so with
    /// `|n| boardgame_core::driver::below(&mut rng, n)` this plays the same game, move for
    /// move and draw for draw, as `driver::play_out(&mut pos, &mut UniformRandom, &mut rng,
    /// max_plies)`, several times faster: no move list is built (see [`Ataxx::nth_move`]).
    /// The game ended by itself exactly when [`result`](Ataxx::result) is `Some` afterwards.
    ///
    /// The crate stays free of random number generators: the caller owns the generator and
    /// `below` draws from it.
    ///
    /// ```
    /// use ataxx::Ataxx;
    /// let mut pos = Ataxx::default();
    /// let mut state = 7u64; // any source of numbers; here a tiny LCG
    /// let plies = pos.play_out_uniform(10_000, |n| {
    ///     state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    ///     (state >> 33) % n
    /// });
    /// assert!(plies > 0 && pos.result().is_some());
    /// ```
    pub fn play_out_uniform(&mut self, max_plies: u64, mut below: impl FnMut(u64) -> u64) -> u64 {
        let mut plies = 0;
        while plies < max_plies && self.game_over().is_none() {
            let mv = self.pick_uniform(&mut below);
            self.make_move(mv);
            plies += 1;
        }
        plies
    }

    /// The `pick(n)`-th of the `n` legal moves of a position that is not over, in move-list
    /// order, with `n = 1` (the pass) when the side to move is stuck; `pick` is called once
    /// and must return a number below `n`. Core's `Game::pick_move` for Ataxx.
    pub(crate) fn pick_uniform(&self, pick: impl FnOnce(u64) -> u64) -> Move {
        let (us, empty) = (self.us_bits(), self.empty().0);
        let n = count_moves_of(us, empty);
        if n == 0 {
            let _ = pick(1); // one draw for the forced pass, as from a one-move list
            return Move::Pass;
        }
        let k = pick(u64::from(n));
        assert!(k < u64::from(n), "pick({n}) returned {k}");
        nth_of(us, empty, k as u32)
    }
}

/// The `k`-th move of a side with pieces `us` and empty squares `empty`, in move-list order
/// (clones by destination, then jumps by origin and destination); `Pass` if `k` is not below
/// the number of clones and jumps.
#[inline]
fn nth_of(us: u64, empty: u64, mut k: u32) -> Move {
    let singles = dilate1(us) & empty;
    let n = singles.count_ones();
    if k < n {
        return Move::Single(Square::from_index(nth_bit(singles, k)));
    }
    k -= n;
    let mut froms = us;
    while froms != 0 {
        let from = froms.trailing_zeros() as usize;
        let targets = JUMPS[from] & empty;
        let n = targets.count_ones();
        if k < n {
            return Move::Double {
                from: Square::from_index(from),
                to: Square::from_index(nth_bit(targets, k)),
            };
        }
        k -= n;
        froms &= froms - 1;
    }
    Move::Pass
}

/// The index of the `k`-th lowest set bit of `bits` (`k < bits.count_ones()`): halve the
/// window three times by popcount (32, 16, 8 bits), then clear at most 7 low bits.
#[inline]
fn nth_bit(bits: u64, mut k: u32) -> usize {
    debug_assert!(k < bits.count_ones());
    let (mut bits, mut shift) = (bits, 0);
    for width in [32, 16, 8] {
        let low = (bits & ((1 << width) - 1)).count_ones();
        if k >= low {
            k -= low;
            bits >>= width;
            shift += width;
        }
    }
    for _ in 0..k {
        bits &= bits - 1;
    }
    shift + bits.trailing_zeros() as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nth_bit_finds_every_set_bit_in_order() {
        for bits in [
            1u64,
            0b1011_0000_0001,
            (1 << 49) - 1,
            0x0001_8000_0000_0001,
            1 << 48,
        ] {
            let expected: alloc::vec::Vec<usize> =
                (0..64).filter(|i| bits & (1 << i) != 0).collect();
            for (k, &index) in expected.iter().enumerate() {
                assert_eq!(nth_bit(bits, k as u32), index, "bit {k} of {bits:#x}");
            }
        }
    }
}
