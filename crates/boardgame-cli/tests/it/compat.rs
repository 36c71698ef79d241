//! Notation and record compatibility: files written by an earlier version, read back by
//! this one (docs/releasing.md, "Version policy": a changed notation or record format is
//! breaking).
//!
//! `tests/compat/<version>/` holds what version `<version>` wrote, one directory per
//! breaking version (`0.1` for every 0.1.x), never rewritten; the tests read the directory
//! of the crate's version, so a breaking change fails them until the version is bumped and
//! the new version's files are written:
//!
//! - `<game>.txt`: seeded uniform-random games of each preset and player count, node by node:
//!   the state's notation, the legal moves (or the chance outcomes with their weights), the
//!   event played and the state after it (the middle of long games is skipped);
//! - `rules.txt`: each game's presets with the value of every setting, and the settings'
//!   keys and defaults;
//! - `records.jsonl`: the same games as the `boardgame` command writes them (`RecordLine`
//!   JSON: the game, the seed and the `Record`).
//!
//! The tests parse every state (and write it again: the notation is canonical), compare the
//! legal moves and chance outcomes, parse each move and outcome, play each event and compare
//! the state reached; they replay every record and serialize it again to the same text, and
//! build every preset again with the same settings. Files for a new version (after a
//! deliberate, version-bumped change) are written by
//! `BOARDGAME_COMPAT_WRITE=1 cargo test -p boardgame-cli --test it compat::write`, which refuses
//! to touch a version's directory that exists.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use ataxx::Ataxx;
use boardgame_core::driver::{UniformRandom, playout, rng_from_seed};
use boardgame_core::settings::Configure;
use boardgame_core::{Event, Game, Record, RecordLine, Turn};
use co_ca_ngua::CoCaNgua;
use parchis::Parchis;
use serde::Serialize;
use serde::de::DeserializeOwned;
use thax::Thax;

/// The seed of every game in the files.
const SEED: u64 = 47;
/// Games longer than this many events keep their first and last `KEPT / 2` events only.
const KEPT: usize = 120;
/// The most moves a stored game plays (Ataxx games can be long).
const MAX_PLIES: u64 = 2_000;
/// Between the moves of a `moves` line and the outcomes of a `chance` line (a Thax move
/// has spaces: `place 2 4`).
const SEPARATOR: &str = "; ";

fn compat_dir() -> PathBuf {
    [env!("CARGO_MANIFEST_DIR"), "tests", "compat"]
        .iter()
        .collect()
}

/// The directory of this version's files: `tests/compat/0.1` for every 0.1.x (the digits
/// that a breaking change bumps). Older versions' directories stay as a record; after a
/// deliberate breaking change and its version bump, the new version's files must be written.
fn current_dir() -> PathBuf {
    let version = env!("CARGO_PKG_VERSION");
    let mut digits = version.split('.');
    let major = digits.next().unwrap();
    let minor = digits.next().unwrap();
    let name = if major == "0" {
        format!("0.{minor}")
    } else {
        major.to_string()
    };
    compat_dir().join(name)
}

/// The directories the tests read (this version's), which must exist.
fn versions() -> Vec<PathBuf> {
    let dir = current_dir();
    assert!(
        dir.is_dir(),
        "{} is missing: after a version bump, write this version's files with \
         BOARDGAME_COMPAT_WRITE=1 cargo test -p boardgame-cli --test it compat::write",
        dir.display()
    );
    vec![dir]
}

/// What a game needs here: its configuration has presets and settings, and everything a
/// record holds has serde.
trait Compat: Game
where
    Self::Config: Configure + Serialize + DeserializeOwned,
    Self::Move: Serialize + DeserializeOwned,
    Self::Chance: Serialize + DeserializeOwned,
{
    /// The player counts to store games for.
    const PLAYERS: &'static [usize];
    /// Starting states other than the configuration's own (notation, under the default
    /// configuration), for notation the initial state never shows.
    const STARTS: &'static [&'static str] = &[];
}

impl Compat for Ataxx {
    const PLAYERS: &'static [usize] = &[2];
    const STARTS: &'static [&'static str] = &[
        "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1",
        "x5o/7/7/3-3/7/7/o5x o 37 12",
        "xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxx2/xxxxx1o o 0 40",
    ];
}

impl Compat for Thax {
    const PLAYERS: &'static [usize] = &[2];
}

impl Compat for Parchis {
    const PLAYERS: &'static [usize] = &[2, 3, 4];
}

impl Compat for CoCaNgua {
    const PLAYERS: &'static [usize] = &[2, 3, 4];
}

/// The games stored for `G`: a name (preset, players or start) and the record.
fn games<G: Compat>() -> Vec<(String, Record<G>)>
where
    G::Config: Configure + Serialize + DeserializeOwned,
    G::Move: Serialize + DeserializeOwned,
    G::Chance: Serialize + DeserializeOwned,
{
    let mut out = Vec::new();
    for preset in G::Config::PRESETS {
        for &players in G::PLAYERS {
            let mut config = G::Config::preset(preset.name).unwrap();
            if config.set("players", &players.to_string()).is_err() {
                continue;
            }
            let Ok(state) = G::new(config) else { continue };
            let game = playout(
                state,
                &mut UniformRandom,
                &mut rng_from_seed(SEED),
                MAX_PLIES,
            );
            out.push((
                format!("preset {} players {players}", preset.name),
                game.record,
            ));
        }
    }
    for start in G::STARTS {
        let state = G::from_notation(start, &G::Config::default()).unwrap();
        let game = playout(
            state,
            &mut UniformRandom,
            &mut rng_from_seed(SEED),
            MAX_PLIES,
        );
        out.push((format!("start {start}"), game.record));
    }
    out
}

/// The transcript of `G`'s stored games.
fn transcript<G: Compat>(games: &[(String, Record<G>)]) -> String
where
    G::Config: Configure + Serialize + DeserializeOwned,
    G::Move: Serialize + DeserializeOwned,
    G::Chance: Serialize + DeserializeOwned,
{
    let mut out = String::new();
    writeln!(
        out,
        "# {} {}: seeded uniform-random games (seed {SEED}) written by tests/it/compat.rs",
        G::NAME,
        env!("CARGO_PKG_VERSION")
    )
    .unwrap();
    for (name, record) in games {
        writeln!(out, "game {name}").unwrap();
        writeln!(
            out,
            "config {}",
            serde_json::to_string(&record.config).unwrap()
        )
        .unwrap();
        let mut state = record.start_state().unwrap();
        let n = record.events.len();
        for (i, event) in record.events.iter().enumerate() {
            let kept = n <= KEPT || i < KEPT / 2 || i >= n - KEPT / 2;
            if !kept {
                if i == KEPT / 2 {
                    writeln!(out, "skip {}", n - KEPT).unwrap();
                }
                apply(&mut state, event);
                continue;
            }
            if i == 0 || (n > KEPT && i == n - KEPT / 2) {
                writeln!(out, "state {state}").unwrap();
            }
            match state.turn() {
                Turn::Chance => {
                    let outcomes: Vec<String> = state
                        .chance_outcomes()
                        .unwrap()
                        .iter()
                        .map(|(c, w)| format!("{c}={w}"))
                        .collect();
                    writeln!(out, "chance {}", outcomes.join(SEPARATOR)).unwrap();
                }
                _ => {
                    let moves: Vec<String> = state
                        .legal_moves_vec()
                        .iter()
                        .map(ToString::to_string)
                        .collect();
                    writeln!(out, "moves {}", moves.join(SEPARATOR)).unwrap();
                }
            }
            writeln!(out, "play {}", event_text(event)).unwrap();
            apply(&mut state, event);
            writeln!(out, "state {state}").unwrap();
        }
        writeln!(out, "outcome {}", outcome_text(&state)).unwrap();
    }
    out
}

/// `ranks 1 0` (each seat's rank, 0 the best) for a finished game, `none` otherwise.
fn outcome_text<G: Game>(state: &G) -> String {
    match state.outcome() {
        Some(outcome) => {
            let ranks: Vec<String> = outcome
                .ranks()
                .as_slice()
                .iter()
                .map(ToString::to_string)
                .collect();
            format!("ranks {}", ranks.join(" "))
        }
        None => "none".to_string(),
    }
}

fn event_text<M: std::fmt::Display, C: std::fmt::Display>(event: &Event<M, C>) -> String {
    match event {
        Event::Move(m) => m.to_string(),
        Event::Chance(c) => c.to_string(),
    }
}

fn apply<G: Game>(state: &mut G, event: &Event<G::Move, G::Chance>) {
    match *event {
        Event::Move(m) => state.play(m).unwrap(),
        Event::Chance(c) => state.apply_chance(c).unwrap(),
    }
}

/// `rules.txt`'s part for `C`: the presets with every setting's value, then the settings.
fn rules_of<C: Configure>(game: &str) -> String {
    let mut out = String::new();
    for preset in C::PRESETS {
        let config = C::preset(preset.name).unwrap();
        let values: Vec<String> = C::SETTINGS
            .iter()
            .map(|s| format!("{}={}", s.key, config.value(s.key).unwrap()))
            .collect();
        writeln!(out, "preset {game} {} {}", preset.name, values.join(" ")).unwrap();
    }
    for setting in C::SETTINGS {
        writeln!(
            out,
            "setting {game} {} default={} values={}",
            setting.key, setting.default, setting.values
        )
        .unwrap();
    }
    out
}

/// The `RecordLine` JSON of each stored game.
fn record_lines<G: Compat>(games: &[(String, Record<G>)]) -> String
where
    G::Config: Configure + Serialize + DeserializeOwned,
    G::Move: Serialize + DeserializeOwned,
    G::Chance: Serialize + DeserializeOwned,
{
    let mut out = String::new();
    for (_, record) in games {
        let line = RecordLine::new(record.clone(), Some(SEED));
        writeln!(out, "{}", serde_json::to_string(&line).unwrap()).unwrap();
    }
    out
}

/// Writes the files of this version into a new directory.
#[test]
fn write() {
    if std::env::var_os("BOARDGAME_COMPAT_WRITE").is_none() {
        return;
    }
    let dir = current_dir();
    assert!(
        !dir.exists(),
        "{} exists: the files of a released version are never rewritten",
        dir.display()
    );
    std::fs::create_dir_all(&dir).unwrap();
    let (a, t, p, c) = (
        games::<Ataxx>(),
        games::<Thax>(),
        games::<Parchis>(),
        games::<CoCaNgua>(),
    );
    boardgame_io::scratch::write(dir.join("ataxx.txt"), transcript(&a));
    boardgame_io::scratch::write(dir.join("thax.txt"), transcript(&t));
    boardgame_io::scratch::write(dir.join("parchis.txt"), transcript(&p));
    boardgame_io::scratch::write(dir.join("co-ca-ngua.txt"), transcript(&c));
    let rules = rules_of::<ataxx::AtaxxConfig>("ataxx")
        + &rules_of::<thax::ThaxConfig>("thax")
        + &rules_of::<parchis::Config>("parchis")
        + &rules_of::<co_ca_ngua::Config>("co-ca-ngua");
    boardgame_io::scratch::write(dir.join("rules.txt"), rules);
    let records = record_lines(&a) + &record_lines(&t) + &record_lines(&p) + &record_lines(&c);
    boardgame_io::scratch::write(dir.join("records.jsonl"), records);
}

// ---------------------------------------------------------------------------------------------
// Reading back

/// Checks one game's transcript file; returns the number of states it checked.
fn check_transcript<G: Compat>(path: &Path) -> usize
where
    G::Config: Configure + Serialize + DeserializeOwned,
    G::Move: Serialize + DeserializeOwned,
    G::Chance: Serialize + DeserializeOwned,
{
    let text = boardgame_io::scratch::read_text(path);
    let where_ = |n: usize| format!("{}:{}", path.display(), n + 1);
    let mut config: Option<G::Config> = None;
    // The state the file's lines are about, and the one the last `play` reached.
    let mut state: Option<G> = None;
    let mut reached: Option<G> = None;
    let mut pending: Option<Event<G::Move, G::Chance>> = None;
    let mut chance_node = false;
    let mut states = 0;
    for (n, line) in text.lines().enumerate() {
        let at = where_(n);
        let (kind, rest) = line.split_once(' ').unwrap_or((line, ""));
        match kind {
            "#" => {}
            "game" => {
                state = None;
                reached = None;
            }
            "config" => {
                config = Some(
                    serde_json::from_str(rest)
                        .unwrap_or_else(|e| panic!("{at}: the configuration does not read: {e}")),
                );
            }
            "state" => {
                let parsed = G::from_notation(rest, config.as_ref().unwrap())
                    .unwrap_or_else(|e| panic!("{at}: {rest:?} does not parse: {e}"));
                assert_eq!(parsed.to_string(), rest, "{at}: written differently");
                if let Some(reached) = reached.take() {
                    assert_eq!(reached, parsed, "{at}: the event reaches another state");
                }
                state = Some(parsed);
                states += 1;
            }
            "moves" => {
                let s = state.as_ref().unwrap();
                let legal = s.legal_moves_vec();
                let listed: Vec<&str> = rest.split(SEPARATOR).collect();
                let legal_text: Vec<String> = legal.iter().map(ToString::to_string).collect();
                assert_eq!(legal_text, listed, "{at}: other legal moves in {s}");
                for (mv, text) in legal.iter().zip(&listed) {
                    let parsed = G::Move::from_str(text)
                        .unwrap_or_else(|e| panic!("{at}: move {text:?} does not parse: {e}"));
                    assert_eq!(parsed, *mv, "{at}: {text:?} reads as another move");
                }
                chance_node = false;
            }
            "chance" => {
                let s = state.as_ref().unwrap();
                let dist = s
                    .chance_outcomes()
                    .unwrap_or_else(|| panic!("{at}: not a chance node: {s}"));
                let now: Vec<String> = dist.iter().map(|(c, w)| format!("{c}={w}")).collect();
                let listed: Vec<&str> = rest.split(SEPARATOR).collect();
                assert_eq!(now, listed, "{at}: other chance outcomes in {s}");
                for ((outcome, _), text) in dist.iter().zip(&listed) {
                    let text = text.rsplit_once('=').unwrap().0;
                    let parsed = G::Chance::from_str(text)
                        .unwrap_or_else(|e| panic!("{at}: outcome {text:?} does not parse: {e}"));
                    assert_eq!(parsed, outcome, "{at}: {text:?} reads as another outcome");
                }
                chance_node = true;
            }
            "play" => {
                let mut s = state.take().unwrap();
                let event = if chance_node {
                    Event::Chance(G::Chance::from_str(rest).unwrap_or_else(|e| panic!("{at}: {e}")))
                } else {
                    Event::Move(G::Move::from_str(rest).unwrap_or_else(|e| panic!("{at}: {e}")))
                };
                match event {
                    Event::Move(m) => s.play(m),
                    Event::Chance(c) => s.apply_chance(c),
                }
                .unwrap_or_else(|e| panic!("{at}: {rest} is refused: {e}"));
                pending = Some(event);
                reached = Some(s);
            }
            "skip" => {
                state = None;
                reached = None;
            }
            "outcome" => {
                let s = state.as_ref().unwrap();
                assert_eq!(outcome_text(s), rest, "{at}: another outcome");
            }
            _ => panic!("{at}: unknown line {line:?}"),
        }
    }
    assert!(
        pending.is_some(),
        "{}: no event in the file",
        path.display()
    );
    states
}

/// Replays a records file's lines of game `G`; returns how many it read.
fn check_records<G: Compat>(lines: &[&str], path: &Path) -> usize
where
    G::Config: Configure + Serialize + DeserializeOwned,
    G::Move: Serialize + DeserializeOwned,
    G::Chance: Serialize + DeserializeOwned,
{
    for line in lines {
        let record: RecordLine<G> = serde_json::from_str(line).unwrap_or_else(|e| {
            panic!(
                "{}: a record of {} does not read: {e}",
                path.display(),
                G::NAME
            )
        });
        record.record.replay().unwrap_or_else(|e| {
            panic!(
                "{}: a record of {} does not replay: {e}",
                path.display(),
                G::NAME
            )
        });
        assert_eq!(
            serde_json::to_string(&record).unwrap(),
            *line,
            "{}: a record of {} is written differently",
            path.display(),
            G::NAME
        );
    }
    lines.len()
}

/// Checks `rules.txt`'s lines of one game: every preset still exists and has the same
/// values, and every setting key still takes its recorded default.
fn check_rules<C: Configure + Eq + std::fmt::Debug>(game: &str, text: &str, path: &Path) -> usize {
    let mut checked = 0;
    for line in text.lines() {
        let words: Vec<&str> = line.split(' ').collect();
        if words.len() < 3 || words[1] != game {
            continue;
        }
        match words[0] {
            "preset" => {
                let name = words[2];
                let config = C::preset(name)
                    .unwrap_or_else(|e| panic!("{}: {game} preset {name}: {e}", path.display()));
                let mut rebuilt = C::default();
                for pair in &words[3..] {
                    let (key, value) = pair.split_once('=').unwrap();
                    assert_eq!(
                        config.value(key).as_deref(),
                        Some(value),
                        "{}: {game} preset {name} changed its {key}",
                        path.display()
                    );
                    rebuilt.set(key, value).unwrap_or_else(|e| {
                        panic!("{}: {game} {key}={value}: {e}", path.display())
                    });
                }
                assert_eq!(
                    rebuilt,
                    config,
                    "{}: {game} preset {name} from its settings",
                    path.display()
                );
            }
            "setting" => {
                let key = words[2];
                let default = words[3].strip_prefix("default=").unwrap();
                let mut config = C::default();
                assert_eq!(
                    config.value(key).as_deref(),
                    Some(default),
                    "{}: {game} setting {key} has another default",
                    path.display()
                );
                config
                    .set(key, default)
                    .unwrap_or_else(|e| panic!("{}: {game} {key}={default}: {e}", path.display()));
            }
            _ => continue,
        }
        checked += 1;
    }
    checked
}

#[test]
fn every_stored_state_move_and_chance_outcome_reads_back_the_same() {
    for dir in versions() {
        let counts = [
            check_transcript::<Ataxx>(&dir.join("ataxx.txt")),
            check_transcript::<Thax>(&dir.join("thax.txt")),
            check_transcript::<Parchis>(&dir.join("parchis.txt")),
            check_transcript::<CoCaNgua>(&dir.join("co-ca-ngua.txt")),
        ];
        assert!(
            counts.iter().all(|&n| n > 100),
            "{}: {counts:?}",
            dir.display()
        );
    }
}

#[test]
fn every_stored_record_replays_and_is_written_the_same() {
    for dir in versions() {
        let path = dir.join("records.jsonl");
        let text = boardgame_io::scratch::read_text(&path);
        let mut by_game: BTreeMap<String, Vec<&str>> = BTreeMap::new();
        for line in text.lines() {
            let value: serde_json::Value = serde_json::from_str(line).unwrap();
            let game = value["game"].as_str().unwrap().to_string();
            by_game.entry(game).or_default().push(line);
        }
        let mut read = 0;
        for (game, lines) in &by_game {
            read += match game.as_str() {
                "ataxx" => check_records::<Ataxx>(lines, &path),
                "thax" => check_records::<Thax>(lines, &path),
                "parchis" => check_records::<Parchis>(lines, &path),
                "co-ca-ngua" => check_records::<CoCaNgua>(lines, &path),
                other => panic!("{}: unknown game {other:?}", path.display()),
            };
        }
        assert_eq!(
            by_game.len(),
            4,
            "{}: every game has records",
            path.display()
        );
        assert_eq!(read, text.lines().count());
    }
}

#[test]
fn every_stored_preset_and_setting_means_the_same() {
    for dir in versions() {
        let path = dir.join("rules.txt");
        let text = boardgame_io::scratch::read_text(&path);
        let checked = check_rules::<ataxx::AtaxxConfig>("ataxx", &text, &path)
            + check_rules::<thax::ThaxConfig>("thax", &text, &path)
            + check_rules::<parchis::Config>("parchis", &text, &path)
            + check_rules::<co_ca_ngua::Config>("co-ca-ngua", &text, &path);
        assert_eq!(
            checked,
            text.lines().count(),
            "{}: every line is checked",
            path.display()
        );
    }
}
