//! Negative vectors (`--kind refusals`): notations that must be refused, each with the part
//! at fault and the kind of error, and moves that are illegal in a state, each with the rule
//! that forbids it. docs/vectors.md gives the schema and docs/notation.md the notations.

use std::str::FromStr;

use ataxx::{Ataxx, Bitboard, Color, FenErrorKind, Move, Square};
use boardgame_core::driver::{below, game_seed, rng_from_seed};
use boardgame_core::{Game, Turn};
use serde_json::{Value, json};

use crate::error::CliError;
use crate::games::CliGame;

/// How many illegal-move records each rule gets, at most.
const PER_RULE: usize = 4;

/// The seeded games (seed 1) the illegal moves' states come from, at most.
const GAMES: u64 = 40;

/// The longest of those games, in events.
const MAX_EVENTS: usize = 100_000;

/// What a game's negative vectors need.
pub(crate) trait Refusals: CliGame {
    /// State notations the parser must refuse.
    const BAD_STATES: &'static [&'static str];
    /// Move notations the parser must refuse.
    const BAD_MOVES: &'static [&'static str];
    /// Chance-outcome notations the parser must refuse (none for Ataxx).
    const BAD_OUTCOMES: &'static [&'static str] = &[];

    /// The field at fault and the category of a refused state.
    fn state_error(error: &Self::NotationError) -> (String, &'static str);

    /// The category of a refused move notation.
    fn move_error(_error: &<Self::Move as FromStr>::Err) -> &'static str {
        "syntax"
    }

    /// Why `mv` is illegal in `state` (`None` if it is legal). `parent` is the state before
    /// the chance outcome that led to `state`, if that is how it was reached.
    fn rule(state: &Self, mv: Self::Move) -> Option<&'static str> {
        if state.is_legal(mv) {
            return None;
        }
        Some(match state.turn() {
            Turn::Terminal => "game-over",
            Turn::Chance => "chance-to-act",
            Turn::Player(_) if mv.to_string() == "pass" => "pass-while-moves-exist",
            Turn::Player(_) => "not-this-roll",
        })
    }

    /// Illegal moves in `state` worth a record, each with its rule. `siblings` are the
    /// states the same chance node could have led to instead (empty if none).
    fn illegal_moves(state: &Self, siblings: &[Self]) -> Vec<(Self::Move, &'static str)> {
        let mut found = Vec::new();
        match state.turn() {
            Turn::Player(seat) => {
                if let Ok(pass) = Self::Move::from_str("pass")
                    && !state.is_legal(pass)
                {
                    found.push((pass, "pass-while-moves-exist"));
                }
                // A move another roll would have allowed.
                let other = siblings
                    .iter()
                    .filter(|s| s.turn() == Turn::Player(seat))
                    .flat_map(|s| s.legal_moves_vec())
                    .find(|mv| !state.is_legal(*mv) && mv.to_string() != "pass");
                if let Some(mv) = other {
                    found.push((mv, "not-this-roll"));
                }
            }
            Turn::Chance => {
                // A move the outcome could allow, a real one rather than a pass if any.
                let moves: Vec<Self::Move> = siblings
                    .iter()
                    .chain(children(state).iter())
                    .filter(|s| matches!(s.turn(), Turn::Player(_)))
                    .flat_map(|s| s.legal_moves_vec())
                    .collect();
                let mv = moves
                    .iter()
                    .find(|mv| mv.to_string() != "pass")
                    .or(moves.first())
                    .copied();
                if let Some(mv) = mv {
                    found.push((mv, "chance-to-act"));
                }
            }
            Turn::Terminal => {}
        }
        found
    }
}

/// The states a chance node leads to, in outcome order.
fn children<G: Game>(state: &G) -> Vec<G> {
    state.chance_outcomes().map_or_else(Vec::new, |dist| {
        dist.iter()
            .map(|(outcome, _)| {
                let mut child = state.clone();
                child.apply_chance_unchecked(outcome);
                child
            })
            .collect()
    })
}

fn field_name(field: impl std::fmt::Display) -> String {
    field.to_string().replace(' ', "-")
}

impl Refusals for Ataxx {
    const BAD_STATES: &'static [&'static str] = &[
        "",
        "x5o/7/7/7/7/7/o5x",
        "x5o/7/7/7/7/7/o5x x 0 1 1",
        "x5o/7/7/7/7/7/o5x  x 0 1",
        "x5o/7/7/7/7/7/o5x x 0 1 ",
        "x5o/7/7/7/7/7/o6x x 0 1",
        "x5o/7/7/7/7/7/o4x x 0 1",
        "x5o/7/7/7/7/7 x 0 1",
        "x5o/7/7/7/7/7/7/o5x x 0 1",
        "x5o/7/7/7/7/7/o5X x 0 1",
        "x5o/7/7/7/7/7/o0x5 x 0 1",
        "x5o/7/7/7/7/7/o8 x 0 1",
        "x5o/7/7/7/7/7/o41x x 0 1",
        "x5o/7/7/7/7/7/o5x X 0 1",
        "x5o/7/7/7/7/7/o5x - 0 1",
        "x5o/7/7/7/7/7/o5x x -1 1",
        "x5o/7/7/7/7/7/o5x x +1 1",
        "x5o/7/7/7/7/7/o5x x 01 1",
        "x5o/7/7/7/7/7/o5x x 32768 1",
        "x5o/7/7/7/7/7/o5x x 0 0",
        "x5o/7/7/7/7/7/o5x x 0 1.5",
    ];
    const BAD_MOVES: &'static [&'static str] = &[
        "", "a", "a0", "a8", "h1", "A1", "g2 ", "b2b3", "a1a4", "a1c4", "a1a1", "a1b3c5", "0001",
        "pass", "a1-a3",
    ];

    fn state_error(error: &ataxx::FenError) -> (String, &'static str) {
        let category = match error.kind {
            FenErrorKind::Missing | FenErrorKind::ExtraWhitespace | FenErrorKind::ExtraField => {
                "fields"
            }
            FenErrorKind::OutOfRange => "range",
            _ => "syntax",
        };
        (field_name(error.field), category)
    }

    fn move_error(error: &ataxx::ParseMoveError) -> &'static str {
        match error {
            ataxx::ParseMoveError::LongHandSingle { .. } => "long-hand-clone",
            ataxx::ParseMoveError::JumpDistance { .. } => "jump-distance",
            _ => "syntax",
        }
    }

    fn rule(state: &Ataxx, mv: Move) -> Option<&'static str> {
        if state.is_legal(mv) {
            return None;
        }
        if state.game_over().is_some() {
            return Some("game-over");
        }
        let us = state.pieces(state.side_to_move());
        let free = |sq: Square| state.empty().contains(sq);
        Some(match mv {
            Move::Pass => "pass-while-moves-exist",
            Move::Single(to) | Move::Double { to, .. } if state.blocked().contains(to) => "blocked",
            Move::Single(to) | Move::Double { to, .. } if !free(to) => "occupied",
            Move::Single(_) => "no-own-stone-adjacent",
            Move::Double { from, .. } if !us.contains(from) => "not-own-stone",
            Move::Double { .. } => "not-legal",
        })
    }

    fn illegal_moves(state: &Ataxx, _siblings: &[Ataxx]) -> Vec<(Move, &'static str)> {
        let mut found = Vec::new();
        if state.game_over().is_some() {
            return found;
        }
        let us = state.pieces(state.side_to_move());
        let them = state.pieces(match state.side_to_move() {
            Color::X => Color::O,
            Color::O => Color::X,
        });
        let near_us = |sq: Square| !(Bitboard::neighbours(sq) & us).is_empty();
        // The first square of each kind, in square order.
        let first = |wanted: &dyn Fn(Square) -> bool| Square::all().find(|&sq| wanted(sq));
        let mut push = |mv: Move| {
            if let Some(rule) = Self::rule(state, mv) {
                found.push((mv, rule));
            }
        };
        if let Some(to) = first(&|sq| them.contains(sq) && near_us(sq)) {
            push(Move::Single(to));
        }
        if let Some(to) = first(&|sq| state.blocked().contains(sq) && near_us(sq)) {
            push(Move::Single(to));
        }
        if let Some(to) = first(&|sq| state.empty().contains(sq) && !near_us(sq)) {
            push(Move::Single(to));
        }
        let jump_from = |from: &dyn Fn(Square) -> bool| {
            Square::all().filter(|&sq| from(sq)).find_map(|sq| {
                (Bitboard::jumps(sq) & state.empty())
                    .next()
                    .and_then(|to| Move::double(sq, to))
            })
        };
        if let Some(mv) = jump_from(&|sq| !us.contains(sq)) {
            push(mv);
        }
        if let Some(mv) = Square::all().filter(|&sq| us.contains(sq)).find_map(|sq| {
            (Bitboard::jumps(sq) & state.blocked())
                .next()
                .and_then(|to| Move::double(sq, to))
        }) {
            push(mv);
        }
        push(Move::Pass);
        found
    }
}

impl Refusals for thax::Thax {
    const BAD_STATES: &'static [&'static str] = &[
        "",
        "00000/00000 oH01 0",
        "00000/00000 oH01 0 0 0",
        "00000/00000  oH01 0 0",
        "00000 oH01 0 0",
        "0000/00000 r0 0 0",
        "000000/00000 r0 0 0",
        "00004/00000 r0 0 0",
        "0000a/00000 r0 0 0",
        "00000/00000 q0 0 0",
        "00000/00000 r2 0 0",
        "00000/00000 m0:7-1 0 0",
        "00000/00000 r0 x 0",
        "00000/00000 r0 0 -1",
        "33333/00000 r1 0 9",
    ];
    const BAD_MOVES: &'static [&'static str] = &[
        "",
        "place",
        "place 0 1",
        "place 6 1",
        "place 1 2 3",
        "sum 1",
        "sum 11",
        "take 3-4",
        "take 0>1",
        "thax 0",
        "thax 11",
        "pass 1",
        "PASS",
        "place  1 2",
    ];
    const BAD_OUTCOMES: &'static [&'static str] = &["", "1", "0-1", "1-7", "1-2-3", "12", "a-b"];

    fn state_error(error: &thax::ParseThaxError) -> (String, &'static str) {
        use thax::ParseThaxError as E;
        let (field, category) = match error {
            E::FieldCount { .. } => ("fields", "fields"),
            E::Sides { .. } | E::SideLength { .. } => ("sides", "syntax"),
            E::Count { .. } => ("sides", "range"),
            E::Phase { .. } => ("phase", "syntax"),
            E::Pot { .. } => ("pot", "syntax"),
            E::Rolls { .. } => ("rolls", "syntax"),
            E::Inconsistent { .. } => ("position", "impossible"),
            _ => ("position", "syntax"),
        };
        (field.into(), category)
    }
}

impl Refusals for parchis::Parchis {
    const BAD_STATES: &'static [&'static str] = &[
        "",
        "n,n,n,n/n,n,n,n/n,n,n,n/n,n,n,n rY s0 l- f- e-",
        "n,n,n,n/n,n,n,n/n,n,n,n/n,n,n,n rY s0 l- f- e- n0 n0",
        "n,n,n,n/n,n,n,n/n,n,n,n/n,n,n,n  rY s0 l- f- e- n0",
        "n,n,n/n,n,n,n/n,n,n,n/n,n,n,n rY s0 l- f- e- n0",
        "n,n,n,n/n,n,n,n/n,n,n,n rY s0 l- f- e- n0",
        "n,n,n,69/n,n,n,n/n,n,n,n/n,n,n,n rY s0 l- f- e- n0",
        "n,n,n,h8/n,n,n,n/n,n,n,n/n,n,n,n rY s0 l- f- e- n0",
        "n,n,n,n/n,n,n,n/n,n,n,n/n,n,n,n qY s0 l- f- e- n0",
        "n,n,n,n/n,n,n,n/n,n,n,n/n,n,n,n rZ s0 l- f- e- n0",
        "n,n,n,n/n,n,n,n/n,n,n,n/n,n,n,n mY7 s0 l- f- e- n0",
        "n,n,n,n/n,n,n,n/n,n,n,n/n,n,n,n rY s3 l- f- e- n0",
        "n,n,n,n/n,n,n,n/n,n,n,n/n,n,n,n rY s0 l- f- e- nx",
        "n,n,n,n/n,n,n,n/n,n,n,n/n,n,n,n rY s0 l7 f- e- n0",
    ];
    const BAD_MOVES: &'static [&'static str] = &[
        "", "in", "12", "12+", "+5", "12+0", "69+1", "h8+1", "OUT", "12 +5", "pass 1",
    ];
    const BAD_OUTCOMES: &'static [&'static str] = &["", "0", "7", "1-2", "six"];

    fn state_error(error: &parchis::NotationError) -> (String, &'static str) {
        use parchis::NotationError as E;
        match error {
            E::Config(_) => ("config".into(), "config"),
            E::FieldCount { .. } => ("fields".into(), "fields"),
            E::Field { name, .. } => (field_name(name), "syntax"),
            E::Pieces { .. } => ("pieces".into(), "syntax"),
            E::Position { .. } => ("position".into(), "impossible"),
            _ => ("position".into(), "syntax"),
        }
    }
}

impl Refusals for co_ca_ngua::CoCaNgua {
    const BAD_STATES: &'static [&'static str] = &[
        "",
        "0,0/0,0 r0 t0.0",
        "0,0/0,0 r0 t0.0 n0 n0",
        "0,0/0,0  r0 t0.0 n0",
        "0/0,0 r0 t0.0 n0",
        "0,0 r0 t0.0 n0",
        "0,99/0,0 r0 t0.0 n0",
        "0,x/0,0 r0 t0.0 n0",
        "0,0/0,0 q0 t0.0 n0",
        "0,0/0,0 r2 t0.0 n0",
        "0,0/0,0 m09 t0.0 n0",
        "0,0/0,0 r0 t9.0 n0",
        "0,0/0,0 r0 t0 n0",
        "0,0/0,0 r0 t0.0 nx",
    ];
    const BAD_MOVES: &'static [&'static str] = &[
        "", "exit 1", "EXIT", "12", "12>", ">3", "99>3", "12>x", "pass 1", "12 >3",
    ];
    const BAD_OUTCOMES: &'static [&'static str] = &["", "0", "7", "1-2-3", "six"];

    fn state_error(error: &co_ca_ngua::ParseStateError) -> (String, &'static str) {
        use co_ca_ngua::StateField as F;
        let category = match error.field {
            F::Fields => "fields",
            F::Config => "config",
            F::Position => "impossible",
            _ => "syntax",
        };
        (field_name(error.field), category)
    }
}

/// The notation records of `G`: states, moves and chance outcomes the parsers must refuse.
///
/// # Errors
/// The library accepts one of them (the list is wrong, or the parser changed).
fn notation_records<G: Refusals>(config: &G::Config) -> Result<Vec<Value>, CliError> {
    let accepted = |what: &str, text: &str| {
        CliError::Data(format!(
            "the library accepts the {what} {}, listed as one to refuse",
            boardgame_io::quote(text)
        ))
    };
    let mut records = Vec::new();
    for text in G::BAD_STATES {
        if G::from_notation(text, config).is_ok() {
            return Err(accepted("state", text));
        }
        if let Err(e) = G::from_notation(text, config) {
            let (field, error) = G::state_error(&e);
            records.push(json!({
                "refuse": "state", "text": text, "field": field, "error": error,
                "message": e.to_string(),
            }));
        }
    }
    for text in G::BAD_MOVES {
        if G::Move::from_str(text).is_ok() {
            return Err(accepted("move", text));
        }
        if let Err(e) = G::Move::from_str(text) {
            records.push(json!({
                "refuse": "move", "text": text, "error": G::move_error(&e), "message": e.to_string(),
            }));
        }
    }
    for text in G::BAD_OUTCOMES {
        if G::Chance::from_str(text).is_ok() {
            return Err(accepted("chance outcome", text));
        }
        if let Err(e) = G::Chance::from_str(text) {
            records.push(json!({
                "refuse": "outcome", "text": text, "error": "syntax", "message": e.to_string(),
            }));
        }
    }
    Ok(records)
}

/// The illegal-move records of `G`: from the states of seeded games (seed 1), up to
/// [`PER_RULE`] per rule, in the order they are met.
fn illegal_records<G: Refusals>(config: &G::Config) -> Vec<Value> {
    let mut taken: Vec<(&'static str, usize)> = Vec::new();
    let mut records = Vec::new();
    let Ok(initial) = G::new(config.clone()) else {
        return records;
    };
    let starts = if let Some(ataxx) = (&initial as &dyn std::any::Any).downcast_ref::<Ataxx>() {
        super::cases::ATAXX_LAYOUTS
            .iter()
            .filter_map(|fen| Ataxx::from_notation(fen, &ataxx.rules()).ok())
            .filter_map(|a| (Box::new(a) as Box<dyn std::any::Any>).downcast::<G>().ok())
            .map(|g| *g)
            .chain([initial.clone()])
            .collect()
    } else {
        vec![initial]
    };
    for game in 0..GAMES {
        let mut rng = rng_from_seed(game_seed(1, game));
        let Some(start) = usize::try_from(game)
            .ok()
            .and_then(|g| starts.get(g % starts.len()))
        else {
            continue;
        };
        let mut state = start.clone();
        let mut last_decision: Option<G> = None;
        for event in 0..MAX_EVENTS {
            // Every seventh state, so the records spread over the game.
            let siblings = match state.turn() {
                Turn::Chance => children(&state),
                _ => Vec::new(),
            };
            if event % 7 == 3 {
                for (mv, rule) in G::illegal_moves(&state, &siblings) {
                    offer_one(&mut taken, &mut records, &state, mv, rule);
                }
            }
            if state.turn() == Turn::Terminal {
                // A move of the last decision, after the end.
                if let Some(mv) = last_decision
                    .as_ref()
                    .and_then(|d| d.legal_moves_vec().into_iter().next())
                    && let Some(rule) = G::rule(&state, mv)
                {
                    offer_one(&mut taken, &mut records, &state, mv, rule);
                }
                break;
            }
            if matches!(state.turn(), Turn::Player(_)) {
                last_decision = Some(state.clone());
            }
            let parent = state.clone();
            if !super::generate::step(&mut state, &mut |n| below(&mut rng, n)) {
                break;
            }
            // A decision reached by a roll: the other rolls' moves are not this roll's.
            if parent.turn() == Turn::Chance && event % 7 == 2 {
                for (mv, rule) in G::illegal_moves(&state, &children(&parent)) {
                    offer_one(&mut taken, &mut records, &state, mv, rule);
                }
            }
        }
    }
    records
}

/// Adds one illegal-move record if its rule has room.
fn offer_one<G: Game>(
    taken: &mut Vec<(&'static str, usize)>,
    records: &mut Vec<Value>,
    state: &G,
    mv: G::Move,
    rule: &'static str,
) {
    let count = match taken.iter().position(|(r, _)| *r == rule) {
        Some(i) => i,
        None => {
            taken.push((rule, 0));
            taken.len() - 1
        }
    };
    let record = json!({
        "refuse": "illegal", "state": state.to_string(), "move": mv.to_string(), "rule": rule,
    });
    if taken[count].1 < PER_RULE && !records.contains(&record) {
        taken[count].1 += 1;
        records.push(record);
    }
}

/// Every negative record of `G` under `config`: the notations, then the illegal moves.
///
/// # Errors
/// A notation listed as one to refuse is accepted.
pub(crate) fn records<G: Refusals>(config: &G::Config) -> Result<Vec<Value>, CliError> {
    let mut records = notation_records::<G>(config)?;
    records.extend(illegal_records::<G>(config));
    Ok(records)
}

/// Checks one negative record: the library refuses the text with the same field and
/// category, or finds the move illegal for the rule given.
///
/// # Errors
/// What differs, short.
pub(crate) fn check_record<G: Refusals>(config: &G::Config, record: &Value) -> Result<(), String> {
    let quote = |v: &Value| {
        v.as_str()
            .map_or_else(|| v.to_string(), |s| boardgame_io::quote(s).to_string())
    };
    let text = record["text"].as_str();
    match record["refuse"].as_str().unwrap_or_default() {
        "state" => {
            let text = text.ok_or("no \"text\"")?;
            let Err(e) = G::from_notation(text, config) else {
                return Err(format!(
                    "the library accepts the state {}",
                    boardgame_io::quote(text)
                ));
            };
            let (field, error) = G::state_error(&e);
            if record["field"] != field.as_str() || record["error"] != error {
                return Err(format!(
                    "field {} error {}, the library's are {field} {error}",
                    quote(&record["field"]),
                    quote(&record["error"])
                ));
            }
        }
        "move" => {
            let text = text.ok_or("no \"text\"")?;
            let Err(e) = G::Move::from_str(text) else {
                return Err(format!(
                    "the library accepts the move {}",
                    boardgame_io::quote(text)
                ));
            };
            if record["error"] != G::move_error(&e) {
                return Err(format!(
                    "error {}, the library's is {}",
                    quote(&record["error"]),
                    G::move_error(&e)
                ));
            }
        }
        "outcome" => {
            let text = text.ok_or("no \"text\"")?;
            if G::Chance::from_str(text).is_ok() {
                return Err(format!(
                    "the library accepts the outcome {}",
                    boardgame_io::quote(text)
                ));
            }
        }
        "illegal" => {
            let state_text = record["state"].as_str().ok_or("no \"state\"")?;
            let state = G::from_notation(state_text, config).map_err(|e| {
                format!(
                    "the library refuses the state {}: {}",
                    boardgame_io::quote(state_text),
                    boardgame_io::quote(&e.to_string())
                )
            })?;
            let mv_text = record["move"].as_str().ok_or("no \"move\"")?;
            let mv = G::Move::from_str(mv_text).map_err(|e| {
                format!(
                    "the library refuses the move {}: {e}",
                    boardgame_io::quote(mv_text)
                )
            })?;
            match G::rule(&state, mv) {
                None => {
                    return Err(format!("{} is legal here", boardgame_io::quote(mv_text)));
                }
                Some(rule) if record["rule"] != rule => {
                    return Err(format!(
                        "rule {}, the library's is {rule}",
                        quote(&record["rule"])
                    ));
                }
                Some(_) => {}
            }
        }
        other => return Err(format!("unknown refusal {}", boardgame_io::quote(other))),
    }
    Ok(())
}
