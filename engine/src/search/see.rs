//! Static exchange evaluation (SEE), generic over the game: does the sequence of captures a
//! move starts on its target cell, each side always recapturing with its least valuable
//! attacker and free to stop, gain at least a threshold? The search uses it to order losing
//! captures after the quiet moves and to skip them in quiescence and near the leaves.
//!
//! The algorithm only needs, per game family, the pieces attacking a cell for a given
//! occupancy (sliders see through the pieces already taken off); each family's `search.rs`
//! implements `ExchangeBoard` with its own attack code.
//! Pins are ignored, as usual: SEE is an estimate for move ordering and pruning.

use crate::game::Game;
use crate::types::{Role, ROLES, ROLE_COUNT};
use oblique_tables::Bitboard;

/// Exchange values in centipawns (pawn, knight, bishop, rook, queen, king, Ultra,
/// Chancellor, then a file game's extra piece types): rough, game-independent, for ordering
/// and pruning only. An extra piece counts as a minor-to-rook piece.
pub const SEE_VALUE: [i32; ROLE_COUNT] = [
    100, 320, 330, 500, 950, 20_000, 550, 850, 400, 400, 400, 400,
];

/// The roles in the order of the value of the piece that recaptures (least first).
const RECAPTURE_ORDER: [Role; ROLE_COUNT] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Extra1,
    Role::Extra2,
    Role::Extra3,
    Role::Extra4,
    Role::Rook,
    Role::Ultra,
    Role::Chancellor,
    Role::Queen,
    Role::King,
];

/// What a game family tells the exchange evaluation (the pieces themselves it reads through
/// `Game`).
pub trait ExchangeBoard: Game {
    /// The cells a move goes from and to if it is a plain piece move; `None` for the moves
    /// the exchange does not model (castling, en passant, promotions, Star Trek attack-board
    /// moves): those count as neither winning nor losing.
    fn exchange_cells(&self, m: Self::Move) -> Option<(usize, usize)>;
    /// Pieces of either colour attacking `cell` when only the cells in `occupied` hold pieces
    /// (may include cells outside `occupied`; the caller masks them).
    fn attackers_with(&self, cell: usize, occupied: Self::CellSet) -> Self::CellSet;

    /// The move as an exchange on one cell: from, to, the moving role, the captured role.
    #[inline]
    fn exchange_of(&self, m: Self::Move) -> Option<(usize, usize, Role, Option<Role>)> {
        let (from, to) = self.exchange_cells(m)?;
        let moved = self.piece_at(from)?.role;
        Some((from, to, moved, self.piece_at(to).map(|p| p.role)))
    }
}

/// Does `m` win at least `threshold` centipawns in the exchange it starts?
pub fn see_ge<G: ExchangeBoard>(pos: &G, m: G::Move, threshold: i32) -> bool {
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
    let mut occupied = pos.occupied() & !G::CellSet::bit(from) & !G::CellSet::bit(to);
    let mut side = pos.side_to_move();
    let mut attackers = pos.attackers_with(to, occupied) & occupied;
    // `res` is whether the side that made the move is ahead if the exchange stops now.
    let mut res = true;
    loop {
        side = side.other();
        attackers &= occupied;
        let ours = attackers & pos.color_bb(side);
        if ours.is_empty() {
            break;
        }
        res = !res;
        let Some(role) = RECAPTURE_ORDER
            .into_iter()
            .find(|&r| !(ours & pos.role_bb(r)).is_empty())
        else {
            break;
        };
        if role == Role::King {
            // The king may take only if nothing of the other side still attacks the cell.
            let theirs = attackers & !pos.color_bb(side);
            return if theirs.is_empty() { res } else { !res };
        }
        swap = SEE_VALUE[role.index()] - swap;
        if swap < res as i32 {
            break;
        }
        occupied &= !G::CellSet::bit((ours & pos.role_bb(role)).lsb());
        attackers |= pos.attackers_with(to, occupied);
    }
    res
}

// Every role has an exchange value.
const _: () = assert!(SEE_VALUE.len() == ROLES.len());
