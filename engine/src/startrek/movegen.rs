//! Legal move generation for Star Trek chess (startrek.md §5–§8).
//!
//! Piece moves never change which squares exist, and the only pieces whose attacks depend
//! on occupancy are the sliders, whose rays are straight lines through the box (absent
//! squares neither block nor can be landed on). So for piece moves the classic scheme is
//! exact: find checkers and pinned pieces along the 18 slider lines through our king, let
//! pinned pieces move only along their line, and answer a single check by capturing the
//! checker or landing between. Knight and pawn attacks depend on existence (the level step
//! skips an absent attack-board level), which only attack-board moves change; those, the king's
//! own moves, en passant and castling are tested one by one against the geometry after them.

use super::bitset::Cells;
use super::geometry::{dir_is_positive, geometry, BoxGeometry, NONE};
use super::position::{bishop_attacks, rook_attacks, StMove, StMoveKind, StarTrekPosition};
use crate::sink::{MoveSink, PlainMove};
use crate::types::{Color, Piece, Role};
use arrayvec::ArrayVec;
use oblique_tables::Bitboard;

/// Enough for any position: at most 64 squares exist, so pieces × free targets stays far
/// below this even with promotions.
pub const MAX_MOVES: usize = 2048;

pub type StMoveList = ArrayVec<StMove, MAX_MOVES>;

impl PlainMove for StMove {
    #[inline(always)]
    fn plain(from: usize, to: usize) -> StMove {
        StMove::new(from, to)
    }
}

/// Pieces a pawn may promote to, in the order moves are generated.
pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

/// Per-call facts every generator part needs.
struct Ctx {
    us: Color,
    them: Color,
    ksq: usize,
    occ: Cells,
    ours: Cells,
    theirs: Cells,
    /// Where a non-king piece move may land: existing, not ours, and when in check only
    /// the checker or a square between it and the king.
    allow: Cells,
    checks: u32,
    pinned: Cells,
    lines: ArrayVec<(u8, Cells), 18>,
}

impl Ctx {
    #[inline(always)]
    fn line(&self, s: usize) -> Cells {
        for &(c, l) in &self.lines {
            if c as usize == s {
                return l;
            }
        }
        Cells::EMPTY
    }

    /// `targets` restricted to the pin line when the piece on `s` is pinned.
    #[inline(always)]
    fn restrict(&self, s: usize, targets: Cells) -> Cells {
        if self.pinned.has(s) {
            targets & self.line(s)
        } else {
            targets
        }
    }
}

#[inline(always)]
fn push_pawn_targets<S: MoveSink<StMove, Cells>>(
    sink: &mut S,
    from: usize,
    targets: Cells,
    zone: Cells,
) {
    sink.push_targets(from, targets & !zone);
    for to in (targets & zone).iter() {
        for role in PROMOTIONS {
            sink.push(StMove::new(from, to).with_promotion(role));
        }
    }
}

impl StarTrekPosition {
    /// Cells a knight on `s` may land on (existing squares, any occupant).
    #[inline(always)]
    pub(crate) fn knight_targets(&self, g: &BoxGeometry, s: usize) -> Cells {
        (g.knight_direct[s] & self.exists)
            | (g.knight_skip_up[s] & !self.cover_below)
            | (g.knight_skip_down[s] & !self.cover_above)
    }

    fn context(&self, g: &BoxGeometry) -> Ctx {
        let us = self.turn.side;
        let them = us.other();
        let ours = self.board.sets.color(us);
        let theirs = self.board.sets.color(them);
        let occ = ours | theirs;
        let ksq = self.king_cell(us);
        let sets = &self.board.sets;
        let mut block = Cells::EMPTY;
        let mut checks = 0;
        // Knight and pawn checkers.
        let mut kn = g.knight_direct_from[ksq];
        if !self.cover_below.has(ksq) {
            kn |= g.knight_skip_up_from[ksq];
        }
        if !self.cover_above.has(ksq) {
            kn |= g.knight_skip_down_from[ksq];
        }
        let pt = &g.pawn[them.index()];
        let mut pa = pt.attackers[ksq];
        let cover = if them == Color::White {
            self.cover_below
        } else {
            self.cover_above
        };
        if !cover.has(ksq) {
            pa |= pt.attackers_skip[ksq];
        }
        let leapers = theirs & ((kn & sets.role(Role::Knight)) | (pa & sets.role(Role::Pawn)));
        if leapers.any() {
            checks += leapers.count();
            block |= leapers;
        }
        // Slider checkers and pins, line by line.
        let queens = sets.role(Role::Queen);
        let orth = theirs & (sets.role(Role::Rook) | queens);
        let diag = theirs & (sets.role(Role::Bishop) | queens);
        let mut pinned = Cells::EMPTY;
        let mut lines = ArrayVec::new();
        let rays = &g.rays[ksq];
        for (range, sliders, all) in [
            (0..6, orth, g.orth_all[ksq]),
            (6..18, diag, g.diag_all[ksq]),
        ] {
            if (all & sliders).is_empty() {
                continue;
            }
            for d in range {
                let ray = rays[d];
                if (ray & sliders).is_empty() {
                    continue;
                }
                let b = ray & occ;
                let pos = dir_is_positive(d);
                let first = if pos { b.lsb() } else { b.msb() };
                if sliders.has(first) {
                    checks += 1;
                    block |= ray ^ g.rays[first][d];
                } else if ours.has(first) {
                    let rest = b ^ Cells::bit(first);
                    let second = if pos { rest.lsb() } else { rest.msb() };
                    if sliders.has(second) {
                        pinned.set(first);
                        lines.push((first as u8, ray ^ g.rays[second][d]));
                    }
                }
            }
        }
        let allow = if checks == 0 {
            self.exists & !ours
        } else {
            block & self.exists
        };
        Ctx {
            us,
            them,
            ksq,
            occ,
            ours,
            theirs,
            allow,
            checks,
            pinned,
            lines,
        }
    }

    /// Generates every legal move into `sink`.
    pub fn generate<S: MoveSink<StMove, Cells>>(&self, sink: &mut S) {
        let g = geometry();
        let cx = self.context(g);
        if cx.checks < 2 {
            self.generate_pieces(g, &cx, sink);
            self.generate_pawns(g, &cx, sink);
        }
        self.generate_king(g, &cx, sink);
        if cx.checks == 0 && self.unmoved.has(cx.ksq) {
            self.generate_castling(g, &cx, sink);
        }
        if self.ep != NONE {
            self.generate_ep(g, &cx, sink);
        }
        if self.pins != 0 {
            self.generate_board_moves(g, &cx, sink);
        }
    }

    #[inline(always)]
    fn generate_pieces<S: MoveSink<StMove, Cells>>(&self, g: &BoxGeometry, cx: &Ctx, sink: &mut S) {
        let sets = &self.board.sets;
        for s in (sets.role(Role::Knight) & cx.ours).iter() {
            let t = self.knight_targets(g, s) & cx.allow;
            sink.push_targets(s, cx.restrict(s, t));
        }
        let queens = sets.role(Role::Queen);
        for s in ((sets.role(Role::Bishop) | queens) & cx.ours).iter() {
            let t = bishop_attacks(g, s, cx.occ) & cx.allow;
            sink.push_targets(s, cx.restrict(s, t));
        }
        for s in ((sets.role(Role::Rook) | queens) & cx.ours).iter() {
            let t = rook_attacks(g, s, cx.occ) & cx.allow;
            sink.push_targets(s, cx.restrict(s, t));
        }
    }

    #[inline(always)]
    fn generate_pawns<S: MoveSink<StMove, Cells>>(&self, g: &BoxGeometry, cx: &Ctx, sink: &mut S) {
        let pt = &g.pawn[cx.us.index()];
        let zone = pt.promotion;
        let cover = if cx.us == Color::White {
            self.cover_below
        } else {
            self.cover_above
        };
        let exists = self.exists;
        let occ = cx.occ;
        for s in (self.board.sets.role(Role::Pawn) & cx.ours).iter() {
            let mut quiet = Cells::EMPTY;
            let f = pt.forward[s];
            if f != NONE && exists.has(f as usize) && !occ.has(f as usize) {
                quiet.set(f as usize);
            }
            // Vertical step: the next level if a square exists there (even when occupied),
            // else from a main-board level the one after.
            let u = pt.up[s];
            if u != NONE && exists.has(u as usize) {
                if !occ.has(u as usize) {
                    quiet.set(u as usize);
                }
            } else {
                let u2 = pt.up_skip[s];
                if u2 != NONE && !occ.has(u2 as usize) {
                    quiet.set(u2 as usize);
                }
            }
            let rp = pt.rook_pawn[s];
            if rp != NONE && !occ.has(rp as usize) {
                quiet.set(rp as usize);
            }
            let caps =
                (pt.diag[s] | (pt.lateral[s] & exists) | (pt.lateral_skip[s] & !cover)) & cx.theirs;
            let t = cx.restrict(s, (quiet | caps) & cx.allow);
            push_pawn_targets(sink, s, t, zone);
            if self.unmoved.has(s) {
                let to = pt.double_to[s];
                if to != NONE && exists.has(to as usize) && !occ.has(to as usize) {
                    let mid = pt.double_mid[s];
                    // A middle square that does not exist counts as empty.
                    if mid == NONE || !occ.has(mid as usize) {
                        let to = to as usize;
                        if cx.restrict(s, cx.allow).has(to) {
                            let aux = if mid != NONE && exists.has(mid as usize) {
                                mid
                            } else {
                                NONE
                            };
                            let m = StMove::special(s, to, StMoveKind::DoubleStep, aux);
                            if zone.has(to) {
                                for role in PROMOTIONS {
                                    sink.push(m.with_promotion(role));
                                }
                            } else {
                                sink.push(m);
                            }
                        }
                    }
                }
            }
        }
    }

    #[inline(always)]
    fn generate_king<S: MoveSink<StMove, Cells>>(&self, g: &BoxGeometry, cx: &Ctx, sink: &mut S) {
        let occ = cx.occ ^ Cells::bit(cx.ksq);
        for to in (g.king[cx.ksq] & self.exists & !cx.ours).iter() {
            if !self.attacked_by(
                g,
                to,
                cx.them,
                cx.theirs & !Cells::bit(to),
                occ,
                self.cover_below,
                self.cover_above,
            ) {
                sink.push(StMove::new(cx.ksq, to));
            }
        }
    }

    /// Castling (startrek.md §7): king and rook swap; both in the never-moved set, king not
    /// in check (the caller checks), the king's landing square not attacked; queenside also
    /// needs both home pins occupied and the queen's start square empty and not attacked.
    fn generate_castling<S: MoveSink<StMove, Cells>>(
        &self,
        g: &BoxGeometry,
        cx: &Ctx,
        sink: &mut S,
    ) {
        let cs = &g.castle[cx.us.index()];
        if cx.ksq != cs.king {
            return;
        }
        let rook = Piece {
            color: cx.us,
            role: Role::Rook,
        }
        .code();
        let safe = |sq: usize| {
            !self.attacked_by(
                g,
                sq,
                cx.them,
                cx.theirs,
                cx.occ,
                self.cover_below,
                self.cover_above,
            )
        };
        let k = cs.king_rook;
        if self.unmoved.has(k) && self.board[k] == rook && safe(k) {
            sink.push(StMove::special(cs.king, k, StMoveKind::CastleKing, NONE));
        }
        let q = cs.queen_rook;
        if self.unmoved.has(q)
            && self.board[q] == rook
            && cs.home_pins.iter().all(|&p| self.pin_occupied(p as usize))
            && self.exists.has(cs.queen_square)
            && !cx.occ.has(cs.queen_square)
            && safe(cs.queen_square)
            && safe(q)
        {
            sink.push(StMove::special(cs.king, q, StMoveKind::CastleQueen, NONE));
        }
    }

