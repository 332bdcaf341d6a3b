//! The interface search, protocols and the CLI use for every game, 2D or Star Trek chess.

use crate::types::{Color, Outcome};

pub trait Game: Clone + Send + Sync + 'static {
    /// A move of this game; `Default` is a null value never generated as a legal move.
    type Move: Copy + Eq + std::hash::Hash + std::fmt::Debug + Default + Send + Sync;
    /// What `make` returns so `unmake` can restore the position exactly.
    type Undo: Copy;

    /// The game's name (`chess`, `slanted`, ..., `startrek`).
    fn variant_name(&self) -> &'static str;
    /// Position string: FEN for the 2D games, TFEN for Star Trek chess.
    fn to_fen(&self) -> String;
    fn side_to_move(&self) -> Color;
    /// Zobrist key, updated incrementally by `make`.
    fn key(&self) -> u64;
    /// The key recomputed from scratch (tests compare it with `key`).
    fn compute_key(&self) -> u64;
    fn in_check(&self) -> bool;
    /// Every legal move, appended to `out`.
    fn legal_moves_into(&self, out: &mut Vec<Self::Move>);
    fn count_legal_moves(&self) -> u64;
    fn make_move(&mut self, m: Self::Move) -> Self::Undo;
    fn unmake_move(&mut self, m: Self::Move, undo: Self::Undo);
    /// Result if the game is over (mate, stalemate, special wins, draws by rule).
    fn game_outcome(&self) -> Option<Outcome>;
    /// Protocol (machine) notation.
    fn move_text(&self, m: Self::Move) -> String;
    /// The long form people write, with the piece letter (`Nb1-c3`, `O-O`).
    fn move_human(&self, m: Self::Move) -> String;
    /// Reads a move in machine or human notation; errors name the problem.
    fn read_move(&self, text: &str) -> Result<Self::Move, crate::error::MoveError>;
    /// Number of legal move sequences of length `depth` (the standard proof of a move
    /// generator); the last ply is counted, not played.
    fn perft(&mut self, depth: u32) -> u64 {
        crate::perft::perft(self, depth)
    }
    /// Perft split by root move, in generation order.
    fn perft_divide(&mut self, depth: u32) -> Vec<(String, u64)> {
        crate::perft::perft_divide(self, depth)
    }
    /// A text drawing of the position for people.
    fn diagram(&self) -> String;
}
