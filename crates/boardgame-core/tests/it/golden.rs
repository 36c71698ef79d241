//! Golden transcripts: seeded playouts of the toy games, compared with files in `golden/`.
//! They catch any change to the random stream (a `rand` upgrade, a sampling change) or to
//! move order. Regenerate deliberately with `BOARDGAME_BLESS=1 cargo test -p boardgame-core
//! --test it golden::`.

use boardgame_core::Game;
use boardgame_core::driver::random_game;
use boardgame_core::toy::{Nim, NimConfig, Race, RaceConfig};

fn transcript<G: Game>(config: G::Config, seed: u64) -> String {
    let game = random_game::<G>(config, seed, 10_000).unwrap();
    let events: Vec<String> = game.record.events.iter().map(ToString::to_string).collect();
    format!(
        "{}\nfinal: {}\nend: {:?}\n",
        events.join(" "),
        game.state,
        game.end
    )
}

fn compare(name: &str, actual: &str) {
    let path = format!("{}/tests/golden/{name}", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("BOARDGAME_BLESS").is_some() {
        boardgame_io::scratch::write(&path, actual);
    }
    let expected = boardgame_io::read::read_text_bounded(std::path::Path::new(&path), 1 << 28)
        .unwrap_or_default();
    assert_eq!(
        actual, expected,
        "{name} changed; rerun with BOARDGAME_BLESS=1 if intended"
    );
}

#[test]
fn seeded_race_transcript_is_stable() {
    compare(
        "race-3p-seed42.txt",
        &transcript::<Race>(
            RaceConfig {
                seats: 3,
                length: 10,
            },
            42,
        ),
    );
}

#[test]
fn seeded_nim_transcript_is_stable() {
    compare(
        "nim-4p-seed7.txt",
        &transcript::<Nim>(
            NimConfig {
                seats: 4,
                counters: 40,
                max_take: 5,
            },
            7,
        ),
    );
}
