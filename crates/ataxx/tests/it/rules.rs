//! One test per rule sentence of the seed and per convention of the issue (see
//! `docs/rules/ataxx.md` for the mapping).

use ataxx::{Ataxx, AtaxxConfig, Bitboard, Color, GameOver, MAX_MOVES, Move, Square};
use boardgame_core::{Game, Outcome, PlayError, Seat, Turn};

fn pos(fen: &str) -> Ataxx {
    fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn no_clock(fen: &str) -> Ataxx {
    Ataxx::from_fen(fen, AtaxxConfig::NO_CLOCK).unwrap()
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

fn played(mut p: Ataxx, text: &str) -> Ataxx {
    p.play(mv(text))
        .unwrap_or_else(|e| panic!("{text} in {p}: {e}"));
    p
}

#[test]
fn start_position_is_a_7x7_board_with_x_on_a7_g1_and_o_on_g7_a1() {
    let start = Ataxx::new(AtaxxConfig::default()).unwrap();
    assert_eq!(start.to_string(), "x5o/7/7/7/7/7/o5x x 0 1");
    assert_eq!(
        start.pieces(Color::X),
        [sq("a7"), sq("g1")].into_iter().collect()
    );
    assert_eq!(
        start.pieces(Color::O),
        [sq("g7"), sq("a1")].into_iter().collect()
    );
    assert!(start.blocked().is_empty());
    assert_eq!(start.empty().len(), 45);
}

#[test]
fn first_player_x_moves_first() {
    let start = Ataxx::default();
    assert_eq!(start.turn(), Turn::Player(Seat::new(0)));
    assert_eq!(start.side_to_move(), Color::X);
    let after = played(start, "f1");
    assert_eq!(after.turn(), Turn::Player(Seat::new(1)));
}

#[test]
fn clone_adds_a_piece_on_an_adjacent_empty_square_and_keeps_the_original() {
    let after = played(Ataxx::default(), "f2");
    assert!(after.pieces(Color::X).contains(sq("g1")));
    assert!(after.pieces(Color::X).contains(sq("f2")));
    assert_eq!(after.pieces(Color::X).len(), 3);
}

#[test]
fn clone_reaches_all_eight_directions_and_nothing_further() {
    let p = pos("6o/7/7/3x3/7/7/7 x 0 1");
    let singles: Vec<String> = p
        .legal_moves_vec()
        .into_iter()
        .filter(|m| m.is_single())
        .map(|m| m.to_string())
        .collect();
    assert_eq!(singles, ["c3", "d3", "e3", "c4", "e4", "c5", "d5", "e5"]);
}

#[test]
fn jump_moves_to_distance_exactly_two_and_empties_its_origin() {
    let after = played(Ataxx::default(), "g1e3");
    assert!(!after.pieces(Color::X).contains(sq("g1")));
    assert!(after.pieces(Color::X).contains(sq("e3")));
    assert_eq!(after.pieces(Color::X).len(), 2);
    let jumps = pos("6o/7/7/3x3/7/7/7 x 0 1")
        .legal_moves_vec()
        .into_iter()
        .filter(|m| m.is_double())
        .count();
    assert_eq!(jumps, 16);
}

#[test]
fn moves_must_land_on_empty_squares() {
    let p = pos("7/7/7/2xoo2/7/7/7 x 0 1");
    assert!(!p.is_legal(mv("d4")), "occupied by o");
    assert!(!p.is_legal(mv("c4")), "occupied by x");
    assert!(!p.is_legal(mv("c4e4")), "occupied by o");
    assert!(p.is_legal(mv("c4e5")));
}

#[test]
fn clone_flips_every_adjacent_opponent_piece() {
    let p = pos("7/7/7/7/ooo4/o1o4/xoo4 x 0 1");
    let after = played(p, "b2");
    assert!(
        after.pieces(Color::O).is_empty(),
        "all seven neighbours flipped"
    );
    assert_eq!(after.pieces(Color::X).len(), 9);
}

#[test]
fn jump_flips_every_adjacent_opponent_piece() {
    let p = pos("7/7/2ooo2/2o1o2/2ooo2/2x4/7 x 0 1");
    let after = played(p, "c2d4");
    assert!(
        after.pieces(Color::O).is_empty(),
        "all eight neighbours flipped"
    );
    assert_eq!(after.pieces(Color::X).len(), 9);
    assert!(!after.pieces(Color::X).contains(sq("c2")));
}

#[test]
fn pieces_at_distance_two_are_not_flipped() {
    let p = pos("7/7/7/7/o1o4/7/x6 x 0 1");
    // x clones to b2: a3 and c3 are adjacent to b2 and flip.
    let after = played(p, "b2");
    assert!(after.pieces(Color::O).is_empty());
    let p = pos("7/7/7/o6/7/7/x6 x 0 1");
    // b2 is at distance 2 from a4: nothing flips.
    let after = played(p, "b2");
    assert_eq!(after.pieces(Color::O).len(), 1);
}

#[test]
fn blocked_squares_are_never_occupied_nor_flipped() {
    let p = pos("6o/7/7/7/7/--5/x-5 x 0 1");
    for m in p.legal_moves_vec() {
        assert!(
            !p.blocked().contains(m.to().unwrap()),
            "{m} lands on a blocker"
        );
    }
    assert!(!p.is_legal(mv("b1")));
    assert!(!p.is_legal(mv("a2")));
    let after = played(p.clone(), "a1c1");
    assert_eq!(after.blocked(), p.blocked());
}

#[test]
fn no_flip_through_blockers() {
    // x clones to b1: o on a2 is adjacent and flips although a blocker (b2) touches both;
    // o on c3, behind the blocker at distance 2, does not.
    let after = played(pos("7/7/7/7/2o4/o-5/x6 x 0 1"), "b1");
    assert!(after.pieces(Color::X).contains(sq("a2")));
    assert!(after.pieces(Color::O).contains(sq("c3")));
    assert!(after.blocked().contains(sq("b2")));
}

#[test]
fn jumps_may_cross_blocked_squares() {
    let p = pos("6o/7/7/7/7/-------/x6 x 0 1");
    assert!(p.is_legal(mv("a1a3")));
    assert!(p.is_legal(mv("a1c3")));
    assert!(!p.is_legal(mv("a2")));
}

#[test]
fn pass_is_forced_only_when_the_mover_is_stuck() {
    // x on rank 1 is walled in by two full ranks of o; o can still move.
    let p = pos("7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1");
    assert_eq!(p.legal_moves_vec(), vec![Move::Pass]);
    assert!(p.must_pass());
    let after = played(p.clone(), "0000");
    assert_eq!(after.side_to_move(), Color::O);
    assert_eq!(after.pieces(Color::X), p.pieces(Color::X));
    assert_eq!(after.halfmove_clock(), 1);
}

#[test]
fn pass_is_illegal_when_a_move_exists() {
    let start = Ataxx::default();
    assert!(!start.is_legal(Move::Pass));
    let mut probe = start.clone();
    assert_eq!(probe.play(Move::Pass), Err(PlayError::IllegalMove));
    assert_eq!(probe, start);
    assert!(!start.legal_moves_vec().contains(&Move::Pass));
}

#[test]
fn full_board_ends_the_game_and_cannot_be_tied() {
    let p = pos("xxxxxxx/xxxxxxx/xxxxxxx/xxxxooo/ooooooo/ooooooo/ooooooo o 0 30");
    assert_eq!(p.game_over(), Some(GameOver::NoMoves));
    assert_eq!(p.turn(), Turn::Terminal);
    assert!(p.legal_moves_vec().is_empty());
    assert_eq!(p.outcome(), Some(Outcome::win(2, Seat::new(0))));
    // 49 squares and no blockers: the counts differ, so there is always a winner.
    assert_ne!(p.pieces(Color::X).len(), p.pieces(Color::O).len());
}

#[test]
fn side_without_pieces_loses() {
    let p = pos("7/7/7/7/7/7/x6 o 0 1");
    assert_eq!(p.game_over(), Some(GameOver::NoPieces(Color::O)));
    assert_eq!(p.outcome(), Some(Outcome::win(2, Seat::new(0))));
    let wiped = played(pos("7/7/7/7/7/1o5/x6 x 0 1"), "b1");
    assert_eq!(wiped.game_over(), Some(GameOver::NoPieces(Color::O)));
    assert_eq!(wiped.outcome().unwrap().winner(), Some(Seat::new(0)));
}

#[test]
fn walled_off_board_ends_the_game_when_neither_player_can_move() {
    // Empty squares remain (ranks 4-7) but no piece can reach them.
    let p = pos("7/7/7/7/-------/-------/xxxooo- x 0 1");
    assert_eq!(p.game_over(), Some(GameOver::NoMoves));
    assert_eq!(p.outcome(), Some(Outcome::draw(2)), "3 against 3 is a draw");
    let p = pos("7/7/7/7/-------/-------/xxxxoo- o 0 1");
    assert_eq!(p.outcome().unwrap().winner(), Some(Seat::new(0)));
}

#[test]
fn more_pieces_wins() {
    let p = pos("7/7/7/7/-------/-------/ooox-x- x 0 1");
    assert_eq!(p.game_over(), Some(GameOver::NoMoves));
    assert_eq!(p.outcome().unwrap().winner(), Some(Seat::new(1)));
}

#[test]
fn clone_resets_the_halfmove_clock() {
    let p = pos("x5o/7/7/7/7/7/o5x x 37 1");
    assert_eq!(played(p, "f1").halfmove_clock(), 0);
}

#[test]
fn jump_and_pass_add_one_to_the_halfmove_clock() {
    let p = pos("x5o/7/7/7/7/7/o5x x 37 1");
    assert_eq!(played(p, "g1e3").halfmove_clock(), 38);
    let p = pos("7/7/7/7/ooooooo/ooooooo/xxxxxxx x 37 1");
    assert_eq!(played(p, "0000").halfmove_clock(), 38);
}

#[test]
fn captures_do_not_reset_the_halfmove_clock() {
    let p = pos("7/7/7/7/2o4/7/x6 x 12 1");
    let after = played(p, "a1c2");
    assert_eq!(after.pieces(Color::O).len(), 0, "c3 flipped");
    assert_eq!(after.halfmove_clock(), 13);
}

#[test]
fn fullmove_number_increases_after_o_moves() {
    let p = played(Ataxx::default(), "f1");
    assert_eq!(p.fullmove_number(), 1);
    let p = played(p, "b1");
    assert_eq!(p.fullmove_number(), 2);
}

#[test]
fn halfmove_clock_at_100_ends_the_game_in_a_draw() {
    let p = pos("x5o/7/7/7/7/7/o5x x 99 1");
    assert_eq!(p.game_over(), None);
    let after = played(p, "g1e3");
    assert_eq!(after.halfmove_clock(), 100);
    assert_eq!(after.game_over(), Some(GameOver::Clock));
    assert_eq!(after.outcome(), Some(Outcome::draw(2)));
    assert!(after.legal_moves_vec().is_empty());
    // x has more pieces, but the clock draw does not look at the count.
    assert_eq!(
        pos("xx4o/7/7/7/7/7/o5x o 100 9").outcome(),
        Some(Outcome::draw(2))
    );
}

#[test]
fn ply_clock_switch_off_lets_play_continue() {
    let p = no_clock("x5o/7/7/7/7/7/o5x x 100 1");
    assert_eq!(p.game_over(), None);
    assert_eq!(p.move_count(), 16);
    assert_eq!(Ataxx::max_game_length(&AtaxxConfig::NO_CLOCK), None);
    assert_eq!(Ataxx::max_game_length(&AtaxxConfig::default()), Some(5049));
}

#[test]
fn no_pieces_win_takes_precedence_over_the_clock_draw() {
    let p = pos("7/7/7/7/7/7/x6 o 100 60");
    assert_eq!(p.game_over(), Some(GameOver::NoPieces(Color::O)));
    assert_eq!(p.outcome().unwrap().winner(), Some(Seat::new(0)));
    // The clock reaching 100 on the very jump that captures the last piece.
    let after = played(pos("7/7/7/7/2o4/7/x6 x 99 1"), "a1c2");
    assert_eq!(after.halfmove_clock(), 100);
    assert_eq!(after.game_over(), Some(GameOver::NoPieces(Color::O)));
    assert_eq!(after.outcome().unwrap().winner(), Some(Seat::new(0)));
}

#[test]
fn nobody_can_move_takes_precedence_over_the_clock_draw() {
    let p = pos("7/7/7/7/-------/-------/xxxxoo- o 100 60");
    assert_eq!(p.game_over(), Some(GameOver::NoMoves));
    assert_eq!(p.outcome().unwrap().winner(), Some(Seat::new(0)));
}

#[test]
fn equal_pieces_draw_only_with_blockers_or_the_clock() {
    assert_eq!(
        pos("7/7/7/7/-------/-------/xxxooo- x 0 1").outcome(),
        Some(Outcome::draw(2))
    );
    assert_eq!(
        pos("x5o/7/7/7/7/7/o5x x 100 1").outcome(),
        Some(Outcome::draw(2))
    );
}

#[test]
fn moves_are_generated_clones_first_then_jumps_by_origin() {
    let moves: Vec<String> = Ataxx::default()
        .legal_moves_vec()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        moves,
        [
            "f1", "f2", "g2", "a6", "b6", "b7", "g1e1", "g1e2", "g1e3", "g1f3", "g1g3", "a7a5",
            "a7b5", "a7c5", "a7c6", "a7c7"
        ]
    );
}

#[test]
fn illegal_moves_are_refused_and_leave_the_state_unchanged() {
    let start = Ataxx::default();
    for text in ["d4", "a1a3", "g7e5", "a7a4"] {
        let Ok(m) = text.parse::<Move>() else {
            continue;
        };
        let mut probe = start.clone();
        assert_eq!(probe.play(m), Err(PlayError::IllegalMove), "{text}");
        assert_eq!(probe, start);
    }
    let over = pos("7/7/7/7/7/7/x6 o 0 1");
    let mut probe = over.clone();
    assert_eq!(probe.play(mv("a2")), Err(PlayError::NotPlayerTurn));
    assert_eq!(probe, over);
}

#[test]
fn state_is_at_most_32_bytes_plus_config() {
    // Three bitboards and the hash; the counters, the side to move and the rules switch
    // live in the 15 spare bits of the bitboard words, so the config costs nothing extra.
    assert_eq!(std::mem::size_of::<AtaxxConfig>(), 1);
    assert!(
        std::mem::size_of::<Ataxx>() <= 32,
        "{}",
        std::mem::size_of::<Ataxx>()
    );
    assert!(std::mem::size_of::<Move>() <= 4);
}

#[test]
fn counters_are_packed_without_disturbing_the_board() {
    let p = Ataxx::from_fen(
        "x5o/7/2-1-2/7/2-1-2/7/o5x o 32767 32767",
        AtaxxConfig::NO_CLOCK,
    )
    .unwrap();
    assert_eq!((p.halfmove_clock(), p.fullmove_number()), (32767, 32767));
    assert_eq!(p.pieces(Color::X).len(), 2);
    assert_eq!(p.blocked().len(), 4);
    assert_eq!(p.empty().len(), 41);
    // Both counters stop at their maximum instead of spilling into the board.
    let after = played(p, "g7f5");
    assert_eq!(
        (after.halfmove_clock(), after.fullmove_number()),
        (32767, 32767)
    );
    assert_eq!(after.rules(), AtaxxConfig::NO_CLOCK);
    assert_eq!(after.to_string(), "x6/7/2-1-o1/7/2-1-2/7/o5x x 32767 32767");
    assert_eq!(*after.config(), AtaxxConfig::NO_CLOCK);
}

#[test]
fn max_moves_covers_the_dense_capacity_position() {
    let dense = pos("o1xx2x/2xx2x/2xx2x/x1xx2x/2xx2x/2xx2x/x1xx2x x 0 1");
    let n = dense.legal_moves_vec().len();
    assert_eq!(n, dense.move_count());
    assert_eq!(n, 194);
    assert!(n <= MAX_MOVES);
    // The proven bound behind MAX_MOVES: clones <= 49 and jumps <= the pairs of squares at
    // distance exactly 2.
    let pairs: usize = Square::all()
        .map(|s| Bitboard::jumps(s).len())
        .sum::<usize>()
        / 2;
    assert_eq!(pairs, 240);
    assert!(49 + pairs <= MAX_MOVES);
}

#[test]
fn evaluation_is_the_piece_difference_for_the_seat() {
    let p = pos("xxx3o/7/7/7/7/7/o5x o 0 1");
    assert_eq!(p.evaluation(Seat::new(0)), 2);
    assert_eq!(p.evaluation(Seat::new(1)), -2);
}

#[test]
fn alternate_display_draws_the_board() {
    let picture = format!("{:#}", Ataxx::default());
    assert!(picture.contains("7 | x . . . . . o |"), "{picture}");
    assert!(picture.contains("1 | o . . . . . x |"), "{picture}");
    assert!(picture.contains("a b c d e f g"));
    assert!(picture.contains("x to move"));
    let over = format!("{:#}", pos("7/7/7/7/-------/-------/xxxxoo- o 0 1"));
    assert!(over.contains("game over: neither side can move"), "{over}");
}

#[test]
fn from_bitboards_refuses_overlapping_sets() {
    let a1 = Bitboard::from_square(sq("a1"));
    assert!(
        Ataxx::from_bitboards(a1, a1, Bitboard::EMPTY, Color::X, AtaxxConfig::default()).is_err()
    );
    let ok = Ataxx::from_bitboards(
        a1,
        Bitboard::EMPTY,
        Bitboard::from_square(sq("b1")),
        Color::O,
        AtaxxConfig::default(),
    )
    .unwrap();
    assert_eq!(ok.to_string(), "7/7/7/7/7/7/x-5 o 0 1");
}

/// The key (`key`) covers the pieces, the blocked squares and the side to move, and
/// nothing else: not the counters, not the rules.
#[test]
fn key_covers_the_board_and_the_side_to_move_only() {
    let key = |fen: &str| fen.parse::<Ataxx>().unwrap().key();
    let board = "x5o/7/7/3-3/7/7/o5x";
    assert_eq!(
        key(&format!("{board} x 0 1")),
        key(&format!("{board} x 37 90"))
    );
    assert_eq!(
        key(&format!("{board} o 0 1")),
        no_clock(&format!("{board} o 0 1")).key()
    );
    let different = [
        format!("{board} x 0 1"),
        format!("{board} o 0 1"),
        "x5o/7/7/3x3/7/7/o5x x 0 1".to_string(),
        "x5o/7/7/3o3/7/7/o5x x 0 1".to_string(),
        "x5o/7/7/7/7/7/o5x x 0 1".to_string(),
        "o5x/7/7/3-3/7/7/x5o x 0 1".to_string(),
    ];
    for (i, a) in different.iter().enumerate() {
        for b in &different[i + 1..] {
            assert_ne!(key(a), key(b), "{a} and {b}");
        }
    }
}
