//! Golden transcripts: seeded uniform-random games written out event by event. They catch
//! accidental changes to move order, rules or notation that keep every contract but change
//! which game a seed plays. After a deliberate change, regenerate with
//! `PARCHIS_BLESS=1 cargo test -p boardgame-parchis --test it golden::` and review the diff.

use std::fmt::Write as _;
use std::path::PathBuf;

use boardgame_core::Game as _;
use boardgame_core::driver::random_game;
use parchis::{Config, Parchis};

/// At most 5000 moves: the stored games have a few hundred, so a change that makes a game
/// run on (a turn that never ends) fails here in a moment instead of looping.
const MAX_PLIES: u64 = 5000;

fn transcript(config: Config, seed: u64) -> String {
    let game = random_game::<Parchis>(config, seed, MAX_PLIES).expect("playable");
    assert!(
        game.state.is_terminal(),
        "the game did not end within {MAX_PLIES} moves"
    );
    let mut out = String::new();
    for line in game.record.events.chunks(16) {
        let words: Vec<String> = line.iter().map(ToString::to_string).collect();
        writeln!(out, "{}", words.join(" ")).unwrap();
    }
    writeln!(out, "final: {}", game.state).unwrap();
    writeln!(out, "outcome: {:?}", game.end).unwrap();
    out
}

fn check(name: &str, config: Config, seed: u64) {
    let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "tests", "golden", name]
        .iter()
        .collect();
    let actual = transcript(config, seed);
    if std::env::var_os("PARCHIS_BLESS").is_some() {
        boardgame_io::scratch::write(&path, &actual);
        return;
    }
    let expected = boardgame_io::read::read_text_bounded(std::path::Path::new(&path), 1 << 28)
        .unwrap_or_else(|e| {
            panic!(
                "{}: {e} (run with PARCHIS_BLESS=1 to create it)",
                path.display()
            )
        });
    assert!(
        expected == actual,
        "{name} differs from the golden transcript:\n{actual}"
    );
}

#[test]
fn golden_seed_rules_two_players() {
    check("seed_2p_seed7.txt", Config::seed(2), 7);
}

#[test]
fn golden_spanish_four_players() {
    check("spanish_4p_seed7.txt", Config::spanish(4), 7);
}
