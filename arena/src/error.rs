//! Errors as types for the match runner's engine side: reading an `--engine` specification
//! or a `--tc`, and starting an engine. `Display` gives the exact one-line texts users (and
//! the PGN's forfeit comments) have always seen; the CLI still prints them as text.

use crate::process::EngineError;

/// An `--engine` specification that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    #[error("'{0}': ends in a lone backslash")]
    LoneBackslash(String),
    #[error("'{0}': unclosed quote")]
    UnclosedQuote(String),
    #[error("--engine '{spec}': {key}= needs a value")]
    NeedsValue { spec: String, key: String },
    #[error("--engine: proto must be uci or xboard, not '{0}'")]
    UnknownProto(String),
    #[error("--engine '{0}': no command to run")]
    NoCommand(String),
}

/// A `--tc BASE+INC` that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TcError {
    #[error("--tc '{text}': '{part}' is not a number of seconds")]
    NotSeconds { text: String, part: String },
    #[error("--tc '{text}': '{part}' is out of range")]
    OutOfRange { text: String, part: String },
    #[error("--tc '{0}': the base time must be positive")]
    NoBaseTime(String),
}

/// An engine that could not be started.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("cannot start '{command}': {error}")]
    Spawn {
        command: String,
        error: std::io::Error,
    },
    #[error("engine has no standard output")]
    NoOutput,
    #[error("cannot start a reader thread: {0}")]
    ReaderThread(std::io::Error),
    #[error("engine '{label}': {error} during start-up")]
    Handshake { label: String, error: EngineError },
    /// A seat asked for its engine when none could be kept running.
    #[error("engine not running")]
    NotRunning,
}

// The CLI's errors are still one-line messages.
impl From<SpecError> for String {
    fn from(e: SpecError) -> String {
        e.to_string()
    }
}

impl From<TcError> for String {
    fn from(e: TcError) -> String {
        e.to_string()
    }
}

impl From<StartError> for String {
    fn from(e: StartError) -> String {
        e.to_string()
    }
}
