//! Ataxx: clones by destination, jumps by origin and direction, the pass; planes of 7×7.

use ataxx::{Ataxx, AtaxxConfig, Color, Move, Square};
use boardgame_core::{Game, Seat, Turn};

use super::PyGame;

/// The 16 jump directions `(file step, rank step)`: every offset at distance exactly 2, by
/// rank step then file step.
const JUMPS: [(i8, i8); 16] = {
    let mut out = [(0i8, 0i8); 16];
    let mut n = 0;
    let mut dr = -2i8;
    while dr <= 2 {
        let mut df = -2i8;
        while df <= 2 {
            if df == -2 || df == 2 || dr == -2 || dr == 2 {
                out[n] = (df, dr);
                n += 1;
            }
            df += 1;
        }
        dr += 1;
    }
    out
};

/// Ids `0..49`: a clone to square `rank * 7 + file`.
const CLONES: usize = Square::COUNT;
/// Ids `49..833`: a jump from square `f`, direction `k`: `49 + 16 f + k`.
const JUMP_BASE: usize = CLONES;
/// Id 833: the pass.
const PASS: usize = JUMP_BASE + Square::COUNT * JUMPS.len();

/// The action id of the jump from square `from` to square `to` (`u16::MAX` where `to` is not
/// two squares away): `49 + 16 from + k`, `k` the direction's index in [`JUMPS`].
const JUMP_ID: [[u16; Square::COUNT]; Square::COUNT] = {
    let mut out = [[u16::MAX; Square::COUNT]; Square::COUNT];
    let mut from = 0;
    while from < Square::COUNT {
        let mut k = 0;
        while k < JUMPS.len() {
            let (df, dr) = JUMPS[k];
            let file = (from % 7) as i8 + df;
            let rank = (from / 7) as i8 + dr;
            if file >= 0 && file < 7 && rank >= 0 && rank < 7 {
                out[from][(rank * 7 + file) as usize] = (JUMP_BASE + from * JUMPS.len() + k) as u16;
            }
            k += 1;
        }
        from += 1;
    }
    out
};

/// The squares two away from each square, as bits (bit `i` for square index `i`, as in
/// [`Bitboard::bits`]).
const JUMP_TARGETS: [u64; Square::COUNT] = {
    let mut out = [0u64; Square::COUNT];
    let mut from = 0;
    while from < Square::COUNT {
        let mut to = 0;
        while to < Square::COUNT {
            if JUMP_ID[from][to] != u16::MAX {
                out[from] |= 1 << to;
            }
            to += 1;
        }
        from += 1;
    }
    out
};

/// The indices of the set bits of `bits`, lowest first (a bitboard's squares, in its order).
fn indices(mut bits: u64) -> impl Iterator<Item = usize> {
    core::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let index = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        Some(index)
    })
}

/// The observation planes: the observer's pieces, the other side's, blocked squares, empty
/// squares, "the observer is to move", and the half-move clock over 100.
const PLANES: usize = 6;

fn offset(from: Square, (df, dr): (i8, i8)) -> Option<Square> {
    let file = from.file().checked_add_signed(df)?;
    let rank = from.rank().checked_add_signed(dr)?;
    Square::new(file, rank)
}

impl PyGame for Ataxx {
    fn num_actions(_: &AtaxxConfig) -> usize {
        PASS + 1
    }

    /// The Ataxx crate's own perft (`ataxx::perft::perft`, the fast method that
    /// `boardgame perft ataxx` uses): the same count as the generic one, several times faster.
    fn perft(&self, depth: u32) -> u64 {
        ataxx::perft::perft(self, depth)
    }

    fn action_id(&self, mv: Move) -> usize {
        match mv {
            Move::Single(to) => to.index(),
            Move::Double { from, to } => {
                let id = JUMP_ID[from.index()][to.index()];
                assert!(id != u16::MAX, "a jump goes exactly two squares");
                usize::from(id)
            }
            Move::Pass => PASS,
        }
    }

    /// The ids straight from the bitboards, in `legal_moves`' order: the clones by
    /// destination, the jumps by origin then destination, or the pass.
    fn legal_ids(&self, _: &mut Vec<Move>, out: &mut Vec<u32>) {
        let start = out.len();
        let empty = self.empty().bits();
        let us = self.pieces(self.side_to_move());
        out.extend(indices(us.dilate().bits() & empty).map(|to| to as u32));
        for from in indices(us.bits()) {
            let ids = &JUMP_ID[from];
            out.extend(indices(JUMP_TARGETS[from] & empty).map(|to| u32::from(ids[to])));
        }
        if out.len() == start {
            out.push(PASS as u32);
        }
    }

    fn action_move(&self, id: usize) -> Option<Move> {
        match id {
            _ if id < CLONES => Some(Move::Single(Square::from_index(id))),
            _ if id < PASS => {
                let from = Square::from_index((id - JUMP_BASE) / JUMPS.len());
                let to = offset(from, JUMPS[(id - JUMP_BASE) % JUMPS.len()])?;
                Move::double(from, to)
            }
            PASS => Some(Move::Pass),
            _ => None,
        }
    }

    fn num_chance_ids(_: &AtaxxConfig) -> usize {
        0
    }

    fn max_chance_nodes(_: &AtaxxConfig) -> Option<u64> {
        Some(0)
    }

    fn chance_id(outcome: Self::Chance) -> usize {
        match outcome {}
    }

    fn chance_of(_: usize) -> Option<Self::Chance> {
        None
    }

    fn observation_shape(_: &AtaxxConfig) -> Vec<usize> {
        vec![PLANES, 7, 7]
    }

    fn draw(&self) -> crate::render::Canvas {
        crate::render::ataxx::draw(self)
    }

    fn observe(&self, seat: Seat, out: &mut [f32]) {
        let me = Color::from_seat(seat).expect("ataxx has two seats");
        let other = Color::ALL[1 - me.index()];
        let to_move = self.turn() == Turn::Player(seat);
        let clock = f32::from(self.halfmove_clock()) / f32::from(AtaxxConfig::CLOCK_LIMIT);
        let (planes, rest) = out.split_at_mut(4 * Square::COUNT);
        let boards = [
            self.pieces(me),
            self.pieces(other),
            self.blocked(),
            self.empty(),
        ];
        for (plane, board) in planes.chunks_exact_mut(Square::COUNT).zip(boards) {
            for index in indices(board.bits()) {
                plane[index] = 1.0;
            }
        }
        let (mover, clocks) = rest.split_at_mut(Square::COUNT);
        if to_move {
            mover.fill(1.0);
        }
        clocks.fill(clock);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legal_ids_from_the_bitboards_equal_the_legal_moves_ids_over_random_games() {
        use boardgame_core::driver::{below, rng_from_seed};
        let mut rng = rng_from_seed(7);
        let mut checked = 0;
        for _ in 0..40 {
            let mut state = Ataxx::new(AtaxxConfig::default()).unwrap();
            while state.turn().seat().is_some() {
                let moves = state.legal_moves_vec();
                let expected: Vec<u32> = moves.iter().map(|&m| state.action_id(m) as u32).collect();
                let mut ids = Vec::new();
                state.legal_ids(&mut Vec::new(), &mut ids);
                assert_eq!(ids, expected, "{state}");
                checked += 1;
                let mv = moves[below(&mut rng, moves.len() as u64) as usize];
                state.play(mv).unwrap();
            }
        }
        assert!(checked > 1000);
    }

    #[test]
    fn the_jump_targets_are_the_rules_crates_jumps() {
        for square in Square::all() {
            assert_eq!(
                JUMP_TARGETS[square.index()],
                ataxx::Bitboard::jumps(square).bits()
            );
        }
    }

    #[test]
    fn the_sixteen_jump_directions_are_distinct_and_two_away() {
        let centre = Square::new(3, 3).unwrap();
        let targets: Vec<Square> = JUMPS.iter().filter_map(|&d| offset(centre, d)).collect();
        assert_eq!(targets.len(), 16);
        assert!(targets.iter().all(|&t| centre.distance(t) == 2));
        for (i, a) in targets.iter().enumerate() {
            assert!(targets[i + 1..].iter().all(|b| a != b));
        }
    }

    #[test]
    fn the_jump_id_table_inverts_action_move() {
        let mut jumps = 0;
        for from in Square::all() {
            for to in Square::all() {
                let id = JUMP_ID[from.index()][to.index()];
                if from.distance(to) == 2 {
                    jumps += 1;
                    let state = Ataxx::new(AtaxxConfig::default()).unwrap();
                    assert_eq!(state.action_move(usize::from(id)), Move::double(from, to));
                } else {
                    assert_eq!(id, u16::MAX);
                }
            }
        }
        // Every (origin, destination) pair two squares apart on the 7 × 7 board.
        assert_eq!(jumps, 480);
    }
}
