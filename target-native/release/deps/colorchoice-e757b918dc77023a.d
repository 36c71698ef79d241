/work/wt/strength/target-native/release/deps/colorchoice-e757b918dc77023a.d: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/colorchoice-1.0.5/src/lib.rs

/work/wt/strength/target-native/release/deps/libcolorchoice-e757b918dc77023a.rlib: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/colorchoice-1.0.5/src/lib.rs

/work/wt/strength/target-native/release/deps/libcolorchoice-e757b918dc77023a.rmeta: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/colorchoice-1.0.5/src/lib.rs

/root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/colorchoice-1.0.5/src/lib.rs:
