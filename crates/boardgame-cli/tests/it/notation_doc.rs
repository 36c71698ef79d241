//! docs/notation.md: every example block parses and round-trips through the games' own
//! parsers. A block is a fenced block whose info string is `notation GAME KIND [KEY=VALUE…]`
//! (`preset=NAME` picks a preset, the other pairs are settings applied in order, `players`
//! first); each non-empty line of it is one example:
//!
//! - `state`, `move`, `outcome`: parsed (under the block's rules, for a state) and written
//!   back unchanged;
//! - `state-read-as`, `move-read-as`, `outcome-read-as`: `TEXT => CANONICAL`, TEXT parsed and
//!   written back as CANONICAL;
//! - `refused-state`, `refused-move`, `refused-outcome`: refused by the parser;
//! - `record`: a record line that replays, and is written back unchanged.

use std::fmt::Display;
use std::path::PathBuf;

use boardgame_core::settings::configure;
use boardgame_core::{Configure, Game, RecordLine};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// One `notation` block of the page.
struct Block {
    /// The line of its opening fence (1-based).
    line: usize,
    game: String,
    kind: String,
    preset: Option<String>,
    settings: Vec<(String, String)>,
    /// Its examples, with their line numbers.
    examples: Vec<(usize, String)>,
}

fn page() -> String {
    let path: PathBuf = [
        env!("CARGO_MANIFEST_DIR"),
        "..",
        "..",
        "docs",
        "notation.md",
    ]
    .iter()
    .collect();
    boardgame_io::scratch::read_text(&path)
}

fn blocks(text: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut open: Option<Block> = None;
    for (i, line) in text.lines().enumerate() {
        let number = i + 1;
        if let Some(block) = open.as_mut() {
            if line.trim_start().starts_with("```") {
                blocks.extend(open.take());
            } else if !line.trim().is_empty() {
                block.examples.push((number, line.to_owned()));
            }
            continue;
        }
        let Some(info) = line.trim_start().strip_prefix("```notation ") else {
            continue;
        };
        let mut words = info.split_whitespace();
        let game = words.next().expect("a game after ```notation").to_owned();
        let kind = words.next().expect("a kind after the game").to_owned();
        let mut preset = None;
        let mut settings = Vec::new();
        for pair in words {
            let (key, value) = pair.split_once('=').expect("KEY=VALUE in the info string");
            if key == "preset" {
                preset = Some(value.to_owned());
            } else {
                settings.push((key.to_owned(), value.to_owned()));
            }
        }
        open = Some(Block {
            line: number,
            game,
            kind,
            preset,
            settings,
            examples: Vec::new(),
        });
    }
    assert!(open.is_none(), "a notation block is not closed");
    blocks
}

/// Checks one example of `kind` for game `G` under `config`; `Err` says what is wrong.
fn check_example<G>(kind: &str, config: &G::Config, text: &str) -> Result<(), String>
where
    G: Game + Display,
    G::Config: Serialize + DeserializeOwned,
    G::Move: Serialize + DeserializeOwned,
    G::Chance: Serialize + DeserializeOwned,
{
    let (text, canonical) = match kind.strip_suffix("-read-as") {
        Some(_) => text
            .split_once(" => ")
            .ok_or("a read-as example is `TEXT => CANONICAL`")?,
        None => (text, text),
    };
    let base = kind.strip_suffix("-read-as").unwrap_or(kind);
    let written = match base {
        "state" => G::from_notation(text, config)
            .map(|s| s.to_string())
            .map_err(|e| e.to_string()),
        "move" => text
            .parse::<G::Move>()
            .map(|m| m.to_string())
            .map_err(|e| e.to_string()),
        "outcome" => text
            .parse::<G::Chance>()
            .map(|c| c.to_string())
            .map_err(|e| e.to_string()),
        "record" => {
            let line: RecordLine<G> =
                serde_json::from_str(text).map_err(|e| format!("not a record: {e}"))?;
            line.record
                .replay()
                .map_err(|e| format!("does not replay: {e}"))?;
            serde_json::to_string(&line).map_err(|e| e.to_string())
        }
        refused if refused.starts_with("refused-") => {
            let refused = match &refused["refused-".len()..] {
                "state" => G::from_notation(text, config).is_err(),
                "move" => text.parse::<G::Move>().is_err(),
                "outcome" => text.parse::<G::Chance>().is_err(),
                other => return Err(format!("unknown kind refused-{other}")),
            };
            return if refused {
                Ok(())
            } else {
                Err("accepted, but the page says it is refused".into())
            };
        }
        other => return Err(format!("unknown kind {other}")),
    };
    match written {
        Ok(written) if written == canonical => Ok(()),
        Ok(written) => Err(format!("read, but written back as {written:?}")),
        Err(e) => Err(format!("refused: {e}")),
    }
}

/// Checks every example of `block` for game `G`; returns how many.
fn check_block<G>(block: &Block) -> Result<usize, String>
where
    G: Game + Display,
    G::Config: Configure + Serialize + DeserializeOwned,
    G::Move: Serialize + DeserializeOwned,
    G::Chance: Serialize + DeserializeOwned,
{
    let config: G::Config = configure(
        block.preset.as_deref(),
        block.settings.iter().map(|(k, v)| (k.as_str(), v.as_str())),
    )
    .map_err(|e| format!("line {}: the block's rules: {e}", block.line))?;
    for (line, text) in &block.examples {
        check_example::<G>(&block.kind, &config, text).map_err(|e| {
            format!(
                "docs/notation.md line {line} ({} {}): {text:?}: {e}",
                block.game, block.kind
            )
        })?;
    }
    Ok(block.examples.len())
}

fn check(block: &Block) -> Result<usize, String> {
    match block.game.as_str() {
        "ataxx" => check_block::<ataxx::Ataxx>(block),
        "thax" => check_block::<thax::Thax>(block),
        "parchis" => check_block::<parchis::Parchis>(block),
        "co-ca-ngua" => check_block::<co_ca_ngua::CoCaNgua>(block),
        other => Err(format!("line {}: unknown game {other:?}", block.line)),
    }
}

#[test]
fn every_example_of_docs_notation_md_parses_and_round_trips() {
    let blocks = blocks(&page());
    let mut failures = Vec::new();
    let mut examples = 0;
    for block in &blocks {
        match check(block) {
            Ok(n) => examples += n,
            Err(e) => failures.push(e),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // Every game has its states, moves, refusals and a record on the page.
    for game in ["ataxx", "thax", "parchis", "co-ca-ngua"] {
        for kind in ["state", "refused-state", "move", "refused-move", "record"] {
            assert!(
                blocks
                    .iter()
                    .any(|b| b.game == game && b.kind == kind && !b.examples.is_empty()),
                "docs/notation.md has no {kind} example of {game}"
            );
        }
    }
    for game in ["thax", "parchis", "co-ca-ngua"] {
        assert!(
            blocks.iter().any(|b| b.game == game && b.kind == "outcome"),
            "docs/notation.md has no outcome example of {game}"
        );
    }
    assert!(examples > 150, "only {examples} examples");
}

#[test]
fn the_check_fails_on_a_wrong_example() {
    let config = ataxx::AtaxxConfig::default();
    // Not canonical (read, but written with both counters), refused, and accepted.
    assert!(check_example::<ataxx::Ataxx>("state", &config, "x5o/7/7/7/7/7/o5x x").is_err());
    assert!(check_example::<ataxx::Ataxx>("move", &config, "a1a4").is_err());
    assert!(check_example::<ataxx::Ataxx>("refused-move", &config, "a1a3").is_err());
    assert!(check_example::<ataxx::Ataxx>("move-read-as", &config, "g2 => g3").is_err());
    assert!(check_example::<ataxx::Ataxx>("moves", &config, "g2").is_err());
    let record =
        r#"{"game":"ataxx","record":{"config":{"ply_clock":true},"events":[{"move":"g7"}]}}"#;
    assert!(check_example::<ataxx::Ataxx>("record", &config, record).is_err());
}
