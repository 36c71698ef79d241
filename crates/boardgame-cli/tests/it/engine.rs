//! `boardgame uai` and `boardgame bench` reach the engine of the `boardgame-uai` crate
//! (whose own tests drive its protocol in depth).

use boardgame_io::process::Command;
use std::io::Write;
use std::process::Stdio;

#[test]
fn boardgame_uai_speaks_the_protocol() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardgame"))
        .arg("uai")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the engine starts");
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "uai\nisready\nposition startpos\ngo depth 3").unwrap();
    // The end of the input is `quit`: give the search its moment by waiting for its
    // answer first.
    let output = {
        let reader = child.lines(4096, 64).unwrap();
        let mut lines = Vec::new();
        loop {
            let line = crate::common::next_line(&reader) + "\n";
            let done = line.starts_with("bestmove");
            lines.push(line);
            if done {
                break;
            }
        }
        drop(stdin);
        lines
    };
    assert!(
        child
            .wait_within(crate::common::PATIENCE)
            .unwrap()
            .success()
    );
    assert!(
        output[0].starts_with("id name boardgame-uai "),
        "{output:?}"
    );
    assert!(output.iter().any(|l| l == "uaiok\n"), "{output:?}");
    assert!(output.iter().any(|l| l == "readyok\n"), "{output:?}");
    let best = output.last().unwrap();
    assert!(best.starts_with("bestmove "), "{output:?}");
    let mv: ataxx::Move = best["bestmove ".len()..].trim().parse().unwrap();
    assert!(ataxx::Ataxx::default().is_legal_move(mv), "{best}");
}

#[test]
fn boardgame_bench_prints_nodes_and_nps() {
    let output = Command::new(env!("CARGO_BIN_EXE_boardgame"))
        .args(["bench", "--depth", "2"])
        .output(crate::common::PATIENCE)
        .expect("bench runs");
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let words: Vec<&str> = text.split_whitespace().collect();
    assert_eq!(words.len(), 4, "{text}");
    assert!(words[0].parse::<u64>().unwrap() > 24, "{text}");
    assert_eq!((words[1], words[3]), ("nodes", "nps"), "{text}");
}
