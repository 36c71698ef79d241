//! `boardgame solve`: the solved values, the opening table, a match against `optimal`, and
//! clear errors for what cannot be solved.

use crate::common::boardgame;

fn stdout(args: &[&str]) -> String {
    let output = boardgame(args);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn solve_prints_the_first_players_value_every_opening_throw_and_the_time() {
    let text = stdout(&["solve", "thax", "--set", "board=1,2,3"]);
    assert!(
        text.contains("thax solved: preset classic, board 1,2,3"),
        "{text}"
    );
    assert!(text.contains("solved in"), "{text}");
    let value: f64 = text
        .split("first player after the roll-off: ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .expect("a value");
    assert!(value > 0.5 && value < 1.0, "{value}");
    // 21 throws, from 1-1 to 6-6, each with its weight.
    assert!(text.contains("  1-1     1/36"), "{text}");
    assert!(text.contains("  2-5     2/36"), "{text}");
    assert!(text.contains("  6-6     1/36"), "{text}");
    assert!(
        text.contains(&format!("mean over the throws: {value:.6}")),
        "{text}"
    );
}

#[test]
fn optimal_against_random_scores_above_half_and_random_has_regret() {
    let text = stdout(&[
        "solve",
        "thax",
        "--set",
        "board=1,2,3",
        "--games",
        "200",
        "--against",
        "random",
        "--threads",
        "1",
        "--quiet",
    ]);
    assert!(text.contains("optimal vs random over 200 games"), "{text}");
    // 200 sampled results are noisy (± 7 points); the score from the opponent's regret
    // (the solver's values along the same games) is the precise one, and must favour optimal.
    let score: f64 = text
        .split("from the opponent's regret ")
        .nth(1)
        .and_then(|rest| rest.split('%').next())
        .and_then(|v| v.parse().ok())
        .expect("a score from the regret");
    assert!(score > 50.0, "{text}");
    assert!(text.contains("optimal's own regret 0.0e0"), "{text}");
    assert!(text.contains("stopped by max_rolls=1000: 0"), "{text}");
}

#[test]
fn what_cannot_be_solved_is_a_usage_error_saying_why() {
    for (args, says) in [
        (&["solve", "ataxx"][..], "only thax is solved"),
        (
            &["solve", "thax", "--set", "voluntary_pass=true"],
            "voluntary_pass",
        ),
        (&["solve", "thax", "--preset", "thax-out-limited"], "states"),
        (
            &["solve", "thax", "--set", "supply=10"],
            "dead draw from the start",
        ),
        (&["solve", "thax", "--tolerance", "0"], "--tolerance"),
        (
            &["solve", "thax", "--games", "1", "--against", "nobot"],
            "unknown bot",
        ),
    ] {
        let output = boardgame(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let message = String::from_utf8_lossy(&output.stderr);
        assert!(message.contains(says), "{args:?}: {message}");
    }
}
