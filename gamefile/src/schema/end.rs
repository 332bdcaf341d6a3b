//! `[end]`: how a game ends besides checkmate (stalemate, dead positions, the move and
//! repetition rules, goal squares).

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct EndSection {
    /// Stalemate: `draw` (the default), `win` or `loss` for the stalemated side... as
    /// implemented today, only `draw`.
    #[serde(default)]
    pub stalemate: Option<String>,
    /// Material with which no mate is possible: `fide` (K v K, K+minor v K, same-coloured
    /// bishops), `kings-only` (the default) or `none`.
    #[serde(default)]
    pub dead: Option<String>,
    /// Halfmoves without capture or pawn move that draw (100 = the fifty-move rule).
    #[serde(default)]
    pub move_rule: Option<u32>,
    /// How many times a position must occur to draw (3 = threefold repetition).
    #[serde(default)]
    pub repetition: Option<u32>,
    /// A piece reaching a region wins.
    #[serde(rename = "goal", default)]
    pub goals: Vec<Goal>,
}

#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Goal {
    /// The piece's letter (either case).
    pub piece: char,
    /// White's goal squares.
    pub white: Vec<String>,
    /// Black's goal squares; White's turned half round when absent.
    #[serde(default)]
    pub black: Option<Vec<String>>,
}
