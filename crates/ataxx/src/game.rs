//! The [`Game`] implementation: how the core trait sees Ataxx.

use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use boardgame_core::sink::MoveSink;
use boardgame_core::{ConfigError, Dist, Game, NoChance, Outcome, Turn};

use crate::bitboard::{Bitboard, JUMPS};
use crate::config::AtaxxConfig;
use crate::fen::FenError;
use crate::moves::Move;
use crate::position::Ataxx;

/// An upper bound on the legal moves of every constructible position: 289.
///
/// Proof: a clone is named by its destination, an empty square, so there are at most 49
/// clones. A jump joins one of the mover's pieces to an empty square at distance exactly 2;
/// each unordered pair of squares at distance 2 gives at most one jump (only one of the two
/// squares can hold the mover's piece while the other is empty). The 7×7 board has 240 such
/// pairs (the sum over squares of the 5×5 box minus the 3×3 box, 29² − 19² = 480, halved).
/// So at most 49 + 240 = 289 moves (a pass only occurs alone). The densest position we know,
/// `o1xx2x/2xx2x/2xx2x/x1xx2x/2xx2x/2xx2x/x1xx2x x 0 1`, has 194
/// (`tests/rules.rs::max_moves_covers_the_dense_capacity_position`, which also recounts the
/// 240 pairs).
pub const MAX_MOVES: usize = 289;

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
        self.config_ref()
    }

    fn num_seats(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        if self.game_over().is_some() {
            Turn::Terminal
        } else {
            Turn::Player(self.side_to_move().seat())
        }
    }

    /// Clones first, by ascending destination (`a1`, `b1`, …, `g7`); then jumps, by
    /// ascending origin and then ascending destination; `0000` only when there is neither.
    fn legal_moves<S: MoveSink<Move>>(&self, sink: &mut S) {
        if self.game_over().is_some() {
            return;
        }
        let empty = self.empty();
        let us = Bitboard(self.us_bits());
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

    /// With the clock: at most 49 clones (each adds a piece to the board and no move ever
    /// removes one) and, around them, at most 50 stretches of at most 100 other plies (the
    /// clock ends the game at 100): 49 + 50 × 100. Without the clock, none (jumps can
    /// shuttle back and forth for ever).
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

    /// No list: the k-th legal move is found with popcounts (see `playout.rs`).
    fn pick_move(&self, _: &mut Vec<Move>, pick: impl FnOnce(usize) -> usize) -> Move {
        self.pick_uniform(|n| pick(n as usize) as u64)
    }
}
