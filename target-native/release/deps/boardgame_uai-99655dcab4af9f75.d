/work/wt/strength/target-native/release/deps/boardgame_uai-99655dcab4af9f75.d: crates/boardgame-uai/src/main.rs

/work/wt/strength/target-native/release/deps/boardgame_uai-99655dcab4af9f75: crates/boardgame-uai/src/main.rs

crates/boardgame-uai/src/main.rs:

# env-dep:CARGO_PKG_DESCRIPTION=An Ataxx engine speaking UAI (the Universal Ataxx Interface) for match runners such as cuteataxx: alpha-beta with a learned evaluation, Lazy SMP, self-play data generation and a small trainer.
# env-dep:CARGO_PKG_VERSION=0.1.0
