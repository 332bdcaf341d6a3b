//! The 2D games for the search: tactical moves, ordering, null moves, draws by rule.

use crate::plane::position::Position;
use crate::plane::rules::RulesCache;
use crate::search::game::{SearchGame, ORDER_VALUE};
use crate::search::see::ExchangeBoard;
use crate::types::{Color, Move, MoveKind, Role};
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

/// Static exchange evaluation on the 2D boards (`search/see.rs`).
impl<B: Bitboard + RulesCache> ExchangeBoard for Position<B> {
    type Set = B;

    #[inline]
    fn exchange_of(&self, m: Move) -> Option<(usize, usize, Role, Option<Role>)> {
        if m.promotion().is_some() || matches!(m.kind(), MoveKind::EnPassant | MoveKind::Castle) {
            return None;
        }
        let moved = self.piece_at(m.from())?.role;
        Some((
            m.from(),
            m.to(),
            moved,
            self.piece_at(m.to()).map(|p| p.role),
        ))
    }
    #[inline]
    fn occupancy(&self) -> B {
        self.occupied()
    }
    #[inline]
    fn color_set(&self, color: Color) -> B {
        self.color_bb(color)
    }
    #[inline]
    fn role_set(&self, role: Role) -> B {
        self.role_bb(role)
    }
    #[inline]
    fn attackers_with(&self, cell: usize, occupied: B) -> B {
        self.attackers_to(cell, occupied)
    }
}
