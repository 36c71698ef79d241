//! FEN: `<board> <side> [<halfmove> [<fullmove>]]`, ranks 7 down to 1 separated by `/`,
//! `x`/`o` for pieces, `-` for blocked squares, digits 1-7 for runs of empty squares.
//!
//! The parser is strict: fields are separated by exactly one space, with nothing before or
//! after; every rank has exactly 7 squares; two digits may not follow each other; the
//! counters are plain decimal numbers without sign or leading zeros (halfmove 0..=32767,
//! fullmove 1..=32767: the range of [`Ataxx::MAX_COUNTER`]). Missing counters default to
//! `0 1`. Every error names the field, the
//! 1-based column (in characters) where it was found, and what is wrong.

use core::fmt;

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::config::AtaxxConfig;
use crate::position::Ataxx;
use crate::square::Square;

/// The FEN field an error is in.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FenField {
    /// The board (first field).
    Board,
    /// The side to move (second field).
    Side,
    /// The half-move clock (third field, optional).
    HalfmoveClock,
    /// The fullmove number (fourth field, optional).
    FullmoveNumber,
    /// Anything after the fourth field.
    Trailing,
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenField::Board => "board",
            FenField::Side => "side to move",
            FenField::HalfmoveClock => "half-move clock",
            FenField::FullmoveNumber => "fullmove number",
            FenField::Trailing => "end",
        })
    }
}

/// What is wrong in a FEN field.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum FenErrorKind {
    /// The field is missing.
    #[error("missing")]
    Missing,
    /// An empty field: two spaces in a row, or a leading or trailing space.
    #[error("extra whitespace")]
    ExtraWhitespace,
    /// A character that cannot appear here.
    #[error("unexpected character {0:?}")]
    UnexpectedCharacter(char),
    /// A rank describes more than 7 squares.
    #[error("rank {rank} has more than 7 squares")]
    RankTooLong {
        /// The rank, 1..=7.
        rank: u8,
    },
    /// A rank describes fewer than 7 squares.
    #[error("rank {rank} has fewer than 7 squares")]
    RankTooShort {
        /// The rank, 1..=7.
        rank: u8,
    },
    /// More than 7 ranks.
    #[error("more than 7 ranks")]
    TooManyRanks,
    /// Fewer than 7 ranks.
    #[error("fewer than 7 ranks")]
    TooFewRanks,
    /// Two digits in a row (`34` instead of `7`): not canonical.
    #[error("two digits in a row")]
    AdjacentDigits,
    /// The side is not `x` or `o`.
    #[error("the side to move must be x or o")]
    BadSide,
    /// A counter that is not a plain decimal number.
    #[error("not a decimal number")]
    NotANumber,
    /// A counter with a leading zero.
    #[error("leading zero")]
    LeadingZero,
    /// A counter out of range (halfmove 0..=32767, fullmove 1..=32767).
    #[error("out of range (half-move clock 0..=32767, move number 1..=32767)")]
    OutOfRange,
    /// More than four fields.
    #[error("unexpected extra field")]
    ExtraField,
}

/// A FEN that does not parse: which field, which column (1-based, in characters), what.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("invalid FEN {field} at column {column}: {kind}")]
pub struct FenError {
    /// The field the error is in.
    pub field: FenField,
    /// The 1-based character column where the problem was found.
    pub column: usize,
    /// What is wrong.
    pub kind: FenErrorKind,
}

const FIELDS: [FenField; 5] = [
    FenField::Board,
    FenField::Side,
    FenField::HalfmoveClock,
    FenField::FullmoveNumber,
    FenField::Trailing,
];

impl Ataxx {
    /// Parses a FEN under `config` (see the [module docs](crate::fen) for the grammar).
    ///
    /// ```
    /// use ataxx::{Ataxx, AtaxxConfig, Color};
    /// let pos = Ataxx::from_fen("x5o/7/2-1-2/7/2-1-2/7/o5x o 3 7", AtaxxConfig::default())?;
    /// assert_eq!(pos.side_to_move(), Color::O);
    /// assert_eq!(pos.blocked().len(), 4);
    /// assert_eq!(pos.to_string(), "x5o/7/2-1-2/7/2-1-2/7/o5x o 3 7");
    /// # Ok::<(), ataxx::FenError>(())
    /// ```
    ///
    /// # Errors
    /// [`FenError`] naming the field, column and problem.
    pub fn from_fen(text: &str, config: AtaxxConfig) -> Result<Ataxx, FenError> {
        let mut parts: [Option<(usize, &str)>; 4] = [None; 4];
        let mut column = 1;
        for (index, field) in text.split(' ').enumerate() {
            let field_kind = FIELDS[index.min(4)];
            let error = |kind| FenError {
                field: field_kind,
                column,
                kind,
            };
            if field.is_empty() {
                if text.is_empty() {
                    return Err(FenError {
                        field: FenField::Board,
                        column: 1,
                        kind: FenErrorKind::Missing,
                    });
                }
                return Err(error(FenErrorKind::ExtraWhitespace));
            }
            if index >= 4 {
                return Err(error(FenErrorKind::ExtraField));
            }
            parts[index] = Some((column, field));
            column += field.chars().count() + 1;
        }
        let end = column - 1;
        let missing = |field| FenError {
            field,
            column: end,
            kind: FenErrorKind::Missing,
        };
        let (board_col, board) = parts[0].ok_or_else(|| missing(FenField::Board))?;
        let (pieces, blocked) = parse_board(board, board_col)?;
        let (side_col, side) = parts[1].ok_or_else(|| missing(FenField::Side))?;
        let side = match side {
            "x" => Color::X,
            "o" => Color::O,
            _ => {
                return Err(FenError {
                    field: FenField::Side,
                    column: side_col,
                    kind: FenErrorKind::BadSide,
                });
            }
        };
        let halfmove = match parts[2] {
            None => 0,
            Some((col, digits)) => parse_counter(digits, col, FenField::HalfmoveClock, 0)?,
        };
        let fullmove = match parts[3] {
            None => 1,
            Some((col, digits)) => parse_counter(digits, col, FenField::FullmoveNumber, 1)?,
        };
        Ok(
            Ataxx::from_parts(pieces, blocked, side, halfmove, fullmove, config)
                .expect("parsed sets are disjoint"),
        )
    }

    /// Writes the FEN (the same text as `Display`).
    pub fn write_fen(&self, f: &mut impl fmt::Write) -> fmt::Result {
        for rank in (0..7u8).rev() {
            let mut run = 0;
            for file in 0..7 {
                let symbol = self.symbol_at(Square::new(file, rank).expect("on the board"));
                if symbol == '.' {
                    run += 1;
                    continue;
                }
                if run > 0 {
                    write!(f, "{run}")?;
                    run = 0;
                }
                f.write_char(symbol)?;
            }
            if run > 0 {
                write!(f, "{run}")?;
            }
            if rank > 0 {
                f.write_char('/')?;
            }
        }
        write!(
            f,
            " {} {} {}",
            self.side_to_move(),
            self.halfmove_clock(),
            self.fullmove_number()
        )
    }
}

fn parse_board(board: &str, start: usize) -> Result<([Bitboard; 2], Bitboard), FenError> {
    let mut pieces = [Bitboard::EMPTY; 2];
    let mut blocked = Bitboard::EMPTY;
    let mut rank: u8 = 6;
    let mut file: u8 = 0;
    let mut last_was_digit = false;
    let mut column = start;
    for ch in board.chars() {
        let error = |kind| FenError {
            field: FenField::Board,
            column,
            kind,
        };
        match ch {
            '/' => {
                if file < 7 {
                    return Err(error(FenErrorKind::RankTooShort { rank: rank + 1 }));
                }
                if rank == 0 {
                    return Err(error(FenErrorKind::TooManyRanks));
                }
                rank -= 1;
                file = 0;
                last_was_digit = false;
            }
            '1'..='7' => {
                if last_was_digit {
                    return Err(error(FenErrorKind::AdjacentDigits));
                }
                file += ch as u8 - b'0';
                if file > 7 {
                    return Err(error(FenErrorKind::RankTooLong { rank: rank + 1 }));
                }
                last_was_digit = true;
            }
            'x' | 'o' | '-' => {
                if file >= 7 {
                    return Err(error(FenErrorKind::RankTooLong { rank: rank + 1 }));
                }
                let sq = Square::new(file, rank).expect("on the board");
                match ch {
                    'x' => pieces[0] = pieces[0].with(sq),
                    'o' => pieces[1] = pieces[1].with(sq),
                    _ => blocked = blocked.with(sq),
                }
                file += 1;
                last_was_digit = false;
            }
            _ => return Err(error(FenErrorKind::UnexpectedCharacter(ch))),
        }
        column += 1;
    }
    let error = |kind| FenError {
        field: FenField::Board,
        column,
        kind,
    };
    if file < 7 {
        return Err(error(FenErrorKind::RankTooShort { rank: rank + 1 }));
    }
    if rank > 0 {
        return Err(error(FenErrorKind::TooFewRanks));
    }
    Ok((pieces, blocked))
}

fn parse_counter(digits: &str, column: usize, field: FenField, min: u16) -> Result<u16, FenError> {
    let error = |column, kind| FenError {
        field,
        column,
        kind,
    };
    if let Some((i, ch)) = digits
        .chars()
        .enumerate()
        .find(|(_, c)| !c.is_ascii_digit())
    {
        let _ = ch;
        return Err(error(column + i, FenErrorKind::NotANumber));
    }
    if digits.len() > 1 && digits.starts_with('0') {
        return Err(error(column, FenErrorKind::LeadingZero));
    }
    match digits.parse::<u16>() {
        Ok(value) if value >= min && value <= Ataxx::MAX_COUNTER => Ok(value),
        _ => Err(error(column, FenErrorKind::OutOfRange)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    fn err(text: &str) -> FenError {
        Ataxx::from_fen(text, AtaxxConfig::default()).unwrap_err()
    }

    #[test]
    fn canonical_fens_round_trip() {
        for fen in [
            "x5o/7/7/7/7/7/o5x x 0 1",
            "x5o/7/2-1-2/7/2-1-2/7/o5x o 12 34",
            "7/7/7/7/-------/-------/x5o x 0 1",
            "o1xx2x/2xx2x/2xx2x/x1xx2x/2xx2x/2xx2x/x1xx2x x 0 1",
            "7/7/7/7/7/7/7 o 32767 32767",
        ] {
            assert_eq!(
                Ataxx::from_fen(fen, AtaxxConfig::default())
                    .unwrap()
                    .to_string(),
                fen
            );
        }
    }

    #[test]
    fn missing_counters_default_to_zero_and_one() {
        let pos = Ataxx::from_fen("x5o/7/7/7/7/7/o5x x", AtaxxConfig::default()).unwrap();
        assert_eq!((pos.halfmove_clock(), pos.fullmove_number()), (0, 1));
        let pos = Ataxx::from_fen("x5o/7/7/7/7/7/o5x x 7", AtaxxConfig::default()).unwrap();
        assert_eq!((pos.halfmove_clock(), pos.fullmove_number()), (7, 1));
    }

    #[test]
    fn errors_name_field_and_column() {
        let e = |field, column, kind| FenError {
            field,
            column,
            kind,
        };
        use FenErrorKind as K;
        use FenField as F;
        assert_eq!(err(""), e(F::Board, 1, K::Missing));
        assert_eq!(err("x5o/7/7/7/7/7/o5x"), e(F::Side, 18, K::Missing));
        assert_eq!(err("x5o/7/7/7/7/7/o5x w 0 1"), e(F::Side, 19, K::BadSide));
        assert_eq!(
            err("x6o/7/7/7/7/7/o5x x 0 1"),
            e(F::Board, 3, K::RankTooLong { rank: 7 })
        );
        assert_eq!(
            err("x5o/6/7/7/7/7/o5x x 0 1"),
            e(F::Board, 6, K::RankTooShort { rank: 6 })
        );
        assert_eq!(
            err("x5o/x7/7/7/7/7/o5x x 0 1"),
            e(F::Board, 6, K::RankTooLong { rank: 6 })
        );
        assert_eq!(
            err("x5o/7/7/7/7/7/o4x x 0 1"),
            e(F::Board, 18, K::RankTooShort { rank: 1 })
        );
        assert_eq!(err("x5o/7/7/7/7/7 x 0 1"), e(F::Board, 14, K::TooFewRanks));
        assert_eq!(
            err("x5o/7/7/7/7/7/o5x/7 x 0 1"),
            e(F::Board, 18, K::TooManyRanks)
        );
        assert_eq!(
            err("x5o/7/7/34/7/7/o5x x 0 1"),
            e(F::Board, 10, K::AdjacentDigits)
        );
        assert_eq!(
            err("x5o/7/7/7/7/7/o5X x 0 1"),
            e(F::Board, 17, K::UnexpectedCharacter('X'))
        );
        assert_eq!(
            err("x5o/7/7/7/7/7/o5x x 1a 1"),
            e(F::HalfmoveClock, 22, K::NotANumber)
        );
        assert_eq!(
            err("x5o/7/7/7/7/7/o5x x -1 1"),
            e(F::HalfmoveClock, 21, K::NotANumber)
        );
        assert_eq!(
            err("x5o/7/7/7/7/7/o5x x 01 1"),
            e(F::HalfmoveClock, 21, K::LeadingZero)
        );
        assert_eq!(
            err("x5o/7/7/7/7/7/o5x x 0 0"),
            e(F::FullmoveNumber, 23, K::OutOfRange)
        );
        assert_eq!(
            err("x5o/7/7/7/7/7/o5x x 0 32768"),
            e(F::FullmoveNumber, 23, K::OutOfRange)
        );
        assert_eq!(
            err("x5o/7/7/7/7/7/o5x x 0 1 extra"),
            e(F::Trailing, 25, K::ExtraField)
        );
        assert_eq!(
            err("x5o/7/7/7/7/7/o5x  x 0 1"),
            e(F::Side, 19, K::ExtraWhitespace)
        );
        assert_eq!(
            err(" x5o/7/7/7/7/7/o5x x"),
            e(F::Board, 1, K::ExtraWhitespace)
        );
        assert_eq!(
            err("x5o/7/7/7/7/7/o5x x "),
            e(F::HalfmoveClock, 21, K::ExtraWhitespace)
        );
        assert_eq!(
            err("x5o/7/7/7/7/7/o5x w").to_string(),
            "invalid FEN side to move at column 19: the side to move must be x or o"
        );
    }

    #[test]
    fn digits_zero_eight_and_nine_are_not_board_characters() {
        for bad in [
            "x5o/7/7/0/7/7/o5x x",
            "x5o/7/7/8/7/7/o5x x",
            "x5o/7/7/9/7/7/o5x x",
        ] {
            assert!(
                matches!(err(bad).kind, FenErrorKind::UnexpectedCharacter(_)),
                "{bad}"
            );
        }
    }
}
