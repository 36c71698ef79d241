//! The conformance kit on the two toy games, and the kit catching deliberately broken games.

use core::fmt;

use boardgame_core::driver::{UniformRandom, playout, rng_from_seed};
use boardgame_core::perft::{chance_perft, divide, perft};
use boardgame_core::settings::unknown_key;
use boardgame_core::testkit::{Checker, Report, check_game, check_settings, try_check_game};
use boardgame_core::toy::{Nim, NimConfig, NimMove, ParseNimError, Race, RaceConfig, RaceMove};
use boardgame_core::{
    ConfigError, Configure, Dist, Game, MoveSink, NoChance, Outcome, PlayError, Preset, Record,
    ReplayError, Seat, Setting, SettingError, Turn,
};

#[test]
fn testkit_passes_on_nim_for_every_seat_count() {
    for seats in 2..=4 {
        let config = NimConfig {
            seats,
            counters: 30,
            max_take: 4,
        };
        let report = check_game::<Nim>(config, 0..1000, 1_000);
        assert_eq!(report.finished, 1000);
        assert_eq!(report.truncated, 0);
    }
}

#[test]
fn testkit_passes_on_race_for_every_seat_count() {
    for seats in 2..=4 {
        let config = RaceConfig { seats, length: 10 };
        let report = check_game::<Race>(config, 0..1000, 100_000);
        assert_eq!(report.finished, 1000);
        assert!(report.chance_nodes > report.games, "every game rolls");
    }
}

#[test]
fn testkit_report_counts_the_nodes_it_checked() {
    // The kit plays the same games as the seeded driver: its report adds up their events.
    let config = RaceConfig {
        seats: 3,
        length: 12,
    };
    let report = check_game::<Race>(config, 0..40, 100_000);
    let start = Race::new(config).unwrap();
    let (mut plies, mut rolls, mut longest) = (0, 0, 0);
    for seed in 0..40 {
        let game = playout(
            start.clone(),
            &mut UniformRandom,
            &mut rng_from_seed(seed),
            100_000,
        );
        plies += game.plies;
        rolls += game.rolls;
        longest = longest.max(game.record.events.len() as u64);
    }
    assert_eq!(
        report,
        Report {
            games: 40,
            finished: 40,
            truncated: 0,
            decision_nodes: plies,
            chance_nodes: rolls,
            longest,
        }
    );
}

#[test]
fn testkit_counts_truncated_games() {
    let report = check_game::<Race>(
        RaceConfig {
            seats: 2,
            length: 40,
        },
        0..50,
        3,
    );
    assert_eq!(report.truncated, 50);
}

#[test]
fn records_round_trip_through_json() {
    let report = Checker::<Race>::new(RaceConfig {
        seats: 3,
        length: 8,
    })
    .seeds(0..200)
    .record_round_trip(|r| serde_json::from_str(&serde_json::to_string(r).unwrap()).unwrap())
    .run();
    assert_eq!(report.finished, 200);
}

#[test]
fn record_json_names_moves_and_chance_outcomes() {
    let mut record = Record::<Race>::new(RaceConfig::default());
    record
        .events
        .push(boardgame_core::Event::Chance(boardgame_core::Die::of(6)));
    record
        .events
        .push(boardgame_core::Event::Move(RaceMove::Advance(0)));
    let json = serde_json::to_string(&record).unwrap();
    assert_eq!(
        json,
        r#"{"config":{"seats":2,"length":12},"events":[{"chance":6},{"move":{"Advance":0}}]}"#
    );
}

#[test]
fn replay_names_the_first_illegal_event() {
    let game =
        boardgame_core::driver::random_game::<Race>(RaceConfig::default(), 3, 10_000).unwrap();
    let mut record = game.record.clone();
    assert_eq!(record.replay(), Ok(game.state));
    // Event 1 is seat 0's first move; a pass is illegal whenever a token can move.
    record.events[1] = boardgame_core::Event::Move(RaceMove::Advance(9));
    match record.replay() {
        Err(ReplayError::Event { index, error, .. }) => {
            assert_eq!(index, 1);
            assert_eq!(error, PlayError::IllegalMove);
        }
        other => panic!("expected an illegal event, got {other:?}"),
    }
}

#[test]
fn nim_perft_counts_compositions() {
    // Paths of 3 takes of 1..=3 from 21 counters: 3^3.
    let start = Nim::new(NimConfig::default()).unwrap();
    assert_eq!(perft(&start, 3), 27);
    // From 3 counters, every way to take them all ends the game: compositions of 3 = 4, of
    // which the paths still alive after two moves have length 3 (1+1+1) only.
    let three = Nim::from_notation("3:0", &NimConfig::default()).unwrap();
    assert_eq!(perft(&three, 1), 3);
    assert_eq!(perft(&three, 2), 3); // 1+1, 1+2, 2+1
    assert_eq!(perft(&three, 3), 1); // 1+1+1
    let divided = divide(&three, 2);
    assert_eq!(
        divided,
        vec![(NimMove(1), 2), (NimMove(2), 1), (NimMove(3), 0)]
    );
}

/// Chance perft counts every terminal node it reaches, before the depth runs out or at it:
/// from 3 counters of Nim (take 1 to 3), the games are 3, 1+2, 2+1 and 1+1+1.
#[test]
fn chance_perft_counts_the_terminals_it_reaches() {
    let three = Nim::from_notation("3:0", &NimConfig::default()).unwrap();
    let stats = chance_perft(&three, 3);
    // All four games end within 3 moves; only 1+1+1 ends exactly at the depth.
    assert_eq!(stats.terminals, 4);
    assert_eq!(stats.leaves, 1);
    // Moves tried: 3 at the root, 2 after taking 1, 1 after taking 2, 1 after 1+1.
    assert_eq!(stats.decision_edges, 7);
    assert_eq!(stats.chance_edges, 0);
    assert!(stats.is_mass_exact());
    // At depth 2, the game 3 ends early, 1+2 and 2+1 end at the depth, 1+1 goes on.
    let two = chance_perft(&three, 2);
    assert_eq!(two.terminals, 3);
    assert_eq!(two.leaves, 3);
    // At depth 0 the start alone is a leaf, not a terminal.
    assert_eq!(chance_perft(&three, 0).terminals, 0);
    // A finished game is one terminal at any depth.
    let over = Nim::from_notation("0:1", &NimConfig::default()).unwrap();
    assert_eq!(chance_perft(&over, 0).terminals, 1);
    assert_eq!(chance_perft(&over, 5).terminals, 1);
}

#[test]
fn race_chance_perft_mass_is_exact() {
    let start = Race::new(RaceConfig {
        seats: 2,
        length: 6,
    })
    .unwrap();
    for depth in 0..=6 {
        let stats = chance_perft(&start, depth);
        assert!(stats.is_mass_exact(), "depth {depth}: {stats:?}");
        assert_eq!(stats.leaves, perft(&start, depth), "depth {depth}");
    }
    let two = chance_perft(&start, 2);
    assert_eq!(two.chance_edges, 6);
    assert_eq!(two.decision_edges, 6);
}

// ---- mutants: broken games the kit must reject --------------------------------------------

macro_rules! delegate_game {
    ($outer:ident, $inner:ty) => {
        const NAME: &'static str = stringify!($outer);
        const MIN_SEATS: usize = <$inner>::MIN_SEATS;
        const MAX_SEATS: usize = <$inner>::MAX_SEATS;
        const MAX_MOVES: usize = <$inner>::MAX_MOVES;
        const MAX_CHANCE_OUTCOMES: usize = <$inner>::MAX_CHANCE_OUTCOMES;

        fn new(config: Self::Config) -> Result<Self, ConfigError> {
            <$inner>::new(config).map($outer)
        }
        fn from_notation(text: &str, config: &Self::Config) -> Result<Self, Self::NotationError> {
            <$inner>::from_notation(text, config).map($outer)
        }
        fn config(&self) -> &Self::Config {
            self.0.config()
        }
        fn num_seats(&self) -> usize {
            self.0.num_seats()
        }
        fn turn(&self) -> Turn {
            self.0.turn()
        }
        fn play_unchecked(&mut self, mv: Self::Move) {
            self.0.play_unchecked(mv)
        }
        fn apply_chance_unchecked(&mut self, outcome: Self::Chance) {
            self.0.apply_chance_unchecked(outcome)
        }
        fn outcome(&self) -> Option<Outcome> {
            self.0.outcome()
        }
    };
}

/// Nim that lists its first move twice.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct DuplicatingNim(Nim);

/// Race whose checked `play` damages the state before refusing an illegal move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct LeakyRace(Race);

/// Race whose chance distribution forgets the six (weights no longer sum to the total).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct LopsidedRace(Race);

impl fmt::Display for DuplicatingNim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}
impl fmt::Display for LeakyRace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}
/// Race that forgets the forced pass: a stuck seat has no legal move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct PasslessRace(Race);

impl fmt::Display for PasslessRace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl Game for PasslessRace {
    type Move = RaceMove;
    type Chance = boardgame_core::Die;
    type Config = RaceConfig;
    type NotationError = <Race as Game>::NotationError;
    delegate_game!(PasslessRace, Race);

    fn legal_moves<S: MoveSink<RaceMove>>(&self, sink: &mut S) {
        for m in self.0.legal_moves_vec() {
            if m != RaceMove::Pass {
                sink.push(m);
            }
        }
    }
    fn chance_outcomes(&self) -> Option<Dist<'_, boardgame_core::Die>> {
        self.0.chance_outcomes()
    }
}

impl fmt::Display for LopsidedRace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl Game for DuplicatingNim {
    type Move = NimMove;
    type Chance = NoChance;
    type Config = NimConfig;
    type NotationError = <Nim as Game>::NotationError;
    delegate_game!(DuplicatingNim, Nim);

    fn legal_moves<S: MoveSink<NimMove>>(&self, sink: &mut S) {
        let moves = self.0.legal_moves_vec();
        if let Some(&first) = moves.first() {
            sink.push(first);
        }
        for m in moves {
            sink.push(m);
        }
    }
    fn chance_outcomes(&self) -> Option<Dist<'_, NoChance>> {
        None
    }
}

impl Game for LeakyRace {
    type Move = RaceMove;
    type Chance = boardgame_core::Die;
    type Config = RaceConfig;
    type NotationError = <Race as Game>::NotationError;
    delegate_game!(LeakyRace, Race);

    fn legal_moves<S: MoveSink<RaceMove>>(&self, sink: &mut S) {
        self.0.legal_moves(sink);
    }
    fn chance_outcomes(&self) -> Option<Dist<'_, boardgame_core::Die>> {
        self.0.chance_outcomes()
    }
    fn play(&mut self, mv: RaceMove) -> Result<(), PlayError> {
        let result = self.0.play(mv);
        if result.is_err() {
            // The bug: a refused move still advances the first token that can move.
            if let Some(&any) = self.0.legal_moves_vec().first() {
                self.0.play_unchecked(any);
            }
        }
        result
    }
}

static FIVE_FACES: [(boardgame_core::Die, u32); 5] = {
    let mut out = [(boardgame_core::Die::ONE, 1); 5];
    let mut i = 0;
    while i < 5 {
        out[i] = (boardgame_core::Die::ALL[i], 1);
        i += 1;
    }
    out
};

impl Game for LopsidedRace {
    type Move = RaceMove;
    type Chance = boardgame_core::Die;
    type Config = RaceConfig;
    type NotationError = <Race as Game>::NotationError;
    delegate_game!(LopsidedRace, Race);

    fn legal_moves<S: MoveSink<RaceMove>>(&self, sink: &mut S) {
        self.0.legal_moves(sink);
    }
    fn chance_outcomes(&self) -> Option<Dist<'_, boardgame_core::Die>> {
        self.0.chance_outcomes().map(|_| Dist::new(&FIVE_FACES))
    }
}

/// Race whose checked `apply_chance` says yes to a die at a decision node (and ignores it).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct DieAnytimeRace(Race);

impl fmt::Display for DieAnytimeRace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl Game for DieAnytimeRace {
    type Move = RaceMove;
    type Chance = boardgame_core::Die;
    type Config = RaceConfig;
    type NotationError = <Race as Game>::NotationError;
    delegate_game!(DieAnytimeRace, Race);

    fn legal_moves<S: MoveSink<RaceMove>>(&self, sink: &mut S) {
        self.0.legal_moves(sink);
    }
    fn chance_outcomes(&self) -> Option<Dist<'_, boardgame_core::Die>> {
        self.0.chance_outcomes()
    }
    fn apply_chance(&mut self, outcome: boardgame_core::Die) -> Result<(), PlayError> {
        if self.0.turn() == Turn::Chance {
            self.0.apply_chance(outcome)
        } else {
            Ok(()) // The bug: a die at a decision node is accepted.
        }
    }
}

#[test]
fn testkit_tries_the_dice_seen_earlier_at_later_decision_nodes() {
    let failure = try_check_game::<DieAnytimeRace>(
        RaceConfig {
            seats: 2,
            length: 10,
        },
        0..5,
        10_000,
    )
    .unwrap_err();
    assert!(
        failure.message.contains("apply_chance at a decision node"),
        "{failure}"
    );
    // The first decision node follows the first roll, the only die seen so far.
    assert_eq!((failure.seed, failure.events), (0, 1), "{failure}");
}

#[test]
fn testkit_catches_a_duplicated_move() {
    let failure = try_check_game::<DuplicatingNim>(NimConfig::default(), 0..5, 1_000).unwrap_err();
    assert!(failure.message.contains("duplicate moves"), "{failure}");
    assert_eq!(failure.seed, 0);
    assert_eq!(failure.events, 0);
}

#[test]
#[should_panic(expected = "was refused but changed the state")]
fn testkit_catches_a_state_change_on_a_rejected_move() {
    check_game::<LeakyRace>(
        RaceConfig {
            seats: 2,
            length: 10,
        },
        0..50,
        10_000,
    );
}

#[test]
fn perft_sees_a_missing_die_face() {
    // `Dist::new` derives the total from the weights, so a forgotten face cannot break the
    // weight sum; it shows up as a perft count that disagrees with the true game's.
    let good = Race::new(RaceConfig {
        seats: 2,
        length: 6,
    })
    .unwrap();
    let bad = LopsidedRace::new(RaceConfig {
        seats: 2,
        length: 6,
    })
    .unwrap();
    assert_eq!(perft(&good, 1), 6);
    assert_eq!(perft(&bad, 1), 5);
    assert_ne!(perft(&good, 4), perft(&bad, 4));
}

thread_local! {
    /// Moves played by [`PlayCountingNim`] on this thread.
    static NIM_PLAYS: core::cell::Cell<usize> = const { core::cell::Cell::new(0) };
}

/// Nim that counts the moves it plays (a correct game: only the count is extra).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct PlayCountingNim(Nim);

impl fmt::Display for PlayCountingNim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl Game for PlayCountingNim {
    type Move = NimMove;
    type Chance = NoChance;
    type Config = NimConfig;
    type NotationError = <Nim as Game>::NotationError;
    const NAME: &'static str = "play-counting-nim";
    const MIN_SEATS: usize = Nim::MIN_SEATS;
    const MAX_SEATS: usize = Nim::MAX_SEATS;
    const MAX_MOVES: usize = Nim::MAX_MOVES;
    const MAX_CHANCE_OUTCOMES: usize = Nim::MAX_CHANCE_OUTCOMES;

    fn new(config: NimConfig) -> Result<Self, ConfigError> {
        Nim::new(config).map(PlayCountingNim)
    }
    fn from_notation(text: &str, config: &NimConfig) -> Result<Self, Self::NotationError> {
        Nim::from_notation(text, config).map(PlayCountingNim)
    }
    fn config(&self) -> &NimConfig {
        self.0.config()
    }
    fn num_seats(&self) -> usize {
        self.0.num_seats()
    }
    fn turn(&self) -> Turn {
        self.0.turn()
    }
    fn legal_moves<S: MoveSink<NimMove>>(&self, sink: &mut S) {
        self.0.legal_moves(sink);
    }
    fn chance_outcomes(&self) -> Option<Dist<'_, NoChance>> {
        None
    }
    fn play_unchecked(&mut self, mv: NimMove) {
        NIM_PLAYS.set(NIM_PLAYS.get() + 1);
        self.0.play_unchecked(mv);
    }
    fn apply_chance_unchecked(&mut self, outcome: NoChance) {
        self.0.apply_chance_unchecked(outcome);
    }
    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }
}

/// Perft counts the last ply in bulk (`count_moves`) instead of playing each of its moves:
/// from 21 counters (take 1 to 3), depth 1 plays nothing and depth 2 plays only the 3 root
/// moves, though it counts 9 paths.
#[test]
fn perft_counts_the_last_ply_without_playing_it() {
    let start = PlayCountingNim::new(NimConfig::default()).unwrap();
    NIM_PLAYS.set(0);
    assert_eq!(perft(&start, 1), 3);
    assert_eq!(NIM_PLAYS.get(), 0, "moves played at depth 1");
    assert_eq!(perft(&start, 2), 9);
    assert_eq!(NIM_PLAYS.get(), 3, "moves played at depth 2");
}

#[test]
fn testkit_and_chance_perft_catch_a_missing_pass() {
    let failure = try_check_game::<PasslessRace>(
        RaceConfig {
            seats: 2,
            length: 5,
        },
        0..50,
        10_000,
    )
    .unwrap_err();
    assert!(failure.message.contains("no legal move"), "{failure}");
    // Rolling a six at the start of a 5-square race leaves no move: that subtree has no
    // probability mass, so the root's mass is not 1.
    let start = PasslessRace::new(RaceConfig {
        seats: 2,
        length: 5,
    })
    .unwrap();
    assert!(!chance_perft(&start, 3).is_mass_exact());
    assert!(
        chance_perft(
            &Race::new(RaceConfig {
                seats: 2,
                length: 5
            })
            .unwrap(),
            3
        )
        .is_mass_exact()
    );
}

#[test]
fn checked_play_leaves_the_state_unchanged_on_error() {
    let mut nim = Nim::from_notation("2:1", &NimConfig::default()).unwrap();
    let before = nim.clone();
    assert_eq!(nim.play(NimMove(3)), Err(PlayError::IllegalMove));
    assert_eq!(nim, before);
    let rejected = nim.clone().played(NimMove(3)).unwrap_err();
    assert_eq!(rejected.state, before);
    assert_eq!(rejected.error, PlayError::IllegalMove);
    assert_eq!(
        rejected.to_string(),
        format!("move {} rejected in {before}: illegal move", NimMove(3))
    );
    assert_eq!(
        format!("{rejected:?}"),
        format!(
            "Rejected {{ state: {before:?}, mv: {:?}, error: IllegalMove }}",
            NimMove(3)
        )
    );

    let mut race = Race::new(RaceConfig::default()).unwrap();
    assert_eq!(race.turn(), Turn::Chance);
    assert_eq!(race.turn().seat(), None);
    assert_eq!(
        nim.turn().seat(),
        Some(Seat::new(1)),
        "\"2:1\": seat 1 to move"
    );
    assert_eq!(race.play(RaceMove::Pass), Err(PlayError::NotPlayerTurn));
    assert_eq!(race, Race::new(RaceConfig::default()).unwrap());
}

#[test]
fn race_six_rolls_again_and_pass_only_when_stuck() {
    let config = RaceConfig {
        seats: 2,
        length: 5,
    };
    let mut race = Race::new(config).unwrap();
    race.apply_chance(boardgame_core::Die::SIX).unwrap();
    // A six overshoots a 5-square track from 0: no token can move, so pass is forced.
    assert_eq!(race.legal_moves_vec(), vec![RaceMove::Pass]);
    race.play(RaceMove::Pass).unwrap();
    // ... and the six still gives seat 0 another roll.
    assert_eq!(race.to_string(), "0,0/0,0 r0");
    race.apply_chance(boardgame_core::Die::of(2)).unwrap();
    assert_eq!(race.legal_moves_vec(), vec![RaceMove::Advance(0)]);
    race.play(RaceMove::Advance(0)).unwrap();
    assert_eq!(race.turn(), Turn::Chance);
    assert_eq!(race.to_string(), "0,2/0,0 r1");
    assert_eq!(Seat::new(1), Seat::new(0).next(2));
}

#[test]
fn nim_outcome_names_the_last_taker() {
    let mut nim = Nim::from_notation(
        "2:1",
        &NimConfig {
            seats: 3,
            ..NimConfig::default()
        },
    )
    .unwrap();
    assert!(!nim.is_terminal());
    nim.play(NimMove(2)).unwrap();
    assert!(nim.is_terminal());
    let outcome = nim.outcome().unwrap();
    assert_eq!(outcome.winner(), Some(Seat::new(1)));
    assert_eq!(outcome.returns().as_slice(), &[-1, 2, -1]);
}

#[test]
fn bad_configs_are_rejected() {
    assert!(matches!(
        Nim::new(NimConfig {
            seats: 5,
            ..NimConfig::default()
        }),
        Err(ConfigError::SeatCount { given: 5, .. })
    ));
    assert!(
        Race::new(RaceConfig {
            seats: 2,
            length: 0
        })
        .is_err()
    );
}

#[test]
fn settings_set_by_name_and_reject_unknown_keys() {
    use boardgame_core::{Configure, SettingError};
    let mut config = RaceConfig::default();
    config.set("players", "3").unwrap();
    assert_eq!(config.seats, 3);
    assert_eq!(config.value("players").as_deref(), Some("3"));
    match config.set("speed", "9") {
        Err(SettingError::UnknownKey { valid, .. }) => assert_eq!(valid, "players, length"),
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        config.set("length", "x"),
        Err(SettingError::BadValue { .. })
    ));
    assert!(RaceConfig::preset("nope").is_err());
}

#[test]
fn toy_settings_pass_the_settings_check() {
    boardgame_core::testkit::check_settings::<NimConfig>();
    boardgame_core::testkit::check_settings::<RaceConfig>();
}

#[test]
fn configure_applies_the_preset_then_each_setting_in_order() {
    use boardgame_core::settings::{SettingError, configure, default_preset};
    let config: RaceConfig = configure(None, [("players", "3"), ("length", "20")]).unwrap();
    assert_eq!(
        config,
        RaceConfig {
            seats: 3,
            length: 20
        }
    );
    let later_wins: RaceConfig =
        configure(Some("default"), [("length", "5"), ("length", "7")]).unwrap();
    assert_eq!(later_wins.length, 7);
    assert!(matches!(
        configure::<RaceConfig>(Some("fast"), []),
        Err(SettingError::UnknownPreset { .. })
    ));
    assert!(matches!(
        configure::<RaceConfig>(None, [("length", "long")]),
        Err(SettingError::BadValue { .. })
    ));
    assert_eq!(default_preset::<RaceConfig>(), Some("default"));
}

#[test]
fn a_record_line_round_trips_and_leaves_out_what_it_lacks() {
    use boardgame_core::RecordLine;
    let game =
        boardgame_core::driver::random_game::<Race>(RaceConfig::default(), 9, 10_000).unwrap();
    let line = RecordLine::new(game.record.clone(), Some(9));
    assert_eq!(line.game, "race");
    let json = serde_json::to_string(&line).unwrap();
    assert!(
        json.starts_with(r#"{"game":"race","seed":9,"record":{"#),
        "{json}"
    );
    let back: RecordLine<Race> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, line);
    assert_eq!(back.record.replay().unwrap(), game.state);
    let bare = RecordLine::new(Record::<Race>::new(RaceConfig::default()), None);
    assert_eq!(
        serde_json::to_string(&bare).unwrap(),
        r#"{"game":"race","record":{"config":{"seats":2,"length":12},"events":[]}}"#
    );
}

// ---- the toy race's own rules (the kit above cannot tell a consistent wrong rule) ----------

#[test]
fn race_roll_gives_the_roller_a_move_with_that_die() {
    let config = RaceConfig::default();
    let mut race = Race::new(config).unwrap();
    assert_eq!(race.turn(), Turn::Chance);
    race.apply_chance(boardgame_core::Die::of(3)).unwrap();
    assert_eq!(race.turn(), Turn::Player(Seat::new(0)));
    assert_eq!(race.to_string(), "0,0/0,0 m03");
    assert_eq!(race.legal_moves_vec(), vec![RaceMove::Advance(0)]);
    race.play(RaceMove::Advance(0)).unwrap();
    assert_eq!(race.to_string(), "0,3/0,0 r1");
    assert_eq!(race.tokens(Seat::new(0)), [0, 3]);
    assert_eq!(race.tokens(Seat::new(1)), [0, 0]);
}

#[test]
fn race_notation_refuses_a_seat_that_is_not_at_the_table() {
    let config = RaceConfig::default(); // two seats: 0 and 1
    assert!(Race::from_notation("0,0/0,0 r1", &config).is_ok());
    for text in ["0,0/0,0 r2", "0,0/0,0 m23", "0,0/0,0 r9"] {
        let error = Race::from_notation(text, &config).unwrap_err();
        assert_eq!(error.what, "seat", "{text:?}");
    }
}

#[test]
fn nim_lasts_at_most_one_move_per_counter() {
    let config = NimConfig {
        seats: 2,
        counters: 30,
        max_take: 4,
    };
    assert_eq!(Nim::max_game_length(&config), Some(30));
}

#[test]
fn race_notation_refuses_a_winner_who_is_not_the_only_one_home() {
    let config = RaceConfig {
        seats: 2,
        length: 10,
    };
    let won = Race::from_notation("10,10/3,4 w0", &config).unwrap();
    assert_eq!(won.outcome(), Some(Outcome::win(2, Seat::new(0))));
    for text in [
        "10,10/10,10 w0",
        "3,4/10,10 w0",
        "10,10/3,4 w1",
        "10,10/3,4 r1",
    ] {
        let error = Race::from_notation(text, &config).unwrap_err();
        assert_eq!(error.what, "phase for this layout", "{text:?}");
    }
}

/// A Nim move takes at least one counter: `0` is not a move (the move parser refuses it,
/// naming the move), `1` and `9` are, and text that is not a number of 0..=255 is refused.
#[test]
fn nim_move_text_takes_at_least_one_counter() {
    assert_eq!("1".parse::<NimMove>(), Ok(NimMove(1)));
    assert_eq!("9".parse::<NimMove>(), Ok(NimMove(9)));
    for text in ["0", "", "-1", "256", "x"] {
        assert_eq!(
            text.parse::<NimMove>(),
            Err(ParseNimError {
                what: "move",
                text: text.into(),
            }),
            "{text:?}"
        );
    }
}

/// Nim notation refuses a seat that is not at the table even when the counter count is fine,
/// and more counters than the configuration starts with even when the seat is fine.
#[test]
fn nim_notation_refuses_a_seat_off_the_table_or_more_counters_than_the_start() {
    let config = NimConfig::default(); // two seats, 21 counters
    let full = Nim::from_notation("21:1", &config).unwrap();
    assert_eq!(full.turn(), Turn::Player(Seat::new(1)));
    assert_eq!(
        full.legal_moves_vec(),
        vec![NimMove(1), NimMove(2), NimMove(3)]
    );
    for text in ["5:2", "5:3", "22:0", "22:2"] {
        let error = Nim::from_notation(text, &config).unwrap_err();
        assert_eq!(error.what, "state", "{text:?}");
    }
}

// ---- broken settings the settings check must reject ---------------------------------------

/// Nim's settings, but the documented default of `max_take` says 4 (it is 3).
#[derive(Clone, Debug, Default, PartialEq)]
struct MisdocumentedNimConfig(NimConfig);

impl Configure for MisdocumentedNimConfig {
    const SETTINGS: &'static [Setting] = &[
        NimConfig::SETTINGS[0],
        NimConfig::SETTINGS[1],
        Setting {
            default: "4",
            ..NimConfig::SETTINGS[2]
        },
    ];
    const PRESETS: &'static [Preset] = NimConfig::PRESETS;
    fn preset(name: &str) -> Result<Self, SettingError> {
        NimConfig::preset(name).map(MisdocumentedNimConfig)
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), SettingError> {
        self.0.set(key, value)
    }
    fn value(&self, key: &str) -> Option<String> {
        self.0.value(key)
    }
}

/// Nim's settings, but setting `max_take` writes the counter count (a copy-paste slip), so
/// setting it to its own value changes the configuration.
#[derive(Clone, Debug, Default, PartialEq)]
struct CrossedNimConfig(NimConfig);

impl Configure for CrossedNimConfig {
    const SETTINGS: &'static [Setting] = NimConfig::SETTINGS;
    const PRESETS: &'static [Preset] = NimConfig::PRESETS;
    fn preset(name: &str) -> Result<Self, SettingError> {
        NimConfig::preset(name).map(CrossedNimConfig)
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), SettingError> {
        match key {
            "max_take" => self.0.set("counters", value),
            _ => self.0.set(key, value),
        }
    }
    fn value(&self, key: &str) -> Option<String> {
        self.0.value(key)
    }
}

/// Nim's settings, but an unknown key is refused with the race's list of keys, which lacks
/// `counters` and `max_take`.
#[derive(Clone, Debug, Default, PartialEq)]
struct ForeignErrorNimConfig(NimConfig);

impl Configure for ForeignErrorNimConfig {
    const SETTINGS: &'static [Setting] = NimConfig::SETTINGS;
    const PRESETS: &'static [Preset] = NimConfig::PRESETS;
    fn preset(name: &str) -> Result<Self, SettingError> {
        NimConfig::preset(name).map(ForeignErrorNimConfig)
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), SettingError> {
        match key {
            "players" | "counters" | "max_take" => self.0.set(key, value),
            _ => Err(unknown_key::<RaceConfig>(key)),
        }
    }
    fn value(&self, key: &str) -> Option<String> {
        self.0.value(key)
    }
}

/// The settings check reports a documented default that is not the default's value.
#[test]
#[should_panic(expected = "documented default of max_take")]
fn settings_check_catches_a_misdocumented_default() {
    check_settings::<MisdocumentedNimConfig>();
}

/// The settings check reports a setting whose value does not read back as itself.
#[test]
#[should_panic(expected = "preset default: max_take=3 is not a round trip")]
fn settings_check_catches_a_setting_that_does_not_round_trip() {
    check_settings::<CrossedNimConfig>();
}

/// The settings check reports an unknown-key error that does not list every valid key.
#[test]
#[should_panic(expected = "the unknown-key error lists counters")]
fn settings_check_catches_an_unknown_key_error_missing_a_key() {
    check_settings::<ForeignErrorNimConfig>();
}

/// Nim whose notation always shows the start: it parses, but to another state.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct StaleNotationNim(Nim);

impl fmt::Display for StaleNotationNim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let start = Nim::new(*self.0.config()).expect("a valid config");
        start.fmt(f)
    }
}

impl Game for StaleNotationNim {
    type Move = NimMove;
    type Chance = NoChance;
    type Config = NimConfig;
    type NotationError = <Nim as Game>::NotationError;
    delegate_game!(StaleNotationNim, Nim);

    fn legal_moves<S: MoveSink<NimMove>>(&self, sink: &mut S) {
        self.0.legal_moves(sink);
    }
    fn chance_outcomes(&self) -> Option<Dist<'_, NoChance>> {
        None
    }
}

/// The testkit checks that a state's notation parses back to *that* state, not merely that
/// it parses: the first state after a move is reported.
#[test]
fn testkit_catches_a_notation_that_parses_to_another_state() {
    let failure =
        try_check_game::<StaleNotationNim>(NimConfig::default(), 0..5, 1_000).unwrap_err();
    assert!(
        failure.message.contains("parses to a different state"),
        "{failure}"
    );
    assert_eq!((failure.seed, failure.events), (0, 1), "{failure}");
}

/// Nim whose `pick_move` offers the right number of moves but always gives the first.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct FirstPickNim(Nim);

impl fmt::Display for FirstPickNim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl Game for FirstPickNim {
    type Move = NimMove;
    type Chance = NoChance;
    type Config = NimConfig;
    type NotationError = <Nim as Game>::NotationError;
    delegate_game!(FirstPickNim, Nim);

    fn legal_moves<S: MoveSink<NimMove>>(&self, sink: &mut S) {
        self.0.legal_moves(sink);
    }
    fn chance_outcomes(&self) -> Option<Dist<'_, NoChance>> {
        None
    }
    fn pick_move(&self, scratch: &mut Vec<NimMove>, pick: impl FnOnce(usize) -> usize) -> NimMove {
        scratch.clear();
        self.0.legal_moves(scratch);
        let _ = pick(scratch.len());
        scratch[0]
    }
}

/// The testkit checks that `pick_move` gives the move at the index it picked, not only that
/// it offers as many moves as the list has.
#[test]
fn testkit_catches_a_pick_move_that_ignores_the_index() {
    let failure = try_check_game::<FirstPickNim>(NimConfig::default(), 0..5, 1_000).unwrap_err();
    assert!(
        failure.message.contains("pick_move offered 3 moves"),
        "{failure}"
    );
    assert_eq!((failure.seed, failure.events), (0, 0), "{failure}");
}

/// Nim that names seat 2 for the second player's turns, at a table of two.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct OffTheTableNim(Nim);

