//! Cờ cá ngựa: `pass`, `exit`, then one id per (progress on the mover's path, steps) for
//! advances and for shortcuts (and, under `arrival = choose`, per other piece's track square);
//! per seat the pieces on each square of the board, the roll and who acts.

use boardgame_core::{Game, Seat, Turn};
use co_ca_ngua::{Arrival, CoCaNgua, Config, Move, Roll, Spot, Square};

use super::{PyGame, one_hot, pair_id, pair_of, relative};

/// Id 0: `pass`.
const PASS: usize = 0;
/// Id 1: `exit`.
const EXIT: usize = 1;
/// Ids from 2: the advances, `2 + 12 p + (steps - 1)` for a piece at progress `p`.
const ADVANCE: usize = 2;
/// The most steps a roll gives (two dice).
const STEPS: usize = 12;
/// Seat blocks of the observation.
const SEATS: usize = 4;

/// The id layout of one configuration.
#[derive(Copy, Clone, Debug)]
struct Layout {
    /// Progress values `0..=end`.
    progresses: usize,
    /// Outer track squares (the `other` of `T39+2>D:T10`).
    track: usize,
    /// Whether `ShortcutOther` moves exist (`arrival = choose`).
    choose: bool,
}

impl Layout {
    /// The layout of `config` (building its board: for the game-level questions only).
    fn of(config: &Config) -> Layout {
        let board = co_ca_ngua::Board::new(config.layout).expect("a playable layout");
        Layout::on(&board, config)
    }

    fn on(board: &co_ca_ngua::Board, config: &Config) -> Layout {
        Layout {
            progresses: usize::from(board.end()) + 1,
            track: usize::from(board.layout().track_len),
            choose: config.arrival == Arrival::Choose,
        }
    }

    fn block(&self) -> usize {
        self.progresses * STEPS
    }

    fn shortcut(&self) -> usize {
        ADVANCE + self.block()
    }

    fn shortcut_other(&self) -> usize {
        self.shortcut() + self.block()
    }

    fn end(&self) -> usize {
        self.shortcut_other()
            + if self.choose {
                self.block() * self.track
            } else {
                0
            }
    }
}

/// The observation's length on `board`: the seat blocks, the roll, the sixes, who acts.
fn observation_len(board: &co_ca_ngua::Board) -> usize {
    SEATS * (1 + board.num_squares()) + 12 + 1 + SEATS + 1
}

/// The observation block of one seat: its nest, then every square of the board.
fn seat_block(state: &CoCaNgua) -> usize {
    1 + state.board().num_squares()
}

/// The colour of the seat to move (move origins are named from its point of view).
fn mover_colour(state: &CoCaNgua) -> Option<usize> {
    let seat = state.turn().seat()?;
    Some(usize::from(state.colour(seat)))
}

/// The index of a piece move within its block: `12 progress + steps - 1`.
fn piece_index(state: &CoCaNgua, from: Spot, steps: u8) -> usize {
    let progress = state
        .board()
        .progress_of(mover_colour(state).expect("a decision node"), from)
        .unwrap_or_else(|| panic!("{from} is not on the mover's path"));
    let steps = usize::from(steps);
    assert!((1..=STEPS).contains(&steps), "no id for {steps} steps");
    usize::from(progress) * STEPS + steps - 1
}

fn layout_of(state: &CoCaNgua) -> Layout {
    Layout::on(state.board(), state.config())
}

impl PyGame for CoCaNgua {
    fn num_actions(config: &Config) -> usize {
        Layout::of(config).end()
    }

    fn action_space(&self) -> usize {
        layout_of(self).end()
    }

    fn action_id(&self, mv: Move) -> usize {
        let layout = layout_of(self);
        match mv {
            Move::Pass => PASS,
            Move::Exit => EXIT,
            Move::Advance { from, steps } => ADVANCE + piece_index(self, from, steps),
            Move::Shortcut { from, steps } => layout.shortcut() + piece_index(self, from, steps),
            Move::ShortcutOther { from, steps, other } => {
                let other = usize::from(other);
                assert!(other < layout.track, "track square T{other} out of range");
                layout.shortcut_other() + piece_index(self, from, steps) * layout.track + other
            }
        }
    }

    fn action_move(&self, id: usize) -> Option<Move> {
        let layout = layout_of(self);
        let piece = |i: usize| {
            let progress = u8::try_from(i / STEPS).ok()?;
            if usize::from(progress) >= layout.progresses {
                return None;
            }
            let from = self.board().spot(mover_colour(self)?, progress);
            Some((from, (i % STEPS + 1) as u8))
        };
        Some(match id {
            PASS => Move::Pass,
            EXIT => Move::Exit,
            _ if id < layout.shortcut() => {
                let (from, steps) = piece(id - ADVANCE)?;
                Move::Advance { from, steps }
            }
            _ if id < layout.shortcut_other() => {
                let (from, steps) = piece(id - layout.shortcut())?;
                Move::Shortcut { from, steps }
            }
            _ if id < layout.end() => {
                let i = id - layout.shortcut_other();
                let (from, steps) = piece(i / layout.track)?;
                let other = (i % layout.track) as u8;
                Move::ShortcutOther { from, steps, other }
            }
            _ => return None,
        })
    }

    fn num_chance_ids(config: &Config) -> usize {
        if config.dice == 2 { 6 + 21 } else { 6 }
    }

    fn max_chance_nodes(config: &Config) -> Option<u64> {
        (config.max_rolls > 0).then(|| u64::from(config.max_rolls))
    }

    fn chance_id(outcome: Roll) -> usize {
        match (outcome.single(), outcome.pair()) {
            (Some(die), _) => usize::from(die.value()) - 1,
            (None, Some(pair)) => 6 + pair_id(pair),
            (None, None) => panic!("a roll is one die or two"),
        }
    }

    fn chance_of(id: usize) -> Option<Roll> {
        if id < 6 {
            Some(Roll::die(id as u8 + 1))
        } else {
            let pair = pair_of(id - 6)?;
            Some(Roll::dice(pair.low().value(), pair.high().value()))
        }
    }

    fn observation_shape(config: &Config) -> Vec<usize> {
        let board = co_ca_ngua::Board::new(config.layout).expect("a playable layout");
        vec![observation_len(&board)]
    }

    fn state_observation_shape(&self) -> Vec<usize> {
        vec![observation_len(self.board())]
    }

    fn draw(&self) -> crate::render::Canvas {
        crate::render::race::co_ca_ngua(self)
    }

    fn observe(&self, seat: Seat, out: &mut [f32]) {
        let seats = self.num_seats();
        let block = seat_block(self);
        let board = self.board();
        for slot in 0..seats {
            let who = relative(seat, slot, seats);
            let colour = usize::from(self.colour(who));
            for &progress in self.pieces(who) {
                let at = if progress == 0 {
                    0
                } else {
                    let Square(square) = board.square(colour, progress);
                    1 + usize::from(square)
                };
                out[slot * block + at] += 1.0;
            }
        }
        let roll = SEATS * block;
        if let Some(r) = self.roll() {
            match (r.single(), r.pair()) {
                (Some(die), _) => one_hot(out, Some(roll + usize::from(die.value()) - 1)),
                (None, Some(pair)) => {
                    one_hot(out, Some(roll + usize::from(pair.low().value()) - 1));
                    one_hot(out, Some(roll + 6 + usize::from(pair.high().value()) - 1));
                }
                (None, None) => {}
            }
        }
        let sixes = roll + 12;
        out[sixes] = f32::from(self.sixes());
        let actor = sixes + 1;
        match self.turn() {
            Turn::Player(who) => {
                let slot = (who.index() + seats - seat.index()) % seats;
                out[actor + slot] = 1.0;
            }
            Turn::Chance => out[actor + SEATS] = 1.0,
            Turn::Terminal => {}
        }
    }
}
