//! Thax: each side's numbered spaces with how many are covered, the dice and the pot.

use boardgame_core::{Configure, Game, Seat};
use serde_json::{Map, Value, json};
use thax::{Thax, ThaxMove};

use super::{BotChoice, MoveCells, WebGame, bot};

/// The id of `seat`'s space numbered `number`.
fn space(seat: Seat, number: u8) -> String {
    format!("{}:{number}", seat.index())
}

impl WebGame for Thax {
    const BOTS: &'static [BotChoice] = &[
        bot("random", "random moves"),
        bot("greedy", "greedy: the best next position"),
        bot(
            "mcts:iters=3000:rollout=eval:bias=1:c=0.25",
            "MCTS, 3 000 evaluated playouts a move",
        ),
        bot("expectimax:depth=2", "expectimax, two throws ahead"),
        bot(
            "expectimax:depth=1",
            "expectimax, one throw ahead: within 1% of perfect (strongest at once)",
        ),
        bot(
            "optimal",
            "perfect play: solves the game first (about 30 s)",
        ),
    ];
    const DEFAULT_BOT: &'static str = "expectimax:depth=1";

    fn seat_name(&self, seat: Seat) -> String {
        format!("seat {seat}")
    }

    fn seat_colour(&self, _: Seat) -> Value {
        Value::Null
    }

    fn dice(&self) -> Option<Vec<u8>> {
        let pair = Thax::dice(self)?;
        Some(vec![pair.low().value(), pair.high().value()])
    }

    fn board(&self) -> Map<String, Value> {
        let numbers: Vec<u8> = self.config().board.numbers().collect();
        let mut cells = Vec::new();
        for seat in Seat::first(self.num_seats()) {
            for &number in &numbers {
                let covered = self.covered(seat, number);
                cells.push(json!({
                    "id": space(seat, number),
                    "kind": "space",
                    "seat": seat.index(),
                    "number": number,
                    "capacity": covered + self.uncovered(seat, number),
                    "covered": covered,
                }));
            }
        }
        let mut board = Map::new();
        board.insert("numbers".into(), json!(numbers));
        board.insert("cells".into(), Value::Array(cells));
        board.insert("pieces".into(), json!([]));
        board.insert("pot".into(), json!(self.pot()));
        board.insert("supply".into(), json!(self.supply()));
        board.insert("rolls".into(), json!(self.rolls()));
        board.insert(
            "rollOff".into(),
            json!(self.roll_off().map(|r| r.to_string())),
        );
        board.insert("variant".into(), json!(self.config().value("variant")));
        board
    }

    fn move_cells(&self, mv: ThaxMove) -> MoveCells {
        let Some(me) = self.turn().seat() else {
            return MoveCells::default();
        };
        let other = Seat::new(1 - me.index());
        let mine = |n: u8| Some(space(me, n));
        match mv {
            ThaxMove::Place(a, b) => MoveCells::new(None, mine(a), None, [space(me, b)]),
            ThaxMove::PlaceOne(a) | ThaxMove::Sum(a) => MoveCells::new(None, mine(a), None, []),
            ThaxMove::Take { from, to } => {
                MoveCells::new(Some(space(other, from)), mine(to), None, [])
            }
            ThaxMove::Thax(n) => MoveCells::new(mine(n), None, None, []),
            ThaxMove::Pass => MoveCells::default(),
        }
    }
}
