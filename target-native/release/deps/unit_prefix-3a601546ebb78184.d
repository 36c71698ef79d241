/work/wt/strength/target-native/release/deps/unit_prefix-3a601546ebb78184.d: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/unit-prefix-0.5.2/src/lib.rs /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/unit-prefix-0.5.2/src/parse.rs

/work/wt/strength/target-native/release/deps/libunit_prefix-3a601546ebb78184.rlib: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/unit-prefix-0.5.2/src/lib.rs /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/unit-prefix-0.5.2/src/parse.rs

/work/wt/strength/target-native/release/deps/libunit_prefix-3a601546ebb78184.rmeta: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/unit-prefix-0.5.2/src/lib.rs /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/unit-prefix-0.5.2/src/parse.rs

/root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/unit-prefix-0.5.2/src/lib.rs:
/root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/unit-prefix-0.5.2/src/parse.rs:
