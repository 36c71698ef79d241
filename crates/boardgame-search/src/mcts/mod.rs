//! Monte Carlo tree search (UCT) with a swappable selection rule and rollout policy.
//!
//! - **Rewards.** A finished game gives every seat a reward in `0..=1` from core's zero-sum
//!   [`Outcome::returns`](boardgame_core::Outcome::returns): `(return + n − 1) / (2(n − 1))`
//!   for `n` seats (two seats: win 1, draw ½, loss 0). Every node keeps the reward sum of
//!   *every* seat, so 2–4 seats back up their own returns (max^n-style), and a decision node
//!   chooses by the mean of the seat to move there. A rollout cut by the ply guard counts as
//!   ½ for everybody.
//! - **Evaluated leaves** (optional, [`with_evaluator`](Mcts::with_evaluator)). With an
//!   [`Evaluator`], a rollout cut by [`max_rollout_plies`](Mcts::max_rollout_plies) (0: no
//!   rollout at all) ends in the evaluation of the state it reached instead of ½: each
//!   seat's evaluation divided by a scale goes through a softmax over the seats, read as
//!   the chance that the seat wins, and becomes the reward a win with that probability is
//!   worth (`L + (1 − L)·p`, `L` the reward of a loss: 0 for two seats, ⅓ for four).
//! - **Progressive bias** (optional, [`progressive_bias`](Mcts::progressive_bias), with an
//!   evaluator): a decision node's children get, when it is expanded, the mover's
//!   evaluated reward `h` of the state after the move; selection adds `w·h / (n + 1)` to the
//!   rule's score of a child visited `n` times, and tries the unvisited children in order of
//!   `h` (best first).
//! - **Chance nodes are closed-loop.** A chance node gets one child per outcome of
//!   [`Game::chance_outcomes`], and each visit draws one child with its exact integer weight
//!   (core's unbiased `below` on the weights). Every tree node therefore stands for exactly
//!   one state, which is what makes tree reuse exact. (Open-loop MCTS would re-sample the
//!   dice in one shared node; with at most 21 outcomes per throw here the closed tree is
//!   affordable.)
//! - **Expansion.** A node is expanded (all its children created, unvisited) on its second
//!   visit; the first visit runs a rollout from it. Selection tries every child of a
//!   decision node once before revisiting one (under [`Uct`]).
//! - **Memory.** The tree holds at most about [`DEFAULT_MAX_NODES`] nodes (see
//!   [`max_nodes`](Mcts::max_nodes)): once full, a leaf is no longer expanded but rolled out
//!   from again, so a long search costs time, not memory.
//! - **Determinism.** All randomness comes from the searcher's own `ChaCha8Rng`: the same
//!   seed, state and iteration budget give the same move and the same statistics.
//!
//! ```
//! use boardgame_core::toy::{Nim, NimConfig};
//! use boardgame_core::Game;
//! use boardgame_search::mcts::{Budget, Mcts};
//!
//! // 5 counters, take 1..=3: taking 1 (leaving 4) is the only winning move.
//! let state = Nim::from_notation("5:0", &NimConfig::default())?;
//! let mut mcts = Mcts::new(7);
//! let report = mcts.search(&state, Budget::Iterations(2_000));
//! assert_eq!(report.best.0, 1);
//! assert_eq!(report.iterations, 2_000);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod selection;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use boardgame_core::driver::{
    ChaCha8Rng, End, Policy, UniformRandom, below, play_out, rng_from_seed,
};
use boardgame_core::{BySeat, Game, MAX_SEATS, Outcome, Seat, Turn};

use crate::Evaluator;

pub use selection::{EdgeStats, Puct, SelectionRule, Uct};

/// The default node budget of the tree: about 40 MiB for the games here (each node is
/// under 48 bytes).
pub const DEFAULT_MAX_NODES: usize = 1 << 20;

/// How long a search runs.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Budget {
    /// Exactly this many iterations (reproducible).
    Iterations(u64),
    /// Until this instant (checked every iteration; not reproducible). At least one
    /// iteration runs.
    Deadline(Instant),
}

/// The statistics of one root move after a search.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveStats<M> {
    /// The move.
    pub mv: M,
    /// How many iterations went through it.
    pub visits: u32,
    /// The mean reward (`0..=1`) of every seat over those iterations.
    pub means: BySeat<f64>,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsReport<M> {
    /// The most visited root move (ties: the higher mean for the seat to move, then the
    /// first in move order).
    pub best: M,
    /// Iterations run by this search (0 when the root has a single legal move).
    pub iterations: u64,
    /// Nodes in the tree after the search (reused ones included).
    pub nodes: usize,
    /// Every root move in the game's move order, with its statistics.
    pub root: Vec<MoveStats<M>>,
}

