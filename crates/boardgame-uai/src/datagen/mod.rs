//! Self-play data for training the network: games from random openings, each move searched
//! with a fixed node budget, every searched position written with its score and the game's
//! result (the module [`format`](mod@self::format)).
//!
//! A run is a function of its settings: game `i` is seeded from `(seed, i)`, and each game
//! is searched by one thread with a table cleared before it, so the games do not depend on
//! `threads` (only their order in the file does). The file's header records the settings
//! that decide the games ([`format::Header`]).
//!
//! A run resumes: an existing output file with the same header is read, a game cut short by
//! an interruption is dropped, and only the missing games are played. A file with another
//! header (another seed, node count, evaluation or search) is refused, and so is a file that
//! is not a data file at all: it is never truncated or appended to. The file is locked while
//! a run writes it, so a second run on the same file stops at once.

pub mod format;

use std::collections::HashSet;
use std::fmt;
use std::io::{self, BufReader, Read, Seek, SeekFrom};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use ataxx::{Ataxx, AtaxxConfig, Bitboard, Color, Move, Square};
use boardgame_core::driver::{below, game_seed, rng_from_seed};
use boardgame_core::{Game, Turn};
use boardgame_io::quote_path;
use boardgame_io::write::Appender;
use rand::Rng;

use crate::eval::Evaluation;
use crate::search::{Limits, Searcher, TableError};
use format::{
    EvalId, GameResult, HEADER_BYTES, Header, MAGIC, PROVEN_SCORE, RECORD_BYTES, Reader, Record,
    SEARCH_FINGERPRINT_DEPTH,
};

/// The version of datagen's procedure: the openings, the node limits and the adjudication.
/// A change to any of them changes the games of a seed, so it gets a new number, and a file
/// made by another procedure is not resumed.
pub const PROCEDURE: u32 = 1;

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
    /// The shard played, `(index, count)` from 0: only the games `i` with
    /// `i % count == index`. `(0, 1)` plays every game.
    pub shard: (u32, u32),
}

impl Settings {
    /// The header of the run's file: the settings that decide its games, with the search's
    /// fingerprint (a short `bench`).
    ///
    /// # Errors
    /// [`DatagenError::Table`] when the bench's table cannot be allocated.
    pub fn header(&self) -> Result<Header, DatagenError> {
        let eval = match &self.evaluation {
            Evaluation::Net(net) => EvalId::Net(format::fnv1a(&net.to_bytes())),
            Evaluation::Handcrafted(_) => EvalId::Handcrafted,
        };
        let never = Arc::new(AtomicBool::new(false));
        let bench = crate::bench::run_bench(
            SEARCH_FINGERPRINT_DEPTH,
            &self.evaluation,
            &never,
            |_, _, _| true,
        )
        .map_err(DatagenError::Table)?;
        Ok(Header {
            procedure: PROCEDURE,
            seed: self.seed,
            nodes: self.nodes,
            eval,
            search: bench.map_or(0, |b| b.total()),
            shard: self.shard,
        })
    }
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
    /// The output is not this run's file: nothing was written to it.
    Refused(PathBuf, String),
    /// A thread's table could not be allocated.
    Table(TableError),
}

impl fmt::Display for DatagenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DatagenError::Io(path, error) => write!(f, "{}: {error}", quote_path(path)),
            DatagenError::Refused(path, why) => write!(
                f,
                "{}: {why}; nothing was written to it (choose another --output to start a new run)",
                quote_path(path)
            ),
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

/// A run's output file, locked, checked and ready to append to.
#[derive(Debug)]
pub struct Output {
    file: Appender,
    path: PathBuf,
    done: HashSet<u32>,
}

impl Output {
    /// Opens (or creates) the run's file under its lock: a new or empty file gets `header`;
    /// an existing one must have the same header, its complete games are read, and a cut
    /// last game is truncated away.
    ///
    /// # Errors
    /// [`DatagenError::Refused`] for a file that is not a data file of this run (another
    /// header, another format, not a regular file, locked by another run); `Io` for a
    /// failed read or write.
    pub fn open(path: &std::path::Path, header: &Header) -> Result<Output, DatagenError> {
        let refused = |why: String| DatagenError::Refused(path.to_path_buf(), why);
        let io_error = |error| DatagenError::Io(path.to_path_buf(), error);
        let mut file = Appender::open(path).map_err(|e| refused(e.to_string()))?;
        let length = file.length().map_err(io_error)?;
        if length == 0 {
            file.append(&header.to_bytes()).map_err(io_error)?;
            return Ok(Output {
                file,
                path: path.to_path_buf(),
                done: HashSet::new(),
            });
        }
        let mut head = [0u8; HEADER_BYTES];
        let read = {
            let input = file.file();
            input.seek(SeekFrom::Start(0)).map_err(io_error)?;
            input
                .take(HEADER_BYTES as u64)
                .read(&mut head)
                .map_err(io_error)?
        };
        if read < 8 || &head[0..8] != MAGIC {
            return Err(refused(
                "it is not a datagen file (it does not start with BGAXDATA); a file of format 1 (no header) can only be read by train".into(),
            ));
        }
        let theirs = Header::from_bytes(&head).map_err(refused)?;
        let differences = theirs.differences(header);
        if !differences.is_empty() {
            return Err(refused(format!(
                "it was made with other settings ({}), and games of two runs are not mixed",
                differences.join(", ")
            )));
        }
        let mut done = HashSet::new();
        let mut complete = HEADER_BYTES as u64;
        {
            let input = file.file();
            input
                .seek(SeekFrom::Start(HEADER_BYTES as u64))
                .map_err(io_error)?;
            let reader = Reader::new(BufReader::with_capacity(1 << 20, &mut *input));
            for (index, record) in reader.enumerate() {
                match record {
                    Ok(record) => {
                        if record.last {
                            done.insert(record.game);
                            complete =
                                HEADER_BYTES as u64 + (index as u64 + 1) * RECORD_BYTES as u64;
                        }
                    }
                    // A record cut by the end of the file: an interrupted write.
                    Err(error)
                        if HEADER_BYTES as u64 + (error.index + 1) * RECORD_BYTES as u64
                            > length =>
                    {
                        break;
                    }
                    Err(error) => return Err(refused(format!("a bad record: {error}"))),
                }
            }
        }
        if complete < length {
            file.truncate(complete).map_err(io_error)?;
        }
        Ok(Output {
            file,
            path: path.to_path_buf(),
            done,
        })
    }

    /// Games complete in the file.
    #[must_use]
    pub fn done(&self) -> &HashSet<u32> {
        &self.done
    }
}

/// Plays the run's missing games and appends them to `output`. `stop` ends the run between
/// moves (the game in progress is dropped).
///
/// # Errors
/// [`DatagenError`] when the output cannot be written, or a table not allocated.
pub fn run(
    settings: &Settings,
    output: Output,
    stop: &AtomicBool,
    progress: &Progress,
) -> Result<Summary, DatagenError> {
    let done = &output.done;
    let resumed = done.iter().filter(|&&g| g < settings.games).count() as u64;
    let (shard, shards) = (settings.shard.0, settings.shard.1.max(1));
    let in_shard = u64::from(settings.games / shards) + u64::from(settings.games % shards > shard);
    let todo = in_shard.saturating_sub(resumed);
    let path = output.path.clone();
    let io_error = |error| DatagenError::Io(path.clone(), error);
    let Output { file, done, .. } = output;
    let file = Mutex::new(file);
    // The next game index to consider; games already in the file are skipped. No list of
    // the games is made: a run of 2^32 games costs no memory up front.
    let next = AtomicU64::new(0);
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
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Ok(game) = u32::try_from(index * u64::from(shards) + u64::from(shard))
                    else {
                        return;
                    };
                    if game >= settings.games {
                        return;
                    }
                    if done.contains(&game) {
                        continue;
                    }
                    let Some(records) =
                        play_game(&mut searcher, settings.seed, game, settings.nodes, stop)
                    else {
                        return;
                    };
                    let bytes: Vec<u8> = records.iter().flat_map(Record::to_bytes).collect();
                    let written = file
                        .lock()
                        .unwrap_or_else(|p| p.into_inner())
                        .append(&bytes);
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
    file.into_inner()
        .unwrap_or_else(|p| p.into_inner())
        .sync()
        .map_err(io_error)?;
    let games = progress.games.load(Ordering::Relaxed);
    Ok(Summary {
        resumed_games: resumed,
        games,
        positions: progress.positions.load(Ordering::Relaxed),
        stopped: games < todo,
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
    use boardgame_io::scratch::Scratch;

    fn settings(path: &std::path::Path, games: u32, threads: usize) -> Settings {
        Settings {
            output: path.to_path_buf(),
            games,
            seed: 5,
            threads,
            nodes: 300,
            evaluation: Evaluation::handcrafted(),
            hash_mb: 1,
            shard: (0, 1),
        }
    }

    /// Opens the settings' output and runs them.
    fn run_all(settings: &Settings) -> Result<Summary, DatagenError> {
        let header = settings.header()?;
        let output = Output::open(&settings.output, &header)?;
        run(
            settings,
            output,
            &AtomicBool::new(false),
            &Progress::default(),
        )
    }

    fn read(path: &std::path::Path) -> Vec<Record> {
        let file = format::open(path).unwrap();
        assert!(file.header.is_some());
        file.records.map(Result::unwrap).collect()
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
        let dir = Scratch::new("resume");
        let one = dir.join("one.bin");
        let two = dir.join("two.bin");
        let summary = run_all(&settings(&one, 4, 1)).unwrap();
        assert_eq!((summary.games, summary.resumed_games), (4, 0));
        // The same run on two threads, interrupted by a cut: half a game at the end.
        run_all(&settings(&two, 2, 2)).unwrap();
        let records = read(&one);
        let first_game_len = records.iter().position(|r| r.last).unwrap() + 1;
        let mut cut: Vec<u8> = records.iter().take(2).flat_map(Record::to_bytes).collect();
        cut.extend_from_slice(&[7; 5]);
        let mut file = boardgame_io::write::Appender::open(&two).unwrap();
        file.append(&cut).unwrap();
        drop(file);
        let resumed = run_all(&settings(&two, 4, 2)).unwrap();
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
    }

    #[test]
    fn shards_together_play_the_games_of_the_whole_run() {
        let dir = Scratch::new("shards");
        let whole = dir.join("whole.bin");
        run_all(&settings(&whole, 5, 2)).unwrap();
        let mut parts = Vec::new();
        let mut files = Vec::new();
        for index in 0..3 {
            let path = dir.join(format!("shard-{index}.bin"));
            files.push(path.clone());
            let mut shard = settings(&path, 5, 1);
            shard.shard = (index, 3);
            let summary = run_all(&shard).unwrap();
            assert_eq!(summary.games, [2, 2, 1][index as usize]);
            let games = games_of(&read(&path));
            assert!(games.iter().all(|g| g[0].game % 3 == index));
            parts.extend(games);
            // A shard is resumed only as the same shard.
            let mut other = settings(&path, 5, 1);
            other.shard = ((index + 1) % 3, 3);
            assert!(run_all(&other).unwrap_err().to_string().contains("shard"));
        }
        parts.sort_by_key(|g| g[0].game);
        assert_eq!(parts, games_of(&read(&whole)));
        // The digest of the games does not depend on how they were split or ordered.
        let (all, shards) = (
            format::contents(&[&whole], &[]).unwrap(),
            format::contents(&files, &[]).unwrap(),
        );
        assert_eq!((all.games, all.duplicates, all.cut), (5, 0, 0));
        assert_eq!(all, shards);
        files.push(files[0].clone());
        assert_eq!(format::contents(&files, &[]).unwrap().duplicates, 2);
        // A cut game is counted apart, not read as an error.
        let bytes = boardgame_io::scratch::read_bytes(&whole);
        boardgame_io::scratch::write(&whole, &bytes[..bytes.len() - 40]);
        let cut = format::contents(&[&whole], &[]).unwrap();
        assert_eq!((cut.games, cut.cut > 0), (4, true));
        // Bounds select the first games of each file: games 0 and 3 of shard 0, 1 of shard 1.
        let first = format::contents(&files[..2], &[4, 2]).unwrap();
        assert_eq!(first.games, 3);
        assert!(format::contents(&files[..2], &[4, 2, 1]).is_err());
    }

    /// Issue 44, defect 9: a resume with another seed, node count or evaluation is refused
    /// and the file is left as it was.
    #[test]
    fn a_resume_with_other_settings_is_refused_and_the_file_kept() {
        let dir = Scratch::new("settings");
        let path = dir.join("gen.bin");
        run_all(&settings(&path, 1, 1)).unwrap();
        let before = boardgame_io::scratch::read_bytes(&path);
        let mut seed = settings(&path, 2, 1);
        seed.seed = 6;
        let mut nodes = settings(&path, 2, 1);
        nodes.nodes = 400;
        let mut eval = settings(&path, 2, 1);
        eval.evaluation = Evaluation::default_net();
        for (changed, name) in [
            (seed, "seed 5"),
            (nodes, "nodes 300"),
            (eval, "evaluation handcrafted"),
        ] {
            let error = run_all(&changed).unwrap_err().to_string();
            assert!(
                error.contains("other settings") && error.contains(name),
                "{error}"
            );
            assert_eq!(boardgame_io::scratch::read_bytes(&path), before);
        }
    }

    /// Issue 44, defect 12: a file that is not a data file is never truncated or written.
    #[test]
    fn a_file_that_is_not_a_data_file_is_left_alone() {
        let dir = Scratch::new("foreign");
        let notes = dir.join("notes.txt");
        boardgame_io::scratch::write(&notes, "notes\n");
        let error = run_all(&settings(&notes, 1, 1)).unwrap_err().to_string();
        assert!(error.contains("not a datagen file"), "{error}");
        assert_eq!(boardgame_io::scratch::read_text(&notes), "notes\n");
        // A file of 64 zero bytes or more is no data file either.
        let zeros = dir.join("zeros.bin");
        boardgame_io::scratch::write(&zeros, [0u8; 200]);
        assert!(run_all(&settings(&zeros, 1, 1)).is_err());
        assert_eq!(boardgame_io::scratch::read_bytes(&zeros), [0u8; 200]);
    }

    /// Issue 44, defect 11: devices, FIFOs and directories are refused at once.
    #[test]
    fn devices_fifos_and_directories_are_refused_at_once() {
        let dir = Scratch::new("devices");
        let fifo = dir.fifo("fifo");
        let header = settings(&fifo, 1, 1).header().unwrap();
        for path in [
            std::path::Path::new("/dev/full"),
            std::path::Path::new("/dev/zero"),
            fifo.as_path(),
            dir.path(),
        ] {
            let error = Output::open(path, &header).unwrap_err().to_string();
            assert!(error.contains("not a regular file"), "{error}");
        }
    }

    /// Issue 44, defect 14: a second run on the same file is refused while the first holds it.
    #[test]
    fn a_second_writer_of_one_file_is_refused() {
        let dir = Scratch::new("lock");
        let path = dir.join("gen.bin");
        let header = settings(&path, 1, 1).header().unwrap();
        let first = Output::open(&path, &header).unwrap();
        let error = Output::open(&path, &header).unwrap_err().to_string();
        assert!(error.contains("another run"), "{error}");
        drop(first);
        assert!(Output::open(&path, &header).is_ok());
    }

    /// Issue 44, defect 8: the games of a run are not listed up front.
    #[test]
    fn a_run_of_every_game_index_costs_no_memory_up_front() {
        let dir = Scratch::new("huge");
        let path = dir.join("gen.bin");
        let settings = settings(&path, u32::MAX, 2);
        let output = Output::open(&path, &settings.header().unwrap()).unwrap();
        let started = std::time::Instant::now();
        let summary = run(
            &settings,
            output,
            &AtomicBool::new(true),
            &Progress::default(),
        )
        .unwrap();
        assert!(summary.stopped && summary.games == 0);
        assert!(started.elapsed() < Duration::from_secs(2));
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
