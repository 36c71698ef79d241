//! The game state and the rules: move generation, captures, bonuses, the triple six, the
//! end of the game.

use boardgame_core::dist::D6;
use boardgame_core::{
    ConfigError, Die, Dist, Game, MoveSink, Outcome, RollOff, RollOffRule, Seat, Turn,
};

use crate::board::{
    Colour, ENTRY, GOAL, Loc, NEST, PIECES, SAFE_MASK, TRACK_LEN, TRACK_MASKS, track_bit,
};
use crate::config::{Barriers, Config, ExitCapture, Finish, TripleSix};
use crate::moves::Move;
use crate::notation::NotationError;

/// Bits `0..68` of a track mask.
const TRACK_MASK: u128 = (1u128 << TRACK_LEN) - 1;

/// Where the game stands between events.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Phase {
    /// Rolling for the first turn (chance).
    RollOff(RollOff),
    /// The seat to move rolls the die (chance).
    Roll,
    /// The seat to move plays this die.
    Move(Die),
    /// The seat to move plays a pending bonus of 20 or 10.
    Bonus(u8),
    /// The game is over.
    Over,
}

/// A Parchís position under a [`Config`]: every piece, whose turn it is and what they must
/// do, sixes rolled in a row, the piece a third six would send home, and the roll count.
///
/// Seats are the playing colours in turn order starting from Yellow's place (see
/// [`Config::seat_colours`]); who moves first is decided by a roll-off at the start.
///
/// Equality is structural over everything the notation shows.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Parchis {
    pub(crate) config: Config,
    pub(crate) seat_colours: [Colour; 4],
    pub(crate) num_seats: u8,
    /// Progress of each piece by colour index, sorted ascending (non-playing colours: nest).
    pub(crate) pieces: [[u8; PIECES]; 4],
    pub(crate) seat: Seat,
    pub(crate) phase: Phase,
    pub(crate) sixes: u8,
    /// Progress of the piece a third six sends home (of the colour to move), 0 for none.
    pub(crate) tracked: u8,
    pub(crate) rolls: u32,
    /// Seats in finishing order.
    pub(crate) finished: [Seat; 4],
    pub(crate) num_finished: u8,
    /// Per exit owner (colour index): colour index + 1 of the piece that arrived last on that
    /// exit, kept only when the exit holds two foreign pieces of different colours and exit
    /// captures can choose between them; 0 otherwise.
    pub(crate) exit_last: [u8; 4],
    /// Derived from `pieces`, kept in step by every change: the track squares holding at
    /// least one piece of each colour (bit `square - 1`).
    pub(crate) occupied: [u128; 4],
    /// Derived from `pieces`: the track squares holding two or more pieces of each colour.
    pub(crate) pairs: [u128; 4],
}

/// Occupancy masks over the 68 track squares, built once per move generation.
#[derive(Copy, Clone, Debug, Default)]
struct Occupancy {
    /// Squares that are barriers (for every colour, its own included).
    barrier: u128,
    /// The mover's own home-column barriers (bit `h - 1`).
    home_barrier: u8,
    /// Squares holding at least two pieces in all.
    crowded: u128,
    /// Squares holding a piece of another colour than the mover's.
    foreign: u128,
}

/// How a piece lands: where, and whom it captures.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Victims {
    None,
    /// Every foreign piece on the square.
    AllForeign,
    /// One piece of this colour.
    One(Colour),
}

#[inline]
fn arc(start: u32, len: u32) -> u128 {
    let m = ((1u128 << len) - 1) << start;
    ((m >> TRACK_LEN) | m) & TRACK_MASK
}

impl Parchis {
    /// The colour playing at `seat`.
    ///
    /// # Panics
    /// If the seat is not at the table.
    #[must_use]
    #[track_caller]
    pub fn colour_of(&self, seat: Seat) -> Colour {
        assert!(
            seat.index() < self.num_seats as usize,
            "seat {seat} is not at the table"
        );
        self.seat_colours[seat.index()]
    }

    /// The seat playing `colour`, if it takes part.
    #[must_use]
    pub fn seat_of(&self, colour: Colour) -> Option<Seat> {
        self.seat_colours[..self.num_seats as usize]
            .iter()
            .position(|&c| c == colour)
            .map(Seat::new)
    }

    /// The colours in seat order.
    #[must_use]
    pub fn colours(&self) -> &[Colour] {
        &self.seat_colours[..self.num_seats as usize]
    }

    /// Where the four pieces of `colour` stand, furthest back first; `None` if the colour
    /// does not take part.
    #[must_use]
    pub fn pieces(&self, colour: Colour) -> Option<[Loc; PIECES]> {
        self.seat_of(colour)?;
        Some(self.pieces[colour.index()].map(|p| Loc::of(colour, p)))
    }

    /// The seat whose turn it is (to roll, move or play a bonus); `None` during the roll-off.
    #[must_use]
    pub fn seat_to_play(&self) -> Option<Seat> {
        match self.phase {
            Phase::RollOff(_) => None,
            _ => Some(self.seat),
        }
    }

    /// The die to be played, at a decision node after a roll.
    #[must_use]
    pub fn die(&self) -> Option<Die> {
        match self.phase {
            Phase::Move(die) => Some(die),
            _ => None,
        }
    }

    /// The bonus (20 or 10) to be played now, if any.
    #[must_use]
    pub fn pending_bonus(&self) -> Option<u8> {
        match self.phase {
            Phase::Bonus(amount) => Some(amount),
            _ => None,
        }
    }

    /// The roll-off for the first turn, while it lasts.
    #[must_use]
    pub fn roll_off(&self) -> Option<&RollOff> {
        match &self.phase {
            Phase::RollOff(r) => Some(r),
            _ => None,
        }
    }

    /// Sixes rolled in a row by the seat to play (0..=2).
    #[must_use]
    pub fn sixes(&self) -> u8 {
        self.sixes
    }

    /// Where the piece a third six would send back stands (the colour to play's), if any.
    #[must_use]
    pub fn tracked_piece(&self) -> Option<Loc> {
        (self.tracked != NEST).then(|| Loc::of(self.seat_colours[self.seat.index()], self.tracked))
    }

    /// Dice rolled so far, roll-off included (the length guard counts these).
    #[must_use]
    pub fn rolls(&self) -> u32 {
        self.rolls
    }

    /// Seats that have brought all four pieces home, in finishing order.
    #[must_use]
    pub fn finished(&self) -> &[Seat] {
        &self.finished[..self.num_finished as usize]
    }

    /// A cheap static evaluation for `seat`, higher is better: the seat's progress minus the
    /// best opponent's. A piece is worth the steps it has travelled from its exit (1 on the
    /// exit square, 64 on the entry square, 71 on home-column square 7) and 100 in the goal;
    /// nest pieces are worth 0. At a terminal state the value is `10 000 ×` the seat's
    /// zero-sum return instead.
    ///
    /// # Panics
    /// If the seat is not at the table.
    #[must_use]
    #[track_caller]
    pub fn evaluation(&self, seat: Seat) -> i64 {
        let mine = self.colour_of(seat);
        if let Some(outcome) = self.outcome() {
            return 10_000 * i64::from(outcome.returns()[seat]);
        }
        let progress = |c: Colour| -> i64 {
            self.pieces[c.index()]
                .iter()
                .map(|&p| if p == GOAL { 100 } else { i64::from(p) })
                .sum()
        };
        let best_other = self
            .colours()
            .iter()
            .filter(|&&c| c != mine)
            .map(|&c| progress(c))
            .max()
            .unwrap_or(0);
        progress(mine) - best_other
    }

    fn colour(&self) -> Colour {
        self.seat_colours[self.seat.index()]
    }

    fn occupancy(&self, mover: Colour) -> Occupancy {
        let mut occ = Occupancy::default();
        let mut all = 0u128;
        let mut pairs = 0u128;
        for colour in Colour::ALL {
            let here = self.occupied[colour.index()];
            occ.crowded |= all & here;
            all |= here;
            pairs |= self.pairs[colour.index()];
            if colour != mover {
                occ.foreign |= here;
            }
        }
        occ.crowded |= pairs;
        match self.config.barriers {
            Barriers::Safe => occ.barrier = pairs & SAFE_MASK,
            Barriers::Everywhere => {
                occ.barrier = pairs;
                let ps = &self.pieces[mover.index()];
                for i in 1..PIECES {
                    let p = ps[i];
                    if p == ps[i - 1] && p > ENTRY && p < GOAL {
                        occ.home_barrier |= 1 << (p - ENTRY - 1);
                    }
                }
            }
        }
        occ
    }

    /// Brings the derived masks in step with `colour`'s pieces on track bit `bit`.
    fn refresh_square(&mut self, colour: Colour, bit: u32) {
        let count = self.pieces[colour.index()]
            .iter()
            .filter(|&&p| track_bit(colour, p) == bit)
            .count();
        let mask = 1u128 << bit;
        if count > 0 {
            self.occupied[colour.index()] |= mask;
        } else {
            self.occupied[colour.index()] &= !mask;
        }
        if count >= 2 {
            self.pairs[colour.index()] |= mask;
        } else {
            self.pairs[colour.index()] &= !mask;
        }
    }

    /// Recomputes the derived masks from the pieces.
    pub(crate) fn rebuild_masks(&mut self) {
        self.occupied = [0; 4];
        self.pairs = [0; 4];
        for colour in Colour::ALL {
            let ps = self.pieces[colour.index()];
            for (i, &p) in ps.iter().enumerate() {
                let mask = TRACK_MASKS[colour.index()][usize::from(p)];
                self.occupied[colour.index()] |= mask;
                if i > 0 && ps[i - 1] == p {
                    self.pairs[colour.index()] |= mask;
                }
            }
        }
    }

    /// Where a piece of `colour` at progress `from` (1..GOAL) lands moving `distance`, and
    /// whom it captures; `None` if the move is illegal.
    fn advance(
        &self,
        occ: &Occupancy,
        colour: Colour,
        from: u8,
        distance: u8,
    ) -> Option<(u8, Victims)> {
        let to = from + distance;
        if from == NEST || to > GOAL {
            return None;
        }
        if from < ENTRY {
            let last = to.min(ENTRY);
            let start = track_bit(colour, from + 1);
            if occ.barrier & arc(start, u32::from(last - from)) != 0 {
                return None;
            }
        }
        if to > ENTRY && occ.home_barrier != 0 {
            let lo = from.max(ENTRY) + 1 - ENTRY - 1;
            let hi = to.min(GOAL - 1) - ENTRY - 1;
            if hi >= lo {
                let bits = (((1u16 << (hi - lo + 1)) - 1) << lo) as u8;
                if occ.home_barrier & bits != 0 {
                    return None;
                }
            }
        }
        if to > ENTRY {
            return Some((to, Victims::None));
        }
        let bit = TRACK_MASKS[colour.index()][usize::from(to)];
        if occ.foreign & bit == 0 {
            return Some((to, Victims::None));
        }
        if SAFE_MASK & bit != 0 {
            (self.config.safe_sharing && occ.crowded & bit == 0).then_some((to, Victims::None))
        } else {
            Some((to, Victims::AllForeign))
        }
    }

    /// Whether a piece of `colour` may come out of the nest, and whom it captures.
    fn come_out(&self, colour: Colour) -> Option<Victims> {
        let own = self.pieces[colour.index()]
            .iter()
            .filter(|&&p| p == 1)
            .count();
        if own >= 2 {
            return None;
        }
        let counts = self.counts_at(track_bit(colour, 1));
        if counts.iter().sum::<u8>() == own as u8 {
            return Some(Victims::None);
        }
        if self.config.exit_barrier_blocks
            && counts
                .iter()
                .enumerate()
                .any(|(k, &n)| k != colour.index() && n >= 2)
        {
            return None;
        }
        let foreign: u8 = counts
            .iter()
            .enumerate()
            .filter(|&(k, _)| k != colour.index())
            .map(|(_, &n)| n)
            .sum();
        let total = own as u8 + foreign;
        let capture = match self.config.exit_capture {
            ExitCapture::Always => true,
            ExitCapture::Full => total >= 2,
            ExitCapture::Blocked => false,
        };
        if capture {
            if !self.config.safe_sharing {
                return Some(Victims::AllForeign);
            }
            let mut colours = Colour::ALL
                .into_iter()
                .filter(|&c| c != colour && counts[c.index()] > 0);
            let first = colours.next()?;
            let victim = match colours.next() {
                None => first,
                Some(_) => {
                    Colour::from_index(usize::from(self.exit_last[colour.index()]).checked_sub(1)?)
                }
            };
            Some(Victims::One(victim))
        } else {
            (self.config.safe_sharing && total < 2).then_some(Victims::None)
        }
    }

    /// Pieces of each colour on track bit `bit`.
    fn counts_at(&self, bit: u32) -> [u8; 4] {
        let mut counts = [0u8; 4];
        for &colour in self.colours() {
            for &p in &self.pieces[colour.index()] {
                counts[colour.index()] += u8::from(track_bit(colour, p) == bit);
            }
        }
        counts
    }

    /// Whether the piece of `colour` at `progress` belongs to one of its barriers.
    fn in_own_barrier(&self, occ: &Occupancy, colour: Colour, progress: u8) -> bool {
        let ps = &self.pieces[colour.index()];
        if ps.iter().filter(|&&p| p == progress).count() < 2 {
            return false;
        }
        match progress {
            1..=ENTRY => occ.barrier & TRACK_MASKS[colour.index()][usize::from(progress)] != 0,
            p if p < GOAL => occ.home_barrier & (1 << (p - ENTRY - 1)) != 0,
            _ => false,
        }
    }

    /// The legal moves at a decision node, in order (see [`Game::legal_moves`]).
    fn generate<S: MoveSink<Move>>(&self, sink: &mut S) {
        let (distance, die) = match self.phase {
            Phase::Move(die) => (die.value(), Some(die.value())),
            Phase::Bonus(amount) => (amount, None),
            _ => return,
        };
        let colour = self.colour();
        let ps = self.pieces[colour.index()];
        let in_nest = ps.iter().filter(|&&p| p == NEST).count();
        if die == Some(5) && in_nest > 0 && self.come_out(colour).is_some() {
            sink.push(Move::Out);
            return;
        }
        let in_goal = ps.iter().filter(|&&p| p == GOAL).count();
        if in_nest + in_goal == PIECES {
            sink.push(Move::Pass);
            return;
        }
        let occ = self.occupancy(colour);
        let distance = if die == Some(6) && in_nest == 0 {
            7
        } else {
            distance
        };
        let mut candidates = [0u8; PIECES];
        let mut n = 0;
        for (i, &p) in ps.iter().enumerate() {
            if p == NEST || p == GOAL || (i > 0 && ps[i - 1] == p) {
                continue;
            }
            if self.advance(&occ, colour, p, distance).is_some() {
                candidates[n] = p;
                n += 1;
            }
        }
        let mut must_open = false;
        // A bonus earned while playing a six (the last roll was a six) shares its obligation.
        if die == Some(6) || (die.is_none() && self.config.bonus_opens_barrier && self.sixes > 0) {
            must_open = candidates[..n]
                .iter()
                .any(|&p| self.in_own_barrier(&occ, colour, p));
        }
        let mut pushed = false;
        for &p in &candidates[..n] {
            if must_open && !self.in_own_barrier(&occ, colour, p) {
                continue;
            }
            sink.push(Move::Advance {
                from: Loc::of(colour, p),
                distance,
            });
            pushed = true;
        }
        if !pushed || (die.is_none() && self.config.optional_bonuses) {
            sink.push(Move::Pass);
        }
    }

    /// Whether the mover's piece at `progress` has a legal move with the six just rolled (as
    /// if the six were played, barrier obligation included).
    fn could_move(&self, progress: u8) -> bool {
        let mut probe = self.clone();
        probe.phase = Phase::Move(Die::SIX);
        let from = Loc::of(self.colour(), progress);
        let mut found = false;
        probe.generate(&mut boardgame_core::FnSink(|mv: Move| {
            found |= matches!(mv, Move::Advance { from: f, .. } if f == from);
        }));
        found
    }

    fn sort_pieces(&mut self, colour: Colour) {
        let ps = &mut self.pieces[colour.index()];
        // A sorting network for four.
        for (a, b) in [(0, 1), (2, 3), (0, 2), (1, 3), (1, 2)] {
            if ps[a] > ps[b] {
                ps.swap(a, b);
            }
        }
    }

    fn capture(&mut self, mover: Colour, bit: u32, victims: Victims) -> bool {
        let mut foreign = 0u128;
        for colour in Colour::ALL {
            if colour != mover {
                foreign |= self.occupied[colour.index()];
            }
        }
        if foreign & (1u128 << bit) == 0 {
            return false;
        }
        let mut captured = false;
        let colours = self.seat_colours;
        for &colour in &colours[..usize::from(self.num_seats)] {
            if colour == mover {
                continue;
            }
            let wanted = match victims {
                Victims::None => return false,
                Victims::AllForeign => true,
                Victims::One(c) => c == colour,
            };
            if !wanted {
                continue;
            }
            let mut changed = false;
            for p in &mut self.pieces[colour.index()] {
                if track_bit(colour, *p) == bit {
                    *p = NEST;
                    changed = true;
                    captured = true;
                    if matches!(victims, Victims::One(_)) {
                        break;
                    }
                }
            }
            if changed {
                self.sort_pieces(colour);
                self.refresh_square(colour, bit);
            }
        }
        captured
    }

    /// Recomputes which arrival order is worth keeping (see `exit_last`).
    fn canonical_exit_order(&mut self) {
        let relevant = self.config.exit_capture != ExitCapture::Blocked && self.config.safe_sharing;
        for owner in Colour::ALL {
            let slot = owner.index();
            if self.exit_last[slot] == 0 {
                continue;
            }
            let keep = relevant && self.seat_of(owner).is_some() && {
                let counts = self.counts_at(track_bit(owner, 1));
                let colours = counts.iter().filter(|&&n| n > 0).count();
                counts[slot] == 0 && colours == 2 && counts.iter().sum::<u8>() == 2
            };
            if !keep {
                self.exit_last[slot] = 0;
            }
        }
    }

    /// Passes the turn to the next seat that has not finished.
    fn next_turn(&mut self) {
        let n = usize::from(self.num_seats);
        let mut seat = self.seat.next(n);
        while self.finished().contains(&seat) {
            seat = seat.next(n);
        }
        self.seat = seat;
        self.sixes = 0;
        self.tracked = NEST;
        self.phase = Phase::Roll;
    }

    /// After a move (or declined bonus): roll again after a six, otherwise the next seat.
    fn end_of_move(&mut self) {
        if self.sixes > 0 {
            self.phase = Phase::Roll;
        } else {
            self.next_turn();
        }
    }

    /// Builds a state from its parts and checks it (used by the notation parser).
    pub(crate) fn blank(config: Config) -> Result<Parchis, ConfigError> {
        config.validate()?;
        let (seat_colours, n) = config.seat_colours();
        Ok(Parchis {
            config,
            seat_colours,
            num_seats: n as u8,
            pieces: [[NEST; PIECES]; 4],
            seat: Seat::new(0),
            phase: Phase::RollOff(RollOff::new(n, RollOffRule::Highest)),
            sixes: 0,
            tracked: NEST,
            rolls: 0,
            finished: [Seat::new(0); 4],
            num_finished: 0,
            exit_last: [0; 4],
            occupied: [0; 4],
            pairs: [0; 4],
        })
    }

    fn is_truncated(&self) -> bool {
        self.config.max_rolls > 0
            && self.rolls >= self.config.max_rolls
            && matches!(self.phase, Phase::Roll | Phase::RollOff(_))
    }
}

impl Game for Parchis {
    type Move = Move;
    type Chance = Die;
    type Config = Config;
    type NotationError = NotationError;

    const NAME: &'static str = "parchis";
    const MIN_SEATS: usize = 2;
    const MAX_SEATS: usize = 4;
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
            Phase::Over => Turn::Terminal,
            _ if self.is_truncated() => Turn::Terminal,
            Phase::RollOff(_) | Phase::Roll => Turn::Chance,
            Phase::Move(_) | Phase::Bonus(_) => Turn::Player(self.seat),
        }
    }

    /// Order: `out` alone when a 5 must bring a piece out; otherwise one move per distinct
    /// square holding a movable piece, furthest back first (nearest the exit, home column
    /// after the track); `pass` last, alone when nothing can move, or after the bonus moves
    /// when bonuses are optional.
    fn legal_moves<S: MoveSink<Move>>(&self, sink: &mut S) {
        if self.is_truncated() {
            return;
        }
        self.generate(sink);
    }

    fn chance_outcomes(&self) -> Option<Dist<'_, Die>> {
        match self.phase {
            Phase::RollOff(_) | Phase::Roll if !self.is_truncated() => Some(D6),
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
        let same_square = ps.iter().filter(|&&p| p == from).count();
        let slot = ps
            .iter()
            .position(|&p| p == from)
            .expect("no piece on that square");
        ps[slot] = to;
        // Only this piece advanced: bubble it up to keep the order.
        let mut i = slot;
        while i + 1 < PIECES && ps[i] > ps[i + 1] {
            ps.swap(i, i + 1);
            i += 1;
        }
        if from != NEST && from <= ENTRY {
            self.refresh_square(colour, track_bit(colour, from));
        }
        if to <= ENTRY {
            self.refresh_square(colour, track_bit(colour, to));
        }

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
        self.rolls += 1;
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
                let colour = self.colour();
                let tracked = self.tracked;
                if (1..=ENTRY).contains(&tracked)
                    && (!self.config.triple_six_spares_stuck || self.could_move(tracked))
                {
                    let ps = &mut self.pieces[colour.index()];
                    if let Some(slot) = ps.iter().position(|&p| p == tracked) {
                        ps[slot] = NEST;
                        self.sort_pieces(colour);
                        self.refresh_square(colour, track_bit(colour, tracked));
                        self.canonical_exit_order();
                    }
                }
                self.next_turn();
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