#[derive(Copy, Clone, Debug)]
enum Edge<M, C> {
    Root,
    Move(M),
    Chance(C, u32),
}

#[derive(Copy, Clone, Debug)]
struct Node<M, C> {
    edge: Edge<M, C>,
    first_child: u32,
    children: u32,
    expanded: bool,
    visits: u32,
    /// The progressive-bias heuristic of the move into this node (0 without one).
    prior: f32,
    rewards: [f32; MAX_SEATS],
}

impl<M, C> Node<M, C> {
    fn new(edge: Edge<M, C>) -> Node<M, C> {
        Node {
            edge,
            first_child: 0,
            children: 0,
            expanded: false,
            visits: 0,
            prior: 0.0,
            rewards: [0.0; MAX_SEATS],
        }
    }

    fn mean(&self, seat: Seat) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            f64::from(self.rewards[seat.index()]) / f64::from(self.visits)
        }
    }

    fn child_range(&self) -> core::ops::Range<usize> {
        self.first_child as usize..(self.first_child + self.children) as usize
    }
}

/// The evaluator that ends cut rollouts, with the scale of its units.
struct Leaf<G> {
    evaluator: Box<dyn Evaluator<G> + Send + Sync>,
    scale: f64,
}

impl<G: Game> Leaf<G> {
    /// Every seat's reward in `0..=1` for the non-terminal `state` (unused seats 0).
    fn rewards(&self, state: &G) -> [f32; MAX_SEATS] {
        let seats = state.num_seats();
        let mut logits = [0.0f64; MAX_SEATS];
        for seat in Seat::first(seats) {
            logits[seat.index()] = f64::from(self.evaluator.evaluate(state, seat)) / self.scale;
        }
        let top = logits[..seats]
            .iter()
            .copied()
            .fold(f64::NEG_INFINITY, f64::max);
        let mut total = 0.0;
        for logit in &mut logits[..seats] {
            *logit = (*logit - top).exp();
            total += *logit;
        }
        let loss = (seats.max(2) - 2) as f64 / (2 * (seats.max(2) - 1)) as f64;
        let mut out = [0.0; MAX_SEATS];
        for (reward, weight) in out.iter_mut().zip(&logits[..seats]) {
            *reward = (loss + (1.0 - loss) * weight / total) as f32;
        }
        out
    }
}

/// A Monte Carlo tree searcher for `G`, generic over the selection rule `S` and the rollout
/// policy `P` (uniform random by default; [`with_rollout`](Mcts::with_rollout) swaps it).
pub struct Mcts<G: Game, S = Uct, P = UniformRandom> {
    selection: S,
    rollout: P,
    rng: ChaCha8Rng,
    max_rollout_plies: u64,
    leaf: Option<Leaf<G>>,
    bias: f64,
    reuse_tree: bool,
    max_nodes: usize,
    nodes: Vec<Node<G::Move, G::Chance>>,
    root_state: Option<G>,
    moves: Vec<G::Move>,
    stop: Arc<AtomicBool>,
}

impl<G: Game, S: core::fmt::Debug, P: core::fmt::Debug> core::fmt::Debug for Mcts<G, S, P> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Mcts")
            .field("selection", &self.selection)
            .field("rollout", &self.rollout)
            .field("max_rollout_plies", &self.max_rollout_plies)
            .field("evaluated", &self.leaf.as_ref().map(|leaf| leaf.scale))
            .field("bias", &self.bias)
            .field("reuse_tree", &self.reuse_tree)
            .field("nodes", &self.nodes.len())
            .finish_non_exhaustive()
    }
}

impl<G: Game> Mcts<G> {
    /// UCT with `c = √2`, uniform-random rollouts, no tree reuse, seeded with `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Mcts<G> {
        Mcts::with_parts(Uct::default(), UniformRandom, seed)
    }
}

impl<G: Game, S: SelectionRule, P: Policy<G>> Mcts<G, S, P> {
    /// A searcher with this selection rule and rollout policy, seeded with `seed`.
    #[must_use]
    pub fn with_parts(selection: S, rollout: P, seed: u64) -> Mcts<G, S, P> {
        Mcts {
            selection,
            rollout,
            rng: rng_from_seed(seed),
            max_rollout_plies: 100_000,
            leaf: None,
            bias: 0.0,
            reuse_tree: false,
            max_nodes: DEFAULT_MAX_NODES,
            nodes: Vec::new(),
            root_state: None,
            moves: Vec::new(),
            stop: Arc::new(AtomicBool::new(false)),
        }
    }

