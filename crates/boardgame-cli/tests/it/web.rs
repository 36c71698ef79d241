//! `boardgame web` serves the embedded page on 127.0.0.1, and `boardgame replay` reads the web
//! playground's records (`--states` prints the state after every event).

use boardgame_io::process::Command;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Stdio;

use boardgame_web::Session;

use crate::common::{Scratch, boardgame};

/// The raw HTTP response to `GET path` at `address` (`127.0.0.1:PORT`).
fn get(address: &str, method: &str, path: &str) -> Vec<u8> {
    let mut stream = TcpStream::connect(address).unwrap();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).unwrap();
    response
}

#[test]
fn web_serves_the_page_on_localhost_and_404s_the_rest() {
    let mut server = Command::new(env!("CARGO_BIN_EXE_boardgame"))
        .args(["web", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let line = crate::common::next_line(&server.lines(4096, 4).unwrap());
    let address = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .map(str::to_owned);
    let checks = std::panic::catch_unwind(|| {
        let address = address.expect("the address line");
        assert!(address.starts_with("127.0.0.1:"), "{line}");
        let page = String::from_utf8_lossy(&get(&address, "GET", "/")).into_owned();
        assert!(page.starts_with("HTTP/1.1 200 OK\r\n"), "{page:.200}");
        assert!(page.contains("Content-Type: text/html"), "{page:.300}");
        assert!(page.to_lowercase().contains("<html"), "{page:.300}");
        let head = String::from_utf8_lossy(&get(&address, "HEAD", "/")).into_owned();
        assert!(head.starts_with("HTTP/1.1 200 OK\r\n") && head.ends_with("\r\n\r\n"));
        let missing = String::from_utf8_lossy(&get(&address, "GET", "/nope")).into_owned();
        assert!(
            missing.starts_with("HTTP/1.1 404 Not Found\r\n"),
            "{missing}"
        );
    });
    server.kill().unwrap();
    server.wait_within(crate::common::PATIENCE).unwrap();
    if let Err(panic) = checks {
        std::panic::resume_unwind(panic);
    }
}

/// A seeded game of `game` in the web playground, every seat a bot, up to `events` events.
fn web_game(game: &str, settings: &str, seed: u64, events: usize) -> Session {
    let mut session = Session::new(game, "", settings, seed).unwrap();
    let view: serde_json::Value = serde_json::from_str(&session.view()).unwrap();
    for seat in 0..view["seats"].as_array().unwrap().len() {
        session.set_seat(seat, "greedy").unwrap();
    }
    for _ in 0..events {
        if session.advance().is_none() {
            break;
        }
    }
    session
}

#[test]
fn replay_reads_web_records_and_prints_every_state() {
    let dir = Scratch::new("web-records");
    for (game, settings) in [
        ("ataxx", ""),
        ("thax", ""),
        ("parchis", r#"{"players":"3"}"#),
        ("co-ca-ngua", r#"{"players":"4"}"#),
    ] {
        let session = web_game(game, settings, 21, 120);
        let path = dir.join(format!("{game}.json"));
        boardgame_io::scratch::write(&path, format!("{}\n", session.record()));
        let path = path.to_str().unwrap();

        let output = boardgame(&["replay", path, "--states"]);
        assert!(output.status.success(), "{game}: {output:?}");
        let states: Vec<String> = String::from_utf8(output.stdout)
            .unwrap()
            .lines()
            .map(str::to_owned)
            .collect();
        let events: Vec<String> = serde_json::from_str(&session.history()).unwrap();
        assert_eq!(
            states.len(),
            events.len() + 1,
            "{game}: start + one per event"
        );
        assert_eq!(states.last(), Some(&session.state()), "{game}");
        let start = Session::new(game, "", settings, 21).unwrap().state();
        assert_eq!(states[0], start, "{game}");

        let summary = boardgame(&["replay", path]);
        let text = String::from_utf8(summary.stdout).unwrap();
        let last = text.lines().last().unwrap_or_default();
        match session.result() {
            Some(result) => assert_eq!(
                last,
                format!("result: {result} after {} events", events.len())
            ),
            None => assert!(last.starts_with("unfinished after"), "{game}: {last}"),
        }
    }
}

#[test]
fn replay_states_start_from_a_web_games_start_position() {
    // A game set up from a state: the record carries its start position.
    let mut session = Session::from_state("ataxx", "", "", "x5o/7/7/7/7/7/ooooooo x 0 1", 0)
        .unwrap_or_else(|e| panic!("{e}"));
    let dir = Scratch::new("web-from-state");
    let path = dir.join("from-state.json");
    session.play(&first_move(&session)).unwrap();
    boardgame_io::scratch::write(&path, session.record());
    let output = boardgame(&["replay", path.to_str().unwrap(), "--states"]);
    let text = String::from_utf8(output.stdout).unwrap();
    let states: Vec<&str> = text.lines().collect();
    assert_eq!(
        states,
        ["x5o/7/7/7/7/7/ooooooo x 0 1", session.state().as_str()]
    );
}

fn first_move(session: &Session) -> String {
    let moves: serde_json::Value = serde_json::from_str(&session.moves()).unwrap();
    moves[0]["notation"].as_str().unwrap().to_owned()
}

#[test]
fn replay_states_separates_the_records_of_a_file_by_a_blank_line() {
    let first = web_game("ataxx", "", 1, 3);
    let second = web_game("thax", "", 2, 4);
    let dir = Scratch::new("web-two-records");
    let path = dir.join("two.json");
    boardgame_io::scratch::write(&path, format!("{}\n{}\n", first.record(), second.record()));
    let output = boardgame(&["replay", path.to_str().unwrap(), "--states"]);
    let text = String::from_utf8(output.stdout).unwrap();
    let blocks: Vec<&str> = text.trim_end().split("\n\n").collect();
    assert_eq!(blocks.len(), 2, "{text}");
    assert_eq!(blocks[0].lines().count(), 4);
    assert_eq!(blocks[0].lines().last(), Some(first.state().as_str()));
    assert_eq!(blocks[1].lines().count(), 5);
    assert_eq!(blocks[1].lines().last(), Some(second.state().as_str()));
    let both = boardgame(&["replay", path.to_str().unwrap(), "--states", "--verbose"]);
    assert!(
        !both.status.success(),
        "--states and --verbose exclude each other"
    );
}

#[test]
fn d6_web_embeds_exactly_the_files_git_tracks_under_www() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let Ok(tracked) = boardgame_io::process::Command::new("git")
        .args(["-C", root, "ls-files", "crates/boardgame-web/www"])
        .output(crate::common::PATIENCE)
    else {
        return; // no git: a packaged crate, nothing to compare with
    };
    if !tracked.status.success() {
        return;
    }
    let tracked: Vec<String> = String::from_utf8(tracked.stdout)
        .unwrap()
        .lines()
        .map(|l| l.trim_start_matches("crates/boardgame-web/www/").to_owned())
        .collect();
    let listed: Vec<String> = include_str!("../../web-assets.txt")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#') && !l.starts_with('?'))
        .map(str::to_owned)
        .collect();
    assert_eq!(
        listed, tracked,
        "web-assets.txt lists the tracked files of www/"
    );
}
