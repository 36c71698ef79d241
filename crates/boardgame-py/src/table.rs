//! The game-independent interface the Python classes hold: [`AnyGame`] (a game under one
//! configuration) and [`AnyState`] (a state with its record), implemented once for every
//! [`PyGame`] by [`GameOf`] and [`Live`]. Every rule comes from the rules crate through
//! [`Game`]; this layer only translates ids and text.

use core::any::Any;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use boardgame_core::settings::configure;
use boardgame_core::{Configure, Event, Record, RecordLine, Seat, Turn};
use boardgame_search::Evaluator;
use boardgame_search::bots::{MAX_DEPTH, MAX_NODES};
use boardgame_search::expectimax::{Expectimax, ExpectimaxLimits};

use crate::args::quoted;
use crate::bot::AnyBot;
use crate::games::{GAMES, PyGame, max_moves, with_game};
use crate::vector::{AnyVector, Fault, Opponent, Seating, VectorOf};

/// The longest preset name or move text looked at, in bytes: a longer one is refused with a
/// short quote before the rules crate's parser (whose message would quote it in full) sees it.
const MAX_WORD: usize = 64;

/// OpenSpiel's id of the chance player.
pub(crate) const CHANCE: i64 = -1;
/// OpenSpiel's id of the terminal "player".
pub(crate) const TERMINAL: i64 = -4;

/// Why a call was refused: the message becomes a Python `ValueError` (for bad text, the
/// rules crate's parser message).
pub(crate) type Refusal = String;

/// A search of a state, ready to run on another thread: the best action id, its value and
/// the nodes searched.
pub(crate) type SearchJob = Box<dyn FnOnce() -> (usize, f64, u64) + Send>;

/// A perft divide, ready to run on another thread: each root edge (a move in the game's
/// notation, or a chance outcome in brackets, `[3-5]`) with its count, in the rules crate's
/// order; `None` if the stop flag was raised between two root edges.
pub(crate) type DivideJob = Box<dyn FnOnce() -> Option<Vec<(String, u64)>> + Send>;

/// The deepest perft or divide from Python, in edges: `boardgame perft`'s bound (the walk
/// recurses once per edge, and no deeper count could end or fit a `u64`).
pub(crate) const MAX_PERFT_DEPTH: u32 = 64;

/// Who plays the seats the agent does not, in a batch of [`AnyGame::new_vector`].
#[derive(Clone, Copy, Debug)]
pub(crate) enum Rival<'a> {
    /// Nobody: the agent plays every seat.
    SelfPlay,
    /// The bot of `spec`, its own randomness seeded with `seed`.
    Bot { spec: &'a str, seed: u64 },
    /// The caller (a Python policy), asked for each of the opponent's moves.
    Caller,
}

/// The agent's seat against an opponent: one seat, or one drawn for each game.
#[derive(Clone, Copy, Debug)]
pub(crate) enum SeatChoice {
    Fixed(usize),
    Random,
}

/// A game under one configuration.
pub(crate) trait AnyGame: Send + Sync {
    fn name(&self) -> &'static str;
    /// The preset the configuration was built from, if any.
    fn preset(&self) -> Option<&str>;
    fn num_players(&self) -> usize;
    fn min_players(&self) -> usize;
    fn max_players(&self) -> usize;
    fn num_actions(&self) -> usize;
    fn num_chance_ids(&self) -> usize;
    fn observation_shape(&self) -> Vec<usize>;
    /// The most decisions (moves) of a game, if the rules bound it (OpenSpiel's
    /// `max_game_length`).
    fn max_moves(&self) -> Option<u64>;
    /// The most chance nodes of a game, if the rules bound it.
    fn max_chance_nodes(&self) -> Option<u64>;
    /// Every setting's current value, in the game's order.
    fn settings(&self) -> Vec<(String, String)>;
    /// The configuration as JSON (serde), which [`game_from_config`] reads back exactly.
    fn config_json(&self) -> String;
    fn new_state(self: Arc<Self>) -> Box<dyn AnyState>;
    fn parse_state(self: Arc<Self>, text: &str) -> Result<Box<dyn AnyState>, Refusal>;
    /// The state a record of this game (same rules) replays to, played under this game.
    fn replay(self: Arc<Self>, json: &str) -> Result<Box<dyn AnyState>, Refusal>;
    /// `seeds.len()` games, game `i` seeded with `seeds[i]`, the agent's opponent `rival`
    /// (at every seat but the agent's, which `seat` chooses); an illegal action of the agent
    /// forfeits the game with reward `forfeit` if given, and is refused otherwise.
    fn new_vector(
        &self,
        seeds: &[u64],
        rival: &Rival<'_>,
        seat: SeatChoice,
        forfeit: Option<f32>,
    ) -> Result<Box<dyn AnyVector>, Fault>;
    /// The bot of `spec` for this game.
    fn new_bot(&self, spec: &str, seed: u64) -> Result<Box<dyn AnyBot>, Refusal>;
}

/// A state of some game, with the record of how it was reached.
pub(crate) trait AnyState: Send + Sync {
    fn clone_box(&self) -> Box<dyn AnyState>;
    fn game(&self) -> Arc<dyn AnyGame>;
    /// Takes back the last event (by replaying the record without it), and returns who
    /// acted (a seat or [`CHANCE`]) and the event's id.
    fn undo(&mut self) -> Result<(i64, usize), Refusal>;
    fn current_player(&self) -> i64;
    /// Sorted action ids at a decision node, sorted chance ids at a chance node.
    fn legal_actions(&self) -> Vec<usize>;
    fn action_to_string(&self, id: usize) -> Result<String, Refusal>;
    fn move_to_string(&self, id: usize) -> Result<String, Refusal>;
    fn chance_to_string(&self, id: usize) -> Result<String, Refusal>;
    fn string_to_action(&self, text: &str) -> Result<usize, Refusal>;
    fn apply_action(&mut self, id: usize) -> Result<(), Refusal>;
    /// `(chance id, weight)` pairs in ascending id order and their total weight.
    fn chance_outcomes(&self) -> Option<(Vec<(usize, u32)>, u32)>;
    fn returns(&self) -> Vec<f64>;
    fn notation(&self) -> String;
    fn picture(&self) -> String;
    /// The board as an RGB picture (`crate::render`).
    fn draw(&self) -> crate::render::Canvas;
    /// The size of the action-id space.
    fn num_actions(&self) -> usize;
    /// The size of the chance-outcome id space.
    fn num_chance_ids(&self) -> usize;
    /// The shape of the observation tensor.
    fn observation_shape(&self) -> Vec<usize>;
    fn observe(&self, seat: usize, out: &mut [f32]) -> Result<(), Refusal>;
    fn record_json(&self) -> String;
    fn history(&self) -> Vec<String>;
    fn as_any(&self) -> &dyn Any;
    /// Expectimax to `depth` (and at most `nodes` nodes) at a decision node, ready to run on
    /// another thread, with the flag that stops it. The job returns the best action id, its
    /// value for the player to move in returns units (the search value over `bound + 1`),
    /// and the nodes.
    fn expectimax(
        &self,
        depth: u32,
        nodes: Option<u64>,
    ) -> Result<(SearchJob, Arc<AtomicBool>), Refusal>;
    /// The evaluator of expectimax for `seat`, in the same units (0 at the end).
    fn evaluate(&self, seat: usize) -> Result<f64, Refusal>;
    /// The perft divide of this state to `depth` (1 to [`MAX_PERFT_DEPTH`]), ready to run on
    /// another thread, with the flag that stops it between two root edges. Each root edge is
    /// counted by the rules crate's perft (`boardgame perft`'s count).
    fn divide(&self, depth: u32) -> Result<(DivideJob, Arc<AtomicBool>), Refusal>;
}

/// Game `G` under `config`, built from `preset` (if any).
pub(crate) struct GameOf<G: PyGame> {
    pub(crate) config: G::Config,
    pub(crate) preset: Option<String>,
}

/// A state of `G` and its record (the record replays to the state), under `game`.
pub(crate) struct Live<G: PyGame> {
    pub(crate) game: Arc<GameOf<G>>,
    pub(crate) state: G,
    pub(crate) record: Record<G>,
}

impl<G: PyGame> Clone for Live<G> {
    fn clone(&self) -> Self {
        Live {
            game: Arc::clone(&self.game),
            state: self.state.clone(),
            record: self.record.clone(),
        }
    }
}

/// Every setting's value under `config`, in the game's order.
fn settings_of<C: Configure>(config: &C) -> Vec<(String, String)> {
    C::SETTINGS
        .iter()
        .map(|s| (s.key.to_owned(), config.value(s.key).unwrap_or_default()))
        .collect()
}

fn message(e: impl core::fmt::Display) -> Refusal {
    e.to_string()
}

/// The configuration of `preset` and `settings` (`players` first, then the keys in
/// alphabetical order), checked by building the initial state.
fn config_of<G: PyGame>(
    players: Option<usize>,
    preset: Option<&str>,
    settings: &[(String, String)],
) -> Result<G::Config, Refusal> {
    let mut pairs: Vec<(String, String)> = settings.to_vec();
    if let Some(n) = players {
        if pairs.iter().any(|(k, _)| k == "players") {
            return Err("give the seat count once: players= or settings[\"players\"]".into());
        }
        pairs.push(("players".into(), n.to_string()));
    }
    pairs.sort_by(|a, b| (a.0 != "players", &a.0).cmp(&(b.0 != "players", &b.0)));
    let preset = preset.map(str::trim).filter(|p| !p.is_empty());
    if let Some(long) = preset.filter(|p| p.len() > MAX_WORD) {
        return Err(format!("unknown preset {} of {}", quoted(long), G::NAME));
    }
    let config: G::Config =
        configure(preset, pairs.iter().map(|(k, v)| (k.as_str(), v.as_str()))).map_err(message)?;
    G::new(config.clone()).map_err(message)?;
    Ok(config)
}

/// The game named `name` under that configuration.
pub(crate) fn new_game(
    name: &str,
    players: Option<usize>,
    preset: Option<&str>,
    settings: &[(String, String)],
) -> Result<Arc<dyn AnyGame>, Refusal> {
    with_game!(name, G => {
        let config = config_of::<G>(players, preset, settings)?;
        let preset = preset.map(str::trim).filter(|p| !p.is_empty()).map(str::to_owned);
        Ok(Arc::new(GameOf::<G> { config, preset }) as Arc<dyn AnyGame>)
    }, other => Err(unknown(other)))
}

/// The game named `name` under the configuration `json` (as [`AnyGame::config_json`] writes
/// it), labelled with `preset`.
pub(crate) fn game_from_config(
    name: &str,
    preset: Option<&str>,
    json: &str,
) -> Result<Arc<dyn AnyGame>, Refusal> {
    with_game!(name, G => game_of_config::<G>(preset, json), other => Err(unknown(other)))
}

fn game_of_config<G: PyGame>(
    preset: Option<&str>,
    json: &str,
) -> Result<Arc<dyn AnyGame>, Refusal> {
    let config: G::Config = serde_json::from_str(json)
        .map_err(|e| format!("not a configuration of {}: {e}", G::NAME))?;
    refuse_unknown_keys::<G>(json, &config)?;
    G::new(config.clone()).map_err(message)?;
    let preset = preset.map(str::to_owned);
    Ok(Arc::new(GameOf::<G> { config, preset }))
}

/// Refuses a key of the configuration `json` that the configuration read from it does not
/// have (serde skips unknown fields, so a misspelt or foreign key would be lost silently).
fn refuse_unknown_keys<G: PyGame>(json: &str, config: &G::Config) -> Result<(), Refusal> {
    let given: serde_json::Value = serde_json::from_str(json)
        .map_err(|e| format!("not a configuration of {}: {e}", G::NAME))?;
    let known = serde_json::to_value(config).map_err(message)?;
    let (Some(given), Some(known)) = (given.as_object(), known.as_object()) else {
        return Ok(());
    };
    match given.keys().find(|key| !known.contains_key(*key)) {
        Some(key) => Err(format!(
            "not a configuration of {}: unknown key {} (the keys are {})",
            G::NAME,
            quoted(key),
            known
                .keys()
                .map(String::as_str)
                .collect::<Vec<_>>()
                .join(", ")
        )),
        None => Ok(()),
    }
}

fn unknown(name: &str) -> Refusal {
    format!(
        "unknown game {}: the games are {}",
        quoted(name),
        GAMES.join(", ")
    )
}

/// A state from one line of the `boardgame` command's record JSON, replayed through the
/// checked API.
pub(crate) fn from_record(json: &str) -> Result<Box<dyn AnyState>, Refusal> {
    let line = one_line(json)?;
    let header: serde_json::Value =
        serde_json::from_str(line).map_err(|e| format!("not a record: {e}"))?;
    let Some(name) = header.get("game").and_then(serde_json::Value::as_str) else {
        return Err(
            r#"not a record: expected {"game": NAME, "record": {"config": …, "events": […]}}"#
                .into(),
        );
    };
    with_game!(name, G => record_of::<G>(line), other => Err(unknown(other)))
}

fn record_of<G: PyGame>(line: &str) -> Result<Box<dyn AnyState>, Refusal> {
    let line: RecordLine<G> =
        serde_json::from_str(line).map_err(|e| format!("not a record of {}: {e}", G::NAME))?;
    let state = line.record.replay().map_err(|e| format!("record: {e}"))?;
    let game = Arc::new(GameOf::<G> {
        config: line.record.config.clone(),
        preset: None,
    });
    Ok(game.live(state, line.record))
}

/// The one record line of `json`.
fn one_line(json: &str) -> Result<&str, Refusal> {
    let lines: Vec<&str> = json.lines().filter(|l| !l.trim().is_empty()).collect();
    match lines.as_slice() {
        [line] => Ok(line),
        [] => Err("no record: the text is empty".into()),
        many => Err(format!(
            "one record at a time: this text has {} lines",
            many.len()
        )),
    }
}

impl<G: PyGame> GameOf<G> {
    fn live(self: Arc<Self>, state: G, record: Record<G>) -> Box<dyn AnyState> {
        Box::new(Live {
            game: self,
            state,
            record,
        })
    }
}

impl<G: PyGame> AnyGame for GameOf<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn preset(&self) -> Option<&str> {
        self.preset.as_deref()
    }

    fn num_players(&self) -> usize {
        G::new(self.config.clone())
            .expect("checked when the game was made")
            .num_seats()
    }

    fn min_players(&self) -> usize {
        G::MIN_SEATS
    }

    fn max_players(&self) -> usize {
        G::MAX_SEATS
    }

    fn num_actions(&self) -> usize {
        G::num_actions(&self.config)
    }

    fn num_chance_ids(&self) -> usize {
        G::num_chance_ids(&self.config)
    }

    fn observation_shape(&self) -> Vec<usize> {
        G::observation_shape(&self.config)
    }

    fn max_moves(&self) -> Option<u64> {
        max_moves::<G>(&self.config)
    }

    fn max_chance_nodes(&self) -> Option<u64> {
        G::max_chance_nodes(&self.config)
    }

    fn settings(&self) -> Vec<(String, String)> {
        settings_of(&self.config)
    }

    fn config_json(&self) -> String {
        serde_json::to_string(&self.config).expect("configurations serialise")
    }

    fn new_state(self: Arc<Self>) -> Box<dyn AnyState> {
        let state = G::new(self.config.clone()).expect("checked when the game was made");
        let record = Record::new(self.config.clone());
        self.live(state, record)
    }

    fn parse_state(self: Arc<Self>, text: &str) -> Result<Box<dyn AnyState>, Refusal> {
        let state = G::from_notation(text.trim(), &self.config).map_err(message)?;
        let record = Record::starting_from(&state);
        Ok(self.live(state, record))
    }

    fn replay(self: Arc<Self>, json: &str) -> Result<Box<dyn AnyState>, Refusal> {
        let line: RecordLine<G> = serde_json::from_str(one_line(json)?)
            .map_err(|e| format!("not a record of {}: {e}", G::NAME))?;
        if settings_of(&line.record.config) != settings_of(&self.config) {
            return Err(format!(
                "the record was played under other rules than this game ({})",
                G::NAME
            ));
        }
        let state = line.record.replay().map_err(|e| format!("record: {e}"))?;
        Ok(self.live(state, line.record))
    }

    fn new_vector(
        &self,
        seeds: &[u64],
        rival: &Rival<'_>,
        seat: SeatChoice,
        forfeit: Option<f32>,
    ) -> Result<Box<dyn AnyVector>, Fault> {
        let seats = self.num_players();
        let seating = match seat {
            SeatChoice::Random => Seating::Random,
            SeatChoice::Fixed(seat) if seat < seats => Seating::Fixed(Seat::new(seat)),
            SeatChoice::Fixed(seat) => {
                return Err(Fault::Refused(format!(
                    "seat {seat} is not at the table (seats 0 to {})",
                    seats - 1
                )));
            }
        };
        let opponent = match *rival {
            Rival::SelfPlay => Opponent::SelfPlay,
            Rival::Bot { spec, seed } => {
                let bot = crate::bot::build_bot::<G>(spec, seats, seed)?;
                Opponent::Bot(bot, seating)
            }
            Rival::Caller => Opponent::Caller(seating),
        };
        let vector = VectorOf::<G>::new(self.config.clone(), seeds, opponent, forfeit)?;
        Ok(Box::new(vector))
    }

    fn new_bot(&self, spec: &str, seed: u64) -> Result<Box<dyn AnyBot>, Refusal> {
        crate::bot::build::<G>(spec, self.num_players(), seed)
    }
}

impl<G: PyGame> Live<G> {
    fn refuse_chance(&self) -> Refusal {
        format!("{} has no chance outcomes", G::NAME)
    }

    fn seat(&self, seat: usize) -> Result<Seat, Refusal> {
        if seat < self.state.num_seats() {
            Ok(Seat::new(seat))
        } else {
            Err(format!(
                "seat {seat} is not at the table (seats 0 to {})",
                self.state.num_seats() - 1
            ))
        }
    }

    fn chance_text(&self, id: usize) -> Result<String, Refusal> {
        let outcome = G::chance_of(id).ok_or_else(|| {
            if G::num_chance_ids(self.state.config()) == 0 {
                self.refuse_chance()
            } else {
                format!(
                    "{id} is not a chance outcome id of {} (0 to {})",
                    G::NAME,
                    G::num_chance_ids(self.state.config()) - 1
                )
            }
        })?;
        Ok(outcome.to_string())
    }

    fn move_of(&self, id: usize) -> Result<G::Move, Refusal> {
        let limit = self.state.action_space();
        if id >= limit {
            return Err(format!(
                "{id} is not an action id of {} (0 to {})",
                G::NAME,
                limit - 1
            ));
        }
        self.state
            .action_move(id)
            .ok_or_else(|| format!("action {id} names no move of {}", G::NAME))
    }
}

impl<G: PyGame> AnyState for Live<G> {
    fn clone_box(&self) -> Box<dyn AnyState> {
        Box::new(self.clone())
    }

    fn game(&self) -> Arc<dyn AnyGame> {
        Arc::clone(&self.game) as Arc<dyn AnyGame>
    }

    fn undo(&mut self) -> Result<(i64, usize), Refusal> {
        let mut record = self.record.clone();
        let Some(last) = record.events.pop() else {
            return Err(format!(
                "nothing to undo: no event since the start ({})",
                self.state
            ));
        };
        self.state = record
            .replay()
            .map_err(|e| format!("the record without its last event: {e}"))?;
        self.record = record;
        let id = match last {
            Event::Move(mv) => self.state.action_id(mv),
            Event::Chance(outcome) => G::chance_id(outcome),
        };
        Ok((self.current_player(), id))
    }

    fn current_player(&self) -> i64 {
        match self.state.turn() {
            Turn::Player(seat) => seat.index() as i64,
            Turn::Chance => CHANCE,
            Turn::Terminal => TERMINAL,
        }
    }

    fn legal_actions(&self) -> Vec<usize> {
        let mut ids: Vec<usize> = match self.state.turn() {
            Turn::Player(_) => self
                .state
                .legal_moves_vec()
                .into_iter()
                .map(|mv| self.state.action_id(mv))
                .collect(),
            Turn::Chance => self
                .chance_outcomes()
                .map(|(outcomes, _)| outcomes.into_iter().map(|(id, _)| id).collect())
                .unwrap_or_default(),
            Turn::Terminal => Vec::new(),
        };
        ids.sort_unstable();
        ids
    }

    fn action_to_string(&self, id: usize) -> Result<String, Refusal> {
        match self.state.turn() {
            Turn::Chance => self.chance_text(id),
            // Outside a decision node a move id is still named (as OpenSpiel does).
            _ => Ok(self.move_of(id)?.to_string()),
        }
    }

    fn move_to_string(&self, id: usize) -> Result<String, Refusal> {
        Ok(self.move_of(id)?.to_string())
    }

    fn chance_to_string(&self, id: usize) -> Result<String, Refusal> {
        self.chance_text(id)
    }

    fn string_to_action(&self, text: &str) -> Result<usize, Refusal> {
        let text = text.trim();
        if text.len() > MAX_WORD {
            return Err(format!(
                "not a move or dice of {}: {}",
                G::NAME,
                quoted(text)
            ));
        }
        match self.state.turn() {
            Turn::Chance => {
                let text = text
                    .strip_prefix('[')
                    .and_then(|t| t.strip_suffix(']'))
                    .unwrap_or(text);
                let outcome: G::Chance = text.parse().map_err(message)?;
                Ok(G::chance_id(outcome))
            }
            Turn::Player(_) => {
                let mv: G::Move = text.parse().map_err(message)?;
                if !self.state.is_legal(mv) {
                    return Err(format!("illegal move: {mv} in {}", self.state));
                }
                Ok(self.state.action_id(mv))
            }
            Turn::Terminal => Err(format!("the game is over: {}", self.state)),
        }
    }

    fn apply_action(&mut self, id: usize) -> Result<(), Refusal> {
        match self.state.turn() {
            Turn::Chance => {
                let outcome = G::chance_of(id)
                    .ok_or_else(|| format!("{id} is not a chance outcome id of {}", G::NAME))?;
                self.state
                    .apply_chance(outcome)
                    .map_err(|e| format!("{e}: [{outcome}] in {}", self.state))?;
                self.record.events.push(Event::Chance(outcome));
            }
            Turn::Player(_) => {
                let mv = self.move_of(id)?;
                self.state
                    .play(mv)
                    .map_err(|e| format!("{e}: {mv} (action {id}) in {}", self.state))?;
                self.record.events.push(Event::Move(mv));
            }
            Turn::Terminal => return Err(format!("the game is over: {}", self.state)),
        }
        Ok(())
    }

    fn chance_outcomes(&self) -> Option<(Vec<(usize, u32)>, u32)> {
        let dist = self.state.chance_outcomes()?;
        let mut outcomes: Vec<(usize, u32)> =
            dist.iter().map(|(c, w)| (G::chance_id(c), w)).collect();
        outcomes.sort_unstable();
        Some((outcomes, dist.total()))
    }

    fn returns(&self) -> Vec<f64> {
        match self.state.outcome() {
            Some(outcome) => outcome
                .returns()
                .as_slice()
                .iter()
                .map(|&r| f64::from(r))
                .collect(),
            None => vec![0.0; self.state.num_seats()],
        }
    }

    fn notation(&self) -> String {
        self.state.to_string()
    }

    fn picture(&self) -> String {
        format!("{:#}", self.state)
    }

    fn draw(&self) -> crate::render::Canvas {
        self.state.draw()
    }

    fn num_actions(&self) -> usize {
        self.state.action_space()
    }

    fn num_chance_ids(&self) -> usize {
        G::num_chance_ids(self.state.config())
    }

    fn observation_shape(&self) -> Vec<usize> {
        self.state.state_observation_shape()
    }

    fn observe(&self, seat: usize, out: &mut [f32]) -> Result<(), Refusal> {
        let seat = self.seat(seat)?;
        out.fill(0.0);
        self.state.observe(seat, out);
        Ok(())
    }

    fn record_json(&self) -> String {
        let line = RecordLine::new(self.record.clone(), None);
        serde_json::to_string(&line).expect("records serialise")
    }

    fn history(&self) -> Vec<String> {
        self.record.events.iter().map(ToString::to_string).collect()
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn expectimax(
        &self,
        depth: u32,
        nodes: Option<u64>,
    ) -> Result<(SearchJob, Arc<AtomicBool>), Refusal> {
        if self.state.turn().seat().is_none() {
            return Err(format!(
                "expectimax searches decision nodes only: {}",
                self.state
            ));
        }
        // The bounds of `boardgame-search`'s specs: the search recurses once per ply (a long
        // search is stopped by Ctrl-C, see `wait`).
        if depth > MAX_DEPTH {
            return Err(format!("depth {depth}: at most {MAX_DEPTH}"));
        }
        if let Some(n) = nodes.filter(|&n| n == 0 || n > MAX_NODES) {
            return Err(format!("nodes={n}: from 1 to {MAX_NODES}"));
        }
        let evaluator = G::Eval::default();
        let scale = f64::from(evaluator.bound()) + 1.0;
        let mut search = Expectimax::new(evaluator);
        let stop = search.stop_flag();
        let state = self.state.clone();
        let limits = ExpectimaxLimits { depth, nodes };
        let job: SearchJob = Box::new(move || {
            let report = search.search(&state, &limits);
            (
                state.action_id(report.best),
                report.value / scale,
                report.nodes,
            )
        });
        Ok((job, stop))
    }

    fn divide(&self, depth: u32) -> Result<(DivideJob, Arc<AtomicBool>), Refusal> {
        if !(1..=MAX_PERFT_DEPTH).contains(&depth) {
            return Err(format!(
                "depth {depth}: a divide goes from 1 to {MAX_PERFT_DEPTH} edges deep"
            ));
        }
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let state = self.state.clone();
        let job: DivideJob = Box::new(move || {
            // The root's edges and their children, as `boardgame perft --divide` lists them.
            let children: Vec<(String, G)> = match state.turn() {
                Turn::Terminal => Vec::new(),
                Turn::Player(_) => state
                    .legal_moves_vec()
                    .into_iter()
                    .map(|mv| {
                        let mut child = state.clone();
                        child.play_unchecked(mv);
                        (mv.to_string(), child)
                    })
                    .collect(),
                Turn::Chance => state
                    .chance_outcomes()
                    .map(|dist| {
                        dist.iter()
                            .map(|(c, _)| {
                                let mut child = state.clone();
                                child.apply_chance_unchecked(c);
                                (format!("[{c}]"), child)
                            })
                            .collect()
                    })
                    .unwrap_or_default(),
            };
            let mut counts = Vec::with_capacity(children.len());
            for (edge, child) in children {
                if flag.load(Ordering::Relaxed) {
                    return None;
                }
                counts.push((edge, child.perft(depth - 1)));
            }
            Some(counts)
        });
        Ok((job, stop))
    }

    fn evaluate(&self, seat: usize) -> Result<f64, Refusal> {
        let seat = self.seat(seat)?;
        if self.state.is_terminal() {
            return Ok(0.0);
        }
        let evaluator = G::Eval::default();
        let scale = f64::from(evaluator.bound()) + 1.0;
        Ok(f64::from(evaluator.evaluate(&self.state, seat)) / scale)
    }
}
