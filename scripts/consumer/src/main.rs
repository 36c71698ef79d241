//! A program outside the workspace that uses each game crate as a user gets it: from the
//! packaged `.crate` files, through the public API only. `scripts/test-consumer.sh` builds
//! and runs it with and without the `serde` feature.

use boardgame_core::driver::{End, UniformRandom, playout, rng_from_seed};
use boardgame_core::perft::chance_perft;
use boardgame_core::{Game, Record};

/// Plays one seeded random game, checks that its record replays to the same state and
/// that its final state's notation reads back. Returns the game's record.
fn seeded_game<G>(name: &str, start: G, config: &G::Config) -> Record<G>
where
    G: Game + PartialEq + std::fmt::Debug + std::fmt::Display,
    Record<G>: PartialEq + std::fmt::Debug,
    G::Config: Clone,
{
    let game = playout(start, &mut UniformRandom, &mut rng_from_seed(2026), 100_000);
    assert!(matches!(game.end, End::Terminal(_)), "{name}: the game ended");
    assert_eq!(game.record.replay().expect("the record replays"), game.state);
    let text = game.state.to_string();
    let back = G::from_notation(&text, config).expect("the notation reads back");
    assert_eq!(back, game.state, "{name}: notation round trip");
    println!("{name}: {} plies, {} rolls, final state {text}", game.plies, game.rolls);
    game.record
}

#[cfg(feature = "serde")]
/// With `serde`: the record survives a JSON round trip.
fn serde_round_trip<G>(name: &str, record: &Record<G>)
where
    G: Game,
    Record<G>: PartialEq + std::fmt::Debug + serde::Serialize + serde::de::DeserializeOwned,
{
    let json = serde_json::to_string(record).expect("a record serialises");
    let back: Record<G> = serde_json::from_str(&json).expect("a record deserialises");
    assert_eq!(&back, record, "{name}: the record survives JSON");
    println!("{name}: record as JSON, {} bytes, read back equal", json.len());
}

#[cfg_attr(not(feature = "serde"), allow(unused_variables))]
fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Ataxx: FEN round trip, perft, a seeded game.
    let fen = "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1";
    let ataxx: ataxx::Ataxx = fen.parse()?;
    assert_eq!(ataxx.to_string(), fen);
    assert_eq!(ataxx::perft::perft(&ataxx::Ataxx::default(), 4), 155_888);
    let record = seeded_game("ataxx", ataxx::Ataxx::default(), &ataxx::AtaxxConfig::default());
    #[cfg(feature = "serde")]
    serde_round_trip("ataxx", &record);

    // Thax: chance perft with its exact probability mass, a seeded game.
    let thax = thax::Thax::new(thax::ThaxConfig::default())?;
    let stats = chance_perft(&thax, 3);
    assert!(stats.is_mass_exact(), "Thax's chance outcomes sum to exactly 1");
    println!("thax: chance perft 3 = {} leaves", stats.leaves);
    let record = seeded_game("thax", thax, &thax::ThaxConfig::default());
    #[cfg(feature = "serde")]
    serde_round_trip("thax", &record);

    // Parchís and cờ cá ngựa: a four-player seeded game each.
    let spanish = parchis::Config::spanish(4);
    let record = seeded_game("parchis", parchis::Parchis::new(spanish)?, &spanish);
    #[cfg(feature = "serde")]
    serde_round_trip("parchis", &record);
    let traditional = co_ca_ngua::Config::traditional();
    let start = co_ca_ngua::CoCaNgua::new(traditional.clone())?;
    let record = seeded_game("co-ca-ngua", start, &traditional);
    #[cfg(feature = "serde")]
    serde_round_trip("co-ca-ngua", &record);

    // Search: MCTS picks a legal move.
    let position = ataxx::Ataxx::default();
    let report = boardgame_search::mcts::Mcts::new(7)
        .search(&position, boardgame_search::mcts::Budget::Iterations(200));
    assert!(position.is_legal(report.best));
    println!("search: MCTS chose {} after 200 iterations", report.best);
    println!("consumer: every check passed");
    Ok(())
}
