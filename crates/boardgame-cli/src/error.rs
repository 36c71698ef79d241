//! Errors of the command, with their exit status.

use std::fmt;

/// What went wrong, and whose fault it was.
#[derive(Debug)]
pub(crate) enum CliError {
    /// The command line asks for something impossible (exit status 2).
    Usage(String),
    /// Input data (a record, a FEN, a file) is bad, or I/O failed (exit status 1).
    Data(String),
    /// Standard output was closed by its reader (`boardgame … | head`): stop quietly, with
    /// exit status 0 and no message.
    ClosedOutput,
    /// `perft-diff` found the generators to differ (exit status 3; the report is on
    /// standard output).
    Differ,
}

impl CliError {
    /// The process exit status for this error.
    pub(crate) fn exit_code(&self) -> u8 {
        match self {
            CliError::Usage(_) => 2,
            CliError::Data(_) => 1,
            CliError::ClosedOutput => 0,
            CliError::Differ => 3,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Usage(message) | CliError::Data(message) => f.write_str(message),
            CliError::ClosedOutput => f.write_str("standard output closed"),
            CliError::Differ => f.write_str("the move generators differ"),
        }
    }
}

/// A usage error from anything displayable.
pub(crate) fn usage(error: impl fmt::Display) -> CliError {
    CliError::Usage(error.to_string())
}

/// A data error from anything displayable.
pub(crate) fn data(error: impl fmt::Display) -> CliError {
    CliError::Data(error.to_string())
}

/// An error writing to standard output: a closed pipe ends the program quietly, anything
/// else is reported.
pub(crate) fn output(error: std::io::Error) -> CliError {
    if error.kind() == std::io::ErrorKind::BrokenPipe {
        CliError::ClosedOutput
    } else {
        data(format!("standard output: {error}"))
    }
}

/// The result of writing to standard output (see [`output`]).
pub(crate) fn stdout_result(result: std::io::Result<()>) -> Result<(), CliError> {
    result.map_err(output)
}

/// Writes `text` and a newline to standard output (a closed pipe ends the program quietly,
/// instead of the panic of `println!`).
pub(crate) fn print_line(text: &str) -> Result<(), CliError> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    writeln!(out, "{text}")
        .and_then(|()| out.flush())
        .map_err(output)
}

/// Writes `text` as it is to standard output (see [`print_line`]).
pub(crate) fn print_text(text: &str) -> Result<(), CliError> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(output)
}
