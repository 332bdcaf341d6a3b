//! A game of a family whose board and pieces are the engine's code, not data: Star Trek
//! chess, whose attack boards move and carry their pieces, so that no grid or graph can say
//! which squares exist. Its file states what a file can, in the same keys as every game file
//! (`[game]`'s name, title and start, `[end]`, `[[perft]]`), and names the family instead of
//! giving `[board]` and the pieces.

use super::{EndSection, PerftEntry};
use serde::{Deserialize, Serialize};

/// The families a file may name.
pub const FAMILIES: [&str; 1] = ["startrek"];

/// The sections a family's file may not have: the family gives them.
pub const FAMILY_GIVES: [&str; 5] = ["board", "piece", "pawn", "promotion", "castling"];

/// A whole family game file.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct FamilyFile {
    pub game: FamilyGameSection,
    #[serde(default)]
    pub end: EndSection,
    #[serde(rename = "perft", default)]
    pub perft: Vec<PerftEntry>,
}

/// `[game]` of a family game file.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct FamilyGameSection {
    pub name: String,
    #[serde(default)]
    pub title: Option<String>,
    /// The family (`startrek`).
    pub family: String,
    /// The start position in the family's position string (TFEN for Star Trek chess).
    pub start: String,
}

impl FamilyFile {
    pub fn title(&self) -> &str {
        self.game.title.as_deref().unwrap_or(&self.game.name)
    }
}
