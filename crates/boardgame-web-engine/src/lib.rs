//! The Ataxx engine ([`boardgame_engine`]) for the web page's bot worker: a wasm module of its
//! own, so that the page's module stays small and the engine is built fast (`opt-level = 3`)
//! and with `simd128`. `scripts/build-web.sh` builds it twice, with `simd128` and without, and
//! the worker (`crates/boardgame-web/www/worker.js`) loads the one the browser runs, with the
//! network file, when the first engine move is asked for.
//!
//! - [`Engine`]: one engine with its transposition table, kept for a game; [`Engine::think`]
//!   searches a position within a spec's limits, reports each finished iteration (score,
//!   depth, nodes, the expected line) to a JavaScript callback, and answers the move with the
//!   last report.
//! - The clock is JavaScript's `performance.now()`, imported through `wasm-bindgen` (no other
//!   crate): time limits are read on it, as [`boardgame_core::clock`] asks of a front end.
//!
//! Everything structured crosses the boundary as a JSON string, as in `boardgame-web`.

use core::fmt::Write as _;
use std::sync::Arc;

use ataxx::Ataxx;
use boardgame_core::clock::Clock;
use boardgame_engine::eval::{Evaluation, Network, set_default_network};
use boardgame_engine::search::{Limits, MAX_PLY, Report, Searcher};
use boardgame_engine::spec::{EngineSpec, Play, mix};
use boardgame_io::quote;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;

    /// A JavaScript function: the progress callback of [`Engine::think`].
    #[wasm_bindgen(js_name = Function)]
    pub type ProgressFn;

    #[wasm_bindgen(method, catch, js_name = call)]
    fn call1(this: &ProgressFn, this_arg: &JsValue, info: &str) -> Result<JsValue, JsValue>;
}

/// The page's clock in microseconds: `performance.now()` (milliseconds, with a fraction, since
/// the worker started), which never goes back.
fn page_micros() -> u64 {
    (performance_now() * 1000.0) as u64
}

/// The clock the engine's time limits are read on (see [`boardgame_core::clock`]).
pub const PAGE_CLOCK: Clock = page_micros;

pub use boardgame_engine::spec::{ENGINE_FORMS as ENGINE_SPECS, MAX_MILLIS, MAX_NODES};

/// Why a call was refused (the message of the `Error` JavaScript sees).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineError(pub String);

impl core::fmt::Display for EngineError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.0)
    }
}

impl core::error::Error for EngineError {}

fn error(message: impl core::fmt::Display) -> EngineError {
    EngineError(message.to_string())
}

fn thrown(error: EngineError) -> JsError {
    JsError::new(&error.0)
}

/// The play of the engine spec `spec` (see [`ENGINE_SPECS`]), read by the one parser every
/// front end uses ([`boardgame_engine::spec::EngineSpec`]).
///
/// # Errors
/// [`EngineError`] naming the accepted forms for anything else.
pub fn play_of(spec: &str) -> Result<Play, EngineError> {
    spec.parse::<EngineSpec>()
        .map(EngineSpec::play)
        .map_err(error)
}

/// The search limits of the engine spec `spec` (see [`ENGINE_SPECS`]), with time read on
/// `clock`: a level's budget (its weakening aside, see [`play_of`]).
///
/// ```
/// use boardgame_web_engine::limits_of;
///
/// assert_eq!(limits_of("engine:nodes=20000", || 0)?.nodes, Some(20_000));
/// assert_eq!(limits_of("engine:depth=9", || 0)?.depth, Some(9));
/// assert!(limits_of("engine:ms=1000", || 0)?.time.is_some());
/// assert!(limits_of("engine:level=master", || 0)?.time.is_some());
/// let error = limits_of("engine:nodes=0", || 0).unwrap_err();
/// assert!(error.0.contains("engine:nodes=N"), "{error}");
/// # Ok::<(), boardgame_web_engine::EngineError>(())
/// ```
///
/// # Errors
/// [`EngineError`] naming the accepted forms for anything else.
pub fn limits_of(spec: &str, clock: Clock) -> Result<Limits, EngineError> {
    play_of(spec).map(|play| play.limits(clock))
}

/// A report as JSON `{move, score, end, depth, seldepth, nodes, pv}` (and `ms` when given):
/// `score` for the side to move in hundredths of a stone, `end` the plies to a proven end
/// (positive: the side to move wins) or `null`.
#[must_use]
pub fn report_json(report: &Report, ms: Option<f64>) -> String {
    let mut pv = String::new();
    for (i, mv) in report.pv.iter().enumerate() {
        let _ = write!(pv, "{}\"{mv}\"", if i == 0 { "" } else { "," });
    }
    let end = report
        .plies_to_end()
        .map_or_else(|| "null".to_owned(), |plies| plies.to_string());
    let ms = ms.map_or_else(String::new, |ms| format!(",\"ms\":{ms:.3}"));
    format!(
        "{{\"move\":\"{}\",\"score\":{},\"end\":{end},\"depth\":{},\"seldepth\":{},\"nodes\":{},\"pv\":[{pv}]{ms}}}",
        report.best, report.score, report.depth, report.seldepth, report.nodes,
    )
}

/// The Ataxx engine for one game at a time.
#[wasm_bindgen]
#[derive(Debug)]
pub struct Engine {
    searcher: Searcher,
    /// The random word of the next move of a weak level (advanced every move).
    random: u64,
}

#[wasm_bindgen]
impl Engine {
    /// An engine playing with the network `network` (the bytes of `ataxx.nnue`) and a table
    /// of `hash_megabytes` MiB (a whole number from 1).
    ///
    /// # Errors
    /// A network file that does not parse, a bad size, or a table that cannot be allocated.
    #[wasm_bindgen(constructor)]
    pub fn new(network: &[u8], hash_megabytes: f64) -> Result<Engine, JsError> {
        if !(hash_megabytes.fract() == 0.0 && (1.0..=4096.0).contains(&hash_megabytes)) {
            return Err(thrown(error(format!(
                "the table size must be a whole number of MiB from 1 to 4096, not {hash_megabytes}"
            ))));
        }
        let network = Network::from_bytes(network)
            .map_err(|e| thrown(error(format!("the engine's network: {e}"))))?;
        let network = Arc::new(network);
        // The process-wide default too, for anything that asks for it (the first one stays:
        // a page has one network).
        let _ = set_default_network(Arc::clone(&network));
        let mut searcher = Searcher::new(hash_megabytes as usize)
            .map_err(|e| thrown(error(format!("the engine's table: {e}"))))?;
        searcher.set_evaluation(Evaluation::Net(network));
        Ok(Engine {
            searcher,
            random: mix(performance_now().to_bits()),
        })
    }

    /// Forgets the table, killers and history: a new game.
    #[wasm_bindgen(js_name = newGame)]
    pub fn new_game(&mut self) {
        self.searcher.clear();
    }

    /// Seeds the randomness of the weak levels (`engine:level=beginner` and `casual`): from
    /// the same seed, the same moves. Without it, the seed is the page's clock at the start.
    #[wasm_bindgen(js_name = setSeed)]
    pub fn set_seed(&mut self, seed: f64) {
        self.random = mix(seed.to_bits());
    }

    /// Plays the position `fen` as the engine spec `spec` asks (see [`play_of`]: a search
    /// within its limits, or a weak level's blurred choice) and answers its last report as JSON (see [`report_json`], with `ms`, the
    /// search's time); `progress` is called with the report of every finished iteration
    /// (without `ms`). A callback that throws is ignored.
    ///
    /// # Errors
    /// A position or spec that does not parse.
    pub fn think(
        &mut self,
        fen: &str,
        spec: &str,
        progress: &ProgressFn,
    ) -> Result<String, JsError> {
        let position: Ataxx = fen
            .trim()
            .parse()
            .map_err(|e| thrown(error(format!("the position {}: {e}", quote(fen)))))?;
        let play = play_of(spec).map_err(thrown)?;
        self.random = mix(self.random);
        let started = performance_now();
        let report = play.choose(
            &mut self.searcher,
            &position,
            PAGE_CLOCK,
            self.random,
            |report| {
                let _ = progress.call1(&JsValue::NULL, &report_json(report, None));
            },
        );
        Ok(report_json(&report, Some(performance_now() - started)))
    }

    /// `boardgame-uai bench`'s search of one position: to `depth` plies, one thread, a fresh
    /// table of 16 MiB, the network this engine plays with: JSON `{nodes, ms}`. The browser
    /// test compares the nodes with the native bench's (the same engine) and the time with
    /// its time (the speed).
    ///
    /// # Errors
    /// A position that does not parse, a depth outside 1..=126, or no memory for the table.
    pub fn bench(&self, fen: &str, depth: u32) -> Result<String, JsError> {
        let position: Ataxx = fen
            .trim()
            .parse()
            .map_err(|e| thrown(error(format!("the position {}: {e}", quote(fen)))))?;
        if !(1..=MAX_PLY as u32 - 2).contains(&depth) {
            return Err(thrown(error(format!(
                "the bench depth must be 1 to 126, not {depth}"
            ))));
        }
        let mut searcher =
            Searcher::new(16).map_err(|e| thrown(error(format!("the engine's table: {e}"))))?;
        searcher.set_evaluation(self.searcher.evaluation().clone());
        let started = performance_now();
        let report = searcher.search(&position, &Limits::depth(depth), |_| {});
        let ms = performance_now() - started;
        Ok(format!("{{\"nodes\":{},\"ms\":{ms:.3}}}", report.nodes))
    }

    /// The name of the network kernels in use: `portable` in wasm, which the compiler
    /// vectorises with `simd128` in the build that has it.
    #[must_use]
    pub fn kernel() -> String {
        boardgame_engine::kernel_name().into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ataxx::Move;
    use core::time::Duration;

    #[test]
    fn specs_give_their_limits_and_bad_ones_the_accepted_forms() {
        let clock: Clock = || 5_000;
        assert_eq!(limits_of("engine:nodes=1", clock).unwrap().nodes, Some(1));
        assert_eq!(
            limits_of(" engine:depth=126 ", clock).unwrap().depth,
            Some(126)
        );
        assert_eq!(
            limits_of("engine:level=club", clock).unwrap().nodes,
            Some(200)
        );
        let time = limits_of("engine:ms=250", clock).unwrap().time.unwrap();
        assert_eq!(
            (time.started, time.hard),
            (5_000, Some(Duration::from_millis(250)))
        );
        for bad in [
            "engine:nodes=0",
            "engine:depth=127",
            "engine:ms=86400001",
            "engine:nodes=-1",
            "engine:nodes=1e6",
            "engine:speed=3",
            "engine:level=grandmaster",
            "engine:nodes",
            "mcts:iters=5",
            "",
        ] {
            let error = limits_of(bad, clock).unwrap_err();
            assert!(error.0.contains(ENGINE_SPECS), "{bad}: {error}");
        }
        let huge = format!("engine:nodes={}", "9".repeat(10 << 20));
        assert!(limits_of(&huge, clock).unwrap_err().0.len() < 300 + ENGINE_SPECS.len());
    }

    #[test]
    fn reports_are_json_with_the_expected_line() {
        let report = Report {
            best: "d4".parse::<Move>().unwrap(),
            score: -135,
            depth: 7,
            seldepth: 11,
            nodes: 12_345,
            pv: vec!["d4".parse().unwrap(), "0000".parse().unwrap()],
            hashfull: 3,
        };
        assert_eq!(
            report_json(&report, Some(12.5)),
            r#"{"move":"d4","score":-135,"end":null,"depth":7,"seldepth":11,"nodes":12345,"pv":["d4","0000"],"ms":12.500}"#
        );
        let won = Report {
            score: boardgame_engine::search::WIN - 3,
            pv: Vec::new(),
            ..report
        };
        assert!(report_json(&won, None).contains(r#""end":3,"#));
        assert!(report_json(&won, None).ends_with(r#""pv":[]}"#));
    }
}
