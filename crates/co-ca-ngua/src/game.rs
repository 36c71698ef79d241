//! The [`Game`] implementation of [`CoCaNgua`]: the state's rules (`state`) and its notation
//! (`notation`) behind the core trait. It sits above both, so that the state needs neither.

use boardgame_core::{ConfigError, Dist, FnSink, Game, MoveSink, Outcome, Turn};

use crate::config::Config;
use crate::moves::Move;
use crate::notation::ParseStateError;
use crate::roll::{ONE_DIE, Roll, TWO_DICE};
use crate::state::{CoCaNgua, ExitOption, Phase, sort_small};

impl Game for CoCaNgua {
    type Move = Move;
    type Chance = Roll;
    type Config = Config;
    type NotationError = ParseStateError;

    const NAME: &'static str = "co-ca-ngua";
    const MIN_SEATS: usize = 2;
    const MAX_SEATS: usize = 4;
    /// `exit`, then per piece square (at most 4) an advance and, for the one piece square
    /// that can stop on its circle `K` with a given roll, a shortcut and (under
    /// `arrival = choose`) a shortcut sending each of the (at most 3) other pieces on the
    /// track: at most 9. Under `dice = 2`, when no piece can move the sum, the same for each
    /// die alone: at most 1 + 2 × 8 = 17.
    const MAX_MOVES: usize = 17;
    /// 21 unordered pairs under `dice = 2` (6 with one die).
    const MAX_CHANCE_OUTCOMES: usize = 21;

    fn new(config: Config) -> Result<CoCaNgua, ConfigError> {
        CoCaNgua::build(config)
    }

    fn from_notation(text: &str, config: &Config) -> Result<CoCaNgua, ParseStateError> {
        crate::notation::parse(text, config)
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn num_seats(&self) -> usize {
        usize::from(self.config.players)
    }

    fn turn(&self) -> Turn {
        match self.phase {
            Phase::RollOff(_) | Phase::Roll(_) => Turn::Chance,
            Phase::Move(seat, _) => Turn::Player(seat),
            Phase::Won(_) | Phase::Drawn => Turn::Terminal,
        }
    }

    /// Order: `exit`; then for each distinct piece square, lowest progress first, its
    /// advance followed by its shortcut (when the advance stops on the own circle `K`) and,
    /// under `arrival = choose`, the shortcut that sends the other piece;
    /// `pass` alone when nothing else is legal. A compulsory exit is the only move. Under
    /// `dice = 2` the advances are by the sum; only when no piece can move the sum, by the
    /// lower die, then by the higher.
    fn legal_moves<S: MoveSink<Move>>(&self, sink: &mut S) {
        let Phase::Move(seat, roll) = self.phase else {
            return;
        };
        let s = seat.index();
        let colour = usize::from(self.colours[s]);
        let steps = self.steps(seat, roll);
        let own = self.own(s);
        let highest = own[own.len() - 1];
        // Other players' pieces matter only for the exit square and the inner ring.
        let releases = self.releases(roll);
        let needs_others =
            releases || highest + steps >= self.board.ring_first() || self.track_checks;
        let others = if needs_others { self.others(s) } else { 0 };
        let mut any = false;
        match self.exit_option(s, releases, others) {
            ExitOption::Forced => {
                sink.push(Move::Exit);
                return;
            }
            ExitOption::Allowed => {
                sink.push(Move::Exit);
                any = true;
            }
            ExitOption::No => {}
        }
        if self.advances(s, colour, steps, others, sink) {
            any = true;
        } else if let Some(pair) = roll.pair() {
            any |= self.single_die_advances(s, colour, pair, others, sink);
        }
        if !any {
            sink.push(Move::Pass);
        }
    }

    /// Rejects moves with the wrong number of steps (or an exit without the exit roll)
    /// before generating anything.
    fn is_legal(&self, mv: Move) -> bool {
        let Phase::Move(seat, roll) = self.phase else {
            return false;
        };
        let quick_reject = match mv {
            Move::Advance { steps, .. }
            | Move::Shortcut { steps, .. }
            | Move::ShortcutOther { steps, .. } => !self.may_move(seat, roll, steps),
            Move::Exit => !self.releases(roll),
            Move::Pass => false,
        };
        if quick_reject {
            return false;
        }
        let mut found = false;
        self.legal_moves(&mut FnSink(|m| found |= m == mv));
        found
    }

    /// One die (6 outcomes, weight 1 each) or, under `dice = 2`, two dice (21 unordered
    /// pairs, weight 1 or 2 out of 36), for the roll-off too.
    fn chance_outcomes(&self) -> Option<Dist<'_, Roll>> {
        let dist = if self.two_dice { TWO_DICE } else { ONE_DIE };
        matches!(self.phase, Phase::RollOff(_) | Phase::Roll(_)).then_some(dist)
    }

    fn play_unchecked(&mut self, mv: Move) {
        let Phase::Move(seat, roll) = self.phase else {
            panic!("play_unchecked at a node where nobody moves")
        };
        let s = seat.index();
        let colour = usize::from(self.colours[s]);
        // Tested as "moves a piece" first, not with a `match` over the five kinds of move,
        // which compiles to an indirect jump.
        let moved = if let Some((from, steps)) = mv.piece() {
            Some(self.move_piece(s, colour, mv, from, steps))
        } else if mv == Move::Exit {
            let others = self.others(s);
            self.pieces[s][0] = 1;
            self.capture(s, colour, 1, others);
            Some(1)
        } else {
            None
        };
        sort_small(&mut self.pieces[s][..self.count]);
        self.refresh_occupancy(s);
        if self.finished(s) {
            self.phase = Phase::Won(seat);
            self.sixes = 0;
            self.last_moved = 0;
            return;
        }
        // Tracked for a third six (two dice: a third double); after another roll the turn
        // ends (or, under `extra_roll_on_one`, goes on with a fresh count).
        let repeats = Self::repeats(roll);
        if let Some(target) = moved.filter(|_| self.config.triple_six && repeats) {
            self.last_moved = target;
        }
        let bonus_roll = repeats || (self.config.extra_roll_on_one && roll == Roll::die(1));
        let again = bonus_roll && (moved.is_some() || self.config.six_after_pass);
        if again {
            self.roll_next(seat);
        } else {
            self.next_seat(seat);
        }
    }

    fn apply_chance_unchecked(&mut self, roll: Roll) {
        // The guard (`rolls >= max_rolls`) ends the game before a roll could take the count
        // past `max_rolls`; without a guard the count stays at `u32::MAX` instead of wrapping.
        self.rolls = self.rolls.saturating_add(1);
        match self.phase {
            Phase::RollOff(mut roll_off) => {
                roll_off.record(roll.total());
                match roll_off.winner() {
                    Some(first) => self.roll_next(first),
                    None if self.config.max_rolls != 0 && self.rolls >= self.config.max_rolls => {
                        self.phase = Phase::Drawn;
                    }
                    None => self.phase = Phase::RollOff(roll_off),
                }
            }
            Phase::Roll(seat) => {
                if !Self::repeats(roll) {
                    self.sixes = 0;
                    self.last_moved = 0;
                } else if self.config.triple_six {
                    if self.sixes == 2 {
                        // Third six in a row: the piece moved last goes home unless it is in
                        // the safe area (or no piece moved), and the turn ends.
                        let s = seat.index();
                        let last = self.last_moved;
                        if last != 0 && !self.board.is_safe(last) {
                            let count = self.count;
                            let own = &mut self.pieces[s][..count];
                            if let Some(i) = own.iter().position(|&p| p == last) {
                                own[i] = 0;
                                sort_small(own);
                                self.refresh_occupancy(s);
                            }
                        }
                        self.next_seat(seat);
                        return;
                    }
                    self.sixes += 1;
                }
                self.phase = Phase::Move(seat, roll);
            }
            _ => panic!("apply_chance_unchecked where chance does not act"),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.phase {
            Phase::Won(seat) => Some(Outcome::win(self.num_seats(), seat)),
            Phase::Drawn => Some(Outcome::draw(self.num_seats())),
            _ => None,
        }
    }

    /// `2 * max_rolls` (each roll is followed by at most one move), when the guard is on.
    fn max_game_length(config: &Config) -> Option<u64> {
        (config.max_rolls != 0).then(|| 2 * u64::from(config.max_rolls))
    }
}
