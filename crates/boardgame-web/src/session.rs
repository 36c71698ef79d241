//! A game in play: the state, its record, the seats (people or bots) and the seeded dice.
//!
//! [`Session`] is plain Rust (tested natively); [`crate::bindings`] only forwards it to
//! JavaScript. Its structured answers are JSON strings, the same ones JavaScript receives
//! (documented in `crates/boardgame-web/API.md`).

use core::fmt;

use boardgame_core::driver::{ChaCha8Rng, game_seed, rng_from_seed, sample};
use boardgame_core::settings::configure;
use boardgame_core::{Configure, Event, Game, Record, RecordLine, Seat, Turn};
use boardgame_io::{clip, quote};
use boardgame_search::bots::{Bot, BotSpec, build};
use serde_json::{Map, Value, json};

use crate::games::WebGame;

/// Why a call was refused: the message is what JavaScript's `Error` says (for a bad move,
/// state or record, the rules crate's parser message). The session is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebError(pub String);

impl fmt::Display for WebError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl core::error::Error for WebError {}

fn error(message: impl fmt::Display) -> WebError {
    WebError(message.to_string())
}

/// The largest seed JavaScript can pass exactly (`Number.MAX_SAFE_INTEGER`).
pub const MAX_SEED: u64 = (1 << 53) - 1;

/// A seed given as a JavaScript number: a whole number `0..=MAX_SEED`.
///
/// # Errors
/// [`WebError`] for a fraction, a negative number, NaN or one above [`MAX_SEED`].
pub fn seed_from_number(value: f64) -> Result<u64, WebError> {
    if value.is_finite() && value.fract() == 0.0 && (0.0..=MAX_SEED as f64).contains(&value) {
        Ok(value as u64)
    } else {
        Err(error(format!(
            "the seed must be a whole number from 0 to {MAX_SEED}, not {value}"
        )))
    }
}

/// A seat given as a JavaScript number: a whole number from 0 (whether the table has that
/// seat is checked by the call). JavaScript's own conversion would wrap `2**32 + 1` to 1 and
/// turn `NaN` or `0.9` into 0.
///
/// # Errors
/// [`WebError`] for a fraction, a negative number, NaN, or a number of 2^32 or more.
pub fn seat_from_number(value: f64) -> Result<usize, WebError> {
    if value.is_finite() && value.fract() == 0.0 && (0.0..4_294_967_296.0).contains(&value) {
        Ok(value as usize)
    } else {
        Err(error(format!(
            "a seat is a whole number from 0 (seats 0 to 3 at most), not {value}"
        )))
    }
}

/// Runs `$body` with `$G` bound to the game named `$name`, or returns an error naming the
/// games.
macro_rules! with_game {
    ($name:expr, $G:ident => $body:expr) => {
        match $name {
            "ataxx" => {
                type $G = ataxx::Ataxx;
                $body
            }
            "thax" => {
                type $G = thax::Thax;
                $body
            }
            "parchis" => {
                type $G = parchis::Parchis;
                $body
            }
            "co-ca-ngua" => {
                type $G = co_ca_ngua::CoCaNgua;
                $body
            }
            other => Err(error(format!(
                "unknown game {}: the games are {}",
                quote(other),
                crate::catalog::GAMES.join(", ")
            ))),
        }
    };
}

/// One game in play, of any game.
pub struct Session {
    table: Box<dyn Table>,
}

impl fmt::Debug for Session {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Session")
            .field("game", &self.table.game())
            .field("state", &self.table.state())
            .finish()
    }
}

impl Session {
    /// A new game of `game` under `preset` (`""`: the default configuration) and the settings
    /// in `settings_json` (a JSON object of strings; `""` for none), dice and bots seeded with
    /// `seed`. Every seat starts as a person.
    ///
    /// # Errors
    /// An unknown game, preset or setting, a bad value or an unplayable configuration.
    pub fn new(
        game: &str,
        preset: &str,
        settings_json: &str,
        seed: u64,
    ) -> Result<Session, WebError> {
        with_game!(game, G => Session::start::<G>(preset, settings_json, seed))
    }

    /// A game starting from the state notation `state` under that configuration.
    ///
    /// # Errors
    /// As [`Session::new`], and the notation parser's message for a bad state.
    pub fn from_state(
        game: &str,
        preset: &str,
        settings_json: &str,
        state: &str,
        seed: u64,
    ) -> Result<Session, WebError> {
        with_game!(game, G => Session::start_from::<G>(preset, settings_json, state, seed))
    }

    /// A game from a record in the command's JSON (one line of `boardgame simulate
    /// --records`, a `boardgame play --save` file, or [`Session::record`]), replayed through
    /// the checked API. Its seed (0 if it has none) seeds the dice and bots from here on.
    ///
    /// # Errors
    /// Not JSON, not a record, an unknown game, or the first illegal event.
    pub fn from_record(json: &str) -> Result<Session, WebError> {
        let line = one_line(json)?;
        let header: Value = serde_json::from_str(line)
            .map_err(|e| error(format!("not a record: {}", clip(&e.to_string()))))?;
        let Some(game) = header.get("game").and_then(Value::as_str) else {
            return Err(error(
                r#"not a record: expected {"game": NAME, "record": {"config": …, "events": […]}}"#,
            ));
        };
        with_game!(game, G => Session::replay::<G>(line))
    }

    fn start<G: WebGame>(
        preset: &str,
        settings_json: &str,
        seed: u64,
    ) -> Result<Session, WebError> {
        let config: G::Config = config(preset, settings_json)?;
        let state = G::new(config.clone()).map_err(error)?;
        Ok(Session::of(Play::new(Record::new(config), state, seed)))
    }

    fn start_from<G: WebGame>(
        preset: &str,
        settings_json: &str,
        state: &str,
        seed: u64,
    ) -> Result<Session, WebError> {
        let config: G::Config = config(preset, settings_json)?;
        let state = G::from_notation(state.trim(), &config).map_err(error)?;
        Ok(Session::of(Play::new(
            Record::starting_from(&state),
            state,
            seed,
        )))
    }

    fn replay<G: WebGame>(line: &str) -> Result<Session, WebError> {
        let (line, state) = replayed::<G>(line)?;
        Ok(Session::of(Play::new(
            line.record,
            state,
            line.seed.unwrap_or(0),
        )))
    }

    fn of<G: WebGame>(play: Play<G>) -> Session {
        Session {
            table: Box::new(play),
        }
    }

    /// Seats `who` at `seat`: `"human"` or a bot spec (`greedy`, `mcts:iters=200`, …).
    ///
    /// # Errors
    /// A seat not at the table, a bad spec, a time limit, or alpha-beta where it does not
    /// apply.
    pub fn set_seat(&mut self, seat: usize, who: &str) -> Result<(), WebError> {
        self.table.set_seat(seat, who)
    }

    /// What sits at `seat`: `"human"` or the bot's spec.
    ///
    /// # Errors
    /// A seat not at the table.
    pub fn seat(&self, seat: usize) -> Result<String, WebError> {
        self.table.seat(seat)
    }

    /// The game's name.
    #[must_use]
    pub fn game(&self) -> String {
        self.table.game().into()
    }

    /// The state notation.
    #[must_use]
    pub fn state(&self) -> String {
        self.table.state()
    }

    /// Who acts: `{"kind":"player","seat":0}`, `{"kind":"chance"}` or `{"kind":"terminal"}`.
    #[must_use]
    pub fn turn(&self) -> String {
        self.table.turn().to_string()
    }

    /// The legal moves as JSON, with the cells each touches.
    #[must_use]
    pub fn moves(&self) -> String {
        self.table.moves().to_string()
    }

    /// The drawing data as JSON.
    #[must_use]
    pub fn view(&self) -> String {
        self.table.view().to_string()
    }

    /// Plays the move written `notation`.
    ///
    /// # Errors
    /// The notation parser's message, or why the move is not legal here.
    pub fn play(&mut self, notation: &str) -> Result<(), WebError> {
        self.table.play(notation)
    }

    /// At a chance node: draws an outcome with its exact weight, applies it and returns its
    /// notation.
    ///
    /// # Errors
    /// Outside a chance node.
    pub fn roll(&mut self) -> Result<String, WebError> {
        self.table.roll()
    }

    /// At a bot's decision: the bot's move (not played).
    ///
    /// # Errors
    /// At a person's decision, or where no player is to move.
    pub fn bot_move(&mut self) -> Result<String, WebError> {
        self.table.bot_move()
    }

    /// At a bot's decision, for the bot worker: the bot's move (not played), its randomness
    /// drawn from a generator seeded with `seed` (not the session's, so that the move depends
    /// only on the position, the seat's bot and `seed`), as JSON `{"move": NOTATION, "work":
    /// N}`: `work` is the bot's search in this move (MCTS iterations, expectimax nodes; 0 for
    /// the bots that do not search).
    ///
    /// # Errors
    /// At a person's decision, or where no player is to move.
    pub fn think(&mut self, seed: u64) -> Result<String, WebError> {
        self.table
            .think(seed)
            .map(|(mv, work)| json!({"move": mv, "work": work}).to_string())
    }

    /// The seed the page passes to [`Session::think`] for the decision in hand: drawn from the
    /// session's seed and the number of events so far, so a game replayed with the same seed
    /// and the same moves asks every bot the same question with the same seed.
    #[must_use]
    pub fn move_seed(&self) -> u64 {
        self.table.move_seed()
    }

    /// Makes this session's game the one of `json` (a record of the same game, as
    /// [`Session::from_record`] takes it), keeping the seats and their bots: the bot worker
    /// keeps one session per table and brings it up to date before each move, so that the
    /// bots keep what they learnt (a search tree, a table) from one move to the next.
    ///
    /// # Errors
    /// As [`Session::from_record`], or a record of another game; the session is unchanged.
    pub fn sync(&mut self, json: &str) -> Result<(), WebError> {
        let line = one_line(json)?;
        self.table.sync(line)
    }

    /// One automatic event: a roll at a chance node, or a bot's move (played). Its text as in
    /// [`Session::history`], or `None` at a person's decision or the end.
    pub fn advance(&mut self) -> Option<String> {
        self.table.advance()
    }

    /// Back to just before the last move made at a person's seat, dropping every event after
    /// it. `false` (nothing changes) if there is none.
    pub fn undo(&mut self) -> bool {
        self.table.undo()
    }

    /// The events so far as a JSON array of text (chance outcomes in brackets).
    #[must_use]
    pub fn history(&self) -> String {
        json!(self.table.history()).to_string()
    }

    /// The record as one line of the command's JSON.
    #[must_use]
    pub fn record(&self) -> String {
        self.table.record()
    }

    /// The result in one line, at the end of the game.
    #[must_use]
    pub fn result(&self) -> Option<String> {
        self.table.result()
    }
}

/// The one record line of `json` (blank lines around it are allowed).
fn one_line(json: &str) -> Result<&str, WebError> {
    let lines: Vec<&str> = json.lines().filter(|l| !l.trim().is_empty()).collect();
    match lines.as_slice() {
        [line] => Ok(line),
        [] => Err(error("no record: the text is empty")),
        many => Err(error(format!(
            "one record at a time: this text has {} lines",
            many.len()
        ))),
    }
}

/// A record line of `G` read and replayed to its last state.
fn replayed<G: WebGame>(line: &str) -> Result<(RecordLine<G>, G), WebError> {
    let line: RecordLine<G> = serde_json::from_str(line).map_err(|e| {
        error(format!(
            "not a record of {}: {}",
            G::NAME,
            clip(&e.to_string())
        ))
    })?;
    let state = line
        .record
        .replay()
        .map_err(|e| error(format!("record: {e}")))?;
    Ok((line, state))
}

/// The configuration of `preset` and `settings_json`: `players` first, then the other keys
/// in alphabetical order.
fn config<C: Configure>(preset: &str, settings_json: &str) -> Result<C, WebError> {
    let mut settings: Vec<(String, String)> = Vec::new();
    if !settings_json.trim().is_empty() {
        let value: Value = serde_json::from_str(settings_json)
            .map_err(|e| error(format!("settings are not JSON: {}", clip(&e.to_string()))))?;
        let Value::Object(map) = value else {
            return Err(error(format!(
                "settings must be a JSON object of KEY: VALUE, not {}",
                clip(&value.to_string())
            )));
        };
        for (key, value) in map {
            let text = match value {
                Value::String(text) => text,
                Value::Number(n) => n.to_string(),
                Value::Bool(b) => b.to_string(),
                other => {
                    return Err(error(format!(
                        "setting {}: the value must be text, not {}",
                        quote(&key),
                        clip(&other.to_string())
                    )));
                }
            };
            settings.push((key, text));
        }
    }
    settings.sort_by(|a, b| (a.0 != "players", &a.0).cmp(&(b.0 != "players", &b.0)));
    let preset = Some(preset.trim()).filter(|p| !p.is_empty());
    configure(
        preset,
        settings.iter().map(|(k, v)| (k.as_str(), v.as_str())),
    )
    .map_err(error)
}

/// What a [`Session`] asks of the game in play, whatever its type.
trait Table {
    fn game(&self) -> &'static str;
    fn state(&self) -> String;
    fn turn(&self) -> Value;
    fn moves(&self) -> Value;
    fn view(&self) -> Value;
    fn set_seat(&mut self, seat: usize, who: &str) -> Result<(), WebError>;
    fn seat(&self, seat: usize) -> Result<String, WebError>;
    fn play(&mut self, notation: &str) -> Result<(), WebError>;
    fn roll(&mut self) -> Result<String, WebError>;
    fn bot_move(&mut self) -> Result<String, WebError>;
    fn think(&mut self, seed: u64) -> Result<(String, u64), WebError>;
    fn move_seed(&self) -> u64;
    fn sync(&mut self, line: &str) -> Result<(), WebError>;
    fn advance(&mut self) -> Option<String>;
    fn undo(&mut self) -> bool;
    fn history(&self) -> Vec<String>;
    fn record(&self) -> String;
    fn result(&self) -> Option<String>;
}

/// Who plays a seat.
enum Role<G: Game> {
    Human,
    Bot { spec: String, bot: Box<dyn Bot<G>> },
}

/// A game of `G` in play.
struct Play<G: WebGame> {
    record: Record<G>,
    state: G,
    seed: u64,
    rng: ChaCha8Rng,
    seats: Vec<Role<G>>,
    /// The number of events before each move made at a person's seat, oldest first.
    undo_points: Vec<usize>,
}

impl<G: WebGame> Play<G> {
    /// `state` is `record` replayed.
    fn new(record: Record<G>, state: G, seed: u64) -> Play<G> {
        let seats = (0..state.num_seats()).map(|_| Role::Human).collect();
        Play {
            record,
            state,
            seed,
            rng: rng_from_seed(seed),
            seats,
            undo_points: Vec::new(),
        }
    }

    fn seat_index(&self, seat: usize) -> Result<usize, WebError> {
        if seat < self.seats.len() {
            Ok(seat)
        } else {
            Err(error(format!(
                "seat {seat} is not at the table (seats 0 to {})",
                self.seats.len() - 1
            )))
        }
    }

    fn turn_json(turn: Turn) -> Value {
        match turn {
            Turn::Player(seat) => json!({"kind": "player", "seat": seat.index()}),
            Turn::Chance => json!({"kind": "chance"}),
            Turn::Terminal => json!({"kind": "terminal"}),
        }
    }

    fn status(&self) -> String {
        match self.state.turn() {
            Turn::Player(seat) => {
                let dice = self.state.dice().map_or_else(String::new, |dice| {
                    let faces: Vec<String> = dice.iter().map(u8::to_string).collect();
                    format!(" (dice {})", faces.join("-"))
                });
                format!("{} to move{dice}", self.state.seat_name(seat))
            }
            Turn::Chance => "dice to roll".into(),
            Turn::Terminal => self.result().unwrap_or_default(),
        }
    }

    fn push(&mut self, event: Event<G::Move, G::Chance>) {
        self.record.events.push(event);
    }
}

impl<G: WebGame> Table for Play<G> {
    fn game(&self) -> &'static str {
        G::NAME
    }

    fn state(&self) -> String {
        self.state.to_string()
    }

    fn turn(&self) -> Value {
        Self::turn_json(self.state.turn())
    }

    fn moves(&self) -> Value {
        let moves: Vec<Value> = self
            .state
            .legal_moves_vec()
            .into_iter()
            .map(|mv| {
                let cells = self.state.move_cells(mv);
                json!({
                    "notation": mv.to_string(),
                    "from": cells.from,
                    "to": cells.to,
                    "piece": cells.piece,
                    "cells": cells.cells,
                })
            })
            .collect();
        Value::Array(moves)
    }

    fn view(&self) -> Value {
        let seats: Vec<Value> = Seat::first(self.state.num_seats())
            .map(|seat| {
                json!({
                    "seat": seat.index(),
                    "name": self.state.seat_name(seat),
                    "colour": self.state.seat_colour(seat),
                })
            })
            .collect();
        let mut view = Map::new();
        view.insert("game".into(), json!(G::NAME));
        view.insert("turn".into(), self.turn());
        view.insert("seats".into(), Value::Array(seats));
        view.insert("dice".into(), json!(self.state.dice()));
        view.insert("status".into(), json!(self.status()));
        view.extend(self.state.board());
        Value::Object(view)
    }

    fn set_seat(&mut self, seat: usize, who: &str) -> Result<(), WebError> {
        let seat = self.seat_index(seat)?;
        let who = who.trim();
        self.seats[seat] = if who == "human" {
            Role::Human
        } else {
            let spec: BotSpec = who.parse().map_err(error)?;
            let own_seed = game_seed(self.seed, 1 + seat as u64);
            let bot = build::<G>(&spec, self.seats.len(), own_seed, None).map_err(error)?;
            Role::Bot {
                spec: who.into(),
                bot,
            }
        };
        Ok(())
    }

    fn seat(&self, seat: usize) -> Result<String, WebError> {
        Ok(match &self.seats[self.seat_index(seat)?] {
            Role::Human => "human".into(),
            Role::Bot { spec, .. } => spec.clone(),
        })
    }

    fn play(&mut self, notation: &str) -> Result<(), WebError> {
        let mv: G::Move = notation.trim().parse().map_err(error)?;
        let before = self.record.events.len();
        let seat = self.state.turn().seat();
        self.state
            .play(mv)
            .map_err(|e| error(format!("{e}: {mv} in {}", self.state)))?;
        self.push(Event::Move(mv));
        if seat.is_some_and(|s| matches!(self.seats[s.index()], Role::Human)) {
            self.undo_points.push(before);
        }
        Ok(())
    }

    fn roll(&mut self) -> Result<String, WebError> {
        let Some(dist) = self.state.chance_outcomes() else {
            return Err(error(format!("no dice to roll here: {}", self.turn())));
        };
        let outcome = sample(&dist, &mut self.rng);
        self.state.apply_chance(outcome).map_err(error)?;
        self.push(Event::Chance(outcome));
        Ok(outcome.to_string())
    }

    fn bot_move(&mut self) -> Result<String, WebError> {
        let Turn::Player(seat) = self.state.turn() else {
            return Err(error(format!("no player is to move here: {}", self.turn())));
        };
        let Role::Bot { bot, .. } = &mut self.seats[seat.index()] else {
            return Err(error(format!("seat {seat} is played by a person")));
        };
        let legal = self.state.legal_moves_vec();
        Ok(bot.choose(&self.state, &legal, &mut self.rng).to_string())
    }

    fn think(&mut self, seed: u64) -> Result<(String, u64), WebError> {
        let Turn::Player(seat) = self.state.turn() else {
            return Err(error(format!("no player is to move here: {}", self.turn())));
        };
        let Role::Bot { bot, .. } = &mut self.seats[seat.index()] else {
            return Err(error(format!("seat {seat} is played by a person")));
        };
        let legal = self.state.legal_moves_vec();
        let before = bot.work();
        let mv = bot.choose(&self.state, &legal, &mut rng_from_seed(seed));
        Ok((mv.to_string(), bot.work().saturating_sub(before)))
    }

    fn move_seed(&self) -> u64 {
        // Stream 2^32 and up: the seats' own bots take streams 1 + seat.
        game_seed(self.seed, (1 << 32) + self.record.events.len() as u64) & MAX_SEED
    }

    fn sync(&mut self, line: &str) -> Result<(), WebError> {
        let game = serde_json::from_str::<Value>(line).ok().and_then(|header| {
            header
                .get("game")
                .and_then(Value::as_str)
                .map(str::to_owned)
        });
        if let Some(game) = game.filter(|game| game != G::NAME) {
            return Err(error(format!(
                "a record of {} cannot update a game of {}",
                quote(&game),
                G::NAME
            )));
        }
        let (line, state) = replayed::<G>(line)?;
        self.record = line.record;
        self.state = state;
        self.seed = line.seed.unwrap_or(0);
        self.undo_points.clear();
        Ok(())
    }

    fn advance(&mut self) -> Option<String> {
        match self.state.turn() {
            Turn::Chance => self.roll().ok().map(|c| format!("[{c}]")),
            Turn::Player(seat) => {
                let Role::Bot { bot, .. } = &mut self.seats[seat.index()] else {
                    return None;
                };
                let legal = self.state.legal_moves_vec();
                let mv = bot.choose(&self.state, &legal, &mut self.rng);
                self.state.play(mv).ok()?;
                self.push(Event::Move(mv));
                Some(mv.to_string())
            }
            Turn::Terminal => None,
        }
    }

    fn undo(&mut self) -> bool {
        let Some(point) = self.undo_points.pop() else {
            return false;
        };
        self.record.events.truncate(point);
        self.state = self
            .record
            .replay()
            .expect("a prefix of a legal record replays");
        true
    }

    fn history(&self) -> Vec<String> {
        self.record.events.iter().map(ToString::to_string).collect()
    }

    fn record(&self) -> String {
        let line = RecordLine::new(self.record.clone(), Some(self.seed));
        serde_json::to_string(&line).expect("records serialise")
    }

    fn result(&self) -> Option<String> {
        let outcome = self.state.outcome()?;
        Some(outcome.describe(|seat| self.state.seat_name(seat)))
    }
}
