/work/wt/strength/target-native/release/deps/boardgame_core-5659ba1e728d3594.d: crates/boardgame-core/src/lib.rs crates/boardgame-core/src/clock.rs crates/boardgame-core/src/dice.rs crates/boardgame-core/src/dist.rs crates/boardgame-core/src/driver.rs crates/boardgame-core/src/game.rs crates/boardgame-core/src/outcome.rs crates/boardgame-core/src/perft.rs crates/boardgame-core/src/record.rs crates/boardgame-core/src/rolloff.rs crates/boardgame-core/src/seat.rs crates/boardgame-core/src/settings.rs crates/boardgame-core/src/sink.rs crates/boardgame-core/src/toy/mod.rs crates/boardgame-core/src/toy/nim.rs crates/boardgame-core/src/toy/race.rs crates/boardgame-core/src/../README.md

/work/wt/strength/target-native/release/deps/libboardgame_core-5659ba1e728d3594.rlib: crates/boardgame-core/src/lib.rs crates/boardgame-core/src/clock.rs crates/boardgame-core/src/dice.rs crates/boardgame-core/src/dist.rs crates/boardgame-core/src/driver.rs crates/boardgame-core/src/game.rs crates/boardgame-core/src/outcome.rs crates/boardgame-core/src/perft.rs crates/boardgame-core/src/record.rs crates/boardgame-core/src/rolloff.rs crates/boardgame-core/src/seat.rs crates/boardgame-core/src/settings.rs crates/boardgame-core/src/sink.rs crates/boardgame-core/src/toy/mod.rs crates/boardgame-core/src/toy/nim.rs crates/boardgame-core/src/toy/race.rs crates/boardgame-core/src/../README.md

/work/wt/strength/target-native/release/deps/libboardgame_core-5659ba1e728d3594.rmeta: crates/boardgame-core/src/lib.rs crates/boardgame-core/src/clock.rs crates/boardgame-core/src/dice.rs crates/boardgame-core/src/dist.rs crates/boardgame-core/src/driver.rs crates/boardgame-core/src/game.rs crates/boardgame-core/src/outcome.rs crates/boardgame-core/src/perft.rs crates/boardgame-core/src/record.rs crates/boardgame-core/src/rolloff.rs crates/boardgame-core/src/seat.rs crates/boardgame-core/src/settings.rs crates/boardgame-core/src/sink.rs crates/boardgame-core/src/toy/mod.rs crates/boardgame-core/src/toy/nim.rs crates/boardgame-core/src/toy/race.rs crates/boardgame-core/src/../README.md

crates/boardgame-core/src/lib.rs:
crates/boardgame-core/src/clock.rs:
crates/boardgame-core/src/dice.rs:
crates/boardgame-core/src/dist.rs:
crates/boardgame-core/src/driver.rs:
crates/boardgame-core/src/game.rs:
crates/boardgame-core/src/outcome.rs:
crates/boardgame-core/src/perft.rs:
crates/boardgame-core/src/record.rs:
crates/boardgame-core/src/rolloff.rs:
crates/boardgame-core/src/seat.rs:
crates/boardgame-core/src/settings.rs:
crates/boardgame-core/src/sink.rs:
crates/boardgame-core/src/toy/mod.rs:
crates/boardgame-core/src/toy/nim.rs:
crates/boardgame-core/src/toy/race.rs:
crates/boardgame-core/src/../README.md:
