//! The engine's evaluations: the learned network ([`net`]) by default, and the
//! handcrafted, Texel-tuned [`AtaxxEvaluator`] ([`handcrafted`]; the UAI option
//! `Eval handcrafted`).
//!
//! The network the engine plays with unless told otherwise is [`default_network`]: the
//! shipped one, compiled in with the default feature `embedded-net`, or one a program handed
//! in with [`set_default_network`] (the web page, which loads the file on its own).

pub mod handcrafted;
pub mod net;

use std::sync::{Arc, OnceLock};

use ataxx::Ataxx;

pub use handcrafted::AtaxxEvaluator;
pub use net::{Accumulator, NetError, Network};

/// The network the engine ships with, as bytes (`net/ataxx.nnue`; its provenance is in
/// `docs/engine.md`). Feature `embedded-net`.
#[cfg(feature = "embedded-net")]
pub const EMBEDDED_NET: &[u8] = include_bytes!("../../net/ataxx.nnue");

/// The embedded network, parsed once. (A file that did not parse would give the all-zero
/// network; the crate's tests parse the embedded file, so a release never ships one.)
/// Feature `embedded-net`.
#[cfg(feature = "embedded-net")]
#[must_use]
pub fn embedded_network() -> Arc<Network> {
    static NET: OnceLock<Arc<Network>> = OnceLock::new();
    Arc::clone(NET.get_or_init(|| {
        Arc::new(
            Network::from_bytes(EMBEDDED_NET)
                .unwrap_or_else(|_| Network::zeroed(net::Features::Squares, net::DEFAULT_HIDDEN)),
        )
    }))
}

/// The network handed in with [`set_default_network`].
static HANDED_IN: OnceLock<Arc<Network>> = OnceLock::new();

/// Makes `network` the one [`default_network`] returns, once per process (a build without
/// the embedded network loads its file, or fetches it, and hands it in here before the
/// first search).
///
/// # Errors
/// The network given back when one was already handed in (the first one stays).
pub fn set_default_network(network: Arc<Network>) -> Result<(), Arc<Network>> {
    HANDED_IN.set(network)
}

/// The network the engine plays with by default: the one handed in with
/// [`set_default_network`], else the embedded one (feature `embedded-net`); `None` in a
/// build without the embedded network before one was handed in.
#[must_use]
pub fn default_network() -> Option<Arc<Network>> {
    if let Some(network) = HANDED_IN.get() {
        return Some(Arc::clone(network));
    }
    #[cfg(feature = "embedded-net")]
    {
        Some(embedded_network())
    }
    #[cfg(not(feature = "embedded-net"))]
    {
        None
    }
}

/// Which evaluation the search uses.
#[derive(Clone, Debug)]
pub enum Evaluation {
    /// A network (the embedded one, or one loaded with `EvalFile`).
    Net(Arc<Network>),
    /// The handcrafted evaluation.
    Handcrafted(AtaxxEvaluator),
}

impl Default for Evaluation {
    /// The [`default_network`]; the handcrafted evaluation when there is none (a build
    /// without `embedded-net` before a network was handed in).
    fn default() -> Evaluation {
        default_network().map_or_else(Evaluation::handcrafted, Evaluation::Net)
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

    /// The shipped network. Feature `embedded-net`.
    #[cfg(feature = "embedded-net")]
    #[must_use]
    pub fn default_net() -> Evaluation {
        Evaluation::Net(embedded_network())
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

#[cfg(all(test, feature = "embedded-net"))]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_network_parses() {
        Network::from_bytes(EMBEDDED_NET).expect("the shipped network is valid");
        assert!(matches!(Evaluation::default(), Evaluation::Net(_)));
    }

    /// The shipped network's values on fixed positions: a new network changes them on
    /// purpose (update them with it); anything else that changes them is a bug in the
    /// inference or the file format.
    #[test]
    fn the_embedded_network_evaluates_the_pinned_positions() {
        let net = embedded_network();
        let values: Vec<i32> = PINNED
            .iter()
            .map(|(fen, _)| net.evaluate(&fen.parse().expect("a valid FEN")))
            .collect();
        let expected: Vec<i32> = PINNED.iter().map(|(_, v)| *v).collect();
        assert_eq!(values, expected);
    }

    /// Positions and the embedded network's evaluations of them.
    const PINNED: [(&str, i32); 6] = [
        ("x5o/7/7/7/7/7/o5x x 0 1", 88),
        ("x5o/7/7/7/7/7/o5x o 0 1", 88),
        ("x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1", 81),
        ("7/2x4/1x-1-1o/7/2-1-2/6x/ooo3x x 1 4", 146),
        ("2x4/5x1/4xxx/3xxxx/xx1xxoo/o2oooo/1o2ooo o 0 20", 334),
        (
            "x2xxx1/x-xoo-x/o2oo2/3oo2/xx2oo1/x-xoo-o/oxxxxoo x 3 37",
            219,
        ),
    ];
}
