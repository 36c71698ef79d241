//! Ataxx: the 7×7 squares with their blockers, and the pieces of `x` and `o`.

use ataxx::{Ataxx, Color, Move, Square};
use boardgame_core::Seat;
use serde_json::{Map, Value, json};

use super::{BotChoice, MoveCells, WebGame, bot};

impl WebGame for Ataxx {
    const BOTS: &'static [BotChoice] = &[
        bot("random", "random moves"),
        bot("greedy", "greedy: the most stones now"),
        bot("mcts:iters=300", "MCTS, 300 playouts a move"),
        bot("expectimax:depth=2", "two moves ahead"),
        bot("alphabeta:depth=3", "alpha-beta, three moves ahead"),
        // The engine's levels (boardgame_engine::spec::Level), weakest first: the page's
        // worker plays them with the engine's own module.
        bot("engine:level=beginner", "Beginner"),
        bot("engine:level=casual", "Casual"),
        bot("engine:level=club", "Club"),
        bot("engine:level=strong", "Strong"),
        bot("engine:level=expert", "Expert"),
        bot("engine:level=master", "Master (full strength, 1 s a move)"),
    ];
    const DEFAULT_BOT: &'static str = "engine:level=beginner";

    fn seat_name(&self, seat: Seat) -> String {
        Color::from_seat(seat)
            .map_or_else(|| format!("seat {seat}"), |c| format!("{c} (seat {seat})"))
    }

    fn seat_colour(&self, seat: Seat) -> Value {
        Color::from_seat(seat).map_or(Value::Null, |c| json!(c.char().to_string()))
    }

    fn dice(&self) -> Option<Vec<u8>> {
        None
    }

    fn board(&self) -> Map<String, Value> {
        let mut cells = Vec::new();
        let mut pieces = Vec::new();
        for rank in 0..7 {
            for file in 0..7 {
                let square = Square::new(file, rank).expect("on the board");
                cells.push(json!({
                    "id": square.to_string(),
                    "kind": "square",
                    "file": file,
                    "rank": rank,
                    "blocked": self.blocked().contains(square),
                }));
                for colour in [Color::X, Color::O] {
                    if self.pieces(colour).contains(square) {
                        pieces.push(json!({
                            "id": square.to_string(),
                            "seat": colour.seat().index(),
                            "cell": square.to_string(),
                        }));
                    }
                }
            }
        }
        let mut board = Map::new();
        board.insert("size".into(), json!(7));
        board.insert("cells".into(), Value::Array(cells));
        board.insert("pieces".into(), Value::Array(pieces));
        board.insert("halfmove".into(), json!(self.halfmove_clock()));
        board.insert("fullmove".into(), json!(self.fullmove_number()));
        board
    }

    fn move_cells(&self, mv: Move) -> MoveCells {
        let from = mv.from().map(|s| s.to_string());
        MoveCells::new(from.clone(), mv.to().map(|s| s.to_string()), from, [])
    }
}
