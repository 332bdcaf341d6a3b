//! The one description of a 2D game that every reader produces: the TOML format reads
//! straight into it (serde), Fairy-Stockfish's `variants.ini` is translated into it, and the
//! engine builds its tables from it. Everything is as a player writes it: letters, square
//! names, Betza strings; nothing here knows about bitboards.
//!
//! Squares are named on the grid (`a1` = White's left corner; files `a`.., ranks 1..). Where
//! a rule is given for White only, Black's is White's turned half round (the 180-degree
//! mirror) unless the file gives Black's own.

use serde::{Deserialize, Serialize};

mod board;
mod end;
mod family;
mod pieces;
mod rules;

pub use board::{BoardSection, CellEntry};
pub use end::{EndSection, Goal};
pub use family::{FamilyFile, FamilyGameSection, FAMILIES, FAMILY_GIVES};
pub use pieces::{PawnSection, PieceSection};
pub use rules::{CastlingSection, CastlingSide, PromotionSection, PromotionSquare};

/// A whole game file in our format: one game.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct GameFile {
    pub game: GameSection,
    pub board: BoardSection,
    /// Every piece but the pawn: officers and the royal piece.
    #[serde(rename = "piece", default)]
    pub pieces: Vec<PieceSection>,
    /// The pawn-role piece (promotes, double-steps, takes en passant), if the game has one.
    #[serde(default)]
    pub pawn: Option<PawnSection>,
    #[serde(default)]
    pub promotion: Option<PromotionSection>,
    #[serde(default)]
    pub castling: Option<CastlingSection>,
    #[serde(default)]
    pub end: EndSection,
    /// Checks embedded in the file, run by `oblique check`.
    #[serde(rename = "perft", default)]
    pub perft: Vec<PerftEntry>,
}

#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct GameSection {
    /// The name commands take (`--variant NAME`): lower-case letters, digits, `-` and `_`.
    pub name: String,
    /// The name shown to people; defaults to `name`.
    #[serde(default)]
    pub title: Option<String>,
    /// The start position in FEN (`*` marks a hole where the board has one). Its side to
    /// move is the first mover.
    pub start: String,
    /// How Black's rules follow from White's: `mirror` (the default: reflected across the
    /// middle rank, as in chess) or `rotate` (turned half round, as in Diagonal Chess). It
    /// applies to piece moves, per-square promotion and goal squares.
    #[serde(default)]
    pub symmetry: Option<String>,
    /// XBoard's name for the game when XBoard knows it itself (`normal` for chess); absent
    /// for games the engine teaches XBoard with `setup`.
    #[serde(default)]
    pub xboard_name: Option<String>,
    /// A network file the game plays with (what `oblique net train` writes), relative to
    /// the game file's folder; absent: the hand-written evaluation.
    #[serde(default)]
    pub network: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PerftEntry {
    /// A FEN, or absent for the start position.
    #[serde(default)]
    pub fen: Option<String>,
    pub depth: u32,
    pub nodes: u64,
    /// Where the number comes from (a published source, a hand count, another program).
    #[serde(default)]
    pub source: Option<String>,
}

impl GameFile {
    pub fn title(&self) -> &str {
        self.game.title.as_deref().unwrap_or(&self.game.name)
    }
}

/// The serde default of switches that are on unless a file turns them off.
pub(crate) fn yes() -> bool {
    true
}
