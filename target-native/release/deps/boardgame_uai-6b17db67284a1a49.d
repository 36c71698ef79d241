/work/wt/strength/target-native/release/deps/boardgame_uai-6b17db67284a1a49.d: crates/boardgame-uai/src/lib.rs crates/boardgame-uai/src/bench.rs crates/boardgame-uai/src/datagen/mod.rs crates/boardgame-uai/src/datagen/format.rs crates/boardgame-uai/src/eval/mod.rs crates/boardgame-uai/src/eval/net.rs crates/boardgame-uai/src/netfile.rs crates/boardgame-uai/src/protocol/mod.rs crates/boardgame-uai/src/protocol/clock.rs crates/boardgame-uai/src/protocol/command.rs crates/boardgame-uai/src/protocol/input.rs crates/boardgame-uai/src/protocol/output.rs crates/boardgame-uai/src/protocol/perft.rs crates/boardgame-uai/src/search/mod.rs crates/boardgame-uai/src/search/moves.rs crates/boardgame-uai/src/search/params.rs crates/boardgame-uai/src/search/tt.rs crates/boardgame-uai/src/search/worker.rs crates/boardgame-uai/src/selfplay.rs crates/boardgame-uai/src/simd.rs crates/boardgame-uai/src/train/mod.rs crates/boardgame-uai/src/train/model.rs crates/boardgame-uai/src/eval/../../net/ataxx.nnue

/work/wt/strength/target-native/release/deps/libboardgame_uai-6b17db67284a1a49.rlib: crates/boardgame-uai/src/lib.rs crates/boardgame-uai/src/bench.rs crates/boardgame-uai/src/datagen/mod.rs crates/boardgame-uai/src/datagen/format.rs crates/boardgame-uai/src/eval/mod.rs crates/boardgame-uai/src/eval/net.rs crates/boardgame-uai/src/netfile.rs crates/boardgame-uai/src/protocol/mod.rs crates/boardgame-uai/src/protocol/clock.rs crates/boardgame-uai/src/protocol/command.rs crates/boardgame-uai/src/protocol/input.rs crates/boardgame-uai/src/protocol/output.rs crates/boardgame-uai/src/protocol/perft.rs crates/boardgame-uai/src/search/mod.rs crates/boardgame-uai/src/search/moves.rs crates/boardgame-uai/src/search/params.rs crates/boardgame-uai/src/search/tt.rs crates/boardgame-uai/src/search/worker.rs crates/boardgame-uai/src/selfplay.rs crates/boardgame-uai/src/simd.rs crates/boardgame-uai/src/train/mod.rs crates/boardgame-uai/src/train/model.rs crates/boardgame-uai/src/eval/../../net/ataxx.nnue

/work/wt/strength/target-native/release/deps/libboardgame_uai-6b17db67284a1a49.rmeta: crates/boardgame-uai/src/lib.rs crates/boardgame-uai/src/bench.rs crates/boardgame-uai/src/datagen/mod.rs crates/boardgame-uai/src/datagen/format.rs crates/boardgame-uai/src/eval/mod.rs crates/boardgame-uai/src/eval/net.rs crates/boardgame-uai/src/netfile.rs crates/boardgame-uai/src/protocol/mod.rs crates/boardgame-uai/src/protocol/clock.rs crates/boardgame-uai/src/protocol/command.rs crates/boardgame-uai/src/protocol/input.rs crates/boardgame-uai/src/protocol/output.rs crates/boardgame-uai/src/protocol/perft.rs crates/boardgame-uai/src/search/mod.rs crates/boardgame-uai/src/search/moves.rs crates/boardgame-uai/src/search/params.rs crates/boardgame-uai/src/search/tt.rs crates/boardgame-uai/src/search/worker.rs crates/boardgame-uai/src/selfplay.rs crates/boardgame-uai/src/simd.rs crates/boardgame-uai/src/train/mod.rs crates/boardgame-uai/src/train/model.rs crates/boardgame-uai/src/eval/../../net/ataxx.nnue

crates/boardgame-uai/src/lib.rs:
crates/boardgame-uai/src/bench.rs:
crates/boardgame-uai/src/datagen/mod.rs:
crates/boardgame-uai/src/datagen/format.rs:
crates/boardgame-uai/src/eval/mod.rs:
crates/boardgame-uai/src/eval/net.rs:
crates/boardgame-uai/src/netfile.rs:
crates/boardgame-uai/src/protocol/mod.rs:
crates/boardgame-uai/src/protocol/clock.rs:
crates/boardgame-uai/src/protocol/command.rs:
crates/boardgame-uai/src/protocol/input.rs:
crates/boardgame-uai/src/protocol/output.rs:
crates/boardgame-uai/src/protocol/perft.rs:
crates/boardgame-uai/src/search/mod.rs:
crates/boardgame-uai/src/search/moves.rs:
crates/boardgame-uai/src/search/params.rs:
crates/boardgame-uai/src/search/tt.rs:
crates/boardgame-uai/src/search/worker.rs:
crates/boardgame-uai/src/selfplay.rs:
crates/boardgame-uai/src/simd.rs:
crates/boardgame-uai/src/train/mod.rs:
crates/boardgame-uai/src/train/model.rs:
crates/boardgame-uai/src/eval/../../net/ataxx.nnue:

# env-dep:CARGO_PKG_VERSION=0.1.0