    /// The same searcher with another selection rule (the tree is dropped).
    #[must_use]
    pub fn with_selection<T: SelectionRule>(self, selection: T) -> Mcts<G, T, P> {
        Mcts {
            selection,
            rollout: self.rollout,
            rng: self.rng,
            max_rollout_plies: self.max_rollout_plies,
            leaf: self.leaf,
            bias: self.bias,
            reuse_tree: self.reuse_tree,
            max_nodes: self.max_nodes,
            nodes: Vec::new(),
            root_state: None,
            moves: Vec::new(),
            stop: self.stop,
        }
    }

    /// The same searcher with another rollout policy (the tree is dropped).
    #[must_use]
    pub fn with_rollout<Q: Policy<G>>(self, rollout: Q) -> Mcts<G, S, Q> {
        Mcts {
            selection: self.selection,
            rollout,
            rng: self.rng,
            max_rollout_plies: self.max_rollout_plies,
            leaf: self.leaf,
            bias: self.bias,
            reuse_tree: self.reuse_tree,
            max_nodes: self.max_nodes,
            nodes: Vec::new(),
            root_state: None,
            moves: Vec::new(),
            stop: self.stop,
        }
    }

    /// Cuts rollouts after this many moves (default 100 000); a cut rollout scores ½ for
    /// every seat, or the evaluation of where it stopped with
    /// [`with_evaluator`](Mcts::with_evaluator) (0: the leaf itself is evaluated).
    #[must_use]
    pub fn max_rollout_plies(mut self, plies: u64) -> Self {
        self.max_rollout_plies = plies;
        self
    }

