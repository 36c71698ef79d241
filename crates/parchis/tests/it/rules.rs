//! One test (or a few) per numbered rule of issue 5 and per sentence of the rules text;
//! `docs/rules/parchis.md` maps each rule to these names.

use crate::common;

use boardgame_core::{Configure, Die, Game, Seat, Turn};
use common::{at, moves, play, roll};
use parchis::{Colour, Config, ExitCapture, Finish, Loc, Parchis, TripleSix};

fn seed2() -> Config {
    Config::seed(2)
}

fn yellow(state: &Parchis) -> [Loc; 4] {
    state.pieces(Colour::Yellow).unwrap()
}

fn red(state: &Parchis) -> [Loc; 4] {
    state.pieces(Colour::Red).unwrap()
}

// ---- Board, players and turns ----

#[test]
fn board_has_68_squares_exits_entries_and_twelve_safe_squares() {
    assert_eq!(Colour::ALL.map(Colour::exit_square), [5, 22, 39, 56]);
    assert_eq!(Colour::ALL.map(Colour::entry_square), [68, 17, 34, 51]);
    let safe: Vec<u8> = (1..=68).filter(|&s| parchis::board::is_safe(s)).collect();
    assert_eq!(safe, [5, 12, 17, 22, 29, 34, 39, 46, 51, 56, 63, 68]);
}

#[test]
fn goal_is_71_steps_from_the_exit() {
    // 63 steps from the exit (5) to the entry square (68), 7 home-column squares, then the
    // goal: walk the piece 4 steps at a time and check where it stands after every move.
    let expected = |steps: u8| match steps {
        0..=63 => Loc::Track(5 + steps),
        64..=70 => Loc::Home(steps - 63),
        _ => Loc::Goal,
    };
    let mut state = at(seed2(), "n,n,n,5/-/n,n,n,n/- mY4 s0 l- f- e- n9");
    let mut travelled = 0;
    while travelled < 68 {
        let line = yellow_line(&state);
        state = at(seed2(), &format!("{line}/-/n,n,n,n/- mY4 s0 l- f- e- n9"));
        let only = moves(&state);
        assert_eq!(only.len(), 1, "{state}");
        play(&mut state, &only[0]);
        travelled += 4;
        assert_eq!(
            yellow(&state)[3],
            expected(travelled),
            "after {travelled} steps"
        );
    }
    // 68 steps: home-column square 5; 3 more is exactly the goal, 4 overshoots it.
    let line = yellow_line(&state);
    let over = at(seed2(), &format!("{line}/-/n,n,n,n/- mY4 s0 l- f- e- n9"));
    assert_eq!(moves(&over), ["pass"]);
    let mut exact = at(seed2(), &format!("{line}/-/n,n,n,n/- mY3 s0 l- f- e- n9"));
    play(&mut exact, "h5+3");
    assert_eq!(yellow(&exact)[3], Loc::Goal);
}

fn yellow_line(state: &Parchis) -> String {
    state.to_string().split('/').next().unwrap().to_string()
}

#[test]
fn every_colour_starts_with_four_pieces_in_the_nest() {
    let state = Parchis::new(Config::seed(4)).unwrap();
    for colour in Colour::ALL {
        assert_eq!(state.pieces(colour), Some([Loc::Nest; 4]));
    }
}

#[test]
fn two_players_are_yellow_and_red_by_default() {
    let state = Parchis::new(Config::seed(2)).unwrap();
    assert_eq!(state.colours(), [Colour::Yellow, Colour::Red]);
    assert_eq!(state.pieces(Colour::Blue), None);
}

#[test]
fn config_picks_the_colours() {
    let mut config = Config::default();
    config.set("players", "2").unwrap();
    config.set("colours", "BG").unwrap();
    let state = Parchis::new(config).unwrap();
    assert_eq!(state.num_seats(), 2);
    // Seats follow turn order from Yellow's place: Y > G > R > B.
    assert_eq!(state.colours(), [Colour::Green, Colour::Blue]);
    let mut wrong = Config::seed(3);
    wrong.set("colours", "BG").unwrap();
    wrong.players = 3;
    assert!(Parchis::new(wrong).is_err());
}

#[test]
fn first_player_by_roll_off_highest_die_ties_reroll() {
    let mut state = Parchis::new(Config::seed(4)).unwrap();
    for value in [4, 6, 2, 6] {
        assert_eq!(state.turn(), Turn::Chance);
        roll(&mut state, value);
    }
    // Seats 1 and 3 tied on 6 and roll again; nobody has moved.
    assert_eq!(state.seat_to_play(), None);
    assert_eq!(
        state.roll_off().unwrap().contenders().collect::<Vec<_>>(),
        [Seat::new(1), Seat::new(3)]
    );
    roll(&mut state, 3);
    roll(&mut state, 5);
    assert_eq!(state.seat_to_play(), Some(Seat::new(3)));
    assert_eq!(state.colour_of(Seat::new(3)), Colour::Blue);
    assert_eq!(state.turn(), Turn::Chance);
}

#[test]
fn seed_turn_order_is_clockwise_yellow_green_red_blue() {
    let state = Parchis::new(Config::seed(4)).unwrap();
    assert_eq!(
        state.colours(),
        [Colour::Yellow, Colour::Green, Colour::Red, Colour::Blue]
    );
    let mut state = at(
        Config::seed(4),
        "n,n,n,10/n,n,n,n/n,n,n,n/n,n,n,n mY3 s0 l- f- e- n9",
    );
    play(&mut state, "10+3");
    assert_eq!(
        state.to_string(),
        "n,n,n,13/n,n,n,n/n,n,n,n/n,n,n,n rG s0 l- f- e- n9"
    );
}

#[test]
fn spanish_turn_order_is_yellow_blue_red_green() {
    let state = Parchis::new(Config::spanish(4)).unwrap();
    assert_eq!(
        state.colours(),
        [Colour::Yellow, Colour::Blue, Colour::Red, Colour::Green]
    );
    let mut state = at(
        Config::spanish(4),
        "n,n,n,10/n,n,n,n/n,n,n,n/n,n,n,n mY3 s0 l- f- e- n9",
    );
    play(&mut state, "10+3");
    assert!(state.to_string().contains(" rB "));
}

#[test]
fn one_die_per_roll_six_outcomes() {
    let state = Parchis::new(Config::seed(2)).unwrap();
    let dist = state.chance_outcomes().unwrap();
    assert_eq!(dist.len(), 6);
    assert_eq!(dist.total(), 6);
    assert_eq!(dist.iter().map(|(d, _)| d).collect::<Vec<_>>(), Die::ALL);
}

#[test]
fn pieces_move_anticlockwise_in_increasing_numbers_wrapping_at_68() {
    // Red passes Yellow's entry (68) and carries on round the track to 2.
    let mut state = at(seed2(), "n,n,n,n/-/n,n,n,66/- mR4 s0 l- f- e- n9");
    assert_eq!(moves(&state), ["66+4"]);
    play(&mut state, "66+4");
    assert_eq!(red(&state)[3], Loc::Track(2));
}

// ---- Rule 1: the 5 ----

#[test]
fn rule_1_a_five_must_bring_a_piece_out_when_possible() {
    let mut state = at(seed2(), "n,n,10,20/-/n,n,n,n/- mY5 s0 l- f- e- n9");
    assert_eq!(moves(&state), ["out"]);
    play(&mut state, "out");
    assert_eq!(
        yellow(&state),
        [Loc::Nest, Loc::Track(5), Loc::Track(10), Loc::Track(20)]
    );
    assert_eq!(state.seat_to_play(), Some(Seat::new(1)));
}

#[test]
fn rule_1_a_five_is_played_normally_when_the_exit_is_blocked() {
    // Two Yellow pieces on the exit form a barrier a third cannot join.
    let state = at(seed2(), "n,n,5,5/-/n,n,n,n/- mY5 s0 l- f- e- n9");
    assert_eq!(moves(&state), ["5+5"]);
}

#[test]
fn rule_1_only_a_five_brings_a_piece_out() {
    for die in [1, 2, 3, 4, 6] {
        let state = at(
            seed2(),
            &format!(
                "n,n,n,n/-/n,n,n,n/- mY{die} s{} l- f- e- n9",
                u8::from(die == 6)
            ),
        );
        assert_eq!(moves(&state), ["pass"], "die {die}");
    }
}

// ---- Rule 2: exact movement ----

#[test]
fn rule_2_pieces_move_the_number_rolled_then_up_the_home_column() {
    let mut state = at(seed2(), "g,g,g,66/-/n,n,n,n/- mY5 s0 l- f- e- n9");
    assert_eq!(moves(&state), ["66+5"]);
    play(&mut state, "66+5");
    assert_eq!(
        yellow(&state),
        [Loc::Home(3), Loc::Goal, Loc::Goal, Loc::Goal]
    );
}

#[test]
fn rule_2_reaching_the_goal_needs_the_exact_number() {
    let state = at(seed2(), "n,n,n,h5/-/n,n,n,n/- mY4 s0 l- f- e- n9");
    assert_eq!(moves(&state), ["pass"]);
    let mut state = at(seed2(), "n,n,n,h5/-/n,n,n,n/- mY3 s0 l- f- e- n9");
    assert_eq!(moves(&state), ["h5+3"]);
    play(&mut state, "h5+3");
    assert_eq!(yellow(&state)[3], Loc::Goal);
}

// ---- Rule 3: the 6 ----

#[test]
fn rule_3_a_six_gives_another_roll() {
    let mut state = at(seed2(), "n,n,n,10/-/n,n,n,n/- mY6 s1 l- f- e- n9");
    assert_eq!(moves(&state), ["10+6"]);
    play(&mut state, "10+6");
    assert_eq!(state.to_string(), "n,n,n,16/-/n,n,n,n/- rY s1 l16 f- e- n9");
    // Even a passed six rolls again.
    let mut state = at(seed2(), "n,n,n,n/-/n,n,n,n/- mY6 s1 l- f- e- n9");
    play(&mut state, "pass");
    assert_eq!(state.to_string(), "n,n,n,n/-/n,n,n,n/- rY s1 l- f- e- n9");
}

#[test]
fn rule_3_a_six_moves_seven_when_no_piece_is_in_the_nest() {
    let state = at(seed2(), "10,20,30,40/-/n,n,n,n/- mY6 s1 l- f- e- n9");
    assert_eq!(moves(&state), ["10+7", "20+7", "30+7", "40+7"]);
    // Pieces in the goal count as out of the nest.
    let state = at(seed2(), "10,20,g,g/-/n,n,n,n/- mY6 s1 l- f- e- n9");
    assert_eq!(moves(&state), ["10+7", "20+7"]);
    // With a piece in the nest the six moves six.
    let state = at(seed2(), "n,20,g,g/-/n,n,n,n/- mY6 s1 l- f- e- n9");
    assert_eq!(moves(&state), ["20+6"]);
}

// ---- Rule 4: the third six ----

#[test]
fn rule_4_third_six_sends_home_the_piece_moved_with_the_previous_six() {
    // First six: 10 -> 16. Second six: 41 -> 47 captures Red, and the bonus of 20 moves the
    // *other* piece, 16 -> 36. The seed sends back the piece moved with the previous six (now
    // on 47), not the last piece moved (36), even from a safe square... and the turn ends.
    let mut state = at(seed2(), "n,n,10,41/-/n,n,n,47/- rY s0 l- f- e- n9");
    roll(&mut state, 6);
    play(&mut state, "10+6");
    roll(&mut state, 6);
    play(&mut state, "41+6");
    play(&mut state, "16+20");
    assert_eq!(state.tracked_piece(), Some(Loc::Track(47)));
    roll(&mut state, 6);
    assert_eq!(state.to_string(), "n,n,n,36/-/n,n,n,n/- rR s0 l- f- e- n12");
}

#[test]
fn rule_4_spanish_third_six_sends_home_the_last_piece_moved() {
    // The same turn under `last` (Spanish): the bonus moved 16 -> 36 last, so 36 goes home.
    let last = Config {
        triple_six: TripleSix::Last,
        ..seed2()
    };
    let mut state = at(last, "n,n,10,41/-/n,n,n,47/- rY s0 l- f- e- n9");
    roll(&mut state, 6);
    play(&mut state, "10+6");
    roll(&mut state, 6);
    play(&mut state, "41+6");
    play(&mut state, "16+20");
    assert_eq!(state.tracked_piece(), Some(Loc::Track(36)));
    roll(&mut state, 6);
    assert_eq!(state.to_string(), "n,n,n,47/-/n,n,n,n/- rR s0 l- f- e- n12");
}

#[test]
fn rule_4_the_six_piece_is_followed_through_its_bonus_move() {
    // The second six moves 41 -> 47 and captures; the bonus moves the same piece on,
    // 47 -> 67. The third six sends it home from where it now stands.
    let mut state = at(seed2(), "n,n,10,41/-/n,n,n,47/- rY s0 l- f- e- n9");
    roll(&mut state, 6);
    play(&mut state, "10+6");
    roll(&mut state, 6);
    play(&mut state, "41+6");
    play(&mut state, "47+20");
    assert_eq!(state.tracked_piece(), Some(Loc::Track(67)));
    roll(&mut state, 6);
    assert_eq!(state.to_string(), "n,n,n,16/-/n,n,n,n/- rR s0 l- f- e- n12");
}

#[test]
fn rule_4_third_six_spares_a_piece_in_the_home_column() {
    let mut state = at(seed2(), "n,n,10,h2/-/n,n,n,n/- rY s2 lh2 f- e- n9");
    roll(&mut state, 6);
    assert_eq!(
        state.to_string(),
        "n,n,10,h2/-/n,n,n,n/- rR s0 l- f- e- n10"
    );
}

#[test]
fn rule_4_third_six_after_a_passed_six_sends_nothing_home() {
    // First six: 10 -> 16. Second six: 16 + 6 = 22 is Red's barrier, the nest pieces need a
    // 5: a forced pass. The previous six moved no piece, so the third six sends nothing home
    // although the piece moved with the first six is still on the track.
    let mut state = at(seed2(), "n,n,n,10/-/n,n,22,22/- rY s0 l- f- e- n9");
    roll(&mut state, 6);
    play(&mut state, "10+6");
    roll(&mut state, 6);
    assert_eq!(moves(&state), ["pass"]);
    play(&mut state, "pass");
    assert_eq!(state.tracked_piece(), None);
    roll(&mut state, 6);
    assert_eq!(
        state.to_string(),
        "n,n,n,16/-/n,n,22,22/- rR s0 l- f- e- n12"
    );
}

#[test]
fn rule_4_spanish_a_passed_six_keeps_the_last_piece_moved() {
    // The same turn under `last`: the pass moves nothing, so the last piece moved this turn
    // (16) is still the one the third six sends home.
    let last = Config {
        triple_six: TripleSix::Last,
        ..seed2()
    };
    let mut state = at(last, "n,n,n,10/-/n,n,22,22/- rY s0 l- f- e- n9");
    roll(&mut state, 6);
    play(&mut state, "10+6");
    roll(&mut state, 6);
    play(&mut state, "pass");
    assert_eq!(state.tracked_piece(), Some(Loc::Track(16)));
    roll(&mut state, 6);
    assert_eq!(
        state.to_string(),
        "n,n,n,n/-/n,n,22,22/- rR s0 l- f- e- n12"
    );
}

#[test]
fn triple_six_switch_chooses_the_six_piece_or_the_last_moved() {
    // A six captures on 16 (bonus 20), and the bonus moves another piece.
    let text = "n,n,10,30/-/n,n,n,16/- mY6 s1 l- f- e- n9";
    for (config, expected) in [
        (Config::seed(2), Loc::Track(16)),
        (
            Config {
                triple_six: TripleSix::Last,
                ..Config::seed(2)
            },
            Loc::Track(50),
        ),
    ] {
        let mut state = at(config, text);
        play(&mut state, "10+6");
        assert_eq!(state.pending_bonus(), Some(20));
        play(&mut state, "30+20");
        assert_eq!(
            state.tracked_piece(),
            Some(expected),
            "{:?}",
            config.triple_six
        );
        // Were this the second six, the third would send that piece home.
        let mut state = at(config, &state.to_string().replace(" s1 ", " s2 "));
        roll(&mut state, 6);
        assert!(!yellow(&state).contains(&expected), "{state}");
    }
}

// ---- Rule 5: barriers on a 6 ----

#[test]
fn rule_5_a_six_must_open_a_barrier() {
    let state = at(seed2(), "12,12,30,40/-/n,n,n,n/- mY6 s1 l- f- e- n9");
    assert_eq!(moves(&state), ["12+7"]);
    // Other dice leave the choice free.
    let state = at(seed2(), "12,12,30,40/-/n,n,n,n/- mY3 s0 l- f- e- n9");
    assert_eq!(moves(&state), ["12+3", "30+3", "40+3"]);
}

#[test]
fn rule_5_a_barrier_that_cannot_move_frees_the_other_pieces() {
    // Red's barrier on 17 stops Yellow's barrier pieces (12 + 7 passes 17).
    let state = at(seed2(), "12,12,30,40/-/n,n,17,17/- mY6 s1 l- f- e- n9");
    assert_eq!(moves(&state), ["30+7", "40+7"]);
}

#[test]
fn rule_5_bonus_moves_are_not_bound_by_the_barrier_rule() {
    // Two barriers (12 and 46), no piece in the nest. The six (moved as 7) must open one:
    // 12 + 7 = 19 captures Red. The bonus of 20 is not a six: any piece may take it, although
    // the barrier on 46 still stands.
    let mut state = at(seed2(), "12,12,46,46/-/n,n,n,19/- mY6 s1 l- f- e- n9");
    assert_eq!(moves(&state), ["12+7", "46+7"]);
    play(&mut state, "12+7");
    assert_eq!(state.pending_bonus(), Some(20));
    assert_eq!(moves(&state), ["12+20", "19+20", "46+20"]);
}

#[test]
fn rule_5_a_six_opens_a_barrier_in_the_home_column() {
    // Spanish barriers stand on any square, the home column included: Yellow's pair on h1 is
    // a barrier, so the six (moved as 6, a piece is still in the nest) must move one of them.
    let spanish = Config::spanish(2);
    let state = at(spanish, "n,30,h1,h1/-/n,n,n,n/- mY6 s1 l- f- e- n9");
    assert_eq!(moves(&state), ["h1+6"]);
    // Under the seed's rules only safe track squares hold barriers: either piece may move.
    let state = at(seed2(), "n,30,h1,h1/-/n,n,n,n/- mY6 s1 l- f- e- n9");
    assert_eq!(moves(&state), ["30+6", "h1+6"]);
    // From h2 the six reaches the goal exactly: the pair must open that way.
    let state = at(spanish, "n,30,h2,h2/-/n,n,n,n/- mY6 s1 l- f- e- n9");
    assert_eq!(moves(&state), ["h2+6"]);
    // A home-column pair that cannot move with the six (h3 + 6 overshoots the goal) frees
    // the other pieces.
    let state = at(spanish, "n,30,h3,h3/-/n,n,n,n/- mY6 s1 l- f- e- n9");
    assert_eq!(moves(&state), ["30+6"]);
}

// ---- Rule 6: safe squares and barriers ----

#[test]
fn rule_6_no_landing_on_a_safe_square_held_by_another_colour() {
    let state = at(seed2(), "n,n,n,8/-/n,n,n,12/- mY4 s0 l- f- e- n9");
    assert_eq!(moves(&state), ["pass"]);
    // Passing it is fine.
    let state = at(seed2(), "n,n,n,8/-/n,n,n,12/- mY6 s1 l- f- e- n9");
    assert_eq!(moves(&state), ["8+6"]);
}

#[test]
fn rule_6_a_barrier_blocks_every_colour_its_own_included() {
    let state = at(seed2(), "n,n,n,10/-/n,n,12,12/- mY3 s0 l- f- e- n9");
    assert_eq!(moves(&state), ["pass"]);
    let state = at(seed2(), "n,10,12,12/-/n,n,n,n/- mY3 s0 l- f- e- n9");
    assert_eq!(moves(&state), ["12+3"]);
}

#[test]
fn rule_6_a_third_piece_cannot_join_a_barrier() {
    let state = at(seed2(), "n,9,12,12/-/n,n,n,n/- mY3 s0 l- f- e- n9");
    assert_eq!(moves(&state), ["12+3"]);
}

// ---- Rule 7: off the safe squares ----

#[test]
fn rule_7_same_colour_pieces_share_other_squares_without_a_barrier() {
    let mut state = at(seed2(), "8,10,10,10/-/n,n,n,n/- mY2 s0 l- f- e- n9");
    assert_eq!(moves(&state), ["8+2", "10+2"]);
    play(&mut state, "8+2");
    assert_eq!(yellow(&state), [Loc::Track(10); 4]);
    // Three Yellow pieces on 10 do not stop Red.
    let state = at(seed2(), "n,10,10,10/-/n,n,n,9/- mR3 s0 l- f- e- n9");
    assert_eq!(moves(&state), ["9+3"]);
}

#[test]
fn rule_7_landing_on_another_colour_off_the_safe_squares_captures() {
    let mut state = at(seed2(), "n,n,n,8/-/n,n,11,11/- mY3 s0 l- f- e- n9");
    assert_eq!(moves(&state), ["8+3"]);
    play(&mut state, "8+3");
    assert_eq!(red(&state), [Loc::Nest; 4]);
    assert_eq!(state.pending_bonus(), Some(20));
}

// ---- Rule 8: exit squares ----

#[test]
fn rule_8_an_exit_held_by_another_colour_blocks_coming_out() {
    let state = at(seed2(), "n,n,n,n/-/n,n,n,5/- mY5 s0 l- f- e- n9");
    assert_eq!(moves(&state), ["pass"]);
    // A full exit still blocks (seed rules).
    let state = at(seed2(), "n,n,n,n/-/n,n,5,5/- mY5 s0 l- f- e- n9");
    assert_eq!(moves(&state), ["pass"]);
}

#[test]
fn exit_capture_full_captures_the_foreign_piece_that_arrived_last() {
    let config = Config::spanish(4);
    for (last, captured, kept) in [
        ("B", Colour::Blue, Colour::Red),
        ("R", Colour::Red, Colour::Blue),
    ] {
        let text = format!("n,n,n,n/n,n,n,5/n,n,n,5/n,n,n,n mY5 s0 l- f- eY{last} n20");
        let mut state = at(config, &text);
        assert_eq!(moves(&state), ["out"]);
        play(&mut state, "out");
        assert_eq!(state.pieces(captured).unwrap(), [Loc::Nest; 4]);
        assert_eq!(state.pieces(kept).unwrap()[3], Loc::Track(5));
        assert_eq!(state.pending_bonus(), Some(20));
    }
    // Not full: the piece comes out beside the foreign one (Spanish rules share safe squares).
    let mut state = at(Config::spanish(2), "n,n,n,n/-/n,n,n,5/- mY5 s0 l- f- e- n9");
    play(&mut state, "out");
    assert_eq!(red(&state)[3], Loc::Track(5));
    assert_eq!(state.pending_bonus(), None);
    // With the seed's unshared safe squares, `full` captures every foreign piece on a full exit.
    let full = Config {
        exit_capture: ExitCapture::Full,
        ..seed2()
    };
    let state = at(full, "n,n,n,n/-/n,n,n,5/- mY5 s0 l- f- e- n9");
    assert_eq!(moves(&state), ["pass"]);
    let mut state = at(full, "n,n,n,n/-/n,n,5,5/- mY5 s0 l- f- e- n9");
    play(&mut state, "out");
    assert_eq!(red(&state), [Loc::Nest; 4]);
}

#[test]
fn exit_capture_always_captures_any_foreign_piece_on_the_exit() {
    let config = Config {
        exit_capture: ExitCapture::Always,
        ..seed2()
    };
    let mut state = at(config, "n,n,n,n/-/n,n,n,5/- mY5 s0 l- f- e- n9");
    assert_eq!(moves(&state), ["out"]);
    play(&mut state, "out");
    assert_eq!(red(&state), [Loc::Nest; 4]);
    assert_eq!(state.pending_bonus(), Some(20));
}

/// With shared safe squares but no exit captures (`exit_capture = blocked`), an exit already
/// holding two pieces in all (the colour's own and a foreign one) is full: a 5 cannot bring a
/// third piece out and is played normally; with only the foreign piece there it can.
#[test]
fn a_shared_exit_holding_two_pieces_is_full_without_exit_captures() {
    let sharing = Config {
        safe_sharing: true,
        exit_capture: ExitCapture::Blocked,
        ..seed2()
    };
    let state = at(sharing, "n,n,n,5/-/n,n,n,5/- mY5 s0 l- f- e- n9");
    assert_eq!(moves(&state), ["5+5"]);
    let mut state = at(sharing, "n,n,n,n/-/n,n,n,5/- mY5 s0 l- f- e- n9");
    assert_eq!(moves(&state), ["out"]);
    play(&mut state, "out");
    assert_eq!(yellow(&state)[3], Loc::Track(5));
    assert_eq!(red(&state)[3], Loc::Track(5));
    assert_eq!(state.pending_bonus(), None);
}

// ---- Rule 9: bonuses ----

#[test]
fn rule_9_a_capture_earns_a_twenty_bonus_played_before_the_extra_roll() {
    let mut state = at(seed2(), "n,n,10,30/-/n,n,n,16/- mY6 s1 l- f- e- n9");
    play(&mut state, "10+6");
    assert_eq!(state.pending_bonus(), Some(20));
    assert_eq!(state.turn(), Turn::Player(Seat::new(0)));
    assert_eq!(moves(&state), ["16+20", "30+20"]);
    play(&mut state, "30+20");
    assert_eq!(
        state.to_string(),
        "n,n,16,50/-/n,n,n,n/- rY s1 l16 f- e- n9"
    );
}

#[test]
fn rule_9_reaching_the_goal_earns_a_ten_bonus() {
    let mut state = at(seed2(), "n,n,30,h5/-/n,n,n,n/- mY3 s0 l- f- e- n9");
    play(&mut state, "h5+3");
    assert_eq!(state.pending_bonus(), Some(10));
    // Nest and goal pieces cannot take it; the bonus is one piece, not split.
    assert_eq!(moves(&state), ["30+10"]);
    play(&mut state, "30+10");
    assert_eq!(state.to_string(), "n,n,40,g/-/n,n,n,n/- rR s0 l- f- e- n9");
}

#[test]
fn rule_9_a_bonus_nobody_can_take_is_forfeited() {
    let mut state = at(seed2(), "n,n,n,h5/-/n,n,n,n/- mY3 s0 l- f- e- n9");
    play(&mut state, "h5+3");
    assert_eq!(moves(&state), ["pass"]);
    // A bonus obeys barriers too: Red's barrier on 22 stops 10 + 20.
    let state = at(seed2(), "n,n,n,10/-/n,n,22,22/- bY20 s0 l- f- e- n9");
    assert_eq!(moves(&state), ["pass"]);
}

#[test]
fn rule_9_a_bonus_move_that_captures_earns_another_bonus() {
    let mut state = at(seed2(), "n,n,n,10/-/n,n,15,30/- bY20 s0 l- f- e- n9");
    play(&mut state, "10+20");
    assert_eq!(state.pending_bonus(), Some(20));
    assert_eq!(moves(&state), ["30+20"]);
}

#[test]
fn optional_bonuses_may_be_declined() {
    let text = "n,n,n,10/-/n,n,15,40/- bY20 s0 l- f- e- n9";
    assert_eq!(moves(&at(seed2(), text)), ["10+20"]);
    let optional = Config {
        optional_bonuses: true,
        ..seed2()
    };
    assert_eq!(moves(&at(optional, text)), ["10+20", "pass"]);
}

// ---- Rule 10: the home column ----

#[test]
fn rule_10_the_home_column_is_private_without_barriers() {
    // Seed rules: two Yellow pieces on h1 do not stop a third passing or joining.
    let state = at(seed2(), "n,h1,h1,66/-/n,n,n,n/- mY3 s0 l- f- e- n9");
    assert_eq!(moves(&state), ["66+3", "h1+3"]);
    let state = at(seed2(), "n,h1,h1,66/-/n,n,n,n/- mY4 s0 l- f- e- n9");
    assert_eq!(moves(&state), ["66+4", "h1+4"]);
    // Spanish rules: they form a barrier there.
    let state = at(
        Config::spanish(2),
        "n,h1,h1,66/-/n,n,n,n/- mY4 s0 l- f- e- n9",
    );
    assert_eq!(moves(&state), ["h1+4"]);
}

/// A home-column barrier (Spanish rules) blocks only the moves that reach or pass it: a piece
/// may land on the square just before it, whether entering the column from the track or
/// moving inside it.
#[test]
fn rule_10_a_piece_may_stop_just_short_of_a_home_column_barrier() {
    let spanish = Config::spanish(2);
    // From 67 (one step before the entry square 68), a 2 lands on h1, short of the pair on h2.
    let mut state = at(spanish, "n,67,h2,h2/-/n,n,n,n/- mY2 s0 l- f- e- n9");
    assert_eq!(moves(&state), ["67+2", "h2+2"]);
    play(&mut state, "67+2");
    assert_eq!(
        yellow(&state),
        [Loc::Nest, Loc::Home(1), Loc::Home(2), Loc::Home(2)]
    );
    // A 3 from 67 would land on the barrier itself.
    let state = at(spanish, "n,67,h2,h2/-/n,n,n,n/- mY3 s0 l- f- e- n9");
    assert_eq!(moves(&state), ["h2+3"]);
    // Inside the column: h1 + 1 lands on h2, short of the pair on h3.
    let mut state = at(spanish, "n,h1,h3,h3/-/n,n,n,n/- mY1 s0 l- f- e- n9");
    assert_eq!(moves(&state), ["h1+1", "h3+1"]);
    play(&mut state, "h1+1");
    assert_eq!(
        yellow(&state),
        [Loc::Nest, Loc::Home(2), Loc::Home(3), Loc::Home(3)]
    );
    // h1 + 2 would land on it.
    let state = at(spanish, "n,h1,h3,h3/-/n,n,n,n/- mY2 s0 l- f- e- n9");
    assert_eq!(moves(&state), ["h3+2"]);
}

// ---- Rule 11: pass ----

#[test]
fn rule_11_no_legal_move_is_an_explicit_pass() {
    let mut state = at(seed2(), "n,n,n,n/-/n,n,n,n/- mY3 s0 l- f- e- n9");
    assert_eq!(moves(&state), ["pass"]);
    play(&mut state, "pass");
    assert_eq!(state.to_string(), "n,n,n,n/-/n,n,n,n/- rR s0 l- f- e- n9");
}

// ---- Rule 12: the end ----

#[test]
fn rule_12_the_first_to_bring_four_pieces_home_wins() {
    let mut state = at(seed2(), "g,g,g,h6/-/n,n,n,10/- mY2 s0 l- f- e- n9");
    play(&mut state, "h6+2");
    assert_eq!(state.turn(), Turn::Terminal);
    let outcome = state.outcome().unwrap();
    assert_eq!(outcome.winner(), Some(Seat::new(0)));
    assert_eq!(state.to_string(), "g,g,g,g/-/n,n,n,10/- xY s0 l- fY e- n9");
}

#[test]
fn finish_ranking_plays_on_to_a_full_ranking() {
    let config = Config {
        finish: Finish::Ranking,
        ..Config::seed(3)
    };
    // Seats: Yellow 0, Red 1, Blue 2 (clockwise).
    let mut state = at(config, "g,g,g,h6/n,n,n,10/n,n,n,20/- mY2 s0 l- f- e- n9");
    play(&mut state, "h6+2");
    assert_eq!(state.turn(), Turn::Chance);
    assert_eq!(state.seat_to_play(), Some(Seat::new(1)));
    assert_eq!(state.pending_bonus(), None, "finishing ends the turn");
    let mut state = at(config, "g,g,g,g/g,g,g,h6/n,n,n,20/- mB2 s0 l- fY e- n50");
    play(&mut state, "h6+2");
    let outcome = state.outcome().unwrap();
    assert_eq!(outcome.ranks().as_slice(), [0, 2, 1]);
    // Finished seats are skipped in turn order.
    let mut state = at(config, "g,g,g,g/n,n,n,h6/n,n,n,20/- mR2 s0 l- fY e- n50");
    play(&mut state, "20+2");
    assert_eq!(state.seat_to_play(), Some(Seat::new(2)));
    let mut state = at(config, "g,g,g,g/n,n,n,h6/n,n,n,20/- mB1 s0 l- fY e- n50");
    play(&mut state, "h6+1");
    assert_eq!(state.seat_to_play(), Some(Seat::new(1)));
}

// ---- The length guard ----

#[test]
fn length_guard_ends_the_game_ranked_by_progress() {
    let config = Config {
        max_rolls: 10,
        ..seed2()
    };
    let state = at(config, "n,n,10,20/-/n,n,n,39/- rY s0 l- f- e- n10");
    assert_eq!(state.turn(), Turn::Terminal);
    // Yellow: 6 + 16 steps; Red: 1 step.
    assert_eq!(state.outcome().unwrap().winner(), Some(Seat::new(0)));
    assert_eq!(Parchis::max_game_length(&config), Some(180));
    let state = at(config, "n,n,10,20/-/n,n,n,39/- rY s0 l- f- e- n9");
    assert_eq!(state.turn(), Turn::Chance);
}

#[test]
fn exit_capture_full_tracks_the_order_of_arrival() {
    let mut state = at(
        Config::spanish(4),
        "n,n,n,n/n,n,n,3/n,n,n,1/n,n,n,n mB2 s0 l- f- e- n20",
    );
    play(&mut state, "3+2");
    assert!(
        state.to_string().contains(" e- "),
        "one foreign colour needs no order: {state}"
    );
    roll(&mut state, 4);
    play(&mut state, "1+4");
    assert!(
        state.to_string().contains(" eYR "),
        "Red arrived last on Yellow's exit: {state}"
    );
    roll(&mut state, 1);
    play(&mut state, "pass"); // Green
    roll(&mut state, 5);
    play(&mut state, "out");
    assert_eq!(red(&state), [Loc::Nest; 4]);
    assert_eq!(state.pieces(Colour::Blue).unwrap()[3], Loc::Track(5));
    assert!(state.to_string().contains(" e- "), "{state}");
}

// ---- Ends of turns and of games (survivors of the full mutation run, parchis 15/16) ----

#[test]
fn a_move_without_capture_or_goal_passes_the_turn_without_a_bonus() {
    let mut state = at(seed2(), "n,n,10,20/-/n,n,n,39/- mY2 s0 l- f- e- n5");
    play(&mut state, "10+2");
    assert_eq!(state.pending_bonus(), None);
    assert_eq!(state.turn(), Turn::Chance);
    assert_eq!(state.seat_to_play(), Some(Seat::new(1)));
}

