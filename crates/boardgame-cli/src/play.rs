//! `boardgame play`: a game in the terminal against bots, or hot-seat. Works with piped
//! standard input, so sessions can be scripted.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use boardgame_io::lines::{self, Line as InputLine, Skip};
use boardgame_io::quote;

use boardgame_core::driver::{rng_from_seed, sample};
use boardgame_core::{Event, Game, Record, RecordLine, Seat, Turn};
use clap::Args;

use crate::arena::no_outcomes;
use crate::bots::{self, BotSpec};
use crate::config::RuleArgs;
use crate::error::{CliError, data, output, usage};
use crate::games::{CliGame, GameKind, with_game};

/// Options of `play`.
#[derive(Debug, Args)]
pub(crate) struct PlayArgs {
    /// The game.
    pub(crate) game: GameKind,
    #[command(flatten)]
    pub(crate) rules: RuleArgs,
    /// The seats played by people: comma-separated seat numbers, `all` (hot-seat) or `none`.
    #[arg(long, default_value = "0")]
    pub(crate) human: String,
    /// The bot for the other seats: a spec `NAME[:KEY=VALUE]*` such as `greedy`,
    /// `mcts:iters=2000` or `expectimax:depth=2` (a bad spec lists them all).
    #[arg(long, value_name = "SPEC", default_value = "greedy")]
    pub(crate) bot: String,
    /// Seed for the dice and the bots.
    #[arg(long, default_value_t = 0)]
    pub(crate) seed: u64,
    /// Save the game's record (JSON) to FILE after every move and throw
    /// (`boardgame_io::write`): each save writes a new temporary file next to FILE and
    /// renames it over FILE, so FILE always holds a whole record (an interrupt loses nothing)
    /// and a failed write (a full disk) keeps the save before it. A FILE from before is replaced at the first event, keeping its
    /// permissions. FILE must be a regular file or nothing: a device, FIFO, socket or
    /// directory is refused. A symbolic link is followed: the file it points to is saved
    /// (created if missing) and the link stays.
    #[arg(long, value_name = "FILE")]
    pub(crate) save: Option<PathBuf>,
}

/// Runs `play`.
pub(crate) fn run(args: &PlayArgs) -> Result<(), CliError> {
    with_game!(args.game, G => play::<G>(args))
}

/// The seats of `--human`, each once, in seat order.
fn human_seats(spec: &str, num_seats: usize) -> Result<Vec<Seat>, CliError> {
    match spec.trim() {
        "all" => return Ok(Seat::first(num_seats).collect()),
        "none" => return Ok(Vec::new()),
        _ => {}
    }
    let seats = match num_seats {
        1 => "the only seat is 0".to_owned(),
        2 => "the seats are 0 and 1".to_owned(),
        n => format!("the seats are 0 to {}", n - 1),
    };
    if spec.trim().is_empty() {
        return Err(CliError::Usage(format!(
            "--human is empty: give seat numbers ({seats}), `all` or `none`"
        )));
    }
    let mut chosen = Vec::new();
    for part in spec.split(',') {
        let seat = part
            .trim()
            .parse::<usize>()
            .ok()
            .filter(|&i| i < num_seats)
            .map(Seat::new)
            .ok_or_else(|| {
                CliError::Usage(format!(
                    "--human: {} is not a seat; {seats} (or `all`, `none`)",
                    quote(part.trim())
                ))
            })?;
        if chosen.contains(&seat) {
            return Err(CliError::Usage(format!(
                "--human names seat {} twice; name each seat once",
                seat.index()
            )));
        }
        chosen.push(seat);
    }
    chosen.sort_unstable();
    Ok(chosen)
}

/// The longest input line `play` reads (a move is a few characters).
const MAX_LINE: usize = 4096;

/// The longest move or number read from a line.
const MAX_CHOICE: usize = 40;

/// One line of input.
#[derive(Debug, PartialEq, Eq)]
enum Line {
    /// A line of text, without its line ending.
    Text(String),
    /// A line that was skipped (not UTF-8), and why.
    Skipped(String),
    /// The end of the input.
    End,
}

