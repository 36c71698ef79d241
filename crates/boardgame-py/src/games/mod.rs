//! What Python needs from each game beyond the rules: a fixed action-id space, chance-outcome
//! ids, and an observation tensor per seat. Each game's module reads the rules crate's own
//! data (moves, squares, pieces, dice); nothing here decides a rule: which moves are legal,
//! what they do and how likely a roll is all come from the rules crate.
//!
//! The encodings are documented, id by id and entry by entry, in `docs/python.md`.

mod ataxx;
mod co_ca_ngua;
mod parchis;
mod thax;

use boardgame_core::dist::TWO_D6;
use boardgame_core::{Configure, DicePair, Seat};
use boardgame_search::bots::BotGame;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// The games' names, in the order the module lists them.
pub(crate) const GAMES: [&str; 4] = ["ataxx", "thax", "parchis", "co-ca-ngua"];

/// A game Python can play: the rules (through [`BotGame`]) plus its encodings.
pub(crate) trait PyGame:
    BotGame<
        Config: Configure + Serialize + DeserializeOwned + Send + Sync,
        Move: Serialize + DeserializeOwned + Send + Sync,
        Chance: Serialize + DeserializeOwned + Send + Sync,
    > + Send
    + Sync
{
    /// The size of the action-id space under `config` (every move of every state encodes
    /// below it).
    fn num_actions(config: &Self::Config) -> usize;

    /// [`num_actions`](PyGame::num_actions) of this state's configuration (override where
    /// the state can answer faster than its configuration).
    fn action_space(&self) -> usize {
        Self::num_actions(self.config())
    }

    /// The id of `mv`, a legal move of this decision node.
    fn action_id(&self, mv: Self::Move) -> usize;

    /// The move with id `id` at this decision node, if `id` names one (legal or not).
    fn action_move(&self, id: usize) -> Option<Self::Move>;

    /// The size of the chance-outcome id space under `config`.
    fn num_chance_ids(config: &Self::Config) -> usize;

    /// The most chance nodes any game under `config` can have, if the rules bound it: the
    /// length guard `max_rolls` counts every throw (the roll-off's included), and Ataxx has
    /// none. The rules crate's [`max_game_length`](boardgame_core::Game::max_game_length)
    /// bounds the events (moves plus chance outcomes); OpenSpiel's `max_game_length` counts
    /// decisions only, and is that bound minus this one (see [`max_moves`]).
    fn max_chance_nodes(config: &Self::Config) -> Option<u64>;

    /// The id of a chance outcome.
    fn chance_id(outcome: Self::Chance) -> usize;

    /// The chance outcome with id `id`, if it names one.
    fn chance_of(id: usize) -> Option<Self::Chance>;

    /// The shape of the observation tensor under `config`.
    fn observation_shape(config: &Self::Config) -> Vec<usize>;

    /// [`observation_shape`](PyGame::observation_shape) of this state's configuration
    /// (override where the state can answer faster than its configuration).
    fn state_observation_shape(&self) -> Vec<usize> {
        Self::observation_shape(self.config())
    }

    /// Writes the observation of this state for `seat` into `out` (all zeros on entry, the
    /// product of [`observation_shape`](PyGame::observation_shape) long).
    fn observe(&self, seat: Seat, out: &mut [f32]);

    /// Pushes the id of every legal move of this decision node onto `out` (in the order of
    /// [`legal_moves`](boardgame_core::Game::legal_moves) unless a game says otherwise);
    /// `moves` is scratch space. A game may override it with a faster equivalent (Ataxx).
    fn legal_ids(&self, moves: &mut Vec<Self::Move>, out: &mut Vec<u32>) {
        moves.clear();
        self.legal_moves(moves);
        out.extend(moves.iter().map(|&mv| self.action_id(mv) as u32));
    }

    /// The picture of this state (`crate::render`).
    fn draw(&self) -> crate::render::Canvas;

    /// The perft of this state to `depth` edges (moves and chance outcomes), as
    /// `boardgame perft` counts it: the rules crate's [`perft`](boardgame_core::perft::perft)
    /// unless a game has a faster one of its own (Ataxx).
    fn perft(&self, depth: u32) -> u64 {
        boardgame_core::perft::perft(self, depth)
    }
}

/// The most decisions (moves) any game under `config` can have, if the rules bound it.
///
/// Every rules crate bounds the events of a game as `R × (1 + k)` for `R` throws (the guard
/// `max_rolls`) each followed by at most `k` moves (Thax and Cờ cá ngựa: `k = 1`; Parchís:
/// `k = 17`, a die move and a chain of bonus moves), or, for Ataxx (no chance), as the moves
/// alone. So the moves are at most that bound minus the throws.
pub(crate) fn max_moves<G: PyGame>(config: &G::Config) -> Option<u64> {
    let events = G::max_game_length(config)?;
    Some(events - G::max_chance_nodes(config)?)
}

/// The index of `pair` among the 21 unordered outcomes of two dice, in [`TWO_D6`]'s order
/// (by low die, then high die).
pub(crate) fn pair_id(pair: DicePair) -> usize {
    TWO_D6
        .iter()
        .position(|(p, _)| p == pair)
        .expect("every pair of dice is one of the 21 outcomes")
}

/// The pair of dice with index `id` in [`TWO_D6`]'s order.
pub(crate) fn pair_of(id: usize) -> Option<DicePair> {
    TWO_D6.outcomes().get(id).map(|&(p, _)| p)
}

/// The seat `offset` places after `seat` at a table of `seats` (the observer's relative
/// order: the observer first, then the others in turn order).
pub(crate) fn relative(seat: Seat, offset: usize, seats: usize) -> Seat {
    Seat::new((seat.index() + offset) % seats)
}

/// Writes a one-hot entry: `out[index] = 1` (nothing if `index` is `None`).
pub(crate) fn one_hot(out: &mut [f32], index: Option<usize>) {
    if let Some(i) = index {
        out[i] = 1.0;
    }
}

/// Runs `$body` with `$G` bound to the game named `$name`, or evaluates `$unknown`.
macro_rules! with_game {
    ($name:expr, $G:ident => $body:expr, $unknown:ident => $other:expr) => {
        match $name {
            "ataxx" => {
                type $G = ::ataxx::Ataxx;
                $body
            }
            "thax" => {
                type $G = ::thax::Thax;
                $body
            }
            "parchis" => {
                type $G = ::parchis::Parchis;
                $body
            }
            "co-ca-ngua" | "co_ca_ngua" => {
                type $G = ::co_ca_ngua::CoCaNgua;
                $body
            }
            $unknown => $other,
        }
    };
}
pub(crate) use with_game;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pair_ids_are_the_21_outcomes_in_order() {
        for id in 0..21 {
            assert_eq!(pair_id(pair_of(id).unwrap()), id);
        }
        assert_eq!(pair_of(21), None);
        assert_eq!(pair_id(DicePair::of(1, 1)), 0);
        assert_eq!(pair_id(DicePair::of(6, 6)), 20);
    }
}
