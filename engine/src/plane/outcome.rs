//! The 2D games' dead-position rules (the shared judge of finished games, `Game::game_outcome`,
//! asks them through `Game::insufficient_material`).

use crate::plane::position::Position;
use crate::plane::variant::DeadPosition;
use crate::types::Role;
use oblique_tables::Bitboard;

impl<B: Bitboard> Position<B> {
    /// Neither side can ever mate, by the game's rule for dead positions.
    pub fn insufficient_material(&self) -> bool {
        if self.spec().dead == DeadPosition::Never {
            return false;
        }
        let kings = self.board.sets.role(Role::King);
        let others = self.board.sets.occupied() & !kings;
        if others.is_empty() {
            return true;
        }
        match self.spec().dead {
            DeadPosition::KingsOnly | DeadPosition::Never => false,
            DeadPosition::Fide => {
                let heavy = self.board.sets.role(Role::Pawn)
                    | self.board.sets.role(Role::Rook)
                    | self.board.sets.role(Role::Queen)
                    | self.board.sets.role(Role::Chancellor)
                    | self.board.sets.role(Role::Ultra);
                if heavy.any() {
                    return false;
                }
                let knights = self.board.sets.role(Role::Knight);
                let bishops = self.board.sets.role(Role::Bishop);
                if knights.any() {
                    // A lone knight cannot mate; anything more can (with help).
                    return others.count() == 1;
                }
                // Only bishops: dead when they all stand on one colour.
                let g = &self.rules.geom;
                let mut colours = bishops
                    .iter()
                    .map(|sq| (g.cells[sq].file + g.cells[sq].rank) % 2);
                let first = colours.next();
                colours.all(|c| Some(c) == first)
            }
        }
    }
}
