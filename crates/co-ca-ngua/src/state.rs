//! The game state and its rules: move generation, moves, rolls.

use alloc::string::ToString;
use alloc::sync::Arc;
use core::hash::{Hash, Hasher};

use boardgame_core::{ConfigError, DicePair, Game, MoveSink, RollOff, Seat};

use crate::board::{Board, Spot};
use crate::config::{Arrival, ChuongWin, Config, ExitCapture, Home, LaneMouth, RingBlock, RingLap};
use crate::moves::Move;
use crate::roll::{ONE_DIE, Roll, TWO_DICE};

/// Where the game is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Phase {
    /// Rolling for the first turn (lowest roll starts; ties re-roll among the tied).
    RollOff(RollOff),
    /// `seat` rolls the die (or the dice).
    Roll(Seat),
    /// `seat` moves with this roll.
    Move(Seat, Roll),
    /// `seat` brought both pieces to the centre.
    Won(Seat),
    /// The length guard (`max_rolls`) ended the game.
    Drawn,
}

/// A position of cờ cá ngựa: pieces, whose turn, the die, the sixes rolled in this turn and
/// the roll count of the length guard. See the crate docs for the rules and the notation.
///
/// Pieces are progress values along their colour's path (0 = nest, [`Board::end`] =
/// centre), kept sorted per seat: a seat's pieces (`pieces`, 1–4, default 2) are
/// interchangeable.
///
/// Equality and hashing compare the configuration and the position (the board is derived
/// from the configuration).
#[derive(Clone)]
pub struct CoCaNgua {
    pub(crate) config: Config,
    pub(crate) board: Arc<Board>,
    pub(crate) colours: [u8; 4],
    /// Per seat, the progress of its `config.pieces` pieces, sorted, in the first slots
    /// (the other slots stay 0 and are never read).
    pub(crate) pieces: [[u8; 4]; 4],
    pub(crate) phase: Phase,
    /// Sixes rolled in a row in this turn (only counted under `triple_six`).
    pub(crate) sixes: u8,
    /// Progress of the piece moved last in this turn, 0 if none (only under `triple_six`).
    pub(crate) last_moved: u8,
    pub(crate) rolls: u32,
    /// Derived from `pieces`, kept in step by every change: per seat, the squares its pieces
    /// stand on (see [`Board::bit`]; the nest has no square).
    pub(crate) occupancy: [u128; 4],
    /// Derived from the configuration: bit [`Roll::code`] set when the roll brings a piece
    /// out (see [`Self::releases`]).
    pub(crate) release_set: u64,
    /// Derived from the configuration: `no_jumping` or `exit_immunity` is on.
    pub(crate) track_checks: bool,
    /// Derived from the configuration: `home = chuong`.
    pub(crate) chuong: bool,
    /// Derived from the configuration: `dice = 2`.
    pub(crate) two_dice: bool,
    /// Derived from the configuration: moves ending beyond this progress need the rare
    /// path (the square before the inner ring; under `home = chuong` the lane mouth).
    pub(crate) far: u8,
    /// Derived from the configuration: the shortcut may be taken (`shortcut`, and not
    /// `home = chuong`).
    pub(crate) shortcut_on: bool,
    /// Derived from the configuration: pieces per seat.
    pub(crate) count: usize,
    /// Derived from the configuration: a seat wins once its lowest piece has at least this
    /// progress (the centre; under `home = chuong` the lowest winning step).
    pub(crate) win_from: u8,
}

impl PartialEq for CoCaNgua {
    fn eq(&self, other: &Self) -> bool {
        self.config == other.config
            && self.pieces == other.pieces
            && self.phase == other.phase
            && self.sixes == other.sixes
            && self.last_moved == other.last_moved
            && self.rolls == other.rolls
    }
}

impl Eq for CoCaNgua {}

impl Hash for CoCaNgua {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.config.hash(state);
        self.pieces.hash(state);
        self.phase.hash(state);
        self.sixes.hash(state);
        self.last_moved.hash(state);
        self.rolls.hash(state);
    }
}

impl core::fmt::Debug for CoCaNgua {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("CoCaNgua")
            .field("state", &format_args!("{self}"))
            .field("config", &self.config)
            .finish()
    }
}

/// Sorts a seat's (at most 4) pieces: an insertion sort, as a move changes one piece; the
/// seed's two pieces by a compare and swap, without a loop.
#[inline]
pub(crate) fn sort_small(pieces: &mut [u8]) {
    if pieces.len() == 2 {
        let (a, b) = (pieces[0], pieces[1]);
        pieces[0] = a.min(b);
        pieces[1] = a.max(b);
        return;
    }
    for i in 1..pieces.len() {
        let mut j = i;
        while j > 0 && pieces[j - 1] > pieces[j] {
            pieces.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// Whether a roll of the exit number may, or must, bring a piece out.
#[derive(Copy, Clone, PartialEq, Eq)]
pub(crate) enum ExitOption {
    No,
    Allowed,
    Forced,
}

impl CoCaNgua {
    /// The board this game is played on.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The colour (0..4) of `seat`.
    ///
    /// # Panics
    /// If `seat` is not at the table.
    #[must_use]
    pub fn colour(&self, seat: Seat) -> u8 {
        assert!(
            seat.index() < self.num_seats(),
            "seat {seat} is not at the table"
        );
        self.colours[seat.index()]
    }

    /// The progress of `seat`'s pieces, lowest first (0 = nest, `board().end()` = centre).
    ///
    /// # Panics
    /// If `seat` is not at the table.
    #[must_use]
    pub fn pieces(&self, seat: Seat) -> &[u8] {
        assert!(
            seat.index() < self.num_seats(),
            "seat {seat} is not at the table"
        );
        self.own(seat.index())
    }

    /// The pieces of seat index `s`, sorted.
    #[inline]
    pub(crate) fn own(&self, s: usize) -> &[u8] {
        &self.pieces[s][..self.count.min(4)]
    }

    /// Whether seat index `s` has brought every piece home.
    #[inline]
    pub(crate) fn finished(&self, s: usize) -> bool {
        self.pieces[s][0] >= self.win_from
    }

    /// The roll to be played, at a decision node.
    #[must_use]
    pub fn roll(&self) -> Option<Roll> {
        match self.phase {
            Phase::Move(_, roll) => Some(roll),
            _ => None,
        }
    }

    /// The seat whose turn it is (rolling or moving), outside the roll-off and the end.
    #[must_use]
    pub fn seat_to_play(&self) -> Option<Seat> {
        match self.phase {
            Phase::Roll(seat) | Phase::Move(seat, _) => Some(seat),
            _ => None,
        }
    }

    /// The roll-off for the first turn, while it is going on.
    #[must_use]
    pub fn roll_off(&self) -> Option<&RollOff> {
        match &self.phase {
            Phase::RollOff(r) => Some(r),
            _ => None,
        }
    }

    /// Sixes rolled in a row so far in this turn (counted only under `triple_six`).
    #[must_use]
    pub fn sixes(&self) -> u8 {
        self.sixes
    }

    /// The progress of the piece moved last in this turn (tracked only under `triple_six`).
    #[must_use]
    pub fn last_moved(&self) -> Option<u8> {
        (self.last_moved != 0).then_some(self.last_moved)
    }

    /// Chance outcomes applied so far (roll-off rolls included), for the `max_rolls` guard.
    /// Without a guard (`max_rolls = 0`) the count stops at `u32::MAX`; a guard ends the game
    /// first.
    #[must_use]
    pub fn rolls(&self) -> u32 {
        self.rolls
    }

    /// The steps a roll gives `seat`: the die's value, or 7 for a 6 when `six_as_seven` is
    /// on and none of the seat's pieces is in the nest; with two dice their sum
    /// (`six_as_seven` is for one die only).
    #[must_use]
    pub fn steps(&self, seat: Seat, roll: Roll) -> u8 {
        let value = roll.first();
        if roll.second() != 0 {
            value + roll.second()
        } else if value == 6 && self.config.six_as_seven && self.pieces[seat.index()][0] > 0 {
            7
        } else {
            value
        }
    }

    /// Whether `roll` may bring a piece out of the nest: one die in the release rolls; with
    /// two dice either die in the release rolls, or doubles.
    #[inline]
    pub(crate) fn releases(&self, roll: Roll) -> bool {
        self.release_set >> roll.code() & 1 != 0
    }

    /// Whether `roll` counts toward `triple_six` (and always gives another roll): a 6 on one
    /// die; with two dice, doubles.
    #[inline]
    pub(crate) fn repeats(roll: Roll) -> bool {
        roll.repeats()
    }

    /// Static evaluation for the greedy bot: the total progress of `seat`'s pieces minus the
    /// best total among the other seats (progress = squares travelled from the nest, so a
    /// piece in the centre counts `board().end()`; a win or loss counts ±1000).
    #[must_use]
    pub fn evaluation(&self, seat: Seat) -> i64 {
        if let Phase::Won(winner) = self.phase {
            return if winner == seat { 1000 } else { -1000 };
        }
        let score = |s: usize| self.own(s).iter().map(|&p| i64::from(p)).sum::<i64>();
        let best_other = (0..self.num_seats())
            .filter(|&s| s != seat.index())
            .map(score)
            .max()
            .unwrap_or(0);
        score(seat.index()) - best_other
    }

    /// The occupancy of every square by the seats other than `seat`.
    #[inline]
    pub(crate) fn others(&self, seat: usize) -> u128 {
        let mut occupancy = self.occupancy;
        occupancy[seat & 3] = 0;
        occupancy[0] | occupancy[1] | occupancy[2] | occupancy[3]
    }

    /// Brings the occupancy of seat index `s` in step with its pieces.
    #[inline]
    pub(crate) fn refresh_occupancy(&mut self, s: usize) {
        let colour = usize::from(self.colours[s]);
        let mut mask = 0;
        for &p in self.own(s) {
            mask |= self.board.bit(colour, p);
        }
        self.occupancy[s] = mask;
    }

    /// Where a piece of `colour` at progress `from` ends after `steps`, or `None` if it
    /// cannot move: it may not pass the mouth (under `lane_mouth = exact`), the lapped arrow
    /// square or the centre, and on the inner ring it stops before another player's piece
    /// (or cannot move, under `ring_block = illegal`). Under `ring_lap = arrow` a piece that
    /// passes the arrow square without stopping skips the ring lap.
    ///
    /// Under `home = chuong` a move beyond the lane mouth is [`Self::chuong_step`] of seat
    /// `s` instead (tested only off the common path, where the inner ring is).
    #[inline(always)]
    fn destination(
        &self,
        s: usize,
        colour: usize,
        from: u8,
        steps: u8,
        others: u128,
    ) -> Option<u8> {
        let board = &*self.board;
        let mut target = from + steps;
        if target > board.barrier(from) && !self.passes_mouth(from, target) {
            return None;
        }
        if target > self.far {
            if self.chuong {
                return self.chuong_step(s, from, steps);
            }
            let x = board.ring_first();
            if from < x && target > x && self.config.ring_lap == RingLap::Arrow {
                return self.skip_ring(colour, from, target, others);
            }
            let lo = (from + 1).max(x);
            let hi = target.min(board.lapped());
            for step in lo..=hi {
                if others & board.bit(colour, step) != 0 {
                    if self.config.ring_block == RingBlock::Illegal {
                        return None;
                    }
                    target = step - 1;
                    break;
                }
            }
        }
        (target > from).then_some(target)
    }

    /// `home = chuong`: a horse enters the chuồng only from the last square of its lap (the
    /// lane mouth): a roll of n takes it to step n if no own horse stands on steps 1..=n;
    /// from step k only a roll of k + 1 takes it up, onto a free step k + 1.
    #[cold]
    fn chuong_step(&self, s: usize, from: u8, steps: u8) -> Option<u8> {
        let mouth = self.board.mouth();
        let top = mouth + self.board.layout().lane_len;
        let target = if from == mouth {
            mouth + steps
        } else if from > mouth && steps == from - mouth + 1 {
            from + 1
        } else {
            return None;
        };
        let blocked = self.own(s).iter().any(|&p| p > from && p <= target);
        (target <= top && !blocked).then_some(target)
    }

    /// `lane_mouth = pass`: a move from the track may run past the lane mouth, up to the
    /// lapped arrow square like a move from the lane.
    #[inline]
    fn passes_mouth(&self, from: u8, target: u8) -> bool {
        self.config.lane_mouth == LaneMouth::Pass
            && from < self.board.mouth()
            && target <= self.board.lapped()
    }

    /// `ring_lap = arrow`: a move from before the arrow square `X` to `target` beyond it
    /// passes `X` without stopping and goes straight on to the spoke (progress past the
    /// lapped `X`), unless another player's piece on `X` stops it (or makes it illegal).
    #[cold]
    fn skip_ring(&self, colour: usize, from: u8, target: u8, others: u128) -> Option<u8> {
        let board = &*self.board;
        let x = board.ring_first();
        if others & board.bit(colour, x) != 0 {
            if self.config.ring_block == RingBlock::Illegal {
                return None;
            }
            return (x - 1 > from).then_some(x - 1);
        }
        let skipped = target + board.layout().ring_len;
        (skipped <= board.end()).then_some(skipped)
    }

    /// The traditional switches: whether the move of `seat`'s piece from `from` to `target`
    /// jumps over a piece on the outer track (`no_jumping`) or lands on another player's
    /// piece standing on its own exit square (`exit_immunity`).
    #[inline]
    fn traditional_block(
        &self,
        seat: usize,
        colour: usize,
        from: u8,
        target: u8,
        others: u128,
    ) -> bool {
        if self.config.no_jumping {
            // The outer-track squares passed over, and every piece on the board.
            let board = &*self.board;
            let last_track = (target - 1).min(board.mouth());
            let passed = board.track_reach(colour, last_track) & !board.track_reach(colour, from);
            if passed & (others | self.occupancy[seat]) != 0 {
                return true;
            }
        }
        self.config.exit_immunity && self.exit_immune(seat, colour, target, others)
    }

    /// `exit_immunity`: whether the piece of `seat` (of `colour`) landing at `target` would
    /// land on another player's piece standing on its own exit square.
    #[cold]
    fn exit_immune(&self, seat: usize, colour: usize, target: u8, others: u128) -> bool {
        let board = &*self.board;
        if !board.is_safe(target) {
            let bit = board.bit(colour, target);
            if others & bit != 0 {
                for t in 0..usize::from(self.config.players) {
                    let c = usize::from(self.colours[t]);
                    if t != seat && self.own(t).contains(&1) && board.bit(c, 1) == bit {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Pushes the advances (and shortcuts) of seat index `s`'s pieces by `steps`, one per
    /// distinct square, lowest progress first; whether there was any. (Inlined: it is the
    /// hot loop of move generation.)
    #[inline(always)]
    pub(crate) fn advances<S: MoveSink<Move>>(
        &self,
        s: usize,
        colour: usize,
        steps: u8,
        others: u128,
        sink: &mut S,
    ) -> bool {
        // The seed's two pieces: a slice of constant length, so the loop unrolls. The
        // traditional switches are compiled out of the loop when they are off.
        let seed = &self.pieces[s][..2];
        match (self.count == 2, self.track_checks) {
            (true, false) => self.advances_of::<S, false>(seed, s, colour, steps, others, sink),
            (true, true) => self.advances_of::<S, true>(seed, s, colour, steps, others, sink),
            (false, false) => {
                self.advances_of::<S, false>(self.own(s), s, colour, steps, others, sink)
            }
            (false, true) => {
                self.advances_of::<S, true>(self.own(s), s, colour, steps, others, sink)
            }
        }
    }

    /// [`Self::advances`] over `own`, seat index `s`'s sorted pieces.
    #[inline(always)]
    fn advances_of<S: MoveSink<Move>, const TRACK_CHECKS: bool>(
        &self,
        own: &[u8],
        s: usize,
        colour: usize,
        steps: u8,
        others: u128,
        sink: &mut S,
    ) -> bool {
        let end = self.board.end();
        let mut any = false;
        for (i, &p) in own.iter().enumerate() {
            if p == 0 || p == end || (i > 0 && p == own[i - 1]) {
                continue;
            }
            if let Some(target) = self.destination(s, colour, p, steps, others) {
                if TRACK_CHECKS && self.traditional_block(s, colour, p, target, others) {
                    continue;
                }
                let from = self.board.spot(colour, p);
                sink.push(Move::Advance { from, steps });
                if self.shortcut_on && target == self.board.shortcut() {
                    sink.push(Move::Shortcut { from, steps });
                    if self.config.arrival == Arrival::Choose {
                        self.shortcut_others(colour, i, from, steps, sink);
                    }
                }
                any = true;
            }
        }
        any
    }

    /// `dice = 2`, when no piece can move the sum: the advances by the lower die, then by the
    /// higher (one value on a double); whether there was any.
    #[cold]
    pub(crate) fn single_die_advances<S: MoveSink<Move>>(
        &self,
        s: usize,
        colour: usize,
        pair: DicePair,
        others: u128,
        sink: &mut S,
    ) -> bool {
        let (low, high) = (pair.low().value(), pair.high().value());
        let mut any = self.advances(s, colour, low, others, sink);
        if high != low {
            any |= self.advances(s, colour, high, others, sink);
        }
        any
    }

    /// Whether `steps` is a distance a move may have with `roll`: the steps it gives; with two
    /// dice also either die alone (legal only when no piece can move the sum).
    #[inline]
    pub(crate) fn may_move(&self, seat: Seat, roll: Roll, steps: u8) -> bool {
        steps == self.steps(seat, roll)
            || (roll.second() != 0 && (steps == roll.first() || steps == roll.second()))
    }

    /// Under `arrival = choose`: the shortcuts that leave the piece `i` arriving on `K` there
    /// and send another of the seat's pieces on the outer track (one move per square).
    #[cold]
    fn shortcut_others<S: MoveSink<Move>>(
        &self,
        colour: usize,
        i: usize,
        from: Spot,
        steps: u8,
        sink: &mut S,
    ) {
        let Phase::Move(seat, _) = self.phase else {
            return;
        };
        let own = self.own(seat.index());
        for (j, &q) in own.iter().enumerate() {
            let repeated = j > 0 && q == own[j - 1] && j - 1 != i;
            if j == i || repeated || q == 0 || self.board.is_safe(q) {
                continue;
            }
            if let Spot::Track(other) = self.board.spot(colour, q) {
                sink.push(Move::ShortcutOther { from, steps, other });
            }
        }
    }

    /// Where a piece sent into the safe area by the shortcut ends: the arrow square `X`, or
    /// the last lane square if another player's piece is on `X`.
    fn slide_target(&self, colour: usize, others: u128) -> u8 {
        let x = self.board.ring_first();
        if others & self.board.bit(colour, x) != 0 {
            x - 1
        } else {
            x
        }
    }

    /// Whether a roll that `releases` (see [`Self::releases`]) may, or must, bring a piece
    /// of seat index `seat` out.
    #[inline]
    pub(crate) fn exit_option(&self, seat: usize, releases: bool, others: u128) -> ExitOption {
        let own = self.own(seat);
        if !releases || own[0] != 0 || own.contains(&1) {
            return ExitOption::No;
        }
        let occupied = others & self.board.bit(usize::from(self.colours[seat]), 1) != 0;
        match (occupied, self.config.exit_capture) {
            (true, ExitCapture::Blocked) => ExitOption::No,
            (true, ExitCapture::Optional) => ExitOption::Allowed,
            _ if self.config.compulsory_exit => ExitOption::Forced,
            _ => ExitOption::Allowed,
        }
    }

    /// Plays `mv`, an advance or a shortcut of seat index `s`'s piece on `from` by `steps`
    /// (captures included); the progress where the piece ends.
    #[inline(always)]
    pub(crate) fn move_piece(
        &mut self,
        s: usize,
        colour: usize,
        mv: Move,
        from: Spot,
        steps: u8,
    ) -> u8 {
        let i = if self.count == 2 {
            // The seed's two pieces: the first, or else the second (one lookup).
            let i = usize::from(self.board.spot(colour, self.pieces[s][0]) != from);
            debug_assert_eq!(self.board.spot(colour, self.pieces[s][i]), from);
            i
        } else {
            self.own(s)
                .iter()
                .position(|&p| p != 0 && self.board.spot(colour, p) == from)
                .unwrap_or_else(|| panic!("no piece on {from}"))
        };
        let p = self.pieces[s][i];
        let others = self.others(s);
        let mut target = self
            .destination(s, colour, p, steps, others)
            .expect("the piece cannot move");
        if !self.board.is_safe(target) {
            self.capture(s, colour, target, others);
        }
        if matches!(mv, Move::Shortcut { .. }) {
            assert_eq!(
                target,
                self.board.shortcut(),
                "the move does not stop on the shortcut circle"
            );
            // Along the arrow to D, then pushed on as far as it can go: to the arrow
            // square X, or the last lane square if another player's piece is on X.
            target = self.slide_target(colour, others);
        }
        if let Move::ShortcutOther { other, .. } = mv {
            // The arriving piece stays on K; the player's other piece goes instead.
            assert_eq!(
                target,
                self.board.shortcut(),
                "the move does not stop on the shortcut circle"
            );
            let j = (0..self.count)
                .find(|&j| {
                    let q = self.pieces[s][j];
                    j != i
                        && q != 0
                        && !self.board.is_safe(q)
                        && self.board.spot(colour, q) == Spot::Track(other)
                })
                .unwrap_or_else(|| panic!("no piece on the outer track at {other}"));
            self.pieces[s][j] = self.slide_target(colour, others);
        }
        self.pieces[s][i] = target;
        target
    }

    /// Sends home every other seat's piece on the square at `progress` of `colour`'s path.
    pub(crate) fn capture(&mut self, seat: usize, colour: usize, progress: u8, others: u128) {
        let bit = self.board.bit(colour, progress);
        if others & bit == 0 {
            return;
        }
        let square = self.board.square(colour, progress);
        for s in 0..usize::from(self.config.players) {
            if s == seat || self.occupancy[s] & bit == 0 {
                continue;
            }
            let c = usize::from(self.colours[s]);
            let mut hit = false;
            for p in &mut self.pieces[s][..self.count] {
                if *p != 0 && self.board.square(c, *p) == square {
                    *p = 0;
                    hit = true;
                }
            }
            if hit {
                sort_small(&mut self.pieces[s][..self.count]);
                self.refresh_occupancy(s);
            }
        }
    }

    /// The next chance node for `seat`, or the end if the length guard is reached.
    pub(crate) fn roll_next(&mut self, seat: Seat) {
        if self.config.max_rolls != 0 && self.rolls >= self.config.max_rolls {
            self.phase = Phase::Drawn;
            self.sixes = 0;
            self.last_moved = 0;
        } else {
            self.phase = Phase::Roll(seat);
        }
    }

    pub(crate) fn next_seat(&mut self, seat: Seat) {
        self.sixes = 0;
        self.last_moved = 0;
        self.roll_next(seat.next(self.num_seats()));
    }

    pub(crate) fn build(config: Config) -> Result<CoCaNgua, ConfigError> {
        ConfigError::check_seats::<Self>(usize::from(config.players))?;
        let board = Board::new(config.layout).map_err(|e| ConfigError::Invalid {
            key: e.setting(),
            reason: e.to_string(),
        })?;
        if !(1..=2).contains(&config.dice) {
            return Err(ConfigError::Invalid {
                key: "dice",
                reason: alloc::format!("{} dice, expected 1 or 2", config.dice),
            });
        }
        if config.seating == crate::config::Seating::Adjacent && config.players != 2 {
            return Err(ConfigError::Invalid {
                key: "seating",
                reason: alloc::format!(
                    "seating = adjacent is for two players; {} players take colours 0 to {}",
                    config.players,
                    config.players - 1
                ),
            });
        }
        if !(1..=4).contains(&config.pieces) {
            return Err(ConfigError::Invalid {
                key: "pieces",
                reason: alloc::format!("{} pieces per seat, expected 1..=4", config.pieces),
            });
        }
        let chuong = config.home == Home::Chuong;
        let far = if chuong {
            board.mouth()
        } else {
            board.ring_first() - 1
        };
        let win_from = if chuong {
            let steps = config.layout.lane_len;
            let lowest = match config.chuong_win {
                ChuongWin::Top => (steps + 1).checked_sub(config.pieces),
                ChuongWin::Lower => steps.checked_sub(config.pieces),
            };
            match lowest.filter(|&l| l >= 1) {
                Some(lowest) => board.mouth() + lowest,
                None => {
                    return Err(ConfigError::Invalid {
                        key: "lane_len",
                        reason: alloc::format!(
                            "a chuồng of {steps} steps cannot hold the {} winning horses \
                             (chuong_win = {})",
                            config.pieces,
                            config.chuong_win
                        ),
                    });
                }
            }
        } else {
            board.end()
        };
        Ok(CoCaNgua {
            colours: config.colours(),
            board: Arc::new(board),
            pieces: [[0; 4]; 4],
            phase: Phase::RollOff(RollOff::new(
                usize::from(config.players),
                config.roll_off_rule(),
            )),
            sixes: 0,
            last_moved: 0,
            rolls: 0,
            occupancy: [0; 4],
            release_set: ONE_DIE
                .iter()
                .chain(TWO_DICE.iter())
                .map(|(roll, _)| roll)
                .filter(|roll| {
                    roll.is_double() || (1..=6).any(|v| roll.shows(v) && config.releases(v))
                })
                .fold(0, |set, roll| set | 1 << roll.code()),
            track_checks: config.no_jumping || config.exit_immunity,
            count: usize::from(config.pieces),
            win_from,
            chuong,
            two_dice: config.dice == 2,
            far,
            shortcut_on: config.shortcut && !chuong,
            config,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgame_core::Turn;
    use boardgame_core::driver::{below, rng_from_seed, sample};
    use boardgame_core::settings::Configure;

    /// The occupancy each seat's pieces give, computed afresh.
    fn occupancy_of(state: &CoCaNgua, s: usize) -> u128 {
        let colour = usize::from(state.colours[s]);
        state
            .own(s)
            .iter()
            .fold(0, |mask, &p| mask | state.board.bit(colour, p))
    }

    /// Every change of the pieces (moves, exits, captures, shortcuts, a third six) keeps the
    /// derived occupancy in step, under rule sets that exercise each of them.
    #[test]
    fn occupancy_follows_the_pieces_through_whole_games() {
        let mut configs = alloc::vec::Vec::new();
        for preset in ["default", "plain", "traditional"] {
            for players in ["2", "3", "4"] {
                let mut config = Config::preset(preset).unwrap();
                config.set("players", players).unwrap();
                configs.push(config);
            }
        }
        let mut choose = Config::preset("default").unwrap();
        for (key, value) in [("players", "4"), ("arrival", "choose"), ("pieces", "4")] {
            choose.set(key, value).unwrap();
        }
        configs.push(choose);
        let mut two_dice = Config::preset("traditional").unwrap();
        for (key, value) in [("players", "3"), ("dice", "2"), ("exit_immunity", "true")] {
            two_dice.set(key, value).unwrap();
        }
        configs.push(two_dice);
        let mut moves = alloc::vec::Vec::new();
        for (n, config) in configs.into_iter().enumerate() {
            for seed in 0..20 {
                let mut state = CoCaNgua::new(config).unwrap();
                let mut rng = rng_from_seed(seed * 100 + n as u64);
                loop {
                    for s in 0..state.num_seats() {
                        assert_eq!(state.occupancy[s], occupancy_of(&state, s), "{state}");
                    }
                    match state.turn() {
                        Turn::Terminal => break,
                        Turn::Chance => {
                            let roll = sample(&state.chance_outcomes().unwrap(), &mut rng);
                            state.apply_chance_unchecked(roll);
                        }
                        Turn::Player(_) => {
                            moves.clear();
                            state.legal_moves(&mut moves);
                            let pick = below(&mut rng, moves.len() as u64) as usize;
                            state.play_unchecked(moves[pick]);
                        }
                    }
                }
            }
        }
    }
}
