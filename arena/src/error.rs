//! Errors as types for the match runner: reading an `--engine` specification, a `--tc`,
//! `--sprt`, `--shard`, `--resign`/`--draw` or an openings file, drawing random openings,
//! starting an engine, talking to a running one (`EngineError`), replaying a record, and
//! running `oblique match` or its `report`. `Display` gives the exact one-line texts users (and
//! the PGN's forfeit comments) have always seen; the CLI still prints them as text.

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
    #[error("--engine '{spec}': tc= {why}")]
    BadTc { spec: String, why: String },
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

/// Why `oblique match pair` could not compare two matches.
#[derive(Debug, thiserror::Error)]
pub enum PairError {
    #[error(transparent)]
    Report(#[from] ReportError),
    #[error("the {side}'s PGN files must hold the games of two engines, not of {}: {}", engines.len(), if engines.is_empty() { "none".to_string() } else { engines.join(", ") })]
    NotTwoEngines {
        side: &'static str,
        engines: Vec<String>,
    },
    #[error("no opening was played in both matches (same round, start position and book moves): were they played from the same seed?")]
    NoPairs,
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

/// `oblique match` (or its `report`) that cannot start or finish.
#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    #[error(transparent)]
    Position(#[from] PositionError),
    #[error("give at least two --engine (the same command twice for self-play)")]
    TooFewEngines,
    #[error("--games is required")]
    NoGames,
    #[error("--games must be at least 1")]
    ZeroGames,
    #[error(transparent)]
    Tc(#[from] TcError),
    #[error("--movetime must be positive")]
    MoveTime,
    #[error("--depth must be between 1 and 100")]
    Depth,
    #[error("give exactly one of --tc, --movetime, --depth")]
    NoLimit,
    #[error("engine '{0}' has its own tc=, which needs a match played with --tc")]
    EngineTcNeedsClock(String),
    #[error(transparent)]
    Sprt(#[from] SprtError),
    #[error("--sprt needs exactly two engines")]
    SprtNeedsTwo,
    #[error(transparent)]
    Shard(#[from] ShardError),
    #[error("--sprt stops a whole match, not a slice: give it to `oblique match report` instead")]
    SprtWithShard,
    #[error("--shard with --random-plies needs --seed (every slice must draw the same openings)")]
    ShardNeedsSeed,
    #[error(transparent)]
    Numbers(#[from] NumbersError),
    #[error("cannot read {}: {error}", path.display())]
    Read {
        path: std::path::PathBuf,
        error: std::io::Error,
    },
    #[error(transparent)]
    Openings(#[from] OpeningsError),
    #[error(transparent)]
    RandomOpenings(#[from] RandomOpeningsError),
    #[error(transparent)]
    Spec(#[from] SpecError),
    #[error(transparent)]
    Start(#[from] StartError),
    #[error(
        "engine '{0}' cannot start from a given position (XBoard feature setboard=0): \
         use openings given as moves"
    )]
    NoSetboard(String),
    #[error("engine '{label}' ({proto}) does not play {variant}{why}")]
    Unsupported {
        label: String,
        proto: &'static str,
        variant: String,
        why: &'static str,
    },
    #[error(
        "engine '{0}' speaks XBoard, whose `st` takes whole seconds: use a \
         --movetime that is a multiple of 1000, --tc or --depth"
    )]
    WholeSeconds(String),
    #[error("cannot install Ctrl-C handler: {0}")]
    CtrlC(#[from] ctrlc::Error),
    #[error("cannot open {}: {error}", path.display())]
    Open {
        path: std::path::PathBuf,
        error: std::io::Error,
    },
    #[error("cannot write the PGN file: {0}")]
    WritePgn(std::io::Error),
    #[error(transparent)]
    Report(#[from] ReportError),
    #[error(transparent)]
    Pair(#[from] PairError),
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
    PairError,
    NumbersError,
    MatchError
);

/// Why talking to an engine failed.
#[derive(Clone, Debug, PartialEq)]
pub enum EngineError {
    /// No answer before the deadline.
    Timeout,
    /// The process ended or closed its pipes.
    Crashed(String),
    /// The engine said something that makes going on impossible.
    Protocol(String),
    /// The runner is stopping (Ctrl-C, SPRT verdict).
    Aborted,
}

impl std::fmt::Display for EngineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineError::Timeout => write!(f, "no answer in time"),
            EngineError::Crashed(why) => write!(f, "engine process ended ({why})"),
            EngineError::Protocol(why) => write!(f, "{why}"),
            EngineError::Aborted => write!(f, "aborted"),
        }
    }
}
