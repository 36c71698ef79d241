//! The engine's evaluations: the learned network ([`net`]) by default, and the
//! handcrafted, Texel-tuned [`AtaxxEvaluator`] of `boardgame-search` as the option
//! `Eval handcrafted`.

pub mod net;

use std::sync::Arc;

use ataxx::Ataxx;
use boardgame_search::Evaluator as _;
use boardgame_search::eval::ataxx::AtaxxEvaluator;

pub use net::{Accumulator, NetError, Network};

/// Which evaluation the search uses.
#[derive(Clone, Debug)]
pub enum Evaluation {
    /// A network (the embedded one, or one loaded with `EvalFile`).
    Net(Arc<Network>),
    /// The handcrafted evaluation.
    Handcrafted(AtaxxEvaluator),
}

impl Default for Evaluation {
    fn default() -> Evaluation {
        Evaluation::handcrafted()
    }
}

/// Scores of evaluations stay inside ±this, far from win scores.
pub const EVAL_BOUND: i32 = 20_000;

impl Evaluation {
    /// The handcrafted evaluation with its tuned weights.
    #[must_use]
    pub fn handcrafted() -> Evaluation {
        Evaluation::Handcrafted(AtaxxEvaluator::default())
    }

    /// The shipped network.
    #[must_use]
    pub fn default_net() -> Evaluation {
        Evaluation::default()
    }

    /// The evaluation of `position` for its side to move, computed from scratch, in
    /// hundredths of a stone.
    #[must_use]
    pub fn evaluate(&self, position: &Ataxx) -> i32 {
        let raw = match self {
            Evaluation::Net(net) => net.evaluate(position),
            Evaluation::Handcrafted(hce) => hce.evaluate(position, position.side_to_move().seat()),
        };
        raw.clamp(-EVAL_BOUND, EVAL_BOUND)
    }

    /// The name `uai` shows for the option `Eval`.
    #[must_use]
    pub fn name(&self) -> &'static str {
        match self {
            Evaluation::Net(_) => "net",
            Evaluation::Handcrafted(_) => "handcrafted",
        }
    }
}
