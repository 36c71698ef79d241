//! Two-player Thax solved: the win probability of every position under optimal play.
//!
//! # The state space
//! Who wins depends only on the two sides (covered count per number), whose throw it is, and
//! (Thax Out with a limited supply only) the pot. The solver numbers every *throw state*
//! `(pot, roller's side, other side)`: 1 024² = 1 048 576 on the default board, 720² on
//! `n-of-n`, 512² on `with-sums`; Thax Out with `supply=N` has `N − spaces + 1` pot layers.
//! Decision states (a throw state and one of the 21 throws) are not stored: their value is
//! the best of the moves' results, recomputed on the fly. A draw counts ½ (only the dead
//! draw of a limited supply is one in the stationary game).
//!
//! # The fixed point, with a certified error
//! Takes and double sixes make the game cyclic, so values come from value iteration.
//! Every state carries a bracket `[low, high]`, starting at `[0, 1]`; a Gauss–Seidel sweep
//! replaces it with the Bellman update of the lower bounds (the mover's next states at
//! their lower bound, the opponent's at their upper bound) and of the upper bounds. The
//! update is monotone, so the true value never leaves its bracket, and the sweeps stop once
//! the widest bracket is below the tolerance (default [`DEFAULT_TOLERANCE`]): the reported
//! value, the midpoint, is then within half of it of the exact value (up to `f64`
//! rounding, about 1e-15 here). The brackets close because every game ends with
//! probability 1 whatever the players do: a roller who keeps throwing doubles of numbers
//! still uncovered on their side wins within 15 throws.
//!
//! # What is left out
//! - **`max_rolls`.** The guard (default 1 000 throws) makes the game non-stationary; the
//!   solver ignores it and solves the game without a limit (as if `max_rolls` were
//!   infinite). `boardgame solve thax --games N` measures how often optimal play reaches
//!   it (`docs/strength.md`).
//! - **`first`, `turn_limit`.** Neither changes a throw state's value; the roll-off is
//!   valued separately ([`ThaxSolution::value`]).
//! - **`voluntary_pass`** is refused: two players who may both decline every roll need not
//!   finish, so the fixed point is not determined by games that end.
//! - Boards with more than [`MAX_STATES`] states (pot layers × sides²) are refused, among
//!   them `thax-out-limited` (16 pot layers × 1 024²).
//!
//! ```
//! use boardgame_core::{Game, Seat};
//! use boardgame_search::solve::thax::ThaxSolution;
//! use thax::{Board, Thax, ThaxConfig};
//!
//! // A side of two spaces, numbered 1 and 2: 9 states per side.
//! let config = ThaxConfig::default().with_board("1,2".parse()?);
//! let solution = ThaxSolution::solve(&config)?;
//! assert!(solution.gap() <= 1e-9);
//! let first = solution.first_player_value();
//! assert!(first > 0.5 && first < 1.0, "throwing first is an advantage: {first}");
//! // Before the roll-off both seats are even.
//! let start = Thax::new(config)?;
//! assert!((solution.value(&start, Seat::new(0)) - 0.5).abs() < 1e-9);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod bot;
mod iterate;
mod layout;

use core::fmt;

use boardgame_core::dist::TWO_D6;
use boardgame_core::{DicePair, Game, RollOff, RollOffRule, Seat, Turn};
use thax::{FirstPlayer, Thax, ThaxConfig, ThaxMove, ThaxResult, TurnLimitRule};

pub use bot::{OptimalBot, SolvedThaxEvaluator};
pub use layout::MAX_STATES;

use iterate::{Bracket, Iteration, Switches};
use layout::Layout;

/// The default width of the widest bracket at which iteration stops.
pub const DEFAULT_TOLERANCE: f64 = 1e-9;

/// The smallest tolerance a solve takes. The brackets are `f64` numbers in `0..=1`, and
/// rounding stops them narrowing at a few units in the last place: the widest bracket ends
/// at 7.8e-16 on the default board (80 sweeps), and `with-sums` never gets below 1e-15 (see
/// [`STALL_SWEEPS`]). A smaller tolerance could not be reached; it once ran 100,000 sweeps
/// (2.8 hours) before failing.
pub const MIN_TOLERANCE: f64 = 1e-13;

/// The most sweeps before a solve gives up: 10,000, about 40 minutes on the default board
/// (0.25 s a sweep). The presets need 50 to 100 sweeps at the default tolerance (board `1,2`
/// 20, `1x9,2x9` with `strict_place_both` 100); a classic game with a supply just above the
/// board's spaces converges far slower (`supply=17`: the widest bracket still 0.89 after 350
/// sweeps) and stops here.
pub const MAX_SWEEPS: u32 = 10_000;

/// A solve gives up when this many sweeps in a row leave a widest bracket below 1e-6 as wide
/// as it was: `f64` rounding has stopped the brackets narrowing, and no more sweeps will
/// reach the tolerance. (Above 1e-6 the first sweeps may leave it at 1 for a while.)
pub const STALL_SWEEPS: u32 = 20;

/// The widest bracket below which a solve watches for a stall (see [`STALL_SWEEPS`]).
const STALL_BELOW: f64 = 1e-6;

/// How far a solve has got, after each sweep (for a progress display).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Progress {
    /// Sweeps run.
    pub sweeps: u32,
    /// The widest bracket after the last sweep.
    pub gap: f64,
}

/// Why a configuration cannot be solved.
#[derive(Clone, Debug, PartialEq)]
pub enum SolveError {
    /// A rule switch the solver does not handle (the reason says why).
    Unsupported(&'static str),
    /// The supply is too small for anybody ever to cover a side: the game is a dead draw
    /// before the first throw (value ½ for both).
    DeadFromTheStart,
    /// Too many states.
    TooLarge {
        /// States this configuration needs.
        states: u64,
        /// The most the solver takes.
        limit: usize,
    },
    /// The brackets did not close to the tolerance within [`MAX_SWEEPS`] sweeps, or stopped
    /// narrowing for [`STALL_SWEEPS`] sweeps.
    NotConverged {
        /// Sweeps run.
        sweeps: u32,
        /// The widest bracket left.
        gap: f64,
    },
    /// The tolerance is not a number from [`MIN_TOLERANCE`] up.
    BadTolerance(f64),
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Unsupported(why) => write!(f, "the solver does not handle {why}"),
            SolveError::DeadFromTheStart => f.write_str(
                "the supply is too small to cover a side: the game is a dead draw from the start",
            ),
            SolveError::TooLarge { states, limit } => write!(
                f,
                "this configuration has {states} states; the solver takes at most {limit}"
            ),
            SolveError::NotConverged { sweeps, gap } if *sweeps < MAX_SWEEPS => write!(
                f,
                "value iteration stopped narrowing: widest bracket {gap:.3e} after {sweeps} \
                 sweeps, the last {STALL_SWEEPS} without progress (f64 rounding); ask for a \
                 wider tolerance"
            ),
            SolveError::NotConverged { sweeps, gap } => write!(
                f,
                "value iteration did not converge: widest bracket {gap:.3e} after {sweeps} sweeps"
            ),
            SolveError::BadTolerance(tolerance) => write!(
                f,
                "the tolerance must be at least {MIN_TOLERANCE:e}, not {tolerance:e}: f64 \
                 brackets stop narrowing near 1e-15"
            ),
        }
    }
}

impl core::error::Error for SolveError {}

/// The value of one opening throw of the first player.
#[derive(Clone, Debug, PartialEq)]
pub struct Opening {
    /// The throw.
    pub dice: DicePair,
    /// Its weight out of 36.
    pub weight: u32,
    /// The first player's win probability after playing it best.
    pub value: f64,
    /// The best move (the first in move order among the best).
    pub best: ThaxMove,
    /// Every legal move with its value, in move order.
    pub moves: Vec<(ThaxMove, f64)>,
}

