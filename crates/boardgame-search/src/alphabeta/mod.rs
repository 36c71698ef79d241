//! Alpha-beta (negamax) for deterministic two-seat games.
//!
//! [`AlphaBeta`] searches a decision node with iterative deepening, a transposition table
//! keyed by [`StateKey`], principal-variation search (null windows after the first move),
//! aspiration windows, and move ordering by: the table's move, the game's
//! [`StateKey::order_hint`] (captures for Ataxx), two killer moves per ply, and a history
//! table. Each feature can be switched off in [`Settings`] for A/B measurements.
//!
//! Scores are from the point of view of the seat to move at the searched state: the
//! evaluator's value at the horizon, and for a finished game [`WIN`] minus the plies to the
//! end for a win (so a faster win scores higher and a slower loss is preferred), its
//! negation for a loss, and 0 for a draw. A move by a seat that moves again (no change of
//! seat) is handled without negation, so the search also fits games where a seat can move
//! twice in a row.
//!
//! The search is deterministic: the same state, limits (without a deadline) and table
//! contents give the same report. Limits:
//! - `depth`: the deepest iteration (at most [`MAX_DEPTH`]);
//! - `nodes`: a hard budget: [`SearchReport::nodes`] never exceeds it (a node is a state the
//!   search visits, the root included);
//! - `deadline`: checked every 1024 nodes;
//! - a shared stop flag ([`AlphaBeta::stop_flag`]), for protocol front ends.
//!
//! When a limit stops an iteration halfway, the result of the last completed iteration is
//! reported (on the first iteration: the best-ordered legal move).
//!
//! No null-move pruning or ProbCut: both assume that passing (or a shallow search) bounds
//! the value, which fails in Ataxx endgames where the side to move would rather pass and
//! parity decides; and with the default settings the search equals plain minimax at a
//! fixed depth (the tests check it). Late-move reductions are an option
//! ([`Settings::late_move_reductions`], off by default): a reduced move that beats alpha is
//! searched again at full depth. Passes and the end of the game come from the rules
//! (`Game::turn`), so forced passes and the Ataxx 100-ply draw are searched exactly.
//!
//! # Example
//!
//! ```
//! use ataxx::Ataxx;
//! use boardgame_search::alphabeta::{AlphaBeta, Limits, WIN};
//! use boardgame_search::eval::ataxx::AtaxxEvaluator;
//!
//! // x to move can take o's last stone (d4 is next to o's only stone on e5).
//! let state: Ataxx = "x6/7/4o2/7/2x4/7/7 x 0 1".parse()?;
//! let mut search = AlphaBeta::new(AtaxxEvaluator::default(), 1);
//! let report = search.search(&state, &Limits { depth: Some(3), ..Limits::default() });
//! assert_eq!(report.score, WIN - 1); // a win in one ply
//! assert_eq!(report.best.to_string(), "d4");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod keys;
mod ordering;
mod table;

use core::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};
use std::time::Instant;
use std::vec::Vec;

use boardgame_core::{Game, Seat, Turn};

pub use keys::StateKey;

use crate::eval::Evaluator;
use ordering::Ordering;
pub use table::TableError;
use table::{Bound, Table};

/// The score of a win at the searched state itself; a win `n` plies away scores `WIN - n`.
pub const WIN: i32 = 1_000_000;
/// The deepest iteration the search runs (plies).
pub const MAX_DEPTH: u32 = 64;
/// Scores within this distance of ±[`WIN`] are wins and losses, not evaluations.
pub const MATE_ZONE: i32 = 1_000;
const INFINITY: i32 = WIN + 1;
const MAX_PLY: usize = MAX_DEPTH as usize + 1;

/// When to stop searching. Every limit that is set applies; with none, the search runs to
/// [`MAX_DEPTH`] (or until the stop flag is raised).
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// The deepest iteration, in plies.
    pub depth: Option<u32>,
    /// The most nodes to visit (never exceeded).
    pub nodes: Option<u64>,
    /// Stop at this instant (checked every 1024 nodes).
    pub deadline: Option<Instant>,
}

/// The search's switches, for measuring what each feature is worth. All on by default.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Use the transposition table for cut-offs (its move is still used for ordering).
    pub table_cutoffs: bool,
    /// Principal-variation search: null windows for every move after the first.
    pub pvs: bool,
    /// Killer moves in the ordering.
    pub killers: bool,
    /// The history table in the ordering.
    pub history: bool,
    /// Aspiration windows from this depth on, with this half-width around the previous
    /// iteration's score (doubled on each failure); `None` searches full windows.
    pub aspiration: Option<(u32, i32)>,
    /// Centre the aspiration window on the score of the iteration two plies shallower (same
    /// side to move at the horizon) rather than the previous one: evaluations with a
    /// side-to-move term swing between odd and even depths.
    pub aspiration_same_parity: bool,
    /// Late-move reductions `(from_depth, after)`: from this remaining depth on, the moves
    /// ordered after the first `after` are searched one ply shallower with a null window,
    /// and searched again at full depth only if they beat alpha. Off by default: with it
    /// the value at a fixed depth is no longer plain minimax. Needs `pvs`.
    pub late_move_reductions: Option<(u32, usize)>,
    /// How many plies a late move is reduced by (1 by default). A reduction of 2 keeps the
    /// side to move at the horizon, which matters for evaluations with a side-to-move term.
    pub reduction_plies: u32,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            table_cutoffs: true,
            pvs: true,
            killers: true,
            history: true,
            aspiration: Some((4, 50)),
            aspiration_same_parity: true,
            late_move_reductions: None,
            reduction_plies: 1,
        }
    }
}

/// The result of a search.
#[derive(Clone, Debug)]
pub struct SearchReport<M> {
    /// The move to play.
    pub best: M,
    /// Its value for the seat to move (see the module docs for win scores).
    pub score: i32,
    /// The last completed iteration (0 if none completed).
    pub depth: u32,
    /// Nodes visited, in all iterations.
    pub nodes: u64,
    /// The principal variation, starting with `best` (lengthened from the table where table
    /// hits cut it short).
    pub pv: Vec<M>,
}

impl<M> SearchReport<M> {
    /// Plies to the end of the game when the score is a forced win (positive) or loss
    /// (negative) for the seat to move; `None` for an evaluation.
    #[must_use]
    pub fn plies_to_end(&self) -> Option<i32> {
        if self.score > WIN - MATE_ZONE {
            Some(WIN - self.score)
        } else if self.score < -WIN + MATE_ZONE {
            Some(-(WIN + self.score))
        } else {
            None
        }
    }
}

/// An alpha-beta searcher with its transposition table, killers and history, reused from
/// one search to the next (call [`clear`](AlphaBeta::clear) between games).
pub struct AlphaBeta<G: Game, E: Evaluator<G>> {
    evaluator: E,
    settings: Settings,
    table: Table<G::Move>,
    ordering: Ordering<G::Move>,
    /// Move buffers, one per ply (reused, so the search allocates nothing per node).
    moves: Vec<Vec<(i64, G::Move)>>,
    /// The triangular principal-variation table.
    pv: Vec<Vec<G::Move>>,
    stop: Arc<AtomicBool>,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    aborted: bool,
}

impl<G: Game, E: Evaluator<G>> fmt::Debug for AlphaBeta<G, E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AlphaBeta")
            .field("game", &G::NAME)
            .field("settings", &self.settings)
            .field("nodes", &self.nodes)
            .finish_non_exhaustive()
    }
}

impl<G: Game + StateKey, E: Evaluator<G>> AlphaBeta<G, E> {
    /// A searcher with a transposition table of about `hash_megabytes` MiB (0: no table).
    #[must_use]
    pub fn new(evaluator: E, hash_megabytes: usize) -> Self {
        AlphaBeta {
            evaluator,
            settings: Settings::default(),
            table: Table::new(hash_megabytes),
            ordering: Ordering::new(MAX_PLY),
            moves: (0..=MAX_PLY).map(|_| Vec::new()).collect(),
            pv: (0..=MAX_PLY + 1).map(|_| Vec::new()).collect(),
            stop: Arc::new(AtomicBool::new(false)),
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            aborted: false,
        }
    }

    /// The same searcher with other [`Settings`].
    #[must_use]
    pub fn with_settings(mut self, settings: Settings) -> Self {
        self.settings = settings;
        self
    }

    /// The current settings.
    #[must_use]
    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// The evaluator.
    #[must_use]
    pub fn evaluator(&self) -> &E {
        &self.evaluator
    }

    /// A searcher with a transposition table of about `hash_megabytes` MiB, or an error if
    /// that memory cannot be allocated.
    ///
    /// # Errors
    /// [`TableError`] when the table cannot be allocated.
    pub fn try_new(evaluator: E, hash_megabytes: usize) -> Result<Self, TableError> {
        let mut search = AlphaBeta::new(evaluator, 0);
        search.table = Table::try_new(hash_megabytes)?;
        Ok(search)
    }

    /// Replaces the transposition table by an empty one of about `megabytes` MiB.
    ///
    /// # Panics
    /// If the memory cannot be allocated (see [`try_resize_table`](Self::try_resize_table)).
    pub fn resize_table(&mut self, megabytes: usize) {
        if let Err(error) = self.try_resize_table(megabytes) {
            panic!("{error}");
        }
    }

    /// Replaces the transposition table by an empty one of about `megabytes` MiB. The old
    /// table is freed first, so the two never coexist; if the new one cannot be allocated,
    /// an empty table of the old size is put back and the error returned.
    ///
    /// # Errors
    /// [`TableError`] when the new table cannot be allocated (the searcher keeps a table of
    /// the old size, emptied).
    pub fn try_resize_table(&mut self, megabytes: usize) -> Result<(), TableError> {
        let old_bytes = self.table.bytes();
        self.table = Table::new(0);
        match Table::try_new(megabytes) {
            Ok(table) => {
                self.table = table;
                Ok(())
            }
            Err(error) => {
                // The old size was allocated a moment ago, so it fits again (or, on a
                // machine that just ran out of memory, no table at all).
                self.table = Table::try_new(old_bytes >> 20).unwrap_or_else(|_| Table::new(0));
                Err(error)
            }
        }
    }

    /// The transposition table's memory, in bytes.
    #[must_use]
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// Forgets the transposition table, killers and history (a new game).
    pub fn clear(&mut self) {
        self.table.clear();
        self.ordering.clear();
    }

    /// The flag that stops a running search from another thread: set it to `true` and the
    /// search returns within 1024 nodes. The search never clears it; the caller lowers it
    /// before the next search.
    #[must_use]
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// Searches `state` within `limits`.
    ///
    /// # Panics
    /// If `state` is not a decision node (a chance or terminal state).
    pub fn search(&mut self, state: &G, limits: &Limits) -> SearchReport<G::Move> {
        self.search_with(state, limits, |_| {})
    }

    /// [`search`](AlphaBeta::search), calling `on_iteration` after every completed
    /// iteration with the report so far (for `info` lines).
    ///
    /// # Panics
    /// If `state` is not a decision node (a chance or terminal state).
    pub fn search_with(
        &mut self,
        state: &G,
        limits: &Limits,
        mut on_iteration: impl FnMut(&SearchReport<G::Move>),
    ) -> SearchReport<G::Move> {
        let Turn::Player(seat) = state.turn() else {
            panic!("alpha-beta searches decision nodes only, not {state}");
        };
        self.table.new_generation();
        self.nodes = 0;
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.deadline = limits.deadline;
        self.aborted = false;
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);

        let mut report = SearchReport {
            best: self.fallback_move(state, seat),
            score: 0,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
        };
        // Scores of the iterations so far, for the aspiration window's centre.
        let mut scores = Vec::new();
        for depth in 1..=max_depth {
            let centre = match scores.len() {
                n if n >= 2 && self.settings.aspiration_same_parity => scores[n - 2],
                _ => report.score,
            };
            let score = self.iteration(state, seat, depth, centre);
            if self.aborted {
                break;
            }
            scores.push(score);
            report.score = score;
            report.depth = depth;
            report.pv.clone_from(&self.pv[0]);
            if let Some(&best) = report.pv.first() {
                report.best = best;
            } else {
                report.pv.push(report.best);
            }
            self.extend_pv(state, &mut report.pv, depth as usize);
            report.nodes = self.nodes;
            on_iteration(&report);
            // A proven result cannot change with more depth.
            if report
                .plies_to_end()
                .is_some_and(|n| n.unsigned_abs() <= depth)
            {
                break;
            }
        }
        report.nodes = self.nodes;
        report
    }

    /// Lengthens a principal variation cut short by table hits with the table's moves, up
    /// to `length` moves, while they are legal.
    fn extend_pv(&self, state: &G, pv: &mut Vec<G::Move>, length: usize) {
        let mut position = state.clone();
        for &mv in pv.iter() {
            position.play_unchecked(mv);
        }
        while pv.len() < length && matches!(position.turn(), Turn::Player(_)) {
            let Some(mv) = self
                .table
                .probe(position.state_key(), 0)
                .and_then(|entry| entry.best)
                .filter(|&mv| position.is_legal(mv))
            else {
                break;
            };
            position.play_unchecked(mv);
            pv.push(mv);
        }
    }

    /// One iteration, with an aspiration window around `previous` when enabled.
    fn iteration(&mut self, state: &G, seat: Seat, depth: u32, previous: i32) -> i32 {
        let Some((from_depth, half_width)) = self.settings.aspiration else {
            return self.negamax(state, seat, depth, 0, -INFINITY, INFINITY);
        };
        if depth < from_depth || previous.abs() > WIN - MATE_ZONE {
            return self.negamax(state, seat, depth, 0, -INFINITY, INFINITY);
        }
        let mut delta = half_width.max(1);
        let (mut alpha, mut beta) = (previous - delta, previous + delta);
        loop {
            let score = self.negamax(state, seat, depth, 0, alpha, beta);
            if self.aborted {
                return score;
            }
            if score <= alpha {
                alpha = (alpha - delta).max(-INFINITY);
            } else if score >= beta {
                beta = (beta + delta).min(INFINITY);
            } else {
                return score;
            }
            delta = delta.saturating_mul(2);
            if delta > WIN / 4 {
                (alpha, beta) = (-INFINITY, INFINITY);
            }
        }
    }

    /// The move reported if not even the first iteration completes: the table's move, or
    /// the legal move the ordering puts first.
    fn fallback_move(&mut self, state: &G, seat: Seat) -> G::Move {
        self.order_moves(state, seat, 0, None);
        let best = self.moves[0]
            .iter()
            .max_by_key(|(score, _)| *score)
            .map(|&(_, mv)| mv);
        let tt_move = self.table.probe(state.state_key(), 0).and_then(|e| e.best);
        tt_move
            .filter(|&mv| self.moves[0].iter().any(|&(_, m)| m == mv))
            .or(best)
            .expect("a decision node has a legal move")
    }

    /// Fills `self.moves[ply]` with the legal moves and their ordering scores.
    fn order_moves(&mut self, state: &G, seat: Seat, ply: usize, tt_move: Option<G::Move>) {
        let mut moves = core::mem::take(&mut self.moves[ply]);
        moves.clear();
        state.legal_moves(&mut boardgame_core::FnSink(|mv| moves.push((0, mv))));
        for (score, mv) in &mut moves {
            *score = if Some(*mv) == tt_move {
                i64::MAX
            } else {
                let mut s = i64::from(state.order_hint(*mv)) << 24;
                if self.settings.killers {
                    s += self.ordering.killer_rank(ply, *mv) << 20;
                }
                if self.settings.history {
                    s += self.ordering.history(seat, mv);
                }
                s
            };
        }
        self.moves[ply] = moves;
    }

    /// Whether a limit says stop before visiting another node.
    fn out_of_budget(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.nodes >= self.node_limit
            || (self.nodes.is_multiple_of(1024)
                && (self.stop.load(AtomicOrdering::Relaxed)
                    || self.deadline.is_some_and(|d| Instant::now() >= d)))
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// The value of `child` (a state reached by a move of `seat`) for `seat`.
    fn child_value(
        &mut self,
        child: &G,
        seat: Seat,
        depth: u32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        match child.turn() {
            Turn::Player(next) if next != seat => {
                -self.negamax(child, next, depth, ply, -beta, -alpha)
            }
            _ => self.negamax(child, seat, depth, ply, alpha, beta),
        }
    }

    /// The negamax value of `state` for `seat`, within `alpha..beta` (fail-soft). At a
    /// decision node `seat` is the seat to move; at a terminal node it is the seat whose
    /// value is asked for.
    fn negamax(
        &mut self,
        state: &G,
        seat: Seat,
        depth: u32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.pv[ply].clear();
        if self.out_of_budget() {
            return 0;
        }
        self.nodes += 1;
        let mover = match state.turn() {
            Turn::Player(mover) => mover,
            Turn::Terminal => return terminal_score(state, seat, ply),
            Turn::Chance => panic!("alpha-beta does not search chance nodes ({state})"),
        };
        debug_assert_eq!(mover, seat);
        if depth == 0 {
            let bound = self.evaluator.bound().min(WIN - MATE_ZONE - 1);
            return self.evaluator.evaluate(state, seat).clamp(-bound, bound);
        }

        let key = state.state_key();
        let entry = self.table.probe(key, ply);
        if let Some(entry) = entry
            && ply > 0
            && self.settings.table_cutoffs
            && u32::from(entry.depth) >= depth
        {
            let cut = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => entry.score >= beta,
                Bound::Upper => entry.score <= alpha,
            };
            if cut {
                return entry.score;
            }
        }

        self.order_moves(state, seat, ply, entry.and_then(|e| e.best));
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        let count = self.moves[ply].len();
        for index in 0..count {
            // Selection sort: the best remaining move goes to `index`.
            let moves = &mut self.moves[ply];
            let pick = (index..count)
                .max_by_key(|&i| (moves[i].0, core::cmp::Reverse(i)))
                .expect("non-empty range");
            moves.swap(index, pick);
            let mv = moves[index].1;

            let mut child = state.clone();
            child.play_unchecked(mv);
            let score = if index == 0 || !self.settings.pvs {
                self.child_value(&child, seat, depth - 1, ply + 1, alpha, beta)
            } else {
                let reduction = self.settings.reduction_plies.max(1);
                let reduced = match self.settings.late_move_reductions {
                    Some((from_depth, after)) => {
                        depth >= from_depth.max(reduction + 1) && index >= after
                    }
                    None => false,
                };
                let mut probe = if reduced {
                    let shallower = depth - 1 - reduction;
                    self.child_value(&child, seat, shallower, ply + 1, alpha, alpha + 1)
                } else {
                    alpha + 1
                };
                if probe > alpha && !self.aborted {
                    probe = self.child_value(&child, seat, depth - 1, ply + 1, alpha, alpha + 1);
                }
                if probe > alpha && probe < beta && !self.aborted {
                    self.child_value(&child, seat, depth - 1, ply + 1, alpha, beta)
                } else {
                    probe
                }
            };
            if self.aborted {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(mv);
                    head[ply].extend_from_slice(&tail[0]);
                }
            }
            if alpha >= beta {
                let (killers, history) = (self.settings.killers, self.settings.history);
                self.ordering.cutoff(seat, ply, depth, mv, killers, history);
                break;
            }
        }

        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table
            .store(key, ply, best_move, best_score, depth, bound);
        best_score
    }
}

/// The value of a finished game for `seat`, `ply` plies from the root.
fn terminal_score<G: Game>(state: &G, seat: Seat, ply: usize) -> i32 {
    let outcome = state.outcome().expect("a terminal state has an outcome");
    let ply = ply as i32;
    match outcome.returns()[seat].signum() {
        1 => WIN - ply,
        -1 => -WIN + ply,
        _ => 0,
    }
}

#[cfg(test)]
mod tests;
