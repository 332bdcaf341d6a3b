//! Errors as types for moves given as text, shared by both families, so callers can tell an
//! unreadable move from an illegal one without parsing messages. `Display` gives the one-line
//! message users have always seen (tests compare them). Position errors: `FenError`
//! (`plane::fen`), `TfenError` (`startrek::tfen`) and, for a game named at run time,
//! `PositionError` (`any`).

use std::fmt;

/// Why a move given as text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// Nothing but blanks.
    Empty,
    /// The text is not a move in the game's notation (bad square, stray text, wrong letter).
    Unreadable { text: String, reason: String },
    /// A well-formed move that is not legal in the position.
    Illegal { text: String, reason: String },
}

impl MoveError {
    pub fn unreadable(text: &str, reason: impl Into<String>) -> MoveError {
        MoveError::Unreadable {
            text: text.to_string(),
            reason: reason.into(),
        }
    }

    pub fn illegal(text: &str, reason: impl Into<String>) -> MoveError {
        MoveError::Illegal {
            text: text.to_string(),
            reason: reason.into(),
        }
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Empty => write!(f, "empty move"),
            MoveError::Unreadable { text, reason } | MoveError::Illegal { text, reason } => {
                write!(f, "{text}: {reason}")
            }
        }
    }
}

impl std::error::Error for MoveError {}

/// For callers whose own errors are still one-line messages (protocol replies, CLI).
impl From<MoveError> for String {
    fn from(e: MoveError) -> String {
        e.to_string()
    }
}
