//! The evaluation of a 2D position, in centipawns, tapered between middle game and end game
//! by non-pawn material:
//!
//! * material and piece-square tables (`tables`), live mobility (safe destinations);
//! * king safety: weighted attacks on the king's zone (quadratic, more with more attackers),
//!   pawn shield of a king in its camp (a king that may castle counts the shelter it can
//!   castle into);
//! * pawn-role pieces (cached per thread, `pawns`): advancement, passed pawns and the kings'
//!   distance to them, doubled and supported pawns, pieces they attack; a pawn the bare
//!   king cannot catch;
//! * threats (`terms::threats`): a piece attacked by a piece worth clearly less (by the
//!   game's derived values; a share of the victim's value) and any man but the king
//!   attacked and not defended, for the attacker; each side's attack sets are gathered in
//!   the same loop as mobility;
//! * Diagonal Chess's race to the corner;
//! * bishop pair where bishops are colour-bound, draw scaling without pawns, mating a bare
//!   king, tempo.
//!
//! Settings were checked by fixed-depth matches against the previous material-only
//! evaluator (halving the shield and a stronger corner preference of the middle-game king
//! were the changes that paid).
//!
//! Written for speed (it runs at every leaf of the search): every per-cell table is padded
//! to 128 cells and indexed with `sq & 127`, so no bounds checks; each colour is a const
//! generic, each role has its own loop.

use crate::cache::{tables_for, EvalCache};
use crate::game_tables::{s, GameTables, FAR, S};
use crate::pawns::PawnEntry;
use crate::shared::king_danger_penalty;
use oblique_engine::plane::piece_tables::PieceKind;
use oblique_engine::plane::shape::{
    AnyShape, KnightCompounds, Orthodox, OrthodoxLeaper, Shape, ShapeId,
};
use oblique_engine::types::{BUILTIN_ROLE_COUNT, ROLES, ROLE_COUNT};
use oblique_engine::Game;
use oblique_engine::{Color, Position, Role};

/// Diagonal Chess: a pawn on g7 (b2) with the corner empty and its side to move wins on the
/// spot; the search sees it one ply later, so the evaluation says so now.
pub const GOAL_NEXT_MOVE: i32 = 5_000;
/// Race bonus by steps to the goal with the way free (index 1: one step, opponent to move).
const RACE_FREE: [i32; 8] = [0, 500, 260, 140, 75, 40, 20, 10];
/// ... with the way blocked by some piece.
const RACE_BLOCKED: [i32; 8] = [0, 120, 70, 45, 25, 12, 6, 3];

const WHITE: usize = 0;
const BLACK: usize = 1;

/// Score of `pos` in centipawns from the side to move's point of view.
#[inline]
pub fn evaluate<B: EvalCache>(pos: &Position<B>) -> i32 {
    let t = tables_for(pos.rules());
    let white = eval_white(pos, t);
    if pos.side_to_move() == Color::White {
        white
    } else {
        -white
    }
}

/// Terms of the evaluation, for [`trace`].
pub const TERMS: [&str; 11] = [
    "material",
    "piece squares",
    "mobility",
    "bishop pair",
    "king square",
    "pawn shield",
    "pawns",
    "passed pawns",
    "king danger",
    "races",
    "threats",
];
const T_MATERIAL: usize = 0;
const T_PSQ: usize = 1;
const T_MOBILITY: usize = 2;
const T_PAIR: usize = 3;
const T_KING: usize = 4;
const T_SHIELD: usize = 5;
const T_PAWNS: usize = 6;
const T_PASSED: usize = 7;
const T_DANGER: usize = 8;
const T_RACES: usize = 9;
const T_THREATS: usize = 10;

/// What one side's pass collects.
#[derive(Default)]
struct Side<B> {
    score: S,
    /// Per-term scores, filled only when tracing.
    terms: [S; 11],
    /// Non-pawn material.
    npm: i32,
    /// Weighted attacks on the enemy king's zone, and how many pieces make them.
    danger: i32,
    attackers: i32,
    /// Cells this side attacks: by each role (pieces only), and by any of its men.
    by_role: [B; ROLE_COUNT],
    attacks: B,
}

/// Everything both sides' passes share.
struct Common<B> {
    occ: B,
    by: [B; 2],
    pawns: [B; 2],
    pawn_entry: PawnEntry<B>,
    kings: [usize; 2],
}

#[inline(always)]
fn color<const C: usize>() -> Color {
    if C == WHITE {
        Color::White
    } else {
        Color::Black
    }
}

/// Material, squares, mobility and king attacks of the pieces of one role.
#[inline(always)]
fn pieces_of<B: EvalCache, const C: usize, const T: bool>(
    t: &GameTables<B>,
    bb: B,
    role: Role,
    area: B,
    zone: B,
    side: &mut Side<B>,
    attacks: impl Fn(usize) -> B,
) {
    let ri = role.index();
    let table = &t.psq[C][ri];
    let mut mobility = 0;
    let mut hits_total = 0;
    let mut score = S::default();
    let mut reach = B::EMPTY;
    for sq in bb.iter() {
        let sq = sq & 127;
        score += table[sq];
        let att = attacks(sq);
        reach |= att;
        mobility += (att & area).count() as i32;
        let hits = (att & zone).count() as i32;
        hits_total += hits;
        side.attackers += (hits > 0) as i32;
    }
    side.by_role[ri] = reach;
    side.attacks |= reach;
    let material = t.value[ri] * bb.count() as i32;
    side.score += score + t.mobility[ri] * mobility;
    side.danger += t.attack_weight[ri] * hits_total;
    side.npm += material;
    if T {
        side.terms[T_MATERIAL] += s(material, material);
        side.terms[T_PSQ] += score - s(material, material);
        side.terms[T_MOBILITY] += t.mobility[ri] * mobility;
    }
}

#[inline(always)]
fn side_pass<B: EvalCache, const C: usize, const T: bool, SH: Shape>(
    pos: &Position<B>,
    t: &GameTables<B>,
    cm: &Common<B>,
) -> Side<B> {
    let them = 1 - C;
    let r = t.rules;
    let occ = cm.occ;
    let zone = t.zone[them][cm.kings[them] & 127];
    let area = !cm.by[C] & !cm.pawn_entry.attacks[them];
    let mut side = Side::default();
    // One block per role the game has, in a fixed order; each piece attacks by its game's
    // tables, by its kind (a constant where the game's piece-set shape is known, as in move
    // generation). The extra slots of a file game with more than eight piece types are
    // looked at only when the game has one.
    let present = t.present;
    let mut piece_roles = |roles: &[Role]| {
        for &role in roles {
            let kind = match SH::KINDS {
                Some(kinds) => kinds.get(role.index()).copied().unwrap_or(PieceKind::Idle),
                None => r.pieces[role.index()].kind,
            };
            if kind != PieceKind::Idle && present & 1 << role.index() != 0 {
                let bb = pos.pieces(color::<C>(), role);
                if bb.any() {
                    pieces_of::<B, C, T>(t, bb, role, area, zone, &mut side, |sq| {
                        r.attacks_as(kind, C, role, sq, occ)
                    });
                }
            }
        }
    };
    piece_roles(&[
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::Ultra,
        Role::Chancellor,
    ]);
    if SH::KINDS.is_none() && present >> BUILTIN_ROLE_COUNT != 0 {
        piece_roles(&ROLES[BUILTIN_ROLE_COUNT..]);
    }
    if t.bishop_pair != S::default() && pos.pieces(color::<C>(), Role::Bishop).more_than_one() {
        side.score += t.bishop_pair;
        if T {
            side.terms[T_PAIR] += t.bishop_pair;
        }
    }

    // King square and pawn shield.
    let k = cm.kings[C] & 127;
    let pawns = cm.pawns[C];
    side.attacks |= t.king[k] | cm.pawn_entry.attacks[C];
    side.score += t.psq[C][Role::King.index()][k];
    let shelter = |k: usize| {
        ((t.shield1[C][k] & pawns).count() as i32 * t.w.shield[0]
            + (t.shield2[C][k] & pawns).count() as i32 * t.w.shield[1])
            * t.shield_scale[C][k]
            / 2
    };
    let mut shield = shelter(k);
    // A king that may still castle counts the shelter it can castle into.
    let rights = pos.castling_rights() >> (2 * C) & 3;
    if rights != 0 {
        for (side_idx, &to) in t.castle_to[C].iter().enumerate() {
            if rights >> side_idx & 1 != 0 {
                shield = shield.max(shelter(to as usize & 127));
            }
        }
    }
    side.score.mg += shield;
    if T {
        side.terms[T_KING] += t.psq[C][Role::King.index()][k];
        side.terms[T_SHIELD] += s(shield, 0);
    }

    // Pawn-role pieces (cached): squares, advancement, passed pawns; then the kings'
    // distances to the passed ones.
    let pe = &cm.pawn_entry;
    side.score += pe.squares[C] + pe.passed_bonus[C];
    side.score += pe.structure[C];
    // Our pieces attacked by their pawn-role pieces.
    let threatened = (cm.by[C] & !pawns & !B::bit(k) & cm.pawn_entry.attacks[them]).count() as i32;
    side.score -= t.w.pawn_threat * threatened;
    let mut proximity = 0;
    let their_king = cm.kings[them] & 127;
    for sq in pe.passed[C].iter() {
        let sq = sq & 127;
        let w = t.passed_king_weight[C][sq];
        let theirs = t.block_kdist[C][sq << 7 | their_king].min(5) as i32;
        let ours = t.block_kdist[C][sq << 7 | k].min(5) as i32;
        proximity += w * (t.w.passed_king[0] * theirs - t.w.passed_king[1] * ours);
    }
    side.score.eg += proximity;
    if T {
        let v = t.value[Role::Pawn.index()] * pawns.count() as i32;
        side.terms[T_MATERIAL] += s(v, v);
        side.terms[T_PAWNS] += pe.squares[C] - s(v, v);
        side.terms[T_PASSED] += pe.passed_bonus[C] + s(0, proximity);
    }
    side
}

/// Side `C`'s threats on the other side's men: pieces attacked by a clearly lesser piece
/// (a share of the victim's value), and men other than the king attacked and not defended.
#[inline(always)]
fn threats<B: EvalCache, const C: usize>(
    pos: &Position<B>,
    t: &GameTables<B>,
    cm: &Common<B>,
    us: &Side<B>,
    them: &Side<B>,
) -> S {
    let other = color::<C>().other();
    let mut score = S::default();
    for v in &t.threats.victims[..t.threats.count] {
        let victims = pos.pieces(other, Role::from_index(v.role as usize));
        if victims.is_empty() {
            continue;
        }
        let mut lesser = B::EMPTY;
        let mut roles = v.lesser;
        while roles != 0 {
            lesser |= us.by_role[roles.trailing_zeros() as usize];
            roles &= roles - 1;
        }
        score += v.bonus * (victims & lesser).count() as i32;
    }
    let theirs = cm.by[1 - C] & !B::bit(cm.kings[1 - C] & 127);
    let hanging = theirs & us.attacks & !them.attacks;
    score + t.w.hanging * hanging.count() as i32
}

/// A pawn the defending king cannot catch, when the defender has only king and pawns: the
/// best such pawn's bonus.
#[inline(never)]
fn unstoppable<B: EvalCache>(t: &GameTables<B>, cm: &Common<B>, c: usize, stm: usize) -> i32 {
    let them = 1 - c;
    let mut best = 0;
    for sq in cm.pawns[c].iter() {
        let sq = sq & 127;
        let qd = t.qdist[c][sq];
        if qd == FAR || (t.front_span[c][sq] & cm.occ).any() {
            continue;
        }
        let kd = t.promo_kdist[c][sq << 7 | (cm.kings[them] & 127)] as i32
            - if stm == them { 1 } else { 0 };
        if kd > qd as i32 {
            best = best.max(t.gain[c][sq] * 2 / 3 - 20 * qd as i32);
        }
    }
    best
}

/// Diagonal Chess: pawns on their way to the goal corner.
#[inline(never)]
fn race<B: EvalCache>(t: &GameTables<B>, cm: &Common<B>, c: usize, stm: usize) -> i32 {
    let mut total = 0;
    for sq in cm.pawns[c].iter() {
        let sq = sq & 127;
        let d = t.goal_dist[c][sq];
        if d == FAR || d == 0 {
            continue;
        }
        let free = (t.goal_path[c][sq] & cm.occ).is_empty();
        total += if free && d == 1 && stm == c {
            GOAL_NEXT_MOVE
        } else if free {
            RACE_FREE[(d as usize).min(7)]
        } else {
            RACE_BLOCKED[(d as usize).min(7)]
        };
    }
    total
}

/// The evaluation from White's point of view.
#[inline(never)]
pub fn eval_white<B: EvalCache>(pos: &Position<B>, t: &GameTables<B>) -> i32 {
    match pos.rules().shape {
        ShapeId::Orthodox => eval_white_traced::<B, false, Orthodox>(pos, t).0,
        ShapeId::OrthodoxLeaper => eval_white_traced::<B, false, OrthodoxLeaper>(pos, t).0,
        ShapeId::KnightCompounds => eval_white_traced::<B, false, KnightCompounds>(pos, t).0,
        ShapeId::Any => eval_white_traced::<B, false, AnyShape>(pos, t).0,
    }
}