/// The solved game: a value bracket for every throw state of one configuration.
#[derive(Clone, Debug)]
pub struct ThaxSolution {
    config: ThaxConfig,
    layout: Layout,
    values: Vec<Bracket>,
    sweeps: u32,
    gap: f64,
    live: usize,
}

/// The configuration with the settings that do not change a throw state's value reset, so
/// that equal keys share a solution.
fn solver_key(config: &ThaxConfig) -> ThaxConfig {
    let mut key = *config;
    key.first_player = FirstPlayer::RollOff;
    key.max_rolls = ThaxConfig::DEFAULT_MAX_ROLLS;
    key.turn_limit = TurnLimitRule::Draw;
    key
}

impl ThaxSolution {
    /// Solves `config` to [`DEFAULT_TOLERANCE`].
    ///
    /// # Errors
    /// [`SolveError`] for configurations the solver does not take.
    pub fn solve(config: &ThaxConfig) -> Result<ThaxSolution, SolveError> {
        ThaxSolution::solve_to(config, DEFAULT_TOLERANCE)
    }

    /// Whether `config` can be solved: the checks of [`solve`](Self::solve) that do not need
    /// the solve itself (the rule switches, a dead draw, the size), in microseconds. A front
    /// end calls it before a game with the `optimal` bot, which solves at its first move.
    ///
    /// # Errors
    /// [`SolveError`] for configurations the solver does not take.
    pub fn check(config: &ThaxConfig) -> Result<(), SolveError> {
        Layout::new(config).map(drop)
    }

    /// Solves `config` until the widest bracket is at most `tolerance`.
    ///
    /// # Errors
    /// [`SolveError`] for configurations the solver does not take, a tolerance below
    /// [`MIN_TOLERANCE`] (or not a number), or no convergence (see
    /// [`SolveError::NotConverged`]).
    pub fn solve_to(config: &ThaxConfig, tolerance: f64) -> Result<ThaxSolution, SolveError> {
        ThaxSolution::solve_with_progress(config, tolerance, |_| {})
    }

    /// [`solve_to`](Self::solve_to), calling `progress` after every sweep.
    ///
    /// # Errors
    /// As [`solve_to`](Self::solve_to).
    pub fn solve_with_progress(
        config: &ThaxConfig,
        tolerance: f64,
        mut progress: impl FnMut(Progress),
    ) -> Result<ThaxSolution, SolveError> {
        if !(tolerance >= MIN_TOLERANCE && tolerance.is_finite()) {
            return Err(SolveError::BadTolerance(tolerance));
        }
        ThaxSolution::iterate(config, tolerance, &mut progress)
    }

    /// The sweeps of [`solve_with_progress`](Self::solve_with_progress), for any tolerance.
    fn iterate(
        config: &ThaxConfig,
        tolerance: f64,
        progress: &mut impl FnMut(Progress),
    ) -> Result<ThaxSolution, SolveError> {
        let layout = Layout::new(config)?;
        let mut iteration = Iteration::new(&layout, Switches::of(config));
        let mut sweeps = 0;
        let (mut narrowest, mut stalled) = (f64::INFINITY, 0);
        let gap = loop {
            let gap = iteration.sweep();
            sweeps += 1;
            progress(Progress { sweeps, gap });
            if gap <= tolerance {
                break gap;
            }
            if gap < narrowest {
                (narrowest, stalled) = (gap, 0);
            } else if gap < STALL_BELOW {
                stalled += 1;
            }
            if sweeps >= MAX_SWEEPS || stalled >= STALL_SWEEPS {
                return Err(SolveError::NotConverged { sweeps, gap });
            }
        };
        let live = iteration.live();
        let values = iteration.values;
        Ok(ThaxSolution {
            config: solver_key(config),
            layout,
            values,
            sweeps,
            gap,
            live,
        })
    }

    /// The configuration solved (with `first`, `max_rolls` and `turn_limit` at their
    /// defaults: they do not change the values).
    #[must_use]
    pub fn config(&self) -> &ThaxConfig {
        &self.config
    }

    /// Whether this solution holds the values of `config`'s positions.
    #[must_use]
    pub fn fits(&self, config: &ThaxConfig) -> bool {
        solver_key(config) == self.config
    }

    /// Sweeps of value iteration run.
    #[must_use]
    pub fn sweeps(&self) -> u32 {
        self.sweeps
    }

    /// The widest bracket: every value is within half of it of the exact value.
    #[must_use]
    pub fn gap(&self) -> f64 {
        self.gap
    }

    /// Throw states in the table (including those no game reaches, such as a side fuller
    /// than a limited supply allows).
    #[must_use]
    pub fn states(&self) -> usize {
        self.layout.states()
    }

    /// Throw states where neither side is full (the ones iterated).
    #[must_use]
    pub fn live_states(&self) -> usize {
        self.live
    }

    /// The win probability of the first player just after the roll-off (both sides empty,
    /// the first player about to throw).
    #[must_use]
    pub fn first_player_value(&self) -> f64 {
        self.at(self.layout.index(0, 0, 0))
    }

    /// The bracket `[low, high]` of throw state `index` (see [`state_at`](Self::state_at)).
    ///
    /// # Panics
    /// If `index >= self.states()`.
    #[must_use]
    pub fn bracket(&self, index: usize) -> [f64; 2] {
        self.values[index]
    }

    fn at(&self, index: usize) -> f64 {
        let [low, high] = self.values[index];
        0.5 * (low + high)
    }

    /// Throw state `index` as a position with seat 0 to throw, or `None` if no game
    /// reaches it (a full side, or more pieces than a limited supply holds).
    ///
    /// # Panics
    /// If `index >= self.states()`.
    #[must_use]
    pub fn state_at(&self, index: usize) -> Option<Thax> {
        assert!(index < self.states(), "no throw state {index}");
        if !self.layout.is_live(index) {
            return None;
        }
        let (pot, roller, other) = self.layout.split(index);
        let digits = |side: u32| -> String {
            let covered = &self.layout.covered[side as usize];
            self.layout
                .numbers
                .iter()
                .map(|&n| char::from(b'0' + covered[usize::from(n)]))
                .collect()
        };
        let text = format!("{}/{} r0 {pot} {}", digits(roller), digits(other), pot + 1);
        Thax::from_notation(&text, &self.config).ok()
    }

    /// The index of the throw state of `state` (a chance node after the roll-off), with the
    /// roller first, or `None` for a pot that is already a dead draw.
    fn index_of(&self, state: &Thax, roller: Seat) -> Option<usize> {
        let other = Seat::new(1 - roller.index());
        let side = |seat: Seat| self.layout.side_of(|n| state.covered(seat, n));
        let pot = if self.layout.pot_counts {
            state.pot()
        } else {
            0
        };
        (pot < self.layout.pots).then(|| self.layout.index(pot, side(roller), side(other)))
    }

    /// The win probability of `seat` in `state` under optimal play by both, a draw
    /// counting ½, ignoring `max_rolls` (but a game the guard has already stopped is over).
    ///
    /// Finished games are worth their result; throw states are looked up; a decision is
    /// worth its best move (the rules crate's legal moves); the roll-off is worth the chance
    /// of starting times the first player's value (a fresh roll-off is even by symmetry).
    ///
    /// # Panics
    /// If `state`'s configuration is not the one solved (see [`fits`](Self::fits)).
    #[must_use]
    pub fn value(&self, state: &Thax, seat: Seat) -> f64 {
        assert!(
            self.fits(state.config()),
            "a position of another configuration than the one solved"
        );
        self.value_unchecked(state, seat)
    }

    fn value_unchecked(&self, state: &Thax, seat: Seat) -> f64 {
        match state.turn() {
            Turn::Terminal => terminal_value(state, seat),
            Turn::Player(mover) => {
                let best = self
                    .moves_unchecked(state)
                    .into_iter()
                    .map(|(_, v)| v)
                    .fold(f64::NEG_INFINITY, f64::max);
                if mover == seat { best } else { 1.0 - best }
            }
            Turn::Chance => match state.roll_off() {
                Some(roll_off) => self.roll_off_value(state, roll_off, seat),
                None => {
                    let roller = state.roller().expect("a throw has a roller");
                    let value = self
                        .index_of(state, roller)
                        .map_or(0.5, |index| self.at(index));
                    if roller == seat { value } else { 1.0 - value }
                }
            },
        }
    }

