//! Why a run of the lab failed: one type for the tuner's and the trainer's commands, each
//! failure keeping its cause as a value (the engine's, the data files', the network file's).
//! `Display` gives the one-line messages `oblique tune` and `oblique net` have always
//! printed after `error: `, which the binary passes on unchanged.

use crate::tune::dataset::DatasetError;
use crate::tune::selfplay::SampleLineError;
use oblique_engine::search::ThreadPoolError;
use oblique_engine::PositionError;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum TrainError {
    /// A game's start position that cannot be set up (a bug, reported not hidden).
    #[error(transparent)]
    Position(#[from] PositionError),
    /// The self-play threads could not be started.
    #[error(transparent)]
    Search(#[from] ThreadPoolError),
    /// A number outside the range the command accepts.
    #[error("{what} must be between 1 and {max}, not {got}")]
    OutOfRange {
        what: &'static str,
        max: u64,
        got: u64,
    },
    #[error("unknown or unsupported game '{0}' (the tuner takes the 2D games)")]
    TuneGame(String),
    #[error("--games and --nodes must be at least 1")]
    NoGamesOrNodes,
    /// An option that takes a whole number of at least 1.
    #[error("{0} must be at least 1")]
    AtLeastOne(&'static str),
    /// A slice outside its run (`GameSlice`; 0-based here, `--shard` is 1-based).
    #[error("slice {} of {count} does not exist (--shard takes K/N with 1 <= K <= N)", index + 1)]
    Slice { index: usize, count: usize },
    /// Files to merge that are not slices of one `net data` run.
    #[error("{path}:{line}: game {game} {why}; merge takes the slices of one `net data` run, each as its run wrote it")]
    MergeOrder {
        path: String,
        line: usize,
        game: usize,
        why: &'static str,
    },
    #[error("cannot read {path}: {error}")]
    Read { path: String, error: std::io::Error },
    #[error("cannot write {path}: {error}")]
    Write { path: String, error: std::io::Error },
    #[error("{path}:{line}: {error}")]
    SampleLine {
        path: String,
        line: usize,
        error: SampleLineError,
    },
    #[error(transparent)]
    Dataset(#[from] DatasetError),
    #[error("{path}:{line}: {error}")]
    Record {
        path: String,
        line: usize,
        error: String,
    },
    #[error("no training positions")]
    NoTrainingPositions,
    #[error("--init {path}: {error}")]
    Init { path: String, error: String },
    #[error(transparent)]
    Json(#[from] serde_json::Error),
}

impl TrainError {
    /// The error of writing `path`.
    pub(crate) fn write(path: &str) -> impl FnOnce(std::io::Error) -> TrainError + '_ {
        move |error| TrainError::Write {
            path: path.to_string(),
            error,
        }
    }

    /// The error of reading `path`.
    pub(crate) fn read(path: &str) -> impl FnOnce(std::io::Error) -> TrainError + '_ {
        move |error| TrainError::Read {
            path: path.to_string(),
            error,
        }
    }
}
