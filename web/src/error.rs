//! Errors as types for what the page asks of its tab, so the session can tell a bad message
//! from a refused move without reading text. `Display` gives the one-line text the page has
//! always shown in its message line (the browser tests read some of them). `ServeError` is
//! why the server itself could not start or stopped, as `oblique serve` prints it.

use oblique_engine::pgn::ReadError;
use oblique_engine::record::PlayError;
use oblique_engine::search::{ThreadPoolError, MAX_DEPTH};
use oblique_engine::{Color, PositionError};

/// Longest think the page may ask for per move.
pub const MAX_MOVETIME_MS: u64 = 600_000;
/// Most lines an analysis may show.
pub const MAX_MULTIPV: usize = 8;

/// Why a request from the page changed nothing.
#[derive(Debug, thiserror::Error)]
pub enum RequestError {
    /// Not JSON, or not a request the page sends.
    #[error("bad request: {0}")]
    BadRequest(#[from] serde_json::Error),
    #[error(transparent)]
    Position(#[from] PositionError),
    /// A move the game record refused (illegal, or the game is over).
    #[error(transparent)]
    Play(#[from] PlayError),
    #[error(transparent)]
    Pgn(#[from] ReadError),
    #[error("it is the engine's move ({})", .0.name())]
    EnginesMove(Color),
    #[error("no move to take back")]
    NothingToTakeBack,
    /// `go` after the end of the game.
    #[error("the game is over")]
    Over,
    #[error("multipv must be between 1 and {MAX_MULTIPV}")]
    MultiPv,
    #[error("depth must be between 1 and {MAX_DEPTH}, not {0}")]
    Depth(u32),
    #[error("movetime must be between 1 and {MAX_MOVETIME_MS} ms, not {0}")]
    Movetime(u64),
    #[error("engine side must be white, black, both or off, not '{0}'")]
    EngineSide(String),
}

/// Why the server could not start, or stopped.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("cannot start the server runtime: {0}")]
    Runtime(std::io::Error),
    /// The system refused the search threads.
    #[error(transparent)]
    Search(#[from] ThreadPoolError),
    #[error("cannot listen on {addr}: {error}")]
    Listen { addr: String, error: std::io::Error },
    #[error("cannot read the listening address: {0}")]
    LocalAddress(std::io::Error),
    #[error("server stopped: {0}")]
    Stopped(std::io::Error),
}

/// The engine's own move was refused (a bug: it searched the position it was given).
#[derive(Debug, thiserror::Error)]
#[error("engine move {best} refused: {error}")]
pub struct EngineMoveError {
    pub best: String,
    pub error: PlayError,
}

#[cfg(test)]
mod tests {
    use super::*;
    use oblique_engine::MoveError;

    /// The page's message line shows these texts; the browser test looks for "not a legal
    /// move" after an illegal click.
    #[test]
    fn texts_are_the_pages_lines() {
        let illegal = PlayError::Move(MoveError::illegal("e2e5", "not a legal move"));
        assert_eq!(
            RequestError::Play(illegal.clone()).to_string(),
            "illegal move: e2e5: not a legal move"
        );
        let pgn = ReadError::Move {
            number: 1,
            text: "e2e5".into(),
            error: illegal,
        };
        assert_eq!(
            RequestError::Pgn(pgn).to_string(),
            "PGN move 1 (e2e5): illegal move: e2e5: not a legal move"
        );
        assert_eq!(
            RequestError::EnginesMove(Color::Black).to_string(),
            "it is the engine's move (black)"
        );
        assert_eq!(
            RequestError::Depth(0).to_string(),
            format!("depth must be between 1 and {MAX_DEPTH}, not 0")
        );
    }
}
