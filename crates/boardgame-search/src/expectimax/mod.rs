//! Depth-limited expectimax over decision and chance nodes with exact chance weights.
//!
//! - **Depth** counts decisions: every move uses one ply, chance nodes are free (a throw of
//!   the dice and the move it allows are one ply). At depth 0 a non-terminal state gets the
//!   [`Evaluator`]'s value.
//! - **Values.** A finished game is worth `return × (bound + 1)` to each seat (core's
//!   zero-sum [`Outcome::returns`](boardgame_core::Outcome::returns), scaled just past every
//!   evaluation), so a win always beats a good position. A chance node is worth the exact
//!   weighted mean of its outcomes (`Σ weight · value / total`).
//! - **Two seats: expectiminimax with \*-minimax pruning.** The root seat maximises, the
//!   other minimises the same number (zero-sum). Chance nodes use Ballard's Star1 by default
//!   ([`Pruning`]): every outcome not yet searched lies within the value range
//!   `±(bound + 1)`, which narrows the window of each outcome and cuts the node off once its
//!   mean cannot leave `(alpha, beta)`. [`Pruning::Star2`] first *probes* each outcome by
//!   searching one move of its decision node, which bounds that outcome from one side; with
//!   the full-window probes used here it costs more than it saves on the Thax positions of
//!   the tests, so it is not the default. Pruning never changes the value (the tests compare
//!   all three with a brute-force search in exact fractions).
//! - **Three or four seats: max^n.** Each seat maximises its own component of a value
//!   vector and chance nodes average vectors. Max^n rather than paranoid: in these race games
//!   the other players are not a coalition against the searcher, and paranoid play is
//!   needlessly timid there; paranoid's advantage, deeper alpha-beta-style pruning, mostly
//!   vanishes below chance nodes anyway.
//! - **Budget.** A depth, and optionally a node limit: with a limit the search deepens
//!   iteratively from depth 1 and returns the deepest finished iteration, and never visits
//!   more nodes than the limit.
//!
//! ```
//! use boardgame_core::toy::{Race, RaceConfig};
//! use boardgame_core::Game;
//! use boardgame_search::eval::RaceEvaluator;
//! use boardgame_search::expectimax::{Expectimax, ExpectimaxLimits};
//!
//! let config = RaceConfig { seats: 2, length: 8 };
//! let state = Race::from_notation("2,5/0,3 m03", &config)?;
//! let report = Expectimax::new(RaceEvaluator).search(&state, &ExpectimaxLimits::depth(3));
//! assert!(state.is_legal(report.best));
//! assert_eq!(report.depth, 3);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use boardgame_core::{Game, MAX_SEATS, Seat, Turn};

use crate::eval::Evaluator;

/// How far and how long to search.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ExpectimaxLimits {
    /// The depth in decisions (moves).
    pub depth: u32,
    /// The most nodes to visit (decision, chance and leaf nodes all count), if limited.
    pub nodes: Option<u64>,
}

