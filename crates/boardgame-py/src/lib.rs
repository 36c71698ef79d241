//! Python bindings for the workspace's games: the native module `boardgame._boardgame`,
//! built by maturin into the `boardgame` package (`pip install ./crates/boardgame-py`).
//!
//! A thin layer: the rules crates decide every rule, core's records are the `boardgame`
//! command's JSON, `boardgame-search` provides the bots and expectimax, and core's seeded
//! driver rolls the dice of `VectorEnv`. What is added here is only what Python
//! needs beyond the rules: a fixed action-id space per game, chance-outcome ids and an
//! observation tensor per seat (module `games`, documented in `docs/python.md`).
//!
//! The Python package around this module (`python/boardgame`) adds the OpenSpiel and
//! PettingZoo adapters and the numpy side of `VectorEnv`; its API is in
//! `python/boardgame/_boardgame.pyi`.

mod bot;
mod games;
mod py_bot;
mod py_game;
mod py_state;
mod py_vector;
mod table;
mod vector;
mod wait;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::py_bot::PyBot;
use crate::py_game::PyGameHandle;
use crate::py_state::PyState;
use crate::py_vector::PyVectorEnv;
use crate::table::{CHANCE, Refusal, TERMINAL};

/// A refusal as a Python `ValueError`.
pub(crate) fn refused(message: Refusal) -> PyErr {
    PyValueError::new_err(message)
}

/// A setting's value from Python: text, a whole number or a bool.
fn setting_text(key: &str, value: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(b) = value.extract::<bool>() {
        return Ok(b.to_string());
    }
    if let Ok(n) = value.extract::<i64>() {
        return Ok(n.to_string());
    }
    if let Ok(text) = value.extract::<String>() {
        return Ok(text);
    }
    Err(PyValueError::new_err(format!(
        "setting {key}: the value must be text, a whole number or a bool, not {}",
        value.repr()?
    )))
}

fn settings_of(settings: Option<&Bound<'_, PyDict>>) -> PyResult<Vec<(String, String)>> {
    let mut out = Vec::new();
    if let Some(dict) = settings {
        for (key, value) in dict.iter() {
            let key: String = key.extract()?;
            let text = setting_text(&key, &value)?;
            out.push((key, text));
        }
    }
    Ok(out)
}

/// The game named `name` (`ataxx`, `thax`, `parchis`, `co-ca-ngua`) under `preset` and
/// `settings`.
#[pyfunction]
#[pyo3(signature = (name, players=None, preset=None, settings=None))]
fn new_game(
    name: &str,
    players: Option<usize>,
    preset: Option<&str>,
    settings: Option<&Bound<'_, PyDict>>,
) -> PyResult<PyGameHandle> {
    let settings = settings_of(settings)?;
    let inner = table::new_game(name, players, preset, &settings).map_err(refused)?;
    Ok(PyGameHandle { inner })
}

/// The state a record (one line of the `boardgame` command's JSON) replays to.
#[pyfunction]
fn from_record(json: &str) -> PyResult<PyState> {
    Ok(PyState {
        inner: table::from_record(json).map_err(refused)?,
    })
}

/// The games' names.
#[pyfunction]
#[pyo3(name = "games")]
fn game_names() -> Vec<&'static str> {
    games::GAMES.to_vec()
}

/// The native module.
#[pymodule]
fn _boardgame(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("CHANCE", CHANCE)?;
    m.add("TERMINAL", TERMINAL)?;
    m.add("MAX_RESTARTS", vector::MAX_RESTARTS)?;
    m.add_class::<PyGameHandle>()?;
    m.add_class::<PyState>()?;
    m.add_class::<PyVectorEnv>()?;
    m.add_class::<PyBot>()?;
    m.add_function(wrap_pyfunction!(new_game, m)?)?;
    m.add_function(wrap_pyfunction!(from_record, m)?)?;
    m.add_function(wrap_pyfunction!(game_names, m)?)?;
    m.add_function(wrap_pyfunction!(py_bot::make_bot, m)?)?;
    m.add_function(wrap_pyfunction!(py_game::game_from_config, m)?)?;
    m.add_function(wrap_pyfunction!(py_state::replay, m)?)?;
    Ok(())
}
