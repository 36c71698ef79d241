/work/wt/strength/target-native/release/deps/clap_lex-a02607e5e3f60d4e.d: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/clap_lex-1.1.2/src/lib.rs /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/clap_lex-1.1.2/src/ext.rs

/work/wt/strength/target-native/release/deps/libclap_lex-a02607e5e3f60d4e.rlib: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/clap_lex-1.1.2/src/lib.rs /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/clap_lex-1.1.2/src/ext.rs

/work/wt/strength/target-native/release/deps/libclap_lex-a02607e5e3f60d4e.rmeta: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/clap_lex-1.1.2/src/lib.rs /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/clap_lex-1.1.2/src/ext.rs

/root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/clap_lex-1.1.2/src/lib.rs:
/root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/clap_lex-1.1.2/src/ext.rs:
