//! `boardgame.State`: a state of a game with the record of how it was reached.

use std::sync::Arc;

use pyo3::buffer::PyBuffer;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::args::Whole;
use crate::py_game::PyGameHandle;
use crate::refused;
use crate::table::{AnyState, CHANCE, MAX_PERFT_DEPTH, TERMINAL};
use crate::wait::interruptible;

/// A state of a game, with the record of how it was reached.
///
/// Every method but `expectimax`, `perft` and `divide` runs with the GIL held, so calls from
/// several threads run one after another; those three work on a copy without the GIL.
#[pyclass(name = "State", module = "boardgame")]
pub(crate) struct PyState {
    pub(crate) inner: Box<dyn AnyState>,
}

#[pymethods]
impl PyState {
    fn game(&self) -> PyGameHandle {
        PyGameHandle {
            inner: self.inner.game(),
        }
    }

    fn current_player(&self) -> i64 {
        self.inner.current_player()
    }

    fn is_chance_node(&self) -> bool {
        self.inner.current_player() == CHANCE
    }

    fn is_terminal(&self) -> bool {
        self.inner.current_player() == TERMINAL
    }

    fn legal_actions(&self) -> Vec<usize> {
        self.inner.legal_actions()
    }

    /// 1 where the action (or chance outcome) is legal, as a list (as pyspiel returns it).
    fn legal_actions_mask(&self) -> Vec<u32> {
        let size = if self.is_chance_node() {
            self.inner.num_chance_ids()
        } else {
            self.inner.num_actions()
        };
        let mut mask = vec![0; size];
        for id in self.inner.legal_actions() {
            mask[id] = 1;
        }
        mask
    }

    fn action_to_string(&self, action: Whole<usize>) -> PyResult<String> {
        self.inner.action_to_string(action.0).map_err(refused)
    }

    fn move_to_string(&self, action: Whole<usize>) -> PyResult<String> {
        self.inner.move_to_string(action.0).map_err(refused)
    }

    fn chance_to_string(&self, action: Whole<usize>) -> PyResult<String> {
        self.inner.chance_to_string(action.0).map_err(refused)
    }

    fn string_to_action(&self, text: &str) -> PyResult<usize> {
        self.inner.string_to_action(text).map_err(refused)
    }

    fn apply_action(&mut self, action: Whole<usize>) -> PyResult<()> {
        self.inner.apply_action(action.0).map_err(refused)
    }

    /// Takes back the last event. With `player` and `action` (OpenSpiel's arguments), checks
    /// first that they name it. Replays the record without it: time linear in the history.
    #[pyo3(signature = (player=None, action=None))]
    fn undo_action(
        &mut self,
        player: Option<Whole<i64>>,
        action: Option<Whole<usize>>,
    ) -> PyResult<()> {
        let (player, action) = (player.map(|p| p.0), action.map(|a| a.0));
        let mut earlier = self.inner.clone_box();
        let (by, id) = earlier.undo().map_err(refused)?;
        if player.is_some_and(|p| p != by) || action.is_some_and(|a| a != id) {
            return Err(refused(format!(
                "the last event is action {id} by player {by}, not action {} by player {}",
                action.map_or("(any)".to_owned(), |a| a.to_string()),
                player.map_or("(any)".to_owned(), |p| p.to_string()),
            )));
        }
        self.inner = earlier;
        Ok(())
    }

    fn chance_outcomes(&self) -> Vec<(usize, f64)> {
        self.inner
            .chance_outcomes()
            .map(|(outcomes, total)| {
                outcomes
                    .into_iter()
                    .map(|(id, w)| (id, f64::from(w) / f64::from(total)))
                    .collect()
            })
            .unwrap_or_default()
    }

    fn chance_outcomes_exact<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Vec<(usize, Bound<'py, PyAny>)>> {
        let fraction = py.import("fractions")?.getattr("Fraction")?;
        let Some((outcomes, total)) = self.inner.chance_outcomes() else {
            return Ok(Vec::new());
        };
        outcomes
            .into_iter()
            .map(|(id, w)| Ok((id, fraction.call1((w, total))?)))
            .collect()
    }

    fn chance_weights(&self) -> Option<(Vec<(usize, u32)>, u32)> {
        self.inner.chance_outcomes()
    }

    fn returns(&self) -> Vec<f64> {
        self.inner.returns()
    }

    fn clone(&self) -> PyState {
        PyState {
            inner: self.inner.clone_box(),
        }
    }

    fn __copy__(&self) -> PyState {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyState {
        self.clone()
    }

    /// Pickles as the game and the record (`to_record`), replayed on loading.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let make = py.import("boardgame._boardgame")?.getattr("_replay")?;
        let game = Bound::new(
            py,
            PyGameHandle {
                inner: self.inner.game(),
            },
        )?;
        let args = PyTuple::new(
            py,
            [
                game.into_any(),
                self.inner.record_json().into_pyobject(py)?.into_any(),
            ],
        )?;
        Ok((make, args))
    }

    fn notation(&self) -> String {
        self.inner.notation()
    }

    fn picture(&self) -> String {
        self.inner.picture()
    }

    /// The board as a picture: a `uint8` numpy array of shape `(height, width, 3)` (RGB),
    /// drawn in Rust (Gymnasium's `rgb_array`).
    fn render_rgb<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        picture_array(py, &self.inner.draw())
    }

    fn __str__(&self) -> String {
        self.inner.notation()
    }

    fn __repr__(&self) -> String {
        format!(
            "State({:?}, {:?})",
            self.inner.game().name(),
            self.inner.notation()
        )
    }

    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        seat: Whole<usize>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let Whole(seat) = seat;
        let shape = self.inner.observation_shape();
        let mut data = vec![0.0f32; shape.iter().product()];
        self.inner.observe(seat, &mut data).map_err(refused)?;
        let array = py
            .import("numpy")?
            .call_method1("zeros", (PyTuple::new(py, &shape)?, "float32"))?;
        let buffer = PyBuffer::<f32>::get(&array)?;
        buffer.copy_from_slice(py, &data)?;
        Ok(array)
    }

    fn observation_list(&self, seat: Whole<usize>) -> PyResult<Vec<f32>> {
        let Whole(seat) = seat;
        let size = self.inner.observation_shape().iter().product();
        let mut data = vec![0.0f32; size];
        self.inner.observe(seat, &mut data).map_err(refused)?;
        Ok(data)
    }

    fn to_record(&self) -> String {
        self.inner.record_json()
    }

    fn history(&self) -> Vec<String> {
        self.inner.history()
    }

    /// Expectimax to `depth` decisions (and at most `nodes` nodes): the search runs on a copy
    /// of the state without the GIL, and Ctrl-C stops it.
    #[pyo3(signature = (depth, nodes=None))]
    fn expectimax(
        slf: PyRef<'_, Self>,
        depth: Whole<u32>,
        nodes: Option<Whole<u64>>,
    ) -> PyResult<(usize, f64, u64)> {
        let (depth, nodes) = (depth.0, nodes.map(|n| n.0));
        let py = slf.py();
        let (job, stop) = slf.inner.expectimax(depth, nodes).map_err(refused)?;
        drop(slf);
        interruptible(py, &stop, job)
    }

    /// The number of paths of exactly `depth` edges from this state, an edge being a move or
    /// a chance outcome (`boardgame perft`'s count: a finished game counts 0 below it,
    /// depth 0 counts 1). Counted in Rust on a copy, without the GIL; Ctrl-C stops it
    /// between two root edges. `depth` from 0 to 64, or `ValueError`.
    fn perft(slf: PyRef<'_, Self>, depth: Whole<u32>) -> PyResult<u64> {
        let Whole(depth) = depth;
        if depth == 0 {
            return Ok(1);
        }
        Ok(Self::divided(slf, depth)?.iter().map(|(_, n)| n).sum())
    }

    /// Each root edge with its perft to `depth - 1`, as `{notation: count}` in the rules
    /// crate's order: moves in the game's move notation (`str` of the move, as
    /// `move_to_string` writes it), chance outcomes in brackets (`"[3-5]"`), as
    /// `boardgame perft --divide` prints them. The counts add up to `perft(depth)`; a
    /// finished game divides into nothing. `depth` from 1 to 64, or `ValueError`.
    fn divide<'py>(
        slf: PyRef<'py, Self>,
        depth: Whole<u32>,
    ) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
        let py = slf.py();
        let divided = Self::divided(slf, depth.0)?;
        let dict = pyo3::types::PyDict::new(py);
        for (edge, count) in divided {
            dict.set_item(edge, count)?;
        }
        Ok(dict)
    }

    fn evaluate(&self, seat: Whole<usize>) -> PyResult<f64> {
        self.inner.evaluate(seat.0).map_err(refused)
    }
}

impl PyState {
    /// The divide of this state to `depth` (1 to [`MAX_PERFT_DEPTH`]), counted on another
    /// thread while the caller waits without the GIL (Ctrl-C stops it between root edges).
    fn divided(slf: PyRef<'_, Self>, depth: u32) -> PyResult<Vec<(String, u64)>> {
        if depth > MAX_PERFT_DEPTH {
            return Err(refused(format!(
                "depth {depth}: at most {MAX_PERFT_DEPTH} edges (a deeper count could not end)"
            )));
        }
        let py = slf.py();
        let (job, stop) = slf.inner.divide(depth).map_err(refused)?;
        drop(slf);
        // `interruptible` returns the signal's exception when the flag stopped the job, so
        // `None` only comes from a stop nobody asked for.
        interruptible(py, &stop, job)?
            .ok_or_else(|| pyo3::exceptions::PyRuntimeError::new_err("the perft was stopped"))
    }
}

/// `canvas` as a new numpy array `uint8[height, width, 3]`.
pub(crate) fn picture_array<'py>(
    py: Python<'py>,
    canvas: &crate::render::Canvas,
) -> PyResult<Bound<'py, PyAny>> {
    let array = py
        .import("numpy")?
        .call_method1("zeros", ((canvas.height, canvas.width, 3), "uint8"))?;
    PyBuffer::<u8>::get(&array)?.copy_from_slice(py, &canvas.pixels)?;
    Ok(array)
}

/// The state a record replays to under `game` (`State.__reduce__`'s constructor).
#[pyfunction]
#[pyo3(name = "_replay")]
pub(crate) fn replay(game: &PyGameHandle, json: &str) -> PyResult<PyState> {
    Ok(PyState {
        inner: Arc::clone(&game.inner).replay(json).map_err(refused)?,
    })
}
