/work/wt/strength/target-native/release/deps/parchis-7059c1b7d69d81a9.d: crates/parchis/src/lib.rs crates/parchis/src/board.rs crates/parchis/src/config.rs crates/parchis/src/game.rs crates/parchis/src/moves.rs crates/parchis/src/notation.rs crates/parchis/src/picture.rs crates/parchis/src/state.rs crates/parchis/src/../README.md

/work/wt/strength/target-native/release/deps/libparchis-7059c1b7d69d81a9.rlib: crates/parchis/src/lib.rs crates/parchis/src/board.rs crates/parchis/src/config.rs crates/parchis/src/game.rs crates/parchis/src/moves.rs crates/parchis/src/notation.rs crates/parchis/src/picture.rs crates/parchis/src/state.rs crates/parchis/src/../README.md

/work/wt/strength/target-native/release/deps/libparchis-7059c1b7d69d81a9.rmeta: crates/parchis/src/lib.rs crates/parchis/src/board.rs crates/parchis/src/config.rs crates/parchis/src/game.rs crates/parchis/src/moves.rs crates/parchis/src/notation.rs crates/parchis/src/picture.rs crates/parchis/src/state.rs crates/parchis/src/../README.md

crates/parchis/src/lib.rs:
crates/parchis/src/board.rs:
crates/parchis/src/config.rs:
crates/parchis/src/game.rs:
crates/parchis/src/moves.rs:
crates/parchis/src/notation.rs:
crates/parchis/src/picture.rs:
crates/parchis/src/state.rs:
crates/parchis/src/../README.md:
