//! Legal move generation for the 2D games, written once for every geometry.
//!
//! Strategy: generate each piece's targets from the tables, and prove most of them legal
//! without playing them. A move can only expose its own king if the piece stands on a ray
//! from the king that an enemy slider would see through once the piece left; on forked rays
//! "between" is a tree, so instead of exact pin lines we compute a small superset of such
//! pieces ("pin candidates") and test just their moves against the occupancy after the move.
//! King moves, en passant, castling and every move while in check are tested the same way.
//!
//! The generator is compiled once per piece-set shape (`shape`): for the common piece sets
//! each role slot's kind and the leap groups are constants, as if written for the game;
//! every other game takes the copy that reads them from its rules.

use crate::outcome::bare_king_verdict;
use crate::plane::moves::{Move, MoveKind};
use crate::plane::no_checks::NoChecks;
use crate::plane::piece_tables::{PieceKind, PieceTables};
use crate::plane::position::{AttackerSets, Position, NO_SQUARE};
use crate::plane::shape::{AnyShape, KnightCompounds, Orthodox, OrthodoxLeaper, Shape, ShapeId};
use crate::sink::{MoveSink, PlainMove};
use crate::types::{Role, BUILTIN_ROLE_COUNT, ROLES};
use arrayvec::ArrayVec;
use oblique_tables::Bitboard;

/// Enough for any position a FEN may describe (at most 32 pieces a side).
pub const MAX_MOVES: usize = 1024;

pub type MoveList = ArrayVec<Move, MAX_MOVES>;

impl PlainMove for Move {
    #[inline(always)]
    fn plain(from: usize, to: usize) -> Move {
        Move::new(from, to)
    }
}

/// Per-call facts every generator part needs.
struct Ctx<B> {
    ksq: usize,
    occ: B,
    ours: B,
    theirs: B,
    their_orth: B,
    their_diag: B,
    in_check: bool,
    /// Where non-pawn pieces may go: every cell not ours, or only enemy pieces (captures).
    target_mask: B,
    /// Captures and promotions only (quiescence search).
    tactical_only: bool,
    /// The game has pieces whose pins the rook and bishop lines do not describe: every
    /// move is tested against the full attack set.
    exact: bool,
    /// The position's pieces grouped by how they attack (asked about many cells).
    attackers: AttackerSets<B>,
}

impl<B: Bitboard> Position<B> {
    /// Has the bare-king rule already decided the game (Shatranj)? Then, as after a goal,
    /// there are no moves (as Fairy-Stockfish's legal move generator has none once its game
    /// has ended).
    #[inline(always)]
    fn bare_king_decided(&self) -> bool {
        self.rules.spec.end.bare_king && {
            let us = self.board.sets.color(self.turn.side).count();
            let them = self.board.sets.color(self.turn.side.other()).count();
            bare_king_verdict(us, them).is_some()
        }
    }

    /// Is `sq` attacked by any of `by` (a subset of the enemy) with occupancy `occ`?
    #[inline(always)]
    fn attacked_in<SH: Shape>(&self, cx: &Ctx<B>, sq: usize, occ: B, by: B) -> bool {
        (self.attackers_as::<SH>(sq, occ, &cx.attackers) & by).any()
    }

    /// Is the king still safe if a piece goes `from -> to` (capturing whatever is on `to`)?
    #[inline(always)]
    fn safe_after<SH: Shape>(&self, cx: &Ctx<B>, from: usize, to: usize) -> bool {
        let occ = (cx.occ ^ B::bit(from)) | B::bit(to);
        let theirs = cx.theirs & !B::bit(to);
        if cx.in_check || cx.exact {
            !self.attacked_in::<SH>(cx, cx.ksq, occ, theirs)
        } else {
            let r = self.rules;
            ((r.orth.attacks(cx.ksq, occ) & cx.their_orth)
                | (r.diag.attacks(cx.ksq, occ) & cx.their_diag))
                & theirs
                == B::EMPTY
        }
    }

    /// Our pieces that might be pinned: each sits on a ray from our king that an enemy
    /// slider sees through once our first-line pieces are lifted.
    #[inline(always)]
    fn pin_candidates(&self, cx: &Ctx<B>) -> B {
        let r = self.rules;
        let mut cand = B::EMPTY;
        if cx.their_orth.any() {
            let blockers = r.orth.attacks(cx.ksq, cx.occ) & cx.ours;
            if blockers.any() {
                let through = cx.occ ^ blockers;
                for s in (r.orth.attacks(cx.ksq, through) & cx.their_orth).iter() {
                    cand |= r.orth.attacks(s, through) & blockers;
                }
            }
        }
        if cx.their_diag.any() {
            let blockers = r.diag.attacks(cx.ksq, cx.occ) & cx.ours;
            if blockers.any() {
                let through = cx.occ ^ blockers;
                for s in (r.diag.attacks(cx.ksq, through) & cx.their_diag).iter() {
                    cand |= r.diag.attacks(s, through) & blockers;
                }
            }
        }
        cand
    }

    /// Generates every legal move into `sink`.
    pub fn generate<S: MoveSink<Move, B>>(&self, sink: &mut S) {
        self.generate_shaped(sink, false);
    }

    /// Generates the legal captures and promotions (en passant included) into `sink`.
    pub fn generate_tactical<S: MoveSink<Move, B>>(&self, sink: &mut S) {
        self.generate_shaped(sink, true);
    }

    /// Picks the copy of move generation compiled for the game's piece-set shape (games
    /// where giving check is illegal take the general one, behind their filter).
    #[inline(always)]
    fn generate_shaped<S: MoveSink<Move, B>>(&self, sink: &mut S, tactical_only: bool) {
        let r = self.rules;
        if r.checks_forbidden {
            return self
                .generate_with::<_, AnyShape>(&mut NoChecks::new(self, sink), tactical_only);
        }
        match r.shape {
            ShapeId::Orthodox => self.generate_with::<S, Orthodox>(sink, tactical_only),
            ShapeId::OrthodoxLeaper => self.generate_with::<S, OrthodoxLeaper>(sink, tactical_only),
            ShapeId::KnightCompounds => {
                self.generate_with::<S, KnightCompounds>(sink, tactical_only)
            }
            ShapeId::Any => self.generate_with::<S, AnyShape>(sink, tactical_only),
        }
    }

    #[inline(always)]
    fn generate_with<S: MoveSink<Move, B>, SH: Shape>(&self, sink: &mut S, tactical_only: bool) {
        if self.rules.may_end_early && (self.goal_verdict().is_some() || self.bare_king_decided()) {
            return;
        }
        let us = self.turn.side;
        let them = us.other();
        let ours = self.board.sets.color(us);
        let theirs = self.board.sets.color(them);
        let occ = ours | theirs;
        let sets = &self.board.sets;
        let ksq = (sets.role(Role::King) & ours).lsb();
        let attackers = self.attacker_sets_as::<SH>();
        let checkers = self.attackers_as::<SH>(ksq, occ, &attackers) & theirs;
        let r = self.rules;
        let cx = Ctx {
            ksq,
            occ,
            ours,
            theirs,
            their_orth: theirs & attackers.orth,
            their_diag: theirs & attackers.diag,
            in_check: checkers.any(),
            target_mask: if tactical_only { theirs } else { !ours },
            tactical_only,
            exact: SH::KINDS.is_none() && !r.irregular_roles.is_empty(),
            attackers,
        };

        // Against two checkers only the king moves, unless some piece is irregular: one
        // piece may then block two checks (a queen's and a cannon's through it, in Shako).
        if !checkers.more_than_one() || cx.exact {
            let tested = if cx.in_check || cx.exact {
                ours
            } else {
                self.pin_candidates(&cx)
            };
            self.generate_pieces::<S, SH>(&cx, tested, sink);
            self.generate_pawns::<S, SH>(&cx, tested, sink);
        }
        self.generate_king::<S, SH>(&cx, sink);
        if !cx.in_check && self.castling != 0 && !tactical_only {
            self.generate_castling::<S, SH>(&cx, sink);
        }
    }

    #[inline(always)]
    fn generate_pieces<S: MoveSink<Move, B>, SH: Shape>(
        &self,
        cx: &Ctx<B>,
        tested: B,
        sink: &mut S,
    ) {
        for role in [
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
            Role::Ultra,
            Role::Chancellor,
        ] {
            self.generate_role::<S, SH>(cx, role, tested, sink);
        }
        // The extra slots of a file game with more than eight piece types (no shape has
        // them).
        if SH::KINDS.is_none() && self.rules.has_extra_roles {
            for &role in &ROLES[BUILTIN_ROLE_COUNT..] {
                self.generate_role::<S, SH>(cx, role, tested, sink);
            }
        }
    }

    /// The moves of our pieces of one role (not pawn, not king).
    #[inline(always)]
    fn generate_role<S: MoveSink<Move, B>, SH: Shape>(
        &self,
        cx: &Ctx<B>,
        role: Role,
        tested: B,
        sink: &mut S,
    ) {
        let r = self.rules;
        let p = &r.pieces[role.index()];
        let kind = match SH::KINDS {
            Some(kinds) => kinds[role.index()],
            None => p.kind,
        };
        if kind == PieceKind::Idle {
            return;
        }
        let from = self.board.sets.role(role) & cx.ours;
        if from.is_empty() {
            return;
        }
        // A plain piece's moves are one leap lookup and the shared line tables: pick
        // the loop made for its kind once, so that each piece costs lookups only.
        match kind {
            PieceKind::Leaper => {
                self.plain_piece_moves::<S, SH, true, false, false>(cx, p, from, tested, sink)
            }
            PieceKind::Rook => {
                self.plain_piece_moves::<S, SH, false, true, false>(cx, p, from, tested, sink)
            }
            PieceKind::Bishop => {
                self.plain_piece_moves::<S, SH, false, false, true>(cx, p, from, tested, sink)
            }
            PieceKind::Queen => {
                self.plain_piece_moves::<S, SH, false, true, true>(cx, p, from, tested, sink)
            }
            PieceKind::LeaperRook => {
                self.plain_piece_moves::<S, SH, true, true, false>(cx, p, from, tested, sink)
            }
            PieceKind::LeaperBishop => {
                self.plain_piece_moves::<S, SH, true, false, true>(cx, p, from, tested, sink)
            }
            PieceKind::LeaperQueen => {
                self.plain_piece_moves::<S, SH, true, true, true>(cx, p, from, tested, sink)
            }
            PieceKind::Irregular => {
                self.irregular_piece_moves::<S, SH>(cx, role, from, tested, sink)
            }
            PieceKind::Idle => {}
        }
    }

    /// Moves of the pieces on `from`, all of one plain kind: leaps (`LEAP`), whole rook
    /// lines (`ORTH`), whole bishop lines (`DIAG`), capturing the way they move.
    #[inline(always)]
    fn plain_piece_moves<
        S: MoveSink<Move, B>,
        SH: Shape,
        const LEAP: bool,
        const ORTH: bool,
        const DIAG: bool,
    >(
        &self,
        cx: &Ctx<B>,
        p: &PieceTables<B>,
        from: B,
        tested: B,
        sink: &mut S,
    ) {
        let r = self.rules;
        let leap = &p.leap[self.turn.side.index()];
        for from in from.iter() {
            let mut targets = B::EMPTY;
            if LEAP {
                targets |= leap[from];
            }
            if ORTH {
                targets |= r.orth.attacks(from, cx.occ);
            }
            if DIAG {
                targets |= r.diag.attacks(from, cx.occ);
            }
            self.push_piece_moves::<S, SH>(cx, from, targets & cx.target_mask, tested, sink);
        }
    }

    /// Moves of the pieces on `from` whose moves and captures differ (one-mode leaps,
    /// directional rides).
    #[inline(always)]
    fn irregular_piece_moves<S: MoveSink<Move, B>, SH: Shape>(
        &self,
        cx: &Ctx<B>,
        role: Role,
        from: B,
        tested: B,
        sink: &mut S,
    ) {
        let r = self.rules;
        let us = self.turn.side.index();
        for from in from.iter() {
            let quiet = if cx.tactical_only {
                B::EMPTY
            } else {
                r.quiet_moves(us, role, from, cx.occ) & !cx.occ
            };
            let targets = (r.attacks(us, role, from, cx.occ) & cx.theirs) | quiet;
            self.push_piece_moves::<S, SH>(cx, from, targets, tested, sink);
        }
    }

    /// Pushes a piece's moves to `targets`, testing each for the king's safety when the
    /// piece is among `tested`.
    #[inline(always)]
    fn push_piece_moves<S: MoveSink<Move, B>, SH: Shape>(
        &self,
        cx: &Ctx<B>,
        from: usize,
        targets: B,
        tested: B,
        sink: &mut S,
    ) {
        if tested.has(from) {
            for to in targets.iter() {
                if self.safe_after::<SH>(cx, from, to) {
                    sink.push(Move::new(from, to));
                }
            }
        } else {
            sink.push_targets(from, targets);
        }
    }

    #[inline(always)]
    fn generate_pawns<S: MoveSink<Move, B>, SH: Shape>(
        &self,
        cx: &Ctx<B>,
        tested: B,
        sink: &mut S,
    ) {
        let r = self.rules;
        let us = self.turn.side.index();
        let them = 1 - us;
        let pawns = self.board.sets.role(Role::Pawn);
        let zone = r.promotion_zone[us];
        // Optional promotion and limits (Grand Chess): asked once per node, nothing for
        // games without them.
        let (optional, allowed) = if r.promotion_terms {
            (r.promotion_optional[us], self.promotion_allowed())
        } else {
            (B::EMPTY, u16::MAX)
        };
        for from in (pawns & cx.ours).iter() {
            let mut quiet = r.pawn_quiet[us][from] & !cx.occ;
            if cx.tactical_only {
                quiet &= zone;
            }
            let capture_set = r.pawn_capture[us][from];
            let captures = capture_set & cx.theirs;
            if self.ep != NO_SQUARE && capture_set.has(self.ep as usize) {
                let ep = self.ep as usize;
                let victims = r.ep_victims[them][ep] & pawns & cx.theirs & !B::bit(from);
                if victims.any() {
                    // Stepping diagonally onto the en-passant square is the capture: one move.
                    quiet &= !B::bit(ep);
                    let victim = victims.lsb();
                    let occ = (cx.occ ^ B::bit(from) ^ B::bit(victim)) | B::bit(ep);
                    if !self.attacked_in::<SH>(cx, cx.ksq, occ, cx.theirs & !B::bit(victim)) {
                        sink.push(Move::special(from, ep, MoveKind::EnPassant, victim));
                    }
                }
            }
            let targets = quiet | captures;
            let check_each = tested.has(from);
            let plain = targets & !zone;
            if check_each {
                for to in plain.iter() {
                    if self.safe_after::<SH>(cx, from, to) {
                        sink.push(Move::new(from, to));
                    }
                }
            } else {
                sink.push_targets(from, plain);
            }
            for to in (targets & zone).iter() {
                if !check_each || self.safe_after::<SH>(cx, from, to) {
                    for &role in r.promotion_choices[us][to] {
                        if allowed & (1 << role.index()) != 0 {
                            sink.push(Move::with_promotion(from, to, role));
                        }
                    }
                    // Staying a pawn is a quiet move unless it captures.
                    if optional.has(to) && (!cx.tactical_only || cx.theirs.has(to)) {
                        sink.push(Move::new(from, to));
                    }
                }
            }
            if cx.tactical_only {
                continue;
            }
            for ds in &r.pawn_double[us][from] {
                if cx.occ.has(ds.mid as usize) {
                    continue;
                }
                for to in (ds.dests & !cx.occ).iter() {
                    if check_each && !self.safe_after::<SH>(cx, from, to) {
                        continue;
                    }
                    if zone.has(to) {
                        // A double step into the promotion zone promotes (and leaves no
                        // en-passant square), as Fairy-Stockfish plays it; where promotion
                        // is optional the plain double step stays too.
                        for &role in r.promotion_choices[us][to] {
                            if allowed & (1 << role.index()) != 0 {
                                sink.push(Move::with_promotion(from, to, role));
                            }
                        }
                    }
                    if !zone.has(to) || optional.has(to) {
                        sink.push(Move::special(
                            from,
                            to,
                            MoveKind::DoubleStep,
                            ds.mid as usize,
                        ));
                    }
                }
            }
        }
    }

    /// The roles (bits by role index) a pawn of the side to move may become now: those
    /// below their promotion limit.
    #[inline(never)]
    fn promotion_allowed(&self) -> u16 {
        let us = self.turn.side;
        let mut allowed = u16::MAX;
        for (i, &limit) in self.rules.promotion_limit.iter().enumerate() {
            if limit > 0 && self.board.sets.pieces(us, ROLES[i]).count() >= u32::from(limit) {
                allowed &= !(1 << i);
            }
        }
        allowed
    }

    #[inline(always)]
    fn generate_king<S: MoveSink<Move, B>, SH: Shape>(&self, cx: &Ctx<B>, sink: &mut S) {
        let r = self.rules;
        let occ = cx.occ ^ B::bit(cx.ksq);
        let us = self.turn.side.index();
        let kind = match SH::KINDS {
            Some(kinds) => kinds[Role::King.index()],
            None => r.pieces[Role::King.index()].kind,
        };
        let reach = r.attacks_as(kind, us, Role::King, cx.ksq, cx.occ);
        for to in (reach & cx.target_mask).iter() {
            if !self.attacked_in::<SH>(cx, to, occ, cx.theirs & !B::bit(to)) {
                sink.push(Move::new(cx.ksq, to));
            }
        }
    }

    fn generate_castling<S: MoveSink<Move, B>, SH: Shape>(&self, cx: &Ctx<B>, sink: &mut S) {
        for (side, rule) in self.rules.castling[self.turn.side.index()]
            .iter()
            .enumerate()
        {
            let Some(rule) = rule else { continue };
            if self.castling & rule.right == 0 || (cx.occ & rule.must_be_empty).any() {
                continue;
            }
            if rule
                .must_be_safe
                .iter()
                .any(|sq| self.attacked_in::<SH>(cx, sq, cx.occ, cx.theirs))
            {
                continue;
            }
            let occ = (cx.occ ^ B::bit(rule.king_from) ^ B::bit(rule.rook_from))
                | B::bit(rule.king_to)
                | B::bit(rule.rook_to);
            if !self.attacked_in::<SH>(cx, rule.king_to, occ, cx.theirs) {
                sink.push(Move::special(
                    rule.king_from,
                    rule.king_to,
                    MoveKind::Castle,
                    side,
                ));
            }
        }
    }
}
