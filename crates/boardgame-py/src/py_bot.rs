//! `boardgame.Bot`: a search bot on a thread of its own.

use pyo3::prelude::*;

use crate::args::Whole;
use crate::bot::AnyBot;
use crate::py_game::PyGameHandle;
use crate::py_state::PyState;
use crate::refused;
use crate::wait::Worker;

/// A search bot for one game (`boardgame.bot`). The bot lives on a thread of its own;
/// `step` waits for it without the GIL and Ctrl-C stops its search. Calls from several
/// Python threads are safe: they run one after another.
#[pyclass(name = "Bot", module = "boardgame", frozen)]
pub(crate) struct PyBot {
    worker: Worker<Box<dyn AnyBot>>,
    spec: String,
    game: &'static str,
}

#[pymethods]
impl PyBot {
    /// The action id the bot plays in `state`.
    fn step(&self, py: Python<'_>, state: &Bound<'_, PyState>) -> PyResult<usize> {
        // A copy: the caller's state stays free for other threads while the bot thinks.
        let state = state.try_borrow()?.inner.clone_box();
        self.worker
            .run(py, move |bot| bot.step(state.as_ref()))?
            .map_err(refused)
    }

    fn __repr__(&self) -> String {
        format!("Bot({:?}, {:?})", self.spec, self.game)
    }
}

/// The bot of `spec` (`random`, `greedy`, `mcts:ms=50`, `expectimax:depth=2`, …) for
/// `game`.
#[pyfunction]
#[pyo3(name = "bot", signature = (spec, game, seed=Whole(0)))]
pub(crate) fn make_bot(
    py: Python<'_>,
    spec: &str,
    game: &PyGameHandle,
    seed: Whole<u64>,
) -> PyResult<PyBot> {
    let Whole(seed) = seed;
    let inner = game.inner.clone();
    let owned = spec.to_owned();
    let worker = Worker::start(py, "boardgame-bot", move || {
        inner.new_bot(&owned, seed).map(|bot| {
            let stop = bot.stop_flag().into_iter().collect();
            (bot, stop)
        })
    })?
    .map_err(refused)?;
    Ok(PyBot {
        worker,
        spec: spec.to_owned(),
        game: game.inner.name(),
    })
}
