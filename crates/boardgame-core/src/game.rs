//! The game trait: one interface for deterministic and dice games alike.

use core::fmt::{self, Debug, Display};
use core::hash::Hash;
use core::str::FromStr;

use alloc::string::String;
use alloc::vec::Vec;

use crate::dist::Dist;
use crate::outcome::Outcome;
use crate::seat::Seat;
use crate::sink::{Count, MoveSink};

/// Who acts next.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Turn {
    /// `seat` must choose one of the legal moves.
    Player(Seat),
    /// Chance acts: the caller picks one of [`Game::chance_outcomes`] (a die roll).
    Chance,
    /// The game is over; [`Game::outcome`] tells the result.
    Terminal,
}

impl Turn {
    /// The seat to move at a decision node.
    #[must_use]
    pub const fn seat(self) -> Option<Seat> {
        match self {
            Turn::Player(seat) => Some(seat),
            _ => None,
        }
    }
}

/// Why a checked [`Game::play`] or [`Game::apply_chance`] was refused. The state is unchanged.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// A move was played where no player is to move (a chance or terminal node).
    #[error("no player is to move here (chance or terminal node)")]
    NotPlayerTurn,
    /// A chance outcome was applied where chance does not act.
    #[error("chance does not act here (decision or terminal node)")]
    NotChanceNode,
    /// The move is not among the legal moves.
    #[error("illegal move")]
    IllegalMove,
    /// The outcome is not in the current chance distribution.
    #[error("chance outcome not in the current distribution")]
    IllegalOutcome,
}

/// A rejected by-value [`Game::played`]: the untouched state comes back with the reason.
pub struct Rejected<G: Game> {
    /// The state, exactly as before the attempt.
    pub state: G,
    /// The move that was refused.
    pub mv: G::Move,
    /// Why it was refused.
    pub error: PlayError,
}

impl<G: Game> Debug for Rejected<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Rejected")
            .field("state", &self.state)
            .field("mv", &self.mv)
            .field("error", &self.error)
            .finish()
    }
}

impl<G: Game> Display for Rejected<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "move {} rejected in {}: {}",
            self.mv, self.state, self.error
        )
    }
}

impl<G: Game> core::error::Error for Rejected<G> {}

/// A rules configuration that cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ConfigError {
    /// The seat count is outside what the game supports.
    #[error("{game} is played by {min} to {max} players, not {given}")]
    SeatCount {
        /// The game's name.
        game: &'static str,
        /// The seat count asked for.
        given: usize,
        /// The fewest seats allowed.
        min: usize,
        /// The most seats allowed.
        max: usize,
    },
    /// A setting has a value the game cannot use.
    #[error("invalid setting {key}: {reason}")]
    Invalid {
        /// The setting's name.
        key: &'static str,
        /// What is wrong with it.
        reason: String,
    },
}

impl ConfigError {
    /// `Ok` if `given` seats are within `G::MIN_SEATS..=G::MAX_SEATS`, otherwise
    /// [`ConfigError::SeatCount`] naming the game and the range.
    ///
    /// # Errors
    /// [`ConfigError::SeatCount`].
    pub fn check_seats<G: Game>(given: usize) -> Result<(), ConfigError> {
        if (G::MIN_SEATS..=G::MAX_SEATS).contains(&given) {
            Ok(())
        } else {
            Err(ConfigError::SeatCount {
                game: G::NAME,
                given,
                min: G::MIN_SEATS,
                max: G::MAX_SEATS,
            })
        }
    }
}

/// The chance-outcome type of a deterministic game: it has no values, so such a game can
/// never reach [`Turn::Chance`]. (Like `core::convert::Infallible`, but with the `FromStr`
/// and serde impls that records need.)
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum NoChance {}

impl Display for NoChance {
    fn fmt(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {}
    }
}

/// Parsing a [`NoChance`] always fails: a deterministic game has no chance outcomes.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("this game has no chance outcomes (got {})", boardgame_io::quote(.0))]
pub struct ParseNoChanceError(pub String);

impl FromStr for NoChance {
    type Err = ParseNoChanceError;
    fn from_str(s: &str) -> Result<NoChance, ParseNoChanceError> {
        Err(ParseNoChanceError(s.into()))
    }
}

/// A game state in the explicit-chance model: decision nodes, chance nodes with exact
/// weights, and terminal nodes.
///
/// The state owns its rules [`Config`](Game::Config) by value. It is copy-make: clone, then
/// play. The rules never touch a random number generator: every die roll is an explicit
/// chance outcome chosen by the caller.
///
/// Implementors provide the required methods; the provided ones (`play`, `apply_chance`,
/// `played`, `is_legal`, `count_moves`, …) are checked wrappers that rarely need overriding
/// (override `count_moves` and `is_legal` for speed, never their meaning).
///
/// # Contract (checked by `testkit::check_game`)
/// - `turn()` is `Player` exactly when `chance_outcomes()` and `outcome()` are `None`;
///   `Chance` exactly when `chance_outcomes()` is `Some`; `Terminal` exactly when `outcome()`
///   is `Some`.
/// - A decision node has at least one legal move (an explicit pass where the rules force
///   one), no duplicates, at most [`MAX_MOVES`](Game::MAX_MOVES), in a documented
///   deterministic order.
/// - `Display` and [`from_notation`](Game::from_notation) round-trip; moves and chance
///   outcomes round-trip through `Display`/`FromStr`, with distinct strings per state.
pub trait Game: Clone + Eq + Hash + Debug + Display + Sized {
    /// A move at a decision node.
    type Move: Copy + Eq + Hash + Debug + Display + FromStr<Err: core::error::Error>;
    /// A chance outcome ([`NoChance`] for deterministic games).
    type Chance: Copy + Eq + Hash + Debug + Display + FromStr<Err: core::error::Error>;
    /// The rules configuration: seat count and house rules.
    type Config: Clone + Eq + Debug + Default;
    /// What is wrong with a state's text notation.
    type NotationError: core::error::Error;

    /// The game's name, lowercase ASCII (`"ataxx"`).
    const NAME: &'static str;
    /// The fewest seats the game can be played with.
    const MIN_SEATS: usize;
    /// The most seats the game can be played with.
    const MAX_SEATS: usize;
    /// An upper bound on the legal moves in any state the public API can construct.
    const MAX_MOVES: usize;
    /// An upper bound on the outcomes of any chance node (0 for deterministic games).
    const MAX_CHANCE_OUTCOMES: usize;

    /// The initial state under `config`.
    ///
    /// # Errors
    /// [`ConfigError`] if the configuration cannot be played.
    fn new(config: Self::Config) -> Result<Self, ConfigError>;

    /// Parses the state notation written by `Display`, under `config`.
    ///
    /// # Errors
    /// [`Self::NotationError`] naming what is wrong and where.
    fn from_notation(text: &str, config: &Self::Config) -> Result<Self, Self::NotationError>;

    /// The rules configuration this state is played under.
    fn config(&self) -> &Self::Config;

    /// The number of seats at the table.
    fn num_seats(&self) -> usize;

    /// Who acts next.
    fn turn(&self) -> Turn;

    /// Pushes every legal move into `sink`, in the game's documented order. Pushes nothing
    /// at chance and terminal nodes.
    fn legal_moves<S: MoveSink<Self::Move>>(&self, sink: &mut S);

    /// The chance distribution, exactly when `turn()` is [`Turn::Chance`].
    fn chance_outcomes(&self) -> Option<Dist<'_, Self::Chance>>;

    /// Plays `mv`, which the caller guarantees is legal.
    ///
    /// # Panics
    /// May panic, or leave a meaningless (but memory-safe) state, if `mv` is not legal.
    fn play_unchecked(&mut self, mv: Self::Move);

    /// Applies the chance outcome `outcome`, which the caller guarantees is possible.
    ///
    /// # Panics
    /// May panic, or leave a meaningless (but memory-safe) state, if it is not.
    fn apply_chance_unchecked(&mut self, outcome: Self::Chance);

    /// The result, exactly when `turn()` is [`Turn::Terminal`].
    fn outcome(&self) -> Option<Outcome>;

    /// The most events (moves plus chance outcomes) any game under `config` can last, if
    /// the rules bound it.
    fn max_game_length(config: &Self::Config) -> Option<u64> {
        let _ = config;
        None
    }

    /// The number of legal moves (bulk counting; override with something faster).
    fn count_moves(&self) -> usize {
        let mut count = Count(0);
        self.legal_moves(&mut count);
        count.0
    }

    /// The `pick(n)`-th (from 0) of the `n` legal moves at a decision node, in
    /// [`legal_moves`](Game::legal_moves) order. `pick` is called once, with `n ≥ 1`, and
    /// returns a number below `n`: this is how a uniformly random policy draws its move
    /// ([`UniformRandom`](crate::driver::UniformRandom)).
    ///
    /// The default lists the moves into `scratch` (cleared first). A game that can find the
    /// `k`-th move without building the list overrides it (Ataxx does, with popcounts); the
    /// testkit checks that an override gives the listed move for every `k`.
    ///
    /// # Panics
    /// If `pick` returns `n` or more. At a chance or terminal node the result is unspecified
    /// (the default panics: there is no move to pick).
    fn pick_move(
        &self,
        scratch: &mut Vec<Self::Move>,
        pick: impl FnOnce(usize) -> usize,
    ) -> Self::Move {
        scratch.clear();
        self.legal_moves(scratch);
        scratch[pick(scratch.len())]
    }

    /// Whether `mv` is legal here (false at chance and terminal nodes).
    fn is_legal(&self, mv: Self::Move) -> bool {
        let mut found = false;
        self.legal_moves(&mut crate::sink::FnSink(|m| found |= m == mv));
        found
    }

    /// The legal moves in a new `Vec` (convenience; search code should reuse a sink).
    fn legal_moves_vec(&self) -> Vec<Self::Move> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.turn() == Turn::Terminal
    }

    /// Plays `mv` if it is legal.
    ///
    /// # Errors
    /// [`PlayError::NotPlayerTurn`] at a chance or terminal node, [`PlayError::IllegalMove`]
    /// if `mv` is not legal. The state is unchanged on error.
    fn play(&mut self, mv: Self::Move) -> Result<(), PlayError> {
        if !matches!(self.turn(), Turn::Player(_)) {
            return Err(PlayError::NotPlayerTurn);
        }
        if !self.is_legal(mv) {
            return Err(PlayError::IllegalMove);
        }
        self.play_unchecked(mv);
        Ok(())
    }

    /// Applies a chance outcome if it is possible here.
    ///
    /// # Errors
    /// [`PlayError::NotChanceNode`] unless chance acts, [`PlayError::IllegalOutcome`] if the
    /// outcome is not in the distribution. The state is unchanged on error.
    fn apply_chance(&mut self, outcome: Self::Chance) -> Result<(), PlayError> {
        let Some(dist) = self.chance_outcomes() else {
            return Err(PlayError::NotChanceNode);
        };
        if dist.weight(&outcome) == 0 {
            return Err(PlayError::IllegalOutcome);
        }
        self.apply_chance_unchecked(outcome);
        Ok(())
    }

    /// By-value [`play`](Game::play): the new state, or the untouched one with the reason.
    ///
    /// # Errors
    /// [`Rejected`] holding the state as it was.
    fn played(mut self, mv: Self::Move) -> Result<Self, Rejected<Self>> {
        match self.play(mv) {
            Ok(()) => Ok(self),
            Err(error) => Err(Rejected {
                state: self,
                mv,
                error,
            }),
        }
    }
}
