//! Why a command of the `oblique` binary failed: one type for every subcommand, so `main`
//! prints `error: {e}` and exits with code 2, and each failure keeps its cause as a value
//! (the engine's, the evaluator's, the lab's, the referee's error types) instead of a message.
//! `Display` gives the one-line messages users (and the tests) have always seen.

use oblique_arena::error::MatchError;
use oblique_engine::search::ThreadPoolError;
use oblique_engine::{MoveError, PositionError};
use oblique_eval::UnknownGame;
use oblique_protocol::error::SessionError;
use oblique_train::TrainError;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum CliError {
    /// Unknown game or a position string the game refuses.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// A move of `--moves` that cannot be played.
    #[error("illegal move {0}")]
    IllegalMove(MoveError),
    /// A move the engine chose that the position refused (a bug, reported not hidden).
    #[error(transparent)]
    Move(#[from] MoveError),
    /// A number outside the range the command accepts.
    #[error("{what} must be between {min} and {max}{unit}, not {got}")]
    OutOfRange {
        what: &'static str,
        min: u64,
        max: u64,
        unit: &'static str,
        got: u64,
    },
    #[error("give one of --depth, --movetime, --nodes or --infinite")]
    NoSearchLimit,
    #[error("multipv must be at least 1")]
    NoPrincipalVariation,
    #[error("--color must be white or black, not '{0}'")]
    Color(String),
    #[error(transparent)]
    Search(#[from] ThreadPoolError),
    #[error("cannot install Ctrl-C handler: {0}")]
    CtrlC(#[from] ctrlc::Error),
    #[error(transparent)]
    Values(#[from] UnknownGame),
    #[error(transparent)]
    Match(#[from] MatchError),
    /// A `--shard K/N` that cannot be read (`net data`).
    #[error(transparent)]
    Shard(#[from] oblique_arena::error::ShardError),
    /// `oblique study`'s failure.
    #[error(transparent)]
    Study(#[from] oblique_arena::study::error::StudyError),
    #[error(transparent)]
    Protocol(#[from] SessionError),
    /// The browser board's server could not start, or stopped.
    #[error(transparent)]
    Serve(#[from] oblique_web::error::ServeError),
    #[error("the engine found no move")]
    NoEngineMove,
    #[error("cannot read input: {0}")]
    Input(std::io::Error),
    /// A game file that cannot be read (`--variant-file`, `oblique check`).
    #[error(transparent)]
    GameFile(#[from] oblique_gamefile::GameFileError),
    /// `oblique check` found a perft number that differs from the file's.
    #[error("{0}")]
    Check(String),
    /// A weights file that cannot be used (`--weights`, `study values --write-weights`).
    #[error(transparent)]
    Weights(#[from] oblique_eval::weights::WeightsFileError),
    /// The tuner's or the network trainer's failure (`oblique tune`, `oblique net`).
    #[error(transparent)]
    Train(#[from] TrainError),
}

impl CliError {
    /// `what must be between 1 and max, not got` for a count the user gave.
    pub fn out_of_range(what: &'static str, max: u64, got: u64) -> CliError {
        CliError::OutOfRange {
            what,
            min: 1,
            max,
            unit: "",
            got,
        }
    }
}
