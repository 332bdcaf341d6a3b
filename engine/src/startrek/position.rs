//! A Star Trek chess position: where the pieces stand (`Placement`: mailbox and cell sets),
//! attack-board pins and owners, the never-moved set, en passant, the turn; incremental
//! Zobrist key, make/unmake (startrek.md §4–§8).

use super::bitset::{Cells, CELLS};
use super::geometry::{geometry, BoxGeometry, NONE, PINS};
use crate::packed_move::{move_kinds, PackedMove};
use crate::piece_sets::Placement;
use crate::turn::Turn;
use crate::types::{Color, Piece, Role};
use crate::zobrist::PieceKeys;
use oblique_tables::Bitboard;
use once_cell::sync::Lazy;

move_kinds! {
    /// How a move changes the position beyond lifting one piece and putting it down.
    pub enum StMoveKind {
        /// A piece move (captures and promotions included).
        Normal = 0,
        /// Pawn double step; `aux` is the passed-over square if it exists (the e.p. target).
        DoubleStep = 1,
        /// En-passant capture; `aux` is the square of the captured pawn.
        EnPassant = 2,
        /// King and king's rook swap; from = king's square, to = rook's square.
        CastleKing = 3,
        /// King and queen's rook swap; from = king's square, to = rook's square.
        CastleQueen = 4,
        /// Attack-board move; from/to are pin numbers, `aux` the carried piece's cell or NONE.
        Board = 5,
    }
}

/// A Star Trek move: the shared packed move with Star Trek's kinds; `aux` is `NONE` on
/// plain moves.
pub type StMove = PackedMove<StMoveKind>;

impl StMove {
    #[inline(always)]
    pub fn new(from: usize, to: usize) -> StMove {
        StMove::pack(from, to, StMoveKind::Normal, NONE as u32)
    }

    #[inline(always)]
    pub fn special(from: usize, to: usize, kind: StMoveKind, aux: u8) -> StMove {
        StMove::pack(from, to, kind, aux as u32)
    }

    #[inline(always)]
    pub fn with_promotion(self, role: Role) -> StMove {
        self.promoting(role)
    }

    /// The cell or pin the kind needs (`NONE` if none).
    #[inline(always)]
    pub fn aux(self) -> u8 {
        self.aux_byte()
    }

    pub fn is_board_move(self) -> bool {
        self.kind() == StMoveKind::Board
    }
}

/// Zobrist keys: piece on cell, pin occupied with owner, never-moved cell, e.p. cell, side.
pub(crate) struct Keys {
    pub piece: PieceKeys,
    pub pin: [[u64; 2]; PINS],
    pub unmoved: [u64; CELLS],
    pub ep: [u64; CELLS],
    pub black: u64,
}

impl Keys {
    fn new() -> Keys {
        let mut s = crate::random::SplitMix64::new(0x5747_2EC3_D000_0003);
        let piece = PieceKeys::draw(&mut s, CELLS);
        let mut pin = [[0; 2]; PINS];
        for p in pin.iter_mut() {
            *p = [s.next_u64(), s.next_u64()];
        }
        let mut unmoved = [0; CELLS];
        for k in unmoved.iter_mut() {
            *k = s.next_u64();
        }
        let mut ep = [0; CELLS];
        for k in ep.iter_mut() {
            *k = s.next_u64();
        }
        Keys {
            piece,
            pin,
            unmoved,
            ep,
            black: s.next_u64(),
        }
    }

    #[inline(always)]
    pub fn piece(&self, code: u8, cell: usize) -> u64 {
        self.piece.piece(code, cell)
    }
}

pub(crate) static KEYS: Lazy<Keys> = Lazy::new(Keys::new);

/// What `make` changed that `unmake` cannot work out from the move alone.
#[derive(Clone, Copy, Debug)]
pub struct StUndo {
    pub(crate) captured: u8,
    pub(crate) ep: u8,
    pub(crate) owners: u32,
    pub(crate) halfmove: u32,
    pub(crate) unmoved: Cells,
    pub(crate) key: u64,
}

/// A position of Star Trek tri-dimensional chess.
#[derive(Clone)]
pub struct StarTrekPosition {
    /// Piece code per cell (`Piece::code`, 0 = empty).
    pub(crate) board: Placement<Cells, CELLS>,
    /// Main boards | footprints of occupied pins.
    pub(crate) exists: Cells,
    /// Main-board cells with an existing square directly below / above them.
    pub(crate) cover_below: Cells,
    pub(crate) cover_above: Cells,
    /// Occupied pins (bit per pin).
    pub(crate) pins: u32,
    /// Owner per pin: bit set = Black (meaningful for occupied pins).
    pub(crate) owners: u32,
    /// Never-moved K/R/P squares (startrek.md §5.1).
    pub(crate) unmoved: Cells,
    pub(crate) ep: u8,
    pub(crate) turn: Turn,
    pub(crate) kings: [u8; 2],
}

#[inline(always)]
fn code(color: Color, role: Role) -> u8 {
    Piece { color, role }.code()
}

impl StarTrekPosition {
    /// An empty box: no pieces, no attack boards, White to move.
    pub(crate) fn empty() -> StarTrekPosition {
        let g = geometry();
        StarTrekPosition {
            board: Placement::new(&KEYS.piece),
            exists: g.main,
            cover_below: Cells::EMPTY,
            cover_above: Cells::EMPTY,
            pins: 0,
            owners: 0,
            unmoved: Cells::EMPTY,
            ep: NONE,
            turn: Turn::new(),
            kings: [NONE; 2],
        }
    }

    /// Does the cell exist now (main board or on an occupied pin)?
    pub fn exists(&self, cell: usize) -> bool {
        self.exists.has(cell)
    }

    /// Is the pin occupied by an attack board?
    pub fn pin_occupied(&self, pin: usize) -> bool {
        self.pins >> pin & 1 != 0
    }

    /// Owner of the attack board on a pin, if there is one.
    pub fn pin_owner(&self, pin: usize) -> Option<Color> {
        self.pin_occupied(pin).then(|| {
            if self.owners >> pin & 1 != 0 {
                Color::Black
            } else {
                Color::White
            }
        })
    }

    /// The e.p. target square, if the last move was a double step over an existing square.
    pub fn ep_square(&self) -> Option<usize> {
        (self.ep != NONE).then_some(self.ep as usize)
    }

    // Read-only geometry accessors. The evaluation (oblique-eval) scores a position from its
    // piece sets (`Game::pieces`, ...) and its current geometry; they copy out what make/unmake
    // already maintain and change nothing.

    /// The king of a colour (TFEN parsing guarantees exactly one per side).
    #[inline(always)]
    pub fn king_cell(&self, c: Color) -> usize {
        self.kings[c.index()] as usize
    }

    /// The cells that exist now as a set: the main boards and the footprints of the
    /// occupied pins (`exists` asks about one cell).
    #[inline(always)]
    pub fn existing_cells(&self) -> Cells {
        self.exists
    }

    /// Main-board cells with an existing square directly below them: a knight or pawn level
    /// step upwards may skip the absent attack-board level only onto cells not in this set
    /// (see `geometry`).
    #[inline(always)]
    pub fn cover_below(&self) -> Cells {
        self.cover_below
    }

    /// Main-board cells with an existing square directly above them (the downward
    /// counterpart of `cover_below`).
    #[inline(always)]
    pub fn cover_above(&self) -> Cells {
        self.cover_above
    }

    /// Puts the piece with code `code` on the empty `cell`; `HASH` adds its key to the
    /// position's (building a position passes `false` and computes the key afterwards).
    #[inline(always)]
    pub(crate) fn put<const HASH: bool>(&mut self, cell: usize, code: u8) {
        self.board.put::<HASH>(cell, code, &mut self.turn.key);
        if let Some((color, role)) = Piece::split_code(code) {
            if role == Role::King.index() {
                self.kings[color] = cell as u8;
            }
        }
    }

    #[inline(always)]
    fn remove<const HASH: bool>(&mut self, cell: usize) -> u8 {
        self.board.remove::<HASH>(cell, &mut self.turn.key)
    }

    /// Puts an attack board on a free pin (position building; keys computed afterwards).
    pub(crate) fn place_board(&mut self, pin: usize, owner: Color) {
        self.toggle_pin(pin);
        if owner == Color::Black {
            self.owners |= 1 << pin;
        } else {
            self.owners &= !(1 << pin);
        }
    }

    /// Adds or removes the board on a pin: exists and cover masks follow.
    #[inline(always)]
    fn toggle_pin(&mut self, pin: usize) {
        let p = &geometry().pins[pin];
        self.pins ^= 1 << pin;
        self.exists ^= p.footprint;
        // Main-board cells above the footprint now have (or lose) a square below them.
        self.cover_below ^= p.mb_above;
        self.cover_above ^= p.mb_below;
    }

    #[inline(always)]
    fn owner_bit(&self, pin: usize) -> usize {
        (self.owners >> pin & 1) as usize
    }

    /// Re-evaluates the owner of the board on `pin` (startrek.md §6): a board holding pieces
    /// of the non-owner only changes hands; empty or mixed boards keep their owner.
    #[inline(always)]
    fn reevaluate_owner(&mut self, pin: usize) {
        let fp = geometry().pins[pin].footprint;
        let owner = self.owner_bit(pin);
        let owner_color = [Color::White, Color::Black][owner];
        let mine = (self.board.sets.color(owner_color) & fp).any();
        let theirs = (self.board.sets.color(owner_color.other()) & fp).any();
        if theirs && !mine {
            self.turn.key ^= KEYS.pin[pin][owner] ^ KEYS.pin[pin][1 - owner];
            self.owners ^= 1 << pin;
        }
    }

    /// Is `sq` attacked by the pieces of `by` among `them` (a subset of that colour's
    /// pieces), with occupancy `occ` and cover masks `below`/`above` (the geometry the
    /// test is about, which may be the one after an attack-board move)?
    // Every argument is part of the geometry under test: attack-board moves and king moves
    // ask about a position that does not exist yet, so nothing is read from `self` but roles.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(crate) fn attacked_by(
        &self,
        g: &BoxGeometry,
        sq: usize,
        by: Color,
        them: Cells,
        occ: Cells,
        below: Cells,
        above: Cells,
    ) -> bool {
        let sets = &self.board.sets;
        let mut kn = g.knight_direct_from[sq];
        if !below.has(sq) {
            kn |= g.knight_skip_up_from[sq];
        }
        if !above.has(sq) {
            kn |= g.knight_skip_down_from[sq];
        }
        if (kn & them & sets.role(Role::Knight)).any() {
            return true;
        }
        let pt = &g.pawn[by.index()];
        let mut pa = pt.attackers[sq];
        let cover = if by == Color::White { below } else { above };
        if !cover.has(sq) {
            pa |= pt.attackers_skip[sq];
        }
        if (pa & them & sets.role(Role::Pawn)).any() {
            return true;
        }
        if (g.king[sq] & them & sets.role(Role::King)).any() {
            return true;
        }
        let queens = sets.role(Role::Queen);
        let orth = them & (sets.role(Role::Rook) | queens);
        if (g.orth_all[sq] & orth).any() && (rook_attacks(g, sq, occ) & orth).any() {
            return true;
        }
        let diag = them & (sets.role(Role::Bishop) | queens);
        (g.diag_all[sq] & diag).any() && (bishop_attacks(g, sq, occ) & diag).any()
    }

    /// Is `sq` attacked by `by` in the current position?
    pub fn is_attacked(&self, sq: usize, by: Color) -> bool {
        self.attacked_by(
            geometry(),
            sq,
            by,
            self.board.sets.color(by),
            self.board.sets.occupied(),
            self.cover_below,
            self.cover_above,
        )
    }

    /// Is the side to move in check?
    pub fn in_check(&self) -> bool {
        self.is_attacked(self.king_cell(self.turn.side), self.turn.side.other())
    }

    /// Does the e.p. square count in the key? Only when a pawn of the side to move could
    /// capture there (the house rule of every game: otherwise the position repeats as if it
    /// were absent).
    #[inline(always)]
    fn ep_matters(&self) -> bool {
        if self.ep == NONE {
            return false;
        }
        let g = geometry();
        let ep = self.ep as usize;
        let pt = &g.pawn[self.turn.side.index()];
        let cover = if self.turn.side == Color::White {
            self.cover_below
        } else {
            self.cover_above
        };
        let mut from = pt.attackers[ep];
        if !cover.has(ep) {
            from |= pt.attackers_skip[ep];
        }
        (from & self.board.sets.color(self.turn.side) & self.board.sets.role(Role::Pawn)).any()
    }

    /// The key computed from scratch (make/unmake keep `key` equal to this).
    pub fn compute_key(&self) -> u64 {
        let k = &*KEYS;
        let mut key = 0;
        for c in self.board.sets.occupied().iter() {
            key ^= k.piece(self.board[c], c);
        }
        for p in 0..PINS {
            if self.pin_occupied(p) {
                key ^= k.pin[p][self.owner_bit(p)];
            }
        }
        for c in self.unmoved.iter() {
            key ^= k.unmoved[c];
        }
        if self.ep_matters() {
            key ^= k.ep[self.ep as usize];
        }
        if self.turn.side == Color::Black {
            key ^= k.black;
        }
        key
    }

    pub(crate) fn refresh_key(&mut self) {
        self.turn.key = self.compute_key();
    }

    /// Plays a move generated for this position.
    pub fn make(&mut self, m: StMove) -> StUndo {
        let g = geometry();
        let k = &*KEYS;
        let us = self.turn.side;
        let mut undo = StUndo {
            captured: 0,
            ep: self.ep,
            owners: self.owners,
            halfmove: self.turn.halfmove,
            unmoved: self.unmoved,
            key: self.turn.key,
        };
        self.turn.record();
        if self.ep_matters() {
            self.turn.key ^= k.ep[self.ep as usize];
        }
        self.ep = NONE;
        let (from, to) = (m.from(), m.to());
        let mut reset = false;
        // Squares whose never-moved status goes, and pins whose owner may change.
        let mut touched = Cells::EMPTY;
        match m.kind() {
            StMoveKind::Normal | StMoveKind::DoubleStep => {
                if self.board[to] != 0 {
                    undo.captured = self.remove::<true>(to);
                    reset = true;
                }
                let piece = self.remove::<true>(from);
                if piece == code(us, Role::Pawn) {
                    reset = true;
                }
                let placed = match m.promotion() {
                    Some(role) => code(us, role),
                    None => piece,
                };
                self.put::<true>(to, placed);
                if m.kind() == StMoveKind::DoubleStep {
                    self.ep = m.aux();
                }
                touched = Cells::bit(from) | Cells::bit(to);
            }
            StMoveKind::EnPassant => {
                let victim = m.aux() as usize;
                undo.captured = self.remove::<true>(victim);
                let pawn = self.remove::<true>(from);
                self.put::<true>(to, pawn);
                reset = true;
                touched = Cells::bit(from) | Cells::bit(to);
            }
            StMoveKind::CastleKing | StMoveKind::CastleQueen => {
                let king = self.remove::<true>(from);
                let rook = self.remove::<true>(to);
                self.put::<true>(to, king);
                self.put::<true>(from, rook);
                touched = Cells::bit(from) | Cells::bit(to);
            }
            StMoveKind::Board => {
                let owner = self.owner_bit(from);
                self.turn.key ^= k.pin[from][owner];
                self.toggle_pin(from);
                self.toggle_pin(to);
                self.owners = (self.owners & !(1 << from) & !(1 << to)) | ((owner as u32) << to);
                self.turn.key ^= k.pin[to][owner];
                let carried = m.aux();
                if carried != NONE {
                    let c = carried as usize;
                    let dest = g.pins[to].cells[g.corner_of[c] as usize] as usize;
                    let piece = self.remove::<true>(c);
                    let placed = match m.promotion() {
                        Some(role) => {
                            reset = true;
                            code(us, role)
                        }
                        None => piece,
                    };
                    self.put::<true>(dest, placed);
                    touched = Cells::bit(c) | Cells::bit(dest);
                }
            }
        }
        let gone = self.unmoved & touched;
        if gone.any() {
            for c in gone.iter() {
                self.turn.key ^= k.unmoved[c];
            }
            self.unmoved ^= gone;
        }
        // Ownership is re-evaluated for every board after every move (at most four).
        let mut boards = self.pins;
        while boards != 0 {
            let p = boards.trailing_zeros() as usize;
            boards &= boards - 1;
            self.reevaluate_owner(p);
        }
        self.turn.pass_after_move(reset);
        self.turn.key ^= k.black;
        if self.ep_matters() {
            self.turn.key ^= k.ep[self.ep as usize];
        }
        undo
    }

    /// Takes back the move `make` played.
    pub fn unmake(&mut self, m: StMove, undo: StUndo) {
        let g = geometry();
        let us = self.turn.take_back();
        let (from, to) = (m.from(), m.to());
        match m.kind() {
            StMoveKind::Normal | StMoveKind::DoubleStep => {
                let piece = self.remove::<false>(to);
                let original = if m.promotion().is_some() {
                    code(us, Role::Pawn)
                } else {
                    piece
                };
                self.put::<false>(from, original);
                if undo.captured != 0 {
                    self.put::<false>(to, undo.captured);
                }
            }
            StMoveKind::EnPassant => {
                let pawn = self.remove::<false>(to);
                self.put::<false>(from, pawn);
                self.put::<false>(m.aux() as usize, undo.captured);
            }
            StMoveKind::CastleKing | StMoveKind::CastleQueen => {
                let king = self.remove::<false>(to);
                let rook = self.remove::<false>(from);
                self.put::<false>(from, king);
                self.put::<false>(to, rook);
            }
            StMoveKind::Board => {
                let carried = m.aux();
                if carried != NONE {
                    let c = carried as usize;
                    let dest = g.pins[to].cells[g.corner_of[c] as usize] as usize;
                    let piece = self.remove::<false>(dest);
                    let original = if m.promotion().is_some() {
                        code(us, Role::Pawn)
                    } else {
                        piece
                    };
                    self.put::<false>(c, original);
                }
                self.toggle_pin(to);
                self.toggle_pin(from);
            }
        }
        self.owners = undo.owners;
        self.unmoved = undo.unmoved;
        self.ep = undo.ep;
        self.turn.restore(undo.halfmove, undo.key);
    }

    /// Only the two kings are left (the one dead position of this game).
    pub fn insufficient_material(&self) -> bool {
        self.board.sets.occupied().count() == 2
    }
}

/// Cells a rook on `s` attacks through `occ` (non-existent cells never block; callers mask
/// the targets with the exists set).
#[inline(always)]
pub fn rook_attacks(g: &BoxGeometry, s: usize, occ: Cells) -> Cells {
    let r = &g.rays[s];
    pos_ray(g, r[0], 0, occ)
        | pos_ray(g, r[1], 1, occ)
        | pos_ray(g, r[2], 2, occ)
        | neg_ray(g, r[3], 3, occ)
        | neg_ray(g, r[4], 4, occ)
        | neg_ray(g, r[5], 5, occ)
}

/// Cells a bishop on `s` attacks through `occ` (same convention as `rook_attacks`); public
/// so that the evaluation measures mobility with the move generator's own rays.
#[inline(always)]
pub fn bishop_attacks(g: &BoxGeometry, s: usize, occ: Cells) -> Cells {
    let r = &g.rays[s];
    pos_ray(g, r[6], 6, occ)
        | pos_ray(g, r[7], 7, occ)
        | pos_ray(g, r[8], 8, occ)
        | pos_ray(g, r[9], 9, occ)
        | pos_ray(g, r[10], 10, occ)
        | pos_ray(g, r[11], 11, occ)
        | neg_ray(g, r[12], 12, occ)
        | neg_ray(g, r[13], 13, occ)
        | neg_ray(g, r[14], 14, occ)
        | neg_ray(g, r[15], 15, occ)
        | neg_ray(g, r[16], 16, occ)
        | neg_ray(g, r[17], 17, occ)
}

#[inline(always)]
fn pos_ray(g: &BoxGeometry, ray: Cells, d: usize, occ: Cells) -> Cells {
    let b = ray & occ;
    if b.any() {
        ray ^ g.rays[b.lsb()][d]
    } else {
        ray
    }
}

#[inline(always)]
fn neg_ray(g: &BoxGeometry, ray: Cells, d: usize, occ: Cells) -> Cells {
    let b = ray & occ;
    if b.any() {
        ray ^ g.rays[b.msb()][d]
    } else {
        ray
    }
}