/// Reads one line of at most [`MAX_LINE`] bytes (`boardgame_io::lines`).
///
/// # Errors
/// A longer line (consumed to its end without being held: the input is not a person typing
/// moves), or a read error.
fn read_line(input: &mut impl BufRead) -> Result<Line, CliError> {
    match lines::read_line(input, MAX_LINE).map_err(|e| data(format!("standard input: {e}")))? {
        None => Ok(Line::End),
        Some(InputLine::Text(mut text)) => {
            if text.ends_with('\r') {
                text.pop();
            }
            Ok(Line::Text(text))
        }
        Some(InputLine::Skipped {
            kind: Skip::TooLong | Skip::ReadError,
            why,
            ..
        }) => Err(data(format!("standard input: {why}"))),
        Some(InputLine::Skipped { why, .. }) => Ok(Line::Skipped(why)),
    }
}

const HELP: &str = "Type a move in the game's notation or its number from the list.\n\
  moves  list the legal moves again\n\
  board  show the board again\n\
  help   this text\n\
  quit   stop (the record is saved with --save)";

fn play<G: CliGame>(args: &PlayArgs) -> Result<(), CliError> {
    let config: G::Config = args.rules.build()?;
    let state = G::new(config.clone()).map_err(usage)?;
    let spec: BotSpec = args.bot.parse()?;
    bots::check::<G>(&spec, &state)?;
    let mut bot = bots::build::<G>(&spec, state.num_seats(), args.seed)?;
    let humans = human_seats(&args.human, state.num_seats())?;
    // Check the record file's directory now, so a bad path is reported before the game.
    let mut save = match &args.save {
        Some(path) => Some(Saver::create(path, args.seed)?),
        None => None,
    };
    let mut record = Record::<G>::new(config);
    let mut out = std::io::stdout().lock();
    let played = play_game(
        args,
        state,
        bot.as_mut(),
        &humans,
        &mut record,
        save.as_mut(),
        &mut std::io::stdin().lock(),
        &mut out,
    );
    // Save what was played however the game ended: finished, quit, end of input, bad input
    // or a closed output.
    if let Some(save) = &mut save {
        save.write(&record)?;
        if played.is_ok() {
            writeln!(
                out,
                "record saved to {}",
                boardgame_io::quote_path(save.path)
            )
            .map_err(output)?;
        }
    }
    if played? == Played::Stopped {
        writeln!(out, "game stopped before the end").map_err(output)?;
    }
    Ok(())
}

/// The `--save` file, rewritten with the whole record after every event and at the end,
/// through `boardgame_io::write::replace`: the save is always a whole record, and a failed
/// write leaves the one before it.
struct Saver<'a> {
    /// The path given on the command line.
    path: &'a Path,
    seed: u64,
}

impl<'a> Saver<'a> {
    /// Checks that `path` is a regular file or nothing (through its symbolic links), and
    /// that a temporary file can be made next to it; nothing is written to it until the
    /// first save.
    fn create(path: &'a Path, seed: u64) -> Result<Saver<'a>, CliError> {
        boardgame_io::write::Replacement::create(path)
            .map_err(|e| data(format!("{}: {e}", boardgame_io::quote_path(path))))?;
        Ok(Saver { path, seed })
    }

    /// Replaces the save with `record`, or leaves the previous save if that fails.
    fn write<G: CliGame>(&mut self, record: &Record<G>) -> Result<(), CliError> {
        let line = RecordLine::new(record.clone(), Some(self.seed));
        let mut json = serde_json::to_string(&line).map_err(data)?;
        json.push('\n');
        boardgame_io::write::replace(self.path, json.as_bytes()).map_err(|e| {
            data(format!(
                "{}: {e}; the save before this move is kept",
                boardgame_io::quote_path(self.path)
            ))
        })
    }
}

/// How a game in the terminal ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Played {
    Finished,
    Stopped,
}

/// Plays the game, pushing every event to `record`.
#[expect(
    clippy::too_many_arguments,
    reason = "the game loop's inputs and outputs, each used once; a struct would only rename them"
)]
fn play_game<G: CliGame>(
    args: &PlayArgs,
    mut state: G,
    bot: &mut dyn bots::Bot<G>,
    humans: &[Seat],
    record: &mut Record<G>,
    mut save: Option<&mut Saver<'_>>,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Result<Played, CliError> {
    let mut rng = rng_from_seed(args.seed);
    writeln!(
        out,
        "{} — seats played by people: {}",
        G::KIND.name(),
        describe_humans(&state, humans)
    )
    .map_err(output)?;
    loop {
        match state.turn() {
            Turn::Terminal => {
                let outcome = state.outcome().ok_or_else(|| {
                    data(format!(
                        "internal error: a finished {} without a result: {state}",
                        G::KIND.name()
                    ))
                })?;
                writeln!(
                    out,
                    "\n{state:#}\nGame over: {}",
                    state.result_line(&outcome)
                )
                .map_err(output)?;
                return Ok(Played::Finished);
            }
            Turn::Chance => {
                let dist = state.chance_outcomes().ok_or_else(|| no_outcomes(&state))?;
                let outcome = sample(&dist, &mut rng);
                state.apply_chance_unchecked(outcome);
                record.events.push(Event::Chance(outcome));
                save_now(save.as_deref_mut(), record)?;
                writeln!(out, "dice: {outcome}").map_err(output)?;
            }
            Turn::Player(seat) if humans.contains(&seat) => {
                let legal = state.legal_moves_vec();
                writeln!(out, "\n{state:#}").map_err(output)?;
                list_moves(out, &legal).map_err(output)?;
                let Some(mv) = ask_move(&state, seat, &legal, input, out)? else {
                    return Ok(Played::Stopped);
                };
                state.play(mv).map_err(data)?;
                record.events.push(Event::Move(mv));
                save_now(save.as_deref_mut(), record)?;
                writeln!(out, "{} chose {mv}", state.seat_name(seat)).map_err(output)?;
            }
            Turn::Player(seat) => {
                let legal = state.legal_moves_vec();
                let mv = bot.choose(&state, &legal, &mut rng);
                state.play(mv).map_err(data)?;
                record.events.push(Event::Move(mv));
                save_now(save.as_deref_mut(), record)?;
                writeln!(out, "{} chose {mv}", state.seat_name(seat)).map_err(output)?;
            }
        }
    }
}

/// Saves `record` if the game is saved.
fn save_now<G: CliGame>(save: Option<&mut Saver<'_>>, record: &Record<G>) -> Result<(), CliError> {
    save.map_or(Ok(()), |save| save.write(record))
}

/// Asks for a move until one is legal; `None` on `quit` or the end of the input.
fn ask_move<G: CliGame>(
    state: &G,
    seat: Seat,
    legal: &[G::Move],
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Result<Option<G::Move>, CliError> {
    loop {
        write!(out, "{} to move> ", state.seat_name(seat)).map_err(output)?;
        out.flush().map_err(output)?;
        let line = match read_line(input)? {
            Line::End => {
                writeln!(out, "\n(end of input)").map_err(output)?;
                return Ok(None);
            }
            Line::Skipped(why) => {
                writeln!(out, "{why}; type a move (or `help`)").map_err(output)?;
                continue;
            }
            Line::Text(line) => line,
        };
        match line.trim() {
            "" => {}
            "quit" | "exit" => return Ok(None),
            "help" | "?" => writeln!(out, "{HELP}").map_err(output)?,
            "moves" => list_moves(out, legal).map_err(output)?,
            "board" => writeln!(out, "{state:#}").map_err(output)?,
            text => match parse_choice::<G>(text, legal) {
                Ok(mv) => return Ok(Some(mv)),
                Err(message) => writeln!(out, "{message}").map_err(output)?,
            },
        }
    }
}

fn describe_humans<G: CliGame>(state: &G, humans: &[Seat]) -> String {
    if humans.is_empty() {
        return "none (bots only)".into();
    }
    humans
        .iter()
        .map(|&s| state.seat_name(s))
        .collect::<Vec<_>>()
        .join(", ")
}

fn list_moves<M: std::fmt::Display>(out: &mut impl Write, legal: &[M]) -> std::io::Result<()> {
    let names: Vec<String> = legal.iter().map(ToString::to_string).collect();
    let width = names.iter().map(String::len).max().unwrap_or(0);
    let per_row = (72 / (width + 7)).max(1);
    for (row, chunk) in names.chunks(per_row).enumerate() {
        let cells: Vec<String> = chunk
            .iter()
            .enumerate()
            .map(|(i, name)| format!("{:>3}) {name:<width$}", row * per_row + i + 1))
            .collect();
        writeln!(out, "{}", cells.join("  ").trim_end())?;
    }
    Ok(())
}

/// A move typed in the game's notation or as its 1-based number in the list. The notation
/// wins: a legal move written `0000` or `+1` is that move, never a list number, and only
/// plain digits are read as a number.
fn parse_choice<G: Game>(input: &str, legal: &[G::Move]) -> Result<G::Move, String> {
    if input.len() > MAX_CHOICE {
        return Err(format!(
            "{} is too long for a move or a number (type `moves` for the list)",
            quote(input)
        ));
    }
    let notation = input.parse::<G::Move>();
    if let Ok(mv) = &notation
        && legal.contains(mv)
    {
        return Ok(*mv);
    }
    if input.bytes().all(|b| b.is_ascii_digit()) {
        let number = input.parse::<usize>().ok();
        return match number
            .and_then(|n| n.checked_sub(1))
            .and_then(|i| legal.get(i))
        {
            Some(&mv) => Ok(mv),
            None => Err(format!(
                "no move number {input}: choose 1..{} (or type `moves`)",
                legal.len()
            )),
        };
    }
    match notation {
        Ok(mv) => Err(format!(
            "{mv} is not legal here (type `moves` for the list)"
        )),
        Err(e) => Err(format!(
            "cannot read {}: {} (type `help`)",
            quote(input),
            boardgame_io::clip(&e.to_string())
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ataxx::{Ataxx, Move};

    #[test]
    fn the_notation_wins_over_a_list_number() {
        // The forced pass is listed as `1) 0000`: typing it or its number picks it.
        let legal = [Move::Pass];
        assert_eq!(parse_choice::<Ataxx>("0000", &legal), Ok(Move::Pass));
        assert_eq!(parse_choice::<Ataxx>("1", &legal), Ok(Move::Pass));
        // Signs make it no list number.
        assert!(parse_choice::<Ataxx>("+1", &legal).is_err());
        assert!(
            parse_choice::<Ataxx>("2", &legal)
                .unwrap_err()
                .contains("no move number 2")
        );
    }

    #[test]
    fn human_seats_are_listed_once_in_seat_order() {
        let seats = human_seats("1,0", 2).unwrap();
        assert_eq!(seats, vec![Seat::new(0), Seat::new(1)]);
        // Issue 44, cosmetic: `--human 0,0` was accepted silently.
        assert!(human_seats("0,0", 2).is_err());
        assert!(human_seats("2", 2).is_err());
        assert!(human_seats(" ", 2).is_err());
        assert!(human_seats("", 2).is_err());
    }

    #[test]
    fn long_lines_are_refused_and_bad_utf8_is_reported() {
        let mut input: &[u8] = b"f2\r\n\xff\n";
        assert_eq!(read_line(&mut input).unwrap(), Line::Text("f2".into()));
        assert!(
            matches!(read_line(&mut input).unwrap(), Line::Skipped(why) if why.contains("UTF-8"))
        );
        assert_eq!(read_line(&mut input).unwrap(), Line::End);
        let long = vec![b'a'; MAX_LINE + 1];
        assert!(read_line(&mut long.as_slice()).is_err());
        let fits = [vec![b'a'; MAX_LINE], b"\n".to_vec()].concat();
        assert!(matches!(read_line(&mut fits.as_slice()), Ok(Line::Text(_))));
    }
}
