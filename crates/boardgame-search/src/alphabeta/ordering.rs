//! Move ordering memory: killer moves per ply and a history table per seat.

use core::hash::Hash;
use std::vec::Vec;

use boardgame_core::Seat;

use super::keys::fnv_hash;

/// History slots per seat; moves are hashed into them (a collision only blurs ordering).
const HISTORY_SLOTS: usize = 4096;
/// History values are halved when one reaches this, so recent cut-offs weigh more.
const HISTORY_LIMIT: i32 = 1 << 16;

/// Killers (two per ply: moves that recently caused a cut-off at that ply) and history
/// (per seat, a score that grows with depth² each time a move causes a cut-off).
#[derive(Clone, Debug)]
pub(crate) struct Ordering<M> {
    killers: Vec<[Option<M>; 2]>,
    history: Vec<i32>,
}

impl<M: Copy + Eq + Hash> Ordering<M> {
    pub(crate) fn new(max_ply: usize) -> Ordering<M> {
        Ordering {
            killers: vec![[None, None]; max_ply + 1],
            history: vec![0; HISTORY_SLOTS * boardgame_core::MAX_SEATS],
        }
    }

    pub(crate) fn clear(&mut self) {
        self.killers.fill([None, None]);
        self.history.fill(0);
    }

    fn slot(seat: Seat, mv: &M) -> usize {
        seat.index() * HISTORY_SLOTS + (fnv_hash(mv) as usize % HISTORY_SLOTS)
    }

    /// 2 for the first killer at `ply`, 1 for the second, 0 otherwise.
    pub(crate) fn killer_rank(&self, ply: usize, mv: M) -> i64 {
        match self.killers[ply] {
            [Some(k), _] if k == mv => 2,
            [_, Some(k)] if k == mv => 1,
            _ => 0,
        }
    }

    /// The history score of `mv` for `seat` (0..[`HISTORY_LIMIT`]).
    pub(crate) fn history(&self, seat: Seat, mv: &M) -> i64 {
        i64::from(self.history[Self::slot(seat, mv)])
    }

    /// Records that `mv` caused a cut-off at `ply`, `depth` plies from the horizon.
    pub(crate) fn cutoff(
        &mut self,
        seat: Seat,
        ply: usize,
        depth: u32,
        mv: M,
        killers: bool,
        history: bool,
    ) {
        if killers && self.killers[ply][0] != Some(mv) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(mv);
        }
        if history {
            let slot = Self::slot(seat, &mv);
            let bonus = (depth * depth).min(HISTORY_LIMIT as u32) as i32;
            self.history[slot] += bonus;
            if self.history[slot] >= HISTORY_LIMIT {
                for value in &mut self.history {
                    *value /= 2;
                }
            }
        }
    }
}
