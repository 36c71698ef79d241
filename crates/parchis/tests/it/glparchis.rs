//! The three switches that reproduce glparchis, each in a position where the two readings
//! differ, the `glparchis` preset, and conflicting `players`/`colours` settings (issue 14,
//! defect 4).

use crate::common;

use boardgame_core::{Configure, Game};
use common::{at, moves, play, roll};
use parchis::{Colour, Config, Loc, Parchis};

fn yellow(state: &Parchis) -> [Loc; 4] {
    state.pieces(Colour::Yellow).unwrap()
}

#[test]
fn exit_barrier_blocks_a_foreign_barrier_on_the_exit_stops_coming_out() {
    // Two Red pieces on Yellow's exit square 5, Yellow rolls a 5 with every piece at home.
    let text = "n,n,n,n/-/n,n,5,5/- mY5 s0 l- f- e- n9";
    let mut spanish = at(Config::spanish(2), text);
    assert_eq!(moves(&spanish), ["out"]);
    play(&mut spanish, "out");
    assert_eq!(spanish.pieces(Colour::Red).unwrap()[2], Loc::Nest);
    let blocks = Config {
        exit_barrier_blocks: true,
        ..Config::spanish(2)
    };
    assert_eq!(moves(&at(blocks, text)), ["pass"]);
    // The 5 is then played elsewhere if it can be.
    let text = "n,n,n,20/-/n,n,5,5/- mY5 s0 l- f- e- n9";
    assert_eq!(moves(&at(blocks, text)), ["20+5"]);
}

#[test]
fn exit_barrier_blocks_leaves_two_different_colours_capturable() {
    // Blue and Red share Yellow's exit (Red arrived last): not a barrier, so still captured.
    let text = "n,n,n,n/n,n,n,5/n,n,n,5/n,n,n,n mY5 s0 l- f- eYR n20";
    let mut state = at(Config::glparchis(4), text);
    assert_eq!(moves(&state), ["out"]);
    play(&mut state, "out");
    assert_eq!(state.pieces(Colour::Red).unwrap(), [Loc::Nest; 4]);
    assert_eq!(state.pieces(Colour::Blue).unwrap()[3], Loc::Track(5));
}

#[test]
fn bonus_opens_barrier_a_bonus_earned_with_a_six_must_open_the_other_barrier() {
    // Barriers on 10 and 40; the six (moved as 7) opens the one on 40 by capturing on 47.
    let text = "10,10,40,40/-/n,n,n,47/- mY6 s1 l- f- e- n9";
    let bound = Config {
        bonus_opens_barrier: true,
        ..Config::spanish(2)
    };
    for (config, expected) in [
        (Config::spanish(2), &["10+20", "40+20", "47+20"][..]),
        (bound, &["10+20"][..]),
    ] {
        let mut state = at(config, text);
        assert_eq!(moves(&state), ["10+7", "40+7"]);
        play(&mut state, "40+7");
        assert_eq!(state.pending_bonus(), Some(20));
        assert_eq!(moves(&state), expected, "{config:?}");
    }
}

#[test]
fn bonus_opens_barrier_does_not_bind_a_bonus_earned_with_another_roll() {
    let bound = Config {
        bonus_opens_barrier: true,
        ..Config::spanish(2)
    };
    let mut state = at(bound, "10,10,40,40/-/n,n,n,44/- mY4 s0 l- f- e- n9");
    play(&mut state, "40+4");
    assert_eq!(state.pending_bonus(), Some(20));
    assert_eq!(moves(&state), ["10+20", "40+20", "44+20"]);
}

#[test]
fn triple_six_spares_stuck_a_blocked_last_piece_is_spared() {
    // Yellow's last-moved piece on 30 cannot move 6: a Red barrier stands on 33.
    let text = "n,n,n,30/-/n,n,33,33/- rY s2 l30 f- e- n9";
    let spares = Config {
        triple_six_spares_stuck: true,
        ..Config::spanish(2)
    };
    let mut spanish = at(Config::spanish(2), text);
    roll(&mut spanish, 6);
    assert_eq!(yellow(&spanish), [Loc::Nest; 4]);
    let mut spared = at(spares, text);
    roll(&mut spared, 6);
    assert_eq!(yellow(&spared)[3], Loc::Track(30));
    // Both end the turn.
    assert_eq!(spanish.seat_to_play(), spanish.seat_of(Colour::Red));
    assert_eq!(spared.seat_to_play(), spared.seat_of(Colour::Red));
    // A piece that can move is still sent home.
    let mut free = at(spares, "n,n,n,30/-/n,n,n,n/- rY s2 l30 f- e- n9");
    roll(&mut free, 6);
    assert_eq!(yellow(&free), [Loc::Nest; 4]);
}

#[test]
fn triple_six_spares_stuck_counts_the_barrier_obligation() {
    // The piece on 30 could move 6, but a six must open Yellow's barrier on 20 first.
    let text = "n,20,20,30/-/n,n,n,n/- rY s2 l30 f- e- n9";
    let mut spanish = at(Config::spanish(2), text);
    roll(&mut spanish, 6);
    assert_eq!(
        yellow(&spanish),
        [Loc::Nest, Loc::Nest, Loc::Track(20), Loc::Track(20)]
    );
    let mut glparchis = at(Config::glparchis(2), text);
    roll(&mut glparchis, 6);
    assert_eq!(yellow(&glparchis)[3], Loc::Track(30));
}

#[test]
fn glparchis_preset_is_spanish_with_the_three_switches() {
    let preset = Config::preset("glparchis").unwrap();
    assert_eq!(preset, Config::glparchis(4));
    let mut spanish = Config::preset("spanish").unwrap();
    assert!(!spanish.exit_barrier_blocks);
    assert!(!spanish.bonus_opens_barrier);
    assert!(!spanish.triple_six_spares_stuck);
    for key in [
        "exit_barrier_blocks",
        "bonus_opens_barrier",
        "triple_six_spares_stuck",
    ] {
        spanish.set(key, "true").unwrap();
    }
    assert_eq!(spanish, preset);
}

#[test]
fn colours_that_do_not_match_the_players_are_refused() {
    // `--players 4 --set colours=YR`, in either order.
    let mut config = Config::default();
    config.set("players", "4").unwrap();
    config.set("colours", "YR").unwrap();
    let err = Parchis::new(config).unwrap_err().to_string();
    assert!(
        err.contains("colours=YR") && err.contains("players=4"),
        "{err}"
    );
    let mut config = Config::default();
    config.set("colours", "YR").unwrap();
    config.set("players", "4").unwrap();
    assert!(Parchis::new(config).is_err());
    // `--players 2 --set colours=YRGB`.
    let mut config = Config::default();
    config.set("players", "2").unwrap();
    config.set("colours", "YRGB").unwrap();
    assert!(config.validate().is_err());
    // Matching counts are fine.
    let mut config = Config::default();
    config.set("players", "3").unwrap();
    config.set("colours", "YBG").unwrap();
    assert_eq!(Parchis::new(config).unwrap().num_seats(), 3);
}
