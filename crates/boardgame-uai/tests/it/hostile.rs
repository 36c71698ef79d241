//! Hostile input to the engine: what a careless or malicious client may send (issue 38:
//! items 6 and 7 and the engine's smaller findings). Each test failed on 118a780, where
//! the engine lived in `boardgame uai`.

use boardgame_io::process::Command;
use std::process::Stdio;
use std::time::{Duration, Instant};

use crate::round4::exits_within;
use crate::uai::Engine;

/// Item 6: `bench` ran on the protocol thread, so `isready`, `stop` and `quit` waited for
/// the whole bench (15 s at depth 11).
#[test]
fn bench_answers_isready_at_once_and_ends_on_stop_and_quit() {
    let mut engine = Engine::start();
    engine.send("bench 20");
    let began = Instant::now();
    engine.send("isready");
    assert_eq!(engine.next_line(), "readyok");
    assert!(
        began.elapsed() < Duration::from_secs(2),
        "{:?}",
        began.elapsed()
    );
    engine.send("stop");
    let stopped = engine.next_line();
    assert_eq!(stopped, "info string bench 20 stopped");
    assert!(
        began.elapsed() < Duration::from_secs(3),
        "{:?}",
        began.elapsed()
    );
    // The engine is usable afterwards.
    engine.send("position startpos");
    engine.send("go depth 2");
    assert!(!engine.bestmove().is_empty());
    engine.send("bench 20");
    engine.send("quit");
    exits_within(&mut engine.child, Duration::from_secs(2));
}

/// Item 7: a search kept a core busy after its client had closed stdin. The end of the
/// input now stops whatever runs, even a search with a large fixed depth.
#[test]
fn end_of_input_stops_a_long_fixed_search_and_exits() {
    let mut engine = Engine::start();
    engine.send("position startpos");
    engine.send("go depth 60");
    engine.send("isready");
    engine.until("readyok");
    let Engine {
        mut child, stdin, ..
    } = engine;
    drop(stdin);
    exits_within(&mut child, Duration::from_secs(2));
}

/// Item 7 again: with stdout closed by the client (and stdin left open), the engine
/// notices at its next line of output and exits instead of searching for nobody.
#[test]
fn a_closed_output_ends_the_engine() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardgame-uai"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().unwrap();
    use std::io::Write;
    writeln!(stdin, "position startpos\ngo depth 60").unwrap();
    exits_within(&mut child, Duration::from_secs(5));
    drop(stdin);
}

/// A smaller finding: `setoption name Hash value 4096` took 12.5 s on the protocol thread.
/// The resize now runs as a job: `isready` is answered at once, and `quit` ends it.
#[test]
fn a_large_hash_resize_does_not_block_the_protocol() {
    let mut engine = Engine::start();
    engine.send("setoption name Hash value 4096");
    let began = Instant::now();
    engine.send("isready");
    assert_eq!(engine.next_line(), "readyok");
    assert!(
        began.elapsed() < Duration::from_secs(1),
        "{:?}",
        began.elapsed()
    );
    engine.send("quit");
    exits_within(&mut engine.child, Duration::from_secs(2));
    // A resize that completes leaves a working engine.
    let mut engine = Engine::start();
    engine.send("setoption name Hash value 2");
    engine.send("position startpos");
    engine.send("go depth 3");
    assert!(!engine.bestmove().is_empty());
    engine.send("quit");
    exits_within(&mut engine.child, Duration::from_secs(2));
}

/// A smaller finding: `bench --verbose | head -1` ran the whole bench. The bench now ends
/// at the first line nobody reads.
#[test]
fn bench_verbose_stops_when_its_reader_goes_away() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardgame-uai"))
        .args(["bench", "11", "--verbose"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Depth 11 on all 24 positions takes minutes; reading one line and leaving must not.
    let reader = child.lines(4096, 1).unwrap();
    let first = reader.next_within(crate::uai::PATIENCE);
    assert!(
        matches!(&first, Ok(Some(boardgame_io::lines::Line::Text(line))) if line.starts_with("position 1 nodes ")),
        "{first:?}"
    );
    drop(reader);
    exits_within(&mut child, Duration::from_secs(20));
}
