//! What the playground needs from each game beyond [`BotGame`]: how its seats are called, the
//! dice on show, the board as cells and pieces, and the cells each move touches.
//!
//! Each game's module reads the rules crate's own data (squares, layout, pieces); nothing
//! here decides a rule.

mod ataxx;
mod co_ca_ngua;
mod parchis;
mod thax;

use boardgame_core::{Configure, Game, Seat};
use boardgame_search::bots::BotGame;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

/// The cells a move touches, by the ids the game's view uses.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct MoveCells {
    /// The cell the moving piece leaves.
    pub(crate) from: Option<String>,
    /// The cell where the mover's piece ends.
    pub(crate) to: Option<String>,
    /// The piece that moves (an id of the view's `pieces`).
    pub(crate) piece: Option<String>,
    /// Every cell the move touches, `from` and `to` first.
    pub(crate) cells: Vec<String>,
}

impl MoveCells {
    /// `from`/`to`/`piece`, and `cells` made of `from`, `to` and `more`, without repeats.
    pub(crate) fn new(
        from: Option<String>,
        to: Option<String>,
        piece: Option<String>,
        more: impl IntoIterator<Item = String>,
    ) -> MoveCells {
        let mut cells: Vec<String> = Vec::new();
        for cell in from.iter().chain(to.iter()).cloned().chain(more) {
            if !cells.contains(&cell) {
                cells.push(cell);
            }
        }
        MoveCells {
            from,
            to,
            piece,
            cells,
        }
    }
}

/// A bot the seat menus offer: its spec and what a person reads in the menu.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct BotChoice {
    /// The bot spec (`Session::set_seat` takes it).
    pub(crate) spec: &'static str,
    /// Its name in the menu, for people.
    pub(crate) name: &'static str,
}

/// A menu entry.
pub(crate) const fn bot(spec: &'static str, name: &'static str) -> BotChoice {
    BotChoice { spec, name }
}

/// A game the playground can serve.
pub(crate) trait WebGame:
    BotGame<
        Config: Configure + Serialize + DeserializeOwned,
        Move: Serialize + DeserializeOwned,
        Chance: Serialize + DeserializeOwned,
    >
{
    /// The bots that suit the game, for the seat menus, weakest first.
    const BOTS: &'static [BotChoice];

    /// The spec the menus seat at every seat but the first of a new game (one of
    /// [`BOTS`](Self::BOTS)): for the dice games the strongest bot `docs/strength.md` measured
    /// for the game that answers at a pace a person waits for, for Ataxx the engine's weakest
    /// level, which a beginner can beat (`docs/web.md` gives each choice's reason).
    const DEFAULT_BOT: &'static str;

    /// How a seat is called (the same words as `boardgame play`).
    fn seat_name(&self, seat: Seat) -> String;

    /// The game's own colour name of a seat (`x`, `Y`, `2`), or `null`.
    fn seat_colour(&self, seat: Seat) -> Value;

    /// The dice the player to move is playing, at a decision node.
    fn dice(&self) -> Option<Vec<u8>>;

    /// The game-specific part of the view: `cells`, `pieces` and the game's own fields.
    fn board(&self) -> Map<String, Value>;

    /// The cells `mv` (legal here) touches.
    fn move_cells(&self, mv: Self::Move) -> MoveCells;
}

/// Where the mover's pieces went: the locations (as cell ids, with repeats) that are in
/// `before` but not in `after`, and those in `after` but not in `before`.
pub(crate) fn moved(before: &[String], after: &[String]) -> (Vec<String>, Vec<String>) {
    let mut left = before.to_vec();
    let mut arrived = Vec::new();
    for cell in after {
        match left.iter().position(|c| c == cell) {
            Some(i) => {
                left.remove(i);
            }
            None => arrived.push(cell.clone()),
        }
    }
    (left, arrived)
}

/// The state after `mv` (which is legal in `state`).
pub(crate) fn after<G: Game>(state: &G, mv: G::Move) -> G {
    let mut next = state.clone();
    next.play_unchecked(mv);
    next
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(ids: &[&str]) -> Vec<String> {
        ids.iter().map(|&s| s.to_owned()).collect()
    }

    #[test]
    fn moved_is_the_multiset_difference_both_ways() {
        let (left, arrived) = moved(
            &cells(&["n", "n", "12", "12"]),
            &cells(&["n", "12", "12", "17"]),
        );
        assert_eq!(left, ["n"]);
        assert_eq!(arrived, ["17"]);
        let (left, arrived) = moved(&cells(&["5", "9"]), &cells(&["5", "9"]));
        assert!(left.is_empty() && arrived.is_empty());
    }

    #[test]
    fn move_cells_list_each_cell_once_from_and_to_first() {
        let m = MoveCells::new(
            Some("a".into()),
            Some("b".into()),
            None,
            ["c".to_owned(), "a".to_owned()],
        );
        assert_eq!(m.cells, ["a", "b", "c"]);
    }
}
