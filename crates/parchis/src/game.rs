//! The [`Game`] implementation of [`Parchis`]: the state's rules (`state`) and its notation
//! (`notation`) behind the core trait. It sits above both, so that the state needs neither.

use boardgame_core::dist::D6;
use boardgame_core::{ConfigError, Die, Dist, Game, MoveSink, Outcome, Turn};

use crate::board::{ENTRY, GOAL, NEST, PIECES, SAFE_MASK, TRACK_MASKS, track_bit};
use crate::config::{Config, ExitCapture, Finish, GAME_NAME, MAX_PLAYERS, MIN_PLAYERS, TripleSix};
use crate::moves::Move;
use crate::notation::NotationError;
use crate::state::{Parchis, Phase, Victims};

impl Game for Parchis {
    type Move = Move;
    type Chance = Die;
    type Config = Config;
    type NotationError = NotationError;

    const NAME: &'static str = GAME_NAME;
    const MIN_SEATS: usize = MIN_PLAYERS;
    const MAX_SEATS: usize = MAX_PLAYERS;
    /// One move per distinct square of the mover's four pieces, plus `pass` when a bonus may
    /// be declined.
    const MAX_MOVES: usize = PIECES + 1;
    const MAX_CHANCE_OUTCOMES: usize = 6;

    fn new(config: Config) -> Result<Parchis, ConfigError> {
        Parchis::blank(config)
    }

    fn from_notation(text: &str, config: &Config) -> Result<Parchis, NotationError> {
        crate::notation::parse(text, config)
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn num_seats(&self) -> usize {
        usize::from(self.num_seats)
    }

    fn turn(&self) -> Turn {
        match self.phase {
            Phase::Move(_) | Phase::Bonus(_) => Turn::Player(self.seat),
            Phase::RollOff(_) | Phase::Roll if !self.guard_reached() => Turn::Chance,
            _ => Turn::Terminal,
        }
    }

    /// Order: `out` alone when a 5 must bring a piece out; otherwise one move per distinct
    /// square holding a movable piece, furthest back first (nearest the exit, home column
    /// after the track); `pass` last, alone when nothing can move, or after the bonus moves
    /// when bonuses are optional.
    fn legal_moves<S: MoveSink<Move>>(&self, sink: &mut S) {
        // Only decision nodes have moves; the length guard ends a game at a roll.
        self.generate(sink);
    }

    fn chance_outcomes(&self) -> Option<Dist<'_, Die>> {
        match self.phase {
            Phase::RollOff(_) | Phase::Roll if !self.guard_reached() => Some(D6),
            _ => None,
        }
    }

    fn play_unchecked(&mut self, mv: Move) {
        let die = match self.phase {
            Phase::Move(die) => Some(die.value()),
            Phase::Bonus(_) => None,
            _ => panic!("play_unchecked at a node where no player moves"),
        };
        let colour = self.colour();
        let (from, distance) = match mv {
            Move::Pass => {
                if die == Some(6) && self.config.triple_six == TripleSix::Six {
                    self.tracked = NEST;
                }
                self.end_of_move();
                return;
            }
            Move::Out => (NEST, 1),
            Move::Advance { from, distance } => (
                from.progress(colour)
                    .expect("a move from an existing square"),
                distance,
            ),
        };
        let (to, victims) = if from == NEST {
            (1, self.come_out(colour).expect("out is not possible here"))
        } else {
            // Legal by contract: only the landing square decides captures.
            let to = from + distance;
            assert!(to <= GOAL, "a move past the goal");
            let captures =
                to <= ENTRY && SAFE_MASK & TRACK_MASKS[colour.index()][usize::from(to)] == 0;
            (
                to,
                if captures {
                    Victims::AllForeign
                } else {
                    Victims::None
                },
            )
        };
        let ps = &mut self.pieces[colour.index()];
        // Bit i set when piece i stands on `from`.
        let on_from = (0..PIECES).fold(0u8, |bits, i| bits + (u8::from(ps[i] == from) << i));
        assert!(on_from != 0, "no piece on that square");
        let same_square = on_from.count_ones() as usize;
        ps[on_from.trailing_zeros() as usize] = to;
        // Only this piece advanced: one pass of compare-exchanges (no branches) carries it up
        // to its place and leaves the others sorted.
        for i in 0..PIECES - 1 {
            let (low, high) = (ps[i].min(ps[i + 1]), ps[i].max(ps[i + 1]));
            (ps[i], ps[i + 1]) = (low, high);
        }
        // The masks of both squares at once (a mask is 0 off the track: nest, home, goal).
        let to_count = ps.iter().filter(|&&p| p == to).count();
        let c = colour.index();
        let (left, arrived) = (
            TRACK_MASKS[c][usize::from(from)],
            TRACK_MASKS[c][usize::from(to)],
        );
        let kept =
            |count: usize, at_least: usize, mask: u128| if count >= at_least { mask } else { 0 };
        let occupied = kept(same_square - 1, 1, left) | kept(to_count, 1, arrived);
        let pairs = kept(same_square - 1, 2, left) | kept(to_count, 2, arrived);
        self.occupied[c] = (self.occupied[c] & !(left | arrived)) | occupied;
        self.pairs[c] = (self.pairs[c] & !(left | arrived)) | pairs;

        let mut bonus = 0;
        let keeps_order =
            self.config.exit_capture != ExitCapture::Blocked && self.config.safe_sharing;
        if to <= ENTRY {
            let bit = track_bit(colour, to);
            if victims != Victims::None && self.capture(colour, bit, victims) {
                bonus = 20;
            }
            // Exit squares are the bits 17k + 4, owned by colour k.
            if keeps_order && bit % 17 == 4 && (bit / 17) as usize != colour.index() {
                self.exit_last[(bit / 17) as usize] = colour as u8 + 1;
            }
        }
        // Only a recorded arrival order can go stale (or have just been recorded).
        if self.exit_last != [0; 4] {
            self.canonical_exit_order();
        }
        if to == GOAL {
            bonus = 10;
        }

        match self.config.triple_six {
            TripleSix::Last => self.tracked = to,
            TripleSix::Six if die == Some(6) => self.tracked = to,
            TripleSix::Six if self.tracked == from && same_square == 1 => self.tracked = to,
            TripleSix::Six => {}
        }

        if self.pieces[colour.index()] == [GOAL; PIECES] {
            self.finished[usize::from(self.num_finished)] = self.seat;
            self.num_finished += 1;
            let remaining = self.num_seats - self.num_finished;
            if self.config.finish == Finish::First || remaining <= 1 {
                self.phase = Phase::Over;
            } else {
                self.next_turn();
            }
            return;
        }
        if bonus > 0 {
            self.phase = Phase::Bonus(bonus);
        } else {
            self.end_of_move();
        }
    }

    fn apply_chance_unchecked(&mut self, die: Die) {
        // The guard (`rolls >= max_rolls`) ends the game before a roll could take the count
        // past `max_rolls`; without a guard the count stays at `u32::MAX` instead of wrapping.
        self.rolls = self.rolls.saturating_add(1);
        match &mut self.phase {
            Phase::RollOff(roll_off) => {
                roll_off.record(die.value());
                if let Some(winner) = roll_off.winner() {
                    self.seat = winner;
                    self.phase = Phase::Roll;
                }
            }
            Phase::Roll => {
                if die != Die::SIX {
                    self.sixes = 0;
                    self.phase = Phase::Move(die);
                    return;
                }
                self.sixes += 1;
                if self.sixes < 3 {
                    self.phase = Phase::Move(die);
                    return;
                }
                self.third_six();
            }
            _ => panic!("apply_chance_unchecked at a node where chance does not act"),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        let n = usize::from(self.num_seats);
        match self.phase {
            Phase::Over => Some(match self.config.finish {
                Finish::First => Outcome::win(n, self.finished[0]),
                Finish::Ranking => Outcome::from_finishing_order(n, self.finished()),
            }),
            _ if self.is_truncated() => {
                let scores = boardgame_core::BySeat::new_with(n, |seat| {
                    if let Some(place) = self.finished().iter().position(|&s| s == seat) {
                        10_000 - place as i64
                    } else {
                        let colour = self.seat_colours[seat.index()];
                        self.pieces[colour.index()]
                            .iter()
                            .map(|&p| i64::from(p))
                            .sum()
                    }
                });
                Some(Outcome::from_scores(&scores))
            }
            _ => None,
        }
    }

    /// With the length guard `max_rolls = R > 0`: at most `18 R` events. Each roll is
    /// followed by at most one die move and a chain of bonus moves, and every link of the
    /// chain needs a capture (at most 12 opponent pieces are on the track) or a piece reaching
    /// the goal (at most 4), so at most 17 moves per roll.
    fn max_game_length(config: &Config) -> Option<u64> {
        (config.max_rolls > 0).then(|| u64::from(config.max_rolls) * 18)
    }
}
