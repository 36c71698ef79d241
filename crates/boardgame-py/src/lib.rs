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
mod table;
mod vector;

use std::sync::Arc;

use pyo3::buffer::PyBuffer;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::table::{AnyGame, AnyState, CHANCE, Refusal, TERMINAL};
use crate::vector::{AnyVector, Batch, Outcomes};

fn refused(message: Refusal) -> PyErr {
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

/// A game under one rules configuration (`boardgame.new_game`).
#[pyclass(name = "Game", module = "boardgame", frozen)]
struct PyGameHandle {
    inner: Arc<dyn AnyGame>,
}

#[pymethods]
impl PyGameHandle {
    /// The game's name (`"ataxx"`, `"thax"`, `"parchis"`, `"co-ca-ngua"`).
    #[getter]
    fn name(&self) -> &'static str {
        self.inner.name()
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

    fn max_game_length(&self) -> Option<u64> {
        self.inner.max_game_length()
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

    fn new_initial_state(&self) -> PyState {
        PyState {
            inner: self.inner.new_state(),
        }
    }

    #[pyo3(name = "from_notation")]
    fn parse_state(&self, text: &str) -> PyResult<PyState> {
        Ok(PyState {
            inner: self.inner.parse_state(text).map_err(refused)?,
        })
    }

    fn __repr__(&self) -> String {
        let settings: Vec<String> = self
            .inner
            .settings()
            .into_iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        format!("Game({:?}, {})", self.inner.name(), settings.join(", "))
    }
}

/// A state of a game, with the record of how it was reached.
#[pyclass(name = "State", module = "boardgame")]
struct PyState {
    inner: Box<dyn AnyState>,
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

    fn legal_actions_mask(&self) -> Vec<u8> {
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

    fn action_to_string(&self, action: usize) -> PyResult<String> {
        self.inner.action_to_string(action).map_err(refused)
    }

    fn move_to_string(&self, action: usize) -> PyResult<String> {
        self.inner.move_to_string(action).map_err(refused)
    }

    fn chance_to_string(&self, action: usize) -> PyResult<String> {
        self.inner.chance_to_string(action).map_err(refused)
    }

    fn string_to_action(&self, text: &str) -> PyResult<usize> {
        self.inner.string_to_action(text).map_err(refused)
    }

    fn apply_action(&mut self, action: usize) -> PyResult<()> {
        self.inner.apply_action(action).map_err(refused)
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

    fn notation(&self) -> String {
        self.inner.notation()
    }

    fn picture(&self) -> String {
        self.inner.picture()
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

    fn observation_tensor<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyAny>> {
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

    fn observation_list(&self, seat: usize) -> PyResult<Vec<f32>> {
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

    fn expectimax(&self, depth: u32) -> PyResult<(usize, f64, u64)> {
        self.inner.expectimax(depth).map_err(refused)
    }

    fn evaluate(&self, seat: usize) -> PyResult<f64> {
        self.inner.evaluate(seat).map_err(refused)
    }
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

/// `n` games stepped together in Rust (the numpy side is `boardgame.VectorEnv`).
#[pyclass(name = "_VectorEnv", module = "boardgame")]
struct PyVectorEnv {
    inner: Box<dyn AnyVector>,
    observations: Vec<f32>,
    masks: Vec<u8>,
    players: Vec<i64>,
    rewards: Vec<f32>,
    dones: Vec<u8>,
}

impl PyVectorEnv {
    /// Copies the filled buffers into the caller's arrays.
    fn publish(&self, py: Python<'_>, out: &[Bound<'_, PyAny>]) -> PyResult<()> {
        PyBuffer::<f32>::get(&out[0])?.copy_from_slice(py, &self.observations)?;
        PyBuffer::<u8>::get(&out[1])?.copy_from_slice(py, &self.masks)?;
        PyBuffer::<i64>::get(&out[2])?.copy_from_slice(py, &self.players)?;
        if out.len() > 3 {
            PyBuffer::<f32>::get(&out[3])?.copy_from_slice(py, &self.rewards)?;
            PyBuffer::<u8>::get(&out[4])?.copy_from_slice(py, &self.dones)?;
        }
        Ok(())
    }
}

#[pymethods]
impl PyVectorEnv {
    #[new]
    fn new(game: &PyGameHandle, n: usize, seed: u64) -> PyResult<PyVectorEnv> {
        if n == 0 {
            return Err(PyValueError::new_err("a VectorEnv needs at least one game"));
        }
        let inner = game.inner.new_vector(n, seed);
        Ok(PyVectorEnv {
            observations: vec![0.0; n * inner.observation_size()],
            masks: vec![0; n * inner.num_actions()],
            players: vec![0; n],
            rewards: vec![0.0; n * inner.num_players()],
            dones: vec![0; n],
            inner,
        })
    }

    fn __len__(&self) -> usize {
        self.inner.len()
    }

    /// Restarts every game and fills `observations`, `masks`, `players`.
    fn reset(
        &mut self,
        py: Python<'_>,
        observations: Bound<'_, PyAny>,
        masks: Bound<'_, PyAny>,
        players: Bound<'_, PyAny>,
    ) -> PyResult<()> {
        self.inner.reset(Batch {
            observations: &mut self.observations,
            masks: &mut self.masks,
            players: &mut self.players,
        });
        self.publish(py, &[observations, masks, players])
    }

    /// Plays `actions` and fills the five arrays.
    #[expect(
        clippy::too_many_arguments,
        reason = "the five output arrays of a step"
    )]
    fn step(
        &mut self,
        py: Python<'_>,
        actions: Bound<'_, PyAny>,
        observations: Bound<'_, PyAny>,
        masks: Bound<'_, PyAny>,
        players: Bound<'_, PyAny>,
        rewards: Bound<'_, PyAny>,
        dones: Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let actions = PyBuffer::<i64>::get(&actions)?.to_vec(py)?;
        self.inner
            .step(
                &actions,
                Batch {
                    observations: &mut self.observations,
                    masks: &mut self.masks,
                    players: &mut self.players,
                },
                Outcomes {
                    rewards: &mut self.rewards,
                    dones: &mut self.dones,
                },
            )
            .map_err(refused)?;
        self.publish(py, &[observations, masks, players, rewards, dones])
    }

    /// The state notation of game `i`.
    fn notation(&self, i: usize) -> PyResult<String> {
        if i < self.inner.len() {
            Ok(self.inner.notation(i))
        } else {
            Err(PyValueError::new_err(format!(
                "game {i} is not in this VectorEnv of {}",
                self.inner.len()
            )))
        }
    }
}

/// A search bot for one game (`boardgame.bot`).
#[pyclass(name = "Bot", module = "boardgame", unsendable)]
struct PyBot {
    inner: Box<dyn bot::AnyBot>,
    spec: String,
    game: &'static str,
}

#[pymethods]
impl PyBot {
    /// The action id the bot plays in `state`.
    fn step(&mut self, state: &PyState) -> PyResult<usize> {
        self.inner.step(state.inner.as_ref()).map_err(refused)
    }

    fn __repr__(&self) -> String {
        format!("Bot({:?}, {:?})", self.spec, self.game)
    }
}

/// The bot of `spec` (`random`, `greedy`, `mcts:ms=50`, `expectimax:depth=2`, …) for
/// `game`.
#[pyfunction]
#[pyo3(name = "bot", signature = (spec, game, seed=0))]
fn make_bot(spec: &str, game: &PyGameHandle, seed: u64) -> PyResult<PyBot> {
    Ok(PyBot {
        inner: game.inner.new_bot(spec, seed).map_err(refused)?,
        spec: spec.to_owned(),
        game: game.inner.name(),
    })
}

/// The native module.
#[pymodule]
fn _boardgame(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("CHANCE", CHANCE)?;
    m.add("TERMINAL", TERMINAL)?;
    m.add_class::<PyGameHandle>()?;
    m.add_class::<PyState>()?;
    m.add_class::<PyVectorEnv>()?;
    m.add_class::<PyBot>()?;
    m.add_function(wrap_pyfunction!(new_game, m)?)?;
    m.add_function(wrap_pyfunction!(from_record, m)?)?;
    m.add_function(wrap_pyfunction!(game_names, m)?)?;
    m.add_function(wrap_pyfunction!(make_bot, m)?)?;
    Ok(())
}
