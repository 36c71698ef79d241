/work/wt/strength/target-native/release/deps/boardgame_engine-dfc00e0b3a06a9f1.d: crates/boardgame-engine/src/lib.rs crates/boardgame-engine/src/eval/mod.rs crates/boardgame-engine/src/eval/handcrafted.rs crates/boardgame-engine/src/eval/net.rs crates/boardgame-engine/src/search/mod.rs crates/boardgame-engine/src/search/moves.rs crates/boardgame-engine/src/search/params.rs crates/boardgame-engine/src/search/tt.rs crates/boardgame-engine/src/search/worker.rs crates/boardgame-engine/src/simd.rs crates/boardgame-engine/src/eval/../../net/ataxx.nnue

/work/wt/strength/target-native/release/deps/libboardgame_engine-dfc00e0b3a06a9f1.rlib: crates/boardgame-engine/src/lib.rs crates/boardgame-engine/src/eval/mod.rs crates/boardgame-engine/src/eval/handcrafted.rs crates/boardgame-engine/src/eval/net.rs crates/boardgame-engine/src/search/mod.rs crates/boardgame-engine/src/search/moves.rs crates/boardgame-engine/src/search/params.rs crates/boardgame-engine/src/search/tt.rs crates/boardgame-engine/src/search/worker.rs crates/boardgame-engine/src/simd.rs crates/boardgame-engine/src/eval/../../net/ataxx.nnue

/work/wt/strength/target-native/release/deps/libboardgame_engine-dfc00e0b3a06a9f1.rmeta: crates/boardgame-engine/src/lib.rs crates/boardgame-engine/src/eval/mod.rs crates/boardgame-engine/src/eval/handcrafted.rs crates/boardgame-engine/src/eval/net.rs crates/boardgame-engine/src/search/mod.rs crates/boardgame-engine/src/search/moves.rs crates/boardgame-engine/src/search/params.rs crates/boardgame-engine/src/search/tt.rs crates/boardgame-engine/src/search/worker.rs crates/boardgame-engine/src/simd.rs crates/boardgame-engine/src/eval/../../net/ataxx.nnue

crates/boardgame-engine/src/lib.rs:
crates/boardgame-engine/src/eval/mod.rs:
crates/boardgame-engine/src/eval/handcrafted.rs:
crates/boardgame-engine/src/eval/net.rs:
crates/boardgame-engine/src/search/mod.rs:
crates/boardgame-engine/src/search/moves.rs:
crates/boardgame-engine/src/search/params.rs:
crates/boardgame-engine/src/search/tt.rs:
crates/boardgame-engine/src/search/worker.rs:
crates/boardgame-engine/src/simd.rs:
crates/boardgame-engine/src/eval/../../net/ataxx.nnue:
