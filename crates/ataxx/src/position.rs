//! The game state: bitboards, side to move, counters, key; move generation (making a move
//! is in `make`).

use core::fmt;

use boardgame_core::{Outcome, Seat};

use crate::bitboard::{Bitboard, JUMPS, NEIGHBOURS};
use crate::color::Color;
use crate::config::AtaxxConfig;
use crate::key;
use crate::layout::{HIGH, O_TO_MOVE_FLAG, PLY_CLOCK_FLAG, SQUARES};
use crate::moves::{Move, MoveBatch};
use crate::square::Square;

/// An Ataxx position under a rules configuration.
///
/// Copy-make: the state is four words (`Clone` copies 32 bytes); [`play`](boardgame_core::Game::play)
/// and friends change it in place. Equality and hashing compare everything, including the
/// counters and the configuration; [`Ataxx::key`] is a key of the board and the side to
/// move only, for transposition tables.
///
/// `Display` writes the FEN (`x5o/7/7/7/7/7/o5x x 0 1`); `{:#}` draws the board.
///
/// Layout: four words, 32 bytes in all, configuration included. The squares use 49 bits of
/// a word; the other 15 bits of each carry the rest: the half-move clock beside the pieces
/// of the side to move, the fullmove number beside the opponent's, and the side to move
/// and the rules switch beside the blocked squares. Both counters therefore stop at
/// [`Ataxx::MAX_COUNTER`] (32 767). A move swaps the first two words' squares and leaves
/// the counters where they are, so making it chooses nothing by colour.
#[derive(PartialEq, Eq, Hash)]
pub struct Ataxx {
    /// `[us | halfmove << 49, them | fullmove << 49, blocked | flags]`: `us` the pieces of
    /// the side to move.
    pub(crate) words: [u64; 3],
    pub(crate) key: u64,
}

const _: () = assert!(
    size_of::<AtaxxConfig>() == 1,
    "the config must fit the flag bits"
);

impl Clone for Ataxx {
    /// Word by word, so that the optimiser keeps a copy about to be changed in registers
    /// (the derived copy goes through memory as one block).
    #[inline(always)]
    fn clone(&self) -> Ataxx {
        let [us, them, flags] = self.words;
        Ataxx {
            words: [us, them, flags],
            key: self.key,
        }
    }
}

/// Why the game is over, in order of precedence (the first that holds is reported).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum GameOver {
    /// This side has no pieces left (the other side wins, unless it has none either).
    NoPieces(Color),
    /// No empty square is within distance 2 of any piece: neither side can move (a full
    /// board, or every empty square walled off by blockers). The side with more pieces wins.
    NoMoves,
    /// The half-move clock reached 100 (with `ply_clock` on): a draw.
    Clock,
}

impl fmt::Display for GameOver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameOver::NoPieces(color) => write!(f, "{color} has no pieces"),
            GameOver::NoMoves => f.write_str("neither side can move"),
            GameOver::Clock => f.write_str("100 plies without a clone"),
        }
    }
}

/// Why [`Ataxx::from_bitboards`] refused a board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// A square is in two of the sets (`x`, `o`, blocked).
    #[error("square {0} is claimed by two of x, o and blocked")]
    Overlap(Square),
    /// The fullmove number is 0 (it starts at 1).
    #[error("the fullmove number starts at 1")]
    ZeroFullmove,
}

impl Ataxx {
    /// The start position `x5o/7/7/7/7/7/o5x x 0 1` under `config`: `x` on a7 and g1,
    /// `o` on g7 and a1, `x` to move.
    #[must_use]
    pub fn start(config: AtaxxConfig) -> Ataxx {
        let sq = |name: &str| name.parse::<Square>().expect("valid square");
        let x = Bitboard::EMPTY.with(sq("a7")).with(sq("g1"));
        let o = Bitboard::EMPTY.with(sq("g7")).with(sq("a1"));
        Ataxx::from_bitboards(x, o, Bitboard::EMPTY, Color::X, config).expect("disjoint")
    }

    /// A position from its piece sets, with the half-move clock at 0 and move number 1.
    ///
    /// # Errors
    /// [`SetupError::Overlap`] if a square is in two sets.
    pub fn from_bitboards(
        x: Bitboard,
        o: Bitboard,
        blocked: Bitboard,
        side: Color,
        config: AtaxxConfig,
    ) -> Result<Ataxx, SetupError> {
        Ataxx::from_parts([x, o], blocked, side, 0, 1, config)
    }

    pub(crate) fn from_parts(
        pieces: [Bitboard; 2],
        blocked: Bitboard,
        side: Color,
        halfmove: u16,
        fullmove: u16,
        config: AtaxxConfig,
    ) -> Result<Ataxx, SetupError> {
        let [x, o] = pieces;
        let clash = (x & o) | (x & blocked) | (o & blocked);
        if let Some(sq) = clash.first() {
            return Err(SetupError::Overlap(sq));
        }
        if fullmove == 0 {
            return Err(SetupError::ZeroFullmove);
        }
        let mut flags = 0;
        if side == Color::O {
            flags |= O_TO_MOVE_FLAG;
        }
        if config.ply_clock {
            flags |= PLY_CLOCK_FLAG;
        }
        let key = key::key_of(pieces, blocked, side);
        let (us, them) = if side == Color::O { (o, x) } else { (x, o) };
        let mut pos = Ataxx {
            words: [us.0, them.0, blocked.0 | flags],
            key,
        };
        pos.set_halfmove(halfmove);
        pos.set_fullmove(fullmove);
        Ok(pos)
    }

    /// The largest value either counter can hold.
    pub const MAX_COUNTER: u16 = (1 << 15) - 1;

    #[inline]
    fn set_halfmove(&mut self, halfmove: u16) {
        let value = u64::from(halfmove.min(Ataxx::MAX_COUNTER));
        self.words[0] = (self.words[0] & SQUARES) | (value << HIGH);
    }

    #[inline]
    fn set_fullmove(&mut self, fullmove: u16) {
        let value = u64::from(fullmove.min(Ataxx::MAX_COUNTER));
        self.words[1] = (self.words[1] & SQUARES) | (value << HIGH);
    }

    /// The raw squares of the side to move.
    #[inline(always)]
    pub(crate) fn us_bits(&self) -> u64 {
        self.words[0] & SQUARES
    }

    /// The raw squares of the opponent of the side to move.
    #[inline(always)]
    pub(crate) fn them_bits(&self) -> u64 {
        self.words[1] & SQUARES
    }

    /// The same position with other counters (each capped at [`Ataxx::MAX_COUNTER`]).
    ///
    /// # Errors
    /// [`SetupError::ZeroFullmove`] if `fullmove` is 0.
    pub fn with_counters(mut self, halfmove: u16, fullmove: u16) -> Result<Ataxx, SetupError> {
        if fullmove == 0 {
            return Err(SetupError::ZeroFullmove);
        }
        self.set_halfmove(halfmove);
        self.set_fullmove(fullmove);
        Ok(self)
    }

    /// The pieces of `color`.
    #[must_use]
    #[inline]
    pub fn pieces(&self, color: Color) -> Bitboard {
        Bitboard(if color == self.side_to_move() {
            self.us_bits()
        } else {
            self.them_bits()
        })
    }

    /// The blocked squares (`-` in FEN), which no piece can ever occupy.
    #[must_use]
    #[inline]
    pub fn blocked(&self) -> Bitboard {
        Bitboard(self.words[2] & SQUARES)
    }

    /// The empty squares (neither a piece nor blocked).
    #[must_use]
    #[inline]
    pub fn empty(&self) -> Bitboard {
        Bitboard(!(self.words[0] | self.words[1] | self.words[2]) & SQUARES)
    }

    /// The side to move (at a terminal position: the side that would move next).
    #[must_use]
    #[inline]
    pub fn side_to_move(&self) -> Color {
        if self.words[2] & O_TO_MOVE_FLAG == 0 {
            Color::X
        } else {
            Color::O
        }
    }

    /// Plies since the last clone (reset by a clone, +1 for a jump or a pass).
    #[must_use]
    pub fn halfmove_clock(&self) -> u16 {
        (self.words[0] >> HIGH) as u16
    }

    /// The move number: starts at 1, +1 after every `o` turn (passes included).
    #[must_use]
    pub fn fullmove_number(&self) -> u16 {
        (self.words[1] >> HIGH) as u16
    }

    /// The rules this position is played under.
    #[must_use]
    pub fn rules(&self) -> AtaxxConfig {
        *self.config_ref()
    }

    /// The configuration, as a reference to one of the two constants. (`AtaxxConfig` has
    /// one switch, stored as one flag bit; a new switch needs a new flag here.)
    pub(crate) fn config_ref(&self) -> &'static AtaxxConfig {
        if self.ply_clock() {
            &AtaxxConfig::STANDARD
        } else {
            &AtaxxConfig::NO_CLOCK
        }
    }

    /// Whether the 100-ply clock is on.
    #[inline]
    pub(crate) fn ply_clock(&self) -> bool {
        self.words[2] & PLY_CLOCK_FLAG != 0
    }

    /// The key of the pieces, blocked squares and side to move (not the counters), for
    /// transposition tables; every move computes its child's key.
    ///
    /// One folded 64 × 64 → 128-bit multiplication of two words that name the position
    /// (see the `key` module's notes), far cheaper to compute than a Zobrist update for the
    /// flipped pieces. Its values are not stable between versions.
    #[must_use]
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The key computed from scratch from the pieces, blocked squares and side to move
    /// (equal to [`key`](Ataxx::key)).
    #[must_use]
    pub fn key_from_scratch(&self) -> u64 {
        key::key_of(
            [self.pieces(Color::X), self.pieces(Color::O)],
            self.blocked(),
            self.side_to_move(),
        )
    }

    /// The position's key: the old name of [`key`](Ataxx::key), from the Zobrist hash it
    /// was until 0.1 (issue 37 replaced it by a multiplicative key).
    #[deprecated(
        since = "0.1.0",
        note = "renamed to `key`: it is no longer a Zobrist hash"
    )]
    #[must_use]
    #[inline]
    pub fn zobrist(&self) -> u64 {
        self.key()
    }

    /// The old name of [`key_from_scratch`](Ataxx::key_from_scratch).
    #[deprecated(
        since = "0.1.0",
        note = "renamed to `key_from_scratch`: the key is no longer a Zobrist hash"
    )]
    #[must_use]
    pub fn zobrist_from_scratch(&self) -> u64 {
        self.key_from_scratch()
    }

    /// Whether the game is over, and why (see [`GameOver`] for the precedence).
    #[must_use]
    pub fn game_over(&self) -> Option<GameOver> {
        let (x, o) = (self.pieces(Color::X), self.pieces(Color::O));
        if x.is_empty() {
            return Some(GameOver::NoPieces(Color::X));
        }
        if o.is_empty() {
            return Some(GameOver::NoPieces(Color::O));
        }
        if ((x | o).dilate2() & self.empty()).is_empty() {
            return Some(GameOver::NoMoves);
        }
        if self.clock_expired() {
            return Some(GameOver::Clock);
        }
        None
    }

    /// Whether the 100-ply clock (when the rules use it) has ended the game.
    #[inline]
    pub(crate) fn clock_expired(&self) -> bool {
        self.ply_clock() && self.halfmove_clock() >= AtaxxConfig::CLOCK_LIMIT
    }

    /// The result once the game is over: by piece count (more wins, equal draws) when a
    /// side has no pieces or nobody can move; a draw when only the 100-ply clock ended it.
    #[must_use]
    pub fn result(&self) -> Option<Outcome> {
        match self.game_over()? {
            GameOver::Clock => Some(Outcome::draw(2)),
            GameOver::NoPieces(_) | GameOver::NoMoves => {
                let x = self.pieces(Color::X).len();
                let o = self.pieces(Color::O).len();
                Some(match x.cmp(&o) {
                    core::cmp::Ordering::Greater => Outcome::win(2, Seat::new(0)),
                    core::cmp::Ordering::Less => Outcome::win(2, Seat::new(1)),
                    core::cmp::Ordering::Equal => Outcome::draw(2),
                })
            }
        }
    }

    /// The pieces of `seat`'s side minus the opponent's: the greedy bot's one-ply
    /// heuristic (higher is better for `seat`).
    ///
    /// # Panics
    /// If `seat` is not 0 or 1.
    #[must_use]
    #[track_caller]
    pub fn evaluation(&self, seat: Seat) -> i64 {
        let color = Color::from_seat(seat).expect("ataxx has seats 0 and 1");
        self.pieces(color).len() as i64 - self.pieces(!color).len() as i64
    }

    /// Where the side to move can clone to (ignores whether the game is over).
    #[must_use]
    #[inline]
    pub fn singles(&self) -> Bitboard {
        Bitboard(self.us_bits()).dilate() & self.empty()
    }

    /// Where the piece on `from` can jump to (empty if `from` holds no piece of the side to
    /// move; ignores whether the game is over).
    #[must_use]
    #[inline]
    pub fn jumps_from(&self, from: Square) -> Bitboard {
        if Bitboard(self.us_bits()).contains(from) {
            Bitboard(JUMPS[from.index()]) & self.empty()
        } else {
            Bitboard::EMPTY
        }
    }

    /// The fast generator: hands `f` the clones as one batch, then the jumps of each
    /// piece (ascending origin) as one batch each, skipping empty batches; stops early when
    /// `f` returns `true`, and then returns `true`. A forced pass and a finished game both
    /// produce no batch: see [`must_pass`](Ataxx::must_pass).
    ///
    /// ```
    /// use ataxx::Ataxx;
    /// let start = Ataxx::default();
    /// let mut total = 0;
    /// start.generate_batches(|batch| {
    ///     total += batch.len(); // a popcount: no move is built
    ///     false
    /// });
    /// assert_eq!(total, 16);
    /// ```
    pub fn generate_batches(&self, mut f: impl FnMut(MoveBatch) -> bool) -> bool {
        if self.game_over().is_some() {
            return false;
        }
        let empty = self.empty();
        let us = Bitboard(self.us_bits());
        let singles = us.dilate() & empty;
        if !singles.is_empty()
            && f(MoveBatch {
                from: None,
                to: singles,
            })
        {
            return true;
        }
        for from in us {
            let to = Bitboard(JUMPS[from.index()]) & empty;
            if !to.is_empty()
                && f(MoveBatch {
                    from: Some(from),
                    to,
                })
            {
                return true;
            }
        }
        false
    }

    /// Whether the only legal move is the pass (`0000`): the game is not over but the side
    /// to move has no clone or jump.
    #[must_use]
    pub fn must_pass(&self) -> bool {
        (Bitboard(self.us_bits()).dilate2() & self.empty()).is_empty() && self.game_over().is_none()
    }

    /// The number of legal moves (0 when the game is over, 1 for a forced pass), by
    /// popcounts: no move is built.
    #[must_use]
    pub fn move_count(&self) -> usize {
        self.count_legal() as usize
    }

    /// [`move_count`](Ataxx::move_count), always inlined (the bulk perft counts every
    /// child it builds with it, without storing the child).
    #[inline(always)]
    pub(crate) fn count_legal(&self) -> u32 {
        // `game_over` without its two-sided dilation when the mover has a move: then the
        // game can only be over by an empty side or the clock.
        let empty = self.empty().0;
        let (us, them) = (self.us_bits(), self.them_bits());
        if us == 0 || them == 0 || self.clock_expired() {
            return 0;
        }
        match count_moves_of(us, empty) {
            // No move of ours: a pass if the opponent can move, else nobody can (game over).
            0 => u32::from(crate::bitboard::dilate2(them) & empty != 0),
            n => n,
        }
    }

    /// Whether `mv` is legal here.
    #[must_use]
    pub fn is_legal_move(&self, mv: Move) -> bool {
        if self.game_over().is_some() {
            return false;
        }
        let empty = self.empty();
        let us = Bitboard(self.us_bits());
        match mv {
            Move::Single(to) => {
                empty.contains(to) && !(Bitboard(NEIGHBOURS[to.index()]) & us).is_empty()
            }
            Move::Double { from, to } => {
                us.contains(from)
                    && empty.contains(to)
                    && Bitboard(JUMPS[from.index()]).contains(to)
            }
            Move::Pass => (us.dilate2() & empty).is_empty(),
        }
    }
}

/// Clones plus jumps for the side with pieces `us` on a board with empty squares `empty`.
#[inline]
pub(crate) fn count_moves_of(us: u64, empty: u64) -> u32 {
    let mut count = (crate::bitboard::dilate1(us) & empty).count_ones();
    let mut from = us;
    while from != 0 {
        count += (JUMPS[from.trailing_zeros() as usize] & empty).count_ones();
        from &= from - 1;
    }
    count
}

impl Default for Ataxx {
    /// The start position under the default rules.
    fn default() -> Ataxx {
        Ataxx::start(AtaxxConfig::default())
    }
}

impl fmt::Debug for Ataxx {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Ataxx")
            .field("fen", &format_args!("{self}"))
            .field("config", self.config_ref())
            .finish()
    }
}

impl Ataxx {
    /// The piece (or blocker) on `sq`: `'x'`, `'o'`, `'-'` or `'.'` for an empty square.
    #[must_use]
    pub fn symbol_at(&self, sq: Square) -> char {
        if self.pieces(Color::X).contains(sq) {
            'x'
        } else if self.pieces(Color::O).contains(sq) {
            'o'
        } else if self.blocked().contains(sq) {
            '-'
        } else {
            '.'
        }
    }

    pub(crate) fn write_picture(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "  +---------------+")?;
        for rank in (0..7).rev() {
            write!(f, "{} |", rank + 1)?;
            for file in 0..7 {
                let sq = Square::new(file, rank).expect("on the board");
                write!(f, " {}", self.symbol_at(sq))?;
            }
            writeln!(f, " |")?;
        }
        writeln!(f, "  +---------------+")?;
        writeln!(f, "    a b c d e f g")?;
        let (x, o) = (self.pieces(Color::X).len(), self.pieces(Color::O).len());
        write!(f, "x: {x}  o: {o}  ")?;
        match self.game_over() {
            None => write!(f, "{} to move", self.side_to_move())?,
            Some(reason) => write!(f, "game over: {reason}")?,
        }
        write!(
            f,
            "  half-move clock {}  move {}",
            self.halfmove_clock(),
            self.fullmove_number()
        )
    }
}
