//! `boardgame._VectorEnv`: the native half of the batched environments (`boardgame.VectorEnv`
//! and `boardgame.gymnasium`), which own the numpy arrays it writes.
//!
//! A batch of `n` games is split in `num_threads` shards of consecutive games
//! ([`crate::vector::VectorOf`], each with its own bot if the opponent is one). A call runs the
//! shards at once, one on the calling thread and the others on a pool of `num_threads - 1`
//! threads, without the GIL; each shard writes its rows of the numpy arrays in place. The
//! work goes in stretches of at most [`STRETCH`] with a signal check between them; against a
//! bot that searches, whose one move can outlast a stretch, the whole call runs on a helper
//! thread while the caller checks for signals and raises the bots' stop flags on one.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError, TryLockError};
use std::time::{Duration, Instant};

use boardgame_core::driver::{ChaCha8Rng, game_seed, rng_from_seed};
use numpy::{
    PyArray1, PyArrayDyn, PyArrayMethods, PyReadonlyArray1, PyReadwriteArray1, PyReadwriteArrayDyn,
    PyUntypedArrayMethods,
};
use pyo3::buffer::PyBuffer;
use pyo3::exceptions::{PyMemoryError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;
use rayon::{ThreadPool, ThreadPoolBuilder};

use crate::args::Whole;
use crate::py_game::PyGameHandle;
use crate::table::{Refusal, Rival, SeatChoice};
use crate::vector::{
    AnyVector, Fault, Halt, MAX_GAMES, Outcomes, Rows, SavedGame, filled, pick_legal,
};
use crate::wait::{SIGNAL_CHECK, interruptible_all};

/// The longest stretch of native work between two signal checks.
const STRETCH: Duration = SIGNAL_CHECK;

/// Batches of fewer games are stepped without releasing the GIL: their work takes
/// microseconds, less than releasing and taking back the GIL costs. They still stop every
/// [`STRETCH`] to check for signals (a slot can start up to `MAX_RESTARTS` new games).
const DETACH_FROM: usize = 16;

/// The most threads of one batch.
const MAX_THREADS: usize = 256;

/// The sizes of a batch.
#[derive(Copy, Clone, Debug)]
struct Sizes {
    n: usize,
    observation: usize,
    actions: usize,
    players: usize,
}

/// The numpy arrays a batch writes (given once by the Python side, [`PyVectorEnv::bind`]).
struct Arrays {
    observations: Py<PyArrayDyn<f32>>,
    masks: Py<PyArrayDyn<bool>>,
    players: Py<PyArray1<i64>>,
    seats: Py<PyArray1<i64>>,
    waiting: Py<PyArray1<bool>>,
    returns: Py<PyArrayDyn<f32>>,
    rewards: Py<PyArray1<f32>>,
    dones: Py<PyArray1<bool>>,
    forfeits: Py<PyArray1<bool>>,
    finals: Option<Py<PyArrayDyn<f32>>>,
}

/// The arrays borrowed for one call.
struct Borrowed<'py> {
    observations: PyReadwriteArrayDyn<'py, f32>,
    masks: PyReadwriteArrayDyn<'py, bool>,
    players: PyReadwriteArray1<'py, i64>,
    seats: PyReadwriteArray1<'py, i64>,
    waiting: PyReadwriteArray1<'py, bool>,
    returns: PyReadwriteArrayDyn<'py, f32>,
    rewards: PyReadwriteArray1<'py, f32>,
    dones: PyReadwriteArray1<'py, bool>,
    forfeits: PyReadwriteArray1<'py, bool>,
    finals: Option<PyReadwriteArrayDyn<'py, f32>>,
}

/// A numpy array as a writable slice, or a `ValueError` naming it.
fn writable<'a, T: numpy::Element, D: numpy::ndarray::Dimension>(
    array: &'a mut numpy::PyReadwriteArray<'_, T, D>,
    name: &str,
) -> PyResult<&'a mut [T]> {
    array
        .as_slice_mut()
        .map_err(|_| PyValueError::new_err(format!("the {name} array must be C-contiguous")))
}

