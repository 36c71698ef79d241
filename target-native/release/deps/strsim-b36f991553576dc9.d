/work/wt/strength/target-native/release/deps/strsim-b36f991553576dc9.d: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/strsim-0.11.1/src/lib.rs

/work/wt/strength/target-native/release/deps/libstrsim-b36f991553576dc9.rlib: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/strsim-0.11.1/src/lib.rs

/work/wt/strength/target-native/release/deps/libstrsim-b36f991553576dc9.rmeta: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/strsim-0.11.1/src/lib.rs

/root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/strsim-0.11.1/src/lib.rs:
