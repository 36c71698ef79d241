//! The 2-dice variant (`dice = 2`, issue 15): one named test per rule of
//! docs/rules/co-ca-ngua.md, mostly on the `traditional` preset with two dice.
//!
//! Progress under `traditional` (2 players: seat 0 colour 0 exits on T0, seat 1 colour 2 on
//! T24): 1 = exit square, 48 = the last square of the lap (`T47` for seat 0), 49..=54 =
//! chuồng steps 1..=6 (`L0`..`L5` in moves).

use crate::common::{at, configured, moves, play};
use boardgame_core::{ConfigError, Configure, DicePair, Game, Seat, Turn};
use co_ca_ngua::roll::{ONE_DIE, TWO_DICE};
use co_ca_ngua::{CoCaNgua, Config, Roll};

fn two_dice(settings: &[(&str, &str)]) -> Config {
    let config = configured(Config::preset("traditional").unwrap(), &[("dice", "2")]);
    configured(config, settings)
}

const S0: Seat = Seat::new(0);
const S1: Seat = Seat::new(1);

/// Every unordered pair of dice.
fn pairs() -> impl Iterator<Item = (u8, u8)> {
    (1..=6u8).flat_map(|a| (a..=6).map(move |b| (a, b)))
}

/// Seat 0 with three horses in the nest and one on T9, to move with the dice `a-b`.
fn nest_and_t9(a: u8, b: u8) -> CoCaNgua {
    at(
        &format!("0,0,0,10/0,0,0,0 m0{a}-{b} t0.0 n10"),
        &two_dice(&[]),
    )
}

#[test]
fn two_dice_release_on_a_one_on_either_die() {
    for b in 1..=6 {
        let state = nest_and_t9(1, b);
        assert_eq!(moves(&state), ["exit", &format!("T9+{}", 1 + b)], "1-{b}");
    }
    // The order of the dice does not matter: 4-1 is the roll 1-4.
    assert_eq!(nest_and_t9(4, 1), nest_and_t9(1, 4));
}

#[test]
fn two_dice_release_on_a_six_on_either_die() {
    for a in 1..=6 {
        let state = nest_and_t9(a, 6);
        assert_eq!(moves(&state)[0], "exit", "{a}-6");
    }
    assert_eq!(moves(&nest_and_t9(6, 3)), ["exit", "T9+9"]);
}

#[test]
fn two_dice_release_on_doubles() {
    for v in 1..=6 {
        let state = nest_and_t9(v, v);
        assert_eq!(moves(&state), ["exit", &format!("T9+{}", 2 * v)], "{v}-{v}");
    }
}

#[test]
fn two_dice_no_release_on_a_roll_without_one_six_or_doubles() {
    for (a, b) in pairs().filter(|&(a, b)| a != b && ![a, b].contains(&1) && b != 6) {
        let state = nest_and_t9(a, b);
        assert_eq!(moves(&state), [format!("T9+{}", a + b)], "{a}-{b}");
    }
    // The release set is the switch's: with `release_rolls=6` a 1 no longer releases, doubles
    // still do.
    let config = two_dice(&[("release_rolls", "6")]);
    let text = "0,0,0,10/0,0,0,0 m01-3 t0.0 n10";
    assert_eq!(moves(&at(text, &config)), ["T9+4"]);
    let text = "0,0,0,10/0,0,0,0 m02-2 t0.0 n10";
    assert_eq!(moves(&at(text, &config)), ["exit", "T9+4"]);
}

#[test]
fn two_dice_release_uses_the_whole_roll() {
    // 1-3 releases a horse and the turn ends: the 3 does not move another horse.
    let mut state = nest_and_t9(1, 3);
    play(&mut state, "exit");
    assert_eq!(state.pieces(S0), [0, 0, 1, 10]);
    assert_eq!(state.turn(), Turn::Chance);
    assert_eq!(state.seat_to_play(), Some(S1));
}

#[test]
fn two_dice_a_horse_moves_by_the_sum() {
    let mut state = nest_and_t9(4, 5);
    assert_eq!(state.steps(S0, Roll::dice(4, 5)), 9);
    play(&mut state, "T9+9");
    assert_eq!(state.pieces(S0), [0, 0, 0, 19]);
    // Not each die separately: neither T9+4 nor T9+5 is a move.
    let state = nest_and_t9(4, 5);
    for text in ["T9+4", "T9+5"] {
        assert!(!state.is_legal(text.parse().unwrap()), "{text}");
    }
    // No jumping applies to the whole sum: a horse on T15 blocks T9+9.
    let text = "0,0,10,16/0,0,0,0 m04-5 t0.0 n10";
    assert_eq!(moves(&at(text, &two_dice(&[]))), ["T15+9"]);
    // A 6 stays 6 in the sum even under `six_as_seven` (a one-die rule).
    let config = two_dice(&[("six_as_seven", "true")]);
    let state = at("10,20,30,40/0,0,0,0 m06-6 t0.0 n10", &config);
    assert_eq!(state.steps(S0, Roll::dice(6, 6)), 12);
}

