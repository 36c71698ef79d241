//! The result of a finished game, seat by seat.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::seat::{BySeat, Seat};

/// Final placements: `rank(seat) == 0` is first place; equal ranks are ties.
///
/// This covers two-player win/loss/draw and full rankings in four-player games. Ranks are
/// dense (0, 1, 2, … with no gaps).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    ranks: BySeat<u8>,
}

impl Outcome {
    /// `winner` first, everybody else shares second place.
    ///
    /// # Panics
    /// If `winner` is not below `num_seats`, or `num_seats` is not 1..=4.
    #[must_use]
    #[track_caller]
    pub fn win(num_seats: usize, winner: Seat) -> Outcome {
        assert!(winner.index() < num_seats, "winner not at the table");
        Outcome {
            ranks: BySeat::new_with(num_seats, |s| u8::from(s != winner)),
        }
    }

    /// Everybody shares first place.
    #[must_use]
    #[track_caller]
    pub fn draw(num_seats: usize) -> Outcome {
        Outcome {
            ranks: BySeat::filled(num_seats, 0),
        }
    }

    /// Ranks from scores: the highest score is first, equal scores tie.
    #[must_use]
    pub fn from_scores(scores: &BySeat<i64>) -> Outcome {
        Outcome {
            ranks: scores.map(|mine| {
                let mut better: alloc::vec::Vec<i64> = scores
                    .as_slice()
                    .iter()
                    .copied()
                    .filter(|&s| s > mine)
                    .collect();
                better.sort_unstable();
                better.dedup();
                better.len() as u8
            }),
        }
    }

    /// Ranks from a finishing order: `order[0]` first, and so on; seats not listed share the
    /// place after the last listed one.
    ///
    /// # Panics
    /// If a seat is listed twice or is not at the table.
    #[must_use]
    #[track_caller]
    pub fn from_finishing_order(num_seats: usize, order: &[Seat]) -> Outcome {
        let unplaced = order.len() as u8;
        let mut ranks = BySeat::filled(num_seats, unplaced);
        for (place, &seat) in order.iter().enumerate() {
            assert_eq!(ranks[seat], unplaced, "seat {seat} listed twice");
            ranks[seat] = place as u8;
        }
        Outcome { ranks }
    }

    /// The number of seats.
    #[must_use]
    pub fn num_seats(&self) -> usize {
        self.ranks.len()
    }

    /// The placement of `seat` (0 = first).
    ///
    /// # Panics
    /// If `seat` is not at the table.
    #[must_use]
    #[track_caller]
    pub fn rank(&self, seat: Seat) -> u8 {
        self.ranks[seat]
    }

    /// All placements.
    #[must_use]
    pub fn ranks(&self) -> &BySeat<u8> {
        &self.ranks
    }

    /// The single seat in first place, if exactly one seat is first.
    #[must_use]
    pub fn winner(&self) -> Option<Seat> {
        let mut firsts = self.ranks.iter().filter(|&(_, &r)| r == 0).map(|(s, _)| s);
        let first = firsts.next()?;
        firsts.next().is_none().then_some(first)
    }

    /// Whether every seat shares first place.
    #[must_use]
    pub fn is_draw(&self) -> bool {
        self.ranks.as_slice().iter().all(|&r| r == 0)
    }

    /// One line for people: `"draw"`, `"NAME wins"` when one seat is first and every other
    /// seat shares second place, otherwise the ranking `"1. NAME, 2. NAME, …"` (seats sharing a
    /// place get the same number). `name` says how a seat is called.
    #[must_use]
    pub fn describe(&self, mut name: impl FnMut(Seat) -> String) -> String {
        if self.is_draw() {
            return "draw".into();
        }
        let ranks = self.ranks.as_slice();
        if let Some(winner) = self.winner()
            && ranks.iter().filter(|&&r| r == 1).count() + 1 == self.num_seats()
        {
            return format!("{} wins", name(winner));
        }
        let mut places: Vec<(u8, Seat)> = self.ranks.iter().map(|(s, &r)| (r, s)).collect();
        places.sort_unstable();
        let parts: Vec<String> = places
            .iter()
            .map(|&(r, s)| format!("{}. {}", r + 1, name(s)))
            .collect();
        parts.join(", ")
    }

    /// Zero-sum returns: each seat gets (seats ranked below it) − (seats ranked above it).
    ///
    /// Two players: +1/−1, or 0/0 on a draw. Four players with one winner: +3, −1, −1, −1.
    #[must_use]
    pub fn returns(&self) -> BySeat<i32> {
        let ranks = self.ranks.as_slice();
        self.ranks.map(|mine| {
            let below = ranks.iter().filter(|&&r| r > mine).count() as i32;
            let above = ranks.iter().filter(|&&r| r < mine).count() as i32;
            below - above
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_player_win_returns_plus_minus_one() {
        let o = Outcome::win(2, Seat::new(1));
        assert_eq!(o.winner(), Some(Seat::new(1)));
        assert_eq!(o.returns().as_slice(), &[-1, 1]);
        assert!(!o.is_draw());
    }

    #[test]
    fn four_player_single_winner_is_zero_sum() {
        let o = Outcome::win(4, Seat::new(2));
        assert_eq!(o.returns().as_slice(), &[-1, -1, 3, -1]);
    }

    #[test]
    fn draw_has_no_winner_and_zero_returns() {
        let o = Outcome::draw(3);
        assert_eq!(o.winner(), None);
        assert!(o.is_draw());
        assert_eq!(o.returns().as_slice(), &[0, 0, 0]);
    }

    #[test]
    fn describe_names_the_winner_a_draw_or_the_ranking() {
        let name = |s: Seat| format!("P{s}");
        assert_eq!(Outcome::win(2, Seat::new(1)).describe(name), "P1 wins");
        assert_eq!(Outcome::win(4, Seat::new(2)).describe(name), "P2 wins");
        assert_eq!(Outcome::draw(3).describe(name), "draw");
        let ranking = Outcome::from_finishing_order(3, &[Seat::new(2), Seat::new(0), Seat::new(1)]);
        assert_eq!(ranking.describe(name), "1. P2, 2. P0, 3. P1");
        let tied = Outcome::from_scores(&BySeat::from_slice(&[5, 9, 5, 1]).unwrap());
        assert_eq!(tied.describe(name), "1. P1, 2. P0, 2. P2, 3. P3");
    }

    #[test]
    fn scores_rank_densely_with_ties() {
        let o = Outcome::from_scores(&BySeat::from_slice(&[5, 9, 5, 1]).unwrap());
        assert_eq!(o.ranks().as_slice(), &[1, 0, 1, 2]);
        assert_eq!(o.returns().as_slice().iter().sum::<i32>(), 0);
    }

    #[test]
    fn finishing_order_ranks_the_rest_last() {
        let o = Outcome::from_finishing_order(4, &[Seat::new(3), Seat::new(0)]);
        assert_eq!(o.ranks().as_slice(), &[1, 2, 2, 0]);
        assert_eq!(o.returns().as_slice().iter().sum::<i32>(), 0);
    }
}