impl ExpectimaxLimits {
    /// Exactly `depth` decisions deep, with no node limit.
    #[must_use]
    pub const fn depth(depth: u32) -> ExpectimaxLimits {
        ExpectimaxLimits { depth, nodes: None }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct ExpectimaxReport<M> {
    /// The best move (the first in move order among equals).
    pub best: M,
    /// Its value for the seat to move, in evaluation units.
    pub value: f64,
    /// The depth of the deepest finished iteration (0 if a node limit stopped even depth 1;
    /// then `best` is the first legal move).
    pub depth: u32,
    /// Nodes visited, all iterations together.
    pub nodes: u64,
}

/// Which pruning a two-seat search uses at chance nodes (the value never depends on it).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Pruning {
    /// Plain expectiminimax: every outcome searched with a full window.
    None,
    /// Star1: the outcomes not yet searched are bounded by the value range.
    #[default]
    Star1,
    /// Star2: Star1 after probing one move of every outcome's decision node.
    Star2,
}

/// An expectimax searcher with evaluator `E`.
#[derive(Clone, Debug)]
pub struct Expectimax<E> {
    evaluator: E,
    pruning: Pruning,
    nodes: u64,
    node_limit: Option<u64>,
    aborted: bool,
    stop: Arc<AtomicBool>,
}

/// The result of one node of the max^n search: one value per seat.
type Vector = [f64; MAX_SEATS];

impl<E> Expectimax<E> {
    /// A searcher with Star1 pruning (which only acts in two-seat games).
    #[must_use]
    pub fn new(evaluator: E) -> Expectimax<E> {
        Expectimax {
            evaluator,
            pruning: Pruning::Star1,
            nodes: 0,
            node_limit: None,
            aborted: false,
            stop: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Chooses the pruning at chance nodes (the value is the same; the node count differs).
    #[must_use]
    pub fn pruning(mut self, pruning: Pruning) -> Self {
        self.pruning = pruning;
        self
    }

    /// The evaluator.
    pub fn evaluator(&self) -> &E {
        &self.evaluator
    }

    /// The flag that stops a running search from another thread (a clone of this searcher
    /// shares it): set it to `true` and the search returns within 1024 nodes, with the
    /// result of the last completed depth (or the first legal move). The search never
    /// clears it; the caller lowers it before the next search.
    #[must_use]
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// Counts a node; `false` (and the search aborts) when the node limit is reached.
    fn enter(&mut self) -> bool {
        let stopped = self.nodes.is_multiple_of(1024) && self.stop.load(Ordering::Relaxed);
        if self.aborted || stopped || self.node_limit.is_some_and(|limit| self.nodes >= limit) {
            self.aborted = true;
            return false;
        }
        self.nodes += 1;
        true
    }

    /// Searches `state` (a decision node) and reports the best move for the seat to move.
    ///
    /// # Panics
    /// If `state` is not a decision node.
    pub fn search<G: Game>(
        &mut self,
        state: &G,
        limits: &ExpectimaxLimits,
    ) -> ExpectimaxReport<G::Move>
    where
        E: Evaluator<G>,
    {
        let Turn::Player(seat) = state.turn() else {
            panic!(
                "expectimax searches decision nodes only, not {:?}",
                state.turn()
            );
        };
        self.nodes = 0;
        self.aborted = false;
        self.node_limit = limits.nodes;
        let moves = state.legal_moves_vec();
        let mut report = ExpectimaxReport {
            best: moves[0],
            value: 0.0,
            depth: 0,
            nodes: 0,
        };
        let first = if limits.nodes.is_some() {
            1
        } else {
            limits.depth
        };
        for depth in first.max(1)..=limits.depth.max(1) {
            let found = self.root(state, seat, &moves, depth);
            if self.aborted {
                break;
            }
            let (best, value) = found;
            report.best = best;
            report.value = value;
            report.depth = depth;
        }
        report.nodes = self.nodes;
        report
    }

    /// One full-depth pass over the root moves: the best move and its value.
    fn root<G: Game>(
        &mut self,
        state: &G,
        seat: Seat,
        moves: &[G::Move],
        depth: u32,
    ) -> (G::Move, f64)
    where
        E: Evaluator<G>,
    {
        let zero_sum = state.num_seats() == 2;
        let limit = self.limit::<G>();
        let mut best = (moves[0], f64::NEG_INFINITY);
        for &mv in moves {
            let mut child = state.clone();
            child.play_unchecked(mv);
            let value = if zero_sum {
                let alpha = if best.1.is_finite() {
                    best.1
                } else {
                    -limit - 1.0
                };
                self.minimax(&child, seat, depth - 1, alpha, limit + 1.0)
            } else {
                self.maxn(&child, depth - 1)[seat.index()]
            };
            if self.aborted {
                break;
            }
            if value > best.1 {
                best = (mv, value);
            }
        }
        best
    }

    /// The largest magnitude of a two-seat value: a decided game.
    fn limit<G: Game>(&self) -> f64
    where
        E: Evaluator<G>,
    {
        f64::from(self.evaluator.bound()) + 1.0
    }

    /// A finished game's value for `seat`.
    fn terminal<G: Game>(&self, state: &G, seat: Seat) -> f64
    where
        E: Evaluator<G>,
    {
        let outcome = state.outcome().expect("terminal state without an outcome");
        f64::from(outcome.returns()[seat]) * self.limit::<G>()
    }

    /// Two-seat expectiminimax, fail-soft, values for `root` (who maximises).
    fn minimax<G: Game>(&mut self, state: &G, root: Seat, depth: u32, alpha: f64, beta: f64) -> f64
    where
        E: Evaluator<G>,
    {
        if !self.enter() {
            return 0.0;
        }
        match state.turn() {
            Turn::Terminal => self.terminal(state, root),
            _ if depth == 0 => f64::from(self.evaluator.evaluate(state, root)),
            Turn::Player(seat) => {
                let maximising = seat == root;
                let mut alpha = alpha;
                let mut beta = beta;
                let mut best = if maximising {
                    f64::NEG_INFINITY
                } else {
                    f64::INFINITY
                };
                for mv in state.legal_moves_vec() {
                    let mut child = state.clone();
                    child.play_unchecked(mv);
                    let value = self.minimax(&child, root, depth - 1, alpha, beta);
                    if self.aborted {
                        return 0.0;
                    }
                    if maximising {
                        best = best.max(value);
                        alpha = alpha.max(best);
                    } else {
                        best = best.min(value);
                        beta = beta.min(best);
                    }
                    if alpha >= beta {
                        break;
                    }
                }
                best
            }
            Turn::Chance => self.chance(state, root, depth, alpha, beta),
        }
    }

    /// A chance node of the two-seat search, with Star1/Star2 pruning when enabled.
    fn chance<G: Game>(&mut self, state: &G, root: Seat, depth: u32, alpha: f64, beta: f64) -> f64
    where
        E: Evaluator<G>,
    {
        let dist = state
            .chance_outcomes()
            .expect("chance node without outcomes");
        let total = f64::from(dist.total());
        let children: Vec<(G, f64)> = dist
            .iter()
            .map(|(outcome, weight)| {
                let mut child = state.clone();
                child.apply_chance_unchecked(outcome);
                (child, f64::from(weight) / total)
            })
            .collect();
        let limit = self.limit::<G>();
        if self.pruning == Pruning::None {
            let mut sum = 0.0;
            for (child, p) in &children {
                sum += p * self.minimax(child, root, depth, -limit, limit);
                if self.aborted {
                    return 0.0;
                }
            }
            return sum;
        }
        let mut lower = vec![-limit; children.len()];
        let mut upper = vec![limit; children.len()];
        // Star2: probe one move of each decision child; it bounds the child from one side.
        if depth > 0 && self.pruning == Pruning::Star2 {
            for (i, (child, _)) in children.iter().enumerate() {
                let Turn::Player(seat) = child.turn() else {
                    continue;
                };
                let mut moves = Vec::new();
                child.legal_moves(&mut moves);
                let mut grandchild = child.clone();
                grandchild.play_unchecked(moves[0]);
                let probe = self.minimax(&grandchild, root, depth - 1, -limit, limit);
                if self.aborted {
                    return 0.0;
                }
                if seat == root {
                    lower[i] = probe;
                } else {
                    upper[i] = probe;
                }
            }
            let weighted = |bounds: &[f64]| -> f64 {
                children.iter().zip(bounds).map(|((_, p), b)| p * b).sum()
            };
            let (low, high) = (weighted(&lower), weighted(&upper));
            if low >= beta {
                return low;
            }
            if high <= alpha {
                return high;
            }
        }
        // Star1: search each outcome with the window that could still change the verdict.
        let mut rest_lower: f64 = children.iter().zip(&lower).map(|((_, p), b)| p * b).sum();
        let mut rest_upper: f64 = children.iter().zip(&upper).map(|((_, p), b)| p * b).sum();
        let mut exact = 0.0;
        for (i, (child, p)) in children.iter().enumerate() {
            rest_lower -= p * lower[i];
            rest_upper -= p * upper[i];
            let child_alpha = (alpha - exact - rest_upper) / p;
            let child_beta = (beta - exact - rest_lower) / p;
            if upper[i] <= child_alpha {
                return exact + p * upper[i] + rest_upper;
            }
            if lower[i] >= child_beta {
                return exact + p * lower[i] + rest_lower;
            }
            let value = self.minimax(
                child,
                root,
                depth,
                child_alpha.max(lower[i]),
                child_beta.min(upper[i]),
            );
            if self.aborted {
                return 0.0;
            }
            if value >= child_beta {
                return exact + p * value + rest_lower;
            }
            if value <= child_alpha {
                return exact + p * value + rest_upper;
            }
            exact += p * value;
        }
        exact
    }

    /// Max^n: every seat's value; the seat to move maximises its own component.
    fn maxn<G: Game>(&mut self, state: &G, depth: u32) -> Vector
    where
        E: Evaluator<G>,
    {
        let mut out = [0.0; MAX_SEATS];
        if !self.enter() {
            return out;
        }
        let seats = Seat::first(state.num_seats());
        match state.turn() {
            Turn::Terminal => {
                for seat in seats {
                    out[seat.index()] = self.terminal(state, seat);
                }
            }
            _ if depth == 0 => {
                for seat in seats {
                    out[seat.index()] = f64::from(self.evaluator.evaluate(state, seat));
                }
            }
            Turn::Player(seat) => {
                let mut best = f64::NEG_INFINITY;
                for mv in state.legal_moves_vec() {
                    let mut child = state.clone();
                    child.play_unchecked(mv);
                    let value = self.maxn(&child, depth - 1);
                    if self.aborted {
                        return out;
                    }
                    if value[seat.index()] > best {
                        best = value[seat.index()];
                        out = value;
                    }
                }
            }
            Turn::Chance => {
                let dist = state
                    .chance_outcomes()
                    .expect("chance node without outcomes");
                let total = f64::from(dist.total());
                for (outcome, weight) in dist.iter() {
                    let mut child = state.clone();
                    child.apply_chance_unchecked(outcome);
                    let value = self.maxn(&child, depth);
                    if self.aborted {
                        return out;
                    }
                    let p = f64::from(weight) / total;
                    for (sum, v) in out.iter_mut().zip(value) {
                        *sum += p * v;
                    }
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests;
