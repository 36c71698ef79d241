//! One search thread: iterative deepening over a negamax with principal-variation search,
//! the shared transposition table and the selective features of [`Params`].

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use ataxx::{Ataxx, Bitboard, Color, Move};
use boardgame_core::clock::Deadline;

use super::moves::{MoveList, Mv, gain};
use super::params::Params;
use super::tt::{Bound, Table};
use super::{MAX_PLY, WIN, WIN_ZONE};
use crate::eval::{Accumulator, EVAL_BOUND, Evaluation};
use crate::simd::InlineWork;

const INFINITY: i32 = WIN + 1;
/// History scores stay within ±this.
const HISTORY_MAX: i32 = 16_384;

/// What every thread of one search shares.
pub(crate) struct Context<'a> {
    pub(crate) table: &'a Table,
    pub(crate) params: &'a Params,
    pub(crate) evaluation: &'a Evaluation,
    /// Raised by the protocol (`stop`, `quit`) or by a limit.
    pub(crate) stop: &'a AtomicBool,
    /// Raised by the main thread when it is done: the helper threads stop too.
    pub(crate) halt: &'a AtomicBool,
    /// The node budget of the whole search.
    pub(crate) node_limit: u64,
    /// Whether the budget is counted exactly, node by node (one thread).
    pub(crate) exact_nodes: bool,
    /// Nodes of the helper threads so far, published every 1024 nodes.
    pub(crate) helper_nodes: &'a AtomicU64,
    /// The hard time limit, on the caller's clock.
    pub(crate) deadline: Option<Deadline>,
}

/// The result of one completed iteration.
#[derive(Clone, Debug)]
pub(crate) struct Iteration {
    pub(crate) depth: i32,
    pub(crate) score: i32,
    pub(crate) pv: Vec<Mv>,
}

/// A thread's state: its tables, reused from one search to the next, and its stacks.
pub(crate) struct Worker {
    /// Whether this is the main thread (which checks the limits and reports).
    pub(crate) main: bool,
    pub(crate) nodes: u64,
    pub(crate) seldepth: usize,
    aborted: bool,
    /// `history[color][from * 49 + to]`: how often a move caused a cut-off, with decay.
    history: Box<[[i32; 49 * 49]; 2]>,
    killers: Vec<[Mv; 2]>,
    lists: Vec<MoveList>,
    /// The static evaluation at each ply of the current line.
    evals: Vec<i32>,
    /// The move excluded at each ply (singular extension searches).
    excluded: Vec<Mv>,
    pv: Vec<[Mv; MAX_PLY + 1]>,
    pv_len: Vec<usize>,
    /// The network's accumulators along the current line, the stones they were computed
    /// for, and whether they are up to date.
    accumulators: Vec<Accumulator>,
    accumulator_stones: Vec<(u64, u64)>,
    accumulator_valid: Vec<bool>,
    /// The blocked squares of the root (they never change during a game).
    gaps: u64,
    /// `lmr[depth][moves]`: the late-move reduction, from the parameters.
    lmr: Vec<[i32; 64]>,
    /// Nodes spent under each root move (by `Mv::butterfly`) in this search.
    root_nodes: Box<[u64; 49 * 49]>,
}

impl std::fmt::Debug for Worker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Worker")
            .field("main", &self.main)
            .field("nodes", &self.nodes)
            .finish_non_exhaustive()
    }
}

impl Worker {
    pub(crate) fn new(main: bool) -> Worker {
        let plies = MAX_PLY + 2;
        Worker {
            main,
            nodes: 0,
            seldepth: 0,
            aborted: false,
            history: Box::new([[0; 49 * 49]; 2]),
            killers: vec![[Mv::NONE; 2]; plies],
            lists: (0..plies).map(|_| MoveList::default()).collect(),
            evals: vec![0; plies],
            excluded: vec![Mv::NONE; plies],
            pv: vec![[Mv::NONE; MAX_PLY + 1]; plies],
            pv_len: vec![0; plies],
            accumulators: vec![Accumulator::default(); plies],
            accumulator_stones: vec![(u64::MAX, u64::MAX); plies],
            accumulator_valid: vec![false; plies],
            gaps: 0,
            lmr: Vec::new(),
            root_nodes: Box::new([0; 49 * 49]),
        }
    }

    /// Forgets the history and killers (a new game).
    pub(crate) fn clear(&mut self) {
        for table in self.history.iter_mut() {
            table.fill(0);
        }
        self.killers.fill([Mv::NONE; 2]);
    }

    /// The share of this search's nodes that went to root move `mv` (0 to 1).
    pub(crate) fn root_share(&self, mv: Mv) -> f64 {
        let spent = self.root_nodes.get(mv.butterfly()).copied().unwrap_or(0);
        spent as f64 / self.nodes.max(1) as f64
    }

    fn prepare(&mut self, ctx: &Context<'_>, root: &Ataxx) {
        self.nodes = 0;
        self.root_nodes.fill(0);
        self.seldepth = 0;
        self.aborted = false;
        self.excluded.fill(Mv::NONE);
        self.accumulator_valid.fill(false);
        self.accumulator_stones.fill((u64::MAX, u64::MAX));
        self.gaps = root.blocked().bits();
        if let Evaluation::Net(net) = ctx.evaluation {
            let stones = stones(root);
            net.refresh(&mut self.accumulators[0], stones.0, stones.1, self.gaps);
            self.accumulator_stones[0] = stones;
            self.accumulator_valid[0] = true;
        }
        let p = ctx.params;
        self.lmr = (0..=MAX_PLY)
            .map(|depth| {
                let mut row = [0; 64];
                for (moves, r) in row.iter_mut().enumerate().skip(1) {
                    if depth > 0 {
                        let d = (depth as f64).ln();
                        let m = (moves as f64).ln();
                        *r = ((f64::from(p.lmr_base)
                            + d * m * 100.0 * 100.0 / f64::from(p.lmr_divisor))
                            / 100.0) as i32;
                    }
                }
                row
            })
            .collect();
        for killers in &mut self.killers {
            *killers = [Mv::NONE; 2];
        }
    }

    /// Iterative deepening from `first_depth` to `max_depth`; `done` is called after each
    /// completed iteration and returns `true` to stop. Returns the last completed
    /// iteration.
    pub(crate) fn iterate(
        &mut self,
        ctx: &Context<'_>,
        root: &Ataxx,
        first_depth: i32,
        max_depth: i32,
        mut done: impl FnMut(&Worker, &Iteration) -> bool,
    ) -> Option<Iteration> {
        self.prepare(ctx, root);
        let mut last: Option<Iteration> = None;
        let mut scores: Vec<i32> = Vec::new();
        for depth in first_depth.max(1)..=max_depth {
            // Centre the window on the score two iterations back when there is one: the
            // same side moves at the horizon, and evaluations swing with that parity.
            let centre = match scores.len() {
                n if n >= 2 => scores[n - 2],
                1 => scores[0],
                _ => 0,
            };
            let score = self.aspirate(ctx, root, depth, centre, scores.is_empty());
            if self.aborted {
                break;
            }
            scores.push(score);
            let pv = self.pv[0][..self.pv_len[0]].to_vec();
            if pv.is_empty() {
                break;
            }
            let iteration = Iteration { depth, score, pv };
            let stop = done(self, &iteration);
            let proven = score.abs() > WIN_ZONE && WIN - score.abs() <= depth;
            last = Some(iteration);
            if stop || proven {
                break;
            }
        }
        last
    }

    fn aspirate(
        &mut self,
        ctx: &Context<'_>,
        root: &Ataxx,
        depth: i32,
        centre: i32,
        first: bool,
    ) -> i32 {
        let p = ctx.params;
        if first || p.aspiration_depth == 0 || depth < p.aspiration_depth || centre.abs() > WIN_ZONE
        {
            return self.negamax(ctx, root, depth, 0, -INFINITY, INFINITY, false);
        }
        let mut delta = p.aspiration_window.max(1);
        let (mut alpha, mut beta) = (centre - delta, centre + delta);
        loop {
            let score = self.negamax(ctx, root, depth, 0, alpha, beta, false);
            if self.aborted {
                return score;
            }
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITY);
            } else if score >= beta {
                beta = (score + delta).min(INFINITY);
            } else {
                return score;
            }
            delta = delta.saturating_mul(2);
            if delta > 4 * EVAL_BOUND {
                alpha = -INFINITY;
                beta = INFINITY;
            }
        }
    }

    /// Whether to stop now (checked before each node).
    #[inline]
    fn out_of_budget(&mut self, ctx: &Context<'_>) -> bool {
        if self.aborted {
            return true;
        }
        if self.main && ctx.exact_nodes && self.nodes >= ctx.node_limit {
            self.aborted = true;
            return true;
        }
        if self.nodes & 1023 == 0 {
            let stop = if self.main {
                ctx.stop.load(Ordering::Relaxed)
                    || ctx.deadline.is_some_and(|d| d.passed())
                    || (!ctx.exact_nodes
                        && self
                            .nodes
                            .saturating_add(ctx.helper_nodes.load(Ordering::Relaxed))
                            >= ctx.node_limit)
            } else {
                ctx.helper_nodes.fetch_add(1024, Ordering::Relaxed);
                ctx.halt.load(Ordering::Relaxed) || ctx.stop.load(Ordering::Relaxed)
            };
            if stop {
                self.aborted = true;
                if self.main {
                    ctx.halt.store(true, Ordering::Relaxed);
                }
            }
        }
        self.aborted
    }

    /// The static evaluation of `position` at `ply`, for its side to move.
    #[inline]
    fn evaluate(&mut self, ctx: &Context<'_>, position: &Ataxx, ply: usize) -> i32 {
        let raw = match ctx.evaluation {
            Evaluation::Handcrafted(_) => return ctx.evaluation.evaluate(position),
            Evaluation::Net(net) => {
                self.bring_accumulator_up_to_date(net, position, ply);
                net.output(&self.accumulators[ply], position.side_to_move())
            }
        };
        raw.clamp(-EVAL_BOUND, EVAL_BOUND)
    }

    /// Makes the accumulator at `ply` that of `position`: from the nearest ancestor whose
    /// accumulator is up to date, each ply in between is brought up to date in turn (by the
    /// squares its move changed), so that siblings evaluated later start from their
    /// parent's.
    fn bring_accumulator_up_to_date(
        &mut self,
        net: &crate::eval::Network,
        position: &Ataxx,
        ply: usize,
    ) {
        let now = stones(position);
        self.accumulator_stones[ply] = now;
        if self.accumulator_valid[ply] {
            return;
        }
        let Some(base) = (0..ply).rev().find(|&q| self.accumulator_valid[q]) else {
            net.refresh(&mut self.accumulators[ply], now.0, now.1, self.gaps);
            self.accumulator_valid[ply] = true;
            return;
        };
        for k in base + 1..=ply {
            let (below, above) = self.accumulators.split_at_mut(k);
            net.update(
                &below[k - 1],
                &mut above[0],
                self.accumulator_stones[k - 1],
                self.accumulator_stones[k],
            );
            self.accumulator_valid[k] = true;
        }
    }

    /// Notes that the node at `ply` now holds `position`: its accumulator is stale unless
    /// it was computed for these stones.
    #[inline]
    fn enter(&mut self, ply: usize, position: &Ataxx) {
        let now = stones(position);
        if self.accumulator_stones[ply] != now {
            self.accumulator_stones[ply] = now;
            self.accumulator_valid[ply] = false;
        }
    }

    fn reward(&mut self, side: Color, mv: Mv, bonus: i32) {
        let entry = &mut self.history[side.index()][mv.butterfly()];
        let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        *entry += bonus - *entry * bonus.abs() / HISTORY_MAX;
    }

    /// The negamax value of `position` for its side to move within `alpha..beta`
    /// (fail-soft).
    #[allow(clippy::too_many_arguments)] // the node's window and its kind
    #[allow(clippy::too_many_lines)] // one node of the search, feature by feature
    fn negamax(
        &mut self,
        ctx: &Context<'_>,
        position: &Ataxx,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        cut_node: bool,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        self.pv_len[ply] = 0;
        if self.out_of_budget(ctx) {
            return 0;
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        self.enter(ply, position);

        let side = position.side_to_move();
        let us = position.pieces(side).bits();
        let them = position.pieces(!side).bits();
        let empty = position.empty().bits();
        let ply_score = ply as i32;
        if us == 0 {
            return -WIN + ply_score;
        }
        if them == 0 {
            return WIN - ply_score;
        }
        let can_move = (Bitboard::new(us).dilate2().bits() & empty) != 0;
        if !can_move && (Bitboard::new(them).dilate2().bits() & empty) == 0 {
            return match us.count_ones().cmp(&them.count_ones()) {
                core::cmp::Ordering::Greater => WIN - ply_score,
                core::cmp::Ordering::Less => -WIN + ply_score,
                core::cmp::Ordering::Equal => 0,
            };
        }
        if position.rules().ply_clock
            && position.halfmove_clock() >= ataxx::AtaxxConfig::CLOCK_LIMIT
        {
            return 0;
        }
        if !can_move {
            // A forced pass: the opponent moves next, on the same board.
            if ply >= MAX_PLY - 1 {
                return self.evaluate(ctx, position, ply);
            }
            let mut child = position.clone();
            child.make_move(Move::Pass);
            self.excluded[ply + 1] = Mv::NONE;
            let score = -self.negamax(ctx, &child, depth, ply + 1, -beta, -alpha, !cut_node);
            if !self.aborted && score > alpha {
                self.set_pv(ply, Mv::PASS);
            }
            return score;
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.evaluate(ctx, position, ply);
        }

        let p = ctx.params;
        let excluded = self.excluded[ply];
        let key = position.key();
        if let Evaluation::Net(net) = ctx.evaluation {
            // The accumulator first: its arithmetic overlaps the table's cache miss.
            self.bring_accumulator_up_to_date(net, position, ply);
        }
        let entry = if excluded == Mv::NONE {
            ctx.table.probe(key, ply)
        } else {
            None
        };
        if let Some(e) = entry
            && !pv_node
            && p.table_cutoffs
            && e.depth >= depth
        {
            let cut = match e.bound {
                Bound::Exact => true,
                Bound::Lower => e.score >= beta,
                Bound::Upper => e.score <= alpha,
            };
            if cut {
                return e.score;
            }
        }
        let tt_move = entry.map_or(Mv::NONE, |e| e.mv);

        let static_eval = if excluded != Mv::NONE {
            self.evals[ply]
        } else if let Some(e) = entry {
            e.eval
        } else {
            self.evaluate(ctx, position, ply)
        };
        self.evals[ply] = static_eval;
        let improving = ply >= 2 && static_eval > self.evals[ply - 2];

        if !pv_node && excluded == Mv::NONE && ply > 0 {
            // Reverse futility: far enough above beta that a shallow search would not
            // bring the score back under it.
            if p.rfp
                && depth <= p.rfp_depth
                && beta.abs() < WIN_ZONE
                && static_eval - p.rfp_margin * (depth - i32::from(improving)) >= beta
            {
                return static_eval;
            }
        }

        let mut depth = depth;
        if p.iir && depth >= p.iir_depth && tt_move == Mv::NONE && excluded == Mv::NONE {
            depth -= 1;
        }

        // Singular extension and multi-cut, tested before the moves are generated (the
        // test reuses this ply's move list).
        let mut tt_extension = 0;
        if let Some(e) = entry
            && (p.singular || p.multicut)
            && ply > 0
            && depth >= p.singular_depth
            && tt_move.is_move()
            && e.bound != Bound::Upper
            && e.depth >= depth - 3
            && e.score.abs() < WIN_ZONE
            && position.is_legal_move(tt_move.to_move())
        {
            let singular_beta = e.score - p.singular_margin * depth;
            self.excluded[ply] = tt_move;
            let value = self.negamax(
                ctx,
                position,
                (depth - 1) / 2,
                ply,
                singular_beta - 1,
                singular_beta,
                cut_node,
            );
            self.excluded[ply] = Mv::NONE;
            if self.aborted {
                return 0;
            }
            if value < singular_beta {
                if p.singular {
                    tt_extension = 1;
                }
            } else if p.multicut && singular_beta >= beta {
                return singular_beta;
            } else if p.singular_negative && e.score >= beta {
                tt_extension = -1;
            }
        }

        {
            let (lists, killers) = (&mut self.lists, &self.killers);
            let history = &self.history[side.index()];
            let killer = killers[ply];
            crate::simd::with_popcnt(OrderedMoves {
                list: &mut lists[ply],
                position,
                tt_move,
                killer,
                history,
                them,
            });
        }
        let count = self.lists[ply].len();
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = Mv::NONE;
        let mut searched = 0i32;
        let mut tried: [Mv; 64] = [Mv::NONE; 64];
        let mut tried_len = 0usize;
        let lmp_limit = p.lmp_base + depth * depth;
        let lmp_limit = if improving { lmp_limit } else { lmp_limit / 2 };
        for index in 0..count {
            let mv = self.lists[ply].pick(index);
            if mv == excluded {
                continue;
            }
            let move_gain = gain(mv, them);
            if p.quiet_jumps > 0
                && ply > 0
                && searched >= p.quiet_jumps
                && move_gain == 0
                && mv != tt_move
                && best_score > -WIN_ZONE
            {
                continue;
            }
            if ply > 0 && !pv_node && searched > 0 && best_score > -WIN_ZONE {
                if p.lmp && depth <= p.lmp_depth && searched >= lmp_limit {
                    break;
                }
                if p.futility
                    && depth <= p.futility_depth
                    && static_eval + p.futility_margin * depth + 100 * move_gain <= alpha
                {
                    continue;
                }
            }
            let extension = if mv == tt_move { tt_extension } else { 0 };
            let new_depth = depth - 1 + extension;

            let mut child = position.clone();
            child.make_move(mv.to_move());
            if new_depth > 0 {
                ctx.table.prefetch(child.key());
            }
            self.excluded[ply + 1] = Mv::NONE;
            let nodes_before = self.nodes;
            let score = if searched == 0 {
                -self.negamax(
                    ctx,
                    &child,
                    new_depth,
                    ply + 1,
                    -beta,
                    -alpha,
                    !pv_node && !cut_node,
                )
            } else {
                let mut reduction = 0;
                if p.lmr && depth >= p.lmr_depth && searched >= p.lmr_after {
                    reduction =
                        self.lmr[depth.min(MAX_PLY as i32) as usize][(searched as usize).min(63)];
                    if pv_node {
                        reduction -= 1;
                    }
                    if cut_node {
                        reduction += 1;
                    }
                    if move_gain >= 3 {
                        reduction -= 1;
                    }
                    if p.lmr_history > 0 {
                        reduction -= self.history[side.index()][mv.butterfly()] / p.lmr_history;
                    }
                    reduction = reduction.clamp(0, (new_depth - 1).max(0));
                }
                let mut score = -self.negamax(
                    ctx,
                    &child,
                    new_depth - reduction,
                    ply + 1,
                    -alpha - 1,
                    -alpha,
                    true,
                );
                if score > alpha && reduction > 0 && !self.aborted {
                    score = -self.negamax(
                        ctx,
                        &child,
                        new_depth,
                        ply + 1,
                        -alpha - 1,
                        -alpha,
                        !cut_node,
                    );
                }
                if score > alpha && score < beta && !self.aborted {
                    score = -self.negamax(ctx, &child, new_depth, ply + 1, -beta, -alpha, false);
                }
                score
            };
            searched += 1;
            if ply == 0 {
                self.root_nodes[mv.butterfly()] += self.nodes - nodes_before;
            }
            if self.aborted {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = mv;
                    alpha = score;
                    if pv_node || ply == 0 {
                        self.set_pv(ply, mv);
                    }
                    if alpha >= beta {
                        self.on_cutoff(side, ply, depth, mv, &tried[..tried_len]);
                        break;
                    }
                }
            }
            if tried_len < tried.len() {
                tried[tried_len] = mv;
                tried_len += 1;
            }
        }
        if searched == 0 {
            // Every move was excluded (a singular test at a node with one move).
            return alpha;
        }
        if excluded == Mv::NONE {
            let bound = if best_score >= beta {
                Bound::Lower
            } else if best_score > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            ctx.table
                .store(key, ply, best_move, best_score, static_eval, depth, bound);
        }
        best_score
    }

    fn set_pv(&mut self, ply: usize, mv: Mv) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let child_len = self.pv_len[ply + 1].min(MAX_PLY);
        head[ply][0] = mv;
        head[ply][1..=child_len].copy_from_slice(&tail[0][..child_len]);
        self.pv_len[ply] = child_len + 1;
    }

    fn on_cutoff(&mut self, side: Color, ply: usize, depth: i32, mv: Mv, tried: &[Mv]) {
        if self.killers[ply][0] != mv {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = mv;
        }
        let bonus = (depth * depth * 8).min(HISTORY_MAX);
        self.reward(side, mv, bonus);
        for &worse in tried {
            self.reward(side, worse, -bonus);
        }
    }
}

/// The stones of both sides.
#[inline]
fn stones(position: &Ataxx) -> (u64, u64) {
    (
        position.pieces(Color::X).bits(),
        position.pieces(Color::O).bits(),
    )
}

/// Fills a node's move list, each move scored for the order of the search: the table's move
/// first, then by the stones the move gains, then the killers, then the history. Run through
/// [`crate::simd::with_popcnt`]: the gains are counted with `count_ones`.
pub(super) struct OrderedMoves<'a> {
    pub(super) list: &'a mut MoveList,
    pub(super) position: &'a Ataxx,
    pub(super) tt_move: Mv,
    pub(super) killer: [Mv; 2],
    pub(super) history: &'a [i32; 49 * 49],
    /// The opponent's stones.
    pub(super) them: u64,
}

impl InlineWork for OrderedMoves<'_> {
    type Output = ();

    #[inline(always)]
    fn run(self) {
        let OrderedMoves {
            list,
            position,
            tt_move,
            killer,
            history,
            them,
        } = self;
        list.generate(position, |mv| {
            if mv == tt_move {
                1 << 30
            } else {
                let mut score = gain(mv, them) << 16;
                if mv == killer[0] {
                    score += 20_000;
                } else if mv == killer[1] {
                    score += 19_000;
                }
                score + history[mv.butterfly()]
            }
        });
    }
}
