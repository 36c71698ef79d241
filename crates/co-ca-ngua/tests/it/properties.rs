//! Chance perft with the exact probability-mass check, and proptest invariants driven by a
//! move-index tape (moves and chance outcomes both picked by index).

use boardgame_core::perft::{chance_perft, divide, perft};
use boardgame_core::{Configure, Game, Seat};
use co_ca_ngua::{CoCaNgua, Config, SquareKind};
use proptest::prelude::*;

fn at(text: &str, config: &Config) -> CoCaNgua {
    CoCaNgua::from_notation(text, config).unwrap()
}

/// `(leaves, decision edges, chance edges)` of chance perft 7 from the start, for 2, 3 and 4
/// players: the seed's values, the same at `df4ea3b` (before issue 15) as now. The roll-off,
/// the forced exit on a 5 and the passes decide them, so a change of any rule on that path
/// moves one of them.
const START_PERFT_7: [(u8, u64, u64, u64); 3] = [
    (2, 20_736, 2_340, 24_882),
    (3, 31_536, 15_030, 37_842),
    (4, 117_936, 5_400, 141_522),
];

#[test]
fn chance_perft_from_the_start_has_exact_mass() {
    for (players, leaves, decisions, chances) in START_PERFT_7 {
        let start = CoCaNgua::new(Config::with_players(players)).unwrap();
        let stats = chance_perft(&start, 7);
        assert!(stats.is_mass_exact(), "{players} players: {stats:?}");
        assert_eq!(stats.leaves, perft(&start, 7));
        assert_eq!(
            (
                stats.leaves,
                stats.decision_edges,
                stats.chance_edges,
                stats.terminals
            ),
            (leaves, decisions, chances, 0),
            "{players} players"
        );
    }
}

#[test]
fn chance_perft_mid_game_has_exact_mass() {
    let config = Config::with_players(4);
    for text in [
        "3,40/0,56/5,48/1,62 r0 t0.0 n40",
        "0,40/0,60/0,0/0,0 r0 t0.0 n9",
        "54,57/0,56/0,0/61,62 r3 t1.0 n30",
    ] {
        let state = at(text, &config);
        let stats = chance_perft(&state, 6);
        assert!(stats.is_mass_exact(), "{text}: {stats:?}");
        assert_eq!(stats.leaves, perft(&state, 6), "{text}");
        let mut decision = state.clone();
        decision.apply_chance(co_ca_ngua::Roll::die(6)).unwrap();
        let total: u64 = divide(&decision, 5).iter().map(|(_, n)| n).sum();
        assert_eq!(total, perft(&decision, 5), "{text}");
    }
}

#[test]
fn chance_perft_traditional_has_exact_mass() {
    let mut config = Config::preset("traditional").unwrap();
    for players in [2, 4] {
        config.players = players;
        let start = CoCaNgua::new(config).unwrap();
        let stats = chance_perft(&start, 6);
        assert!(stats.is_mass_exact(), "{players} players: {stats:?}");
    }
    // Horses on the last square of the lap and in the chuồng.
    config.players = 2;
    let state = at("10,20,48,50/0,0,12,30 r0 t0.0 n20", &config);
    let stats = chance_perft(&state, 6);
    assert!(stats.is_mass_exact(), "{stats:?}");
    assert_eq!(stats.leaves, perft(&state, 6));
    // Pinned when the preset was written (a change of a chuồng or no-jumping rule moves them).
    assert_eq!(
        (stats.leaves, stats.decision_edges, stats.chance_edges),
        (2_428, 2_621, 1_164)
    );
}

#[test]
fn chance_perft_traditional_two_dice_has_exact_mass() {
    let mut config = Config::preset("traditional").unwrap();
    config.set("dice", "2").unwrap();
    for players in [2, 4] {
        config.players = players;
        let start = CoCaNgua::new(config).unwrap();
        let stats = chance_perft(&start, 4);
        assert!(stats.is_mass_exact(), "{players} players: {stats:?}");
    }
    // Horses on the track, on the last square of the lap and in the chuồng.
    config.players = 2;
    let state = at("10,20,48,50/0,0,12,30 r0 t0.0 n20", &config);
    let stats = chance_perft(&state, 4);
    assert!(stats.is_mass_exact(), "{stats:?}");
    assert_eq!(stats.leaves, perft(&state, 4));
    assert_eq!(
        (stats.leaves, stats.decision_edges, stats.chance_edges),
        (1_768, 1_809, 882)
    );
}

/// Plays a tape from a fresh game, checking the invariants after every event.
fn run_tape(config: Config, tape: &[u16]) -> Result<(), TestCaseError> {
    let mut state = CoCaNgua::new(config).unwrap();
    let n = state.num_seats();
    for &index in tape {
        let before = state.clone();
        match state.turn() {
            boardgame_core::Turn::Terminal => break,
            boardgame_core::Turn::Chance => {
                let dist = state.chance_outcomes().unwrap();
                let (die, _) = dist.outcomes()[usize::from(index) % dist.len()];
                state.apply_chance(die).unwrap();
            }
            boardgame_core::Turn::Player(_) => {
                let moves = state.legal_moves_vec();
                let mv = moves[usize::from(index) % moves.len()];
                state.play(mv).unwrap();
            }
        }
        let board = state.board();
        let end = board.end();
        let safe = |s: &CoCaNgua, seat: usize| {
            s.pieces(Seat::new(seat))
                .iter()
                .filter(|&&p| p != 0 && board.is_safe(p))
                .count()
        };
        for seat in 0..n {
            let pieces = state.pieces(Seat::new(seat));
            // `pieces` per colour, each in the nest, on its path or in the centre.
            prop_assert_eq!(pieces.len(), usize::from(state.config().pieces));
            prop_assert!(pieces.iter().all(|&p| p <= end));
            prop_assert!(pieces.windows(2).all(|w| w[0] <= w[1]));
            // No capture inside the safe area: safe pieces never go back to the nest.
            prop_assert!(
                safe(&state, seat) >= safe(&before, seat),
                "{} -> {}",
                before,
                state
            );
            if Some(Seat::new(seat)) != before.turn().seat() {
                for &p in before.pieces(Seat::new(seat)) {
                    if p != 0 && board.is_safe(p) {
                        prop_assert!(
                            pieces.contains(&p),
                            "a safe piece of seat {} moved: {} -> {}",
                            seat,
                            before,
                            state
                        );
                    }
                }
            }
        }
        // The ring never passes (or lands on) another player's piece.
        if let Some(mover) = before.turn().seat() {
            let colour = usize::from(state.colour(mover));
            let old = before.pieces(mover);
            let new = state.pieces(mover);
            if let (Some(&from), Some(&to)) = (
                old.iter().find(|p| !new.contains(p)),
                new.iter().find(|p| !old.contains(p)),
            ) {
                for step in (from.max(1) + 1)..=to {
                    let square = board.square(colour, step);
                    if !matches!(board.kind(square), SquareKind::Ring(_)) {
                        continue;
                    }
                    for other in (0..n).filter(|&s| s != mover.index()) {
                        let c = usize::from(state.colour(Seat::new(other)));
                        for &q in before.pieces(Seat::new(other)) {
                            prop_assert!(
                                q == 0 || board.square(c, q) != square,
                                "passed seat {}'s piece: {} -> {}",
                                other,
                                before,
                                state
                            );
                        }
                    }
                }
            }
        }
        let text = state.to_string();
        prop_assert_eq!(
            &CoCaNgua::from_notation(&text, state.config()).unwrap(),
            &state
        );
    }
    Ok(())
}

fn configs() -> impl Strategy<Value = Config> {
    (
        2u8..=4,
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        0usize..3,
        1u8..=4,
        any::<bool>(),
        1u8..=2,
    )
        .prop_map(
            |(players, seven, after_pass, illegal, capture, pieces, traditional, dice)| {
                // Either the seed rules or the traditional preset (4 horses and the chuồng by
                // default), then the switches below on top, with 1..=4 pieces and 1 or 2 dice.
                let mut config = if traditional {
                    Config::preset("traditional").unwrap()
                } else {
                    Config::default()
                };
                config.players = players;
                config.pieces = pieces;
                config.six_as_seven = seven;
                config.six_after_pass = after_pass;
                config.dice = dice;
                config
                    .set("ring_block", if illegal { "illegal" } else { "cut" })
                    .unwrap();
                config
                    .set("exit_capture", ["capture", "optional", "blocked"][capture])
                    .unwrap();
                config
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn invariants_hold_along_any_tape(config in configs(), tape in proptest::collection::vec(any::<u16>(), 0..300)) {
        run_tape(config, &tape)?;
    }

    #[test]
    fn invariants_hold_deep_into_four_player_games(tape in proptest::collection::vec(any::<u16>(), 300..1200)) {
        run_tape(Config::with_players(4), &tape)?;
    }
}
