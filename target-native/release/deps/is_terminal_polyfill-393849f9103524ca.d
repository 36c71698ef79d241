/work/wt/strength/target-native/release/deps/is_terminal_polyfill-393849f9103524ca.d: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/is_terminal_polyfill-1.70.2/src/lib.rs

/work/wt/strength/target-native/release/deps/libis_terminal_polyfill-393849f9103524ca.rlib: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/is_terminal_polyfill-1.70.2/src/lib.rs

/work/wt/strength/target-native/release/deps/libis_terminal_polyfill-393849f9103524ca.rmeta: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/is_terminal_polyfill-1.70.2/src/lib.rs

/root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/is_terminal_polyfill-1.70.2/src/lib.rs:
