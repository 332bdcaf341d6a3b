//! The moves of the 2D games: the shared `PackedMove` with the 2D family's kinds (double
//! step, en passant, castling). The kinds belong to the family, not to the shared core, so
//! the core's `types` and `packed_move` never import each other.

use crate::packed_move::{move_kinds, PackedMove};
use crate::types::Role;

move_kinds! {
    /// How a move changes the board beyond lifting one piece and putting it down.
    pub enum MoveKind {
        Normal = 0,
        /// Pawn double step; `aux` is the square passed over (the en-passant square).
        DoubleStep = 1,
        /// En-passant capture; `aux` is the square of the captured pawn.
        EnPassant = 2,
        /// Castling; `aux` is 0 for the king side, 1 for the queen side.
        Castle = 3,
    }
}

/// A move of a 2D game: the shared packed move with the 2D kinds (`aux` 0 on plain moves).
pub type Move = PackedMove<MoveKind>;

impl Move {
    pub const NULL: Move = Move::from_bits(0);

    #[inline(always)]
    pub fn new(from: usize, to: usize) -> Move {
        Move::pack(from, to, MoveKind::Normal, 0)
    }

    #[inline(always)]
    pub fn with_promotion(from: usize, to: usize, role: Role) -> Move {
        Move::new(from, to).promoting(role)
    }

    #[inline(always)]
    pub fn special(from: usize, to: usize, kind: MoveKind, aux: usize) -> Move {
        Move::pack(from, to, kind, aux as u32)
    }

    /// The square (or castling side) the kind needs.
    #[inline(always)]
    pub fn aux(self) -> usize {
        self.aux_byte() as usize
    }
}
