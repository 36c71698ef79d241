/work/wt/strength/target-native/release/deps/rand_chacha-f11d31eba94bea45.d: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/rand_chacha-0.10.0/src/lib.rs /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/rand_chacha-0.10.0/src/chacha.rs /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/rand_chacha-0.10.0/src/guts.rs

/work/wt/strength/target-native/release/deps/librand_chacha-f11d31eba94bea45.rlib: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/rand_chacha-0.10.0/src/lib.rs /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/rand_chacha-0.10.0/src/chacha.rs /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/rand_chacha-0.10.0/src/guts.rs

/work/wt/strength/target-native/release/deps/librand_chacha-f11d31eba94bea45.rmeta: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/rand_chacha-0.10.0/src/lib.rs /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/rand_chacha-0.10.0/src/chacha.rs /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/rand_chacha-0.10.0/src/guts.rs

/root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/rand_chacha-0.10.0/src/lib.rs:
/root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/rand_chacha-0.10.0/src/chacha.rs:
/root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/rand_chacha-0.10.0/src/guts.rs:
