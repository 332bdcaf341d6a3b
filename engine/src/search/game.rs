//! What the search needs from a game beyond the `Game` trait, and the evaluation interface
//! (implemented in the `eval` crate, so `engine` never depends on `eval`).

use crate::game::Game;
use crate::position::Position;
use crate::rules::RulesCache;
use crate::types::{Move, MoveKind, Role};
use oblique_tables::Bitboard;

/// `ExchangeBoard` (in `see.rs`) gives the static exchange evaluation its attack queries.
pub trait SearchGame: Game + super::see::ExchangeBoard {
    /// Captures and promotions: the moves quiescence search plays.
    fn is_tactical(&self, m: Self::Move) -> bool;
    /// The legal tactical moves, appended to `out` (what quiescence plays when not in check).
    fn tactical_moves_into(&self, out: &mut Vec<Self::Move>) {
        self.legal_moves_into(out);
        out.retain(|&m| self.is_tactical(m));
    }
    /// Ordering score of a tactical move (higher first): most valuable victim, then least
    /// valuable attacker, promotions by the new piece.
    fn tactical_order(&self, m: Self::Move) -> i32;
    /// A compact id of the move, unique among the legal moves of one position (TT moves).
    fn move_id(m: Self::Move) -> u32;
    /// Cells the move starts and ends on (below 256; history tables).
    fn from_to(m: Self::Move) -> (usize, usize);
    /// Passes the turn (null-move pruning); never called while in check.
    fn make_null(&mut self) -> Self::Undo;
    fn unmake_null(&mut self, undo: Self::Undo);
    /// The side to move has something besides pawns and king (null moves are unsafe in
    /// pawn endings, where zugzwang is common).
    fn has_non_pawn_material(&self) -> bool;
    /// A draw the search should score as such: the position occurred before (once is enough
    /// inside a search) or the fifty-move rule applies.
    fn is_draw_by_rule(&self) -> bool;
    /// Has the game already been won against the side to move by a special rule (a pawn on
    /// its goal square)? Quiescence asks this instead of generating every move.
    fn lost_by_rule(&self) -> bool {
        false
    }
    /// With no legal moves, is the side to move lost (mate, or the opponent's pawn reached its
    /// goal) rather than stalemated?
    fn no_moves_is_loss(&self) -> bool;
}

/// Static evaluation in centipawns from the side to move's point of view. Must be
/// deterministic: same position, same score.
pub trait Evaluator<G>: Send + Sync {
    fn evaluate(&self, pos: &G) -> i32;
}

/// Rough role values for move ordering only (the evaluator has the real ones).
pub(crate) const ORDER_VALUE: [i32; 8] = [1, 3, 3, 5, 9, 20, 6, 8];

impl<B: Bitboard + RulesCache> SearchGame for Position<B> {
    #[inline]
    fn is_tactical(&self, m: Move) -> bool {
        m.promotion().is_some() || m.kind() == MoveKind::EnPassant || self.board[m.to()] != 0
    }

    fn tactical_moves_into(&self, out: &mut Vec<Move>) {
        self.generate_tactical(out);
    }

    #[inline]
    fn tactical_order(&self, m: Move) -> i32 {
        let victim = match m.kind() {
            MoveKind::EnPassant => ORDER_VALUE[Role::Pawn.index()],
            _ => self
                .piece_at(m.to())
                .map_or(0, |p| ORDER_VALUE[p.role.index()]),
        };
        let attacker = self
            .piece_at(m.from())
            .map_or(0, |p| ORDER_VALUE[p.role.index()]);
        let promo = m.promotion().map_or(0, |r| ORDER_VALUE[r.index()] * 8);
        victim * 16 - attacker + promo
    }

    #[inline]
    fn move_id(m: Move) -> u32 {
        m.0
    }

    #[inline]
    fn from_to(m: Move) -> (usize, usize) {
        (m.from(), m.to())
    }

    fn make_null(&mut self) -> Self::Undo {
        Position::make_null(self)
    }

    fn unmake_null(&mut self, undo: Self::Undo) {
        Position::unmake_null(self, undo)
    }

    fn has_non_pawn_material(&self) -> bool {
        let us = self.color_bb(self.side_to_move());
        (us & !self.role_bb(Role::Pawn) & !self.role_bb(Role::King)).any()
    }

    fn is_draw_by_rule(&self) -> bool {
        self.halfmove >= 100 || self.repetitions() >= 1
    }

    fn no_moves_is_loss(&self) -> bool {
        self.goal_reached_by().is_some() || Position::in_check(self)
    }

    fn lost_by_rule(&self) -> bool {
        self.goal_reached_by().is_some()
    }
}
