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

/// The direction index `k` of each offset: `DIRECTION[dr + 2][df + 2]` (`u8::MAX` for the
/// offsets within distance 1, which are no jump).
const DIRECTION: [[u8; 5]; 5] = {
    let mut out = [[u8::MAX; 5]; 5];
    let mut k = 0;
    while k < JUMPS.len() {
        let (df, dr) = JUMPS[k];
        out[(dr + 2) as usize][(df + 2) as usize] = k as u8;
        k += 1;
    }
    out
};

/// Ids `0..49`: a clone to square `rank * 7 + file`.
const CLONES: usize = Square::COUNT;
/// Ids `49..833`: a jump from square `f`, direction `k`: `49 + 16 f + k`.
const JUMP_BASE: usize = CLONES;
/// Id 833: the pass.
const PASS: usize = JUMP_BASE + Square::COUNT * JUMPS.len();

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

    fn action_id(&self, mv: Move) -> usize {
        match mv {
            Move::Single(to) => to.index(),
            Move::Double { from, to } => {
                let df = usize::from(to.file()) + 2 - usize::from(from.file());
                let dr = usize::from(to.rank()) + 2 - usize::from(from.rank());
                let k = DIRECTION[dr][df];
                assert!(k != u8::MAX, "a jump goes exactly two squares");
                JUMP_BASE + from.index() * JUMPS.len() + usize::from(k)
            }
            Move::Pass => PASS,
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
        for square in Square::all() {
            let at = |plane: usize| plane * Square::COUNT + square.index();
            let flags = [
                self.pieces(me).contains(square),
                self.pieces(other).contains(square),
                self.blocked().contains(square),
                self.empty().contains(square),
                to_move,
            ];
            for (plane, flag) in flags.into_iter().enumerate() {
                if flag {
                    out[at(plane)] = 1.0;
                }
            }
            out[at(5)] = clock;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn the_direction_table_inverts_the_jump_list() {
        for (k, &(df, dr)) in JUMPS.iter().enumerate() {
            assert_eq!(
                usize::from(DIRECTION[(dr + 2) as usize][(df + 2) as usize]),
                k
            );
        }
        let inner = DIRECTION
            .iter()
            .flatten()
            .filter(|&&k| k == u8::MAX)
            .count();
        assert_eq!(inner, 9, "the 3×3 block within distance 1 has no direction");
    }
}