impl fmt::Display for OffTheTableNim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl Game for OffTheTableNim {
    type Move = NimMove;
    type Chance = NoChance;
    type Config = NimConfig;
    type NotationError = <Nim as Game>::NotationError;
    const NAME: &'static str = "OffTheTableNim";
    const MIN_SEATS: usize = Nim::MIN_SEATS;
    const MAX_SEATS: usize = Nim::MAX_SEATS;
    const MAX_MOVES: usize = Nim::MAX_MOVES;
    const MAX_CHANCE_OUTCOMES: usize = Nim::MAX_CHANCE_OUTCOMES;

    fn new(config: NimConfig) -> Result<Self, ConfigError> {
        Nim::new(config).map(OffTheTableNim)
    }
    fn from_notation(text: &str, config: &NimConfig) -> Result<Self, Self::NotationError> {
        Nim::from_notation(text, config).map(OffTheTableNim)
    }
    fn config(&self) -> &NimConfig {
        self.0.config()
    }
    fn num_seats(&self) -> usize {
        self.0.num_seats()
    }
    fn turn(&self) -> Turn {
        match self.0.turn() {
            Turn::Player(seat) if seat.index() + 1 == self.num_seats() => {
                Turn::Player(Seat::new(self.num_seats()))
            }
            turn => turn,
        }
    }
    fn legal_moves<S: MoveSink<NimMove>>(&self, sink: &mut S) {
        self.0.legal_moves(sink);
    }
    fn chance_outcomes(&self) -> Option<Dist<'_, NoChance>> {
        None
    }
    fn play_unchecked(&mut self, mv: NimMove) {
        self.0.play_unchecked(mv);
    }
    fn apply_chance_unchecked(&mut self, outcome: NoChance) {
        match outcome {}
    }
    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }
}

/// The testkit checks that the seat to move is at the table, up to the last one: a turn of
/// seat 2 at a table of two is reported.
#[test]
fn testkit_catches_a_turn_of_a_seat_past_the_last() {
    let failure = try_check_game::<OffTheTableNim>(NimConfig::default(), 0..5, 1_000).unwrap_err();
    assert!(
        failure.message.contains("seat 2 is not at the table"),
        "{failure}"
    );
    assert_eq!((failure.seed, failure.events), (0, 1), "{failure}");
}

// ---- the checker's own contracts: its Debug form, the state round trip, the replay -------

/// Nim from 30 counters, one taken per move: every game is exactly 30 moves long.
fn one_at_a_time() -> NimConfig {
    NimConfig {
        seats: 2,
        counters: 30,
        max_take: 1,
    }
}

/// The one-at-a-time Nim position after `events` moves.
fn nim_after(events: usize) -> Nim {
    let mut nim = Nim::new(one_at_a_time()).unwrap();
    for _ in 0..events {
        let mv = nim.legal_moves_vec()[0];
        nim.play(mv).unwrap();
    }
    nim
}

/// A state round trip that loses the position reached after `events` moves (it returns the
/// start instead) and keeps every other state.
fn lossy_after(events: usize) -> impl Fn(&Nim) -> Nim + 'static {
    let target = nim_after(events);
    move |state: &Nim| {
        if *state == target {
            Nim::new(one_at_a_time()).unwrap()
        } else {
            state.clone()
        }
    }
}

/// The checker's `Debug` form names its start state, its seeds and its move bound.
#[test]
fn checker_debug_shows_start_seeds_and_move_bound() {
    let checker = Checker::<Nim>::new(one_at_a_time())
        .seeds(3..5)
        .max_plies(7);
    let text = format!("{checker:?}");
    let start = Nim::new(one_at_a_time()).unwrap();
    assert!(text.starts_with("Checker {"), "{text}");
    assert!(text.contains(&format!("start: {start:?}")), "{text}");
    assert!(text.contains("seeds: 3..5"), "{text}");
    assert!(text.contains("max_plies: 7"), "{text}");
}

/// The state round trip is checked at each of the first ten events, so a round trip that
/// loses the state after 3 moves (not a power of two) is caught there.
#[test]
fn state_round_trip_is_checked_at_each_of_the_first_ten_events() {
    let failure = Checker::<Nim>::new(one_at_a_time())
        .seeds(0..1)
        .state_round_trip(lossy_after(3))
        .try_run()
        .unwrap_err();
    assert_eq!(failure.message, "state serde round trip differs");
    assert_eq!(failure.seed, 0);
    assert_eq!(failure.events, 3);
}

/// From the tenth event on, the state round trip is checked only at powers of two: a round
/// trip that loses only the state after 10 moves passes (and a correct round trip is
/// accepted), one that loses the state after 16 moves is caught there.
#[test]
fn state_round_trip_is_sampled_at_powers_of_two_after_ten_events() {
    let report = Checker::<Nim>::new(one_at_a_time())
        .seeds(0..1)
        .state_round_trip(lossy_after(10))
        .try_run()
        .unwrap();
    assert_eq!(report.games, 1);
    assert_eq!(report.finished, 1);
    assert_eq!(report.longest, 30);
    let failure = Checker::<Nim>::new(one_at_a_time())
        .seeds(0..1)
        .state_round_trip(lossy_after(16))
        .try_run()
        .unwrap_err();
    assert_eq!(failure.message, "state serde round trip differs");
    assert_eq!(failure.events, 16);
}

thread_local! {
    static DRIFTING_NEWS: core::cell::Cell<usize> = const { core::cell::Cell::new(0) };
}

/// Nim whose `new` deals ten counters more after its first call: a record without a start
/// notation then replays from a different position than the game it recorded.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct DriftingNim(Nim);

impl fmt::Display for DriftingNim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl Game for DriftingNim {
    type Move = NimMove;
    type Chance = NoChance;
    type Config = NimConfig;
    type NotationError = <Nim as Game>::NotationError;
    const NAME: &'static str = "drifting-nim";
    const MIN_SEATS: usize = Nim::MIN_SEATS;
    const MAX_SEATS: usize = Nim::MAX_SEATS;
    const MAX_MOVES: usize = Nim::MAX_MOVES;
    const MAX_CHANCE_OUTCOMES: usize = Nim::MAX_CHANCE_OUTCOMES;

    fn new(config: NimConfig) -> Result<Self, ConfigError> {
        let calls = DRIFTING_NEWS.get();
        DRIFTING_NEWS.set(calls + 1);
        let config = if calls == 0 {
            config
        } else {
            NimConfig {
                counters: config.counters + 10,
                ..config
            }
        };
        Nim::new(config).map(DriftingNim)
    }
    fn from_notation(text: &str, config: &NimConfig) -> Result<Self, Self::NotationError> {
        Nim::from_notation(text, config).map(DriftingNim)
    }
    fn config(&self) -> &NimConfig {
        self.0.config()
    }
    fn num_seats(&self) -> usize {
        self.0.num_seats()
    }
    fn turn(&self) -> Turn {
        self.0.turn()
    }
    fn legal_moves<S: MoveSink<NimMove>>(&self, sink: &mut S) {
        self.0.legal_moves(sink);
    }
    fn chance_outcomes(&self) -> Option<Dist<'_, NoChance>> {
        None
    }
    fn play_unchecked(&mut self, mv: NimMove) {
        self.0.play_unchecked(mv);
    }
    fn apply_chance_unchecked(&mut self, outcome: NoChance) {
        self.0.apply_chance_unchecked(outcome);
    }
    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }
}

/// The checker replays each game's record and compares the end: a record that replays
/// without error but to a different position (here 10 counters left, not 0) is caught.
#[test]
fn testkit_catches_a_record_that_replays_to_a_different_state() {
    DRIFTING_NEWS.set(0);
    let start = DriftingNim(Nim::new(one_at_a_time()).unwrap());
    let failure = Checker::from_state(start)
        .seeds(0..1)
        .try_run()
        .unwrap_err();
    assert_eq!(failure.events, 30);
    let mut replayed = Nim::new(NimConfig {
        counters: 40,
        ..one_at_a_time()
    })
    .unwrap();
    for _ in 0..30 {
        let mv = replayed.legal_moves_vec()[0];
        replayed.play(mv).unwrap();
    }
    assert_eq!(failure.message, format!("record replays to `{replayed}`"));
}

thread_local! {
    static TAGGING_ARMED: core::cell::Cell<bool> = const { core::cell::Cell::new(false) };
}

/// Nim whose unchecked play, once armed, also sets a hidden tag (part of its equality) that
/// the checked `play` never sets: the moves stay the same, the end state does not.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct TaggingNim {
    nim: Nim,
    tagged: bool,
}

impl fmt::Display for TaggingNim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.nim.fmt(f)
    }
}

impl Game for TaggingNim {
    type Move = NimMove;
    type Chance = NoChance;
    type Config = NimConfig;
    type NotationError = <Nim as Game>::NotationError;
    const NAME: &'static str = "tagging-nim";
    const MIN_SEATS: usize = Nim::MIN_SEATS;
    const MAX_SEATS: usize = Nim::MAX_SEATS;
    const MAX_MOVES: usize = Nim::MAX_MOVES;
    const MAX_CHANCE_OUTCOMES: usize = Nim::MAX_CHANCE_OUTCOMES;

    fn new(config: NimConfig) -> Result<Self, ConfigError> {
        Nim::new(config).map(|nim| TaggingNim { nim, tagged: false })
    }
    fn from_notation(text: &str, config: &NimConfig) -> Result<Self, Self::NotationError> {
        Nim::from_notation(text, config).map(|nim| TaggingNim { nim, tagged: false })
    }
    fn config(&self) -> &NimConfig {
        self.nim.config()
    }
    fn num_seats(&self) -> usize {
        self.nim.num_seats()
    }
    fn turn(&self) -> Turn {
        self.nim.turn()
    }
    fn legal_moves<S: MoveSink<NimMove>>(&self, sink: &mut S) {
        self.nim.legal_moves(sink);
    }
    fn chance_outcomes(&self) -> Option<Dist<'_, NoChance>> {
        None
    }
    fn play(&mut self, mv: NimMove) -> Result<(), PlayError> {
        self.nim.play(mv)
    }
    fn play_unchecked(&mut self, mv: NimMove) {
        self.nim.play_unchecked(mv);
        if TAGGING_ARMED.get() {
            self.tagged = true;
        }
    }
    fn apply_chance_unchecked(&mut self, outcome: NoChance) {
        self.nim.apply_chance_unchecked(outcome);
    }
    fn outcome(&self) -> Option<Outcome> {
        self.nim.outcome()
    }
}

/// The checker compares its game with the seeded driver's, state as well as record: here
/// the driver (armed when the checker reaches the end) plays the same five moves into a
/// differently tagged state, and that alone is caught.
#[test]
fn testkit_catches_a_driver_game_with_the_same_moves_but_another_state() {
    TAGGING_ARMED.set(false);
    let config = NimConfig {
        seats: 2,
        counters: 5,
        max_take: 1,
    };
    let failure = Checker::<TaggingNim>::new(config)
        .seeds(0..1)
        .state_round_trip(|state: &TaggingNim| {
            if state.is_terminal() {
                TAGGING_ARMED.set(true);
            }
            state.clone()
        })
        .try_run()
        .unwrap_err();
    assert_eq!(failure.message, "the seeded driver plays a different game");
    assert_eq!(failure.events, 5);
}
