//! `boardgame._VectorEnv`: the native half of the batched environments (`boardgame.VectorEnv`
//! and `boardgame.gymnasium`), which own the numpy arrays it fills.
//!
//! In self-play the games are stepped on the calling thread without the GIL, in stretches of
//! at most [`STRETCH`] with a signal check between them. With a built-in opponent the batch
//! (and the bot in it, which is not `Send`) lives on a thread of its own, and the caller
//! waits for it without the GIL, checking signals.

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, TryLockError};
use std::time::{Duration, Instant};

use boardgame_core::driver::{ChaCha8Rng, game_seed, rng_from_seed};
use pyo3::buffer::PyBuffer;
use pyo3::exceptions::{PyMemoryError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;

use crate::args::Whole;
use crate::py_game::PyGameHandle;
use crate::table::Refusal;
use crate::vector::{AnyVector, Batch, Fault, Halt, MAX_GAMES, Outcomes, filled, pick_legal};
use crate::wait::{SIGNAL_CHECK, Worker};

/// The longest stretch of native work between two signal checks in self-play.
const STRETCH: Duration = SIGNAL_CHECK;

/// Batches of fewer games are stepped without releasing the GIL: their work takes
/// microseconds, less than releasing and taking back the GIL costs. They still stop every
/// [`STRETCH`] to check for signals (a slot can start up to `MAX_RESTARTS` new games).
const DETACH_FROM: usize = 16;

/// What one call fills, before it is copied into the caller's arrays.
struct Buffers {
    observations: Vec<f32>,
    masks: Vec<u8>,
    players: Vec<i64>,
    rewards: Vec<f32>,
    dones: Vec<u8>,
    forfeits: Vec<u8>,
    finals: Option<Vec<f32>>,
    /// Each game's legal action ids (its mask's 1s), for `sample_legal`.
    legal: Vec<Vec<u32>>,
}

/// The sizes of a batch.
#[derive(Copy, Clone)]
struct Sizes {
    n: usize,
    observation: usize,
    actions: usize,
    players: usize,
}

impl Buffers {
    /// Zeroed buffers, or [`Fault::Memory`] (every size is at most [`MAX_GAMES`] times a
    /// game's, so the products do not overflow).
    fn new(sizes: Sizes, finals: bool) -> Result<Buffers, Fault> {
        Ok(Buffers {
            observations: filled(0.0, sizes.n * sizes.observation)?,
            masks: filled(0, sizes.n * sizes.actions)?,
            players: filled(0, sizes.n)?,
            rewards: filled(0.0, sizes.n * sizes.players)?,
            dones: filled(0, sizes.n)?,
            forfeits: filled(0, sizes.n)?,
            legal: filled(Vec::new(), sizes.n)?,
            finals: if finals {
                Some(filled(0.0, sizes.n * sizes.observation)?)
            } else {
                None
            },
        })
    }

    fn split(&mut self) -> (Batch<'_>, Outcomes<'_>) {
        (
            Batch {
                observations: &mut self.observations,
                masks: &mut self.masks,
                players: &mut self.players,
                legal: &mut self.legal,
            },
            Outcomes {
                rewards: &mut self.rewards,
                dones: &mut self.dones,
                forfeits: &mut self.forfeits,
                finals: self.finals.as_deref_mut(),
            },
        )
    }
}

/// One call's work.
enum Op {
    /// Start every game afresh, reseeding the generators first if seeds are given.
    Reset(Option<Vec<u64>>),
    /// Play one action per game, but not in the games held (flag 1) if flags are given.
    Step(Vec<i64>, Option<Vec<u8>>),
}

impl Op {
    /// What is checked and set before any game changes: the actions, or the seeds.
    fn begin(&self, vector: &mut dyn AnyVector) -> Result<(), Refusal> {
        match self {
            Op::Reset(Some(seeds)) => {
                vector.reseed(seeds);
                Ok(())
            }
            Op::Reset(None) => Ok(()),
            Op::Step(actions, hold) => vector.prepare(actions, hold.as_deref()),
        }
    }

    /// Works on games `from..` until `until` or `stop`; the next game to work on.
    fn run(
        &self,
        vector: &mut dyn AnyVector,
        from: usize,
        until: Option<Instant>,
        stop: &AtomicBool,
        buffers: &mut Buffers,
    ) -> Result<usize, Halt> {
        let (mut batch, mut outcomes) = buffers.split();
        match self {
            Op::Reset(_) => vector.reset_games(from, until, stop, &mut batch),
            Op::Step(..) => vector.step_games(from, until, stop, &mut batch, &mut outcomes),
        }
    }
}

/// Where the games are stepped.
enum Engine {
    /// On the calling thread, without the GIL (self-play).
    Local(Box<dyn AnyVector + Send>),
    /// On a thread of its own (with a bot opponent), and the flag that stops it.
    Remote(Worker<Box<dyn AnyVector>>, Arc<AtomicBool>),
}

/// Why a call failed.
enum Failure {
    /// Bad input: nothing changed.
    Refused(Refusal),
    /// The batch's buffers could not be made again (after an interrupted call).
    Fault(Fault),
    /// The batch is half-stepped (the message says why) and needs a reset.
    Broken(PyErr),
}

struct Inner {
    engine: Engine,
    /// `None` after an interrupted call on the engine's thread (made again by `reset`).
    buffers: Option<Buffers>,
    /// Set until the first reset, and after a call that stopped half-way.
    needs_reset: bool,
    /// The generator of [`PyVectorEnv::sample_legal`], and the seed it started from.
    sampler: ChaCha8Rng,
    sampler_seed: u64,
}

/// `n` games stepped together in Rust (the numpy side is `boardgame.VectorEnv`).
#[pyclass(name = "_VectorEnv", module = "boardgame", frozen)]
pub(crate) struct PyVectorEnv {
    inner: Mutex<Inner>,
    sizes: Sizes,
    finals: bool,
}

impl PyVectorEnv {
    /// `i` when it names a game of this batch, else a `ValueError`.
    fn game_index(&self, i: Whole<usize>) -> PyResult<usize> {
        let Whole(i) = i;
        if i >= self.sizes.n {
            return Err(PyValueError::new_err(format!(
                "game {i} is not in this VectorEnv of {}",
                self.sizes.n
            )));
        }
        Ok(i)
    }

    /// The state, or a `RuntimeError` if another thread is using the batch.
    fn lock(&self) -> PyResult<std::sync::MutexGuard<'_, Inner>> {
        match self.inner.try_lock() {
            Ok(inner) => Ok(inner),
            Err(TryLockError::Poisoned(poisoned)) => Ok(poisoned.into_inner()),
            Err(TryLockError::WouldBlock) => Err(PyRuntimeError::new_err(
                "this VectorEnv is being reset or stepped by another thread: use a VectorEnv \
                 from one thread at a time",
            )),
        }
    }

    /// Runs `op` on every game, checking for signals; the buffers are filled on success.
    fn drive(&self, py: Python<'_>, inner: &mut Inner, op: Op) -> Result<(), Failure> {
        let n = self.sizes.n;
        let mut buffers = match inner.buffers.take() {
            Some(buffers) => buffers,
            None => Buffers::new(self.sizes, self.finals).map_err(Failure::Fault)?,
        };
        let result = match &mut inner.engine {
            Engine::Local(vector) => {
                if let Err(refusal) = op.begin(vector.as_mut()) {
                    inner.buffers = Some(buffers);
                    return Err(Failure::Refused(refusal));
                }
                let never = AtomicBool::new(false);
                let mut from = 0;
                loop {
                    let mut stretch = || {
                        let until = Instant::now() + STRETCH;
                        op.run(vector.as_mut(), from, Some(until), &never, &mut buffers)
                    };
                    let next = if n < DETACH_FROM {
                        stretch()
                    } else {
                        py.detach(stretch)
                    };
                    match next {
                        Ok(next) if next == n => break Ok(()),
                        Ok(next) => from = next,
                        Err(halt) => break Err(halt),
                    }
                    if let Err(signal) = py.check_signals() {
                        inner.buffers = Some(buffers);
                        inner.needs_reset = true;
                        return Err(Failure::Broken(signal));
                    }
                }
            }
            Engine::Remote(worker, stop) => {
                let stop = Arc::clone(stop);
                let job = move |vector: &mut Box<dyn AnyVector>| {
                    if let Err(refusal) = op.begin(vector.as_mut()) {
                        return (buffers, Err(Ok(refusal)));
                    }
                    let done = op.run(vector.as_mut(), 0, None, &stop, &mut buffers);
                    let done = match done {
                        Ok(next) if next == vector.len() => Ok(()),
                        Ok(_) => Err(Err(Halt::Stopped)),
                        Err(halt) => Err(Err(halt)),
                    };
                    (buffers, done)
                };
                match worker.run(py, job) {
                    Ok((returned, done)) => {
                        buffers = returned;
                        match done {
                            Ok(()) => Ok(()),
                            Err(Ok(refusal)) => {
                                inner.buffers = Some(buffers);
                                return Err(Failure::Refused(refusal));
                            }
                            Err(Err(halt)) => Err(halt),
                        }
                    }
                    Err(signal) => {
                        inner.needs_reset = true;
                        return Err(Failure::Broken(signal));
                    }
                }
            }
        };
        inner.buffers = Some(buffers);
        match result {
            Ok(()) => Ok(()),
            Err(halt) => {
                inner.needs_reset = true;
                Err(Failure::Broken(match halt {
                    Halt::Refused(message) => PyValueError::new_err(message),
                    Halt::Stopped => PyRuntimeError::new_err("the batch was stopped half-way"),
                }))
            }
        }
    }

    /// Copies the filled buffers into the caller's arrays (`observations`, `masks`,
    /// `players`, then optionally `rewards`, `dones`, `forfeits`, `finals`).
    fn publish(
        py: Python<'_>,
        buffers: &Buffers,
        batch: [&Bound<'_, PyAny>; 3],
        outcomes: Option<[Option<&Bound<'_, PyAny>>; 4]>,
    ) -> PyResult<()> {
        PyBuffer::<f32>::get(batch[0])?.copy_from_slice(py, &buffers.observations)?;
        PyBuffer::<u8>::get(batch[1])?.copy_from_slice(py, &buffers.masks)?;
        PyBuffer::<i64>::get(batch[2])?.copy_from_slice(py, &buffers.players)?;
        if let Some([rewards, dones, forfeits, finals]) = outcomes {
            if let Some(rewards) = rewards {
                PyBuffer::<f32>::get(rewards)?.copy_from_slice(py, &buffers.rewards)?;
            }
            if let Some(dones) = dones {
                PyBuffer::<u8>::get(dones)?.copy_from_slice(py, &buffers.dones)?;
            }
            if let Some(forfeits) = forfeits {
                PyBuffer::<u8>::get(forfeits)?.copy_from_slice(py, &buffers.forfeits)?;
            }
            if let (Some(out), Some(finals)) = (finals, &buffers.finals) {
                PyBuffer::<f32>::get(out)?.copy_from_slice(py, finals)?;
            }
        }
        Ok(())
    }
}

fn failure(f: Failure) -> PyErr {
    match f {
        Failure::Refused(message) => crate::refused(message),
        Failure::Fault(fault) => fault_error(fault),
        Failure::Broken(error) => error,
    }
}

/// A [`Fault`] as Python's `ValueError` or `MemoryError`.
fn fault_error(fault: Fault) -> PyErr {
    match fault {
        Fault::Refused(message) => crate::refused(message),
        Fault::Memory(message) => PyMemoryError::new_err(message),
    }
}

/// The number of games `n`, from 1 to [`MAX_GAMES`].
fn games(n: i128) -> PyResult<usize> {
    usize::try_from(n)
        .ok()
        .filter(|n| (1..=MAX_GAMES).contains(n))
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "{n} games: a VectorEnv holds 1 to {MAX_GAMES} games"
            ))
        })
}

/// The seed of [`PyVectorEnv::sample_legal`]'s generator in a batch seeded with `seed` (no
/// game uses index `u64::MAX`).
fn sampler_seed(seed: u64) -> u64 {
    game_seed(seed, u64::MAX)
}

#[pymethods]
impl PyVectorEnv {
    /// `n` games of `game`, game `i` seeded with `game_seed(seed, i)`. With `opponent` (a bot
    /// spec), the agent plays `seat` and the bot (seeded with `bot_seed`) every other seat.
    /// With `forfeit`, an illegal action ends its game with that reward for the offender
    /// instead of being refused. With `finals`, a step can report the last observation of
    /// the games that ended.
    #[new]
    #[pyo3(signature = (game, n, seed, opponent=None, seat=Whole(0), bot_seed=Whole(0), forfeit=None, finals=false))]
    #[expect(
        clippy::too_many_arguments,
        reason = "the keyword arguments of Python's constructor"
    )]
    fn new(
        py: Python<'_>,
        game: &PyGameHandle,
        n: Whole<i128>,
        seed: Whole<u64>,
        opponent: Option<String>,
        seat: Whole<usize>,
        bot_seed: Whole<u64>,
        forfeit: Option<f32>,
        finals: bool,
    ) -> PyResult<PyVectorEnv> {
        let (n, Whole(seed), Whole(seat), Whole(bot_seed)) = (games(n.0)?, seed, seat, bot_seed);
        let mut seeds = filled(0, n).map_err(fault_error)?;
        for (i, slot) in seeds.iter_mut().enumerate() {
            *slot = game_seed(seed, i as u64);
        }
        let sizes = Sizes {
            n,
            observation: game.inner.observation_shape().iter().product(),
            actions: game.inner.num_actions(),
            players: game.inner.num_players(),
        };
        let buffers = Buffers::new(sizes, finals).map_err(fault_error)?;
        let engine = match opponent {
            None => Engine::Local(game.inner.new_vector(seeds, forfeit).map_err(fault_error)?),
            Some(spec) => {
                let inner = Arc::clone(&game.inner);
                let stop = Arc::new(AtomicBool::new(false));
                let flag = Arc::clone(&stop);
                let worker = Worker::start(py, "boardgame-vector", move || {
                    let (vector, bot_stop) =
                        inner.new_versus(&spec, seat, bot_seed, seeds, forfeit)?;
                    let flags = std::iter::once(flag).chain(bot_stop).collect();
                    Ok::<_, Fault>((vector, flags))
                })?
                .map_err(fault_error)?;
                Engine::Remote(worker, stop)
            }
        };
        Ok(PyVectorEnv {
            inner: Mutex::new(Inner {
                engine,
                buffers: Some(buffers),
                needs_reset: true,
                sampler: rng_from_seed(sampler_seed(seed)),
                sampler_seed: sampler_seed(seed),
            }),
            sizes,
            finals,
        })
    }

    fn __len__(&self) -> usize {
        self.sizes.n
    }

    /// Restarts every game and fills `observations`, `masks`, `players`. Reseeds game `i`
    /// first with `seeds[i]`, if given, or with `game_seed(seed, i)` (as the constructor
    /// does), if `seed` is given; `seed` also restarts [`sample_legal`](Self::sample_legal)'s
    /// generator as the constructor's seed does.
    #[pyo3(signature = (observations, masks, players, seeds=None, seed=None))]
    fn reset(
        &self,
        py: Python<'_>,
        observations: Bound<'_, PyAny>,
        masks: Bound<'_, PyAny>,
        players: Bound<'_, PyAny>,
        seeds: Option<Vec<Whole<u64>>>,
        seed: Option<Whole<u64>>,
    ) -> PyResult<()> {
        let n = self.sizes.n;
        let seeds = match (seeds, seed) {
            (Some(_), Some(_)) => {
                return Err(PyValueError::new_err("give seeds or seed, not both"));
            }
            (Some(seeds), None) if seeds.len() != n => {
                return Err(PyValueError::new_err(format!(
                    "{} seeds for {n} games",
                    seeds.len()
                )));
            }
            (Some(seeds), None) => Some(seeds.into_iter().map(|Whole(s)| s).collect()),
            (None, Some(Whole(seed))) => {
                let mut seeds = filled(0, n).map_err(fault_error)?;
                for (i, slot) in seeds.iter_mut().enumerate() {
                    *slot = game_seed(seed, i as u64);
                }
                Some(seeds)
            }
            (None, None) => None,
        };
        let mut inner = self.lock()?;
        if let Some(Whole(seed)) = seed {
            inner.sampler_seed = sampler_seed(seed);
            inner.sampler = rng_from_seed(inner.sampler_seed);
        }
        self.drive(py, &mut inner, Op::Reset(seeds))
            .map_err(failure)?;
        inner.needs_reset = false;
        let buffers = inner.buffers.as_ref().expect("filled by the reset");
        Self::publish(py, buffers, [&observations, &masks, &players], None)
    }

    /// Plays `actions` and fills the arrays given. The games where `hold` (`uint8[n]`, if
    /// given) is 1 skip this step (their action is ignored; their reward and done are 0).
    #[pyo3(signature = (actions, observations, masks, players, rewards, dones, forfeits=None, finals=None, hold=None))]
    #[expect(clippy::too_many_arguments, reason = "the output arrays of a step")]
    fn step(
        &self,
        py: Python<'_>,
        actions: Bound<'_, PyAny>,
        observations: Bound<'_, PyAny>,
        masks: Bound<'_, PyAny>,
        players: Bound<'_, PyAny>,
        rewards: Bound<'_, PyAny>,
        dones: Bound<'_, PyAny>,
        forfeits: Option<Bound<'_, PyAny>>,
        finals: Option<Bound<'_, PyAny>>,
        hold: Option<Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let actions = PyBuffer::<i64>::get(&actions)?.to_vec(py)?;
        let hold = match hold {
            Some(hold) => Some(PyBuffer::<u8>::get(&hold)?.to_vec(py)?),
            None => None,
        };
        let mut inner = self.lock()?;
        if inner.needs_reset {
            return Err(PyRuntimeError::new_err(
                "call reset() first: the games have not started, or a call stopped half-way \
                 (Ctrl-C) and left them half-stepped",
            ));
        }
        self.drive(py, &mut inner, Op::Step(actions, hold))
            .map_err(failure)?;
        let buffers = inner.buffers.as_ref().expect("filled by the step");
        Self::publish(
            py,
            buffers,
            [&observations, &masks, &players],
            Some([
                Some(&rewards),
                Some(&dones),
                forfeits.as_ref(),
                finals.as_ref(),
            ]),
        )
    }

    /// The state notation of game `i`.
    fn notation(&self, py: Python<'_>, i: Whole<usize>) -> PyResult<String> {
        let i = self.game_index(i)?;
        let inner = self.lock()?;
        match &inner.engine {
            Engine::Local(vector) => Ok(vector.notation(i)),
            Engine::Remote(worker, _) => worker.run(py, move |vector| vector.notation(i)),
        }
    }

    /// The picture of game `i` (`State.render_rgb`).
    fn render_rgb<'py>(&self, py: Python<'py>, i: Whole<usize>) -> PyResult<Bound<'py, PyAny>> {
        let i = self.game_index(i)?;
        let inner = self.lock()?;
        let canvas = match &inner.engine {
            Engine::Local(vector) => vector.draw(i),
            Engine::Remote(worker, _) => worker.run(py, move |vector| vector.draw(i))?,
        };
        crate::py_state::picture_array(py, &canvas)
    }

    /// Every game's notation and generator (seed, words used), for pickling; `None` before
    /// the first reset or after an interrupted call.
    fn snapshot(&self, py: Python<'_>) -> PyResult<Option<Vec<(String, u64, u128)>>> {
        let inner = self.lock()?;
        if inner.needs_reset {
            return Ok(None);
        }
        match &inner.engine {
            Engine::Local(vector) => Ok(Some(vector.snapshot())),
            Engine::Remote(worker, _) => worker.run(py, |vector| Some(vector.snapshot())),
        }
    }

    /// Writes a uniformly random legal action of every game into `out` (`int64[n]`), drawn
    /// from the masks of the last reset or step with this batch's sampling generator, which
    /// `seed` (if given) first restarts. The same seed and masks give the same actions.
    #[pyo3(signature = (out, seed=None))]
    fn sample_legal(
        &self,
        py: Python<'_>,
        out: Bound<'_, PyAny>,
        seed: Option<Whole<u64>>,
    ) -> PyResult<()> {
        let out = PyBuffer::<i64>::get(&out)?;
        if out.item_count() != self.sizes.n || !out.is_c_contiguous() || out.readonly() {
            return Err(PyValueError::new_err(format!(
                "sample_legal writes into a writable, contiguous int64 array of {} items",
                self.sizes.n
            )));
        }
        let mut guard = self.lock()?;
        let inner = &mut *guard;
        let Some(buffers) = inner.buffers.as_ref().filter(|_| !inner.needs_reset) else {
            return Err(PyRuntimeError::new_err(
                "call reset() first: the games have not started, or a call stopped half-way",
            ));
        };
        if let Some(Whole(seed)) = seed {
            inner.sampler_seed = seed;
            inner.sampler = rng_from_seed(seed);
        }
        let mut picks = filled(0i64, self.sizes.n).map_err(fault_error)?;
        pick_legal(&buffers.legal, &mut picks, &mut inner.sampler);
        out.copy_from_slice(py, &picks)
    }

    /// The sampling generator's seed and the words it has used (for pickling).
    fn sampler_state(&self) -> PyResult<(u64, u128)> {
        let inner = self.lock()?;
        Ok((inner.sampler_seed, inner.sampler.get_word_pos()))
    }

    /// Puts the sampling generator where [`sampler_state`](Self::sampler_state) found it.
    fn set_sampler_state(&self, seed: Whole<u64>, words: Whole<u128>) -> PyResult<()> {
        let mut inner = self.lock()?;
        inner.sampler_seed = seed.0;
        inner.sampler = rng_from_seed(seed.0);
        inner.sampler.set_word_pos(words.0);
        Ok(())
    }

    /// Restores a [`snapshot`](Self::snapshot) and fills `observations`, `masks`, `players`.
    fn restore(
        &self,
        py: Python<'_>,
        snapshot: Vec<(String, u64, u128)>,
        observations: Bound<'_, PyAny>,
        masks: Bound<'_, PyAny>,
        players: Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let mut inner = self.lock()?;
        let mut buffers = Buffers::new(self.sizes, self.finals).map_err(fault_error)?;
        let n = self.sizes.n;
        let restored = match &mut inner.engine {
            Engine::Local(vector) => vector
                .restore(&snapshot)
                .map(|()| vector.refill(&mut buffers)),
            Engine::Remote(worker, _) => {
                let (restored, returned) = worker.run(py, move |vector| {
                    let restored = vector
                        .restore(&snapshot)
                        .map(|()| vector.refill(&mut buffers));
                    (restored, buffers)
                })?;
                buffers = returned;
                restored
            }
        };
        restored.map_err(crate::refused)?;
        debug_assert_eq!(buffers.players.len(), n);
        Self::publish(py, &buffers, [&observations, &masks, &players], None)?;
        inner.buffers = Some(buffers);
        inner.needs_reset = false;
        Ok(())
    }
}

/// Writing every game's row without stepping (after a restore).
trait Refill {
    fn refill(&mut self, buffers: &mut Buffers);
}

impl<V: AnyVector + ?Sized> Refill for V {
    fn refill(&mut self, buffers: &mut Buffers) {
        let (mut batch, _) = buffers.split();
        self.fill_all(&mut batch);
    }
}
