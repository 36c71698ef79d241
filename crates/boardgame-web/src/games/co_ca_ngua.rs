//! Cờ cá ngựa, drawn from the board's `Layout` and square graph: track, lanes (or the chuồng),
//! ring, spokes, centre and the four nests.

use boardgame_core::{Configure, Game, Seat};
use co_ca_ngua::board::NUM_COLOURS;
use co_ca_ngua::{CoCaNgua, Move, SquareKind};
use serde_json::{Map, Value, json};

use super::{BotChoice, MoveCells, WebGame, after, bot, moved};

/// The cell id of a piece of `colour` at `progress` (0 = the nest).
fn cell(state: &CoCaNgua, colour: usize, progress: u8) -> String {
    if progress == 0 {
        format!("N{colour}")
    } else {
        let board = state.board();
        board.kind(board.square(colour, progress)).to_string()
    }
}

/// The cells of `seat`'s pieces, in the crate's order.
fn cells_of(state: &CoCaNgua, seat: Seat) -> Vec<String> {
    let colour = usize::from(state.colour(seat));
    state
        .pieces(seat)
        .iter()
        .map(|&p| cell(state, colour, p))
        .collect()
}

/// A square's view entry.
fn square(kind: SquareKind) -> Value {
    let id = kind.to_string();
    match kind {
        SquareKind::Track(index) => json!({"id": id, "kind": "track", "index": index}),
        SquareKind::Lane { colour, index } => {
            json!({"id": id, "kind": "lane", "colour": colour, "index": index})
        }
        SquareKind::Destination(colour) => {
            json!({"id": id, "kind": "destination", "colour": colour})
        }
        SquareKind::Ring(index) => json!({"id": id, "kind": "ring", "index": index}),
        SquareKind::Spoke { colour, index } => {
            json!({"id": id, "kind": "spoke", "colour": colour, "index": index})
        }
        SquareKind::Centre => json!({"id": id, "kind": "centre"}),
    }
}

impl WebGame for CoCaNgua {
    const BOTS: &'static [BotChoice] = &[
        bot("random", "random moves"),
        bot("greedy", "greedy: the best next position"),
        bot("expectimax:depth=1", "expectimax, one move ahead"),
        bot("mcts:iters=1500", "MCTS, 1 500 playouts a move"),
        bot(
            "expectimax:depth=2",
            "expectimax, two moves ahead (strongest)",
        ),
    ];
    const DEFAULT_BOT: &'static str = "expectimax:depth=2";

    fn seat_name(&self, seat: Seat) -> String {
        format!("colour {} (seat {seat})", self.colour(seat))
    }

    fn seat_colour(&self, seat: Seat) -> Value {
        json!(self.colour(seat).to_string())
    }

    fn dice(&self) -> Option<Vec<u8>> {
        self.roll().map(|roll| match (roll.single(), roll.pair()) {
            (Some(die), _) => vec![die.value()],
            (None, Some(pair)) => vec![pair.low().value(), pair.high().value()],
            (None, None) => Vec::new(),
        })
    }

    fn board(&self) -> Map<String, Value> {
        let board = self.board();
        let layout = *board.layout();
        let kinds: Vec<SquareKind> = (0..board.num_squares())
            .map(|i| board.kind(co_ca_ngua::Square(i as u8)))
            .collect();
        let mut cells: Vec<Value> = kinds.iter().map(|&k| square(k)).collect();
        let track = |offset: usize| {
            SquareKind::Track((offset % usize::from(layout.track_len)) as u8).to_string()
        };
        let mut colours = Vec::new();
        for colour in 0..NUM_COLOURS {
            cells.push(json!({"id": format!("N{colour}"), "kind": "nest", "colour": colour}));
            let exit = colour * usize::from(layout.quadrant);
            colours.push(json!({
                "colour": colour,
                "seat": Seat::first(self.num_seats())
                    .find(|&s| usize::from(self.colour(s)) == colour)
                    .map(Seat::index),
                "exit": track(exit),
                "shortcut": track(exit + usize::from(layout.shortcut_at)),
                "mouth": track(exit + usize::from(layout.mouth_at)),
                "destination": board.kind(board.destination(colour)).to_string(),
                "nest": format!("N{colour}"),
            }));
        }
        let edges: Vec<[String; 2]> = board
            .edges()
            .iter()
            .map(|&(a, b)| [board.kind(a).to_string(), board.kind(b).to_string()])
            .collect();
        let mut pieces = Vec::new();
        for seat in Seat::first(self.num_seats()) {
            let colour = self.colour(seat);
            for (index, at) in cells_of(self, seat).into_iter().enumerate() {
                pieces.push(
                    json!({"id": format!("{colour}.{index}"), "seat": seat.index(), "cell": at}),
                );
            }
        }
        let mut view = Map::new();
        view.insert(
            "layout".into(),
            json!({
                "track_len": layout.track_len, "quadrant": layout.quadrant,
                "exit_roll": layout.exit_roll, "shortcut_at": layout.shortcut_at,
                "mouth_at": layout.mouth_at, "lane_len": layout.lane_len,
                "ring_len": layout.ring_len, "spoke_len": layout.spoke_len,
            }),
        );
        view.insert("home".into(), json!(self.config().value("home")));
        view.insert("colours".into(), Value::Array(colours));
        view.insert("cells".into(), Value::Array(cells));
        view.insert("edges".into(), json!(edges));
        view.insert("pieces".into(), Value::Array(pieces));
        view.insert("sixes".into(), json!(self.sixes()));
        view.insert(
            "rollOff".into(),
            json!(self.roll_off().map(|r| r.to_string())),
        );
        view
    }

    fn move_cells(&self, mv: Move) -> MoveCells {
        let Some(seat) = self.turn().seat() else {
            return MoveCells::default();
        };
        let colour = usize::from(self.colour(seat));
        let before = cells_of(self, seat);
        let (left, arrived) = moved(&before, &cells_of(&after(self, mv), seat));
        let from = match mv {
            Move::Pass => None,
            Move::Exit => Some(cell(self, colour, 0)),
            Move::Advance { from, .. }
            | Move::Shortcut { from, .. }
            | Move::ShortcutOther { from, .. } => self
                .board()
                .progress_of(colour, from)
                .map(|p| cell(self, colour, p)),
        };
        let piece = from.as_ref().and_then(|f| {
            before
                .iter()
                .position(|c| c == f)
                .map(|i| format!("{colour}.{i}"))
        });
        let to = match mv {
            // The arriving piece stays on the shortcut circle (a track square); the piece
            // from `other` goes into the safe area.
            Move::ShortcutOther { .. } => arrived.iter().find(|c| c.starts_with('T')).cloned(),
            _ => arrived.first().cloned(),
        };
        MoveCells::new(from, to, piece, left.into_iter().chain(arrived))
    }
}
