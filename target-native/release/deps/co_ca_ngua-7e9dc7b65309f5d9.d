/work/wt/strength/target-native/release/deps/co_ca_ngua-7e9dc7b65309f5d9.d: crates/co-ca-ngua/src/lib.rs crates/co-ca-ngua/src/board.rs crates/co-ca-ngua/src/config.rs crates/co-ca-ngua/src/game.rs crates/co-ca-ngua/src/moves.rs crates/co-ca-ngua/src/notation.rs crates/co-ca-ngua/src/picture.rs crates/co-ca-ngua/src/roll.rs crates/co-ca-ngua/src/state.rs crates/co-ca-ngua/src/../README.md

/work/wt/strength/target-native/release/deps/libco_ca_ngua-7e9dc7b65309f5d9.rlib: crates/co-ca-ngua/src/lib.rs crates/co-ca-ngua/src/board.rs crates/co-ca-ngua/src/config.rs crates/co-ca-ngua/src/game.rs crates/co-ca-ngua/src/moves.rs crates/co-ca-ngua/src/notation.rs crates/co-ca-ngua/src/picture.rs crates/co-ca-ngua/src/roll.rs crates/co-ca-ngua/src/state.rs crates/co-ca-ngua/src/../README.md

/work/wt/strength/target-native/release/deps/libco_ca_ngua-7e9dc7b65309f5d9.rmeta: crates/co-ca-ngua/src/lib.rs crates/co-ca-ngua/src/board.rs crates/co-ca-ngua/src/config.rs crates/co-ca-ngua/src/game.rs crates/co-ca-ngua/src/moves.rs crates/co-ca-ngua/src/notation.rs crates/co-ca-ngua/src/picture.rs crates/co-ca-ngua/src/roll.rs crates/co-ca-ngua/src/state.rs crates/co-ca-ngua/src/../README.md

crates/co-ca-ngua/src/lib.rs:
crates/co-ca-ngua/src/board.rs:
crates/co-ca-ngua/src/config.rs:
crates/co-ca-ngua/src/game.rs:
crates/co-ca-ngua/src/moves.rs:
crates/co-ca-ngua/src/notation.rs:
crates/co-ca-ngua/src/picture.rs:
crates/co-ca-ngua/src/roll.rs:
crates/co-ca-ngua/src/state.rs:
crates/co-ca-ngua/src/../README.md:
