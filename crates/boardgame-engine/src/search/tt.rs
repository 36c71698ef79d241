//! The transposition table, shared by every search thread without locks.
//!
//! A slot is two `AtomicU64`s: the entry's data, and the position's key XORed with that
//! data. A probe reads both and accepts the entry only if the XOR gives back the key, so a
//! slot torn by two threads writing at once reads as a miss, never as a wrong entry (the
//! "lockless hashing" of chess engines). The slot of a key is `(key × slots) >> 64`.
//!
//! Data, low bits first: the move (16 bits), the score (16), the static evaluation (16),
//! the depth (8), the bound (2) and the age (6).

use std::collections::TryReserveError;
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use super::moves::Mv;

/// What a stored score says about the true value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The value is at most the score (no move beat alpha).
    Upper,
    /// The value is at least the score (a move beat beta).
    Lower,
    /// The score is the value.
    Exact,
}

/// A hit.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    /// The best move found, or [`Mv::NONE`].
    pub(crate) mv: Mv,
    /// The score, with win scores relative to the position (see [`Table::probe`]).
    pub(crate) score: i32,
    /// The static evaluation of the position.
    pub(crate) eval: i32,
    /// The depth searched.
    pub(crate) depth: i32,
    /// The bound.
    pub(crate) bound: Bound,
}

/// The table could not be allocated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableError {
    megabytes: usize,
    why: String,
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot allocate a {} MiB hash table: {}",
            self.megabytes, self.why
        )
    }
}

impl std::error::Error for TableError {}

/// Words are added this many at a time while a table is allocated, with a look at the
/// stop flag in between (64 MiB).
const CHUNK_WORDS: usize = 8 << 20;

/// The shared transposition table.
pub struct Table {
    words: Vec<AtomicU64>,
    slots: u64,
    age: AtomicU64,
}

impl fmt::Debug for Table {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Table")
            .field("slots", &self.slots)
            .finish_non_exhaustive()
    }
}

/// Scores beyond this are wins and losses, stored relative to the position rather than
/// the root.
const WIN_ZONE: i32 = super::WIN - super::MAX_PLY as i32 - 16;

impl Table {
    /// An empty table of about `megabytes` MiB (at least one slot), or an error when the
    /// memory is not there. Gives up with `Ok(None)` once `stop` is raised: a table of
    /// gigabytes takes seconds to fill with zeros.
    ///
    /// # Errors
    /// [`TableError`] when the memory cannot be reserved.
    pub fn allocate(megabytes: usize, stop: &AtomicBool) -> Result<Option<Table>, TableError> {
        let bytes = megabytes.saturating_mul(1 << 20);
        let slots = (bytes / 16).max(1);
        let words_wanted = slots * 2;
        let mut words: Vec<AtomicU64> = Vec::new();
        words
            .try_reserve_exact(words_wanted)
            .map_err(|error: TryReserveError| TableError {
                megabytes,
                why: error.to_string(),
            })?;
        while words.len() < words_wanted {
            if stop.load(Ordering::Relaxed) {
                return Ok(None);
            }
            let more = (words_wanted - words.len()).min(CHUNK_WORDS);
            words.extend((0..more).map(|_| AtomicU64::new(0)));
        }
        Ok(Some(Table {
            words,
            slots: slots as u64,
            age: AtomicU64::new(0),
        }))
    }

    /// An empty table of about `megabytes` MiB.
    ///
    /// # Errors
    /// [`TableError`] when the memory cannot be reserved.
    pub fn new(megabytes: usize) -> Result<Table, TableError> {
        let never = AtomicBool::new(false);
        Table::allocate(megabytes, &never).map(|table| table.unwrap_or_else(Table::tiny))
    }

    /// A table of one slot (the fallback that always fits).
    pub(crate) fn tiny() -> Table {
        Table {
            words: vec![AtomicU64::new(0), AtomicU64::new(0)],
            slots: 1,
            age: AtomicU64::new(0),
        }
    }

    /// The table's size in bytes.
    pub fn bytes(&self) -> usize {
        self.words.len() * 8
    }

    /// Forgets every entry.
    pub fn clear(&self) {
        for word in &self.words {
            word.store(0, Ordering::Relaxed);
        }
        self.age.store(0, Ordering::Relaxed);
    }

    /// Starts a new search: entries of older searches are replaced first.
    pub(crate) fn new_search(&self) {
        self.age.fetch_add(1, Ordering::Relaxed);
    }

    /// Permille of the first thousand slots used by the current search (UCI's `hashfull`).
    pub(crate) fn hashfull(&self) -> u32 {
        let age = self.age.load(Ordering::Relaxed) & 63;
        let sample = self.slots.min(1000) as usize;
        let used = (0..sample)
            .filter(|&slot| {
                let data = self.words[slot * 2 + 1].load(Ordering::Relaxed);
                data != 0 && (data >> 58) == age
            })
            .count();
        (used * 1000 / sample.max(1)) as u32
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        ((u128::from(key) * u128::from(self.slots)) >> 64) as usize
    }

    /// Starts bringing `key`'s slot into the cache, ahead of a [`Table::probe`] of it.
    #[inline]
    pub(crate) fn prefetch(&self, key: u64) {
        if let Some(word) = self.words.get(self.slot(key) * 2) {
            crate::simd::prefetch(word);
        }
    }

    /// The entry for `key`, if any, with win scores made relative to the root at `ply`.
    #[inline]
    pub(crate) fn probe(&self, key: u64, ply: usize) -> Option<Entry> {
        let slot = self.slot(key) * 2;
        let check = self.words[slot].load(Ordering::Relaxed);
        let data = self.words[slot + 1].load(Ordering::Relaxed);
        if data == 0 || check ^ data != key {
            return None;
        }
        let bound = match (data >> 56) & 3 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            3 => Bound::Exact,
            _ => return None,
        };
        Some(Entry {
            mv: Mv::from_bits(data as u16),
            score: score_from_table(i32::from((data >> 16) as u16 as i16), ply),
            eval: i32::from((data >> 32) as u16 as i16),
            depth: i32::from((data >> 48) as u8),
            bound,
        })
    }

    /// Stores an entry for `key` (score relative to the root at `ply`). Replaces the slot's
    /// entry unless that one is for another position, of this search, and deeper by more
    /// than 2 plies; a stored move is kept when the new entry has none.
    #[allow(clippy::too_many_arguments)] // one entry's fields
    #[inline]
    pub(crate) fn store(
        &self,
        key: u64,
        ply: usize,
        mv: Mv,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
    ) {
        let slot = self.slot(key) * 2;
        let age = self.age.load(Ordering::Relaxed) & 63;
        let old_check = self.words[slot].load(Ordering::Relaxed);
        let old = self.words[slot + 1].load(Ordering::Relaxed);
        let same = old != 0 && old_check ^ old == key;
        let depth = depth.clamp(0, 255) as u64;
        if old != 0 && !same {
            let old_depth = (old >> 48) & 255;
            let old_age = old >> 58;
            if old_age == age && old_depth > depth + 2 {
                return;
            }
        }
        let mv = if mv == Mv::NONE && same {
            Mv::from_bits(old as u16)
        } else {
            mv
        };
        let bound_bits: u64 = match bound {
            Bound::Upper => 1,
            Bound::Lower => 2,
            Bound::Exact => 3,
        };
        let data = u64::from(mv.bits())
            | u64::from(score_to_table(score, ply) as i16 as u16) << 16
            | u64::from(eval.clamp(-32_000, 32_000) as i16 as u16) << 32
            | depth << 48
            | bound_bits << 56
            | age << 58;
        self.words[slot].store(key ^ data, Ordering::Relaxed);
        self.words[slot + 1].store(data, Ordering::Relaxed);
    }
}

/// A score as stored: a win `n` plies from the root at `ply` is `n - ply` plies from the
/// position.
fn score_to_table(score: i32, ply: usize) -> i32 {
    let ply = ply as i32;
    if score > WIN_ZONE {
        score + ply
    } else if score < -WIN_ZONE {
        score - ply
    } else {
        score
    }
}

/// The inverse of [`score_to_table`].
fn score_from_table(score: i32, ply: usize) -> i32 {
    let ply = ply as i32;
    if score > WIN_ZONE {
        score - ply
    } else if score < -WIN_ZONE {
        score + ply
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::WIN;

    #[test]
    fn an_entry_comes_back_as_stored_and_wins_move_with_the_ply() {
        let table = Table::new(1).unwrap();
        let key = 0x1234_5678_9abc_def0;
        table.store(key, 3, Mv::jump(0, 16), -77, 12, 9, Bound::Lower);
        let entry = table.probe(key, 3).unwrap();
        assert_eq!(
            entry,
            Entry {
                mv: Mv::jump(0, 16),
                score: -77,
                eval: 12,
                depth: 9,
                bound: Bound::Lower
            }
        );
        assert_eq!(table.probe(key ^ 1, 3), None);
        // A win 5 plies from the root seen at ply 2 is a win 3 plies from the position;
        // probed at ply 4 it is 7 plies from the root.
        table.store(key, 2, Mv::NONE, WIN - 5, 0, 4, Bound::Exact);
        let entry = table.probe(key, 4).unwrap();
        assert_eq!(entry.score, WIN - 7);
        assert_eq!(entry.mv, Mv::jump(0, 16), "the old move is kept");
    }

    #[test]
    fn a_torn_slot_reads_as_a_miss() {
        let table = Table::new(1).unwrap();
        let key = 42;
        table.store(key, 0, Mv::single(3), 5, 5, 3, Bound::Exact);
        let slot = table.slot(key) * 2;
        table.words[slot + 1].fetch_xor(1 << 20, Ordering::Relaxed);
        assert_eq!(table.probe(key, 0), None);
    }

    #[test]
    fn allocation_stops_when_asked() {
        let stop = AtomicBool::new(true);
        assert!(Table::allocate(256, &stop).unwrap().is_none());
        let go = AtomicBool::new(false);
        let table = Table::allocate(2, &go).unwrap().unwrap();
        assert_eq!(table.bytes(), 2 << 20);
    }

    #[test]
    fn an_impossible_size_is_an_error() {
        assert!(Table::new(usize::MAX).is_err());
    }
}
