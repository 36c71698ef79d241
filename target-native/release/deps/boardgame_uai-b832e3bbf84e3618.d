/work/wt/strength/target-native/release/deps/boardgame_uai-b832e3bbf84e3618.d: crates/boardgame-uai/src/lib.rs crates/boardgame-uai/src/bench.rs crates/boardgame-uai/src/datagen/mod.rs crates/boardgame-uai/src/datagen/format.rs crates/boardgame-uai/src/netfile.rs crates/boardgame-uai/src/protocol/mod.rs crates/boardgame-uai/src/protocol/clock.rs crates/boardgame-uai/src/protocol/command.rs crates/boardgame-uai/src/protocol/input.rs crates/boardgame-uai/src/protocol/output.rs crates/boardgame-uai/src/protocol/perft.rs crates/boardgame-uai/src/selfplay.rs crates/boardgame-uai/src/train/mod.rs crates/boardgame-uai/src/train/model.rs

/work/wt/strength/target-native/release/deps/libboardgame_uai-b832e3bbf84e3618.rlib: crates/boardgame-uai/src/lib.rs crates/boardgame-uai/src/bench.rs crates/boardgame-uai/src/datagen/mod.rs crates/boardgame-uai/src/datagen/format.rs crates/boardgame-uai/src/netfile.rs crates/boardgame-uai/src/protocol/mod.rs crates/boardgame-uai/src/protocol/clock.rs crates/boardgame-uai/src/protocol/command.rs crates/boardgame-uai/src/protocol/input.rs crates/boardgame-uai/src/protocol/output.rs crates/boardgame-uai/src/protocol/perft.rs crates/boardgame-uai/src/selfplay.rs crates/boardgame-uai/src/train/mod.rs crates/boardgame-uai/src/train/model.rs

/work/wt/strength/target-native/release/deps/libboardgame_uai-b832e3bbf84e3618.rmeta: crates/boardgame-uai/src/lib.rs crates/boardgame-uai/src/bench.rs crates/boardgame-uai/src/datagen/mod.rs crates/boardgame-uai/src/datagen/format.rs crates/boardgame-uai/src/netfile.rs crates/boardgame-uai/src/protocol/mod.rs crates/boardgame-uai/src/protocol/clock.rs crates/boardgame-uai/src/protocol/command.rs crates/boardgame-uai/src/protocol/input.rs crates/boardgame-uai/src/protocol/output.rs crates/boardgame-uai/src/protocol/perft.rs crates/boardgame-uai/src/selfplay.rs crates/boardgame-uai/src/train/mod.rs crates/boardgame-uai/src/train/model.rs

crates/boardgame-uai/src/lib.rs:
crates/boardgame-uai/src/bench.rs:
crates/boardgame-uai/src/datagen/mod.rs:
crates/boardgame-uai/src/datagen/format.rs:
crates/boardgame-uai/src/netfile.rs:
crates/boardgame-uai/src/protocol/mod.rs:
crates/boardgame-uai/src/protocol/clock.rs:
crates/boardgame-uai/src/protocol/command.rs:
crates/boardgame-uai/src/protocol/input.rs:
crates/boardgame-uai/src/protocol/output.rs:
crates/boardgame-uai/src/protocol/perft.rs:
crates/boardgame-uai/src/selfplay.rs:
crates/boardgame-uai/src/train/mod.rs:
crates/boardgame-uai/src/train/model.rs:

# env-dep:CARGO_PKG_VERSION=0.1.0
