//! The 2D games for the search: what their moves mean to it (tactical moves and their order,
//! history cells, exchanges) and their null move; the rest is provided by `SearchGame`.

use crate::game::Game;
use crate::plane::moves::{Move, MoveKind};
use crate::plane::position::Position;
use crate::plane::rules::RulesCache;
use crate::search::game::{capture_order, SearchGame};
use crate::search::see::ExchangeBoard;
use crate::types::Role;
use oblique_tables::Bitboard;

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
            MoveKind::EnPassant => Some(Role::Pawn),
            _ => self.piece_at(m.to()).map(|p| p.role),
        };
        let attacker = self.piece_at(m.from()).map(|p| p.role);
        capture_order(victim, attacker, m.promotion())
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

    fn no_moves_is_loss(&self) -> bool {
        self.goal_verdict().is_some() || Position::in_check(self)
    }

    fn lost_by_rule(&self) -> bool {
        self.goal_verdict().is_some()
    }
}

/// Static exchange evaluation on the 2D boards (`engine/src/search/see.rs`).
impl<B: Bitboard + RulesCache> ExchangeBoard for Position<B> {
    #[inline]
    fn exchange_cells(&self, m: Move) -> Option<(usize, usize)> {
        let plain =
            m.promotion().is_none() && !matches!(m.kind(), MoveKind::EnPassant | MoveKind::Castle);
        plain.then(|| (m.from(), m.to()))
    }

    #[inline]
    fn attackers_with(&self, cell: usize, occupied: B) -> B {
        self.attackers_to(cell, occupied)
    }
}
