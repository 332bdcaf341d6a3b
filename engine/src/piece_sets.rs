//! Where the pieces of a position stand, the same way in both families: a mailbox, one set
//! per colour and one per role over the family's cell-set type (`u64`/`u128` on the 2D
//! boards, `Cells` in Star Trek chess), and the piece keys that follow them.
//!
//! Putting and removing a piece (what make/unmake do), and the questions asked of the sets
//! (pieces of a colour and role, occupancy, material besides pawns and king), are written
//! once here. The `Game` trait hands the sets to the search (`search/see.rs`,
//! `search/game.rs`) and the evaluation.

use crate::types::{Color, Piece, Role, CODE_STRIDE, ROLE_COUNT};
use crate::zobrist::PieceKeys;
use oblique_tables::Bitboard;

/// A set of roles ready for `PieceSets::roles_of`: its first three roles (repeated when it
/// has fewer), the others as a mask, and whether it has any.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RoleSet {
    pick: [u8; 3],
    rest: u16,
    any: bool,
}

impl RoleSet {
    /// The roles whose bits (`Role::index`) are in `mask`.
    pub fn from_mask(mask: u16) -> RoleSet {
        let roles: Vec<u8> = (0..ROLE_COUNT as u8)
            .filter(|i| mask & 1 << i != 0)
            .collect();
        let first = roles.first().copied().unwrap_or(0);
        let pick = [0, 1, 2].map(|i| roles.get(i).copied().unwrap_or(first));
        let rest = roles.iter().skip(3).fold(0, |m, r| m | 1 << r);
        RoleSet {
            pick,
            rest,
            any: !roles.is_empty(),
        }
    }

    /// Does the set hold `role`?
    pub fn has(&self, role: Role) -> bool {
        self.any
            && (self.pick.contains(&(role.index() as u8)) || self.rest & 1 << role.index() != 0)
    }
}

/// Places for the role sets: `ROLE_COUNT` rounded up to a power of two, so that a role
/// index masked with `ROLE_SETS - 1` needs no bounds check (the places past the last role
/// stay empty).
const ROLE_SETS: usize = ROLE_COUNT.next_power_of_two();

// A code's role part (`code - 1` modulo the stride) indexes the role sets directly.
const _: () = assert!(ROLE_SETS == CODE_STRIDE);

/// Pieces by colour and by role. A piece of colour `c` and role `r` is in exactly the sets
/// `by_color[c]` and `by_role[r]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceSets<S> {
    by_color: [S; 2],
    by_role: [S; ROLE_SETS],
}

impl<S: Bitboard> Default for PieceSets<S> {
    fn default() -> Self {
        PieceSets::EMPTY
    }
}

impl<S: Bitboard> PieceSets<S> {
    /// No pieces.
    pub const EMPTY: PieceSets<S> = PieceSets {
        by_color: [S::EMPTY; 2],
        by_role: [S::EMPTY; ROLE_SETS],
    };

    /// Cells holding pieces of `color` and `role`.
    #[inline(always)]
    pub fn pieces(&self, color: Color, role: Role) -> S {
        self.by_color[color.index()] & self.by_role[role.index()]
    }

    /// Cells holding pieces of `color`.
    #[inline(always)]
    pub fn color(&self, color: Color) -> S {
        self.by_color[color.index()]
    }

    /// Cells holding pieces of `role`, both colours.
    #[inline(always)]
    pub fn role(&self, role: Role) -> S {
        self.by_role[role.index()]
    }

    /// Cells holding pieces of the roles in `mask` (bit `Role::index`), role by role.
    #[inline(always)]
    pub fn roles_in(&self, mask: u16) -> S {
        let mut set = S::EMPTY;
        let mut m = mask;
        while m != 0 {
            set |= self.by_role[m.trailing_zeros() as usize & (ROLE_SETS - 1)];
            m &= m - 1;
        }
        set
    }

    /// Cells holding pieces of the roles of `set`: up to three roles by three lookups and
    /// no branch but the one for more (the attack and pin sets asked at every node).
    #[inline(always)]
    pub fn roles_of(&self, set: &RoleSet) -> S {
        let [a, b, c] = set.pick;
        let mut cells = (self.by_role[a as usize & (ROLE_SETS - 1)]
            | self.by_role[b as usize & (ROLE_SETS - 1)]
            | self.by_role[c as usize & (ROLE_SETS - 1)])
            & S::all_if(set.any);
        if set.rest != 0 {
            cells |= self.roles_in(set.rest);
        }
        cells
    }

    /// Cells holding a piece of either colour.
    #[inline(always)]
    pub fn occupied(&self) -> S {
        self.by_color[0] | self.by_color[1]
    }

    /// Does `color` have a piece other than pawns and its king?
    #[inline]
    pub fn has_non_pawn_material(&self, color: Color) -> bool {
        let pawns_kings = self.role(Role::Pawn) | self.role(Role::King);
        (self.color(color) & !pawns_kings).any()
    }

    /// Adds the piece with code `code` (`Piece::code`) on an empty `cell`.
    #[inline(always)]
    pub(crate) fn put(&mut self, cell: usize, code: u8) {
        let (color, role) = Self::sets_of(code);
        self.by_role[role].insert(cell);
        self.by_color[color].insert(cell);
    }

    /// Takes the piece with code `code` off `cell`, where it stands.
    #[inline(always)]
    pub(crate) fn remove(&mut self, cell: usize, code: u8) {
        let (color, role) = Self::sets_of(code);
        self.by_role[role].toggle(cell);
        self.by_color[color].toggle(cell);
    }

    /// The colour and role indices of a piece code (see `Piece::code`).
    #[inline(always)]
    fn sets_of(code: u8) -> (usize, usize) {
        debug_assert!(Piece::from_code(code).is_some(), "not a piece code: {code}");
        let c = code.wrapping_sub(1) as usize;
        ((c / CODE_STRIDE) & 1, c % CODE_STRIDE)
    }
}

/// Where the pieces stand, as both families keep it: a mailbox of `N` cells (piece codes,
/// 0 = empty; read it by indexing), the sets, and the piece keys with which `put` and
/// `remove` update a position's key when asked to (`HASH`; taking a move back restores the
/// key instead).
#[derive(Clone)]
pub(crate) struct Placement<S, const N: usize> {
    mailbox: [u8; N],
    pub sets: PieceSets<S>,
    keys: &'static PieceKeys,
}

impl<S: Bitboard, const N: usize> Placement<S, N> {
    /// No pieces; `keys` are the game's piece keys.
    pub fn new(keys: &'static PieceKeys) -> Self {
        Placement {
            mailbox: [0; N],
            sets: PieceSets::EMPTY,
            keys,
        }
    }

    /// Puts the piece with code `code` on the empty `cell`.
    #[inline(always)]
    pub fn put<const HASH: bool>(&mut self, cell: usize, code: u8, key: &mut u64) {
        self.mailbox[cell] = code;
        self.sets.put(cell, code);
        if HASH {
            *key ^= self.keys.piece(code, cell);
        }
    }

    /// Takes the piece off `cell` and returns its code.
    #[inline(always)]
    pub fn remove<const HASH: bool>(&mut self, cell: usize, key: &mut u64) -> u8 {
        let code = self.mailbox[cell];
        self.mailbox[cell] = 0;
        self.sets.remove(cell, code);
        if HASH {
            *key ^= self.keys.piece(code, cell);
        }
        code
    }
}

impl<S, const N: usize> std::ops::Index<usize> for Placement<S, N> {
    type Output = u8;

    /// The piece code on a cell (0: empty).
    #[inline(always)]
    fn index(&self, cell: usize) -> &u8 {
        &self.mailbox[cell]
    }
}
