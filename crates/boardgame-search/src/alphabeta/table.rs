//! The transposition table: one slot per index, depth-preferred with aging.
//!
//! Replacement, for a new result of position `P` at depth `d` landing on a slot that holds
//! position `Q` at depth `e` from search generation `g`:
//! - the slot is empty, or `g` is an older search (a previous [`search`] call): replace;
//! - `Q == P`: replace if `d >= e` or the new bound is exact (keeping the old best move when
//!   the new result has none);
//! - `Q != P` from this search: replace only if `d >= e` (deeper work is kept).
//!
//! Mate scores are stored relative to the node (distance from the stored position), and
//! converted back to root-relative on a hit, so a mate found through a transposition keeps
//! its correct distance.
//!
//! [`search`]: super::AlphaBeta::search

use std::vec::Vec;

use super::{MATE_ZONE, WIN};

/// What a stored score means relative to the window it was searched with.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The exact value.
    Exact,
    /// At least this (the search failed high: a cut-off).
    Lower,
    /// At most this (the search failed low: no move raised alpha).
    Upper,
}

/// One stored search result.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Entry<M> {
    pub(crate) key: u64,
    pub(crate) best: Option<M>,
    /// Node-relative for mate scores (see the module docs).
    pub(crate) score: i32,
    pub(crate) depth: u8,
    pub(crate) bound: Bound,
    pub(crate) generation: u8,
}

/// A transposition table of this many MiB could not be allocated.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TableError {
    /// The size asked for, in MiB.
    pub megabytes: usize,
}

impl core::fmt::Display for TableError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "cannot allocate a transposition table of {} MiB",
            self.megabytes
        )
    }
}

impl std::error::Error for TableError {}

/// A fixed-size table indexed by Lemire's multiply-high reduction of the key.
#[derive(Clone, Debug)]
pub(crate) struct Table<M> {
    slots: Vec<Option<Entry<M>>>,
    generation: u8,
}

impl<M: Copy> Table<M> {
    /// A table of about `megabytes` MiB (0 gives no table: every probe misses).
    ///
    /// # Panics
    /// If the memory cannot be allocated ([`Table::try_new`] reports it instead).
    pub(crate) fn new(megabytes: usize) -> Table<M> {
        Table::try_new(megabytes).unwrap_or_else(|error| panic!("{error}"))
    }

    /// A table of about `megabytes` MiB, or an error if the memory cannot be allocated
    /// (instead of the abort of an infallible allocation).
    pub(crate) fn try_new(megabytes: usize) -> Result<Table<M>, TableError> {
        let slot_size = size_of::<Option<Entry<M>>>().max(1);
        let len = megabytes.saturating_mul(1 << 20) / slot_size;
        let mut slots = Vec::new();
        slots
            .try_reserve_exact(len)
            .map_err(|_| TableError { megabytes })?;
        slots.resize(len, None);
        Ok(Table {
            slots,
            generation: 0,
        })
    }

    /// The table's memory in bytes (for tests and reports).
    pub(crate) fn bytes(&self) -> usize {
        self.slots.capacity() * size_of::<Option<Entry<M>>>()
    }

    /// Forgets every entry.
    pub(crate) fn clear(&mut self) {
        self.slots.fill(None);
        self.generation = 0;
    }

    /// Marks the start of a new search, so that older entries are replaced first.
    pub(crate) fn new_generation(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    fn index(&self, key: u64) -> Option<usize> {
        if self.slots.is_empty() {
            return None;
        }
        Some(((u128::from(key) * self.slots.len() as u128) >> 64) as usize)
    }

    /// The entry of `key`, with its score converted to be relative to a node at `ply`.
    pub(crate) fn probe(&self, key: u64, ply: usize) -> Option<Entry<M>> {
        let entry = self.slots[self.index(key)?]?;
        (entry.key == key).then(|| Entry {
            score: score_from_table(entry.score, ply),
            ..entry
        })
    }

    /// Stores a result found at `ply` (see the module docs for the replacement rule).
    pub(crate) fn store(
        &mut self,
        key: u64,
        ply: usize,
        best: Option<M>,
        score: i32,
        depth: u32,
        bound: Bound,
    ) {
        let Some(index) = self.index(key) else { return };
        let depth = depth.min(u32::from(u8::MAX)) as u8;
        let slot = &mut self.slots[index];
        let (replace, best) = match *slot {
            None => (true, best),
            Some(old) if old.generation != self.generation => (
                true,
                if old.key == key {
                    best.or(old.best)
                } else {
                    best
                },
            ),
            Some(old) if old.key == key => (
                depth >= old.depth || bound == Bound::Exact,
                best.or(old.best),
            ),
            Some(old) => (depth >= old.depth, best),
        };
        if replace {
            *slot = Some(Entry {
                key,
                best,
                score: score_to_table(score, ply),
                depth,
                bound,
                generation: self.generation,
            });
        }
    }
}

/// A root-relative score as stored: mate distances counted from the node at `ply`.
fn score_to_table(score: i32, ply: usize) -> i32 {
    let ply = ply as i32;
    if score > WIN - MATE_ZONE {
        score + ply
    } else if score < -WIN + MATE_ZONE {
        score - ply
    } else {
        score
    }
}

/// The inverse of [`score_to_table`].
fn score_from_table(score: i32, ply: usize) -> i32 {
    let ply = ply as i32;
    if score > WIN - MATE_ZONE {
        score - ply
    } else if score < -WIN + MATE_ZONE {
        score + ply
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_are_stored_relative_to_the_node() {
        let mut table = Table::<u8>::new(1);
        table.store(42, 3, Some(7), WIN - 5, 4, Bound::Exact);
        // The same position reached at ply 1: the mate is 2 plies closer to the root.
        let hit = table.probe(42, 1).expect("stored");
        assert_eq!(hit.score, WIN - 3);
        assert_eq!(hit.best, Some(7));
        assert_eq!(table.probe(43, 1).map(|e| e.key), None);
    }

    #[test]
    fn an_impossible_table_is_an_error_not_an_abort() {
        let error = Table::<u8>::try_new(usize::MAX).expect_err("more than the address space");
        assert_eq!(error.megabytes, usize::MAX);
        assert!(error.to_string().contains("cannot allocate"));
        let table = Table::<u8>::try_new(1).expect("1 MiB");
        assert!(table.bytes() > (1 << 20) - 64 && table.bytes() <= 1 << 20);
    }

    #[test]
    fn deeper_entries_of_the_same_search_are_kept() {
        let mut table = Table::<u8>::new(0);
        table.store(1, 0, None, 0, 1, Bound::Exact); // no table: a no-op
        assert!(table.probe(1, 0).is_none());

        let mut table = Table::<u8>::new(1);
        let len = table.slots.len() as u64;
        // Two keys landing on the same slot: 0 and 1 both map to index 0 when len is large.
        let (a, b) = (0u64, 1u64);
        assert_eq!(table.index(a), table.index(b), "len {len}");
        table.store(a, 0, Some(1), 10, 6, Bound::Exact);
        table.store(b, 0, Some(2), 20, 2, Bound::Exact);
        assert_eq!(table.probe(a, 0).map(|e| e.depth), Some(6));
        // A new search replaces the old generation's entry.
        table.new_generation();
        table.store(b, 0, Some(2), 20, 2, Bound::Exact);
        assert_eq!(table.probe(b, 0).map(|e| e.depth), Some(2));
        // The same position keeps its move when the new result has none.
        table.store(b, 0, None, 5, 3, Bound::Upper);
        assert_eq!(table.probe(b, 0).and_then(|e| e.best), Some(2));
    }
}
