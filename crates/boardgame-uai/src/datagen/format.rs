//! The training-data format: fixed records of 32 bytes, little-endian, no header, so that
//! files concatenate (`cat a.bin b.bin`) and a record is found by its index.
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
//! A game's records are written together, in the order of its moves.

use std::fmt;
use std::io::{self, Read};

use ataxx::{Ataxx, AtaxxConfig, Bitboard, Color};

/// The size of one record.
pub const RECORD_BYTES: usize = 32;
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
}