    fn roll_off_value(&self, state: &Thax, roll_off: RollOff, seat: Seat) -> f64 {
        if roll_off == RollOff::new(2, RollOffRule::Highest) {
            return 0.5;
        }
        TWO_D6
            .iter()
            .map(|(dice, weight)| {
                let mut child = state.clone();
                child.apply_chance_unchecked(dice);
                f64::from(weight) * self.value_unchecked(&child, seat)
            })
            .sum::<f64>()
            / f64::from(TWO_D6.total())
    }

    /// Every legal move of the decision `state` with the mover's win probability after it,
    /// in the rules crate's move order.
    ///
    /// # Panics
    /// If `state` is not a decision node, or is of another configuration.
    #[must_use]
    pub fn move_values(&self, state: &Thax) -> Vec<(ThaxMove, f64)> {
        assert!(
            self.fits(state.config()),
            "a position of another configuration than the one solved"
        );
        assert!(
            matches!(state.turn(), Turn::Player(_)),
            "move values need a decision node"
        );
        self.moves_unchecked(state)
    }

    fn moves_unchecked(&self, state: &Thax) -> Vec<(ThaxMove, f64)> {
        let Turn::Player(mover) = state.turn() else {
            return Vec::new();
        };
        state
            .legal_moves_vec()
            .into_iter()
            .map(|mv| {
                let mut child = state.clone();
                child.play_unchecked(mv);
                (mv, self.value_unchecked(&child, mover))
            })
            .collect()
    }

    /// The first player's 21 opening throws (just after the roll-off), each with its best
    /// move and value, in `TWO_D6` order.
    #[must_use]
    pub fn openings(&self) -> Vec<Opening> {
        let mut config = self.config;
        config.first_player = FirstPlayer::Seat(Seat::new(0));
        let start = Thax::new(config).expect("the solved configuration is valid");
        TWO_D6
            .iter()
            .map(|(dice, weight)| {
                let mut state = start.clone();
                state.apply_chance_unchecked(dice);
                let moves = self.moves_unchecked(&state);
                let (best, value) = best_of(&moves);
                Opening {
                    dice,
                    weight,
                    value,
                    best,
                    moves,
                }
            })
            .collect()
    }
}

/// The first move of highest value.
///
/// # Panics
/// If `moves` is empty.
#[must_use]
pub fn best_of(moves: &[(ThaxMove, f64)]) -> (ThaxMove, f64) {
    let mut best = moves[0];
    for &(mv, value) in &moves[1..] {
        if value > best.1 {
            best = (mv, value);
        }
    }
    best
}

/// The result of a finished game for `seat`: 1 for a win, 0 for a loss, ½ for a draw.
fn terminal_value(state: &Thax, seat: Seat) -> f64 {
    let winner = match state.result() {
        Some(ThaxResult::Won { winner, .. }) => Some(winner),
        Some(ThaxResult::TurnLimit { winner, .. }) => winner,
        _ => None,
    };
    match winner {
        Some(w) if w == seat => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sweeps_stop_when_rounding_stops_the_brackets_narrowing() {
        let config = ThaxConfig::default().with_board("1x3,2x3,3x3".parse().unwrap());
        let mut seen = 0;
        let error =
            ThaxSolution::iterate(&config, 1e-300, &mut |p: Progress| seen = p.sweeps).unwrap_err();
        let SolveError::NotConverged { sweeps, gap } = error else {
            panic!("{error}");
        };
        assert!(sweeps < 100, "{sweeps} sweeps");
        assert_eq!(seen, sweeps, "progress after every sweep");
        assert!(gap > 0.0 && gap < 1e-14, "{gap}");
        assert!(error.to_string().contains("stopped narrowing"), "{error}");
    }
}
