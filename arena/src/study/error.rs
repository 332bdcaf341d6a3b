//! Why a study could not run or report: one type, one line each, so `oblique study` prints
//! `error: ...` and exits instead of panicking on bad input.

use crate::error::{RandomOpeningsError, ShardError, SpecError, StartError, TcError};
use oblique_engine::PositionError;
use std::path::PathBuf;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum StudyError {
    #[error(transparent)]
    Position(#[from] PositionError),
    #[error(transparent)]
    Tc(#[from] TcError),
    #[error(transparent)]
    Shard(#[from] ShardError),
    #[error(transparent)]
    Spec(#[from] SpecError),
    #[error(transparent)]
    Start(#[from] StartError),
    #[error(transparent)]
    Openings(#[from] RandomOpeningsError),
    #[error("--depth must be between 1 and 100, not {0}")]
    Depth(u32),
    #[error("--games must be at least 1")]
    NoGames,
    #[error("engine '{engine}' does not play {variant}")]
    Unsupported { engine: String, variant: String },
    #[error(
        "engine '{0}' cannot start games from a position (needed for the study's start positions)"
    )]
    NoSetboard(String),
    #[error("{game} has no piece '{letter}' (its pieces: {known})")]
    UnknownPiece {
        game: String,
        letter: String,
        known: String,
    },
    #[error("{flag} takes {shape}, not '{text}'")]
    Shape {
        flag: &'static str,
        shape: &'static str,
        text: String,
    },
    #[error("removing '{0}' would leave a side without its king: a king cannot be given as odds")]
    KingRemoval(char),
    #[error("removing '{letter}' from {game}'s start gives no legal position: {why}")]
    BadRemoval {
        game: String,
        letter: char,
        why: String,
    },
    #[error("cannot write {path}: {error}")]
    Write {
        path: PathBuf,
        error: std::io::Error,
    },
    #[error("cannot read the study's games in {path}: {error}")]
    Read {
        path: PathBuf,
        error: std::io::Error,
    },
    #[error("cannot draw a chart: {0}")]
    Chart(String),
    #[error("cannot install Ctrl-C handler: {0}")]
    CtrlC(#[from] ctrlc::Error),
}
