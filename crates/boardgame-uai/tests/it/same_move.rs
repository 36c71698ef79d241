//! The same engine everywhere: `boardgame-uai` after `uainewgame`, `position fen F` and
//! `go nodes N` plays the move of the committed table
//! `crates/boardgame-search/tests/data/engine-same-move.tsv`, which the `engine:nodes=N` bot
//! (boardgame-search's test `engine_nodes_plays_the_uai_move`) and Python's
//! `boardgame.bot("engine:nodes=N")` (`crates/boardgame-py/tests/test_engine.py`) are checked
//! against too. One thread, the default table (16 MiB).
//!
//! The table's positions: the 24 bench positions, then the positions of 8 seeded random
//! games; each at 2 000 and at 20 000 nodes. `cargo test -p boardgame-uai --test it
//! regenerate_the_same_move_table -- --ignored` writes it anew (only after a change to the
//! search or the network, which also changes `Bench:`).

use std::path::{Path, PathBuf};

use ataxx::Ataxx;
use boardgame_core::Game;
use boardgame_core::driver::{below, game_seed, rng_from_seed};
use boardgame_uai::bench::BENCH_FENS;

use super::uai::Engine;

/// The node budgets of the table.
const NODES: [u64; 2] = [2_000, 20_000];

fn table_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../boardgame-search/tests/data/engine-same-move.tsv")
}

/// The table's rows: `(nodes, move, fen)`.
fn rows() -> Vec<(u64, String, String)> {
    let text = boardgame_io::read::read_text_bounded(&table_path(), 1 << 20).unwrap();
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields.len(), 3, "{line:?}");
            (
                fields[0].parse().unwrap(),
                fields[1].into(),
                fields[2].into(),
            )
        })
        .collect()
}

/// The move `engine` plays in `fen` with `nodes` nodes, from a new game.
fn uai_move(engine: &mut Engine, fen: &str, nodes: u64) -> String {
    engine.send("uainewgame");
    engine.send(&format!("position fen {fen}"));
    engine.send(&format!("go nodes {nodes}"));
    engine.bestmove()
}

#[test]
fn the_uai_binary_plays_the_committed_same_move_table() {
    let rows = rows();
    assert!(rows.len() >= 48, "{} rows", rows.len());
    let mut engine = Engine::start();
    engine.send("uai");
    engine.until("uaiok");
    let mut differ = Vec::new();
    for (nodes, expected, fen) in &rows {
        let played = uai_move(&mut engine, fen, *nodes);
        if played != *expected {
            differ.push(format!(
                "{fen} at {nodes} nodes: {played}, table {expected}"
            ));
        }
    }
    engine.send("quit");
    engine.wait_exit();
    assert!(differ.is_empty(), "{differ:#?}");
}

/// The table's positions: the bench positions and the positions of 8 seeded random games
/// (uniformly random moves from the start, 6 to 41 plies, stopped before the game ends).
fn positions() -> Vec<String> {
    let mut fens: Vec<String> = BENCH_FENS.iter().map(|f| (*f).to_string()).collect();
    for game in 0..8u64 {
        let mut rng = rng_from_seed(game_seed(50, game));
        let mut position = Ataxx::default();
        for _ in 0..6 + 5 * game {
            // Stop short of a finished game or a forced pass (nothing to search).
            let moves = position.legal_moves_vec();
            let mut next = position.clone();
            next.play_unchecked(moves[below(&mut rng, moves.len() as u64) as usize]);
            if next.outcome().is_some() || next.must_pass() {
                break;
            }
            position = next;
        }
        fens.push(position.to_string());
    }
    fens
}

#[test]
#[ignore = "writes the committed table; run after a change to the search or the network"]
fn regenerate_the_same_move_table() {
    let mut engine = Engine::start();
    engine.send("uai");
    engine.until("uaiok");
    let mut text = String::from(
        "# The move of boardgame-uai (one thread, Hash 16) after uainewgame, position fen F and\n\
         # go nodes N: nodes, move, FEN. Written by boardgame-uai's test\n\
         # regenerate_the_same_move_table; checked natively (boardgame-uai, boardgame-search)\n\
         # and in Python (boardgame.bot(\"engine:nodes=N\")).\n",
    );
    for nodes in NODES {
        for fen in positions() {
            let played = uai_move(&mut engine, &fen, nodes);
            text.push_str(&format!("{nodes}\t{played}\t{fen}\n"));
        }
    }
    engine.send("quit");
    engine.wait_exit();
    boardgame_io::write::replace(&table_path(), text.as_bytes()).unwrap();
}