#[test]
fn two_dice_one_die_alone_only_when_no_horse_can_move_the_sum() {
    let config = two_dice(&[]);
    // The horse on T46, one square short of the last square of its lap, cannot move the sum
    // 5 (it would pass that square), so it may move the 1 alone; the 4 alone would pass too.
    let mut state = at("0,0,0,47/0,0,0,0 m01-4 t0.0 n10", &config);
    assert_eq!(moves(&state), ["exit", "T46+1"]);
    play(&mut state, "T46+1");
    assert_eq!(state.pieces(S0), [0, 0, 0, 48]);
    assert_eq!(state.seat_to_play(), Some(S1));
    // No die alone fits either: pass.
    let state = at("0,0,0,47/0,0,0,0 m02-3 t0.0 n10", &config);
    assert_eq!(moves(&state), ["pass"]);
    // Nothing moves the sum 9, so either die alone takes the horse on T47 into the chuồng.
    let state = at("47,47,47,48/0,0,0,0 m04-5 t0.0 n10", &config);
    assert_eq!(moves(&state), ["T47+4", "T47+5"]);
    // While some horse can move the sum, no die is played alone.
    let state = at("10,20,30,48/0,0,0,0 m04-5 t0.0 n10", &config);
    assert_eq!(moves(&state), ["T9+9", "T19+9", "T29+9"]);
    assert!(!state.is_legal("T47+4".parse().unwrap()));
}

#[test]
fn two_dice_extra_roll_on_doubles_and_not_otherwise() {
    for (a, b) in pairs() {
        let mut state = nest_and_t9(a, b);
        let mv = moves(&state).last().unwrap().clone();
        play(&mut state, &mv);
        let expected = if a == b { S0 } else { S1 };
        assert_eq!(state.seat_to_play(), Some(expected), "{a}-{b} then {mv}");
        assert_eq!(state.turn(), Turn::Chance);
    }
    // A 1 on one die is no extra roll even under `extra_roll_on_one` (a one-die rule).
    let config = two_dice(&[("extra_roll_on_one", "true")]);
    let mut state = at("0,0,0,10/0,0,0,0 m01-2 t0.0 n10", &config);
    play(&mut state, "T9+3");
    assert_eq!(state.seat_to_play(), Some(S1));
    // Doubles that cannot be played still roll again (`six_after_pass`): all horses in the
    // chuồng, on steps 2, 3, 4 and 6, and the sum 4 moves none of them.
    let mut state = at("50,51,52,54/0,0,0,0 m02-2 t0.0 n10", &two_dice(&[]));
    assert_eq!(moves(&state), ["pass"]);
    play(&mut state, "pass");
    assert_eq!(state.seat_to_play(), Some(S0));
}

#[test]
fn two_dice_chuong_uses_the_sum_exactly() {
    let config = two_dice(&[]);
    // From the last square of the lap the sum n goes to step n: 2-3 to step 5.
    let mut state = at("10,20,30,48/0,0,0,0 m02-3 t0.0 n10", &config);
    play(&mut state, "T47+5");
    assert_eq!(state.pieces(S0)[3], 53);
    // A sum above 6 cannot enter the 6-step chuồng.
    let state = at("10,20,30,48/0,0,0,0 m03-4 t0.0 n10", &config);
    assert_eq!(moves(&state), ["T9+7", "T19+7", "T29+7"]);
    // Inside, from step 2 only the sum 3 moves it up one step.
    let mut state = at("0,0,0,50/0,0,0,0 m01-2 t0.0 n10", &config);
    assert_eq!(moves(&state), ["exit", "L1+3"]);
    play(&mut state, "L1+3");
    assert_eq!(state.pieces(S0), [0, 0, 0, 51]);
    let state = at("0,0,0,50/0,0,0,0 m02-2 t0.0 n10", &config);
    assert_eq!(moves(&state), ["exit"]);
}

#[test]
fn two_dice_roll_off_compares_the_sums() {
    let mut state = CoCaNgua::new(two_dice(&[])).unwrap();
    state.apply_chance(Roll::dice(6, 1)).unwrap();
    state.apply_chance(Roll::dice(4, 4)).unwrap();
    assert_eq!(state.seat_to_play(), Some(S1));
    // Equal sums tie, and the tied seats roll again.
    let mut state = CoCaNgua::new(two_dice(&[])).unwrap();
    state.apply_chance(Roll::dice(3, 4)).unwrap();
    state.apply_chance(Roll::dice(2, 5)).unwrap();
    assert!(state.roll_off().is_some());
    assert_eq!(state.seat_to_play(), None);
}

#[test]
fn two_dice_chance_outcomes_are_21_pairs_weighing_1_or_2_of_36() {
    let state = CoCaNgua::new(two_dice(&[])).unwrap();
    let dist = state.chance_outcomes().unwrap();
    assert_eq!(dist, TWO_DICE);
    assert_eq!(dist.len(), 21);
    assert_eq!(dist.total(), 36);
    assert_eq!(dist.iter().map(|(_, w)| w).sum::<u32>(), 36);
    for (a, b) in pairs() {
        let weight = if a == b { 1 } else { 2 };
        assert_eq!(dist.weight(&Roll::dice(a, b)), weight, "{a}-{b}");
        assert_eq!(dist.weight(&Roll::dice(b, a)), weight, "{b}-{a}");
    }
    assert_eq!(dist.weight(&Roll::die(3)), 0);
    // Each weight is the number of the 36 ordered throws that give the pair.
    for (roll, weight) in dist.iter() {
        let throws = (1..=6u8)
            .flat_map(|a| (1..=6u8).map(move |b| Roll::from(DicePair::of(a, b))))
            .filter(|&throw| throw == roll)
            .count();
        assert_eq!(u32::try_from(throws).unwrap(), weight, "{roll}");
    }
    // The one-die game is unchanged: 6 faces, weight 1 each.
    let one = CoCaNgua::new(Config::preset("traditional").unwrap()).unwrap();
    assert_eq!(one.chance_outcomes().unwrap(), ONE_DIE);
    assert_eq!(ONE_DIE.total(), 6);
    // Chance refuses a roll of the other kind.
    let mut state = CoCaNgua::new(two_dice(&[])).unwrap();
    assert!(state.apply_chance(Roll::die(3)).is_err());
}

#[test]
fn two_dice_third_double_in_a_row_sends_the_last_moved_piece_home() {
    // The seed rules with two dice: `triple_six` counts doubles. Seat 0 rolled two doubles
    // and moved the piece now on progress 20 last; a third double sends it home.
    let config = configured(Config::default(), &[("dice", "2")]);
    let mut state = at("10,20/0,0 r0 t2.20 n30", &config);
    state.apply_chance(Roll::dice(3, 3)).unwrap();
    assert_eq!(state.pieces(S0), [0, 10]);
    assert_eq!(state.seat_to_play(), Some(S1));
}

#[test]
fn two_dice_setting_and_notation() {
    // The key, its default in every preset, and refused values.
    for preset in Config::PRESETS {
        assert_eq!(
            Config::preset(preset.name)
                .unwrap()
                .value("dice")
                .as_deref(),
            Some("1")
        );
    }
    let mut config = Config::default();
    config.set("dice", "2").unwrap();
    assert_eq!(config.dice, 2);
    assert!(config.set("dice", "3").is_err());
    config.dice = 3;
    assert!(matches!(
        CoCaNgua::new(config),
        Err(ConfigError::Invalid { key: "dice", .. })
    ));
    // State lines: `m<seat><low>-<high>`, either order read; the kind of roll must match.
    let config = two_dice(&[]);
    let state = at("0,0,0,10/0,0,0,0 m05-3 t0.0 n10", &config);
    assert_eq!(state.to_string(), "0,0,0,10/0,0,0,0 m03-5 t0.0 n10");
    assert_eq!(state.roll(), Some(Roll::dice(3, 5)));
    assert!(format!("{state:#}").contains("seat 0 moves 8 (dice 3-5)"));
    for bad in ["m03", "m03-", "m03-7", "m035"] {
        let text = format!("0,0,0,10/0,0,0,0 {bad} t0.0 n10");
        assert!(CoCaNgua::from_notation(&text, &config).is_err(), "{bad}");
    }
    let one = Config::preset("traditional").unwrap();
    let text = "0,0,0,10/0,0,0,0 m03-5 t0.0 n10";
    assert!(CoCaNgua::from_notation(text, &one).is_err());
    // Moves take steps up to 12.
    let mv: co_ca_ngua::Move = "T9+12".parse().unwrap();
    assert_eq!(mv.to_string(), "T9+12");
}
