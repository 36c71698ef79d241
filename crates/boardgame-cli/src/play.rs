//! `boardgame play`: a game in the terminal against bots, or hot-seat. Works with piped
//! standard input, so sessions can be scripted.

use std::io::{BufRead, Write};
use std::path::PathBuf;

use boardgame_core::driver::{rng_from_seed, sample};
use boardgame_core::{Event, Game, Record, Seat, Turn};
use clap::Args;

use crate::bots::{self, BotSpec, SearchGame};
use crate::config::RuleArgs;
use crate::error::{CliError, data, usage};
use crate::games::{CliGame, GameKind, with_game};
use crate::simulate::RecordLine;

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
    /// Save the game's record (JSON) to FILE when it ends or on `quit`.
    #[arg(long, value_name = "FILE")]
    pub(crate) save: Option<PathBuf>,
}

/// Runs `play`.
pub(crate) fn run(args: &PlayArgs) -> Result<(), CliError> {
    with_game!(args.game, G => play::<G>(args))
}

fn human_seats(spec: &str, num_seats: usize) -> Result<Vec<Seat>, CliError> {
    match spec.trim() {
        "all" => return Ok(Seat::first(num_seats).collect()),
        "none" | "" => return Ok(Vec::new()),
        _ => {}
    }
    spec.split(',')
        .map(|part| {
            part.trim()
                .parse::<usize>()
                .ok()
                .filter(|&i| i < num_seats)
                .map(Seat::new)
                .ok_or_else(|| {
                    CliError::Usage(format!(
                        "--human: {part:?} is not a seat; seats are 0..{} (or `all`, `none`)",
                        num_seats - 1
                    ))
                })
        })
        .collect()
}

const HELP: &str = "Type a move in the game's notation or its number from the list.\n\
  moves  list the legal moves again\n\
  board  show the board again\n\
  help   this text\n\
  quit   stop (the record is saved with --save)";

fn play<G: SearchGame>(args: &PlayArgs) -> Result<(), CliError> {
    let config: G::Config = args.rules.build()?;
    let mut state = G::new(config.clone()).map_err(usage)?;
    let spec: BotSpec = args.bot.parse()?;
    let mut bot = bots::build::<G>(&spec, state.num_seats(), args.seed)?;
    let humans = human_seats(&args.human, state.num_seats())?;
    let mut rng = rng_from_seed(args.seed);
    let mut record = Record::<G>::new(config);
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut out = std::io::stdout().lock();
    let io = |e: std::io::Error| data(format!("terminal: {e}"));

    writeln!(
        out,
        "{} — seats played by people: {}",
        G::KIND.name(),
        describe_humans(&state, &humans)
    )
    .map_err(io)?;
    let mut finished = false;
    loop {
        match state.turn() {
            Turn::Terminal => {
                let outcome = state.outcome().expect("terminal state has an outcome");
                writeln!(
                    out,
                    "\n{state:#}\nGame over: {}",
                    state.result_line(&outcome)
                )
                .map_err(io)?;
                finished = true;
                break;
            }
            Turn::Chance => {
                let dist = state.chance_outcomes().expect("chance node has outcomes");
                let outcome = sample(&dist, &mut rng);
                state.apply_chance_unchecked(outcome);
                record.events.push(Event::Chance(outcome));
                writeln!(out, "dice: {outcome}").map_err(io)?;
            }
            Turn::Player(seat) if humans.contains(&seat) => {
                let legal = state.legal_moves_vec();
                writeln!(out, "\n{state:#}").map_err(io)?;
                list_moves(&mut out, &legal).map_err(io)?;
                let chosen = loop {
                    write!(out, "{} to move> ", state.seat_name(seat)).map_err(io)?;
                    out.flush().map_err(io)?;
                    let Some(line) = lines.next() else {
                        writeln!(out, "\n(end of input)").map_err(io)?;
                        break None;
                    };
                    let line = line.map_err(io)?;
                    match line.trim() {
                        "" => {}
                        "quit" | "exit" => break None,
                        "help" | "?" => writeln!(out, "{HELP}").map_err(io)?,
                        "moves" => list_moves(&mut out, &legal).map_err(io)?,
                        "board" => writeln!(out, "{state:#}").map_err(io)?,
                        input => match parse_choice::<G>(input, &legal) {
                            Ok(mv) => break Some(mv),
                            Err(message) => writeln!(out, "{message}").map_err(io)?,
                        },
                    }
                };
                let Some(mv) = chosen else { break };
                state.play(mv).map_err(data)?;
                record.events.push(Event::Move(mv));
                writeln!(out, "{} chose {mv}", state_seat_name(&state, seat)).map_err(io)?;
            }
            Turn::Player(seat) => {
                let legal = state.legal_moves_vec();
                let mv = bot.choose(&state, &legal, &mut rng);
                state.play(mv).map_err(data)?;
                record.events.push(Event::Move(mv));
                writeln!(out, "{} chose {mv}", state_seat_name(&state, seat)).map_err(io)?;
            }
        }
    }
    if let Some(path) = &args.save {
        let line = RecordLine::<G> {
            game: G::KIND.name().into(),
            seed: Some(args.seed),
            record,
        };
        let json = serde_json::to_string(&line).map_err(data)?;
        std::fs::write(path, json + "\n").map_err(|e| data(format!("{}: {e}", path.display())))?;
        writeln!(out, "record saved to {}", path.display()).map_err(io)?;
    }
    if !finished {
        writeln!(out, "game stopped before the end").map_err(io)?;
    }
    Ok(())
}

fn state_seat_name<G: CliGame>(state: &G, seat: Seat) -> String {
    state.seat_name(seat)
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

/// A move typed as its 1-based number in the list, or in the game's notation.
fn parse_choice<G: Game>(input: &str, legal: &[G::Move]) -> Result<G::Move, String> {
    if let Ok(number) = input.parse::<usize>() {
        return match number.checked_sub(1).and_then(|i| legal.get(i)) {
            Some(&mv) => Ok(mv),
            None => Err(format!(
                "no move number {number}: choose 1..{} (or type `moves`)",
                legal.len()
            )),
        };
    }
    match input.parse::<G::Move>() {
        Ok(mv) if legal.contains(&mv) => Ok(mv),
        Ok(mv) => Err(format!(
            "{mv} is not legal here (type `moves` for the list)"
        )),
        Err(e) => Err(format!("cannot read {input:?}: {e} (type `help`)")),
    }
}
