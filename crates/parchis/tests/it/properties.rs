//! Property tests over random games driven by a move-index tape: every chance outcome and
//! every move is picked by an index from the tape (`idx % len`), so failures shrink to
//! short games.

use boardgame_core::{Game, Turn};
use parchis::{Colour, Config, Loc, Move, Parchis};
use proptest::prelude::*;

/// The squares a move passes and lands on, walked step by step independently of the engine:
/// `Track(s)` and `Home(h)` locations, ending with the destination.
fn path(colour: Colour, from: Loc, distance: u8) -> Vec<Loc> {
    let mut out = Vec::new();
    let mut here = from;
    for _ in 0..distance {
        here = match here {
            Loc::Track(s) if s == colour.entry_square() => Loc::Home(1),
            Loc::Track(s) => Loc::Track(s % 68 + 1),
            Loc::Home(7) => Loc::Goal,
            Loc::Home(h) => Loc::Home(h + 1),
            other => panic!("no step from {other:?}"),
        };
        out.push(here);
    }
    out
}

/// Barrier locations as seen by `mover`: two pieces of one colour on a safe square (seed)
/// or on any track square and in the mover's own home column (Spanish).
fn barriers(state: &Parchis, mover: Colour, everywhere: bool) -> Vec<Loc> {
    let mut out = Vec::new();
    for &colour in state.colours() {
        let pieces = state.pieces(colour).unwrap();
        for (i, &loc) in pieces.iter().enumerate() {
            if i > 0 && pieces[i - 1] == loc && !out.contains(&loc) {
                let counts = match loc {
                    Loc::Track(s) => everywhere || parchis::board::is_safe(s),
                    Loc::Home(_) => everywhere && colour == mover,
                    _ => false,
                };
                if counts {
                    out.push(loc);
                }
            }
        }
    }
    out
}

fn check_invariants(state: &Parchis, spanish: bool) {
    // Every piece stands somewhere real: a track square 1..=68 or a home-column square 1..=7.
    let text = state.to_string();
    for &colour in state.colours() {
        for loc in state.pieces(colour).unwrap() {
            match loc {
                Loc::Track(square) => assert!((1..=68).contains(&square), "{loc:?} in {text}"),
                Loc::Home(square) => assert!((1..=7).contains(&square), "{loc:?} in {text}"),
                _ => {}
            }
        }
    }
    // Square occupancy.
    let mut squares: Vec<(Loc, Colour)> = Vec::new();
    for &colour in state.colours() {
        for loc in state.pieces(colour).unwrap() {
            if let Loc::Track(_) = loc {
                squares.push((loc, colour));
            }
            if let (Loc::Home(_), true) = (loc, spanish) {
                squares.push((loc, colour));
            }
        }
    }
    for &(loc, colour) in &squares {
        let here: Vec<Colour> = squares
            .iter()
            .filter(|(l, c)| *l == loc && (matches!(l, Loc::Track(_)) || *c == colour))
            .map(|&(_, c)| c)
            .collect();
        if spanish {
            assert!(here.len() <= 2, "more than two pieces on {loc:?} in {text}");
        } else {
            assert!(
                here.iter().all(|&c| c == colour),
                "two colours on {loc:?} in {text}"
            );
        }
    }
}

fn run_tape(config: Config, tape: &[u16]) {
    let spanish = config.barriers == parchis::Barriers::Everywhere;
    let mut state = Parchis::new(config).unwrap();
    for &index in tape {
        check_invariants(&state, spanish);
        match state.turn() {
            Turn::Terminal => break,
            Turn::Chance => {
                let dist = state.chance_outcomes().unwrap();
                let (die, _) = dist.outcomes()[usize::from(index) % dist.len()];
                state.apply_chance(die).unwrap();
            }
            Turn::Player(seat) => {
                let colour = state.colour_of(seat);
                let legal = state.legal_moves_vec();
                let no_nest = !state.pieces(colour).unwrap().contains(&Loc::Nest);
                if state.die().is_some_and(|d| d.value() == 6) && no_nest {
                    for mv in &legal {
                        if let Move::Advance { distance, .. } = mv {
                            assert_eq!(
                                *distance, 7,
                                "a six with all pieces out moves 7 in {state}"
                            );
                        }
                    }
                }
                let mv = legal[usize::from(index) % legal.len()];
                let blocked = barriers(&state, colour, spanish);
                match mv {
                    Move::Advance { from, distance } => {
                        for loc in path(colour, from, distance) {
                            assert!(
                                !blocked.contains(&loc),
                                "{mv} lands on or passes a barrier on {loc:?} in {state}"
                            );
                        }
                    }
                    Move::Out => {
                        // Coming out never joins an own barrier; only an exit capture (Spanish)
                        // may land on a foreign one.
                        let exit = Loc::Track(colour.exit_square());
                        let own = state
                            .pieces(colour)
                            .unwrap()
                            .iter()
                            .filter(|&&l| l == exit)
                            .count();
                        assert!(own < 2, "out onto an own barrier in {state}");
                        if !spanish {
                            assert!(!blocked.contains(&exit), "out onto a barrier in {state}");
                        }
                    }
                    Move::Pass => {}
                }
                state.play(mv).unwrap();
            }
        }
    }
    check_invariants(&state, spanish);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn invariants_hold_under_the_seed_rules(players in 2usize..=4, tape in proptest::collection::vec(any::<u16>(), 0..300)) {
        run_tape(Config::seed(players), &tape);
    }

    #[test]
    fn invariants_hold_under_the_spanish_rules(players in 2usize..=4, tape in proptest::collection::vec(any::<u16>(), 0..300)) {
        run_tape(Config::spanish(players), &tape);
    }

    #[test]
    fn notation_round_trips_along_random_games(spanish in any::<bool>(), tape in proptest::collection::vec(any::<u16>(), 0..300)) {
        let config = if spanish { Config::spanish(4) } else { Config::seed(4) };
        let mut state = Parchis::new(config).unwrap();
        for &index in &tape {
            let text = state.to_string();
            prop_assert_eq!(&Parchis::from_notation(&text, &config).unwrap(), &state);
            match state.turn() {
                Turn::Terminal => break,
                Turn::Chance => {
                    let dist = state.chance_outcomes().unwrap();
                    state.apply_chance_unchecked(dist.outcomes()[usize::from(index) % 6].0);
                }
                Turn::Player(_) => {
                    let legal = state.legal_moves_vec();
                    state.play_unchecked(legal[usize::from(index) % legal.len()]);
                }
            }
        }
    }
}

/// Long tapes reach captures, bonuses, barriers and finishes; a few fixed long games make
/// sure the properties above are exercised deep into the game, not only near the start.
#[test]
fn invariants_hold_over_whole_games() {
    for seed in 0..40u64 {
        let tape: Vec<u16> = (0..4000u64)
            .map(|i| {
                ((seed.wrapping_mul(0x9E37_79B9) ^ i.wrapping_mul(0x85EB_CA6B))
                    .wrapping_mul(0xC2B2_AE35)
                    >> 7) as u16
            })
            .collect();
        run_tape(Config::seed(2 + (seed % 3) as usize), &tape);
        run_tape(Config::spanish(2 + (seed % 3) as usize), &tape);
    }
}
