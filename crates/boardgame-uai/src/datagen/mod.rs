//! Self-play data for training the network: games from random openings, each move searched
//! with a fixed node budget, every searched position written with its score and the game's
//! result (the module [`format`](mod@self::format)).
//!
//! A run is a function of its settings: game `i` is seeded from `(seed, i)`, and each game
//! is searched by one thread with a table cleared before it, so the games do not depend on
//! `threads` (only their order in the file does). A run resumes: an existing output file
//! is read, a game cut short by an interruption is dropped, and only the missing games are
//! played.

pub mod format;

use std::collections::HashSet;
use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{self, BufReader, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::Duration;

use ataxx::{Ataxx, AtaxxConfig, Bitboard, Color, Move, Square};
use boardgame_core::driver::{below, game_seed, rng_from_seed};
use boardgame_core::{Game, Turn};
use rand::Rng;

use crate::eval::Evaluation;
use crate::search::{Limits, Searcher, TableError};
use format::{GameResult, PROVEN_SCORE, RECORD_BYTES, Reader, Record};

/// The settings of a run.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Where the records go (appended to; see the module docs on resuming).
    pub output: PathBuf,
    /// Games in the run.
    pub games: u32,
    /// The run's seed.
    pub seed: u64,
    /// Games played at once, one thread each.
    pub threads: usize,
    /// No new iteration starts once a move's search has used this many nodes; a search
    /// stops at twice as many.
    pub nodes: u64,
    /// The evaluation the games are searched with.
    pub evaluation: Evaluation,
    /// Each thread's table, in MiB.
    pub hash_mb: usize,
}

/// What a run did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Games found complete in the file before the run.
    pub resumed_games: u64,
    /// Games played and written by this run.
    pub games: u64,
    /// Positions written by this run.
    pub positions: u64,
    /// Whether the run stopped before every game was played.
    pub stopped: bool,
}

/// Why a run failed.
#[derive(Debug)]
pub enum DatagenError {
    /// Reading or writing the output failed.
    Io(PathBuf, io::Error),
    /// A thread's table could not be allocated.
    Table(TableError),
}

impl fmt::Display for DatagenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DatagenError::Io(path, error) => write!(f, "{}: {error}", path.display()),
            DatagenError::Table(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for DatagenError {}

/// Progress counters, read by whoever shows progress while a run goes on.
#[derive(Debug, Default)]
pub struct Progress {
    /// Games written so far by this run.
    pub games: AtomicU64,
    /// Positions written so far by this run.
    pub positions: AtomicU64,
}

/// Reads an existing output file: the indices of its complete games. A cut last game (or
/// a cut record) is truncated away, so that appending continues on a game boundary.
///
/// # Errors
/// When the file cannot be read or truncated, or holds a record that is not one (other
/// than a cut last record).
pub fn resume(path: &Path) -> Result<HashSet<u32>, DatagenError> {
    let io_error = |error| DatagenError::Io(path.to_path_buf(), error);
    let file = match File::open(path) {
        Ok(file) => file,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(HashSet::new()),
        Err(error) => return Err(io_error(error)),
    };
    let length = file.metadata().map_err(io_error)?.len();
    let mut done = HashSet::new();
    let mut complete_bytes = 0u64;
    for (index, record) in Reader::new(BufReader::new(file)).enumerate() {
        match record {
            Ok(record) => {
                if record.last {
                    done.insert(record.game);
                    complete_bytes = (index as u64 + 1) * RECORD_BYTES as u64;
                }
            }
            Err(error) if (error.index + 1) * RECORD_BYTES as u64 > length => break,
            Err(error) => {
                return Err(io_error(io::Error::new(
                    io::ErrorKind::InvalidData,
                    error.to_string(),
                )));
            }
        }
    }
    if complete_bytes < length {
        let file = OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(io_error)?;
        file.set_len(complete_bytes).map_err(io_error)?;
    }
    Ok(done)
}

/// Plays the run's missing games and appends them to the output. `stop` ends the run
/// between moves (the game in progress is dropped).
///
/// # Errors
/// [`DatagenError`] when the output cannot be read or written, or a table not allocated.
pub fn run(
    settings: &Settings,
    stop: &AtomicBool,
    progress: &Progress,
) -> Result<Summary, DatagenError> {
    let done = resume(&settings.output)?;
    let todo: Vec<u32> = (0..settings.games).filter(|g| !done.contains(g)).collect();
    let io_error = |error| DatagenError::Io(settings.output.clone(), error);
    let mut file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&settings.output)
        .map_err(io_error)?;
    file.seek(SeekFrom::End(0)).map_err(io_error)?;
    let output = Mutex::new(file);
    let next = AtomicUsize::new(0);
    let failure: Mutex<Option<DatagenError>> = Mutex::new(None);
    let halt = AtomicBool::new(false);
    std::thread::scope(|scope| {
        for _ in 0..settings.threads.max(1) {
            scope.spawn(|| {
                let mut searcher = match Searcher::new(settings.hash_mb) {
                    Ok(searcher) => searcher,
                    Err(error) => {
                        failure
                            .lock()
                            .unwrap_or_else(|p| p.into_inner())
                            .get_or_insert(DatagenError::Table(error));
                        halt.store(true, Ordering::Relaxed);
                        return;
                    }
                };
                searcher.set_evaluation(settings.evaluation.clone());
                loop {
                    if stop.load(Ordering::Relaxed) || halt.load(Ordering::Relaxed) {
                        return;
                    }
                    let Some(&game) = todo.get(next.fetch_add(1, Ordering::Relaxed)) else {
                        return;
                    };
                    let Some(records) =
                        play_game(&mut searcher, settings.seed, game, settings.nodes, stop)
                    else {
                        return;
                    };
                    let bytes: Vec<u8> = records.iter().flat_map(Record::to_bytes).collect();
                    let written = {
                        let mut out = output.lock().unwrap_or_else(|p| p.into_inner());
                        out.write_all(&bytes).and_then(|()| out.flush())
                    };
                    if let Err(error) = written {
                        failure
                            .lock()
                            .unwrap_or_else(|p| p.into_inner())
                            .get_or_insert(io_error(error));
                        halt.store(true, Ordering::Relaxed);
                        return;
                    }
                    progress.games.fetch_add(1, Ordering::Relaxed);
                    progress
                        .positions
                        .fetch_add(records.len() as u64, Ordering::Relaxed);
                }
            });
        }
    });
    if let Some(error) = failure.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(error);
    }
    let games = progress.games.load(Ordering::Relaxed);
    Ok(Summary {
        resumed_games: done.len() as u64,
        games,
        positions: progress.positions.load(Ordering::Relaxed),
        stopped: games < todo.len() as u64,
    })
}

/// Blocked-square layouts: 7 games in 10 have none; the others get a random layout with
/// the board's four mirror symmetries, away from the four start squares.
fn random_gaps<R: Rng + ?Sized>(rng: &mut R) -> Bitboard {
    if below(rng, 10) < 7 {
        return Bitboard::EMPTY;
    }
    let mut gaps = Bitboard::EMPTY;
    let count = 1 + below(rng, 3);
    for _ in 0..count {
        let file = below(rng, 4) as u8;
        let rank = below(rng, 4) as u8;
        if (file, rank) == (0, 0) {
            continue;
        }
        for (f, r) in [
            (file, rank),
            (6 - file, rank),
            (file, 6 - rank),
            (6 - file, 6 - rank),
        ] {
            if let Some(sq) = Square::new(f, r) {
                gaps = gaps.with(sq);
            }
        }
    }
    gaps
}

/// The opening of game `game`: a blocked-square layout and 8 to 13 uniformly random plies,
/// redrawn (from the same random stream) until the position is not over and a short
/// search scores it within ±3 stones.
pub(crate) fn opening<R: Rng + ?Sized>(searcher: &mut Searcher, rng: &mut R) -> Ataxx {
    let start = Ataxx::default();
    for _ in 0..64 {
        let gaps = random_gaps(rng);
        let Ok(mut position) = Ataxx::from_bitboards(
            start.pieces(Color::X),
            start.pieces(Color::O),
            gaps,
            Color::X,
            AtaxxConfig::default(),
        ) else {
            continue;
        };
        let plies = 8 + below(rng, 6);
        for _ in 0..plies {
            if position.is_terminal() {
                break;
            }
            let moves = position.legal_moves_vec();
            position.make_move(moves[below(rng, moves.len() as u64) as usize]);
        }
        if !matches!(position.turn(), Turn::Player(_)) || position.must_pass() {
            continue;
        }
        searcher.clear();
        let limits = Limits {
            nodes: Some(4_000),
            ..Limits::default()
        };
        if searcher.search(&position, &limits, |_| {}).score.abs() <= 300 {
            return position;
        }
    }
    Ataxx::default()
}

/// Plays game `game` of the run seeded `seed`: its records, or `None` once `stop` is
/// raised.
pub fn play_game(
    searcher: &mut Searcher,
    seed: u64,
    game: u32,
    nodes: u64,
    stop: &AtomicBool,
) -> Option<Vec<Record>> {
    let mut rng = rng_from_seed(game_seed(seed, u64::from(game)));
    let mut position = opening(searcher, &mut rng);
    searcher.clear();
    let limits = Limits {
        soft_nodes: Some(nodes),
        nodes: Some(nodes.saturating_mul(2)),
        ..Limits::default()
    };
    let mut records = Vec::new();
    let result = loop {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        match position.turn() {
            Turn::Player(_) => {}
            _ => break outcome_of(&position),
        }
        if position.must_pass() || records.len() >= 2_000 {
            if records.len() >= 2_000 {
                break GameResult::Draw;
            }
            position.make_move(Move::Pass);
            continue;
        }
        let report = searcher.search(&position, &limits, |_| {});
        let side = position.side_to_move();
        let proven = report.plies_to_end();
        let score = match proven {
            Some(plies) if plies > 0 => PROVEN_SCORE,
            Some(_) => -PROVEN_SCORE,
            None => report
                .score
                .clamp(-i32::from(PROVEN_SCORE), i32::from(PROVEN_SCORE))
                as i16,
        };
        records.push(Record {
            x: position.pieces(Color::X).bits(),
            o: position.pieces(Color::O).bits(),
            gaps: position.blocked().bits(),
            score,
            side,
            result: GameResult::Draw,
            game,
            last: false,
        });
        if let Some(plies) = proven {
            // A proven result: the game is adjudicated to it.
            let side_wins = plies > 0;
            break match (side, side_wins) {
                (Color::X, true) | (Color::O, false) => GameResult::XWins,
                _ => GameResult::OWins,
            };
        }
        position.make_move(report.best);
    };
    for record in &mut records {
        record.result = result;
    }
    if let Some(last) = records.last_mut() {
        last.last = true;
    }
    Some(records)
}

/// The result of a finished game for `x`.
fn outcome_of(position: &Ataxx) -> GameResult {
    match position.outcome().and_then(|o| o.winner()) {
        Some(seat) if seat.index() == 0 => GameResult::XWins,
        Some(_) => GameResult::OWins,
        None => GameResult::Draw,
    }
}

/// Positions per hour from a count and the time it took.
#[must_use]
pub fn per_hour(count: u64, elapsed: Duration) -> u64 {
    let seconds = elapsed.as_secs_f64().max(1e-3);
    (count as f64 * 3600.0 / seconds) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(path: &Path, games: u32, threads: usize) -> Settings {
        Settings {
            output: path.to_path_buf(),
            games,
            seed: 5,
            threads,
            nodes: 300,
            evaluation: Evaluation::handcrafted(),
            hash_mb: 1,
        }
    }

    fn read(path: &Path) -> Vec<Record> {
        Reader::new(BufReader::new(File::open(path).unwrap()))
            .map(Result::unwrap)
            .collect()
    }

    fn games_of(records: &[Record]) -> Vec<Vec<Record>> {
        let mut games: Vec<Vec<Record>> = Vec::new();
        let mut current = Vec::new();
        for record in records {
            current.push(*record);
            if record.last {
                games.push(std::mem::take(&mut current));
            }
        }
        assert!(current.is_empty(), "a game without its last record");
        games.sort_by_key(|g| g[0].game);
        games
    }

    #[test]
    fn a_run_is_reproducible_whatever_the_threads_and_resumes_after_a_cut() {
        let dir = std::env::temp_dir().join(format!("bgai-datagen-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let one = dir.join("one.bin");
        let two = dir.join("two.bin");
        let _ = std::fs::remove_file(&one);
        let _ = std::fs::remove_file(&two);
        let never = AtomicBool::new(false);
        let summary = run(&settings(&one, 4, 1), &never, &Progress::default()).unwrap();
        assert_eq!((summary.games, summary.resumed_games), (4, 0));
        // The same run on two threads, interrupted by a cut: half a game at the end.
        run(&settings(&two, 2, 2), &never, &Progress::default()).unwrap();
        let cut = std::fs::read(&one).unwrap();
        let first_game_len = read(&one).iter().position(|r| r.last).unwrap() + 1;
        let mut file = OpenOptions::new().append(true).open(&two).unwrap();
        file.write_all(&cut[..RECORD_BYTES * 2 + 5]).unwrap();
        drop(file);
        let resumed = run(&settings(&two, 4, 2), &never, &Progress::default()).unwrap();
        assert_eq!((resumed.resumed_games, resumed.games), (2, 2));
        assert!(first_game_len > 2);
        let a = games_of(&read(&one));
        let b = games_of(&read(&two));
        assert_eq!(a, b, "the same games whatever the threads and the cut");
        // Every record is a position of its game, from a searched decision node.
        for game in &a {
            let result = game[0].result;
            for record in game {
                assert_eq!(record.result, result);
                let position = record.position().unwrap();
                assert!(matches!(position.turn(), Turn::Player(_)));
                assert!(!position.must_pass());
            }
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_raised_stop_flag_ends_a_game_without_records() {
        let mut searcher = Searcher::new(1).unwrap();
        let raised = AtomicBool::new(true);
        assert_eq!(play_game(&mut searcher, 1, 0, 100, &raised), None);
    }

    #[test]
    fn openings_are_balanced_decision_nodes_some_with_gaps() {
        let mut searcher = Searcher::new(1).unwrap();
        searcher.set_evaluation(Evaluation::handcrafted());
        let mut with_gaps = 0;
        for game in 0..20 {
            let mut rng = rng_from_seed(game_seed(3, game));
            let position = opening(&mut searcher, &mut rng);
            assert!(matches!(position.turn(), Turn::Player(_)));
            if !position.blocked().is_empty() {
                with_gaps += 1;
            }
        }
        assert!((1..20).contains(&with_gaps), "{with_gaps} of 20 with gaps");
    }
}
