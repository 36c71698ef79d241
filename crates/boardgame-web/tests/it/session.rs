//! Starting, playing, rolling, bots, undo and records.

use boardgame_web::Session;
use boardgame_web::session::{MAX_SEED, seat_from_number, seed_from_number};

use crate::common::{GAMES, json, notations, seat_all, seats};

#[test]
fn a_new_game_starts_from_the_rules_crates_initial_state() {
    let ataxx = Session::new("ataxx", "", "", 0).unwrap();
    assert_eq!(ataxx.state(), "x5o/7/7/7/7/7/o5x x 0 1");
    assert_eq!(ataxx.turn(), r#"{"kind":"player","seat":0}"#);
    assert_eq!(notations(&ataxx).len(), 16);
    let thax = Session::new("thax", "", "", 0).unwrap();
    assert_eq!(thax.state(), "00000/00000 oH01 0 0");
    assert_eq!(thax.turn(), r#"{"kind":"chance"}"#);
    assert_eq!(thax.moves(), "[]");
    let parchis = Session::new("parchis", "", r#"{"players":"3"}"#, 0).unwrap();
    assert_eq!(seats(&parchis), 3);
    let traditional = Session::new("co-ca-ngua", "traditional", "{}", 0).unwrap();
    assert_eq!(json(&traditional.view())["home"], "chuong");
    assert_eq!(traditional.game(), "co-ca-ngua");
}

#[test]
fn bad_configurations_are_refused_with_the_settings_message() {
    let unknown = Session::new("chess", "", "", 0).unwrap_err();
    assert!(unknown.0.contains("unknown game \"chess\""), "{unknown}");
    let preset = Session::new("parchis", "fast", "", 0).unwrap_err();
    assert!(preset.0.contains("unknown preset \"fast\""), "{preset}");
    let key = Session::new("ataxx", "", r#"{"speed":"9"}"#, 0).unwrap_err();
    assert!(key.0.contains("unknown setting \"speed\""), "{key}");
    let seats = Session::new("parchis", "", r#"{"players":"7"}"#, 0).unwrap_err();
    assert!(seats.0.contains('7'), "{seats}");
    let not_json = Session::new("thax", "", "players=2", 0).unwrap_err();
    assert!(not_json.0.contains("settings are not JSON"), "{not_json}");
    let not_object = Session::new("thax", "", "[1]", 0).unwrap_err();
    assert!(not_object.0.contains("JSON object"), "{not_object}");
}

#[test]
fn a_bad_move_gives_the_parsers_message_and_changes_nothing() {
    for (game, preset, settings) in GAMES {
        let mut session = Session::new(game, preset, settings, 3).unwrap();
        seat_all(&mut session, "human");
        while json(&session.turn())["kind"] == "chance" {
            session.roll().unwrap();
        }
        let (state, history) = (session.state(), session.history());
        let error = session.play("zz9").unwrap_err();
        let parser = match game {
            "ataxx" => "zz9".parse::<ataxx::Move>().unwrap_err().to_string(),
            "thax" => "zz9".parse::<thax::ThaxMove>().unwrap_err().to_string(),
            "parchis" => "zz9".parse::<parchis::Move>().unwrap_err().to_string(),
            _ => "zz9".parse::<co_ca_ngua::Move>().unwrap_err().to_string(),
        };
        assert_eq!(error.0, parser, "{game}");
        assert_eq!((session.state(), session.history()), (state, history));
    }
    // A well-formed move that is not legal here.
    let mut ataxx = Session::new("ataxx", "", "", 0).unwrap();
    let illegal = ataxx.play("d4").unwrap_err();
    assert!(illegal.0.starts_with("illegal move: d4"), "{illegal}");
    assert_eq!(ataxx.state(), "x5o/7/7/7/7/7/o5x x 0 1");
    assert!(ataxx.roll().is_err(), "no dice in ataxx");
}

#[test]
fn rolls_are_reproducible_from_the_seed() {
    let rolls = |seed| {
        let mut session = Session::new("parchis", "", "", seed).unwrap();
        seat_all(&mut session, "random");
        let mut rolled = Vec::new();
        while rolled.len() < 30 {
            let event = session.advance().unwrap();
            if event.starts_with('[') {
                rolled.push(event);
            }
        }
        (rolled, session.state())
    };
    assert_eq!(rolls(5), rolls(5));
    assert_ne!(rolls(5).0, rolls(6).0);
    let mut thax = Session::new("thax", "", "", 1).unwrap();
    let outcome = thax.roll().unwrap();
    assert_eq!(
        json(&thax.history()),
        serde_json::json!([format!("[{outcome}]")])
    );
}

#[test]
fn seeds_are_whole_javascript_numbers() {
    assert_eq!(seed_from_number(42.0), Ok(42));
    assert_eq!(seed_from_number(MAX_SEED as f64), Ok(MAX_SEED));
    for bad in [-1.0, 1.5, f64::NAN, f64::INFINITY, 2f64.powi(53)] {
        assert!(seed_from_number(bad).is_err(), "{bad}");
    }
}

#[test]
fn bots_move_only_at_their_seats_and_their_moves_are_legal() {
    let mut session = Session::new("ataxx", "", "", 9).unwrap();
    let refused = session.bot_move().unwrap_err();
    assert!(refused.0.contains("played by a person"), "{refused}");
    assert_eq!(session.advance(), None, "a person's turn is not advanced");
    session.set_seat(0, "mcts:iters=50").unwrap();
    assert_eq!(session.seat(0).unwrap(), "mcts:iters=50");
    let chosen = session.bot_move().unwrap();
    assert!(notations(&session).contains(&chosen), "{chosen}");
    assert_eq!(
        session.state(),
        "x5o/7/7/7/7/7/o5x x 0 1",
        "botMove does not play"
    );
    session.play(&chosen).unwrap();
    assert_eq!(session.seat(1).unwrap(), "human");
    assert!(session.set_seat(2, "greedy").is_err());
    let clock = session.set_seat(1, "mcts:ms=10").unwrap_err();
    assert!(clock.0.contains("need a clock"), "{clock}");
    let spec = session.set_seat(1, "minimax").unwrap_err();
    assert!(spec.0.contains("unknown bot"), "{spec}");
    let mut thax = Session::new("thax", "", "", 0).unwrap();
    assert!(thax.set_seat(0, "alphabeta:depth=2").is_err());
}

#[test]
fn undo_goes_back_before_the_last_persons_move() {
    let mut session = Session::new("parchis", "", r#"{"players":"2"}"#, 4).unwrap();
    session.set_seat(1, "greedy").unwrap();
    assert!(!session.undo(), "nothing to undo yet");
    let mut person_moves = 0;
    let mut before_last = (String::new(), String::new());
    while person_moves < 3 {
        match json(&session.turn())["kind"].as_str().unwrap() {
            "player" if json(&session.turn())["seat"] == 0 => {
                before_last = (session.state(), session.history());
                let first = notations(&session)[0].clone();
                session.play(&first).unwrap();
                person_moves += 1;
            }
            "terminal" => panic!("the game ended early"),
            _ => {
                session.advance().unwrap();
            }
        }
    }
    // The bot and the dice go on after the person's move; undo drops all of it.
    for _ in 0..5 {
        if session.advance().is_none() {
            break;
        }
    }
    assert!(session.undo());
    assert_eq!((session.state(), session.history()), before_last);
    assert!(session.undo());
    assert!(session.undo());
    assert!(!session.undo(), "three person moves, three undos");
}

#[test]
fn records_round_trip_through_the_clis_json() {
    for (game, preset, settings) in GAMES {
        let mut session = Session::new(game, preset, settings, 17).unwrap();
        seat_all(&mut session, "greedy");
        for _ in 0..80 {
            session.advance();
        }
        let record = session.record();
        let line = json(&record);
        assert_eq!(line["game"], game);
        assert_eq!(line["seed"], 17);
        assert!(line["record"]["events"].is_array() && line["record"]["config"].is_object());
        let back = Session::from_record(&record).unwrap();
        assert_eq!(back.state(), session.state(), "{game}");
        assert_eq!(back.history(), session.history(), "{game}");
        assert_eq!(back.record(), record, "{game}");
        assert_eq!(back.result(), session.result(), "{game}");
    }
}

#[test]
fn bad_records_and_states_say_what_is_wrong() {
    let mut session = Session::new("ataxx", "", "", 0).unwrap();
    session.play("f1").unwrap();
    let tampered = session.record().replace(r#""f1""#, r#""d4""#);
    let error = Session::from_record(&tampered).unwrap_err();
    assert!(error.0.contains("event 0 (d4) is illegal"), "{error}");
    assert!(Session::from_record("").unwrap_err().0.contains("empty"));
    assert!(
        Session::from_record("{}")
            .unwrap_err()
            .0
            .contains("\"game\"")
    );
    let two = format!("{}\n{}", session.record(), session.record());
    assert!(
        Session::from_record(&two)
            .unwrap_err()
            .0
            .contains("2 lines")
    );

    let bad_state = Session::from_state("ataxx", "", "", "x5o/7/7 x 0 1", 0).unwrap_err();
    let parser = "x5o/7/7 x 0 1"
        .parse::<ataxx::Ataxx>()
        .unwrap_err()
        .to_string();
    assert_eq!(bad_state.0, parser);
    let parchis = Session::from_state("parchis", "", "", "n,n/-", 0).unwrap_err();
    assert!(!parchis.0.is_empty());
}

#[test]
fn a_forced_pass_is_offered_alone_and_a_finished_game_has_a_result() {
    // x has no piece that can reach an empty square, o can still move: x must pass.
    let mut session = Session::from_state("ataxx", "", "", "7/7/7/7/ooo4/ooo4/xoo4 x 0 1", 0)
        .unwrap_or_else(|e| panic!("{e}"));
    let moves = json(&session.moves());
    assert_eq!(
        moves,
        serde_json::json!([{"notation": "0000", "from": null, "to": null, "piece": null, "cells": []}])
    );
    session.play("0000").unwrap();
    assert_eq!(session.result(), None);
    let mut finished = Session::new("thax", "", "", 2).unwrap();
    seat_all(&mut finished, "greedy");
    while finished.advance().is_some() {}
    let result = finished.result().expect("a finished game");
    assert!(result.contains("wins") || result == "draw", "{result}");
    assert_eq!(json(&finished.view())["status"], result.as_str());
    assert_eq!(finished.turn(), r#"{"kind":"terminal"}"#);
}

#[test]
fn the_catalog_offers_each_games_presets_settings_and_working_bots() {
    let catalog = json(&boardgame_web::catalog::catalog());
    let games: Vec<&str> = catalog
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["game"].as_str().unwrap())
        .collect();
    assert_eq!(games, ["ataxx", "thax", "parchis", "co-ca-ngua"]);
    for entry in catalog.as_array().unwrap() {
        let game = entry["game"].as_str().unwrap();
        let settings: Vec<&str> = entry["settings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["key"].as_str().unwrap())
            .collect();
        assert!(settings.contains(&"players"), "{game}");
        for preset in entry["presets"].as_array().unwrap() {
            Session::new(game, preset["name"].as_str().unwrap(), "", 0).unwrap();
        }
        let min = entry["seats"]["min"].as_u64().unwrap();
        assert!(min >= 2 && entry["seats"]["max"].as_u64().unwrap() >= min);
        let bots = entry["bots"].as_array().unwrap();
        for bot in bots {
            let mut session = Session::new(game, "", "", 0).unwrap();
            session.set_seat(0, bot.as_str().unwrap()).unwrap();
        }
        let names = entry["botNames"].as_array().unwrap();
        assert_eq!(names.len(), bots.len(), "{game}: a name for every bot");
        assert!(names.iter().all(|n| !n.as_str().unwrap().is_empty()));
        assert!(
            bots.contains(&entry["defaultBot"]),
            "{game}: the default bot is one of the menu's"
        );
    }
}

/// The default opponents of the dice games are the strongest bots `docs/strength.md`
/// measured that answer at once, Ataxx's the engine's `beginner` level (`docs/web.md`, "The
/// default opponents").
#[test]
fn the_default_opponents_are_the_dice_games_strongest_prompt_bots_and_ataxxs_beginner() {
    let catalog = json(&boardgame_web::catalog::catalog());
    let default = |game: &str| {
        let entry = catalog
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["game"] == game)
            .unwrap();
        entry["defaultBot"].as_str().unwrap().to_owned()
    };
    // Ataxx: the engine's weakest level, which a person who has just learnt the rules beats
    // (docs/web.md, "Playing the engine"); the page's worker plays it.
    assert_eq!(default("ataxx"), "engine:level=beginner");
    assert_eq!(default("thax"), "expectimax:depth=1");
    assert_eq!(default("parchis"), "mcts:iters=5000:rollout=eval:bias=1");
    assert_eq!(default("co-ca-ngua"), "expectimax:depth=2");
}

#[test]
fn think_answers_the_bots_move_from_its_seed_without_playing_it() {
    let mut session = Session::new("ataxx", "", "", 5).unwrap();
    session.set_seat(0, "mcts:iters=300").unwrap();
    let answer = json(&session.think(9).unwrap());
    let mv = answer["move"].as_str().unwrap().to_owned();
    assert!(notations(&session).contains(&mv), "{answer}");
    assert_eq!(answer["work"], 300, "one search of 300 iterations");
    assert_eq!(session.history(), "[]", "not played");
    // The same seat's bot, position and seed: the same answer from another session.
    let mut other = Session::new("ataxx", "", "", 5).unwrap();
    other.set_seat(0, "mcts:iters=300").unwrap();
    assert_eq!(json(&other.think(9).unwrap())["move"], mv.as_str());
    // Greedy's ties are broken by the seed's generator, not the session's.
    let mut greedy = Session::new("ataxx", "", "", 5).unwrap();
    greedy.set_seat(0, "greedy").unwrap();
    let first = greedy.think(1).unwrap();
    assert_eq!(greedy.think(1).unwrap(), first);
    assert_eq!(json(&first)["work"], 0);
    // At a person's seat, or where nobody is to move: an error, nothing changes.
    let mut person = Session::new("thax", "", "", 5).unwrap();
    assert!(
        person
            .think(1)
            .unwrap_err()
            .0
            .contains("no player is to move")
    );
    person.roll().unwrap();
    while json(&person.turn())["kind"] == "chance" {
        person.roll().unwrap();
    }
    assert!(
        person
            .think(1)
            .unwrap_err()
            .0
            .contains("played by a person")
    );
}

#[test]
fn move_seeds_follow_the_session_seed_and_the_events() {
    let mut a = Session::new("ataxx", "", "", 5).unwrap();
    let b = Session::new("ataxx", "", "", 5).unwrap();
    let c = Session::new("ataxx", "", "", 6).unwrap();
    assert_eq!(a.move_seed(), b.move_seed());
    assert_ne!(a.move_seed(), c.move_seed());
    let before = a.move_seed();
    a.play("f1").unwrap();
    assert_ne!(a.move_seed(), before);
    assert!(a.move_seed() <= MAX_SEED);
    // A session from the record asks the same seed.
    assert_eq!(
        Session::from_record(&a.record()).unwrap().move_seed(),
        a.move_seed()
    );
}

#[test]
fn sync_brings_a_session_to_a_records_position_and_keeps_its_bots() {
    let mut page = Session::new("parchis", "", "", 8).unwrap();
    seat_all(&mut page, "greedy");
    for _ in 0..20 {
        page.advance();
    }
    let mut worker = Session::new("parchis", "", "", 0).unwrap();
    worker.set_seat(2, "mcts:iters=50").unwrap();
    worker.sync(&page.record()).unwrap();
    assert_eq!(worker.state(), page.state());
    assert_eq!(worker.history(), page.history());
    assert_eq!(worker.move_seed(), page.move_seed(), "the record's seed");
    assert_eq!(
        worker.seat(2).unwrap(),
        "mcts:iters=50",
        "the seats are kept"
    );
    assert_eq!(worker.seat(0).unwrap(), "human");
    // Another game's record, or a bad one: refused, nothing changes.
    let ataxx = Session::new("ataxx", "", "", 1).unwrap();
    let error = worker.sync(&ataxx.record()).unwrap_err();
    assert!(
        error
            .0
            .contains("\"ataxx\" cannot update a game of parchis"),
        "{error}"
    );
    assert!(worker.sync("{").is_err());
    assert!(worker.sync("").unwrap_err().0.contains("no record"));
    assert_eq!(worker.state(), page.state());
}

/// Issue 44, cosmetic: seats were converted by JavaScript's ToUint32, so NaN, 0.9 and 2**32
/// acted on seat 0 and 2**32 + 1 on seat 1; -1 was "seat 4294967295".
#[test]
fn seats_that_are_not_whole_numbers_are_refused_never_wrapped() {
    assert_eq!(seat_from_number(1.0), Ok(1));
    assert_eq!(seat_from_number(-0.0), Ok(0));
    for bad in [
        f64::NAN,
        0.9,
        -1.0,
        4_294_967_296.0,
        4_294_967_297.0,
        f64::INFINITY,
    ] {
        let error = seat_from_number(bad).unwrap_err();
        assert!(error.0.contains("whole number"), "{bad}: {error}");
    }
}

/// Issue 44, defect 22: a 10 MB field in any argument gives a message under 200 bytes (the
/// bot spec's message ends with the list of specs, after the short part).
#[test]
fn a_ten_megabyte_field_gives_a_short_message() {
    let huge = "y".repeat(10 << 20);
    let json_huge = format!(r#"{{"players":"{huge}"}}"#);
    let mut errors = vec![
        Session::new(&huge, "", "", 0).unwrap_err(),
        Session::new("ataxx", &huge, "", 0).unwrap_err(),
        Session::new("parchis", "", &json_huge, 0).unwrap_err(),
        Session::new("ataxx", "", &format!(r#"{{"{huge}":"1"}}"#), 0).unwrap_err(),
        Session::from_state("ataxx", "", "", &huge, 0).unwrap_err(),
        Session::from_state("thax", "", "", &huge, 0).unwrap_err(),
        Session::from_state("parchis", "", "", &huge, 0).unwrap_err(),
        Session::from_state("co-ca-ngua", "", "", &huge, 0).unwrap_err(),
        Session::from_record(&format!(r#"{{"game":"{huge}"}}"#)).unwrap_err(),
        Session::from_record(&format!(
            r#"{{"game":"ataxx","record":{{"config":{{}},"events":[{{"move":"{huge}"}}]}}}}"#
        ))
        .unwrap_err(),
    ];
    for game in ["ataxx", "thax", "parchis", "co-ca-ngua"] {
        let mut session = Session::new(game, "", "", 0).unwrap();
        errors.push(session.play(&huge).unwrap_err());
    }
    for error in errors {
        assert!(
            error.0.len() < 200,
            "{} bytes: {}",
            error.0.len(),
            &error.0[..300]
        );
    }
    let mut session = Session::new("ataxx", "", "", 0).unwrap();
    let spec = session.set_seat(0, &huge).unwrap_err();
    let short_part = spec.0.lines().next().unwrap_or_default();
    assert!(short_part.len() < 200, "{short_part}");
    assert!(spec.0.len() < 2000, "{} bytes", spec.0.len());
    // `mcts:ms=` is refused without a Rust `Debug` dump of the spec.
    let clock = session.set_seat(0, "mcts:ms=10").unwrap_err();
    assert!(!clock.0.contains("Mcts {"), "{clock}");
}
