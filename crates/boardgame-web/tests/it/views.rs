//! The views: cell ids unique, every piece on a cell, every move's `from`/`to`/`piece`/`cells`
//! naming the view's cells and pieces, and `to` where the rules crate really puts the piece;
//! and the board data each game's drawing needs.

use std::collections::HashSet;

use boardgame_web::Session;
use serde_json::Value;

use crate::common::{GAMES, json, seat_all};

fn ids(view: &Value, key: &str) -> Vec<String> {
    view[key]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap().to_owned())
        .collect()
}

/// Checks one position: the view's own consistency and every legal move against it.
fn check_position(session: &Session, game: &str) {
    let view = json(&session.view());
    let cells = ids(&view, "cells");
    let cell_set: HashSet<&String> = cells.iter().collect();
    assert_eq!(cell_set.len(), cells.len(), "{game}: cell ids are unique");
    let pieces = view["pieces"].as_array().unwrap();
    let piece_ids: HashSet<String> = ids(&view, "pieces").into_iter().collect();
    assert_eq!(
        piece_ids.len(),
        pieces.len(),
        "{game}: piece ids are unique"
    );
    for piece in pieces {
        let cell = piece["cell"].as_str().unwrap().to_owned();
        assert!(
            cell_set.contains(&cell),
            "{game}: piece on unknown cell {cell}"
        );
    }
    let Some(mover) = json(&session.turn())["seat"].as_u64() else {
        return;
    };
    for mv in json(&session.moves()).as_array().unwrap() {
        let notation = mv["notation"].as_str().unwrap();
        let what = format!("{game}: {notation} in {}", session.state());
        for key in ["from", "to"] {
            if let Some(cell) = mv[key].as_str() {
                assert!(cell_set.contains(&cell.to_owned()), "{what}: {key} {cell}");
            }
        }
        for cell in mv["cells"].as_array().unwrap() {
            assert!(
                cell_set.contains(&cell.as_str().unwrap().to_owned()),
                "{what}: {cell}"
            );
        }
        if let Some(piece) = mv["piece"].as_str() {
            let on = pieces
                .iter()
                .find(|p| p["id"] == piece)
                .expect("a piece of the view");
            assert_eq!(on["cell"], mv["from"], "{what}: the piece stands on from");
            assert_eq!(
                on["seat"].as_u64(),
                Some(mover),
                "{what}: the mover's piece"
            );
        }
        if let Some(to) = mv["to"].as_str() {
            let mut next = Session::from_record(&session.record()).unwrap();
            next.play(notation).unwrap();
            let after = json(&next.view());
            let arrived = if game == "thax" {
                let covered = |view: &Value| {
                    view["cells"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .find(|c| c["id"] == to)
                        .unwrap()["covered"]
                        .as_u64()
                };
                covered(&after) > covered(&view)
            } else {
                after["pieces"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|p| p["cell"] == to && p["seat"].as_u64() == Some(mover))
            };
            assert!(arrived, "{what}: nothing of the mover's arrived on {to}");
        }
    }
}

#[test]
fn every_legal_move_names_the_views_cells_and_pieces_in_random_games() {
    for (game, preset, settings) in GAMES {
        for seed in 0..3 {
            let mut session = Session::new(game, preset, settings, seed).unwrap();
            seat_all(&mut session, if seed == 0 { "greedy" } else { "random" });
            for _ in 0..400 {
                check_position(&session, game);
                if session.advance().is_none() {
                    break;
                }
            }
        }
    }
}

#[test]
fn ataxx_view_is_the_7x7_board_with_blockers() {
    let session = Session::from_state("ataxx", "", "", "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1", 0)
        .unwrap_or_else(|e| panic!("{e}"));
    let view = json(&session.view());
    let cells = view["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 49);
    assert_eq!(cells[0]["id"], "a1");
    assert_eq!(cells[48]["id"], "g7");
    let blocked: Vec<&str> = cells
        .iter()
        .filter(|c| c["blocked"] == true)
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    assert_eq!(blocked, ["c3", "e3", "c5", "e5"]);
    assert_eq!(view["pieces"].as_array().unwrap().len(), 4);
    assert_eq!(view["seats"][0]["colour"], "x");
}

#[test]
fn thax_view_has_both_sides_with_capacities_and_the_dice() {
    let session = Session::from_state("thax", "", "", "21101/11210 m0:2-3 0 20", 0)
        .unwrap_or_else(|e| panic!("{e}"));
    let view = json(&session.view());
    assert_eq!(view["numbers"], serde_json::json!([1, 2, 3, 4, 5]));
    assert_eq!(view["dice"], serde_json::json!([2, 3]));
    let space = |id: &str| {
        view["cells"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["id"] == id)
            .unwrap()
            .clone()
    };
    assert_eq!(space("0:1")["covered"], 2);
    assert_eq!(space("1:4")["covered"], 1);
    assert_eq!(space("0:1")["capacity"], 3);
    let moves = json(&session.moves());
    let place = moves
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["notation"] == "place 2 3")
        .unwrap();
    assert_eq!(place["to"], "0:2");
    assert_eq!(place["cells"], serde_json::json!(["0:2", "0:3"]));
}

#[test]
fn parchis_view_is_the_cross_of_68_squares_with_home_columns_nests_and_goals() {
    let view = json(&Session::new("parchis", "", "", 0).unwrap().view());
    let cells = view["cells"].as_array().unwrap();
    let kind = |k: &str| cells.iter().filter(|c| c["kind"] == k).count();
    assert_eq!(
        (kind("track"), kind("home"), kind("nest"), kind("goal")),
        (68, 28, 4, 4)
    );
    let safe = cells.iter().filter(|c| c["safe"] == true).count();
    assert_eq!(safe, 12);
    assert_eq!(view["safe"].as_array().unwrap().len(), 12);
    assert_eq!(
        view["colours"][0],
        serde_json::json!({"colour": "Y", "seat": 0, "exit": 5, "entry": 68})
    );
    assert_eq!(view["pieces"].as_array().unwrap().len(), 16);
}

#[test]
fn co_ca_ngua_view_comes_from_the_layout_and_the_chuong_is_its_lanes() {
    let seed = json(&Session::new("co-ca-ngua", "", "", 0).unwrap().view());
    assert_eq!(seed["layout"]["track_len"], 48);
    assert_eq!(seed["home"], "lane");
    let count = |view: &Value, k: &str| {
        view["cells"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| c["kind"] == k)
            .count()
    };
    assert_eq!(count(&seed, "track"), 48);
    assert_eq!(count(&seed, "lane"), 4 * 5);
    assert_eq!(count(&seed, "ring"), 8);
    assert_eq!(count(&seed, "centre"), 1);
    assert_eq!(count(&seed, "nest"), 4);
    assert_eq!(seed["colours"][1]["exit"], "T12");
    assert_eq!(seed["colours"][0]["shortcut"], "T41");
    let edges = seed["edges"].as_array().unwrap();
    assert!(
        edges.contains(&serde_json::json!(["T41", "D0"])),
        "the shortcut arrow"
    );

    let traditional = json(
        &Session::new("co-ca-ngua", "traditional", r#"{"players":"4"}"#, 0)
            .unwrap()
            .view(),
    );
    assert_eq!(traditional["home"], "chuong");
    assert_eq!(count(&traditional, "lane"), 4 * 6);
    assert_eq!(traditional["pieces"].as_array().unwrap().len(), 4 * 4);
}

#[test]
fn the_chuong_keeps_its_pieces_off_the_ring_spokes_and_centre() {
    for seed in 0..4 {
        let mut session = Session::new("co-ca-ngua", "traditional", "", seed).unwrap();
        seat_all(&mut session, "greedy");
        let mut steps = 0;
        while steps < 3000 && session.advance().is_some() {
            steps += 1;
            let view = json(&session.view());
            for piece in view["pieces"].as_array().unwrap() {
                let cell = piece["cell"].as_str().unwrap();
                assert!(
                    cell.starts_with('T') || cell.starts_with('L') || cell.starts_with('N'),
                    "{cell} in {}",
                    session.state()
                );
            }
        }
    }
}
