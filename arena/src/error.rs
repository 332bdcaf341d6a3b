//! Errors as types for the match runner: reading an `--engine` specification, a `--tc` or
//! an openings file, drawing random openings, and starting an engine. `Display` gives the exact one-line texts users (and
//! the PGN's forfeit comments) have always seen; the CLI still prints them as text.

use crate::process::EngineError;
use oblique_engine::{MoveError, PositionError};

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

/// An openings file that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OpeningsError {
    #[error("openings line {line}: {problem}")]
    Line {
        line: usize,
        problem: OpeningProblem,
    },
    #[error("the openings file has no openings")]
    Empty,
}

/// What is wrong with one line of an openings file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OpeningProblem {
    #[error(transparent)]
    Position(#[from] PositionError),
    #[error("empty position")]
    NoPosition,
    #[error("move '{text}' is not legal: {error}")]
    IllegalMove { text: String, error: MoveError },
    #[error("the game is already over after this opening")]
    GameOver,
}

/// Random openings that cannot be drawn.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RandomOpeningsError {
    #[error(transparent)]
    Position(#[from] PositionError),
    #[error(transparent)]
    Move(#[from] MoveError),
    #[error("cannot find {0} random plies that keep the game going")]
    NoLine(usize),
}

/// A `--sprt` specification that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SprtError {
    #[error("--sprt: '{0}' is not KEY=VALUE")]
    NotKeyValue(String),
    #[error("--sprt: '{0}' is not a number")]
    NotNumber(String),
    #[error("--sprt: unknown key '{0}' (known: elo0, elo1, alpha, beta)")]
    UnknownKey(String),
    #[error("--sprt: alpha and beta must lie strictly between 0 and 0.5")]
    BadRisk,
    #[error("--sprt: elo1 must be greater than elo0")]
    NoGap,
}

/// A `--shard K/N` that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("--shard takes K/N with 1 <= K <= N (e.g. 2/8), not '{0}'")]
pub struct ShardError(pub String);

/// A game record the arbiter cannot replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error(transparent)]
    Position(#[from] PositionError),
    #[error(transparent)]
    Move(#[from] MoveError),
}

/// `oblique match report` that cannot give a report.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    #[error("give at least one PGN file")]
    NoFiles,
    #[error(transparent)]
    Sprt(#[from] SprtError),
    #[error("cannot read {}: {error}", path.display())]
    Read {
        path: std::path::PathBuf,
        error: std::io::Error,
    },
    #[error("round {round}: {engine} plays itself")]
    SelfPlay { round: String, engine: String },
    #[error("the PGN files hold no finished game between two engines")]
    NoGames,
    #[error("--sprt needs exactly two engines")]
    SprtNeedsTwo,
}

/// A `--resign MOVES:CP` or `--draw FROM:MOVES:CP` that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NumbersError {
    #[error("{flag} takes {shape}, not '{text}'")]
    Shape {
        flag: &'static str,
        shape: &'static str,
        text: String,
    },
    #[error("{flag}: '{part}' is not a whole number")]
    NotWhole { flag: &'static str, part: String },
    #[error("{flag}: '{part}' must not be negative")]
    Negative { flag: &'static str, part: String },
}

/// The CLI's own errors are still one-line messages: each error above converts to its text.
macro_rules! into_message {
    ($($error:ty),+) => {
        $(impl From<$error> for String {
            fn from(e: $error) -> String {
                e.to_string()
            }
        })+
    };
}

into_message!(
    SpecError,
    TcError,
    StartError,
    OpeningsError,
    RandomOpeningsError,
    SprtError,
    ShardError,
    ReplayError,
    ReportError,
    NumbersError
);
