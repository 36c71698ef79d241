//! The game state and the rules: move generation, captures, bonuses, the triple six, the
//! end of the game.

use boardgame_core::{ConfigError, Die, Game, MoveSink, RollOff, RollOffRule, Seat};

use crate::board::{
    Colour, ENTRY, GOAL, Loc, NEST, PIECES, SAFE_MASK, TRACK_LEN, TRACK_MASKS, track_bit,
};
use crate::config::{Barriers, Config, ExitCapture};
use crate::moves::Move;

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

/// The track as the mover sees it, built once per move generation: bit `p - 1` of a mask
/// is the track square at the mover's progress `p` (`1..=ENTRY`; see [`in_frame`]).
#[derive(Copy, Clone, Debug)]
struct View {
    /// Barriers (of every colour, the mover's own included).
    barrier: u64,
    /// Squares holding a piece of another colour than the mover's.
    foreign: u64,
    /// The mover's own home-column barriers (bit `h - 1`).
    home_barrier: u8,
}

/// A track mask (bit `square - 1`) seen from `colour`'s progress: bit `p - 1` is the square
/// at progress `p`, for `p` in `1..=ENTRY` (the squares a piece of `colour` can stand on).
#[inline]
fn in_frame(mask: u128, colour: Colour) -> u64 {
    // Progress 1 is track bit `shift` (4, 21, 38 or 55); the lap wraps at bit 68. In 64-bit
    // halves: `(mask >> shift | mask << (68 - shift)) as u64`.
    let shift = track_bit(colour, 1);
    let (low, high) = (mask as u64, (mask >> 64) as u64);
    let wrapped = low.checked_shl(u32::from(TRACK_LEN) - shift).unwrap_or(0);
    (low >> shift) | (high << (64 - shift)) | wrapped
}

/// `LOCS[colour][progress]`: [`Loc::of`] as a table for the squares a move can start from
/// (progress below the goal), so naming a move takes no branch.
const LOCS: [[Loc; GOAL as usize]; 4] = {
    let mut table = [[Loc::Nest; GOAL as usize]; 4];
    let mut c = 0;
    while c < 4 {
        let mut p = 0;
        while p < GOAL {
            table[c][p as usize] = Loc::of(Colour::ALL[c], p);
            p += 1;
        }
        c += 1;
    }
    table
};

/// The safe squares in any colour's frame (the same for all four: the board turns into
/// itself by 17 squares). In Yellow's frame, progress 1 to 64 are track bits 4 to 67: no wrap.
const SAFE_IN_FRAME: u64 = (SAFE_MASK >> 4) as u64;

/// How a piece lands: where, and whom it captures.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Victims {
    None,
    /// Every foreign piece on the square.
    AllForeign,
    /// One piece of this colour.
    One(Colour),
}

/// The progress (`1..=ENTRY`) at which a piece of `colour` stands on track bit `bit`, for a
/// bit its pieces can reach (the inverse of [`track_bit`]).
#[inline]
fn progress_on(colour: Colour, bit: u32) -> u8 {
    // track_bit(colour, p) = (p + 3 + 17 colour) mod 68.
    ((bit + 2 * u32::from(TRACK_LEN) - 3 - 17 * colour as u32) % u32::from(TRACK_LEN)) as u8
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

    /// Dice rolled so far, roll-off included (the length guard counts these). Without a
    /// guard (`max_rolls = 0`) the count stops at `u32::MAX`; a guard ends the game first.
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

    pub(crate) fn colour(&self) -> Colour {
        self.seat_colours[self.seat.index()]
    }

    /// The mover's view of the track (see [`View`]).
    #[inline(always)]
    fn view(&self, mover: Colour) -> View {
        let foreign = self.foreign(mover);
        let [a, b, c, d] = self.pairs;
        let pairs = a | b | c | d;
        let mut home_barrier = 0;
        let barrier = match self.config.barriers {
            Barriers::Safe => pairs & SAFE_MASK,
            Barriers::Everywhere => {
                let ps = &self.pieces[mover.index()];
                // Pairs of neighbours (sorted) in the home column, without branches.
                for i in 1..PIECES {
                    let p = ps[i];
                    let pair = (p == ps[i - 1]) & (p > ENTRY) & (p < GOAL);
                    home_barrier |= u8::from(pair) << (p.wrapping_sub(ENTRY + 1) & 7);
                }
                pairs
            }
        };
        View {
            barrier: in_frame(barrier, mover),
            foreign: in_frame(foreign, mover),
            home_barrier,
        }
    }

    /// The track squares holding a piece of another colour than `mover`'s.
    #[inline]
    fn foreign(&self, mover: Colour) -> u128 {
        // The three other colours by index, without a branch on the mover.
        let (o, m) = (&self.occupied, mover.index());
        o[(m + 1) % 4] | o[(m + 2) % 4] | o[(m + 3) % 4]
    }

    /// Whether the track square at bit `bit` holds two or more pieces in all. (Asked only
    /// when a piece lands on a safe square holding another colour's piece.)
    #[cold]
    #[inline(never)]
    fn crowded(&self, bit: u32) -> bool {
        let mask = 1u128 << bit;
        let colours = self.occupied.iter().filter(|&&o| o & mask != 0).count();
        colours >= 2 || self.pairs.iter().any(|&p| p & mask != 0)
    }

    /// Brings the derived masks in step with `colour`'s pieces on the track square at
    /// `progress` (`1..=ENTRY`), which now holds `count` of them.
    #[inline]
    fn set_square(&mut self, colour: Colour, progress: u8, count: usize) {
        let mask = TRACK_MASKS[colour.index()][usize::from(progress)];
        let c = colour.index();
        if count > 0 {
            self.occupied[c] |= mask;
        } else {
            self.occupied[c] &= !mask;
        }
        if count >= 2 {
            self.pairs[c] |= mask;
        } else {
            self.pairs[c] &= !mask;
        }
    }

    /// Brings the derived masks in step with `colour`'s pieces on the track square at
    /// `progress` (`1..=ENTRY`).
    #[inline]
    fn refresh_square(&mut self, colour: Colour, progress: u8) {
        let count = self.pieces[colour.index()]
            .iter()
            .filter(|&&p| p == progress)
            .count();
        self.set_square(colour, progress, count);
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

    /// Whether the mover's piece (of `colour`) at progress `from` (`1..GOAL`) may move
    /// `distance`: no barrier on its way or where it lands, not past the goal, and room on
    /// a safe square it lands on.
    #[inline(always)]
    fn can_advance(&self, view: &View, colour: Colour, from: u8, distance: u8) -> bool {
        let to = from + distance;
        // Computed without branches (the dice make them unpredictable): the track squares at
        // progress `from + 1..=min(to, ENTRY)` (none from the entry on), ...
        let track_len = to.min(ENTRY).saturating_sub(from);
        let track = ((1u64 << track_len) - 1).wrapping_shl(u32::from(from));
        // ... the home-column squares passed or landed on (bits `h - 1` of `h` in
        // `max(from, ENTRY) - ENTRY + 1..=min(to, GOAL - 1) - ENTRY`), ...
        let home_from = from.max(ENTRY) - ENTRY;
        let home_to = to.min(GOAL - 1).saturating_sub(ENTRY);
        let home = ((1u16 << home_to) - (1u16 << home_from)) as u8;
        // ... and the track square it lands on (none past the entry).
        let landing = if to <= ENTRY { 1u64 << (to - 1) } else { 0 };
        let blocked = view.barrier & track != 0 || view.home_barrier & home != 0;
        if (to > GOAL) | blocked {
            return false;
        }
        if view.foreign & landing & SAFE_IN_FRAME == 0 {
            // An empty square, a capture, or the home column.
            return true;
        }
        self.config.safe_sharing && !self.crowded(track_bit(colour, to))
    }

    /// Whether a piece of `colour` may come out of the nest, and whom it captures.
    pub(crate) fn come_out(&self, colour: Colour) -> Option<Victims> {
        let own = self.pieces[colour.index()]
            .iter()
            .filter(|&&p| p == 1)
            .count();
        if own >= 2 {
            return None;
        }
        let exit = track_bit(colour, 1);
        if self.foreign(colour) & (1u128 << exit) == 0 {
            // Nobody else on the exit square.
            return Some(Victims::None);
        }
        let counts = self.counts_at(exit);
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
        for colour in Colour::ALL {
            if self.occupied[colour.index()] & (1u128 << bit) != 0 {
                let at = progress_on(colour, bit);
                let here = self.pieces[colour.index()].iter().filter(|&&p| p == at);
                counts[colour.index()] = here.count() as u8;
            }
        }
        counts
    }

    /// Whether the piece of `colour` at `progress` belongs to one of its barriers.
    fn in_own_barrier(&self, view: &View, colour: Colour, progress: u8) -> bool {
        let ps = &self.pieces[colour.index()];
        if ps.iter().filter(|&&p| p == progress).count() < 2 {
            return false;
        }
        match progress {
            1..=ENTRY => view.barrier & (1 << (progress - 1)) != 0,
            p if p < GOAL => view.home_barrier & (1 << (p - ENTRY - 1)) != 0,
            _ => false,
        }
    }

    /// The legal moves at a decision node, in order (see [`Game::legal_moves`]).
    pub(crate) fn generate<S: MoveSink<Move>>(&self, sink: &mut S) {
        let (distance, die) = match self.phase {
            Phase::Move(die) => (die.value(), Some(die.value())),
            Phase::Bonus(amount) => (amount, None),
            _ => return,
        };
        let colour = self.colour();
        let ps = self.pieces[colour.index()];
        let in_nest = ps.iter().filter(|&&p| p == NEST).count();
        if (die == Some(5)) & (in_nest > 0) && self.come_out(colour).is_some() {
            sink.push(Move::Out);
            return;
        }
        let in_goal = ps.iter().filter(|&&p| p == GOAL).count();
        if in_nest + in_goal == PIECES {
            sink.push(Move::Pass);
            return;
        }
        let view = self.view(colour);
        let distance = if die == Some(6) && in_nest == 0 {
            7
        } else {
            distance
        };
        // The pieces on the board, one per square (sorted: the nest first, the goal last),
        // tested without branches, then with the move.
        let locs = &LOCS[colour.index()];
        let movable = |i: usize| {
            let p = ps[i];
            let on_board = (p != NEST) & (p != GOAL) & (i == 0 || ps[i.saturating_sub(1)] != p);
            on_board && self.can_advance(&view, colour, p, distance)
        };
        let mut pushed = false;
        // A bonus earned while playing a six (the last roll was a six) shares its obligation.
        let obliged =
            die == Some(6) || (die.is_none() && self.config.bonus_opens_barrier && self.sixes > 0);
        if obliged {
            let mut candidates = [0u8; PIECES];
            let mut n = 0;
            for (i, &p) in ps.iter().enumerate() {
                if movable(i) {
                    candidates[n] = p;
                    n += 1;
                }
            }
            let must_open = candidates[..n]
                .iter()
                .any(|&p| self.in_own_barrier(&view, colour, p));
            for &p in &candidates[..n] {
                if must_open && !self.in_own_barrier(&view, colour, p) {
                    continue;
                }
                sink.push(Move::Advance {
                    from: locs[usize::from(p)],
                    distance,
                });
                pushed = true;
            }
        } else {
            for (i, &p) in ps.iter().enumerate() {
                if movable(i) {
                    sink.push(Move::Advance {
                        from: locs[usize::from(p)],
                        distance,
                    });
                    pushed = true;
                }
            }
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

    /// Sends `victims` on track bit `bit` (where `mover` just landed) to their nests; whether
    /// any piece was captured.
    pub(crate) fn capture(&mut self, mover: Colour, bit: u32, victims: Victims) -> bool {
        let mask = 1u128 << bit;
        if self.foreign(mover) & mask == 0 {
            return false;
        }
        let mut captured = false;
        let colours = self.seat_colours;
        for &colour in &colours[..usize::from(self.num_seats)] {
            if colour == mover || self.occupied[colour.index()] & mask == 0 {
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
            let at = progress_on(colour, bit);
            let ps = &mut self.pieces[colour.index()];
            for p in ps.iter_mut() {
                if *p == at {
                    *p = NEST;
                    captured = true;
                    if matches!(victims, Victims::One(_)) {
                        break;
                    }
                }
            }
            self.sort_pieces(colour);
            self.refresh_square(colour, at);
        }
        captured
    }

    /// Recomputes which arrival order is worth keeping (see `exit_last`).
    pub(crate) fn canonical_exit_order(&mut self) {
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

    /// A third six in a row: the tracked piece goes home (unless the rules spare it) and the
    /// turn passes. Rare, and kept out of the hot roll.
    #[cold]
    #[inline(never)]
    pub(crate) fn third_six(&mut self) {
        let colour = self.colour();
        let tracked = self.tracked;
        if (1..=ENTRY).contains(&tracked)
            && (!self.config.triple_six_spares_stuck || self.could_move(tracked))
        {
            let ps = &mut self.pieces[colour.index()];
            if let Some(slot) = ps.iter().position(|&p| p == tracked) {
                ps[slot] = NEST;
                self.sort_pieces(colour);
                self.refresh_square(colour, tracked);
                self.canonical_exit_order();
            }
        }
        self.next_turn();
    }

    /// Passes the turn to the next seat that has not finished.
    pub(crate) fn next_turn(&mut self) {
        let n = usize::from(self.num_seats);
        // `Seat::next` without its division: the seat to play is always at the table.
        let following = |seat: Seat| {
            Seat::new(if seat.index() + 1 == n {
                0
            } else {
                seat.index() + 1
            })
        };
        let mut seat = following(self.seat);
        while self.finished().contains(&seat) {
            seat = following(seat);
        }
        self.seat = seat;
        self.sixes = 0;
        self.tracked = NEST;
        self.phase = Phase::Roll;
    }

    /// After a move (or declined bonus): roll again after a six, otherwise the next seat.
    pub(crate) fn end_of_move(&mut self) {
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

    /// Whether the length guard allows no more rolls.
    #[inline]
    pub(crate) fn guard_reached(&self) -> bool {
        self.config.max_rolls > 0 && self.rolls >= self.config.max_rolls
    }

    /// Whether the length guard has ended the game (at a roll it no longer allows).
    pub(crate) fn is_truncated(&self) -> bool {
        matches!(self.phase, Phase::Roll | Phase::RollOff(_)) && self.guard_reached()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_colour_sees_the_safe_squares_alike() {
        for colour in Colour::ALL {
            assert_eq!(in_frame(SAFE_MASK, colour), SAFE_IN_FRAME, "{colour:?}");
            for p in 1..=ENTRY {
                let safe = SAFE_MASK & TRACK_MASKS[colour.index()][usize::from(p)] != 0;
                assert_eq!(SAFE_IN_FRAME >> (p - 1) & 1 != 0, safe, "{colour:?} {p}");
            }
        }
    }

    #[test]
    fn in_frame_puts_each_square_at_its_progress() {
        for colour in Colour::ALL {
            for p in 1..=ENTRY {
                let mask = TRACK_MASKS[colour.index()][usize::from(p)];
                assert_eq!(in_frame(mask, colour), 1 << (p - 1), "{colour:?} {p}");
            }
        }
    }

    #[test]
    fn progress_on_inverts_track_bit() {
        for colour in Colour::ALL {
            for p in 1..=ENTRY {
                assert_eq!(
                    progress_on(colour, track_bit(colour, p)),
                    p,
                    "{colour:?} {p}"
                );
            }
        }
    }
}
