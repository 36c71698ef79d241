//! Caller-owned storage for generated moves: a `Vec`, a fixed-capacity [`MoveList`], or a
//! [`Count`] that only counts (perft leaves).

use core::fmt;
use core::ops::Deref;

/// Somewhere to put generated moves.
///
/// Implemented for `Vec<M>`, [`MoveList`], [`Count`] and [`FnSink`] (a closure).
pub trait MoveSink<M> {
    /// Receives one move.
    fn push(&mut self, mv: M);
}

impl<M> MoveSink<M> for alloc::vec::Vec<M> {
    #[inline]
    fn push(&mut self, mv: M) {
        alloc::vec::Vec::push(self, mv);
    }
}

/// A sink that only counts the moves it receives.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Count(pub usize);

impl<M> MoveSink<M> for Count {
    #[inline]
    fn push(&mut self, _: M) {
        self.0 += 1;
    }
}

/// A sink that hands every move to a closure (the callback style).
pub struct FnSink<F>(pub F);

impl<M, F: FnMut(M)> MoveSink<M> for FnSink<F> {
    #[inline]
    fn push(&mut self, mv: M) {
        (self.0)(mv);
    }
}

impl<F> fmt::Debug for FnSink<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("FnSink(..)")
    }
}

/// An inline list of at most `N` moves, for allocation-free generation on hot paths.
///
/// Size it with the game's `MAX_MOVES`. Pushing beyond the capacity panics (never undefined
/// behaviour, unlike unchecked fixed buffers).
#[derive(Clone)]
pub struct MoveList<M, const N: usize> {
    len: usize,
    items: [M; N],
}

impl<M: Copy + Default, const N: usize> MoveList<M, N> {
    /// An empty list.
    #[must_use]
    pub fn new() -> Self {
        MoveList {
            len: 0,
            items: [M::default(); N],
        }
    }
}

impl<M: Copy + Default, const N: usize> Default for MoveList<M, N> {
    fn default() -> Self {
        MoveList::new()
    }
}

impl<M, const N: usize> MoveList<M, N> {
    /// The capacity `N`.
    pub const CAPACITY: usize = N;

    /// Empties the list, keeping its storage.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The moves held, as a slice.
    #[inline]
    #[must_use]
    pub fn as_slice(&self) -> &[M] {
        &self.items[..self.len]
    }
}

impl<M, const N: usize> MoveSink<M> for MoveList<M, N> {
    /// # Panics
    /// If the list already holds `N` moves.
    #[inline]
    #[track_caller]
    fn push(&mut self, mv: M) {
        assert!(self.len < N, "MoveList capacity {N} exceeded");
        self.items[self.len] = mv;
        self.len += 1;
    }
}

impl<M, const N: usize> Deref for MoveList<M, N> {
    type Target = [M];
    #[inline]
    fn deref(&self) -> &[M] {
        self.as_slice()
    }
}

impl<'a, M, const N: usize> IntoIterator for &'a MoveList<M, N> {
    type Item = &'a M;
    type IntoIter = core::slice::Iter<'a, M>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl<M: fmt::Debug, const N: usize> fmt::Debug for MoveList<M, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<M: PartialEq, const N: usize> PartialEq for MoveList<M, N> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<M: Eq, const N: usize> Eq for MoveList<M, N> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_list_holds_up_to_capacity() {
        let mut list = MoveList::<u8, 3>::new();
        for m in [1, 2, 3] {
            list.push(m);
        }
        assert_eq!(&*list, &[1, 2, 3]);
        list.clear();
        assert!(list.is_empty());
    }

    #[test]
    #[should_panic(expected = "capacity 2 exceeded")]
    fn move_list_overflow_panics() {
        let mut list = MoveList::<u8, 2>::new();
        for m in [1, 2, 3] {
            list.push(m);
        }
    }

    #[test]
    fn count_and_closure_sinks_see_every_move() {
        let mut count = Count::default();
        let mut seen = alloc::vec::Vec::new();
        for m in 0..5u8 {
            MoveSink::push(&mut count, m);
            FnSink(|x| seen.push(x)).push(m);
        }
        assert_eq!(count.0, 5);
        assert_eq!(seen, [0, 1, 2, 3, 4]);
    }
}
