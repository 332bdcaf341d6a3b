//! Static exchange evaluation (SEE), generic over the game: does the sequence of captures a
//! move starts on its target cell, each side always recapturing with its least valuable
//! attacker and free to stop, gain at least a threshold? The search uses it to order losing
//! captures after the quiet moves and to skip them in quiescence and near the leaves.
//!
//! The algorithm only needs, per game family, the pieces attacking a cell for a given
//! occupancy (sliders see through the pieces already taken off); the two small
//! `ExchangeBoard` implementations below give that from each family's own attack code.
//! Pins are ignored, as usual: SEE is an estimate for move ordering and pruning.

use super::game::SearchGame;
use crate::game::Game;
use crate::position::Position;
use crate::rules::RulesCache;
use crate::startrek::geometry::geometry;
use crate::startrek::position::{bishop_attacks, rook_attacks};
use crate::startrek::{Cells, StMove, StMoveKind, StarTrekPosition};
use crate::types::{Color, Move, MoveKind, Role, ROLES};
use oblique_tables::Bitboard;
use std::ops::{BitAnd, BitOr, Not};

/// Exchange values in centipawns (pawn, knight, bishop, rook, queen, king, Ultra,
/// Chancellor): rough, game-independent, for ordering and pruning only.
pub const SEE_VALUE: [i32; 8] = [100, 320, 330, 500, 950, 20_000, 550, 850];

/// The roles in the order of the value of the piece that recaptures (least first).
const RECAPTURE_ORDER: [Role; 8] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Ultra,
    Role::Chancellor,
    Role::Queen,
    Role::King,
];

/// The few set operations the exchange needs.
pub trait CellSet:
    Copy + BitAnd<Output = Self> + BitOr<Output = Self> + Not<Output = Self>
{
    fn single(cell: usize) -> Self;
    fn is_none(self) -> bool;
    fn first(self) -> usize;
}

impl<B: Bitboard> CellSet for B {
    #[inline]
    fn single(cell: usize) -> B {
        B::bit(cell)
    }
    #[inline]
    fn is_none(self) -> bool {
        self.is_empty()
    }
    #[inline]
    fn first(self) -> usize {
        self.lsb()
    }
}

impl CellSet for Cells {
    #[inline]
    fn single(cell: usize) -> Cells {
        Cells::bit(cell)
    }
    #[inline]
    fn is_none(self) -> bool {
        self.is_empty()
    }
    #[inline]
    fn first(self) -> usize {
        self.lsb()
    }
}

/// What a game family tells the exchange evaluation.
pub trait ExchangeBoard: Game {
    type Set: CellSet;
    /// The move as an exchange on one cell: from, to, the moving role, the captured role.
    /// `None` for the moves the exchange does not model (castling, en passant, promotions,
    /// Star Trek attack-board moves): those count as neither winning nor losing.
    fn exchange_of(&self, m: Self::Move) -> Option<(usize, usize, Role, Option<Role>)>;
    fn occupancy(&self) -> Self::Set;
    fn color_set(&self, color: Color) -> Self::Set;
    /// Pieces of this role, both colours.
    fn role_set(&self, role: Role) -> Self::Set;
    /// Pieces of either colour attacking `cell` when only the cells in `occupied` hold pieces
    /// (may include cells outside `occupied`; the caller masks them).
    fn attackers_with(&self, cell: usize, occupied: Self::Set) -> Self::Set;
}

/// Does `m` win at least `threshold` centipawns in the exchange it starts?
pub fn see_ge<G: SearchGame>(pos: &G, m: G::Move, threshold: i32) -> bool {
    let Some((from, to, moved, captured)) = pos.exchange_of(m) else {
        return threshold <= 0;
    };
    let mut swap = captured.map_or(0, |r| SEE_VALUE[r.index()]) - threshold;
    if swap < 0 {
        return false;
    }
    swap = SEE_VALUE[moved.index()] - swap;
    if swap <= 0 {
        return true;
    }
    let mut occupied = pos.occupancy() & !G::Set::single(from) & !G::Set::single(to);
    let mut side = pos.side_to_move();
    let mut attackers = pos.attackers_with(to, occupied) & occupied;
    // `res` is whether the side that made the move is ahead if the exchange stops now.
    let mut res = true;
    loop {
        side = side.other();
        attackers = attackers & occupied;
        let ours = attackers & pos.color_set(side);
        if ours.is_none() {
            break;
        }
        res = !res;
        let Some(role) = RECAPTURE_ORDER
            .into_iter()
            .find(|&r| !(ours & pos.role_set(r)).is_none())
        else {
            break;
        };
        if role == Role::King {
            // The king may take only if nothing of the other side still attacks the cell.
            let theirs = attackers & !pos.color_set(side);
            return if theirs.is_none() { res } else { !res };
        }
        swap = SEE_VALUE[role.index()] - swap;
        if swap < res as i32 {
            break;
        }
        occupied = occupied & !G::Set::single((ours & pos.role_set(role)).first());
        attackers = attackers | pos.attackers_with(to, occupied);
    }
    res
}

// ---------------------------------------------------------------------------------------------
// The 2D games
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Star Trek chess
// ---------------------------------------------------------------------------------------------

impl ExchangeBoard for StarTrekPosition {
    type Set = Cells;

    #[inline]
    fn exchange_of(&self, m: StMove) -> Option<(usize, usize, Role, Option<Role>)> {
        if m.promotion().is_some()
            || !matches!(m.kind(), StMoveKind::Normal | StMoveKind::DoubleStep)
        {
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
    fn occupancy(&self) -> Cells {
        self.occupied()
    }
    #[inline]
    fn color_set(&self, color: Color) -> Cells {
        self.by_color[color.index()]
    }
    #[inline]
    fn role_set(&self, role: Role) -> Cells {
        self.by_role
            .get(role.index())
            .copied()
            .unwrap_or(Cells::EMPTY)
    }
    /// The attacks of `attacked_by`, collected instead of tested: knights and pawns step over
    /// an absent attack-board level exactly as there, sliders stop at `occupied`.
    fn attackers_with(&self, cell: usize, occupied: Cells) -> Cells {
        let g = geometry();
        let br = &self.by_role;
        let mut knight_from = g.knight_direct_from[cell];
        if !self.cover_below.has(cell) {
            knight_from |= g.knight_skip_up_from[cell];
        }
        if !self.cover_above.has(cell) {
            knight_from |= g.knight_skip_down_from[cell];
        }
        let mut a =
            (knight_from & br[Role::Knight.index()]) | (g.king[cell] & br[Role::King.index()]);
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
            a |= from & br[Role::Pawn.index()] & self.by_color[color.index()];
        }
        let queens = br[Role::Queen.index()];
        let orth = br[Role::Rook.index()] | queens;
        if (g.orth_all[cell] & orth).any() {
            a |= rook_attacks(g, cell, occupied) & orth;
        }
        let diag = br[Role::Bishop.index()] | queens;
        if (g.diag_all[cell] & diag).any() {
            a |= bishop_attacks(g, cell, occupied) & diag;
        }
        a
    }
}

// Every role has an exchange value.
const _: () = assert!(SEE_VALUE.len() == ROLES.len());
