//! Star Trek chess: values, squares and the evaluation, built on the engine's public 3D
//! geometry (`startrek::geometry()`) and the position's public accessors.
//!
//! * **Values** as for the 2D games (`values`): mean destinations at the fitted density,
//!   here in the start position's geometry (the 48 main-board squares and the four attack
//!   boards on their home pins; sliders pass implied squares, knights take the level skip
//!   where no square covers the target), priced by the same `a · m^b`.
//! * **Squares**: centrality is the mean king-step distance from a cell to the 48 main-board
//!   squares, so the neutral board at level 4 is the centre; pieces earn it by role, the king
//!   pays for leaving its own camp in the middle game and earns centrality in the end game.
//! * **Pawns**: quiet-move distance to promotion (forward, vertical and rook-pawn steps,
//!   BFS), advancement and passed-pawn bonuses as in 2D (no enemy pawn on a neighbouring or
//!   the same file ahead of it, on any level).
//! * **Mobility** of knights and sliders in the current geometry, **king danger** from
//!   enemy pieces attacking the cells around the king, and the tapered blend by phase.

use crate::score::{s, S};
use crate::shared::{
    bfs, centrality, king_attack_weight, king_danger_penalty, king_square, pawn_square,
};
use crate::values::{self, RoleValue, SplitMix};
use oblique_engine::search::Evaluator;
use oblique_engine::startrek::bitset::CELLS;
use oblique_engine::startrek::geometry::{geometry, BoxGeometry, NONE};
use oblique_engine::startrek::position::{bishop_attacks, rook_attacks};
use oblique_engine::startrek::{Cells, StarTrekPosition};
use oblique_engine::Game;
use oblique_engine::{Color, Role};
use oblique_tables::Bitboard;
use once_cell::sync::Lazy;

/// The roles of Star Trek chess: the orthodox six.
const ROLES: &[Role] = oblique_engine::variant::STANDARD_ROLES;

/// Pins holding attack boards in the start position.
const START_PINS: [&str; 4] = ["b1(1)", "e1(1)", "b8(7)", "e8(7)"];

const TEMPO: i32 = 10;
/// King danger scale (256ths, see `shared::king_danger_penalty`).
const KING_DANGER: i32 = 16;

/// King-walk and centrality weights (the neutral board at level 4 is the centre, so the
/// middle-game king is kept from it less than on a 2D board).
const KING_HOME_STEP_MG: f64 = 25.0;
const KING_CENTRE_MG: f64 = 10.0;
const KING_CENTRE_EG: f64 = 18.0;

/// Where squares exist and which main-board cells have a square above / below them.
#[derive(Clone, Copy)]
struct Layout {
    exists: Cells,
    cover_below: Cells,
    cover_above: Cells,
}

fn layout_of(g: &BoxGeometry, occupied_pin: impl Fn(usize) -> bool) -> Layout {
    let mut l = Layout {
        exists: g.main,
        cover_below: Cells::EMPTY,
        cover_above: Cells::EMPTY,
    };
    for (i, p) in g.pins.iter().enumerate() {
        if occupied_pin(i) {
            l.exists |= p.footprint;
            l.cover_below |= p.mb_above;
            l.cover_above |= p.mb_below;
        }
    }
    l
}

/// Cells a non-pawn piece attacks (existing cells only).
#[inline(always)]
fn attacks(g: &BoxGeometry, role: Role, sq: usize, occ: Cells, l: &Layout) -> Cells {
    let a = match role {
        Role::Knight => {
            let mut k = g.knight_direct[sq];
            k |= g.knight_skip_up[sq] & !l.cover_below;
            k |= g.knight_skip_down[sq] & !l.cover_above;
            k
        }
        Role::Bishop => bishop_attacks(g, sq, occ),
        Role::Rook => rook_attacks(g, sq, occ),
        Role::Queen => rook_attacks(g, sq, occ) | bishop_attacks(g, sq, occ),
        Role::King => g.king[sq],
        _ => Cells::EMPTY,
    };
    a & l.exists
}

/// Pawn moves of one colour from a cell, in the given layout and occupancy.
fn pawn_moves(g: &BoxGeometry, c: usize, sq: usize, occ: Cells, l: &Layout) -> (Cells, Cells) {
    let t = &g.pawn[c];
    let mut quiet = Cells::EMPTY;
    for x in [t.forward[sq], t.up[sq], t.rook_pawn[sq]] {
        if x != NONE {
            quiet.set(x as usize);
        }
    }
    if (t.up[sq] == NONE || !l.exists.has(t.up[sq] as usize)) && t.up_skip[sq] != NONE {
        quiet.set(t.up_skip[sq] as usize);
    }
    let cover = if c == 0 { l.cover_below } else { l.cover_above };
    let capture = (t.diag[sq] | t.lateral[sq] | (t.lateral_skip[sq] & !cover)) & l.exists;
    (quiet & l.exists & !occ, capture & occ)
}

struct Tables {
    values: Vec<RoleValue>,
    value: [i32; 8],
    /// Material + squares per colour, role, cell. (The per-cell tables are fixed-size
    /// arrays, read with one index and no pointer to follow.)
    psq: [[[S; CELLS]; 8]; 2],
    passed_mask: [[Cells; CELLS]; 2],
    passed_bonus: [[S; CELLS]; 2],
    /// Cells within two king steps.
    near: [Cells; CELLS],
    attack_weight: [i32; 8],
    expected_mobility: [i32; 8],
    phase_max: i32,
}

const PST_CENTRE: [(f64, f64); 8] = [
    (8.0, 4.0),  // pawn
    (12.0, 8.0), // knight
    (8.0, 6.0),  // bishop
    (4.0, 4.0),  // rook
    (4.0, 6.0),  // queen
    (0.0, 0.0),  // king (own terms)
    (0.0, 0.0),  // -
    (0.0, 0.0),  // -
];
const MOBILITY_WEIGHT: [S; 8] = [
    s(0, 0),
    s(4, 4),
    s(4, 4),
    s(3, 4),
    s(2, 3),
    s(0, 0),
    s(0, 0),
    s(0, 0),
];

fn start_layout(g: &BoxGeometry) -> Layout {
    layout_of(g, |i| START_PINS.contains(&g.pins[i].name.as_str()))
}

/// Mobility and value of every role, measured in the start position's geometry.
pub fn role_values() -> Vec<RoleValue> {
    static VALUES: Lazy<Vec<RoleValue>> = Lazy::new(compute_values);
    VALUES.clone()
}

fn compute_values() -> Vec<RoleValue> {
    let g = geometry();
    let fit = values::fit();
    let l = start_layout(g);
    let cells: Vec<usize> = l.exists.iter().collect();
    let mut rng = SplitMix::new(0x57a7_7e4b_0a4d_0001);
    let occs: Vec<Cells> = (0..values::SAMPLES)
        .map(|_| {
            let mut o = Cells::EMPTY;
            for &x in &cells {
                if rng.chance(fit.density) {
                    o.set(x);
                }
            }
            o
        })
        .collect();
    ROLES
        .iter()
        .map(|&role| {
            let mut total = 0u64;
            let mut count = 0u64;
            if role == Role::Pawn {
                for c in 0..2 {
                    let promo = g.pawn[c].promotion;
                    for &sq in &cells {
                        if promo.has(sq) {
                            continue;
                        }
                        for &occ in &occs {
                            let o = occ & !Cells::bit(sq);
                            let (quiet, capture) = pawn_moves(g, c, sq, o, &l);
                            total += 2 * quiet.count() as u64 + (capture & !quiet).count() as u64;
                            count += 2;
                        }
                    }
                }
            } else {
                for &sq in &cells {
                    for &occ in &occs {
                        let o = occ & !Cells::bit(sq);
                        let a = attacks(g, role, sq, o, &l);
                        total += 2 * (a & !o).count() as u64 + (a & o).count() as u64;
                        count += 2;
                    }
                }
            }
            let m = total as f64 / count as f64;
            let value = match role {
                Role::Pawn => values::pawn_value(&fit, m),
                Role::King => 0,
                _ => fit.value(m).round() as i32,
            };
            RoleValue {
                role,
                mobility: m,
                value,
            }
        })
        .collect()
}

fn build() -> Tables {
    let g = geometry();
    let vals = role_values();
    let mut value = [0i32; 8];
    for v in &vals {
        value[v.role.index()] = v.value;
    }
    let king_next = |x: usize| g.king[x];
    // Centrality: mean king distance to the main-board squares (all 144 cells as stepping
    // stones), below the mean over the main board.
    let main: Vec<usize> = g.main.iter().collect();
    let dist_from: Vec<Vec<u8>> = (0..CELLS)
        .map(|x| bfs(CELLS, king_next, Cells::bit(x)))
        .collect();
    let centre = centrality(CELLS, |x, y| dist_from[x][y], &main, 12);

    let start = StarTrekPosition::start();
    let mut camp = [Cells::EMPTY; 2];
    let mut phase_max = 0;
    for x in 0..CELLS {
        if let Some(p) = start.piece_at(x) {
            if p.role != Role::Pawn {
                camp[p.color.index()].set(x);
            }
            if !matches!(p.role, Role::Pawn | Role::King) {
                phase_max += value[p.role.index()];
            }
        }
    }

    let mut psq: [[Vec<S>; 8]; 2] = Default::default();
    let mut passed_mask: [Vec<Cells>; 2] = Default::default();
    let mut passed_bonus: [Vec<S>; 2] = Default::default();
    let gain = (value[Role::Queen.index()] - value[Role::Pawn.index()]) as f64;
    for c in 0..2 {
        let t = &g.pawn[c];
        // Quiet steps to promotion, every square assumed present.
        let back = {
            let mut rev = vec![Cells::EMPTY; CELLS];
            for x in 0..CELLS {
                for y in [t.forward[x], t.up[x], t.up_skip[x], t.rook_pawn[x]] {
                    if y != NONE {
                        rev[y as usize].set(x);
                    }
                }
            }
            rev
        };
        let qd = bfs(CELLS, |x| back[x], t.promotion);
        let home = bfs(CELLS, king_next, camp[c]);
        for (i, table) in psq[c].iter_mut().enumerate() {
            let role = Role::from_index(i);
            let v = value[i];
            let (wm, we) = PST_CENTRE[i];
            *table = (0..CELLS)
                .map(|x| match role {
                    Role::King => king_square(
                        home[x].min(8) as f64,
                        centre[x],
                        KING_HOME_STEP_MG,
                        KING_CENTRE_MG,
                        KING_CENTRE_EG,
                    ),
                    Role::Pawn => pawn_square(
                        s(v, v),
                        gain,
                        qd[x].min(9) as usize,
                        centre[x],
                        (wm, we),
                        (1.0, 1.0),
                    ),
                    _ => s(
                        v + (wm * centre[x]).round() as i32,
                        v + (we * centre[x]).round() as i32,
                    ),
                })
                .collect();
        }
        let dr = if c == 0 { 1 } else { -1 };
        passed_mask[c] = (0..CELLS)
            .map(|x| {
                let (f, r, _) = g.coord[x];
                Cells::from_indices((0..CELLS).filter(|&y| {
                    let (f2, r2, _) = g.coord[y];
                    (f2 - f).abs() <= 1 && (r2 - r) * dr >= 0 && y != x
                }))
            })
            .collect();
        passed_bonus[c] = (0..CELLS)
            .map(|x| crate::shared::passed_bonus(gain, qd[x].min(9) as usize))
            .collect();
    }
    let near: Vec<Cells> = (0..CELLS)
        .map(|x| {
            let mut m = g.king[x] | Cells::bit(x);
            for y in g.king[x].iter() {
                m |= g.king[y];
            }
            m
        })
        .collect();
    let mut attack_weight = [0i32; 8];
    let mut expected_mobility = [0i32; 8];
    for v in &vals {
        if !matches!(v.role, Role::Pawn | Role::King) {
            attack_weight[v.role.index()] = king_attack_weight(v.value);
            expected_mobility[v.role.index()] = v.mobility.round() as i32;
        }
    }
    Tables {
        values: vals,
        value,
        psq: psq.map(|by_role| by_role.map(|t| per_cell(&t))),
        passed_mask: passed_mask.map(|t| per_cell(&t)),
        passed_bonus: passed_bonus.map(|t| per_cell(&t)),
        near: per_cell(&near),
        attack_weight,
        expected_mobility,
        phase_max: phase_max.max(1),
    }
}

/// A per-cell table as a fixed-size array.
fn per_cell<T: Copy + Default>(v: &[T]) -> [T; CELLS] {
    let mut a = [T::default(); CELLS];
    a.copy_from_slice(v);
    a
}

static TABLES: Lazy<Tables> = Lazy::new(build);

/// One side's terms: material, squares, mobility, passed pawns, and its attack on the
/// enemy king's surroundings (`danger`, `attackers`), kept in locals rather than in arrays
/// indexed by colour.
struct SideTerms {
    score: S,
    npm: i32,
    danger: i32,
    attackers: i32,
}

