//! Parchís: the 68-square track with its safe squares, the four home columns, nests and goals.

use boardgame_core::{Game, Seat};
use parchis::board::{HOME_LEN, TRACK_LEN, is_safe};
use parchis::{Colour, Loc, Move, Parchis};
use serde_json::{Map, Value, json};

use super::{BotChoice, MoveCells, WebGame, after, bot, moved};

/// The cell id of `loc` for a piece of `colour`.
fn cell(colour: Colour, loc: Loc) -> String {
    match loc {
        Loc::Track(square) => square.to_string(),
        Loc::Home(_) | Loc::Nest | Loc::Goal => format!("{}.{loc}", colour.letter()),
    }
}

/// The cells of `colour`'s pieces, in the crate's order.
fn cells_of(state: &Parchis, colour: Colour) -> Vec<String> {
    state.pieces(colour).map_or_else(Vec::new, |locs| {
        locs.iter().map(|&l| cell(colour, l)).collect()
    })
}

impl WebGame for Parchis {
    const BOTS: &'static [BotChoice] = &[
        bot("random", "random moves"),
        bot("greedy", "greedy: the best next position"),
        bot("expectimax:depth=1", "expectimax, one move ahead"),
        bot("expectimax:depth=2", "expectimax, two moves ahead"),
        bot(
            "mcts:iters=5000:rollout=eval:bias=1",
            "MCTS, 5 000 evaluated playouts a move (strongest)",
        ),
    ];
    const DEFAULT_BOT: &'static str = "mcts:iters=5000:rollout=eval:bias=1";

    fn seat_name(&self, seat: Seat) -> String {
        format!("{} (seat {seat})", self.colour_of(seat))
    }

    fn seat_colour(&self, seat: Seat) -> Value {
        json!(self.colour_of(seat).letter().to_string())
    }

    fn dice(&self) -> Option<Vec<u8>> {
        self.die().map(|d| vec![d.value()])
    }

    fn board(&self) -> Map<String, Value> {
        let mut cells = Vec::new();
        for square in 1..=TRACK_LEN {
            cells.push(json!({
                "id": square.to_string(), "kind": "track", "square": square, "safe": is_safe(square),
            }));
        }
        let mut colours = Vec::new();
        let mut pieces = Vec::new();
        for colour in Colour::ALL {
            let letter = colour.letter().to_string();
            for index in 1..=HOME_LEN {
                cells.push(json!({
                    "id": cell(colour, Loc::Home(index)), "kind": "home", "colour": letter, "index": index,
                }));
            }
            cells.push(json!({"id": cell(colour, Loc::Nest), "kind": "nest", "colour": letter}));
            cells.push(json!({"id": cell(colour, Loc::Goal), "kind": "goal", "colour": letter}));
            let seat = self.seat_of(colour);
            colours.push(json!({
                "colour": letter,
                "seat": seat.map(Seat::index),
                "exit": colour.exit_square(),
                "entry": colour.entry_square(),
            }));
            if let Some(seat) = seat {
                for (index, at) in cells_of(self, colour).into_iter().enumerate() {
                    pieces.push(
                        json!({"id": format!("{letter}{index}"), "seat": seat.index(), "cell": at}),
                    );
                }
            }
        }
        let safe: Vec<u8> = (1..=TRACK_LEN).filter(|&s| is_safe(s)).collect();
        let mut board = Map::new();
        board.insert("trackLen".into(), json!(TRACK_LEN));
        board.insert("homeLen".into(), json!(HOME_LEN));
        board.insert("safe".into(), json!(safe));
        board.insert("colours".into(), Value::Array(colours));
        board.insert("cells".into(), Value::Array(cells));
        board.insert("pieces".into(), Value::Array(pieces));
        board.insert("bonus".into(), json!(self.pending_bonus()));
        board.insert("sixes".into(), json!(self.sixes()));
        board.insert(
            "rollOff".into(),
            json!(self.roll_off().map(|r| r.to_string())),
        );
        board
    }

    fn move_cells(&self, mv: Move) -> MoveCells {
        let Some(seat) = self.turn().seat() else {
            return MoveCells::default();
        };
        let colour = self.colour_of(seat);
        let before = cells_of(self, colour);
        let (left, arrived) = moved(&before, &cells_of(&after(self, mv), colour));
        let from = match mv {
            Move::Out => Some(cell(colour, Loc::Nest)),
            Move::Advance { from, .. } => Some(cell(colour, from)),
            Move::Pass => None,
        };
        let piece = from.as_ref().and_then(|f| {
            before
                .iter()
                .position(|c| c == f)
                .map(|i| format!("{}{i}", colour.letter()))
        });
        let to = arrived.first().cloned();
        MoveCells::new(from, to, piece, left.into_iter().chain(arrived))
    }
}
