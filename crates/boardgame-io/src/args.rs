//! A binary's command line (the `clap` feature): [`parse`] prints a usage error with every
//! long argument clipped, and [`check_path_arguments`] checks, for a binary's tests, that
//! every path argument of its clap definitions is listed as an input it reads or an output
//! it writes.

use std::collections::BTreeSet;

/// The command line of this process, parsed as `C`. A usage error is printed as clap prints
/// it, but with every long argument clipped ([`crate::quote::clip_arguments`]): clap quotes a
/// refused argument whole, so a 120 KB `--shard` made a 120 KB message (issue 52, c1). Help,
/// version and errors with nothing long in them are printed by clap itself. On a usage error
/// (and after help or version) the process exits with clap's status: 2 for an error, 0 for
/// help and version.
pub fn parse<C: clap::Parser>() -> C {
    C::try_parse().unwrap_or_else(|error| {
        let plain = error.render().to_string();
        let clipped = crate::quote::clip_arguments(&plain, std::env::args_os().skip(1));
        if !error.use_stderr() || clipped == plain {
            // Help and version, and errors with nothing long in them, as clap prints them.
            error.exit();
        }
        eprint!("{clipped}");
        std::process::exit(error.exit_code());
    })
}

/// Checks a binary's lists of path arguments against `command`'s clap definitions (issue 52,
/// item 3: a path argument added without a test of its bad outputs fails the binary's unit
/// test).
///
/// `outputs` are commands (without the program's name) that each write one named output,
/// given as the value `here` of exactly one argument; `inputs` are the path arguments that are
/// only read, as (subcommand, clap argument id). Every argument of a subcommand whose values
/// are paths ([`std::path::PathBuf`]) must be listed once, as an input or as the output
/// argument of a command of `outputs`, and every argument whose id says it writes (output,
/// save, record, report, dump, log) must be one of them. Subcommands may not be nested.
///
/// # Errors
///
/// What differs, one finding a line: a nested subcommand, a command of `outputs` that clap
/// refuses or that does not give `here` to exactly one argument, an argument listed both as
/// an input and an output, the path arguments that are not listed and the listed ones that
/// are not path arguments, and the arguments named like outputs that are not listed.
pub fn check_path_arguments(
    command: &clap::Command,
    outputs: &[&[&str]],
    inputs: &[(&str, &str)],
    here: &str,
) -> Result<(), String> {
    let mut findings = Vec::new();
    let mut paths = BTreeSet::new();
    let mut named_like_outputs = BTreeSet::new();
    for sub in command.get_subcommands() {
        if sub.get_subcommands().count() != 0 {
            findings.push(format!("{}: nested subcommands", sub.get_name()));
        }
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
    for template in outputs {
        let matches = match command.clone().try_get_matches_from(
            std::iter::once(command.get_name()).chain(template.iter().copied()),
        ) {
            Ok(matches) => matches,
            Err(e) => {
                findings.push(format!("{template:?}: {}", e.render()));
                continue;
            }
        };
        let Some((name, sub)) = matches.subcommand() else {
            findings.push(format!("{template:?}: no subcommand"));
            continue;
        };
        let given: Vec<String> = sub
            .ids()
            .filter(|id| {
                sub.get_raw(id.as_str())
                    .is_some_and(|mut values| values.any(|v| v == here))
            })
            .map(ToString::to_string)
            .collect();
        match given.as_slice() {
            [id] => {
                walked.insert((name.to_owned(), id.clone()));
            }
            _ => findings.push(format!(
                "{template:?}: {here:?} is the value of {given:?}, not of one output argument"
            )),
        }
    }
    let inputs: BTreeSet<(String, String)> = inputs
        .iter()
        .map(|(sub, id)| ((*sub).to_owned(), (*id).to_owned()))
        .collect();
    let both: Vec<_> = inputs.intersection(&walked).collect();
    if !both.is_empty() {
        findings.push(format!("listed as inputs and as outputs: {both:?}"));
    }
    let listed: BTreeSet<_> = inputs.union(&walked).cloned().collect();
    let unlisted: Vec<_> = paths.difference(&listed).collect();
    if !unlisted.is_empty() {
        findings.push(format!(
            "path arguments of the clap definitions that are not listed: {unlisted:?}"
        ));
    }
    let not_paths: Vec<_> = listed.difference(&paths).collect();
    if !not_paths.is_empty() {
        findings.push(format!(
            "listed, but not path arguments of the clap definitions: {not_paths:?}"
        ));
    }
    let unlisted: Vec<_> = named_like_outputs.difference(&listed).collect();
    if !unlisted.is_empty() {
        findings.push(format!(
            "named like outputs, but not listed path arguments: {unlisted:?}"
        ));
    }
    if findings.is_empty() {
        Ok(())
    } else {
        Err(findings.join("\n"))
    }
}

#[cfg(test)]
mod tests {
    use clap::{Arg, Command, value_parser};

    use super::check_path_arguments;

    fn command(extra: Option<Arg>) -> Command {
        let mut write = Command::new("write").arg(
            Arg::new("output")
                .long("output")
                .value_parser(value_parser!(std::path::PathBuf)),
        );
        if let Some(extra) = extra {
            write = write.arg(extra);
        }
        Command::new("tool")
            .subcommand(write)
            .subcommand(
                Command::new("read")
                    .arg(Arg::new("file").value_parser(value_parser!(std::path::PathBuf))),
            )
            .subcommand(Command::new("count").arg(Arg::new("n").long("n")))
    }

    const OUTPUTS: &[&[&str]] = &[&["write", "--output", "{}"]];
    const INPUTS: &[(&str, &str)] = &[("read", "file")];

    #[test]
    fn every_path_argument_listed_passes_and_each_omission_is_named() {
        assert_eq!(
            check_path_arguments(&command(None), OUTPUTS, INPUTS, "{}"),
            Ok(())
        );
        // An input not listed.
        let found = check_path_arguments(&command(None), OUTPUTS, &[], "{}").unwrap_err();
        assert!(
            found.contains("not listed") && found.contains("\"read\", \"file\""),
            "{found}"
        );
        // An output not walked, and a new path argument.
        let log = Arg::new("log-file")
            .long("log-file")
            .value_parser(value_parser!(std::path::PathBuf));
        let found = check_path_arguments(&command(Some(log)), OUTPUTS, INPUTS, "{}").unwrap_err();
        assert!(found.contains("\"write\", \"log-file\""), "{found}");
        // Named like an output, but not a path.
        let report = Arg::new("report").long("report");
        let found =
            check_path_arguments(&command(Some(report)), OUTPUTS, INPUTS, "{}").unwrap_err();
        assert!(
            found.contains("named like outputs") && found.contains("\"report\""),
            "{found}"
        );
        // A listed argument that is not a path, a walked command clap refuses, and one
        // without the marker.
        let found = check_path_arguments(
            &command(None),
            &[&["write", "--nope", "{}"], &["count", "--n", "3"]],
            &[("count", "n"), ("read", "file")],
            "{}",
        )
        .unwrap_err();
        assert!(
            found.contains("--nope")
                && found.contains("not of one output argument")
                && found.contains("not path arguments")
                && found.contains("\"write\", \"output\""),
            "{found}"
        );
    }
}