#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn side(
    t: &Tables,
    g: &BoxGeometry,
    pos: &StarTrekPosition,
    color: Color,
    occ: Cells,
    l: &Layout,
    their_king: usize,
    their_pawns: Cells,
) -> SideTerms {
    let c = color.index();
    let psq = &t.psq[c];
    let own = pos.color_bb(color);
    let near_king = t.near[their_king];
    let mut st = SideTerms {
        score: S::default(),
        npm: 0,
        danger: 0,
        attackers: 0,
    };
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        let ri = role.index();
        for x in pos.pieces(color, role).iter() {
            st.score += psq[ri][x];
            st.npm += t.value[ri];
            let a = attacks(g, role, x, occ, l);
            let mob = (a & !own).count() as i32 - t.expected_mobility[ri];
            st.score += MOBILITY_WEIGHT[ri] * mob;
            let hits = (a & near_king).count() as i32;
            if hits > 0 {
                st.attackers += 1;
                st.danger += t.attack_weight[ri] * hits;
            }
        }
    }
    st.score += psq[Role::King.index()][pos.king_cell(color)];
    let passed_mask = &t.passed_mask[c];
    let passed_bonus = &t.passed_bonus[c];
    for x in pos.pieces(color, Role::Pawn).iter() {
        st.score += psq[Role::Pawn.index()][x];
        if (passed_mask[x] & their_pawns).is_empty() {
            st.score += passed_bonus[x];
        }
    }
    st
}

/// Score of a Star Trek position from the side to move's point of view.
pub fn evaluate(pos: &StarTrekPosition) -> i32 {
    let t = &*TABLES;
    let g = geometry();
    // The position's sets and current geometry, as make/unmake keep them. (Until 320508c
    // this walked the existing cells with `piece_at` and rebuilt the masks with `layout_of`
    // over the pins, about half the cost of a call. The masks are equal because no two pins
    // share a footprint or covered cell, so the position's XOR updates are ORs: the tests
    // `pin_masks_are_disjoint` and `accessors_match_a_walk_over_the_cells` check both.)
    let l = Layout {
        exists: pos.existing_cells(),
        cover_below: pos.cover_below(),
        cover_above: pos.cover_above(),
    };
    let kings = [pos.king_cell(Color::White), pos.king_cell(Color::Black)];
    let occ = pos.occupied();
    let pawns = [
        pos.pieces(Color::White, Role::Pawn),
        pos.pieces(Color::Black, Role::Pawn),
    ];
    let white = side(t, g, pos, Color::White, occ, &l, kings[1], pawns[1]);
    let black = side(t, g, pos, Color::Black, occ, &l, kings[0], pawns[0]);
    let mut score = [white.score, black.score];
    let npm = [white.npm, black.npm];
    let danger = [white.danger, black.danger];
    let attackers = [white.attackers, black.attackers];
    for (c, sc) in score.iter_mut().enumerate() {
        let a = 1 - c;
        sc.mg -= king_danger_penalty(danger[a], attackers[a], KING_DANGER);
    }
    let total = score[0] - score[1];
    let phase = (npm[0] + npm[1]).min(t.phase_max);
    let mut v = (total.mg * phase + total.eg * (t.phase_max - phase)) / t.phase_max;
    // Bare minor pieces cannot win.
    let strong = if v > 0 { 0 } else { 1 };
    if pawns[strong].is_empty()
        && npm[strong] - npm[1 - strong]
            <= t.value[Role::Bishop.index()].max(t.value[Role::Knight.index()])
    {
        v /= 8;
    }
    let white = v + if pos.side_to_move() == Color::White {
        TEMPO
    } else {
        -TEMPO
    };
    if pos.side_to_move() == Color::White {
        white
    } else {
        -white
    }
}

impl Evaluator<StarTrekPosition> for crate::Evaluation {
    fn evaluate(&self, pos: &StarTrekPosition) -> i32 {
        use crate::nnue::features::NetPosition;
        match crate::nnue::nets::for_startrek() {
            Some(net) => {
                let learnt = crate::nnue::accumulator::evaluate(
                    net,
                    pos.piece_sets(),
                    pos.attack_boards(),
                    pos.side_to_move(),
                );
                if net.residual {
                    learnt + evaluate(pos)
                } else {
                    learnt
                }
            }
            None => evaluate(pos),
        }
    }
}

/// The values table (for tests).
pub fn values_table() -> &'static [RoleValue] {
    &TABLES.values
}

#[cfg(test)]
#[path = "startrek_change_detector.rs"]
mod change_detector;
