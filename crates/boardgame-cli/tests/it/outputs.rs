//! Every path argument of the `boardgame` command, as an input it reads or an output it
//! writes (issue 52, item 3). Shared by two tests: the command's unit test
//! `every_path_argument_is_a_listed_input_or_a_walked_output` (`src/main.rs`, which includes
//! this file) checks the lists against the clap definitions
//! (`boardgame_io::args::check_path_arguments`), so a new path argument fails it
//! until it is listed here; `round5::r5_every_output_is_checked_before_the_work` runs every
//! command of [`OUTPUTS`] with bad outputs.

/// Where the output path goes in a command of [`OUTPUTS`].
pub(crate) const HERE: &str = "{}";

/// Every command that writes a named output, once per output argument (and per `vectors
/// --kind`), each asked for work that takes far longer than the tests wait (hours for the
/// `moves` vectors, `simulate` and `play`; seconds for the other vector kinds, whose check
/// is that nothing is computed before the refusal).
pub(crate) const OUTPUTS: &[&[&str]] = &[
    &[
        "simulate",
        "parchis",
        "--games",
        "10000000",
        "--threads",
        "1",
        "--records",
        HERE,
    ],
    &[
        "play",
        "ataxx",
        "--human",
        "none",
        "--bot",
        "mcts:iters=3000000",
        "--save",
        HERE,
    ],
    &[
        "vectors", "parchis", "--games", "1000000", "--count", "10000", "-o", HERE,
    ],
    &["vectors", "thax", "--kind", "refusals", "-o", HERE],
    &["vectors", "ataxx", "--kind", "perft", "-o", HERE],
    &["vectors", "ataxx", "--kind", "perft-diff-suite", "-o", HERE],
    &["vectors", "parchis", "--kind", "chance-perft", "-o", HERE],
];

/// The path arguments that are only read, as (subcommand, clap argument id).
#[allow(
    dead_code,
    reason = "read by the unit test of src/main.rs, not by the integration tests"
)]
pub(crate) const INPUTS: &[(&str, &str)] =
    &[("merge", "files"), ("replay", "file"), ("vectors", "check")];

/// `template` (a command of [`OUTPUTS`]) with `output` where [`HERE`] is.
#[allow(
    dead_code,
    reason = "used by the integration tests, not by the unit test of src/main.rs"
)]
pub(crate) fn with_output<'a>(template: &[&'a str], output: &'a str) -> Vec<&'a str> {
    template
        .iter()
        .map(|a| if *a == HERE { output } else { a })
        .collect()
}
