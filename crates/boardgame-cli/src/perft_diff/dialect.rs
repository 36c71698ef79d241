//! How to ask a generator for a divide, and how to read its answer: the presets for the
//! engines and tools we know, and the options that change any part of them.

use clap::ValueEnum;

use super::pattern::{Pattern, Slot};
use crate::error::CliError;

/// The `--dialect` values.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, ValueEnum)]
pub(crate) enum Preset {
    /// perftree's protocol: the program is run as `PROGRAM DEPTH FEN [MOVES]` for each
    /// position and prints `MOVE COUNT` lines, an empty line and the total (nothing else).
    #[default]
    Perftree,
    /// libataxx's `split` example, run as `split DEPTH FEN` (the FEN of the position
    /// itself, no moves): `N) MOVE COUNT` lines and `Total: N`, among other lines.
    Libataxx,
    /// Zataxx over UAI: `perftsplit DEPTH` prints `MOVE: COUNT` lines and `Total: N`.
    Zataxx,
    /// tiktaxx over UAI: it has no divide, so its moves come from `movegen` (`N: MOVE`
    /// lines) and each move's count from `perft DEPTH` (`depth D nodes N`) after it.
    Tiktaxx,
    /// Any UAI engine: give `--command`, `--move-line` and `--total-line` (a divide in one
    /// command), or also `--count-command` and `--count-line` (a move list, then a perft
    /// per move).
    Uai,
}

/// How the generator is reached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Transport {
    /// One process per position, with these arguments after the program's own (each word
    /// one argument, placeholders filled in).
    Script {
        /// The argument template.
        args: Vec<String>,
        /// Whether every line must be a move line or the total (perftree), rather than other
        /// lines being ignored.
        strict: bool,
    },
    /// One long-running UAI process, sent `position fen ROOT moves …` before each command.
    Uai,
}

/// How one position's divide is asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Query {
    /// One command prints every move with its count, then the total.
    Split {
        /// The command (UAI), with `{depth}`.
        command: String,
        /// A move's line.
        move_line: Pattern,
        /// The total's line (the end of the answer).
        total_line: Pattern,
    },
    /// One command lists the moves; another, sent after each move, counts one level less.
    List {
        /// The listing command (answered until `readyok`).
        command: String,
        /// A listed move's line.
        move_line: Pattern,
        /// The counting command, with `{depth}`.
        count_command: String,
        /// The count's line (the end of its answer).
        count_line: Pattern,
    },
}

/// A resolved dialect.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Dialect {
    /// How the generator is reached.
    pub(crate) transport: Transport,
    /// How a divide is asked for.
    pub(crate) query: Query,
}

/// The options that change a preset.
#[derive(Clone, Debug, Default, clap::Args)]
pub(crate) struct DialectArgs {
    /// The generator's dialect: how it is run and how its answers look.
    #[arg(long, value_enum, default_value_t = Preset::Perftree)]
    pub(crate) dialect: Preset,
    /// UAI: the divide (or move-listing) command, `{depth}` standing for the depth.
    #[arg(long)]
    pub(crate) command: Option<String>,
    /// Script dialects: the arguments after the program's own, one word each, with
    /// `{depth}`, `{fen}` (the position compared), `{root}` (the starting FEN) and `{moves}`
    /// (the moves from the root, as one argument, left out when there are none).
    #[arg(long, value_name = "TEMPLATE")]
    pub(crate) args: Option<String>,
    /// A move's line, with `{move}`, `{count}` (not for a listing) and `{any}` (any word).
    #[arg(long, value_name = "PATTERN")]
    pub(crate) move_line: Option<String>,
    /// The total's line, with `{count}`: it ends a divide's answer.
    #[arg(long, value_name = "PATTERN")]
    pub(crate) total_line: Option<String>,
    /// UAI: the command that counts after each listed move, with `{depth}`.
    #[arg(long)]
    pub(crate) count_command: Option<String>,
    /// The count's line of `--count-command`, with `{count}`.
    #[arg(long, value_name = "PATTERN")]
    pub(crate) count_line: Option<String>,
}

/// The longest command or argument template, in bytes.
const MAX_TEMPLATE: usize = 200;

fn pattern(text: &str, needs: &[Slot]) -> Result<Pattern, CliError> {
    Pattern::parse(text, needs).map_err(CliError::Usage)
}

fn template(text: &str, what: &str) -> Result<String, CliError> {
    if text.len() > MAX_TEMPLATE || text.contains(['\n', '\r']) {
        return Err(CliError::Usage(format!(
            "{what} is one line of at most {MAX_TEMPLATE} bytes"
        )));
    }
    Ok(text.trim().to_owned())
}

impl DialectArgs {
    /// The dialect: the preset, with each option given replacing its part.
    ///
    /// # Errors
    /// A bad pattern or template, an option the dialect has no use for, or the `uai` preset
    /// without its patterns.
    pub(crate) fn resolve(&self) -> Result<Dialect, CliError> {
        let (script, list) = match self.dialect {
            Preset::Perftree | Preset::Libataxx => (true, false),
            Preset::Zataxx => (false, false),
            Preset::Tiktaxx => (false, true),
            Preset::Uai => (
                false,
                self.count_command.is_some() || self.count_line.is_some(),
            ),
        };
        let given = |option: &Option<String>, name: &str, default: Option<&str>| {
            option
                .as_deref()
                .or(default)
                .map(str::to_owned)
                .ok_or_else(|| CliError::Usage(format!("--dialect uai needs {name}")))
        };
        if script
            && (self.command.is_some() || self.count_command.is_some() || self.count_line.is_some())
        {
            return Err(CliError::Usage(
                "--command, --count-command and --count-line are for UAI dialects; a script gets --args".into(),
            ));
        }
        if !script && self.args.is_some() {
            return Err(CliError::Usage(
                "--args is for the script dialects (perftree, libataxx)".into(),
            ));
        }
        let defaults = Defaults::of(self.dialect);
        let transport = if script {
            let args = template(&given(&self.args, "--args", defaults.args)?, "--args")?;
            Transport::Script {
                args: args.split_whitespace().map(str::to_owned).collect(),
                strict: self.dialect == Preset::Perftree,
            }
        } else {
            Transport::Uai
        };
        let command = template(
            &given(&self.command, "--command", defaults.command)?,
            "--command",
        )?;
        let query = if list {
            if self.total_line.is_some() {
                return Err(CliError::Usage(
                    "--total-line is for a divide in one command; a listing ends at readyok".into(),
                ));
            }
            Query::List {
                command,
                move_line: pattern(
                    &given(&self.move_line, "--move-line", defaults.move_line)?,
                    &[Slot::Move],
                )?,
                count_command: template(
                    &given(
                        &self.count_command,
                        "--count-command",
                        defaults.count_command,
                    )?,
                    "--count-command",
                )?,
                count_line: pattern(
                    &given(&self.count_line, "--count-line", defaults.count_line)?,
                    &[Slot::Count],
                )?,
            }
        } else {
            Query::Split {
                command,
                move_line: pattern(
                    &given(&self.move_line, "--move-line", defaults.move_line)?,
                    &[Slot::Move, Slot::Count],
                )?,
                total_line: pattern(
                    &given(&self.total_line, "--total-line", defaults.total_line)?,
                    &[Slot::Count],
                )?,
            }
        };
        Ok(Dialect { transport, query })
    }
}

/// A preset's parts.
#[derive(Default)]
struct Defaults {
    args: Option<&'static str>,
    command: Option<&'static str>,
    move_line: Option<&'static str>,
    total_line: Option<&'static str>,
    count_command: Option<&'static str>,
    count_line: Option<&'static str>,
}

impl Defaults {
    fn of(preset: Preset) -> Defaults {
        match preset {
            Preset::Perftree => Defaults {
                args: Some("{depth} {root} {moves}"),
                command: Some(""),
                move_line: Some("{move} {count}"),
                total_line: Some("{count}"),
                ..Defaults::default()
            },
            Preset::Libataxx => Defaults {
                args: Some("{depth} {fen}"),
                command: Some(""),
                move_line: Some("{any}) {move} {count}"),
                total_line: Some("Total: {count}"),
                ..Defaults::default()
            },
            Preset::Zataxx => Defaults {
                command: Some("perftsplit {depth}"),
                move_line: Some("{move}: {count}"),
                total_line: Some("Total: {count}"),
                ..Defaults::default()
            },
            Preset::Tiktaxx => Defaults {
                command: Some("movegen"),
                move_line: Some("{any}: {move}"),
                count_command: Some("perft {depth}"),
                count_line: Some("depth {any} nodes {count}"),
                ..Defaults::default()
            },
            Preset::Uai => Defaults::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(dialect: Preset) -> DialectArgs {
        DialectArgs {
            dialect,
            ..DialectArgs::default()
        }
    }

    #[test]
    fn every_preset_but_the_generic_one_resolves_alone() {
        for preset in [
            Preset::Perftree,
            Preset::Libataxx,
            Preset::Zataxx,
            Preset::Tiktaxx,
        ] {
            assert!(args(preset).resolve().is_ok(), "{preset:?}");
        }
        let generic = args(Preset::Uai).resolve().unwrap_err().to_string();
        assert!(generic.contains("--command"), "{generic}");
        let mut divide = args(Preset::Uai);
        divide.command = Some("divide {depth}".into());
        divide.move_line = Some("{move} - {count}".into());
        divide.total_line = Some("total {count}".into());
        assert!(matches!(
            divide.resolve().unwrap().query,
            Query::Split { .. }
        ));
    }

    #[test]
    fn options_that_do_not_fit_the_dialect_are_refused() {
        let mut script = args(Preset::Perftree);
        script.command = Some("go perft {depth}".into());
        assert!(script.resolve().is_err());
        let mut uai = args(Preset::Zataxx);
        uai.args = Some("{depth}".into());
        assert!(uai.resolve().is_err());
        let mut list = args(Preset::Tiktaxx);
        list.total_line = Some("Total: {count}".into());
        assert!(list.resolve().is_err());
    }
}
