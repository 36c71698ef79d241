//! Errors of the command, with their exit status.

use std::fmt;

/// What went wrong, and whose fault it was.
#[derive(Debug)]
pub(crate) enum CliError {
    /// The command line asks for something impossible (exit status 2).
    Usage(String),
    /// Input data (a record, a FEN, a file) is bad, or I/O failed (exit status 1).
    Data(String),
}

impl CliError {
    /// The process exit status for this error.
    pub(crate) fn exit_code(&self) -> u8 {
        match self {
            CliError::Usage(_) => 2,
            CliError::Data(_) => 1,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Usage(message) | CliError::Data(message) => f.write_str(message),
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