    /// En passant, tested against the position after it (two squares empty at once).
    /// The passed-over square is never on the capturer's promotion rank (the double step
    /// starts at most from rank 7/2 of a main board or 8/1 of an attack board).
    fn generate_ep<S: MoveSink<StMove, Cells>>(&self, g: &BoxGeometry, cx: &Ctx, sink: &mut S) {
        let ep = self.ep as usize;
        let (f, r, l) = g.coord[ep];
        let back = if cx.us == Color::White { -1 } else { 1 };
        let Some(victim) = g.cell(f, r + back, l) else {
            return;
        };
        let their_pawn = Piece {
            color: cx.them,
            role: Role::Pawn,
        }
        .code();
        if self.board[victim] != their_pawn || cx.occ.has(ep) {
            return;
        }
        let pt = &g.pawn[cx.us.index()];
        let cover = if cx.us == Color::White {
            self.cover_below
        } else {
            self.cover_above
        };
        let mut from = pt.attackers[ep];
        if !cover.has(ep) {
            from |= pt.attackers_skip[ep];
        }
        let theirs = cx.theirs & !Cells::bit(victim);
        for s in (from & cx.ours & self.board.sets.role(Role::Pawn)).iter() {
            let occ = (cx.occ ^ Cells::bit(s) ^ Cells::bit(victim)) | Cells::bit(ep);
            let ksq = cx.ksq;
            if !self.attacked_by(
                g,
                ksq,
                cx.them,
                theirs,
                occ,
                self.cover_below,
                self.cover_above,
            ) {
                sink.push(StMove::special(s, ep, StMoveKind::EnPassant, victim as u8));
            }
        }
    }

    /// Attack-board moves (startrek.md §6): our boards with at most one piece, ours; free
    /// destination pin; no inversion while loaded; king safe in the geometry afterwards.
    fn generate_board_moves<S: MoveSink<StMove, Cells>>(
        &self,
        g: &BoxGeometry,
        cx: &Ctx,
        sink: &mut S,
    ) {
        let mine = if cx.us == Color::White {
            self.pins & !self.owners
        } else {
            self.pins & self.owners
        };
        let mut bits = mine;
        while bits != 0 {
            let p = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let pin = &g.pins[p];
            let on = cx.occ & pin.footprint;
            let carried = match on.count() {
                0 => None,
                1 => {
                    let c = on.lsb();
                    if !cx.ours.has(c) {
                        continue;
                    }
                    Some(c)
                }
                _ => continue,
            };
            for &(q, inversion) in &pin.moves {
                let q = q as usize;
                if self.pins >> q & 1 != 0 || (inversion && carried.is_some()) {
                    continue;
                }
                let dest_pin = &g.pins[q];
                let below = self.cover_below ^ pin.mb_above ^ dest_pin.mb_above;
                let above = self.cover_above ^ pin.mb_below ^ dest_pin.mb_below;
                let (occ, ksq, dest) = match carried {
                    Some(c) => {
                        let dest = dest_pin.cells[g.corner_of[c] as usize] as usize;
                        let occ = cx.occ ^ Cells::bit(c) ^ Cells::bit(dest);
                        (occ, if c == cx.ksq { dest } else { cx.ksq }, Some(dest))
                    }
                    None => (cx.occ, cx.ksq, None),
                };
                if self.attacked_by(g, ksq, cx.them, cx.theirs, occ, below, above) {
                    continue;
                }
                let m = StMove::special(p, q, StMoveKind::Board, carried.map_or(NONE, |c| c as u8));
                let promotes = match (carried, dest) {
                    (Some(c), Some(d)) => {
                        self.board.sets.role(Role::Pawn).has(c)
                            && g.pawn[cx.us.index()].promotion.has(d)
                    }
                    _ => false,
                };
                if promotes {
                    for role in PROMOTIONS {
                        sink.push(m.with_promotion(role));
                    }
                } else {
                    sink.push(m);
                }
            }
        }
    }
}
