/work/wt/strength/target-native/release/deps/thax-3321b081b3f4c994.d: crates/thax/src/lib.rs crates/thax/src/board.rs crates/thax/src/config.rs crates/thax/src/game.rs crates/thax/src/moves.rs crates/thax/src/notation.rs crates/thax/src/result.rs crates/thax/src/state.rs crates/thax/src/../README.md

/work/wt/strength/target-native/release/deps/libthax-3321b081b3f4c994.rlib: crates/thax/src/lib.rs crates/thax/src/board.rs crates/thax/src/config.rs crates/thax/src/game.rs crates/thax/src/moves.rs crates/thax/src/notation.rs crates/thax/src/result.rs crates/thax/src/state.rs crates/thax/src/../README.md

/work/wt/strength/target-native/release/deps/libthax-3321b081b3f4c994.rmeta: crates/thax/src/lib.rs crates/thax/src/board.rs crates/thax/src/config.rs crates/thax/src/game.rs crates/thax/src/moves.rs crates/thax/src/notation.rs crates/thax/src/result.rs crates/thax/src/state.rs crates/thax/src/../README.md

crates/thax/src/lib.rs:
crates/thax/src/board.rs:
crates/thax/src/config.rs:
crates/thax/src/game.rs:
crates/thax/src/moves.rs:
crates/thax/src/notation.rs:
crates/thax/src/result.rs:
crates/thax/src/state.rs:
crates/thax/src/../README.md:
