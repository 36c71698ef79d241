//! The `boardgame` command (work in progress).

fn main() {
    println!("boardgame: work in progress");
}
