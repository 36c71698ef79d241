//! The move sinks: the callback sink and the inline move list.

use boardgame_core::{FnSink, MoveList, MoveSink};

/// A callback sink cannot show its closure, so its `Debug` form is a fixed placeholder.
#[test]
fn a_callback_sink_debugs_as_a_placeholder() {
    let mut taken = Vec::new();
    let sink = FnSink(|m: u8| taken.push(m));
    assert_eq!(format!("{sink:?}"), "FnSink(..)");
}

/// A move list's `Debug` form lists the moves it holds, in order, and nothing past them.
#[test]
fn a_move_list_debugs_as_the_moves_it_holds() {
    let mut list = MoveList::<u8, 4>::new();
    list.push(7);
    list.push(3);
    assert_eq!(format!("{list:?}"), "[7, 3]");
}

/// Iterating a borrowed move list yields the moves held, in push order.
#[test]
fn iterating_a_borrowed_move_list_yields_its_moves_in_order() {
    let mut list = MoveList::<u8, 4>::new();
    list.push(5);
    list.push(1);
    list.push(9);
    let mut seen = Vec::new();
    for &m in &list {
        seen.push(m);
    }
    assert_eq!(seen, vec![5, 1, 9]);
}

/// Two move lists are equal when they hold the same moves, whatever a cleared list still
/// keeps in its storage, and differ when one move differs.
#[test]
fn move_lists_are_equal_exactly_when_they_hold_the_same_moves() {
    let mut fresh = MoveList::<u8, 4>::new();
    fresh.push(1);
    fresh.push(2);
    let mut reused = MoveList::<u8, 4>::new();
    for m in [8, 8, 8] {
        reused.push(m);
    }
    reused.clear();
    reused.push(1);
    reused.push(2);
    assert!(fresh == reused);
    let mut other = MoveList::<u8, 4>::new();
    other.push(1);
    other.push(3);
    assert!(fresh != other);
    assert!(!(fresh == other));
}
