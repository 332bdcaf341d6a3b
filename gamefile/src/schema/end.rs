//! `[end]`: how a game ends besides checkmate (stalemate's value, dead positions, the move
//! and repetition rules, bare king, goal squares, Black's reply to White's goal) and whether
//! checkmate is in the game at all (`checks`: with checks forbidden nobody is ever mated,
//! so the rule lives with the other rules of the game's end).

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct EndSection {
    /// What a stalemate is worth to the stalemated side: `draw` (the default), `win` or
    /// `loss` (Shatranj). Fairy-Stockfish's `stalemateValue` means the same.
    #[serde(default)]
    pub stalemate: Option<String>,
    /// Material with which no mate is possible: `fide` (K v K, K+minor v K, same-coloured
    /// bishops), `kings-only` (the default) or `none`.
    #[serde(default)]
    pub dead: Option<String>,
    /// Halfmoves without capture or pawn move that draw (100 = the fifty-move rule; 0 =
    /// none).
    #[serde(default)]
    pub move_rule: Option<u32>,
    /// How many times a position must occur to draw (3 = threefold repetition; 0 = none).
    #[serde(default)]
    pub repetition: Option<u32>,
    /// `loss`: a side left with only its king loses (Shatranj), unless it bares the other
    /// king back at once; `none` (the default): no such rule.
    #[serde(default)]
    pub bare_king: Option<String>,
    /// `allowed` (the default) or `forbidden`: a move that gives check is illegal, so no
    /// game ends in mate (racing kings; Fairy-Stockfish's `checking = false`).
    #[serde(default)]
    pub checks: Option<String>,
    /// `black`: when White's king reaches its goal, Black still has one move; the game then
    /// ends, drawn if Black's king reached its own goal with it, else won by White. White
    /// wins at once when Black's king cannot reach its goal with a legal move, and Black
    /// reaching first wins at once (racing kings; Fairy-Stockfish's `flagMove = true`). Only
    /// for a king goal. `none` (the default): reaching the goal wins at once.
    #[serde(default)]
    pub goal_reply: Option<String>,
    /// A piece reaching a region wins.
    #[serde(rename = "goal", default)]
    pub goals: Vec<Goal>,
}

#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Goal {
    /// The piece's letter (either case).
    pub piece: char,
    /// White's goal: squares (`"e4"`) or whole ranks (`"rank 8"`).
    pub white: Vec<String>,
    /// Black's goal, in the same form; White's following `symmetry` when absent.
    #[serde(default)]
    pub black: Option<Vec<String>>,
}