#[test]
fn finish_ranking_with_two_players_ends_when_the_first_finishes() {
    let config = Config {
        finish: Finish::Ranking,
        ..seed2()
    };
    let mut state = at(config, "g,g,g,h6/-/n,n,n,10/- mY2 s0 l- f- e- n9");
    play(&mut state, "h6+2");
    assert_eq!(state.turn(), Turn::Terminal, "one player left: {state}");
    assert_eq!(state.outcome().unwrap().ranks().as_slice(), [0, 1]);
}

#[test]
fn length_guard_ranks_finished_players_first_in_their_finishing_order() {
    let config = Config {
        finish: Finish::Ranking,
        max_rolls: 10,
        ..Config::seed(4)
    };
    let state = at(
        config,
        "g,g,g,g/g,g,g,g/n,n,n,20/n,n,10,30 rG s0 l- fYB e- n10",
    );
    assert_eq!(state.turn(), Turn::Terminal);
    let (first, second) = (state.finished()[0], state.finished()[1]);
    let outcome = state.outcome().unwrap();
    let ranks = outcome.ranks();
    assert_eq!(ranks[first], 0, "{state}");
    assert_eq!(ranks[second], 1, "{state}");
    let unfinished: Vec<_> = (0..4)
        .filter(|&s| s != first.index() && s != second.index())
        .collect();
    assert!(
        unfinished.iter().all(|&s| ranks[Seat::new(s)] >= 2),
        "{ranks:?}"
    );
}

#[test]
fn the_length_guard_bounds_the_game_only_when_it_is_set() {
    let unguarded = Config {
        max_rolls: 0,
        ..seed2()
    };
    assert_eq!(Parchis::max_game_length(&unguarded), None);
    let guarded = Config {
        max_rolls: 1,
        ..seed2()
    };
    assert_eq!(Parchis::max_game_length(&guarded), Some(18));
}

/// With no length guard (`max_rolls = 0`) no roll count cuts the game short: the start is
/// the roll-off, and a position deep into a game is still waiting for its roll.
#[test]
fn without_a_length_guard_the_game_is_never_cut_short() {
    let unguarded = Config {
        max_rolls: 0,
        ..seed2()
    };
    let start = Parchis::new(unguarded).unwrap();
    assert_eq!(start.turn(), Turn::Chance);
    assert_eq!(start.outcome(), None);
    let late =
        Parchis::from_notation("n,n,n,12/-/n,n,n,30/- rY s0 l- f- e- n5000", &unguarded).unwrap();
    assert_eq!(late.turn(), Turn::Chance);
    assert_eq!(late.outcome(), None);
}

// ---- Accessors: the die to play, the sixes in a row, the static evaluation ----

/// `die()` is the rolled die while it waits to be played, and `None` before the roll and
/// after the move; `sixes()` counts the sixes rolled in a row, this one included.
#[test]
fn die_and_sixes_follow_the_rolls_of_a_turn() {
    let mut state = at(seed2(), "n,n,n,10/-/n,n,n,n/- rY s0 l- f- e- n9");
    assert_eq!(state.die(), None);
    assert_eq!(state.sixes(), 0);
    roll(&mut state, 6);
    assert_eq!(state.die(), Some(Die::SIX));
    assert_eq!(state.sixes(), 1);
    play(&mut state, "10+6");
    assert_eq!(state.die(), None);
    assert_eq!(state.sixes(), 1);
    roll(&mut state, 6);
    assert_eq!(state.die(), Some(Die::SIX));
    assert_eq!(state.sixes(), 2);
    play(&mut state, "16+6");
    roll(&mut state, 3);
    assert_eq!(state.die(), Some(Die::of(3)));
}

/// The evaluation is the seat's progress minus the best opponent's: Yellow's pieces on 10
/// (6 steps from its exit on 5), home-column 7 (71) and the goal (100) make 177 against
/// Red's piece on 47 (9 steps from its exit on 39).
#[test]
fn evaluation_is_progress_minus_the_best_opponents() {
    let state = at(seed2(), "n,10,h7,g/-/n,n,n,47/- rY s0 l- f- e- n9");
    let yellow = state.seat_of(Colour::Yellow).unwrap();
    let red = state.seat_of(Colour::Red).unwrap();
    assert_eq!(state.evaluation(yellow), 177 - 9);
    assert_eq!(state.evaluation(red), 9 - 177);
}

/// A finished game is worth 10 000 per point of the seat's zero-sum return: with four
/// players and one winner, +30 000 for the winner and −10 000 for each of the others.
#[test]
fn evaluation_of_a_finished_game_is_ten_thousand_per_point_of_return() {
    let state = at(
        Config::seed(4),
        "g,g,g,g/n,n,n,n/n,n,n,n/n,n,n,n xY s0 l- fY e- n100",
    );
    assert!(state.outcome().is_some());
    for (colour, value) in [
        (Colour::Yellow, 30_000),
        (Colour::Blue, -10_000),
        (Colour::Red, -10_000),
        (Colour::Green, -10_000),
    ] {
        assert_eq!(
            state.evaluation(state.seat_of(colour).unwrap()),
            value,
            "{colour:?}"
        );
    }
}
