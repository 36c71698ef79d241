//! `boardgame arena` and bot specs in `play`, end to end.

use std::process::Output;

use crate::common::boardgame;

fn json(output: &Output) -> serde_json::Value {
    assert!(
        output.status.success(),
        "failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("one JSON object")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The result without the fields that measure time.
fn without_seconds(mut value: serde_json::Value) -> serde_json::Value {
    value.as_object_mut().unwrap().remove("seconds");
    for bot in value["bots"].as_array_mut().unwrap() {
        bot.as_object_mut().unwrap().remove("think_seconds");
    }
    value
}

#[test]
fn arena_json_has_the_documented_fields_and_consistent_counts() {
    let out = json(&boardgame(&[
        "arena",
        "thax",
        "--bots",
        "greedy,random",
        "--games",
        "40",
        "--seed",
        "3",
        "--json",
    ]));
    assert_eq!(out["game"], "thax");
    assert_eq!(out["games"], 40);
    assert_eq!(out["seed"], 3);
    assert_eq!(out["players"], 2);
    assert!(out["seconds"].as_f64().is_some());
    let bots = out["bots"].as_array().unwrap();
    assert_eq!(bots.len(), 2);
    assert_eq!(bots[0]["spec"], "greedy");
    assert_eq!(bots[1]["spec"], "random");
    for bot in bots {
        let n = |k: &str| bot[k].as_u64().unwrap();
        assert_eq!(n("games"), 40);
        assert_eq!(n("wins") + n("draws") + n("losses"), 40);
        let score = bot["score"].as_f64().unwrap();
        let expected = (n("wins") as f64 + n("draws") as f64 / 2.0) / 40.0;
        assert!((score - expected).abs() < 1e-12);
        let ci = bot["ci95"].as_array().unwrap();
        let (lo, hi) = (ci[0].as_f64().unwrap(), ci[1].as_f64().unwrap());
        assert!(lo <= score && score <= hi, "{lo} {score} {hi}");
    }
    // Two bots: the wins of one are the losses of the other, and an Elo difference.
    assert_eq!(bots[0]["wins"], bots[1]["losses"]);
    assert!(out["elo"]["diff"].is_number());
    assert_eq!(out["elo"]["ci95"].as_array().unwrap().len(), 2);
}

#[test]
fn arena_results_do_not_depend_on_threads() {
    let run = |threads: &str| {
        without_seconds(json(&boardgame(&[
            "arena",
            "parchis",
            "--bots",
            "mcts:iters=20,greedy,random,greedy",
            "--games",
            "8",
            "--seed",
            "11",
            "--threads",
            threads,
            "--json",
        ])))
    };
    assert_eq!(run("1"), run("3"));
}

#[test]
fn arena_with_four_bots_has_no_elo_and_one_winner_per_game() {
    let out = json(&boardgame(&[
        "arena",
        "co-ca-ngua",
        "--bots",
        "greedy,greedy,random,expectimax:depth=1",
        "--games",
        "8",
        "--json",
    ]));
    assert_eq!(out["players"], 4);
    assert!(out.get("elo").is_none());
    let bots = out["bots"].as_array().unwrap();
    let wins: u64 = bots.iter().map(|b| b["wins"].as_u64().unwrap()).sum();
    let draws: u64 = bots.iter().map(|b| b["draws"].as_u64().unwrap()).sum();
    assert_eq!(wins + draws / 4, 8, "{out}");
}

#[test]
fn arena_reports_each_bots_decisions_and_work() {
    let run = |bots: &str| {
        json(&boardgame(&[
            "arena", "thax", "--bots", bots, "--games", "4", "--json",
        ]))
    };
    let out = run("mcts:iters=30:rollout=eval,greedy");
    let (mcts, greedy) = (&out["bots"][0], &out["bots"][1]);
    let n = |bot: &serde_json::Value, key: &str| bot[key].as_u64().unwrap();
    // Every search with a choice runs exactly 30 iterations; forced moves run none.
    let work = n(mcts, "work");
    assert!(work > 0 && work % 30 == 0, "{out}");
    assert!(n(mcts, "decisions") >= work / 30, "{out}");
    assert!(mcts["think_seconds"].as_f64().unwrap() > 0.0, "{out}");
    assert_eq!(n(greedy, "work"), 0, "{out}");
    assert!(n(greedy, "decisions") > 0, "{out}");
    let out = run("expectimax:depth=2,random");
    assert!(
        n(&out["bots"][0], "work") > n(&out["bots"][0], "decisions"),
        "{out}"
    );
}

#[test]
fn greedy_beats_random_at_thax() {
    let out = json(&boardgame(&[
        "arena",
        "thax",
        "--bots",
        "greedy,random",
        "--games",
        "200",
        "--json",
    ]));
    assert!(out["bots"][0]["ci95"][0].as_f64().unwrap() > 0.5, "{out}");
}

#[test]
fn mcts_beats_random_at_nim() {
    let out = json(&boardgame(&[
        "arena",
        "nim",
        "--bots",
        "mcts:iters=300,random",
        "--games",
        "40",
        "--json",
    ]));
    assert!(out["bots"][0]["score"].as_f64().unwrap() > 0.8, "{out}");
}

#[test]
fn bad_specs_are_usage_errors_listing_the_accepted_specs() {
    let out = boardgame(&["arena", "thax", "--bots", "minimax,greedy", "--games", "2"]);
    assert_eq!(out.status.code(), Some(2));
    let message = stderr(&out);
    assert!(message.contains("unknown bot \"minimax\""), "{message}");
    assert!(message.contains("mcts:iters=N"), "{message}");
    assert!(message.contains("expectimax:depth=D"), "{message}");
}

#[test]
fn alphabeta_is_refused_for_dice_games() {
    let out = boardgame(&[
        "arena",
        "thax",
        "--bots",
        "alphabeta:depth=3,greedy",
        "--games",
        "2",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("deterministic two-seat"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn the_number_of_specs_must_match_the_players() {
    let out = boardgame(&[
        "arena",
        "parchis",
        "--bots",
        "greedy,greedy",
        "--players",
        "4",
        "--games",
        "2",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("2 specs for 4 players"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn play_takes_a_bot_spec() {
    let out = boardgame(&[
        "play",
        "thax",
        "--human",
        "none",
        "--bot",
        "expectimax:depth=1",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("Game over"));
    let bad = boardgame(&["play", "thax", "--human", "none", "--bot", "mcts"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("mcts needs iters=N or ms=T"));
}

/// The engine sits in an arena (issue 50); random opening plies make deterministic bots play
/// different games, the same opening from both seats.
#[test]
fn the_engine_plays_in_the_arena_and_random_openings_vary_the_games() {
    let run = |plies: &str| {
        json(&boardgame(&[
            "arena",
            "ataxx",
            "--bots",
            "engine:nodes=300,alphabeta:depth=1",
            "--games",
            "6",
            "--random-plies",
            plies,
            "--threads",
            "2",
            "--json",
        ]))
    };
    let out = run("4");
    assert_eq!(out["random_plies"], 4);
    let engine = &out["bots"][0];
    assert_eq!(engine["spec"], "engine:nodes=300");
    assert_eq!(engine["games"], 6);
    assert!(engine["work"].as_u64().unwrap() > 0, "{engine}");
    assert!(engine["wins"].as_u64().unwrap() >= 4, "{out}");
    // A bad spec lists the engine's forms; another game refuses the engine.
    let bad = boardgame(&[
        "arena",
        "ataxx",
        "--bots",
        "engine:level=grandmaster,greedy",
    ]);
    assert!(!bad.status.success());
    assert!(stderr(&bad).contains("engine:level=L"), "{}", stderr(&bad));
    let thax = boardgame(&["arena", "thax", "--bots", "engine:level=club,greedy"]);
    assert!(!thax.status.success());
    assert!(
        stderr(&thax).contains("engine plays only ataxx"),
        "{}",
        stderr(&thax)
    );
}
