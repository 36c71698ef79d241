//! The board picture printed by `format!("{state:#}")`: the cross in text.
//!
//! The track runs anticlockwise on screen: Yellow's arm at the bottom (exit 5 on its right
//! column), Blue's on the right, Red's at the top, Green's on the left; nests sit in the
//! corners and the goal in the middle. A track cell shows `.` (or `*` on a safe square) when
//! empty, otherwise the letters of the pieces on it (`YY`, `YB`, `Y4` for four); a home
//! column cell shows `-` when empty.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use boardgame_core::Game;

use crate::board::{Colour, HOME_LEN, Loc, TRACK_LEN, is_safe};
use crate::state::{Parchis, Phase};

const SIZE: usize = 19;
const CELL: usize = 3;

/// Grid (row, column) of track square `square` (1..=68).
fn track_cell(square: u8) -> (usize, usize) {
    let k = usize::from(square);
    match square {
        1..=8 => (19 - k, 10),
        9..=16 => (10, k + 2),
        17 => (9, 18),
        18..=25 => (8, 36 - k),
        26..=33 => (33 - k, 10),
        34 => (0, 9),
        35..=42 => (k - 35, 8),
        43..=50 => (8, 50 - k),
        51 => (9, 0),
        52..=59 => (10, k - 52),
        60..=67 => (k - 49, 8),
        _ => (18, 9),
    }
}

/// Grid cell of home-column square `h` (1..=7) of `colour`.
fn home_cell(colour: Colour, h: u8) -> (usize, usize) {
    let h = usize::from(h);
    match colour {
        Colour::Yellow => (18 - h, 9),
        Colour::Blue => (9, 18 - h),
        Colour::Red => (h, 9),
        Colour::Green => (9, h),
    }
}

fn cell_text(letters: &[char], empty: char) -> String {
    let mut text = String::new();
    match letters.len() {
        0 => text.push(empty),
        1..=3 => text.extend(letters),
        n => {
            text.push(letters[0]);
            if letters.iter().all(|&c| c == letters[0]) {
                text.extend(alloc::format!("{n}").chars());
            } else {
                text.push('+');
            }
        }
    }
    text
}

pub(crate) fn draw(state: &Parchis, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let mut grid: Vec<Vec<char>> = alloc::vec![alloc::vec![' '; SIZE * CELL]; SIZE];
    let put = |grid: &mut Vec<Vec<char>>, (row, col): (usize, usize), text: &str| {
        let chars: Vec<char> = text.chars().take(CELL).collect();
        let pad = (CELL - chars.len()) / 2;
        for (i, &ch) in chars.iter().enumerate() {
            grid[row][col * CELL + pad + i] = ch;
        }
    };
    let mut on_track: Vec<Vec<char>> = alloc::vec![Vec::new(); usize::from(TRACK_LEN) + 1];
    let mut on_home: Vec<Vec<Vec<char>>> =
        alloc::vec![alloc::vec![Vec::new(); usize::from(HOME_LEN) + 1]; 4];
    let mut nest = [0usize; 4];
    let mut goal = [0usize; 4];
    for &colour in state.colours() {
        for loc in state.pieces(colour).into_iter().flatten() {
            match loc {
                Loc::Nest => nest[colour.index()] += 1,
                Loc::Goal => goal[colour.index()] += 1,
                Loc::Track(s) => on_track[usize::from(s)].push(colour.letter()),
                Loc::Home(h) => on_home[colour.index()][usize::from(h)].push(colour.letter()),
            }
        }
    }
    for square in 1..=TRACK_LEN {
        let empty = if is_safe(square) { '*' } else { '.' };
        put(
            &mut grid,
            track_cell(square),
            &cell_text(&on_track[usize::from(square)], empty),
        );
    }
    for colour in Colour::ALL {
        for h in 1..=HOME_LEN {
            put(
                &mut grid,
                home_cell(colour, h),
                &cell_text(&on_home[colour.index()][usize::from(h)], '-'),
            );
        }
    }
    let playing = |c: Colour| state.seat_of(c).is_some();
    let centre = [
        ((10, 9), Colour::Yellow),
        ((9, 10), Colour::Blue),
        ((8, 9), Colour::Red),
        ((9, 8), Colour::Green),
    ];
    for ((row, col), colour) in centre {
        let text = if playing(colour) {
            alloc::format!("{}{}", colour.letter(), goal[colour.index()])
        } else {
            String::new()
        };
        put(&mut grid, (row, col), &text);
    }
    put(&mut grid, (9, 9), "()");
    let corners = [
        (Colour::Yellow, 14, 11),
        (Colour::Blue, 4, 11),
        (Colour::Red, 4, 0),
        (Colour::Green, 14, 0),
    ];
    for (colour, row, col) in corners {
        if !playing(colour) {
            continue;
        }
        let label = alloc::format!("  {} nest: {}", colour.letter(), nest[colour.index()]);
        for (i, ch) in label.chars().enumerate() {
            grid[row][col * CELL + i] = ch;
        }
    }
    for row in grid {
        let line: String = row.into_iter().collect();
        writeln!(f, "{}", line.trim_end())?;
    }
    let who = |seat: boardgame_core::Seat| state.colour_of(seat);
    match &state.phase {
        Phase::RollOff(r) => writeln!(f, "Rolling for the first turn ({r})")?,
        Phase::Roll => writeln!(
            f,
            "{} to roll (sixes in a row: {})",
            who(state.seat),
            state.sixes
        )?,
        Phase::Move(die) => writeln!(f, "{} to move a {die}", who(state.seat))?,
        Phase::Bonus(b) => writeln!(f, "{} to move a bonus of {b}", who(state.seat))?,
        Phase::Over => {}
    }
    if let Some(outcome) = state.outcome() {
        write!(f, "Game over:")?;
        for &colour in state.colours() {
            let seat = state.seat_of(colour).expect("playing colour");
            write!(f, " {colour} #{}", outcome.rank(seat) + 1)?;
        }
        writeln!(f)?;
    }
    write!(f, "{state}")
}
