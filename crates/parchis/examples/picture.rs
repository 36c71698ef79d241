//! Prints the board picture of a position:
//! `cargo run -p boardgame-parchis --example picture -- "NOTATION" [default|spanish]`.

use boardgame_core::{Configure, Game};
use parchis::{Colour, ColourSet, Config, Parchis};

fn main() {
    let mut args = std::env::args().skip(1);
    let text = args
        .next()
        .unwrap_or_else(|| "n,5,5,h3/n,n,17,30/n,n,40,g/60,60,64,h7 mY4 s0 l- f- e- n99".into());
    let preset = args.next().unwrap_or_else(|| "default".into());
    let mut config = match Config::preset(&preset) {
        Ok(config) => config,
        Err(e) => return eprintln!("{e}"),
    };
    // The colours are those the notation lists.
    let playing: Vec<Colour> = text
        .split(' ')
        .next()
        .unwrap_or("")
        .split('/')
        .zip(Colour::ALL)
        .filter(|(part, _)| *part != "-")
        .map(|(_, colour)| colour)
        .collect();
    if playing.len() >= 2 {
        config = config.with_colours(ColourSet::of(&playing));
    }
    match Parchis::from_notation(&text, &config) {
        Ok(state) => println!("{state:#}"),
        Err(e) => eprintln!("{e}"),
    }
}
