//! Star Trek chess for the search: the same interface the 2D games offer, with attack-board
//! moves treated as quiet moves (or promotions when they carry a pawn onto its last rank).

use super::geometry::{geometry, NONE};
use super::position::{bishop_attacks, rook_attacks};
use super::{Cells, StMove, StMoveKind, StUndo, StarTrekPosition};
use crate::game::Game;
use crate::search::game::{capture_order, SearchGame};
use crate::search::see::ExchangeBoard;
use crate::types::{Color, Role};
use oblique_tables::Bitboard;

/// History-table cell for a pin (cells are 0..144, pins follow them).
const PIN_BASE: usize = 160;

impl SearchGame for StarTrekPosition {
    #[inline]
    fn is_tactical(&self, m: StMove) -> bool {
        match m.kind() {
            StMoveKind::EnPassant => true,
            StMoveKind::Board => m.promotion().is_some(),
            StMoveKind::CastleKing | StMoveKind::CastleQueen => false,
            StMoveKind::Normal | StMoveKind::DoubleStep => {
                m.promotion().is_some() || self.piece_at(m.to()).is_some()
            }
        }
    }

    #[inline]
    fn tactical_order(&self, m: StMove) -> i32 {
        let (victim, attacker) = match m.kind() {
            // From and to are pins: a board move orders only by the promotion it carries.
            StMoveKind::Board => (None, None),
            StMoveKind::EnPassant => (Some(Role::Pawn), Some(Role::Pawn)),
            _ => (
                self.piece_at(m.to()).map(|p| p.role),
                self.piece_at(m.from()).map(|p| p.role),
            ),
        };
        capture_order(victim, attacker, m.promotion())
    }

    #[inline]
    fn from_to(m: StMove) -> (usize, usize) {
        match m.kind() {
            StMoveKind::Board => (PIN_BASE + m.from(), PIN_BASE + m.to()),
            _ => (m.from(), m.to()),
        }
    }

    fn make_null(&mut self) -> StUndo {
        let undo = StUndo {
            captured: 0,
            ep: self.ep,
            owners: self.owners,
            halfmove: self.turn.halfmove,
            unmoved: self.unmoved,
            key: self.turn.key,
        };
        self.turn.record();
        self.ep = NONE;
        self.turn.pass_null();
        // Null moves are rare (at most one per node): recomputing is simpler than mirroring
        // the incremental e.p. bookkeeping here.
        self.turn.key = self.compute_key();
        undo
    }

    fn unmake_null(&mut self, undo: StUndo) {
        self.ep = undo.ep;
        self.turn.take_back_null(undo.halfmove, undo.key);
    }

    fn no_moves_is_loss(&self) -> bool {
        self.in_check()
    }
}

/// Static exchange evaluation in Star Trek chess (`engine/src/search/see.rs`).
impl ExchangeBoard for StarTrekPosition {
    #[inline]
    fn exchange_cells(&self, m: StMove) -> Option<(usize, usize)> {
        let plain = m.promotion().is_none()
            && matches!(m.kind(), StMoveKind::Normal | StMoveKind::DoubleStep);
        plain.then(|| (m.from(), m.to()))
    }

    /// The attacks of `attacked_by`, collected instead of tested: knights and pawns step over
    /// an absent attack-board level exactly as there, sliders stop at `occupied`.
    fn attackers_with(&self, cell: usize, occupied: Cells) -> Cells {
        let g = geometry();
        let sets = &self.board.sets;
        let mut knight_from = g.knight_direct_from[cell];
        if !self.cover_below.has(cell) {
            knight_from |= g.knight_skip_up_from[cell];
        }
        if !self.cover_above.has(cell) {
            knight_from |= g.knight_skip_down_from[cell];
        }
        let mut a =
            (knight_from & sets.role(Role::Knight)) | (g.king[cell] & sets.role(Role::King));
        for color in [Color::White, Color::Black] {
            let pt = &g.pawn[color.index()];
            let mut from = pt.attackers[cell];
            let cover = if color == Color::White {
                self.cover_below
            } else {
                self.cover_above
            };
            if !cover.has(cell) {
                from |= pt.attackers_skip[cell];
            }
            a |= from & sets.role(Role::Pawn) & self.board.sets.color(color);
        }
        let queens = sets.role(Role::Queen);
        let orth = sets.role(Role::Rook) | queens;
        if (g.orth_all[cell] & orth).any() {
            a |= rook_attacks(g, cell, occupied) & orth;
        }
        let diag = sets.role(Role::Bishop) | queens;
        if (g.diag_all[cell] & diag).any() {
            a |= bishop_attacks(g, cell, occupied) & diag;
        }
        a
    }
}
