//! The trainer: fits the network ([`crate::eval::net`]) to self-play records
//! ([`crate::datagen::format`]) on the CPU, and writes the engine's quantised file.
//!
//! - **Target**: for each position, `wdl · result + (1 − wdl) · sigmoid(score / 400)`, the
//!   game's result and the search's score blended, both as the side to move's win chance.
//! - **Loss**: the squared error between that and `sigmoid(output)`.
//! - **Augmentation**: each time a position is used it is turned by one of the board's 8
//!   symmetries, drawn at random (the rules do not change under them).
//! - **Optimiser**: AdamW on mini-batches; the learning rate drops tenfold at 70% and again
//!   at 90% of the epochs. Output weights are clipped so that the quantised network stays
//!   within its integer ranges.
//! - **Validation**: one game in 50 (by game index) is held out and its loss reported after
//!   every epoch (none when the data has fewer than 50 games).
//! - **Data**: [`read_data_file`] reads a file the user names through `datagen::format::open`
//!   (`boardgame_io::read`: a regular file only), checks every record, and refuses a record
//!   with a side without stones (datagen never writes one: a zero-filled file).
//!
//! A run is a function of its data, settings and seed: every mini-batch is split into
//! [`SHARDS`] fixed shards whose gradients are summed in order, so `threads` changes the
//! speed, not the result.

mod model;

use std::fmt;
use std::io;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use ataxx::{Bitboard, Symmetry};
use boardgame_core::driver::{below, rng_from_seed};

use crate::datagen::format::Record;
use crate::eval::Network;
use crate::eval::net::{Features, SCALE};
use model::{Adam, Model, Sample, sigmoid};

/// Mini-batches are split into this many shards, one thread's work each.
pub const SHARDS: usize = 8;

/// The settings of a training run.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The network's input set.
    pub features: Features,
    /// Hidden units per perspective (see [`Network::supports_hidden`]).
    pub hidden: usize,
    /// The data files.
    pub data: Vec<PathBuf>,
    /// Passes over the training positions.
    pub epochs: u32,
    /// Positions per mini-batch.
    pub batch: usize,
    /// The first learning rate.
    pub rate: f32,
    /// AdamW's weight decay.
    pub decay: f32,
    /// The weight of the game result in the target (the rest is the search score).
    pub wdl: f32,
    /// The seed of the initial weights, the shuffles and the symmetries.
    pub seed: u64,
    /// Threads (they change only the speed).
    pub threads: usize,
    /// Use at most this many positions (all when `None`), the first ones read.
    pub limit: Option<usize>,
    /// Use only the games whose index is below a bound: one bound for every file, or one per
    /// file in the order of `data` (all games when empty): the first games of each run,
    /// whatever else its file holds, so that the data is exactly reproducible from the runs'
    /// commands.
    pub games: Vec<u32>,
}

/// One epoch's figures.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Epoch {
    /// The epoch's number, from 1.
    pub number: u32,
    /// The mean training loss over the epoch.
    pub train_loss: f64,
    /// The mean loss on the held-out games (`None` when none is held out).
    pub validation_loss: Option<f64>,
    /// The epoch's wall time.
    pub elapsed: Duration,
}

/// Why a training run failed.
#[derive(Debug)]
pub enum TrainError {
    /// A data file could not be read, or holds bad records.
    Data(PathBuf, String),
    /// There is nothing to train on.
    NoData,
}

impl fmt::Display for TrainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TrainError::Data(path, why) => {
                write!(f, "{}: {why}", boardgame_io::quote_path(path))
            }
            TrainError::NoData => f.write_str("no training positions in the data"),
        }
    }
}

impl std::error::Error for TrainError {}

/// The data of a run: training and held-out positions.
#[derive(Debug)]
pub struct Data {
    train: Vec<Record>,
    validation: Vec<Record>,
}

impl Data {
    /// Positions used for training.
    #[must_use]
    pub fn train_len(&self) -> usize {
        self.train.len()
    }

    /// Positions held out.
    #[must_use]
    pub fn validation_len(&self) -> usize {
        self.validation.len()
    }
}

/// Reads the data files (every record checked, see [`read_data_file`]), and puts the games
/// in index order (a stable sort: each game's records stay in the order of its moves), so
/// that training does not depend on the order in which datagen's threads wrote them.
///
/// # Errors
/// [`TrainError`] when a file cannot be read or holds a bad record, or no position is left.
pub fn load(settings: &Settings) -> Result<Data, TrainError> {
    let mut train = Vec::new();
    let mut validation = Vec::new();
    let mut left = settings.limit.unwrap_or(usize::MAX);
    for (index, path) in settings.data.iter().enumerate() {
        if left == 0 {
            break;
        }
        let bound = crate::datagen::format::game_bound(&settings.games, settings.data.len(), index)
            .map_err(|e| TrainError::Data(path.clone(), e))?;
        read_data_file(path, |record| {
            if bound.is_some_and(|games| record.game >= games) {
                return true;
            }
            left -= 1;
            if record.game % 50 == 49 {
                validation.push(record);
            } else {
                train.push(record);
            }
            left > 0
        })?;
    }
    if train.is_empty() {
        return Err(TrainError::NoData);
    }
    // Games in index order (each game's records stay in move order): datagen's threads
    // write whole games in whatever order they finish, and the run must not depend on it.
    train.sort_by_key(|r| r.game);
    validation.sort_by_key(|r| r.game);
    Ok(Data { train, validation })
}

/// Reads the records of the data file at `path`, handing each to `keep` until it returns
/// `false`: the one function through which training reads its data, over
/// `datagen::format::open` (through `boardgame_io::read`: only a regular file, so a FIFO or a
/// device such as `/dev/zero` is refused before it is opened; every record checked, and a
/// record with a side without stones, as in a zero-filled file, refused). A record cut by the
/// end of the file (a write interrupted by a kill, or one datagen is making while the file is
/// read) ends the data, as for `datainfo` (which counts it as cut) and datagen's resume
/// (issue 52, c8: `train` refused the file that `datainfo` accepted).
///
/// # Errors
/// [`TrainError::Data`] with the path and what is wrong (the record's index).
pub fn read_data_file(path: &Path, mut keep: impl FnMut(Record) -> bool) -> Result<(), TrainError> {
    let fail = |why: String| TrainError::Data(path.to_path_buf(), why);
    let file = crate::datagen::format::open(path).map_err(fail)?;
    let whole = file.record_count;
    for record in file.records {
        let record = match record {
            Ok(record) => record,
            Err(error) if error.index >= whole => break,
            Err(error) => return Err(fail(error.to_string())),
        };
        if !keep(record) {
            break;
        }
    }
    Ok(())
}

/// The training sample of a record, turned by `symmetry`.
fn sample_of(record: &Record, symmetry: Symmetry, wdl: f32) -> Sample {
    let turn = |bits: u64| symmetry.bitboard(Bitboard::new(bits)).bits();
    let score = sigmoid(f32::from(record.score) / SCALE as f32);
    let result = record.result.score_for(record.side);
    Sample {
        x: turn(record.x),
        o: turn(record.o),
        gaps: turn(record.gaps),
        side: record.side.index(),
        target: wdl * result + (1.0 - wdl) * score,
    }
}

/// Trains a network on `data`, calling `on_epoch` after every epoch (with the network so
/// far, e.g. to save it; [`ControlFlow::Break`] ends the run there). `stop` ends the run
/// after the current mini-batch.
pub fn train(
    settings: &Settings,
    data: &Data,
    stop: &AtomicBool,
    mut on_epoch: impl FnMut(&Epoch, &Network) -> ControlFlow<()>,
) -> Network {
    let mut rng = rng_from_seed(settings.seed);
    let features = settings.features;
    let hidden = settings.hidden;
    let mut model = Model::random(features, hidden, || {
        below(&mut rng, 1 << 24) as f32 / (1 << 23) as f32 - 1.0
    });
    let mut adam = Adam::new(features, hidden);
    let batch = settings.batch.max(SHARDS);
    let mut order: Vec<u32> = (0..data.train.len() as u32).collect();
    let mut gradients: Vec<Model> = (0..SHARDS)
        .map(|_| Model::zeros(features, hidden))
        .collect();
    let mut losses = [0.0f64; SHARDS];
    let threads = settings.threads.clamp(1, SHARDS);
    for epoch in 1..=settings.epochs {
        let began = Instant::now();
        let rate = settings.rate
            * if epoch * 10 > settings.epochs * 9 {
                0.01
            } else if epoch * 10 > settings.epochs * 7 {
                0.1
            } else {
                1.0
            };
        for i in (1..order.len()).rev() {
            order.swap(i, below(&mut rng, i as u64 + 1) as usize);
        }
        let symmetries: Vec<u8> = (0..order.len()).map(|_| below(&mut rng, 8) as u8).collect();
        let mut total = 0.0f64;
        for (chunk_index, chunk) in order.chunks(batch).enumerate() {
            if stop.load(Ordering::Relaxed) {
                return model.quantise();
            }
            let offset = chunk_index * batch;
            let shard_len = chunk.len().div_ceil(SHARDS);
            std::thread::scope(|scope| {
                let model = &model;
                let symmetries = &symmetries;
                let mut work: Vec<_> = gradients
                    .iter_mut()
                    .zip(losses.iter_mut())
                    .enumerate()
                    .collect();
                let per_thread = SHARDS.div_ceil(threads);
                while !work.is_empty() {
                    let mine: Vec<_> = work.drain(..per_thread.min(work.len())).collect();
                    scope.spawn(move || {
                        for (shard, gradient, loss) in mine.into_iter().map(|(s, (g, l))| (s, g, l))
                        {
                            gradient.clear();
                            *loss = 0.0;
                            let start = (shard * shard_len).min(chunk.len());
                            let end = ((shard + 1) * shard_len).min(chunk.len());
                            for (k, &index) in chunk[start..end].iter().enumerate() {
                                let symmetry =
                                    Symmetry::ALL[usize::from(symmetries[offset + start + k])];
                                let sample =
                                    sample_of(&data.train[index as usize], symmetry, settings.wdl);
                                *loss += f64::from(model.backward(&sample, gradient));
                            }
                        }
                    });
                }
            });
            let (first, rest) = gradients.split_at_mut(1);
            for other in rest.iter() {
                first[0].add(other);
            }
            let scale = 1.0 / chunk.len() as f32;
            for g in first[0]
                .feature_weights
                .iter_mut()
                .chain(first[0].feature_bias.iter_mut())
                .chain(first[0].output_weights.iter_mut())
            {
                *g *= scale;
            }
            first[0].output_bias *= scale;
            adam.step(&mut model, &first[0], rate, settings.decay);
            total += losses.iter().sum::<f64>();
        }
        let validation_loss = mean_loss(&model, &data.validation, settings.wdl);
        let figures = Epoch {
            number: epoch,
            train_loss: total / order.len().max(1) as f64,
            validation_loss,
            elapsed: began.elapsed(),
        };
        let network = model.quantise();
        if on_epoch(&figures, &network).is_break() {
            return network;
        }
    }
    model.quantise()
}

/// The mean loss of `model` on `records` (no symmetry applied); `None` for no record.
fn mean_loss(model: &Model, records: &[Record], wdl: f32) -> Option<f64> {
    if records.is_empty() {
        return None;
    }
    let total: f64 = records
        .iter()
        .map(|record| {
            let sample = sample_of(record, Symmetry::Identity, wdl);
            let predicted = sigmoid(model.evaluate(&sample) / SCALE as f32);
            let error = f64::from(predicted - sample.target);
            error * error
        })
        .sum();
    Some(total / records.len() as f64)
}

/// Writes `network` to `path`, whole or not at all (`boardgame_io::write::replace`: a
/// temporary file with an unpredictable name beside it, renamed into place; only a regular
/// file or nothing is replaced).
///
/// # Errors
/// When the file cannot be written.
pub fn save(network: &Network, path: &Path) -> io::Result<()> {
    boardgame_io::write::replace(path, &network.to_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::datagen::format::GameResult;
    use ataxx::{Ataxx, Color};
    use boardgame_core::Game;

    /// Records from random games where the side with more stones is said to win: a
    /// target the network can learn.
    fn toy_records(count: usize) -> Vec<Record> {
        let mut rng = rng_from_seed(9);
        let mut records = Vec::new();
        let mut game = 0;
        while records.len() < count {
            let mut position = Ataxx::default();
            for _ in 0..below(&mut rng, 40) {
                if position.is_terminal() {
                    break;
                }
                let moves = position.legal_moves_vec();
                position.make_move(moves[below(&mut rng, moves.len() as u64) as usize]);
            }
            let (x, o) = (
                position.pieces(Color::X).len() as i32,
                position.pieces(Color::O).len() as i32,
            );
            let result = match x.cmp(&o) {
                core::cmp::Ordering::Greater => GameResult::XWins,
                core::cmp::Ordering::Less => GameResult::OWins,
                core::cmp::Ordering::Equal => GameResult::Draw,
            };
            let lead = if position.side_to_move() == Color::X {
                x - o
            } else {
                o - x
            };
            records.push(Record {
                x: position.pieces(Color::X).bits(),
                o: position.pieces(Color::O).bits(),
                gaps: 0,
                score: (lead * 100) as i16,
                side: position.side_to_move(),
                result,
                game,
                last: true,
            });
            game += 1;
        }
        records
    }

    fn settings(threads: usize) -> Settings {
        Settings {
            features: Features::Squares,
            hidden: crate::eval::net::DEFAULT_HIDDEN,
            data: Vec::new(),
            epochs: 6,
            batch: 256,
            rate: 0.01,
            decay: 0.0,
            wdl: 0.3,
            seed: 4,
            threads,
            limit: None,
            games: Vec::new(),
        }
    }

    #[test]
    fn training_lowers_the_loss_and_does_not_depend_on_the_threads() {
        let records = toy_records(3000);
        let data = Data {
            train: records[..2700].to_vec(),
            validation: records[2700..].to_vec(),
        };
        let never = AtomicBool::new(false);
        let mut epochs = Vec::new();
        let one = train(&settings(1), &data, &never, |e, _| {
            epochs.push(*e);
            ControlFlow::Continue(())
        });
        let loss = |e: &Epoch| e.validation_loss.unwrap();
        assert!(
            loss(epochs.last().unwrap()) < loss(&epochs[0]) * 0.9,
            "{epochs:?}"
        );
        let three = train(
            &settings(3),
            &data,
            &never,
            |_, _| ControlFlow::Continue(()),
        );
        assert_eq!(one.to_bytes(), three.to_bytes());
        // A position with a big lead for the side to move is worth a lot to it.
        let ahead: Ataxx = "xxxxxxx/xxxxxxx/7/7/7/7/o6 x 0 1".parse().unwrap();
        assert!(one.evaluate(&ahead) > 100, "{}", one.evaluate(&ahead));
    }

    #[test]
    fn a_network_saved_is_read_back_the_same() {
        let dir = boardgame_io::scratch::Scratch::new("bgai-train");
        let path = dir.join("net.nnue");
        let data = Data {
            train: toy_records(64),
            validation: Vec::new(),
        };
        let never = AtomicBool::new(false);
        let network = train(
            &Settings {
                epochs: 1,
                ..settings(2)
            },
            &data,
            &never,
            |epoch, _| {
                assert_eq!(epoch.validation_loss, None, "no game held out");
                ControlFlow::Continue(())
            },
        );
        save(&network, &path).unwrap();
        let back = Network::from_bytes(&boardgame_io::scratch::read_bytes(&path)).unwrap();
        assert_eq!(back.to_bytes(), network.to_bytes());
    }

    #[test]
    fn games_keeps_only_the_first_games_of_the_run() {
        let dir = boardgame_io::scratch::Scratch::new("bgai-train-games");
        let path = dir.join("data.bin");
        // Games written out of order, as datagen's threads write them.
        // Searched positions have stones of both sides (the format refuses others).
        let mut records: Vec<Record> = toy_records(300)
            .into_iter()
            .filter(|r| r.x != 0 && r.o != 0)
            .take(200)
            .collect();
        records.reverse();
        let below_100 = records.iter().filter(|r| r.game < 100).count();
        assert!(below_100 > 50);
        let bytes: Vec<u8> = records.iter().flat_map(Record::to_bytes).collect();
        boardgame_io::scratch::write(&path, bytes);
        let data = load(&Settings {
            data: vec![path],
            games: vec![100],
            ..settings(1)
        })
        .unwrap();
        assert_eq!(data.train_len() + data.validation_len(), below_100);
        assert!(
            data.train
                .iter()
                .chain(&data.validation)
                .all(|r| r.game < 100)
        );
    }

    /// Issue 52, c8: a record cut by the end of the file (an interrupted write) ends the data,
    /// as `datainfo` counts it (cut); `train` refused the whole file. A bad record before the
    /// end is still refused.
    #[test]
    fn a_record_cut_by_the_end_of_the_file_ends_the_data() {
        let dir = boardgame_io::scratch::Scratch::new("bgai-train-cut");
        let records: Vec<Record> = toy_records(100)
            .into_iter()
            .filter(|r| r.x != 0 && r.o != 0)
            .take(20)
            .collect();
        let mut bytes: Vec<u8> = records.iter().flat_map(Record::to_bytes).collect();
        bytes.extend_from_slice(&records[0].to_bytes()[..7]);
        let cut = dir.join("cut.bin");
        boardgame_io::scratch::write(&cut, &bytes);
        let mut read = Vec::new();
        read_data_file(&cut, |record| {
            read.push(record);
            true
        })
        .unwrap();
        assert_eq!(read, records);
        let contents = crate::datagen::format::contents(&[&cut], &[]).unwrap();
        assert_eq!(contents.positions + contents.cut, 21);
        // Zeros where a record should be, before the end: refused, naming the record.
        bytes[32..64].fill(0);
        let bad = dir.join("bad.bin");
        boardgame_io::scratch::write(&bad, &bytes);
        let error = read_data_file(&bad, |_| true).unwrap_err().to_string();
        assert!(error.contains("record 1"), "{error}");
    }
}
