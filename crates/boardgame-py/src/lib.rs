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

mod args;
mod bot;
mod games;
mod py_bot;
mod py_game;
mod py_state;
mod py_vector;
mod render;
mod table;
mod vector;
mod wait;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::args::Whole;
use crate::py_bot::PyBot;
use crate::py_game::PyGameHandle;
use crate::py_state::PyState;
use crate::py_vector::PyVectorEnv;
use crate::table::{CHANCE, Refusal, TERMINAL};

/// A refusal as a Python `ValueError`, cut short if it quotes too much ([`args::short`]).
pub(crate) fn refused(message: Refusal) -> PyErr {
    PyValueError::new_err(args::short(message))
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
    let shown = value.repr()?.to_string();
    Err(PyValueError::new_err(format!(
        "setting {}: the value must be text, a whole number or a bool, not {}",
        args::quoted(key),
        args::quoted(&shown)
    )))
}

/// The longest setting name or value accepted, in bytes.
const MAX_SETTING: usize = 64;

fn settings_of(settings: Option<&Bound<'_, PyDict>>) -> PyResult<Vec<(String, String)>> {
    let mut out = Vec::new();
    if let Some(dict) = settings {
        for (key, value) in dict.iter() {
            let key: String = key.extract()?;
            let text = setting_text(&key, &value)?;
            // The settings' names and values are short words and numbers: a longer one is
            // refused here with a short quote (the rules crates' messages quote it in full).
            for field in [&key, &text] {
                if field.len() > MAX_SETTING {
                    return Err(PyValueError::new_err(format!(
                        "setting {}: {} is too long for a setting (at most {MAX_SETTING} bytes)",
                        args::quoted(&key),
                        args::quoted(field)
                    )));
                }
            }
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
    players: Option<Whole<usize>>,
    preset: Option<&str>,
    settings: Option<&Bound<'_, PyDict>>,
) -> PyResult<PyGameHandle> {
    let settings = settings_of(settings)?;
    let players = players.map(|Whole(n)| n);
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

/// `text` quoted short for a message (`boardgame_io::quote`: a prefix and the length), the
/// one quoting helper of the package's Python code too.
#[pyfunction]
#[pyo3(name = "_quote")]
fn quote_text(text: &str) -> String {
    args::quoted(text).to_string()
}

/// The native module.
#[pymodule]
fn _boardgame(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("CHANCE", CHANCE)?;
    m.add("TERMINAL", TERMINAL)?;
    m.add("MAX_RESTARTS", vector::MAX_RESTARTS)?;
    m.add("MAX_GAMES", vector::MAX_GAMES)?;
    m.add("BOT_SPECS", boardgame_search::bots::SPEC_HELP)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<PyGameHandle>()?;
    m.add_class::<PyState>()?;
    m.add_class::<PyVectorEnv>()?;
    m.add_class::<PyBot>()?;
    m.add_function(wrap_pyfunction!(new_game, m)?)?;
    m.add_function(wrap_pyfunction!(from_record, m)?)?;
    m.add_function(wrap_pyfunction!(game_names, m)?)?;
    m.add_function(wrap_pyfunction!(quote_text, m)?)?;
    m.add_function(wrap_pyfunction!(py_bot::make_bot, m)?)?;
    m.add_function(wrap_pyfunction!(py_game::game_from_config, m)?)?;
    m.add_function(wrap_pyfunction!(py_state::replay, m)?)?;
    Ok(())
}
