//! Every path argument of the `boardgame` command, as an input it reads or an output it
//! writes (issue 52, item 3). Shared by two tests: the command's unit test
//! `every_path_argument_is_a_listed_input_or_a_walked_output` (`src/main.rs`, which includes
//! this file) checks the lists against the clap definitions, so a new path argument fails it
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

/// Checks [`INPUTS`] and [`OUTPUTS`] against `command`'s clap definitions: every argument of
/// a subcommand whose values are paths is listed once, as an input or as the output argument
/// of a walked command, and every argument whose name says it writes (output, save,
/// records, report, dump, log) is one of them. Panics with what differs.
#[allow(
    dead_code,
    reason = "called by the unit test of src/main.rs, not by the integration tests"
)]
pub(crate) fn check(command: &clap::Command) {
    use std::collections::BTreeSet;
    let mut paths = BTreeSet::new();
    let mut named_like_outputs = BTreeSet::new();
    for sub in command.get_subcommands() {
        assert_eq!(
            sub.get_subcommands().count(),
            0,
            "{}: nested",
            sub.get_name()
        );
        for arg in sub.get_arguments() {
            let key = (sub.get_name().to_owned(), arg.get_id().to_string());
            if arg.get_value_parser().type_id() == std::any::TypeId::of::<std::path::PathBuf>() {
                paths.insert(key.clone());
            }
            if ["output", "save", "record", "report", "dump", "log"]
                .iter()
                .any(|word| key.1.contains(word))
            {
                named_like_outputs.insert(key);
            }
        }
    }
    let mut walked = BTreeSet::new();
    for template in OUTPUTS {
        let matches = command
            .clone()
            .try_get_matches_from(
                std::iter::once(command.get_name()).chain(template.iter().copied()),
            )
            .unwrap_or_else(|e| panic!("{template:?}: {e}"));
        let (name, sub) = matches.subcommand().expect("a subcommand");
        let here: Vec<String> = sub
            .ids()
            .filter(|id| {
                sub.get_raw(id.as_str())
                    .is_some_and(|mut values| values.any(|v| v == HERE))
            })
            .map(ToString::to_string)
            .collect();
        assert_eq!(here.len(), 1, "{template:?}: one output argument");
        walked.insert((name.to_owned(), here[0].clone()));
    }
    let inputs: BTreeSet<(String, String)> = INPUTS
        .iter()
        .map(|(sub, id)| ((*sub).to_owned(), (*id).to_owned()))
        .collect();
    assert!(
        inputs.is_disjoint(&walked),
        "inputs {inputs:?}, outputs {walked:?}"
    );
    let listed: BTreeSet<_> = inputs.union(&walked).cloned().collect();
    assert_eq!(
        paths, listed,
        "the path arguments of the clap definitions (left) are not those listed in tests/it/outputs.rs (right)"
    );
    let unlisted: Vec<_> = named_like_outputs.difference(&listed).collect();
    assert!(
        unlisted.is_empty(),
        "named like outputs, but not path arguments listed in tests/it/outputs.rs: {unlisted:?}"
    );
}
