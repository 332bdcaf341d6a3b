//! A position of a 2D game: its rules, where the pieces stand (`Placement`: mailbox and
//! bitboards), castling rights, en passant, the turn; incremental Zobrist key, make/unmake.

use crate::piece_sets::Placement;
use crate::plane::moves::{Move, MoveKind};
use crate::plane::rules::{rules_for, Rules, RulesCache, RulesError};
use crate::plane::shape::{AnyShape, KnightCompounds, Orthodox, OrthodoxLeaper, Shape, ShapeId};
use crate::plane::variant::VariantSpec;
use crate::turn::Turn;
use crate::types::{Color, Piece, Role, BUILTIN_ROLE_COUNT, ROLES, ROLE_COUNT};
use oblique_tables::Bitboard;

/// Marks "no en-passant square".
pub const NO_SQUARE: u8 = u8::MAX;

/// What `make` changed that `unmake` cannot work out from the move alone.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    captured: u8,
    castling: u8,
    ep: u8,
    halfmove: u32,
    key: u64,
}

/// A position's pieces grouped by the way they attack (whole rook lines, whole bishop
/// lines, pawns, each leap table of the game), gathered once so that asking about many
/// cells costs table lookups only.
#[derive(Clone, Copy, Debug)]
pub struct AttackerSets<B> {
    pub white: B,
    pub black: B,
    pub orth: B,
    pub diag: B,
    pub pawns: B,
    /// One per leap group of the game's rules (`Rules::leap_groups`), in its order.
    pub leapers: [B; ROLE_COUNT],
}

#[derive(Clone)]
pub struct Position<B: Bitboard> {
    pub(crate) rules: &'static Rules<B>,
    pub(crate) board: Placement<B, 128>,
    pub(crate) turn: Turn,
    pub(crate) castling: u8,
    pub(crate) ep: u8,
}

impl<B: Bitboard + RulesCache> Position<B> {
    /// An empty board of the game, White to move; FEN parsing fills it.
    pub(crate) fn empty(spec: &'static VariantSpec) -> Result<Position<B>, RulesError> {
        let rules = rules_for::<B>(spec)?;
        Ok(Position {
            rules,
            board: Placement::new(&rules.zobrist.pieces),
            turn: Turn::new(),
            castling: 0,
            ep: NO_SQUARE,
        })
    }
}

impl<B: Bitboard> Position<B> {
    pub fn rules(&self) -> &'static Rules<B> {
        self.rules
    }

    pub fn spec(&self) -> &'static VariantSpec {
        self.rules.spec
    }

    pub fn castling_rights(&self) -> u8 {
        self.castling
    }

    /// The en-passant square (the square a double step passed over), if the last move made one.
    pub fn ep_square(&self) -> Option<usize> {
        (self.ep != NO_SQUARE).then_some(self.ep as usize)
    }

    /// The king of a colour (FEN parsing guarantees exactly one).
    #[inline(always)]
    pub fn king_cell(&self, color: Color) -> usize {
        self.board.sets.pieces(color, Role::King).lsb()
    }

    /// Puts the piece with code `code` on the empty `sq`; `HASH` adds its key to the
    /// position's (building a position passes `false` and computes the key afterwards).
    #[inline(always)]
    pub(crate) fn put<const HASH: bool>(&mut self, sq: usize, code: u8) {
        self.board.put::<HASH>(sq, code, &mut self.turn.key);
    }

    #[inline(always)]
    fn remove<const HASH: bool>(&mut self, sq: usize) -> u8 {
        self.board.remove::<HASH>(sq, &mut self.turn.key)
    }

    /// The pieces grouped the way they attack, for `attackers_as`, in a game of shape `SH`
    /// (a shape's groups are constant roles).
    #[inline(always)]
    pub(crate) fn attacker_sets_as<SH: Shape>(&self) -> AttackerSets<B> {
        let r = self.rules;
        let sets = &self.board.sets;
        let mut leapers = [B::EMPTY; ROLE_COUNT];
        let (orth, diag) = match SH::KINDS {
            Some(kinds) => {
                let mut orth = B::EMPTY;
                let mut diag = B::EMPTY;
                for (i, kind) in kinds.into_iter().enumerate() {
                    if kind.rides_orth() {
                        orth |= sets.role(ROLES[i]);
                    }
                    if kind.rides_diag() {
                        diag |= sets.role(ROLES[i]);
                    }
                }
                for (set, &roles) in leapers.iter_mut().zip(SH::LEAP_GROUPS) {
                    for (i, &role) in ROLES.iter().enumerate().take(BUILTIN_ROLE_COUNT) {
                        if roles & 1 << i != 0 {
                            *set |= sets.role(role);
                        }
                    }
                }
                (orth, diag)
            }
            None => {
                for (set, g) in leapers.iter_mut().zip(&r.leap_groups) {
                    *set = sets.roles_of(&g.roles);
                }
                (sets.roles_of(&r.orth_roles), sets.roles_of(&r.diag_roles))
            }
        };
        AttackerSets {
            white: sets.color(Color::White),
            black: sets.color(Color::Black),
            orth,
            diag,
            pawns: sets.role(Role::Pawn),
            leapers,
        }
    }

    /// Every piece (of either colour) that attacks `sq` with the given occupancy, asked in
    /// the copy compiled for the game's piece-set shape.
    #[inline]
    pub fn attackers_to(&self, sq: usize, occupied: B) -> B {
        match self.rules.shape {
            ShapeId::Orthodox => self.attackers_to_as::<Orthodox>(sq, occupied),
            ShapeId::OrthodoxLeaper => self.attackers_to_as::<OrthodoxLeaper>(sq, occupied),
            ShapeId::KnightCompounds => self.attackers_to_as::<KnightCompounds>(sq, occupied),
            ShapeId::Any => self.attackers_to_as::<AnyShape>(sq, occupied),
        }
    }

    #[inline(always)]
    fn attackers_to_as<SH: Shape>(&self, sq: usize, occupied: B) -> B {
        self.attackers_as::<SH>(sq, occupied, &self.attacker_sets_as::<SH>())
    }

    /// `attackers_to` with the pieces already grouped (`attacker_sets_as::<SH>` of this
    /// position): move generation groups them once per node and then asks about many cells.
    /// A shape's leap groups are a fixed number, all symmetric, and it has no irregular piece.
    #[inline(always)]
    pub(crate) fn attackers_as<SH: Shape>(&self, sq: usize, occupied: B, s: &AttackerSets<B>) -> B {
        let r = self.rules;
        let mut a = (r.orth.attacks(sq, occupied) & s.orth)
            | (r.diag.attacks(sq, occupied) & s.diag)
            | (r.pawn_attackers[0][sq] & s.pawns & s.white)
            | (r.pawn_attackers[1][sq] & s.pawns & s.black);
        if SH::KINDS.is_some() {
            for (i, &set) in s.leapers.iter().enumerate().take(SH::LEAP_GROUPS.len()) {
                a |= r.leap_groups[i].from[0][sq] & set;
            }
            return a;
        }
        for (g, &set) in r.leap_groups.iter().zip(&s.leapers) {
            if g.symmetric {
                a |= g.from[0][sq] & set;
            } else {
                a |= (g.from[0][sq] & set & s.white) | (g.from[1][sq] & set & s.black);
            }
        }
        if !r.irregular_roles.is_empty() {
            a |= self.irregular_attackers(sq, occupied, s.white, s.black);
        }
        a
    }

    /// The attackers of `sq` among the pieces whose captures are not their moves
    /// (capture-only leaps, directional rides).
    fn irregular_attackers(&self, sq: usize, occupied: B, white: B, black: B) -> B {
        let r = self.rules;
        let mut a = B::EMPTY;
        for &role in &r.irregular_roles {
            let set = self.board.sets.role(role);
            let p = &r.pieces[role.index()];
            for (c, side) in [white, black].into_iter().enumerate() {
                let mine = set & side;
                if mine.is_empty() {
                    continue;
                }
                if !p.specials.is_empty() {
                    // Special moves are asked forwards, piece by piece (few such pieces).
                    for from in mine.iter() {
                        if r.attacks(c, role, from, occupied).has(sq) {
                            a |= B::bit(from);
                        }
                    }
                    continue;
                }
                if !r.capture_from[role.index()][c].is_empty() {
                    a |= r.capture_from[role.index()][c][sq] & mine;
                }
                for ride in p.rides.iter().filter(|x| x.capture) {
                    a |= ride.from[c].attacks(sq, occupied) & mine;
                }
            }
        }
        a
    }

    /// Is `sq` attacked by any piece in `by` (a subset of one colour's pieces)?
    #[inline]
    pub fn is_attacked(&self, sq: usize, occupied: B, by: B) -> bool {
        (self.attackers_to(sq, occupied) & by).any()
    }

    /// Is the side to move in check?
    pub fn in_check(&self) -> bool {
        let us = self.turn.side;
        self.is_attacked(
            self.king_cell(us),
            self.board.sets.occupied(),
            self.board.sets.color(us.other()),
        )
    }

    /// Has a goal piece reached its goal (a pawn on Diagonal Chess's far corner)? Then the
    /// game is over. (Both sides at once cannot happen: a move brings one piece.)
    #[inline(always)]
    pub fn goal_reached_by(&self) -> Option<Color> {
        let sets = &self.board.sets;
        for &(role, cells) in &self.rules.goals {
            let goers = sets.role(role);
            if (goers & cells[0] & sets.color(Color::White)).any() {
                return Some(Color::White);
            }
            if (goers & cells[1] & sets.color(Color::Black)).any() {
                return Some(Color::Black);
            }
        }
        None
    }

    /// Does the en-passant square count in the key? Only when the side to move has a pawn
    /// that could capture there: otherwise the position repeats as if it were absent.
    #[inline(always)]
    fn ep_matters(&self) -> bool {
        self.ep != NO_SQUARE
            && (self.rules.pawn_attackers[self.turn.side.index()][self.ep as usize]
                & self.board.sets.role(Role::Pawn)
                & self.board.sets.color(self.turn.side))
            .any()
    }

    /// The key computed from scratch (make/unmake keep `key` equal to this).
    pub fn compute_key(&self) -> u64 {
        let z = &self.rules.zobrist;
        let mut k = 0;
        for sq in self.board.sets.occupied().iter() {
            k ^= z.piece(self.board[sq], sq);
        }
        k ^= z.castling[self.castling as usize];
        if self.ep_matters() {
            k ^= z.ep(self.ep as usize);
        }
        if self.turn.side == Color::Black {
            k ^= z.black_to_move;
        }
        k
    }

    pub(crate) fn refresh_key(&mut self) {
        self.turn.key = self.compute_key();
    }

    /// Plays a move generated for this position.
    pub fn make(&mut self, m: Move) -> Undo {
        let r = self.rules;
        let z = &r.zobrist;
        let us = self.turn.side;
        let undo = Undo {
            captured: 0,
            castling: self.castling,
            ep: self.ep,
            halfmove: self.turn.halfmove,
            key: self.turn.key,
        };
        let mut undo = undo;
        self.turn.record();
        if self.ep_matters() {
            self.turn.key ^= z.ep(self.ep as usize);
        }
        self.ep = NO_SQUARE;
        let (from, to) = (m.from(), m.to());
        let mut reset_clock = false;
        match m.kind() {
            MoveKind::Castle => {
                let rule = r.castling[us.index()][m.aux()].expect("castling move without rule");
                let king = self.remove::<true>(rule.king_from);
                let rook = self.remove::<true>(rule.rook_from);
                self.put::<true>(rule.king_to, king);
                self.put::<true>(rule.rook_to, rook);
            }
            MoveKind::EnPassant => {
                undo.captured = self.remove::<true>(m.aux());
                let pawn = self.remove::<true>(from);
                self.put::<true>(to, pawn);
                reset_clock = true;
            }
            MoveKind::Normal | MoveKind::DoubleStep => {
                if self.board[to] != 0 {
                    undo.captured = self.remove::<true>(to);
                    reset_clock = true;
                }
                let code = self.remove::<true>(from);
                if code
                    == (Piece {
                        color: us,
                        role: Role::Pawn,
                    })
                    .code()
                {
                    reset_clock = true;
                }
                let placed = match m.promotion() {
                    Some(role) => Piece { color: us, role }.code(),
                    None => code,
                };
                self.put::<true>(to, placed);
                if m.kind() == MoveKind::DoubleStep {
                    self.ep = m.aux() as u8;
                }
            }
        }
        let keep = r.castle_keep[from] & r.castle_keep[to];
        if self.castling & keep != self.castling {
            self.turn.key ^= z.castling[self.castling as usize];
            self.castling &= keep;
            self.turn.key ^= z.castling[self.castling as usize];
        }
        self.turn.pass_after_move(reset_clock);
        self.turn.key ^= z.black_to_move;
        if self.ep_matters() {
            self.turn.key ^= z.ep(self.ep as usize);
        }
        undo
    }

    /// Takes back the move `make` played.
    pub fn unmake(&mut self, m: Move, undo: Undo) {
        let r = self.rules;
        let us = self.turn.take_back();
        let (from, to) = (m.from(), m.to());
        match m.kind() {
            MoveKind::Castle => {
                let rule = r.castling[us.index()][m.aux()].expect("castling move without rule");
                let king = self.remove::<false>(rule.king_to);
                let rook = self.remove::<false>(rule.rook_to);
                self.put::<false>(rule.king_from, king);
                self.put::<false>(rule.rook_from, rook);
            }
            MoveKind::EnPassant => {
                let pawn = self.remove::<false>(to);
                self.put::<false>(from, pawn);
                self.put::<false>(m.aux(), undo.captured);
            }
            MoveKind::Normal | MoveKind::DoubleStep => {
                let code = self.remove::<false>(to);
                let original = if m.promotion().is_some() {
                    Piece {
                        color: us,
                        role: Role::Pawn,
                    }
                    .code()
                } else {
                    code
                };
                self.put::<false>(from, original);
                if undo.captured != 0 {
                    self.put::<false>(to, undo.captured);
                }
            }
        }
        self.castling = undo.castling;
        self.ep = undo.ep;
        self.turn.restore(undo.halfmove, undo.key);
    }

    /// Passes the turn without moving (for null-move search); `unmake_null` takes it back.
    pub fn make_null(&mut self) -> Undo {
        let z = &self.rules.zobrist;
        let undo = Undo {
            captured: 0,
            castling: self.castling,
            ep: self.ep,
            halfmove: self.turn.halfmove,
            key: self.turn.key,
        };
        self.turn.record();
        if self.ep_matters() {
            self.turn.key ^= z.ep(self.ep as usize);
        }
        self.ep = NO_SQUARE;
        self.turn.pass_null();
        self.turn.key ^= z.black_to_move;
        undo
    }

    pub fn unmake_null(&mut self, undo: Undo) {
        self.ep = undo.ep;
        self.turn.take_back_null(undo.halfmove, undo.key);
    }
}
