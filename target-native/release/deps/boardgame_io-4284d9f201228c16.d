/work/wt/strength/target-native/release/deps/boardgame_io-4284d9f201228c16.d: crates/boardgame-io/src/lib.rs crates/boardgame-io/src/lines.rs crates/boardgame-io/src/quote.rs crates/boardgame-io/src/read.rs crates/boardgame-io/src/write.rs crates/boardgame-io/src/../README.md

/work/wt/strength/target-native/release/deps/libboardgame_io-4284d9f201228c16.rlib: crates/boardgame-io/src/lib.rs crates/boardgame-io/src/lines.rs crates/boardgame-io/src/quote.rs crates/boardgame-io/src/read.rs crates/boardgame-io/src/write.rs crates/boardgame-io/src/../README.md

/work/wt/strength/target-native/release/deps/libboardgame_io-4284d9f201228c16.rmeta: crates/boardgame-io/src/lib.rs crates/boardgame-io/src/lines.rs crates/boardgame-io/src/quote.rs crates/boardgame-io/src/read.rs crates/boardgame-io/src/write.rs crates/boardgame-io/src/../README.md

crates/boardgame-io/src/lib.rs:
crates/boardgame-io/src/lines.rs:
crates/boardgame-io/src/quote.rs:
crates/boardgame-io/src/read.rs:
crates/boardgame-io/src/write.rs:
crates/boardgame-io/src/../README.md:
