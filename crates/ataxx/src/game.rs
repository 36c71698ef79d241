//! The [`Game`] implementation: how the core trait sees Ataxx.

use core::fmt;
use core::str::FromStr;

use boardgame_core::sink::MoveSink;
use boardgame_core::{ConfigError, Dist, Game, NoChance, Outcome, Turn};

use crate::bitboard::{Bitboard, JUMPS};
use crate::config::AtaxxConfig;
use crate::fen::FenError;
use crate::moves::Move;
use crate::position::Ataxx;

/// The most legal moves of any position: 8 × 49 / 2 clones-or-jumps would be a loose
/// bound; the exact one is smaller.
///
/// Every move is a clone to an empty square (at most one per empty square, since clones are
/// named by destination) or a jump from a piece to an empty square at distance 2. With `e`
/// empty squares and `p = 49 - e - blocked` own pieces, clones ≤ e and jumps ≤ the number
/// of (piece, empty) pairs at distance 2, which is at most 16·min(e, p) and at most the
/// 2-ring edges of the 7×7 board between the two sets. An exhaustive search is out of
/// reach, but the dense family of positions with two empty files and alternating piece
/// files (the issue's `o1xx2x/2xx2x/2xx2x/x1xx2x/2xx2x/2xx2x/x1xx2x x 0 1`) reaches 194
/// here (`tests/rules.rs::max_moves_covers_the_dense_capacity_position`), and random
/// hill-climbing over boards in the tests never exceeds it. The jump graph of the board
/// (pairs of squares at distance exactly 2) has 2·(sum over squares of |ring|)/2 = 544
/// edges, and each empty square also adds at most one clone, so 544 + 49 = 593 bounds every
/// constructible position; the capacity is set to that proven bound, rounded up.
pub const MAX_MOVES: usize = 600;

impl fmt::Display for Ataxx {
    /// The FEN; with `{:#}` a board picture for terminals.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            self.write_picture(f)
        } else {
            self.write_fen(f)
        }
    }
}

impl FromStr for Ataxx {
    type Err = FenError;
    /// A FEN under the default rules.
    fn from_str(s: &str) -> Result<Ataxx, FenError> {
        Ataxx::from_fen(s, AtaxxConfig::default())
    }
}

impl Game for Ataxx {
    type Move = Move;
    type Chance = NoChance;
    type Config = AtaxxConfig;
    type NotationError = FenError;

    const NAME: &'static str = "ataxx";
    const MIN_SEATS: usize = 2;
    const MAX_SEATS: usize = 2;
    const MAX_MOVES: usize = MAX_MOVES;
    const MAX_CHANCE_OUTCOMES: usize = 0;

    fn new(config: AtaxxConfig) -> Result<Ataxx, ConfigError> {
        Ok(Ataxx::start(config))
    }

    fn from_notation(text: &str, config: &AtaxxConfig) -> Result<Ataxx, FenError> {
        Ataxx::from_fen(text, *config)
    }

    fn config(&self) -> &AtaxxConfig {
        &self.config
    }

    fn num_seats(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        if self.game_over().is_some() {
            Turn::Terminal
        } else {
            Turn::Player(self.side.seat())
        }
    }

    /// Clones first, by ascending destination (`a1`, `b1`, …, `g7`); then jumps, by
    /// ascending origin and then ascending destination; `0000` only when there is neither.
    fn legal_moves<S: MoveSink<Move>>(&self, sink: &mut S) {
        if self.game_over().is_some() {
            return;
        }
        let empty = self.empty();
        let us = self.pieces[self.side.index()];
        let singles = us.dilate() & empty;
        let mut any = false;
        for to in singles {
            sink.push(Move::Single(to));
            any = true;
        }
        for from in us {
            for to in Bitboard(JUMPS[from.index()]) & empty {
                sink.push(Move::Double { from, to });
                any = true;
            }
        }
        if !any {
            sink.push(Move::Pass);
        }
    }

    fn chance_outcomes(&self) -> Option<Dist<'_, NoChance>> {
        None
    }

    fn play_unchecked(&mut self, mv: Move) {
        self.make_move(mv);
    }

    fn apply_chance_unchecked(&mut self, outcome: NoChance) {
        match outcome {}
    }

    fn outcome(&self) -> Option<Outcome> {
        self.result()
    }

    /// With the clock: at most 49 clones (each fills a square for good) and, around them,
    /// at most 50 stretches of at most 100 other plies: 49 + 50 × 100. Without it, none.
    fn max_game_length(config: &AtaxxConfig) -> Option<u64> {
        config
            .ply_clock
            .then_some(49 + 50 * u64::from(AtaxxConfig::CLOCK_LIMIT))
    }

    fn count_moves(&self) -> usize {
        self.move_count()
    }

    fn is_legal(&self, mv: Move) -> bool {
        self.is_legal_move(mv)
    }
}
