//! Every path argument of `boardgame-uai`, as an input it reads or an output it writes
//! (issue 52, item 3). Shared by two tests: the unit test
//! `every_path_argument_is_a_listed_input_or_a_walked_output` (`src/main.rs`, which includes
//! this file) checks the lists against the clap definitions
//! (`boardgame_io::args::check_path_arguments`), so a new path argument fails it
//! until it is listed here; `round5::r5_every_output_of_the_engines_tools_…` runs every
//! command of [`OUTPUTS`] with bad outputs.

/// Where the output path goes in a command of [`OUTPUTS`].
pub(crate) const HERE: &str = "{}";

/// Where a data file written by datagen goes in a command of [`OUTPUTS`].
#[allow(
    dead_code,
    reason = "read by the integration tests, not by the unit test of src/main.rs"
)]
pub(crate) const DATA: &str = "{data}";

/// Every command that writes a named output, once per output argument, each asked for work
/// that takes hours.
pub(crate) const OUTPUTS: &[&[&str]] = &[
    &[
        "datagen",
        "--games",
        "1000000",
        "--nodes",
        "100000",
        "--threads",
        "1",
        "--output",
        HERE,
    ],
    &[
        "train",
        "--data",
        DATA,
        "--epochs",
        "1000",
        "--threads",
        "1",
        "--output",
        HERE,
    ],
];

/// The path arguments that are only read, as (subcommand, clap argument id).
#[allow(
    dead_code,
    reason = "read by the unit test of src/main.rs, not by the integration tests"
)]
pub(crate) const INPUTS: &[(&str, &str)] =
    &[("datagen", "net"), ("datainfo", "files"), ("train", "data")];
