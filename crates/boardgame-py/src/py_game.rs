//! `boardgame.Game`: a game under one rules configuration (immutable).

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::py_state::PyState;
use crate::refused;
use crate::table::{self, AnyGame};

/// A game under one rules configuration (`boardgame.new_game`). Immutable, so it is shared
/// freely between threads and copies are the object itself.
#[pyclass(name = "Game", module = "boardgame", frozen)]
pub(crate) struct PyGameHandle {
    pub(crate) inner: Arc<dyn AnyGame>,
}

impl PyGameHandle {
    /// Whether both are the same game under the same rules (the preset's name aside).
    fn same_rules(&self, other: &PyGameHandle) -> bool {
        self.inner.name() == other.inner.name() && self.inner.settings() == other.inner.settings()
    }
}

#[pymethods]
impl PyGameHandle {
    /// The game's name (`"ataxx"`, `"thax"`, `"parchis"`, `"co-ca-ngua"`).
    #[getter]
    fn name(&self) -> &'static str {
        self.inner.name()
    }

    /// The preset the configuration was built from (`None`: the default rules).
    #[getter]
    fn preset(&self) -> Option<String> {
        self.inner.preset().map(str::to_owned)
    }

    fn num_players(&self) -> usize {
        self.inner.num_players()
    }

    fn min_players(&self) -> usize {
        self.inner.min_players()
    }

    fn max_players(&self) -> usize {
        self.inner.max_players()
    }

    fn num_distinct_actions(&self) -> usize {
        self.inner.num_actions()
    }

    fn max_chance_outcomes(&self) -> usize {
        self.inner.num_chance_ids()
    }

    fn observation_tensor_shape<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.inner.observation_shape())
    }

    fn observation_tensor_size(&self) -> usize {
        self.inner.observation_shape().iter().product()
    }

    /// The most decisions (moves) of a game, as OpenSpiel counts `max_game_length`.
    fn max_game_length(&self) -> Option<u64> {
        self.inner.max_moves()
    }

    fn max_chance_nodes_in_history(&self) -> Option<u64> {
        self.inner.max_chance_nodes()
    }

    fn min_utility(&self) -> f64 {
        -((self.inner.num_players() - 1) as f64)
    }

    fn max_utility(&self) -> f64 {
        (self.inner.num_players() - 1) as f64
    }

    fn settings<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (key, value) in self.inner.settings() {
            dict.set_item(key, value)?;
        }
        Ok(dict)
    }

    /// The initial state, or the state written `text` in the game's notation.
    #[pyo3(signature = (text=None))]
    fn new_initial_state(&self, text: Option<&str>) -> PyResult<PyState> {
        let game = Arc::clone(&self.inner);
        let inner = match text {
            None => game.new_state(),
            Some(text) => game.parse_state(text).map_err(refused)?,
        };
        Ok(PyState { inner })
    }

    #[pyo3(name = "from_notation")]
    fn parse_state(&self, text: &str) -> PyResult<PyState> {
        self.new_initial_state(Some(text))
    }

    /// The state a record of this game (one line of the `boardgame` command's JSON)
    /// replays to.
    fn replay(&self, json: &str) -> PyResult<PyState> {
        Ok(PyState {
            inner: Arc::clone(&self.inner).replay(json).map_err(refused)?,
        })
    }

    fn __repr__(&self) -> String {
        let mut parts = vec![format!("{:?}", self.inner.name())];
        if let Some(preset) = self.inner.preset() {
            parts.push(format!("preset={preset:?}"));
        }
        parts.extend(
            self.inner
                .settings()
                .into_iter()
                .map(|(k, v)| format!("{k}={v:?}")),
        );
        format!("Game({})", parts.join(", "))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyGameHandle>()
            .is_ok_and(|other| self.same_rules(other.get()))
    }

    fn __hash__(&self) -> u64 {
        let mut hasher = DefaultHasher::new();
        (self.inner.name(), self.inner.settings()).hash(&mut hasher);
        hasher.finish()
    }

    /// Pickles as the configuration itself (serde JSON), read back exactly.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let this = slf.get();
        let make = py
            .import("boardgame._boardgame")?
            .getattr("_game_from_config")?;
        let args = PyTuple::new(
            py,
            [
                this.inner.name().into_pyobject(py)?.into_any(),
                this.inner.preset().into_pyobject(py)?.into_any(),
                this.inner.config_json().into_pyobject(py)?.into_any(),
            ],
        )?;
        Ok((make, args))
    }

    fn __copy__(slf: Bound<'_, Self>) -> Bound<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: Bound<'py, Self>, _memo: &Bound<'py, PyAny>) -> Bound<'py, Self> {
        slf
    }
}

/// The game `name` under the configuration `json` (`Game.__reduce__`'s constructor).
#[pyfunction]
#[pyo3(name = "_game_from_config", signature = (name, preset, json))]
pub(crate) fn game_from_config(
    name: &str,
    preset: Option<&str>,
    json: &str,
) -> PyResult<PyGameHandle> {
    Ok(PyGameHandle {
        inner: table::game_from_config(name, preset, json).map_err(refused)?,
    })
}
