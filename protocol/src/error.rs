//! Errors as types for the session layer and the front ends, so a caller can tell a refused
//! move from a bad position or a failed search without reading text. `Display` gives the
//! exact one-line texts GUIs and the protocol tests have always seen.

use oblique_engine::{MoveError, PositionError};

/// Why the session's game refused a move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// An illegal `setboard` / `position` arrived; the reason is kept as it was shown.
    #[error("no valid position: {0}")]
    NoValidPosition(String),
    #[error("the game is over")]
    GameOver,
    #[error(transparent)]
    Move(#[from] MoveError),
}

/// A move of a `position ... moves` list that could not be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {text}: {error}")]
pub struct MovesError {
    pub text: String,
    pub error: PlayError,
}

/// The search itself refused its settings (thread pool, threads); the engine says why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SearchSetupError(pub String);

/// A search that ended without a result.
#[derive(Debug, thiserror::Error)]
pub enum SearchError {
    /// A newer command replaced it before it started.
    #[error("abandoned")]
    Abandoned,
    /// The search panicked (a bug); the session keeps running.
    #[error("internal error in the search")]
    Panicked,
    #[error("cannot start a search thread: {0}")]
    Thread(#[from] std::io::Error),
}

/// Why a session could not start.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    #[error(transparent)]
    Search(#[from] SearchSetupError),
    #[error(transparent)]
    Position(#[from] PositionError),
}

/// Why a UCI `position` command gave no position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionCommandError {
    #[error("unexpected '{0}' after startpos")]
    AfterStartpos(String),
    #[error("position fen needs a FEN")]
    NoFen,
    #[error("expected startpos or fen, not '{0}'")]
    NotStartposOrFen(String),
    #[error("position needs startpos or fen")]
    Missing,
    #[error(transparent)]
    Position(#[from] PositionError),
    #[error(transparent)]
    Moves(#[from] MovesError),
}

/// Why no game fits an XBoard `setboard` FEN.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenGameError {
    /// The FEN is orthodox chess, which XBoard never leaves unnamed.
    #[error("not a position of an engine-defined variant")]
    NotEngineDefined,
    #[error(transparent)]
    Position(#[from] PositionError),
}
