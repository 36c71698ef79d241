//! The training-data format: a 64-byte header that carries the run's settings, then fixed
//! records of 32 bytes, little-endian, so that a record is found by its index.
//!
//! **Header** (format version 2; files of version 1 had no header and are still read):
//!
//! | bytes | field |
//! |---|---|
//! | 0..8 | `BGAXDATA` |
//! | 8..12 | the format version, `u32` (2) |
//! | 12..16 | the version of datagen's procedure (openings, limits, adjudication), `u32` |
//! | 16..24 | the run's seed, `u64` |
//! | 24..32 | nodes per move (the soft limit; the hard limit is twice as many), `u64` |
//! | 32..40 | the evaluation's fingerprint: FNV-1a of the network file, or 0 for the handcrafted evaluation, `u64` |
//! | 40 | the evaluation's kind: 0 handcrafted, 1 a network |
//! | 41..48 | zero |
//! | 48..56 | the search's fingerprint: `bench`'s node count at depth [`SEARCH_FINGERPRINT_DEPTH`] with that evaluation, `u64` |
//! | 56..60 | the shard's index, from 0 (0 for a run without shards), `u32` |
//! | 60..64 | the number of shards minus one (0 for a run without shards), `u32` |
//!
//! Two runs with the same header play the same game `i` for every `i`, so a file is resumed
//! only by a run with the same header, and a file that does not start with one is never
//! written to.
//!
//! **Records**:
//!
//! | bytes | field |
//! |---|---|
//! | 0..8 | `x`'s stones, bit `rank·7 + file` (`a1` = bit 0) |
//! | 8..16 | `o`'s stones |
//! | 16..24 | blocked squares; bit 63 set on the last record of a game |
//! | 24..26 | the search's score for the side to move, `i16`, hundredths of a stone (a proven win ±10 000) |
//! | 26 | the side to move: 0 for `x`, 1 for `o` |
//! | 27 | the game's result for `x`: 0 loss, 1 draw, 2 win |
//! | 28..32 | the game's index in its run, `u32` |
//!
//! A game's records are written together, in the order of its moves. Every record is a
//! searched position, so both sides have stones: a record without them (a zero-filled file)
//! is refused.

use std::fmt;
use std::fs::File;
use std::io::{self, BufReader, Read, Seek, SeekFrom};
use std::path::Path;

use ataxx::{Ataxx, AtaxxConfig, Bitboard, Color};

/// The size of one record.
pub const RECORD_BYTES: usize = 32;
/// The size of the header (two records' worth, so records stay aligned).
pub const HEADER_BYTES: usize = 64;
/// The header's first bytes.
pub const MAGIC: &[u8; 8] = b"BGAXDATA";
/// The format version this code writes.
pub const FORMAT_VERSION: u32 = 2;
/// The depth of the `bench` run whose node count is a header's search fingerprint.
pub const SEARCH_FINGERPRINT_DEPTH: u32 = 5;
/// The score stored for a proven win (its negation for a proven loss).
pub const PROVEN_SCORE: i16 = 10_000;
const SQUARES: u64 = (1 << 49) - 1;
const LAST_FLAG: u64 = 1 << 63;

/// A game's result from `x`'s side.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `o` won.
    OWins,
    /// A draw.
    Draw,
    /// `x` won.
    XWins,
}

impl GameResult {
    /// The result as a score for `side`: 1 for a win, ½ for a draw, 0 for a loss.
    #[must_use]
    pub fn score_for(self, side: Color) -> f32 {
        let for_x = match self {
            GameResult::OWins => 0.0,
            GameResult::Draw => 0.5,
            GameResult::XWins => 1.0,
        };
        match side {
            Color::X => for_x,
            Color::O => 1.0 - for_x,
        }
    }
}

/// One position of a self-play game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Record {
    /// `x`'s stones.
    pub x: u64,
    /// `o`'s stones.
    pub o: u64,
    /// The blocked squares.
    pub gaps: u64,
    /// The search's score for the side to move.
    pub score: i16,
    /// The side to move.
    pub side: Color,
    /// How the game ended.
    pub result: GameResult,
    /// The game's index in its run.
    pub game: u32,
    /// Whether this is the game's last record.
    pub last: bool,
}

/// Why bytes are not a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatError {
    /// The record's index in its file.
    pub index: u64,
    /// What is wrong.
    pub why: String,
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "record {}: {}", self.index, self.why)
    }
}

impl std::error::Error for FormatError {}

impl Record {
    /// The record's bytes.
    #[must_use]
    pub fn to_bytes(&self) -> [u8; RECORD_BYTES] {
        let mut out = [0; RECORD_BYTES];
        out[0..8].copy_from_slice(&self.x.to_le_bytes());
        out[8..16].copy_from_slice(&self.o.to_le_bytes());
        let gaps = self.gaps | if self.last { LAST_FLAG } else { 0 };
        out[16..24].copy_from_slice(&gaps.to_le_bytes());
        out[24..26].copy_from_slice(&self.score.to_le_bytes());
        out[26] = self.side.index() as u8;
        out[27] = match self.result {
            GameResult::OWins => 0,
            GameResult::Draw => 1,
            GameResult::XWins => 2,
        };
        out[28..32].copy_from_slice(&self.game.to_le_bytes());
        out
    }

    /// A record from its bytes, checked: the three sets of squares are disjoint and on the
    /// board, and the side and result are in range.
    ///
    /// # Errors
    /// [`FormatError`] (with `index` as the record's index) when the bytes are not a record.
    pub fn from_bytes(bytes: &[u8; RECORD_BYTES], index: u64) -> Result<Record, FormatError> {
        let word = |at: usize| {
            let mut w = [0; 8];
            w.copy_from_slice(&bytes[at..at + 8]);
            u64::from_le_bytes(w)
        };
        let bad = |why: &str| FormatError {
            index,
            why: why.to_string(),
        };
        let (x, o, gaps_word) = (word(0), word(8), word(16));
        let gaps = gaps_word & !LAST_FLAG;
        if (x | o | gaps) & !SQUARES != 0 {
            return Err(bad("a square outside the 7×7 board"));
        }
        if x & o != 0 || x & gaps != 0 || o & gaps != 0 {
            return Err(bad("a square claimed twice"));
        }
        if x == 0 || o == 0 {
            return Err(bad(
                "a side without stones (every record is a searched position with stones of both sides)",
            ));
        }
        let side = match bytes[26] {
            0 => Color::X,
            1 => Color::O,
            _ => return Err(bad("a side to move other than 0 or 1")),
        };
        let result = match bytes[27] {
            0 => GameResult::OWins,
            1 => GameResult::Draw,
            2 => GameResult::XWins,
            _ => return Err(bad("a result other than 0, 1 or 2")),
        };
        Ok(Record {
            x,
            o,
            gaps,
            score: i16::from_le_bytes([bytes[24], bytes[25]]),
            side,
            result,
            game: u32::from_le_bytes([bytes[28], bytes[29], bytes[30], bytes[31]]),
            last: gaps_word & LAST_FLAG != 0,
        })
    }

    /// The record's position (the counters at 0 and 1: they are not stored).
    ///
    /// # Errors
    /// Never for a record read by [`Record::from_bytes`] (its squares are disjoint).
    pub fn position(&self) -> Result<Ataxx, ataxx::SetupError> {
        Ataxx::from_bitboards(
            Bitboard::new(self.x),
            Bitboard::new(self.o),
            Bitboard::new(self.gaps),
            self.side,
            AtaxxConfig::default(),
        )
    }
}

/// The evaluation a run searches with, as its header records it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum EvalId {
    /// The handcrafted evaluation.
    Handcrafted,
    /// A network, by the FNV-1a hash of its file.
    Net(u64),
}

/// FNV-1a over `bytes`: a fingerprint of a network file.
#[must_use]
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// A data file's header: the settings that decide its games.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Header {
    /// The version of datagen's procedure.
    pub procedure: u32,
    /// The run's seed.
    pub seed: u64,
    /// Nodes per move (soft).
    pub nodes: u64,
    /// The evaluation.
    pub eval: EvalId,
    /// `bench`'s node count at depth [`SEARCH_FINGERPRINT_DEPTH`] with that evaluation.
    pub search: u64,
    /// The shard (`index` of `count`, from 0) whose games the file holds: game `i` is in
    /// shard `i % count`. `(0, 1)` for a run without shards.
    pub shard: (u32, u32),
}

impl Header {
    /// The header's bytes.
    #[must_use]
    pub fn to_bytes(&self) -> [u8; HEADER_BYTES] {
        let mut out = [0; HEADER_BYTES];
        out[0..8].copy_from_slice(MAGIC);
        out[8..12].copy_from_slice(&FORMAT_VERSION.to_le_bytes());
        out[12..16].copy_from_slice(&self.procedure.to_le_bytes());
        out[16..24].copy_from_slice(&self.seed.to_le_bytes());
        out[24..32].copy_from_slice(&self.nodes.to_le_bytes());
        let (kind, hash) = match self.eval {
            EvalId::Handcrafted => (0, 0),
            EvalId::Net(hash) => (1, hash),
        };
        out[32..40].copy_from_slice(&hash.to_le_bytes());
        out[40] = kind;
        out[48..56].copy_from_slice(&self.search.to_le_bytes());
        out[56..60].copy_from_slice(&self.shard.0.to_le_bytes());
        out[60..64].copy_from_slice(&self.shard.1.saturating_sub(1).to_le_bytes());
        out
    }

    /// A header from its bytes.
    ///
    /// # Errors
    /// A message when the bytes are not a header of this format version.
    pub fn from_bytes(bytes: &[u8; HEADER_BYTES]) -> Result<Header, String> {
        let u32_at = |at: usize| {
            u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
        };
        let u64_at = |at: usize| {
            let mut w = [0; 8];
            w.copy_from_slice(&bytes[at..at + 8]);
            u64::from_le_bytes(w)
        };
        if &bytes[0..8] != MAGIC {
            return Err("it does not start with BGAXDATA".into());
        }
        let version = u32_at(8);
        if version != FORMAT_VERSION {
            return Err(format!(
                "format version {version}, this program reads {FORMAT_VERSION}"
            ));
        }
        let eval = match (bytes[40], u64_at(32)) {
            (0, 0) => EvalId::Handcrafted,
            (1, hash) => EvalId::Net(hash),
            (kind, _) => return Err(format!("an evaluation of unknown kind {kind}")),
        };
        if bytes[41..48].iter().any(|&b| b != 0) {
            return Err("reserved header bytes are not zero".into());
        }
        let shard = (u32_at(56), u32_at(60).saturating_add(1));
        if shard.0 >= shard.1 {
            return Err(format!("shard index {} of {} shards", shard.0, shard.1));
        }
        Ok(Header {
            procedure: u32_at(12),
            seed: u64_at(16),
            nodes: u64_at(24),
            eval,
            search: u64_at(48),
            shard,
        })
    }

    /// What differs between this header and `other`, in words (empty when nothing does).
    #[must_use]
    pub fn differences(&self, other: &Header) -> Vec<String> {
        let mut out = Vec::new();
        let mut check = |name: &str, a: String, b: String| {
            if a != b {
                out.push(format!("{name} {a} (the file) against {b} (this run)"));
            }
        };
        check(
            "procedure",
            self.procedure.to_string(),
            other.procedure.to_string(),
        );
        check("seed", self.seed.to_string(), other.seed.to_string());
        check("nodes", self.nodes.to_string(), other.nodes.to_string());
        check("evaluation", eval_name(self.eval), eval_name(other.eval));
        check(
            "search fingerprint",
            self.search.to_string(),
            other.search.to_string(),
        );
        let shard = |(index, count): (u32, u32)| format!("{}/{count}", index + 1);
        check("shard", shard(self.shard), shard(other.shard));
        out
    }
}

fn eval_name(eval: EvalId) -> String {
    match eval {
        EvalId::Handcrafted => "handcrafted".into(),
        EvalId::Net(hash) => format!("net {hash:016x}"),
    }
}

/// An open data file, positioned at its first record.
#[derive(Debug)]
pub struct DataFile {
    /// The header; `None` for a file of format version 1 (no header).
    pub header: Option<Header>,
    /// The file's records.
    pub records: Reader<BufReader<File>>,
    /// The number of whole records the file holds.
    pub record_count: u64,
}

/// Opens a data file for reading: only a regular file (never a device or FIFO), of either
/// format version.
///
/// # Errors
/// A message when the file cannot be opened, is not a regular file, or has a bad header.
pub fn open(path: &Path) -> Result<DataFile, String> {
    let (file, length) = boardgame_io::read::open_regular(path).map_err(|e| e.to_string())?;
    let mut input = BufReader::with_capacity(1 << 20, file);
    let mut head = [0u8; HEADER_BYTES];
    let header = if length >= HEADER_BYTES as u64 {
        input.read_exact(&mut head).map_err(|e| e.to_string())?;
        if &head[0..8] == MAGIC {
            Some(Header::from_bytes(&head)?)
        } else {
            None
        }
    } else {
        None
    };
    let body = if header.is_some() {
        length - HEADER_BYTES as u64
    } else {
        length
    };
    if header.is_none() {
        // A file of version 1: its first bytes were records.
        input.seek(SeekFrom::Start(0)).map_err(|e| e.to_string())?;
    }
    let records = Reader::new(input);
    Ok(DataFile {
        header,
        records,
        record_count: body / RECORD_BYTES as u64,
    })
}

/// What a set of data files holds, with a digest that does not depend on the order of the
/// games in the files (datagen's threads write games as they finish): the same games give
/// the same digest, whatever the threads, shards and interruptions that made them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Contents {
    /// Complete games.
    pub games: u64,
    /// Records of complete games.
    pub positions: u64,
    /// Games found more than once (the same game of the same run: runs are told apart by
    /// their headers' settings, shards of a run are one run).
    pub duplicates: u64,
    /// Records after the last complete game of a file (a cut game).
    pub cut: u64,
    /// The sum of the FNV-1a hashes of the games' records, each game's in move order.
    pub digest: u64,
}

/// The bound on game indices for the file at `index` of a list, from `bounds`: none when
/// `bounds` is empty, the one bound for every file, or the file's own.
///
/// # Errors
/// When there are several bounds but not one per file (`files` files).
pub fn game_bound(bounds: &[u32], files: usize, index: usize) -> Result<Option<u32>, String> {
    match bounds {
        [] => Ok(None),
        [one] => Ok(Some(*one)),
        many if many.len() == files => Ok(many.get(index).copied()),
        many => Err(format!(
            "{} game bounds for {files} data files: give one for all, or one per file",
            many.len()
        )),
    }
}

/// [`Contents`] of the data files at `paths` (read whole; only regular files), counting only
/// the games below their file's bound (see [`game_bound`]).
///
/// # Errors
/// A message naming the file that cannot be read or holds a bad record, or bounds that do
/// not fit the files.
pub fn contents(paths: &[impl AsRef<Path>], bounds: &[u32]) -> Result<Contents, String> {
    let mut out = Contents::default();
    let mut seen = std::collections::HashSet::new();
    for (index, path) in paths.iter().enumerate() {
        let bound = game_bound(bounds, paths.len(), index)?;
        let path = path.as_ref();
        let name = boardgame_io::quote_path(path);
        let file = open(path).map_err(|e| format!("{name}: {e}"))?;
        // A game is a duplicate only of the same game of the same run: shards of one run share
        // their settings; a file without a header is a run of its own.
        let run = file.header.map_or(index as u64, |header| {
            fnv1a(
                &Header {
                    shard: (0, 1),
                    ..header
                }
                .to_bytes(),
            ) | 1 << 63
        });
        let mut game_hash = fnv1a(&[]);
        let mut game_records = 0u64;
        let whole = file.record_count;
        for record in file.records {
            let record = match record {
                Ok(record) => record,
                // A record cut by the end of the file: an interrupted write.
                Err(error) if error.index >= whole => {
                    game_records += 1;
                    break;
                }
                Err(error) => return Err(format!("{name}: {error}")),
            };
            if bound.is_some_and(|bound| record.game >= bound) {
                continue;
            }
            game_hash = record.to_bytes().iter().fold(game_hash, |hash, &b| {
                (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
            });
            game_records += 1;
            if record.last {
                if seen.insert((run, record.game)) {
                    out.games += 1;
                    out.positions += game_records;
                    out.digest = out.digest.wrapping_add(game_hash);
                } else {
                    out.duplicates += 1;
                }
                game_hash = fnv1a(&[]);
                game_records = 0;
            }
        }
        out.cut += game_records;
    }
    Ok(out)
}

/// Reads records one by one. A file whose length is not a multiple of [`RECORD_BYTES`]
/// ends with an error for its incomplete last record.
#[derive(Debug)]
pub struct Reader<R> {
    input: R,
    index: u64,
    failed: bool,
}

impl<R: Read> Reader<R> {
    /// A reader of `input` (buffer it: records are read 32 bytes at a time).
    pub fn new(input: R) -> Reader<R> {
        Reader {
            input,
            index: 0,
            failed: false,
        }
    }
}

impl<R: Read> Iterator for Reader<R> {
    type Item = Result<Record, FormatError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        let mut bytes = [0; RECORD_BYTES];
        let mut filled = 0;
        while filled < RECORD_BYTES {
            match self.input.read(&mut bytes[filled..]) {
                Ok(0) => break,
                Ok(n) => filled += n,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) => {
                    self.failed = true;
                    return Some(Err(FormatError {
                        index: self.index,
                        why: error.to_string(),
                    }));
                }
            }
        }
        if filled == 0 {
            return None;
        }
        let index = self.index;
        self.index += 1;
        if filled < RECORD_BYTES {
            self.failed = true;
            return Some(Err(FormatError {
                index,
                why: format!("the file ends {filled} bytes into it"),
            }));
        }
        let record = Record::from_bytes(&bytes, index);
        self.failed = record.is_err();
        Some(record)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(game: u32, last: bool) -> Record {
        let start: Ataxx = "x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1".parse().unwrap();
        Record {
            x: start.pieces(Color::X).bits(),
            o: start.pieces(Color::O).bits(),
            gaps: start.blocked().bits(),
            score: -321,
            side: Color::O,
            result: GameResult::XWins,
            game,
            last,
        }
    }

    #[test]
    fn a_record_round_trips_through_its_bytes_and_gives_back_its_position() {
        for last in [false, true] {
            let record = sample(77, last);
            let back = Record::from_bytes(&record.to_bytes(), 0).unwrap();
            assert_eq!(back, record);
            assert_eq!(
                back.position().unwrap().to_string(),
                "x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1"
            );
        }
        assert_eq!(GameResult::XWins.score_for(Color::O), 0.0);
        assert_eq!(GameResult::Draw.score_for(Color::X), 0.5);
    }

    #[test]
    fn bad_bytes_are_refused_with_the_record_index() {
        let good = sample(1, false).to_bytes();
        let mut twice = good;
        twice[8..16].copy_from_slice(&good[0..8]); // o on x's squares
        let error = Record::from_bytes(&twice, 9).unwrap_err();
        assert_eq!(error.index, 9);
        assert!(error.why.contains("twice"));
        let mut off_board = good;
        off_board[7] = 0x80;
        assert!(Record::from_bytes(&off_board, 0).is_err());
        let mut side = good;
        side[26] = 2;
        assert!(Record::from_bytes(&side, 0).is_err());
        let mut result = good;
        result[27] = 3;
        assert!(Record::from_bytes(&result, 0).is_err());
    }

    #[test]
    fn the_reader_reads_every_record_and_reports_a_cut_last_one() {
        let mut bytes = Vec::new();
        for game in 0..3 {
            bytes.extend_from_slice(&sample(game, game == 2).to_bytes());
        }
        let records: Vec<_> = Reader::new(bytes.as_slice()).collect();
        assert_eq!(records.len(), 3);
        assert!(records.iter().all(Result::is_ok));
        bytes.extend_from_slice(&[1, 2, 3]);
        let records: Vec<_> = Reader::new(bytes.as_slice()).collect();
        assert_eq!(records.len(), 4);
        assert!(records[3].as_ref().unwrap_err().why.contains("3 bytes"));
    }

    #[test]
    fn a_header_round_trips_and_names_what_differs() {
        let header = Header {
            procedure: 1,
            seed: 7,
            nodes: 6000,
            eval: EvalId::Net(0xdead_beef),
            search: 123_456,
            shard: (2, 5),
        };
        let bytes = header.to_bytes();
        assert_eq!(&bytes[0..8], MAGIC);
        assert_eq!(Header::from_bytes(&bytes).unwrap(), header);
        let other = Header {
            seed: 8,
            eval: EvalId::Handcrafted,
            ..header
        };
        let differences = header.differences(&other);
        assert_eq!(differences.len(), 2, "{differences:?}");
        assert!(differences[0].starts_with("seed 7"));
        let mut version = bytes;
        version[8] = 3;
        assert!(
            Header::from_bytes(&version)
                .unwrap_err()
                .contains("version 3")
        );
        let mut reserved = bytes;
        reserved[44] = 1;
        assert!(Header::from_bytes(&reserved).is_err());
        let mut shard = bytes;
        shard[56] = 5; // index 5 of 5 shards
        assert!(Header::from_bytes(&shard).unwrap_err().contains("shard"));
        // A header without shards has zeros there (files written before shards existed).
        let whole = Header {
            shard: (0, 1),
            ..header
        }
        .to_bytes();
        assert!(whole[56..64].iter().all(|&b| b == 0));
    }

    #[test]
    fn files_of_both_versions_are_read_and_zero_filled_ones_refused() {
        let dir = boardgame_io::scratch::Scratch::new("bgai-format");
        let records: Vec<u8> = (0..3).flat_map(|g| sample(g, true).to_bytes()).collect();
        let old = dir.join("v1.bin");
        boardgame_io::scratch::write(&old, &records);
        let file = open(&old).unwrap();
        assert_eq!((file.header, file.record_count), (None, 3));
        assert_eq!(file.records.filter(Result::is_ok).count(), 3);
        let new = dir.join("v2.bin");
        let header = Header {
            procedure: 1,
            seed: 1,
            nodes: 1,
            eval: EvalId::Handcrafted,
            search: 1,
            shard: (0, 1),
        };
        boardgame_io::scratch::write(&new, [header.to_bytes().as_slice(), &records].concat());
        let file = open(&new).unwrap();
        assert_eq!((file.header, file.record_count), (Some(header), 3));
        assert_eq!(file.records.filter(Result::is_ok).count(), 3);
        let zeros = dir.join("zeros.bin");
        boardgame_io::scratch::write(&zeros, [0u8; 96]);
        let first = open(&zeros).unwrap().records.next().unwrap().unwrap_err();
        assert!(first.why.contains("without stones"), "{first}");
        assert!(
            open(std::path::Path::new("/dev/zero"))
                .unwrap_err()
                .contains("not a regular file")
        );
    }
}
