//! The [`Game`] implementation of [`Thax`]: the state's rules (`state`) and its notation
//! (`notation`) behind the core trait. It sits above both, so that the state needs neither
//! the notation nor the trait's other users.

use boardgame_core::dist::TWO_D6;
use boardgame_core::{
    ConfigError, DicePair, Dist, Game, MoveSink, Outcome, RollOff, RollOffRule, Turn,
};

use crate::board::MAX_NUMBER;
use crate::config::{FirstPlayer, ThaxConfig, Variant};
use crate::moves::ThaxMove;
use crate::notation::ParseThaxError;
use crate::result::ThaxResult;
use crate::state::{End, MAX_MOVES, Phase, Thax, ThaxMoveList};

impl Game for Thax {
    type Move = ThaxMove;
    type Chance = DicePair;
    type Config = ThaxConfig;
    type NotationError = ParseThaxError;

    const NAME: &'static str = "thax";
    const MIN_SEATS: usize = 2;
    const MAX_SEATS: usize = 2;
    const MAX_MOVES: usize = MAX_MOVES;
    const MAX_CHANCE_OUTCOMES: usize = 21;

    /// # Errors
    /// [`ConfigError::Invalid`] if `max_rolls` is 0 or the fixed first seat is not 0 or 1.
    fn new(config: ThaxConfig) -> Result<Thax, ConfigError> {
        if config.max_rolls == 0 {
            return Err(ConfigError::Invalid {
                key: "max_rolls",
                reason: "must be at least 1".into(),
            });
        }
        let phase = match config.first_player {
            FirstPlayer::RollOff => Phase::RollOff(RollOff::new(2, RollOffRule::Highest)),
            FirstPlayer::Seat(seat) if seat.index() < 2 => Phase::Roll(seat),
            FirstPlayer::Seat(_) => {
                return Err(ConfigError::Invalid {
                    key: "first",
                    reason: "the first seat must be 0 or 1".into(),
                });
            }
        };
        let phase = if config.is_dead(0) {
            Phase::Over(End::DeadDraw)
        } else {
            phase
        };
        Ok(Thax {
            config,
            covered: [[0; MAX_NUMBER as usize]; 2],
            filled: [0; 2],
            pot: 0,
            rolls: 0,
            phase,
        })
    }

    fn from_notation(text: &str, config: &ThaxConfig) -> Result<Thax, ParseThaxError> {
        crate::notation::parse(text, config)
    }

    fn config(&self) -> &ThaxConfig {
        &self.config
    }

    fn num_seats(&self) -> usize {
        2
    }

    #[inline]
    fn turn(&self) -> Turn {
        match self.phase {
            Phase::RollOff(_) | Phase::Roll(_) => Turn::Chance,
            Phase::Decide(seat, _) => Turn::Player(seat),
            Phase::Over(_) => Turn::Terminal,
        }
    }

    /// The options of the roll (see the move order on [`Thax`]):
    /// - **6-6** (thax): `thax n` for each distinct number covered on the roller's side;
    ///   `pass` if the side is empty.
    /// - **6 and x** (half thax): `place x` if an `x` is uncovered (and, with
    ///   `half_thax_take`, `take x>x`).
    /// - **a and b** (both 1..5): `place a b` (two different spaces on doubles), or if that is
    ///   impossible the single placements that are possible (none under
    ///   `strict_place_both`); `sum a+b` if the board has that number uncovered; `take a>b`
    ///   and `take b>a` from the opponent's covered space to the roller's uncovered one (and,
    ///   with `take_with_sum`, `take s>s`).
    /// - `pass` when nothing else is legal, or always under `voluntary_pass` (except on 6-6).
    ///
    /// Placing needs a piece in the supply when the supply is limited.
    #[inline]
    fn legal_moves<S: MoveSink<ThaxMove>>(&self, sink: &mut S) {
        if let Phase::Decide(seat, dice) = self.phase {
            self.generate(seat, dice, sink);
        }
    }

    fn chance_outcomes(&self) -> Option<Dist<'_, DicePair>> {
        matches!(self.phase, Phase::RollOff(_) | Phase::Roll(_)).then_some(TWO_D6)
    }

    /// # Panics
    /// At a node that is not a decision node, or if `mv` needs a piece or a space that is
    /// not there.
    fn play_unchecked(&mut self, mv: ThaxMove) {
        let Phase::Decide(seat, dice) = self.phase else {
            panic!("not a decision node")
        };
        let me = seat.index();
        match mv {
            ThaxMove::Place(a, b) => {
                self.add(me, a);
                self.add(me, b);
            }
            ThaxMove::PlaceOne(n) | ThaxMove::Sum(n) => self.add(me, n),
            ThaxMove::Take { from, to } => {
                self.remove(me ^ 1, from);
                self.add(me, to);
            }
            ThaxMove::Thax(n) => {
                self.remove(me, n);
                if self.config.variant == Variant::ThaxOut {
                    self.pot += 1;
                }
            }
            ThaxMove::Pass => {}
        }
        self.settle(seat, dice);
    }

    /// # Panics
    /// At a node that is not a chance node.
    fn apply_chance_unchecked(&mut self, dice: DicePair) {
        self.rolls += 1;
        match self.phase {
            Phase::RollOff(mut roll_off) => {
                roll_off.record(dice.sum());
                match roll_off.winner() {
                    Some(first) => self.start_roll(first),
                    None if self.rolls >= self.config.max_rolls => {
                        self.phase = Phase::Over(End::TurnLimit)
                    }
                    None => self.phase = Phase::RollOff(roll_off),
                }
            }
            Phase::Roll(seat) => self.phase = Phase::Decide(seat, dice),
            _ => panic!("not a chance node"),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.result().map(ThaxResult::outcome)
    }

    /// Every throw is followed by at most one move, and there are at most `max_rolls` throws.
    fn max_game_length(config: &ThaxConfig) -> Option<u64> {
        Some(2 * u64::from(config.max_rolls))
    }

    fn count_moves(&self) -> usize {
        let mut moves = ThaxMoveList::new();
        self.legal_moves(&mut moves);
        moves.len()
    }

    fn is_legal(&self, mv: ThaxMove) -> bool {
        let mut moves = ThaxMoveList::new();
        self.legal_moves(&mut moves);
        moves.contains(&mv)
    }
}