/// The evaluation from White's point of view, with its terms per side when `T`.
#[inline(always)]
fn eval_white_traced<B: EvalCache, const T: bool, SH: Shape>(
    pos: &Position<B>,
    t: &GameTables<B>,
) -> (i32, [[S; 11]; 2], i32) {
    let stm = pos.side_to_move().index();
    let by = [pos.color_bb(Color::White), pos.color_bb(Color::Black)];
    let pawns = [
        pos.pieces(Color::White, Role::Pawn),
        pos.pieces(Color::Black, Role::Pawn),
    ];
    let cm = Common {
        occ: by[0] | by[1],
        by,
        pawns,
        pawn_entry: crate::pawns::probe(t, pawns),
        kings: [pos.king_cell(Color::White), pos.king_cell(Color::Black)],
    };
    let mut w = side_pass::<B, WHITE, T, SH>(pos, t, &cm);
    let mut b = side_pass::<B, BLACK, T, SH>(pos, t, &cm);

    let threat = [
        threats::<B, WHITE>(pos, t, &cm, &w, &b),
        threats::<B, BLACK>(pos, t, &cm, &b, &w),
    ];
    w.score += threat[0];
    b.score += threat[1];
    if T {
        w.terms[T_THREATS] = threat[0];
        b.terms[T_THREATS] = threat[1];
    }

    let mut races = [S::default(); 2];
    if b.npm == 0 && pawns[0].any() {
        races[0].eg += unstoppable(t, &cm, WHITE, stm);
    }
    if w.npm == 0 && pawns[1].any() {
        races[1].eg += unstoppable(t, &cm, BLACK, stm);
    }
    if t.has_goal {
        let rw = race(t, &cm, WHITE, stm);
        let rb = race(t, &cm, BLACK, stm);
        races[0] += s(rw, rw);
        races[1] += s(rb, rb);
    }
    w.score += races[0];
    b.score += races[1];

    // King danger: quadratic in the weighted attacks, stronger with more attackers.
    let penalty = |a: &Side<B>| king_danger_penalty(a.danger, a.attackers, t.w.king_danger);
    let (pw, pb) = (penalty(&b), penalty(&w));
    w.score.mg -= pw;
    b.score.mg -= pb;
    if T {
        w.terms[T_RACES] = races[0];
        b.terms[T_RACES] = races[1];
        w.terms[T_DANGER] = s(-pw, 0);
        b.terms[T_DANGER] = s(-pb, 0);
    }

    let total = w.score - b.score;
    let phase = ((w.npm + b.npm).min(t.phase_max) * t.phase_mult) >> 16;
    let mut v = (total.mg * phase + total.eg * (256 - phase)) / 256;

    // Material that cannot win: no pawns and at most a minor piece more.
    let (strong, weak) = if v > 0 { (&w, &b) } else { (&b, &w) };
    let (strong_c, weak_c) = if v > 0 {
        (WHITE, BLACK)
    } else {
        (BLACK, WHITE)
    };
    if pawns[strong_c].is_empty() && strong.npm - weak.npm <= t.minor_max {
        v /= 8;
    } else if weak.npm == 0 && pawns[weak_c].is_empty() && strong.npm > t.minor_max {
        // Mating a bare king: drive it to the rim, bring our king closer.
        let sign = if strong_c == WHITE { 1 } else { -1 };
        let rim = -t.centre16[cm.kings[weak_c] & 127] * 3;
        let close = 8 - (t.king_dist[(cm.kings[0] & 127) << 7 | (cm.kings[1] & 127)] as i32).min(8);
        v += sign * (rim + 10 * close);
    }

    (
        v + if stm == WHITE { t.w.tempo } else { -t.w.tempo },
        [w.terms, b.terms],
        phase,
    )
}

/// Each term's (middle game, end game) score per side, `[white, black]`, by [`TERMS`] index.
pub fn term_scores<B: EvalCache>(pos: &Position<B>) -> [[S; 11]; 2] {
    eval_white_traced::<B, true, AnyShape>(pos, tables_for(pos.rules())).1
}

/// The evaluation's terms for people: per term, White's and Black's (middle game, end
/// game) scores, then the phase and the final score from the side to move's view.
pub fn trace<B: EvalCache>(pos: &Position<B>) -> String {
    let t = tables_for(pos.rules());
    let (white, terms, phase) = eval_white_traced::<B, true, AnyShape>(pos, t);
    let mut out = format!(
        "{:<14} {:>13} {:>13} {:>13}\n",
        "term", "white mg/eg", "black mg/eg", "diff mg/eg"
    );
    for (i, name) in TERMS.iter().enumerate() {
        let (w, b) = (terms[0][i], terms[1][i]);
        let d = w - b;
        out += &format!(
            "{name:<14} {:>6}/{:<6} {:>6}/{:<6} {:>6}/{:<6}\n",
            w.mg, w.eg, b.mg, b.eg, d.mg, d.eg
        );
    }
    let stm = if pos.side_to_move() == Color::White {
        white
    } else {
        -white
    };
    out += &format!("phase {phase}/256 (middle game weight), tempo {}, score {white} for White, {stm} for the side to move\n", t.w.tempo);
    out
}
