//! Parchís: `out`, `pass`, and one id per (origin square, distance); per seat the pieces on
//! each location, the die, the pending bonus and who acts.

use boardgame_core::{Die, Game, Seat, Turn};
use parchis::board::{HOME_LEN, PIECES, TRACK_LEN};
use parchis::{Config, Loc, Move, Parchis};

use super::{PyGame, one_hot, relative};

/// Id 0: `out`.
const OUT: usize = 0;
/// Id 1: `pass`.
const PASS: usize = 1;
/// Ids from 2: `ORIGIN+DISTANCE`, id `2 + 9 origin + distance index`.
const ADVANCE: usize = 2;
/// The origins: track squares `1..=68` (origin `s - 1`), then home squares `h1..=h7`
/// (origin `68 + h - 1`).
const ORIGINS: usize = TRACK_LEN as usize + HOME_LEN as usize;
/// The distances a move can have: a die, a six moved as seven, the bonuses.
const DISTANCES: [u8; 9] = [1, 2, 3, 4, 5, 6, 7, 10, 20];

/// Per seat (observer first, in turn order): nest, track 1..=68, home 1..=7, goal.
const LOCS: usize = 1 + ORIGINS + 1;
const SEATS: usize = 4;
const DIE: usize = SEATS * LOCS;
const BONUS: usize = DIE + 6;
const SIXES: usize = BONUS + 2;
const ACTOR: usize = SIXES + 1;
const CHANCE: usize = ACTOR + SEATS;
const OBSERVATION: usize = CHANCE + 1;

fn origin(loc: Loc) -> usize {
    match loc {
        Loc::Track(s) => usize::from(s) - 1,
        Loc::Home(h) => usize::from(TRACK_LEN) + usize::from(h) - 1,
        Loc::Nest | Loc::Goal => panic!("a move never starts at {loc}"),
    }
}

fn loc_index(loc: Loc) -> usize {
    match loc {
        Loc::Nest => 0,
        Loc::Track(_) | Loc::Home(_) => 1 + origin(loc),
        Loc::Goal => LOCS - 1,
    }
}

impl PyGame for Parchis {
    fn num_actions(_: &Config) -> usize {
        ADVANCE + ORIGINS * DISTANCES.len()
    }

    fn action_id(&self, mv: Move) -> usize {
        match mv {
            Move::Out => OUT,
            Move::Pass => PASS,
            Move::Advance { from, distance } => {
                let d = DISTANCES
                    .iter()
                    .position(|&x| x == distance)
                    .unwrap_or_else(|| panic!("no id for distance {distance}"));
                ADVANCE + origin(from) * DISTANCES.len() + d
            }
        }
    }

    fn action_move(&self, id: usize) -> Option<Move> {
        Some(match id {
            OUT => Move::Out,
            PASS => Move::Pass,
            _ => {
                let i = id - ADVANCE;
                let (o, d) = (i / DISTANCES.len(), i % DISTANCES.len());
                let from = if o < usize::from(TRACK_LEN) {
                    Loc::Track(o as u8 + 1)
                } else if o < ORIGINS {
                    Loc::Home((o - usize::from(TRACK_LEN)) as u8 + 1)
                } else {
                    return None;
                };
                Move::Advance {
                    from,
                    distance: DISTANCES[d],
                }
            }
        })
    }

    fn num_chance_ids(_: &Config) -> usize {
        6
    }

    fn max_chance_nodes(config: &Config) -> Option<u64> {
        (config.max_rolls > 0).then(|| u64::from(config.max_rolls))
    }

    fn chance_id(outcome: Die) -> usize {
        usize::from(outcome.value()) - 1
    }

    fn chance_of(id: usize) -> Option<Die> {
        Die::new(u8::try_from(id + 1).ok()?)
    }

    fn observation_shape(_: &Config) -> Vec<usize> {
        vec![OBSERVATION]
    }

    fn draw(&self) -> crate::render::Canvas {
        crate::render::race::parchis(self)
    }

    fn observe(&self, seat: Seat, out: &mut [f32]) {
        let seats = self.num_seats();
        for slot in 0..seats {
            let who = relative(seat, slot, seats);
            let locs: [Loc; PIECES] = self
                .pieces(self.colour_of(who))
                .expect("a seated colour has pieces");
            for loc in locs {
                out[slot * LOCS + loc_index(loc)] += 1.0;
            }
        }
        if let Turn::Player(_) = self.turn() {
            one_hot(out, self.die().map(|d| DIE + usize::from(d.value()) - 1));
        }
        match self.pending_bonus() {
            Some(10) => out[BONUS] = 1.0,
            Some(20) => out[BONUS + 1] = 1.0,
            _ => {}
        }
        out[SIXES] = f32::from(self.sixes());
        match self.turn() {
            Turn::Player(who) => {
                let slot = (who.index() + seats - seat.index()) % seats;
                out[ACTOR + slot] = 1.0;
            }
            Turn::Chance => out[CHANCE] = 1.0,
            Turn::Terminal => {}
        }
    }
}