/// Borrows one array for writing (`RuntimeError` if Rust code already borrows it).
fn borrow<'py, T: numpy::Element, D: numpy::ndarray::Dimension>(
    py: Python<'py>,
    array: &Py<numpy::PyArray<T, D>>,
) -> PyResult<numpy::PyReadwriteArray<'py, T, D>> {
    array
        .bind(py)
        .try_readwrite()
        .map_err(|e| PyRuntimeError::new_err(format!("an array of this batch is in use: {e}")))
}

impl Arrays {
    fn borrow<'py>(&self, py: Python<'py>) -> PyResult<Borrowed<'py>> {
        Ok(Borrowed {
            observations: borrow(py, &self.observations)?,
            masks: borrow(py, &self.masks)?,
            players: borrow(py, &self.players)?,
            seats: borrow(py, &self.seats)?,
            waiting: borrow(py, &self.waiting)?,
            returns: borrow(py, &self.returns)?,
            rewards: borrow(py, &self.rewards)?,
            dones: borrow(py, &self.dones)?,
            forfeits: borrow(py, &self.forfeits)?,
            finals: match &self.finals {
                Some(finals) => Some(borrow(py, finals)?),
                None => None,
            },
        })
    }
}

/// Splits off the first `len` items of `slice`.
fn take<'a, T>(slice: &mut &'a mut [T], len: usize) -> &'a mut [T] {
    let (head, tail) = std::mem::take(slice).split_at_mut(len);
    *slice = tail;
    head
}

impl Borrowed<'_> {
    /// The rows and outcomes of each shard, `counts[k]` games each, in order.
    fn split(&mut self, counts: &[usize], sizes: Sizes) -> PyResult<Vec<(Rows<'_>, Outcomes<'_>)>> {
        let mut observations = writable(&mut self.observations, "observations")?;
        let mut masks = writable(&mut self.masks, "masks")?;
        let mut players = writable(&mut self.players, "players")?;
        let mut seats = writable(&mut self.seats, "seats")?;
        let mut waiting = writable(&mut self.waiting, "waiting")?;
        let mut returns = writable(&mut self.returns, "returns")?;
        let mut rewards = writable(&mut self.rewards, "rewards")?;
        let mut dones = writable(&mut self.dones, "dones")?;
        let mut forfeits = writable(&mut self.forfeits, "forfeits")?;
        let mut finals = match &mut self.finals {
            Some(finals) => Some(writable(finals, "finals")?),
            None => None,
        };
        Ok(counts
            .iter()
            .map(|&c| {
                (
                    Rows {
                        observations: take(&mut observations, c * sizes.observation),
                        masks: take(&mut masks, c * sizes.actions),
                        players: take(&mut players, c),
                        seats: take(&mut seats, c),
                        waiting: take(&mut waiting, c),
                    },
                    Outcomes {
                        returns: take(&mut returns, c * sizes.players),
                        rewards: take(&mut rewards, c),
                        dones: take(&mut dones, c),
                        forfeits: take(&mut forfeits, c),
                        finals: finals
                            .as_mut()
                            .map(|finals| take(finals, c * sizes.observation)),
                    },
                )
            })
            .collect())
    }
}

/// One call's work.
enum Op {
    /// Start every game afresh (or those the mask marks), reseeding their generators first
    /// if seeds are given.
    Reset(Option<Vec<u64>>, Option<Vec<bool>>),
    /// The agent's actions, one per game, but not in the games held (if flags are given).
    Step(Vec<i64>, Option<Vec<bool>>),
    /// The caller-opponent's actions for the games that wait for it.
    Answer(Vec<i64>),
    /// Write every game's row as it stands (after a restore).
    Fill,
}

impl Op {
    /// What is checked and set in shard `shard` (games `first..first + len`) before any game
    /// changes: the actions, or the seeds.
    fn begin(&self, shard: &mut dyn AnyVector, first: usize) -> Result<(), Refusal> {
        let len = shard.len();
        let part = |v: &[bool]| v[first..first + len].to_vec();
        let renumber = |refusal: Refusal| renumbered(&refusal, first);
        match self {
            Op::Reset(Some(seeds), mask) => {
                let mask = mask.as_deref().map(part);
                shard.reseed(&seeds[first..first + len], mask.as_deref());
                Ok(())
            }
            Op::Reset(None, _) | Op::Fill => Ok(()),
            Op::Step(actions, hold) => {
                let hold = hold.as_deref().map(part);
                shard
                    .prepare(&actions[first..first + len], hold.as_deref())
                    .map_err(renumber)
            }
            Op::Answer(actions) => shard
                .prepare_opponent(&actions[first..first + len])
                .map_err(renumber),
        }
    }

    /// Works on the task's games from `task.from` until `until` or `stop`; the next game to
    /// work on.
    fn run(
        &self,
        task: &mut Task<'_>,
        until: Option<Instant>,
        stop: &AtomicBool,
    ) -> Result<usize, Halt> {
        let shard = &mut *task.shard;
        match self {
            Op::Reset(_, mask) => {
                let first = task.first;
                let mask = mask.as_deref().map(|m| &m[first..first + shard.len()]);
                shard.reset_games(task.from, until, stop, &mut task.rows, mask)
            }
            Op::Step(..) | Op::Answer(_) => {
                shard.step_games(task.from, until, stop, &mut task.rows, &mut task.outcomes)
            }
            Op::Fill => {
                shard.fill_all(&mut task.rows);
                Ok(shard.len())
            }
        }
    }
}

/// A shard's message about its game `i` ("game 3: …") about the batch's game `first + i`.
fn renumbered(refusal: &str, first: usize) -> Refusal {
    if first == 0 {
        return refusal.to_owned();
    }
    match refusal
        .strip_prefix("game ")
        .and_then(|rest| rest.split_once([':', ' ']))
        .and_then(|(number, rest)| Some((number.parse::<usize>().ok()?, rest)))
    {
        Some((i, rest)) => {
            let separator = &refusal[5 + (i.to_string().len())..][..1];
            format!("game {}{separator}{rest}", first + i)
        }
        None => refusal.to_owned(),
    }
}

/// One shard's part of a call.
struct Task<'a> {
    shard: &'a mut dyn AnyVector,
    first: usize,
    rows: Rows<'a>,
    outcomes: Outcomes<'a>,
    /// The next game to work on.
    from: usize,
}

/// Runs every unfinished task until `until` (or to its end): on this thread alone, or on
/// this thread and `pool`'s, each taking the next task not taken yet until none is left (so a
/// pool thread that wakes late takes fewer, and this thread never waits for it to start).
/// Whether every task is finished, or the first halt.
fn run_round(
    pool: Option<&ThreadPool>,
    tasks: &mut [Task<'_>],
    op: &Op,
    until: Option<Instant>,
    stop: &AtomicBool,
) -> Result<bool, Halt> {
    let work = |task: &mut Task<'_>| -> Result<(), Halt> {
        if task.from < task.shard.len() {
            task.from = op.run(task, until, stop)?;
        }
        Ok(())
    };
    match pool {
        Some(pool) if tasks.len() > 1 => {
            let count = tasks.len();
            let cells: Vec<Mutex<(&mut Task<'_>, Result<(), Halt>)>> = tasks
                .iter_mut()
                .map(|task| Mutex::new((task, Ok(()))))
                .collect();
            let next = AtomicUsize::new(0);
            let finished = AtomicUsize::new(0);
            let take_tasks = || {
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= count {
                        break;
                    }
                    let mut cell = cells[k].lock().unwrap_or_else(PoisonError::into_inner);
                    let (task, result) = &mut *cell;
                    *result = work(task);
                    drop(cell);
                    finished.fetch_add(1, Ordering::Release);
                }
            };
            pool.in_place_scope(|scope| {
                for _ in 0..pool.current_num_threads() {
                    scope.spawn(|_| take_tasks());
                }
                take_tasks();
                // The last tasks of the pool's threads take microseconds: wait for them here
                // rather than asleep in the scope's latch (a wake-up costs more).
                let since = Instant::now();
                while finished.load(Ordering::Acquire) < count && since.elapsed() < SPIN {
                    std::hint::spin_loop();
                }
            });
            for cell in cells {
                let (_, result) = cell.into_inner().unwrap_or_else(PoisonError::into_inner);
                result?;
            }
        }
        _ => {
            for task in tasks.iter_mut() {
                work(task)?;
            }
        }
    }
    Ok(tasks.iter().all(|task| task.from >= task.shard.len()))
}

/// How long the calling thread spins for the pool's last tasks before it sleeps.
const SPIN: Duration = Duration::from_micros(200);

/// Shards per thread: a thread that starts late takes fewer of them.
const SHARDS_PER_THREAD: usize = 4;

/// Why a call failed.
enum Failure {
    /// Bad input: nothing changed.
    Refused(Refusal),
    /// The batch is half-stepped (the message says why) and needs a reset.
    Broken(PyErr),
    /// Another error (the arrays, a thread pool).
    Error(PyErr),
}

struct Inner {
    /// The shards, in the order of their games.
    shards: Vec<Box<dyn AnyVector>>,
    /// The threads beside the caller's (`num_threads - 1`; none for one thread), and the
    /// process they were started in (a forked child starts its own).
    pool: Option<ThreadPool>,
    process: u32,
    arrays: Option<Arrays>,
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
    threads: usize,
    /// The first game of each shard, and how many it has.
    firsts: Vec<usize>,
    counts: Vec<usize>,
    /// The stop flags of the bots that search (one per shard), and the batch's own.
    bot_flags: Vec<Arc<AtomicBool>>,
    stop: Arc<AtomicBool>,
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

    /// One action id per game, or a `ValueError`.
    fn actions(&self, actions: &PyReadonlyArray1<'_, i64>) -> PyResult<Vec<i64>> {
        let actions = actions.as_array().to_vec();
        if actions.len() != self.sizes.n {
            return Err(PyValueError::new_err(format!(
                "{} actions for {} games",
                actions.len(),
                self.sizes.n
            )));
        }
        Ok(actions)
    }

    /// The shard of game `i` and the game's index in it.
    fn locate(&self, i: usize) -> (usize, usize) {
        let shard = self.firsts.partition_point(|&first| first <= i) - 1;
        (shard, i - self.firsts[shard])
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

    /// Starts the pool in this process if it has none (a fork's child has no threads of its
    /// parent's pool).
    fn ensure_pool(&self, inner: &mut Inner) -> PyResult<()> {
        if self.threads > 1 && (inner.pool.is_none() || inner.process != std::process::id()) {
            inner.pool = Some(new_pool(self.threads)?);
            inner.process = std::process::id();
        }
        Ok(())
    }

    /// Runs `op` on every game, checking for signals; the bound arrays are written.
    fn drive(&self, py: Python<'_>, inner: &mut Inner, op: Op) -> Result<(), Failure> {
        self.ensure_pool(inner).map_err(Failure::Error)?;
        let Some(arrays) = &inner.arrays else {
            return Err(Failure::Error(PyRuntimeError::new_err(
                "this batch has no arrays to write (bind() them first)",
            )));
        };
        let mut arrays = arrays.borrow(py).map_err(Failure::Error)?;
        for (shard, &first) in inner.shards.iter_mut().zip(&self.firsts) {
            op.begin(shard.as_mut(), first).map_err(Failure::Refused)?;
        }
        let parts = arrays
            .split(&self.counts, self.sizes)
            .map_err(Failure::Error)?;
        let pool = inner.pool.as_ref();
        let mut tasks: Vec<Task<'_>> = inner
            .shards
            .iter_mut()
            .zip(parts)
            .zip(&self.firsts)
            .map(|((shard, (rows, outcomes)), &first)| Task {
                shard: shard.as_mut(),
                first,
                rows,
                outcomes,
                from: 0,
            })
            .collect();
        let result = if self.bot_flags.is_empty() {
            self.in_stretches(py, pool, &mut tasks, &op)
        } else {
            let mut flags = self.bot_flags.clone();
            flags.push(Arc::clone(&self.stop));
            let stop = &*self.stop;
            let tasks = &mut tasks;
            let op = &op;
            match interruptible_all(py, &flags, move || run_round(pool, tasks, op, None, stop)) {
                Ok(result) => result.map(|_| ()).map_err(Err),
                Err(signal) => Err(Ok(signal)),
            }
        };
        match result {
            Ok(()) => Ok(()),
            Err(Ok(signal)) => {
                inner.needs_reset = true;
                Err(Failure::Broken(signal))
            }
            Err(Err(halt)) => {
                inner.needs_reset = true;
                Err(Failure::Broken(match halt {
                    Halt::Refused(message) => crate::refused(message),
                    Halt::Stopped => PyRuntimeError::new_err("the batch was stopped half-way"),
                }))
            }
        }
    }

    /// Runs `tasks` in stretches of [`STRETCH`], without the GIL (for batches of at least
    /// [`DETACH_FROM`] games), checking for signals between them.
    fn in_stretches(
        &self,
        py: Python<'_>,
        pool: Option<&ThreadPool>,
        tasks: &mut [Task<'_>],
        op: &Op,
    ) -> Result<(), Result<PyErr, Halt>> {
        let never = AtomicBool::new(false);
        loop {
            let mut round = || {
                let until = Instant::now() + STRETCH;
                run_round(pool, tasks, op, Some(until), &never)
            };
            let done = if self.sizes.n < DETACH_FROM {
                round()
            } else {
                py.detach(round)
            };
            match done {
                Ok(true) => return Ok(()),
                Ok(false) => {}
                Err(halt) => return Err(Err(halt)),
            }
            py.check_signals().map_err(Ok)?;
        }
    }
}

/// A pool of `threads - 1` threads (the caller is the other).
fn new_pool(threads: usize) -> PyResult<ThreadPool> {
    ThreadPoolBuilder::new()
        .num_threads(threads - 1)
        .thread_name(|i| format!("boardgame-batch-{}", i + 1))
        .build()
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start the batch's threads: {e}")))
}

fn failure(f: Failure) -> PyErr {
    match f {
        Failure::Refused(message) => crate::refused(message),
        Failure::Broken(error) | Failure::Error(error) => error,
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

/// The seeds `game_seed(seed, i)` of `n` games.
fn batch_seeds(seed: u64, n: usize) -> PyResult<Vec<u64>> {
    let mut seeds = filled(0, n).map_err(fault_error)?;
    for (i, slot) in seeds.iter_mut().enumerate() {
        *slot = game_seed(seed, i as u64);
    }
    Ok(seeds)
}

/// The agent's seat from Python: a whole number, or `"random"`.
fn seat_choice(seat: &Bound<'_, PyAny>) -> PyResult<SeatChoice> {
    if let Ok(text) = seat.cast::<PyString>() {
        return match text.to_str()? {
            "random" => Ok(SeatChoice::Random),
            other => Err(PyValueError::new_err(format!(
                "seat must be a seat number or \"random\", not {}",
                crate::args::quoted(other)
            ))),
        };
    }
    let Whole(seat) = seat.extract::<Whole<usize>>()?;
    Ok(SeatChoice::Fixed(seat))
}

/// A bool array of `n` flags from Python.
fn flags(array: PyReadonlyArray1<'_, bool>, n: usize, what: &str) -> PyResult<Vec<bool>> {
    let flags = array.as_array().to_vec();
    if flags.len() != n {
        return Err(PyValueError::new_err(format!(
            "{} {what} flags for {n} games",
            flags.len()
        )));
    }
    Ok(flags)
}

/// Checks that `array` holds `n` rows of `width` items.
fn check_size<T: numpy::Element, D: numpy::ndarray::Dimension>(
    array: &Bound<'_, numpy::PyArray<T, D>>,
    n: usize,
    width: usize,
    name: &str,
) -> PyResult<()> {
    let shape = array.shape();
    if shape.iter().product::<usize>() != n * width || shape.first() != Some(&n) {
        return Err(PyValueError::new_err(format!(
            "the {name} array must have {n} rows of {width} items, not shape {:?}",
            array.shape()
        )));
    }
    Ok(())
}

#[pymethods]
impl PyVectorEnv {
    /// `n` games of `game`, game `i` seeded with `game_seed(seed, i)`, split over
    /// `num_threads` threads. The opponent: none (self-play), a bot (`opponent`, a spec,
    /// seeded with `bot_seed`), or the caller (`caller`: a Python policy answers through
    /// [`answer`](Self::answer)); the agent plays `seat` (a number, or `"random"`: drawn for
    /// each game). With `forfeit`, an illegal action ends its game with that reward for the
    /// offender instead of being refused. With `finals`, a step writes the last observation
    /// of the games that ended.
    #[new]
    #[pyo3(signature = (game, n, seed, opponent=None, seat=None, bot_seed=Whole(0), forfeit=None, finals=false, caller=false, num_threads=Whole(1)))]
    #[expect(
        clippy::too_many_arguments,
        reason = "the keyword arguments of Python's constructor"
    )]
    fn new(
        game: &PyGameHandle,
        n: Whole<i128>,
        seed: Whole<u64>,
        opponent: Option<String>,
        seat: Option<&Bound<'_, PyAny>>,
        bot_seed: Whole<u64>,
        forfeit: Option<f32>,
        finals: bool,
        caller: bool,
        num_threads: Whole<usize>,
    ) -> PyResult<PyVectorEnv> {
        let (n, Whole(seed), Whole(bot_seed), Whole(threads)) =
            (games(n.0)?, seed, bot_seed, num_threads);
        if !(1..=MAX_THREADS).contains(&threads) {
            return Err(PyValueError::new_err(format!(
                "num_threads={threads}: from 1 to {MAX_THREADS}"
            )));
        }
        let seat = match seat {
            Some(seat) => seat_choice(seat)?,
            None => SeatChoice::Fixed(0),
        };
        let rival = match (&opponent, caller) {
            (Some(_), true) => {
                return Err(PyValueError::new_err(
                    "give a bot spec (opponent) or a caller-opponent, not both",
                ));
            }
            (Some(spec), false) => Rival::Bot {
                spec,
                seed: bot_seed,
            },
            (None, true) => Rival::Caller,
            (None, false) => Rival::SelfPlay,
        };
        let seeds = batch_seeds(seed, n)?;
        let shards_count = if threads == 1 {
            1
        } else {
            (threads * SHARDS_PER_THREAD).min(n)
        };
        let (mut firsts, mut counts) = (Vec::new(), Vec::new());
        let mut shards = Vec::with_capacity(shards_count);
        let mut bot_flags = Vec::new();
        for k in 0..shards_count {
            let first = n * k / shards_count;
            let end = n * (k + 1) / shards_count;
            let rival = match rival {
                Rival::Bot { spec, seed } if k > 0 => Rival::Bot {
                    spec,
                    seed: game_seed(seed, k as u64),
                },
                other => other,
            };
            let shard = game
                .inner
                .new_vector(&seeds[first..end], &rival, seat, forfeit)
                .map_err(fault_error)?;
            bot_flags.extend(shard.bot_stop_flag());
            firsts.push(first);
            counts.push(end - first);
            shards.push(shard);
        }
        let sizes = Sizes {
            n,
            observation: game.inner.observation_shape().iter().product(),
            actions: game.inner.num_actions(),
            players: game.inner.num_players(),
        };
        Ok(PyVectorEnv {
            inner: Mutex::new(Inner {
                shards,
                pool: None,
                process: std::process::id(),
                arrays: None,
                needs_reset: true,
                sampler: rng_from_seed(sampler_seed(seed)),
                sampler_seed: sampler_seed(seed),
            }),
            sizes,
            finals,
            threads,
            firsts,
            counts,
            bot_flags,
            stop: Arc::new(AtomicBool::new(false)),
        })
    }

    fn __len__(&self) -> usize {
        self.sizes.n
    }

    /// The threads a call runs on.
    #[getter]
    fn num_threads(&self) -> usize {
        self.threads
    }

    /// The arrays every later call writes, C-contiguous with `n` rows: `observations`
    /// (`float32`), `masks` (`bool`), `players` and `seats` (`int64`), `waiting`, `dones` and
    /// `forfeits` (`bool`), `returns` (`float32[n, players]`), `rewards` (`float32[n]`), and
    /// `finals` (`float32`, if the batch was made with `finals`).
    #[pyo3(signature = (observations, masks, players, seats, waiting, returns, rewards, dones, forfeits, finals=None))]
    #[expect(clippy::too_many_arguments, reason = "the arrays of a batch")]
    fn bind(
        &self,
        py: Python<'_>,
        observations: Bound<'_, PyArrayDyn<f32>>,
        masks: Bound<'_, PyArrayDyn<bool>>,
        players: Bound<'_, PyArray1<i64>>,
        seats: Bound<'_, PyArray1<i64>>,
        waiting: Bound<'_, PyArray1<bool>>,
        returns: Bound<'_, PyArrayDyn<f32>>,
        rewards: Bound<'_, PyArray1<f32>>,
        dones: Bound<'_, PyArray1<bool>>,
        forfeits: Bound<'_, PyArray1<bool>>,
        finals: Option<Bound<'_, PyArrayDyn<f32>>>,
    ) -> PyResult<()> {
        let Sizes {
            n,
            observation,
            actions,
            players: seats_count,
        } = self.sizes;
        check_size(&observations, n, observation, "observations")?;
        check_size(&masks, n, actions, "masks")?;
        check_size(&players, n, 1, "players")?;
        check_size(&seats, n, 1, "seats")?;
        check_size(&waiting, n, 1, "waiting")?;
        check_size(&returns, n, seats_count, "returns")?;
        check_size(&rewards, n, 1, "rewards")?;
        check_size(&dones, n, 1, "dones")?;
        check_size(&forfeits, n, 1, "forfeits")?;
        if let Some(finals) = &finals {
            check_size(finals, n, observation, "finals")?;
        }
        if self.finals != finals.is_some() {
            return Err(PyValueError::new_err(
                "give a finals array exactly when the batch was made with finals=True",
            ));
        }
        let arrays = Arrays {
            observations: observations.unbind(),
            masks: masks.unbind(),
            players: players.unbind(),
            seats: seats.unbind(),
            waiting: waiting.unbind(),
            returns: returns.unbind(),
            rewards: rewards.unbind(),
            dones: dones.unbind(),
            forfeits: forfeits.unbind(),
            finals: finals.map(Bound::unbind),
        };
        // Every array writable and contiguous now, not at the first step.
        let mut borrowed = arrays.borrow(py)?;
        borrowed.split(&[n], self.sizes)?;
        drop(borrowed);
        self.lock()?.arrays = Some(arrays);
        Ok(())
    }

    /// Restarts every game and writes the rows. Reseeds game `i` first with `seeds[i]`, if
    /// given, or with `game_seed(seed, i)` (as the constructor does), if `seed` is given;
    /// `seed` also restarts [`sample_legal`](Self::sample_legal)'s generator as the
    /// constructor's seed does. With `mask` (`bool[n]`), only the games marked restart (and
    /// are reseeded); the others and their rows stay as they are.
    #[pyo3(signature = (seeds=None, seed=None, mask=None))]
    fn reset(
        &self,
        py: Python<'_>,
        seeds: Option<Vec<Whole<u64>>>,
        seed: Option<Whole<u64>>,
        mask: Option<PyReadonlyArray1<'_, bool>>,
    ) -> PyResult<()> {
        let n = self.sizes.n;
        let mask = mask.map(|m| flags(m, n, "reset mask")).transpose()?;
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
            (None, Some(Whole(seed))) => Some(batch_seeds(seed, n)?),
            (None, None) => None,
        };
        let mut inner = self.lock()?;
        if mask.is_some() && inner.needs_reset {
            return Err(PyRuntimeError::new_err(
                "a partial reset needs running games: call reset() without a mask first (the \
                 games have not started, or a call stopped half-way)",
            ));
        }
        if let (Some(Whole(seed)), None) = (seed, &mask) {
            inner.sampler_seed = sampler_seed(seed);
            inner.sampler = rng_from_seed(inner.sampler_seed);
        }
        self.drive(py, &mut inner, Op::Reset(seeds, mask))
            .map_err(failure)?;
        inner.needs_reset = false;
        Ok(())
    }

    /// Plays the agent's `actions` (`int64[n]`) and writes the arrays. The games where `hold`
    /// (`bool[n]`, if given) is true skip this step (their action is ignored; their reward
    /// and done are 0). Against a caller-opponent, the games then at its decision are flagged
    /// in `waiting`, and [`answer`](Self::answer) plays its moves.
    #[pyo3(signature = (actions, hold=None))]
    fn step(
        &self,
        py: Python<'_>,
        actions: PyReadonlyArray1<'_, i64>,
        hold: Option<PyReadonlyArray1<'_, bool>>,
    ) -> PyResult<()> {
        let actions = self.actions(&actions)?;
        let hold = hold.map(|h| flags(h, self.sizes.n, "hold")).transpose()?;
        let mut inner = self.lock()?;
        if inner.needs_reset {
            return Err(PyRuntimeError::new_err(
                "call reset() first: the games have not started, or a call stopped half-way \
                 (Ctrl-C) and left them half-stepped",
            ));
        }
        self.drive(py, &mut inner, Op::Step(actions, hold))
            .map_err(failure)
    }

    /// Plays the caller-opponent's `actions` (`int64[n]`; only the rows of the games flagged
    /// in `waiting` are looked at, and must be legal) and writes the arrays; the outcomes of
    /// the agent's step go on (a game that ends now is reported with the agent's reward).
    fn answer(&self, py: Python<'_>, actions: PyReadonlyArray1<'_, i64>) -> PyResult<()> {
        let actions = self.actions(&actions)?;
        let mut inner = self.lock()?;
        if inner.needs_reset {
            return Err(PyRuntimeError::new_err("call reset() first"));
        }
        self.drive(py, &mut inner, Op::Answer(actions))
            .map_err(failure)
    }

    /// Whether some game waits for the caller-opponent's move.
    fn any_waiting(&self) -> PyResult<bool> {
        let inner = self.lock()?;
        Ok(inner.shards.iter().any(|shard| shard.any_waiting()))
    }

    /// The state notation of game `i`.
    fn notation(&self, i: Whole<usize>) -> PyResult<String> {
        let (shard, j) = self.locate(self.game_index(i)?);
        Ok(self.lock()?.shards[shard].notation(j))
    }

    /// The picture of game `i` (`State.render_rgb`).
    fn render_rgb<'py>(&self, py: Python<'py>, i: Whole<usize>) -> PyResult<Bound<'py, PyAny>> {
        let (shard, j) = self.locate(self.game_index(i)?);
        let canvas = self.lock()?.shards[shard].draw(j);
        crate::py_state::picture_array(py, &canvas)
    }

    /// Every game's notation, generator (seed, words used), agent's seat and whether the
    /// agent has decided in it, for pickling; `None` before the first reset or after an
    /// interrupted call.
    fn snapshot(&self) -> PyResult<Option<Vec<SavedGame>>> {
        let inner = self.lock()?;
        if inner.needs_reset {
            return Ok(None);
        }
        Ok(Some(
            inner
                .shards
                .iter()
                .flat_map(|shard| shard.snapshot())
                .collect(),
        ))
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
        if inner.needs_reset {
            return Err(PyRuntimeError::new_err(
                "call reset() first: the games have not started, or a call stopped half-way",
            ));
        }
        if let Some(Whole(seed)) = seed {
            inner.sampler_seed = seed;
            inner.sampler = rng_from_seed(seed);
        }
        let mut picks = filled(0i64, self.sizes.n).map_err(fault_error)?;
        for (shard, &first) in inner.shards.iter().zip(&self.firsts) {
            let part = &mut picks[first..first + shard.len()];
            pick_legal(shard.legal(), part, &mut inner.sampler);
        }
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

    /// Restores a [`snapshot`](Self::snapshot) and writes every game's row.
    fn restore(&self, py: Python<'_>, snapshot: Vec<SavedGame>) -> PyResult<()> {
        let mut inner = self.lock()?;
        if snapshot.len() != self.sizes.n {
            return Err(PyValueError::new_err(format!(
                "a snapshot of {} games for a batch of {}",
                snapshot.len(),
                self.sizes.n
            )));
        }
        for ((shard, &first), &count) in inner.shards.iter_mut().zip(&self.firsts).zip(&self.counts)
        {
            shard
                .restore(&snapshot[first..first + count])
                .map_err(|refusal| crate::refused(renumbered(&refusal, first)))?;
        }
        inner.needs_reset = true;
        self.drive(py, &mut inner, Op::Fill).map_err(failure)?;
        inner.needs_reset = false;
        Ok(())
    }
}
