/work/wt/strength/target-native/release/deps/ataxx-fe11cf3193bad859.d: crates/ataxx/src/lib.rs crates/ataxx/src/bitboard.rs crates/ataxx/src/color.rs crates/ataxx/src/config.rs crates/ataxx/src/fen.rs crates/ataxx/src/game.rs crates/ataxx/src/key.rs crates/ataxx/src/layout.rs crates/ataxx/src/make.rs crates/ataxx/src/moves.rs crates/ataxx/src/perft/mod.rs crates/ataxx/src/perft/bulk.rs crates/ataxx/src/perft/fast.rs crates/ataxx/src/perft/make.rs crates/ataxx/src/perft/parallel.rs crates/ataxx/src/playout.rs crates/ataxx/src/position.rs crates/ataxx/src/square.rs crates/ataxx/src/symmetry.rs crates/ataxx/src/../README.md

/work/wt/strength/target-native/release/deps/libataxx-fe11cf3193bad859.rlib: crates/ataxx/src/lib.rs crates/ataxx/src/bitboard.rs crates/ataxx/src/color.rs crates/ataxx/src/config.rs crates/ataxx/src/fen.rs crates/ataxx/src/game.rs crates/ataxx/src/key.rs crates/ataxx/src/layout.rs crates/ataxx/src/make.rs crates/ataxx/src/moves.rs crates/ataxx/src/perft/mod.rs crates/ataxx/src/perft/bulk.rs crates/ataxx/src/perft/fast.rs crates/ataxx/src/perft/make.rs crates/ataxx/src/perft/parallel.rs crates/ataxx/src/playout.rs crates/ataxx/src/position.rs crates/ataxx/src/square.rs crates/ataxx/src/symmetry.rs crates/ataxx/src/../README.md

/work/wt/strength/target-native/release/deps/libataxx-fe11cf3193bad859.rmeta: crates/ataxx/src/lib.rs crates/ataxx/src/bitboard.rs crates/ataxx/src/color.rs crates/ataxx/src/config.rs crates/ataxx/src/fen.rs crates/ataxx/src/game.rs crates/ataxx/src/key.rs crates/ataxx/src/layout.rs crates/ataxx/src/make.rs crates/ataxx/src/moves.rs crates/ataxx/src/perft/mod.rs crates/ataxx/src/perft/bulk.rs crates/ataxx/src/perft/fast.rs crates/ataxx/src/perft/make.rs crates/ataxx/src/perft/parallel.rs crates/ataxx/src/playout.rs crates/ataxx/src/position.rs crates/ataxx/src/square.rs crates/ataxx/src/symmetry.rs crates/ataxx/src/../README.md

crates/ataxx/src/lib.rs:
crates/ataxx/src/bitboard.rs:
crates/ataxx/src/color.rs:
crates/ataxx/src/config.rs:
crates/ataxx/src/fen.rs:
crates/ataxx/src/game.rs:
crates/ataxx/src/key.rs:
crates/ataxx/src/layout.rs:
crates/ataxx/src/make.rs:
crates/ataxx/src/moves.rs:
crates/ataxx/src/perft/mod.rs:
crates/ataxx/src/perft/bulk.rs:
crates/ataxx/src/perft/fast.rs:
crates/ataxx/src/perft/make.rs:
crates/ataxx/src/perft/parallel.rs:
crates/ataxx/src/playout.rs:
crates/ataxx/src/position.rs:
crates/ataxx/src/square.rs:
crates/ataxx/src/symmetry.rs:
crates/ataxx/src/../README.md:
