//! `[[piece]]` and `[pawn]`: the pieces, their letters, names and moves in Betza.

use serde::{Deserialize, Serialize};

use super::yes;

#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PieceSection {
    /// FEN letter (White's in upper case, Black's in lower case).
    pub letter: char,
    pub name: String,
    /// Moves in Betza notation as XBoard reads it, from White's side of the board.
    #[serde(default)]
    pub betza: Option<String>,
    /// Leaps given by the board instead of Betza (an escalator board's `knight` or `ultra`
    /// table); added to the Betza moves where both are given.
    #[serde(default)]
    pub table: Option<String>,
    /// Losing it loses the game (check and checkmate apply to it). Exactly one royal piece.
    #[serde(default)]
    pub royal: bool,
    /// Value in pawns; derived from the moves when absent.
    #[serde(default)]
    pub value: Option<f64>,
    /// The picture the browser board draws (`knight`, `camel`, ...); defaults to `name`, and
    /// a name with no picture gets a generic piece marked with its letter.
    #[serde(default)]
    pub figure: Option<String>,
    /// Whether its leaps may cross a barrier (a hole); `false` bars every leap whose straight
    /// line between the two cells' centres in the drawn board passes through a hole (the
    /// knight of Slanted Escalator Chess's experimental variant).
    #[serde(default = "jumps_barriers_default")]
    pub jumps_barriers: bool,
    /// The ranks (White's, counted from 1; Black's mirrored) from which the piece may play
    /// its `i` moves. Required when its Betza has any: a piece that stands on them has not
    /// moved, as a pawn on its double-step rank (Fairy-Stockfish's reading of `i`).
    #[serde(default)]
    pub initial_ranks: Vec<u8>,
}

fn jumps_barriers_default() -> bool {
    true
}

#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PawnSection {
    pub letter: char,
    #[serde(default = "pawn_name")]
    pub name: String,
    /// Moves in Betza: one-step atoms (`W`, `F`) with direction and `m`/`c` modifiers.
    pub betza: String,
    /// White's ranks (1-based) from which the pawn may step twice straight forward; Black's
    /// are mirrored. Empty: no double step.
    #[serde(default)]
    pub double_step_ranks: Vec<u8>,
    /// A double step may be taken en passant (the default when there is a double step).
    #[serde(default = "yes")]
    pub en_passant: bool,
    /// The picture the browser board draws; defaults to `name`.
    #[serde(default)]
    pub figure: Option<String>,
}

fn pawn_name() -> String {
    "pawn".to_string()
}
