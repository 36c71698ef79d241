//! Thax: one id block per kind of move, numbered by the space numbers `1..=10`; a flat
//! observation of both sides, the dice, the pot and the supply.

use boardgame_core::{DicePair, Game, Seat, Turn};
use thax::{MAX_NUMBER, Thax, ThaxConfig, ThaxMove};

use super::{PyGame, one_hot, pair_id, pair_of};

/// The space numbers a move can name.
const N: usize = MAX_NUMBER as usize;
/// Ids `0..55`: `place a b` (`a <= b`), pairs in order of `a` then `b`.
const PLACE: usize = 0;
const PLACE_COUNT: usize = N * (N + 1) / 2;
/// Ids `55..65`: `place a`, id `55 + a - 1`.
const PLACE_ONE: usize = PLACE + PLACE_COUNT;
/// Ids `65..77`: `sum s` for `s = 1..=12` (two dice sum to at most 12).
const SUM: usize = PLACE_ONE + N;
const MAX_SUM: usize = 12;
/// Ids `77..177`: `take f>t`, id `77 + 10 (f - 1) + (t - 1)`.
const TAKE: usize = SUM + MAX_SUM;
/// Ids `177..187`: `thax n`, id `177 + n - 1`.
const THAX: usize = TAKE + N * N;
/// Id 187: `pass`.
const PASS: usize = THAX + N;

/// The observation: per side (observer first) the covered and the uncovered spaces of each
/// number, the dice (low face one-hot, high face one-hot), pot, supply (known flag and
/// count), and who acts (observer, other, chance).
const SIDE: usize = 2 * N;
const DICE: usize = 2 * SIDE;
const POT: usize = DICE + 12;
const SUPPLY: usize = POT + 1;
const ACTOR: usize = SUPPLY + 2;
const OBSERVATION: usize = ACTOR + 3;

/// The id of `place a b` (`1 <= a <= b <= 10`).
fn place_id(a: usize, b: usize) -> usize {
    let before: usize = (1..a).map(|x| N - x + 1).sum();
    PLACE + before + (b - a)
}

fn number(n: u8, max: usize) -> usize {
    let n = usize::from(n);
    assert!((1..=max).contains(&n), "space number {n} outside 1..={max}");
    n - 1
}

fn as_number(index: usize) -> u8 {
    (index + 1) as u8
}

impl PyGame for Thax {
    fn num_actions(_: &ThaxConfig) -> usize {
        PASS + 1
    }

    fn action_id(&self, mv: ThaxMove) -> usize {
        match mv {
            ThaxMove::Place(a, b) => {
                let (a, b) = (number(a, N) + 1, number(b, N) + 1);
                place_id(a.min(b), a.max(b))
            }
            ThaxMove::PlaceOne(a) => PLACE_ONE + number(a, N),
            ThaxMove::Sum(s) => SUM + number(s, MAX_SUM),
            ThaxMove::Take { from, to } => TAKE + number(from, N) * N + number(to, N),
            ThaxMove::Thax(n) => THAX + number(n, N),
            ThaxMove::Pass => PASS,
        }
    }

    fn action_move(&self, id: usize) -> Option<ThaxMove> {
        Some(match id {
            _ if id < PLACE_ONE => {
                let (a, b) = (1..=N)
                    .flat_map(|a| (a..=N).map(move |b| (a, b)))
                    .nth(id - PLACE)?;
                ThaxMove::Place(a as u8, b as u8)
            }
            _ if id < SUM => ThaxMove::PlaceOne(as_number(id - PLACE_ONE)),
            _ if id < TAKE => ThaxMove::Sum(as_number(id - SUM)),
            _ if id < THAX => ThaxMove::Take {
                from: as_number((id - TAKE) / N),
                to: as_number((id - TAKE) % N),
            },
            _ if id < PASS => ThaxMove::Thax(as_number(id - THAX)),
            PASS => ThaxMove::Pass,
            _ => return None,
        })
    }

    fn num_chance_ids(_: &ThaxConfig) -> usize {
        21
    }

    fn max_chance_nodes(config: &ThaxConfig) -> Option<u64> {
        Some(u64::from(config.max_rolls))
    }

    fn chance_id(outcome: DicePair) -> usize {
        pair_id(outcome)
    }

    fn chance_of(id: usize) -> Option<DicePair> {
        pair_of(id)
    }

    fn observation_shape(_: &ThaxConfig) -> Vec<usize> {
        vec![OBSERVATION]
    }

    fn draw(&self) -> crate::render::Canvas {
        crate::render::thax::draw(self)
    }

    fn observe(&self, seat: Seat, out: &mut [f32]) {
        let other = Seat::new(1 - seat.index());
        for (side, who) in [seat, other].into_iter().enumerate() {
            for n in 1..=MAX_NUMBER {
                let i = side * SIDE + usize::from(n) - 1;
                out[i] = f32::from(self.covered(who, n));
                out[i + N] = f32::from(self.uncovered(who, n));
            }
        }
        if let Some(dice) = self.dice() {
            one_hot(out, Some(DICE + usize::from(dice.low().value()) - 1));
            one_hot(out, Some(DICE + 6 + usize::from(dice.high().value()) - 1));
        }
        out[POT] = self.pot() as f32;
        if let Some(supply) = self.supply() {
            out[SUPPLY] = 1.0;
            out[SUPPLY + 1] = supply as f32;
        }
        let actor = match self.turn() {
            Turn::Player(s) if s == seat => Some(ACTOR),
            Turn::Player(_) => Some(ACTOR + 1),
            Turn::Chance => Some(ACTOR + 2),
            Turn::Terminal => None,
        };
        one_hot(out, actor);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn place_ids_fill_their_block_without_gaps() {
        let ids: Vec<usize> = (1..=N)
            .flat_map(|a| (a..=N).map(move |b| place_id(a, b)))
            .collect();
        assert_eq!(ids, (PLACE..PLACE_ONE).collect::<Vec<_>>());
    }
}
