/work/wt/strength/target-native/release/deps/clap-8b59a478cd347bc6.d: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/clap-4.6.9/src/lib.rs /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/clap-4.6.9/src/../examples/demo.rs /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/clap-4.6.9/src/../examples/demo.md

/work/wt/strength/target-native/release/deps/libclap-8b59a478cd347bc6.rlib: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/clap-4.6.9/src/lib.rs /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/clap-4.6.9/src/../examples/demo.rs /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/clap-4.6.9/src/../examples/demo.md

/work/wt/strength/target-native/release/deps/libclap-8b59a478cd347bc6.rmeta: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/clap-4.6.9/src/lib.rs /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/clap-4.6.9/src/../examples/demo.rs /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/clap-4.6.9/src/../examples/demo.md

/root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/clap-4.6.9/src/lib.rs:
/root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/clap-4.6.9/src/../examples/demo.rs:
/root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/clap-4.6.9/src/../examples/demo.md:
