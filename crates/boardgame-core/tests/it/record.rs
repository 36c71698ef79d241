//! Records of the toy games: where they start and how many events they hold.

use boardgame_core::toy::{Nim, NimConfig, NimMove};
use boardgame_core::{Event, Game, Record};

/// A record started from the configuration's initial state stores no starting notation; one
/// started anywhere else stores the state's notation, and replays back to that state.
#[test]
fn a_record_stores_its_start_only_when_it_is_not_the_initial_state() {
    let config = NimConfig {
        seats: 2,
        counters: 10,
        max_take: 3,
    };
    let initial = Nim::new(config).unwrap();
    let record = Record::starting_from(&initial);
    assert_eq!(record.config, config);
    assert_eq!(record.start, None);
    assert_eq!(record.replay(), Ok(initial.clone()));

    // The same notation read back under the same rules is the initial state too.
    let parsed = Nim::from_notation("10:0", &config).unwrap();
    assert_eq!(Record::starting_from(&parsed).start, None);

    // Seven counters left, seat 1 to move: not where this configuration starts.
    let mut later = initial;
    later.play(NimMove(3)).unwrap();
    let record = Record::starting_from(&later);
    assert_eq!(record.start.as_deref(), Some("7:1"));
    assert!(record.events.is_empty());
    assert_eq!(record.replay(), Ok(later));

    // All ten counters but seat 1 to move: differs from the start only in the seat.
    let other_seat = Nim::from_notation("10:1", &config).unwrap();
    assert_eq!(
        Record::starting_from(&other_seat).start.as_deref(),
        Some("10:1")
    );
}

/// `len` counts the recorded events and `is_empty` is true only for a record without any.
#[test]
fn record_length_counts_its_events() {
    let mut record = Record::<Nim>::new(NimConfig::default());
    assert_eq!(record.len(), 0);
    assert!(record.is_empty());

    record.events.push(Event::Move(NimMove(2)));
    assert_eq!(record.len(), 1);
    assert!(!record.is_empty());

    record.events.push(Event::Move(NimMove(3)));
    record.events.push(Event::Move(NimMove(1)));
    assert_eq!(record.len(), 3);
    assert!(!record.is_empty());
    // 21 - 2 - 3 - 1 = 15 counters, seat 1 to move after three moves.
    assert_eq!(record.replay().unwrap().to_string(), "15:1");
}
