//! Prints the board picture of a position: `cargo run -p parchis --example picture -- "NOTATION"`.

use parchis::Parchis;

fn main() {
    let text = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "n,5,5,h3/n,n,17,30/n,n,40,g/60,60,64,h7 mY4 s0 l- f- e- n99".into());
    match text.parse::<Parchis>() {
        Ok(state) => println!("{state:#}"),
        Err(e) => eprintln!("{e}"),
    }
}