    /// Ends cut rollouts in `evaluator`'s values: `scale` evaluation units are one unit of
    /// the softmax over the seats (see the module documentation). Combine with
    /// [`max_rollout_plies`](Mcts::max_rollout_plies) for short rollouts.
    ///
    /// # Panics
    /// If `scale` is not a positive finite number, or so small that an evaluation divided
    /// by it can be infinite (which would make the rewards NaN).
    #[must_use]
    pub fn with_evaluator<E: Evaluator<G> + Send + Sync + 'static>(
        mut self,
        evaluator: E,
        scale: f64,
    ) -> Self {
        assert!(
            scale.is_finite() && scale > 0.0 && (f64::from(i32::MIN) / scale).is_finite(),
            "the scale of an evaluator must be positive and not tiny, not {scale}"
        );
        self.leaf = Some(Leaf {
            evaluator: Box::new(evaluator),
            scale,
        });
        self
    }

    /// Progressive bias of weight `weight` (≥ 0; 0, the default, turns it off) from the
    /// evaluator of [`with_evaluator`](Mcts::with_evaluator), which it needs.
    ///
    /// # Panics
    /// If `weight` is negative or not finite.
    #[must_use]
    pub fn progressive_bias(mut self, weight: f64) -> Self {
        assert!(
            weight.is_finite() && weight >= 0.0,
            "the progressive bias must be a finite number ≥ 0, not {weight}"
        );
        self.bias = weight;
        self
    }

    /// Keeps the tree between searches: when the next search starts from a state found in
    /// the tree within a few plies of the old root (the move played and the dice thrown
    /// since), that subtree becomes the new root and its statistics count. Off by default.
    #[must_use]
    pub fn reuse_tree(mut self, reuse: bool) -> Self {
        self.reuse_tree = reuse;
        self
    }

    /// Bounds the tree to about `nodes` nodes (default [`DEFAULT_MAX_NODES`]; at least
    /// 1024): a full tree expands no more leaves, and every further iteration rolls out from
    /// the leaf it reaches. Below the budget the search is the same as without it.
    #[must_use]
    pub fn max_nodes(mut self, nodes: usize) -> Self {
        self.max_nodes = nodes.max(1024);
        self
    }

    /// The flag that stops a running search from another thread: set it to `true` and the
    /// search returns after its current iteration (at least one runs), with the statistics
    /// so far. The search never clears it; the caller lowers it before the next search.
    #[must_use]
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// Drops the tree.
    pub fn clear(&mut self) {
        self.nodes.clear();
        self.root_state = None;
    }

    /// Searches `state` (a decision node) within `budget` and reports the best move and the
    /// root statistics.
    ///
    /// # Panics
    /// If `state` is not a decision node.
    pub fn search(&mut self, state: &G, budget: Budget) -> MctsReport<G::Move> {
        let Turn::Player(seat) = state.turn() else {
            panic!("MCTS searches decision nodes only, not {:?}", state.turn());
        };
        self.moves.clear();
        state.legal_moves(&mut self.moves);
        if self.moves.len() == 1 {
            let mv = self.moves[0];
            return MctsReport {
                best: mv,
                iterations: 0,
                nodes: self.nodes.len(),
                root: vec![MoveStats {
                    mv,
                    visits: 0,
                    means: BySeat::filled(state.num_seats(), 0.0),
                }],
            };
        }
        self.take_root(state);
        let mut iterations = 0;
        loop {
            let done = match budget {
                Budget::Iterations(n) => iterations >= n,
                Budget::Deadline(at) => iterations > 0 && Instant::now() >= at,
            } || (iterations > 0 && self.stop.load(Ordering::Relaxed));
            if done {
                break;
            }
            self.iterate(state);
            iterations += 1;
        }
        self.root_state = self.reuse_tree.then(|| state.clone());
        self.report(state, seat, iterations)
    }

    /// Makes the tree's root stand for `state`: reuses a matching subtree if allowed,
    /// otherwise starts afresh.
    fn take_root(&mut self, state: &G) {
        let found = match (&self.root_state, self.reuse_tree) {
            (Some(old), true) => self.find(old, state, 6),
            _ => None,
        };
        match found {
            Some(0) => {}
            Some(index) => self.reroot(index),
            None => {
                self.nodes.clear();
                self.nodes.push(Node::new(Edge::Root));
            }
        }
        if self.nodes.is_empty() {
            self.nodes.push(Node::new(Edge::Root));
        }
    }

    /// The node standing for `target`, searched depth-first among visited nodes at most
    /// `depth` events below the root (which stands for `root_state`).
    fn find(&self, root_state: &G, target: &G, depth: u32) -> Option<usize> {
        if self.nodes.is_empty() {
            return None;
        }
        let mut stack = vec![(0usize, root_state.clone(), 0u32)];
        while let Some((index, state, level)) = stack.pop() {
            if state == *target {
                return Some(index);
            }
            let node = &self.nodes[index];
            if level >= depth || !node.expanded {
                continue;
            }
            for child in node.child_range().rev() {
                if self.nodes[child].visits > 0 {
                    let mut next = state.clone();
                    apply(&mut next, self.nodes[child].edge);
                    stack.push((child, next, level + 1));
                }
            }
        }
        None
    }

    /// Keeps only the subtree under `index`, which becomes the root.
    fn reroot(&mut self, index: usize) {
        let old = core::mem::take(&mut self.nodes);
        let mut root = old[index];
        root.edge = Edge::Root;
        self.nodes.push(root);
        let mut next = 0;
        while next < self.nodes.len() {
            let node = self.nodes[next];
            if node.expanded {
                let first = self.nodes.len() as u32;
                self.nodes.extend_from_slice(&old[node.child_range()]);
                self.nodes[next].first_child = first;
            }
            next += 1;
        }
    }

    /// One iteration: select and expand down the tree, roll out, back up.
    fn iterate(&mut self, root_state: &G) {
        let mut state = root_state.clone();
        let mut path = vec![0usize];
        let mut index = 0;
        loop {
            if state.is_terminal() {
                break;
            }
            if !self.nodes[index].expanded {
                let full = self.nodes.len() >= self.max_nodes && index != 0;
                if (self.nodes[index].visits == 0 && index != 0) || full {
                    break;
                }
                self.expand(index, &state);
            }
            index = self.select_child(index, &state);
            apply(&mut state, self.nodes[index].edge);
            path.push(index);
        }
        let rewards = match state.outcome() {
            Some(outcome) => rewards(&outcome),
            None => {
                let finish = play_out(
                    &mut state,
                    &mut self.rollout,
                    &mut self.rng,
                    self.max_rollout_plies,
                );
                match (finish.end, &self.leaf) {
                    (End::Terminal(outcome), _) => rewards(&outcome),
                    (End::Truncated, Some(leaf)) => leaf.rewards(&state),
                    (End::Truncated, None) => [0.5; MAX_SEATS],
                }
            }
        };
        for &node in &path {
            let node = &mut self.nodes[node];
            node.visits += 1;
            for (sum, reward) in node.rewards.iter_mut().zip(rewards) {
                *sum += reward;
            }
        }
    }

    /// Creates every child of `index`, which stands for `state` (not terminal).
    fn expand(&mut self, index: usize, state: &G) {
        let first = self.nodes.len() as u32;
        match state.chance_outcomes() {
            Some(dist) => {
                for (outcome, weight) in dist.iter() {
                    self.nodes.push(Node::new(Edge::Chance(outcome, weight)));
                }
            }
            None => {
                self.moves.clear();
                state.legal_moves(&mut self.moves);
                let biased = match (&self.leaf, state.turn()) {
                    (Some(leaf), Turn::Player(seat)) if self.bias > 0.0 => Some((leaf, seat)),
                    _ => None,
                };
                for &mv in &self.moves {
                    let mut node = Node::new(Edge::Move(mv));
                    if let Some((leaf, seat)) = biased {
                        let mut child = state.clone();
                        child.play_unchecked(mv);
                        let values = match child.outcome() {
                            Some(outcome) => rewards(&outcome),
                            None => leaf.rewards(&child),
                        };
                        node.prior = values[seat.index()];
                    }
                    self.nodes.push(node);
                }
            }
        }
        let children = self.nodes.len() as u32 - first;
        let node = &mut self.nodes[index];
        node.first_child = first;
        node.children = children;
        node.expanded = true;
    }

    /// The child to descend into: drawn by weight at a chance node, the best score of the
    /// selection rule for the seat to move at a decision node.
    fn select_child(&mut self, index: usize, state: &G) -> usize {
        let node = self.nodes[index];
        let range = node.child_range();
        match state.turn() {
            Turn::Player(seat) => {
                let prior = 1.0 / f64::from(node.children);
                let mut best = range.start;
                let mut best_score = (f64::NEG_INFINITY, f64::NEG_INFINITY);
                for child in range {
                    let stats = &self.nodes[child];
                    let mut score = self.selection.score(&EdgeStats {
                        parent_visits: node.visits,
                        visits: stats.visits,
                        mean: stats.mean(seat),
                        prior,
                    });
                    let heuristic = f64::from(stats.prior);
                    if self.bias > 0.0 && score.is_finite() {
                        score += self.bias * heuristic / f64::from(stats.visits + 1);
                    }
                    // Ties (unvisited children under UCT) go to the better heuristic.
                    if (score, heuristic) > best_score {
                        best_score = (score, heuristic);
                        best = child;
                    }
                }
                best
            }
            _ => {
                let total: u64 = self.nodes[range.clone()]
                    .iter()
                    .map(|n| match n.edge {
                        Edge::Chance(_, weight) => u64::from(weight),
                        _ => 0,
                    })
                    .sum();
                let mut ticket = below(&mut self.rng, total);
                for child in range.clone() {
                    let Edge::Chance(_, weight) = self.nodes[child].edge else {
                        continue;
                    };
                    if ticket < u64::from(weight) {
                        return child;
                    }
                    ticket -= u64::from(weight);
                }
                unreachable!("weights sum to the total")
            }
        }
    }

    fn report(&self, state: &G, seat: Seat, iterations: u64) -> MctsReport<G::Move> {
        let root = &self.nodes[0];
        let seats = state.num_seats();
        let stats: Vec<MoveStats<G::Move>> = self.nodes[root.child_range()]
            .iter()
            .map(|child| MoveStats {
                mv: match child.edge {
                    Edge::Move(mv) => mv,
                    _ => unreachable!("children of a decision node are moves"),
                },
                visits: child.visits,
                means: BySeat::new_with(seats, |s| child.mean(s)),
            })
            .collect();
        let best = stats
            .iter()
            .fold(None::<&MoveStats<G::Move>>, |best, candidate| match best {
                Some(b)
                    if (b.visits, b.means[seat]) >= (candidate.visits, candidate.means[seat]) =>
                {
                    Some(b)
                }
                _ => Some(candidate),
            })
            .expect("a decision node has moves")
            .mv;
        MctsReport {
            best,
            iterations,
            nodes: self.nodes.len(),
            root: stats,
        }
    }
}

fn apply<G: Game>(state: &mut G, edge: Edge<G::Move, G::Chance>) {
    match edge {
        Edge::Root => {}
        Edge::Move(mv) => state.play_unchecked(mv),
        Edge::Chance(outcome, _) => state.apply_chance_unchecked(outcome),
    }
}

/// Every seat's reward in `0..=1` (unused seats 0).
fn rewards(outcome: &Outcome) -> [f32; MAX_SEATS] {
    let returns = outcome.returns();
    let spread = 2.0 * (outcome.num_seats().max(2) - 1) as f32;
    let mut out = [0.0; MAX_SEATS];
    for (seat, &ret) in returns.iter() {
        out[seat.index()] = (ret as f32 + spread / 2.0) / spread;
    }
    out
}

#[cfg(test)]
mod tests;
