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

use crate::tables::{s, S};
use crate::values::{self, RoleValue, SplitMix};
use oblique_engine::search::Evaluator;
use oblique_engine::startrek::bitset::CELLS;
use oblique_engine::startrek::geometry::{geometry, Geometry, NONE};
use oblique_engine::startrek::{Cells, StarTrekPosition};
use oblique_engine::{Color, Role};
use once_cell::sync::Lazy;

/// The roles of Star Trek chess.
const ROLES: [Role; 6] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
    Role::King,
];

/// Pins holding attack boards in the start position.
const START_PINS: [&str; 4] = ["b1(1)", "e1(1)", "b8(7)", "e8(7)"];

const FAR: u8 = u8::MAX;
const TEMPO: i32 = 10;

/// Where squares exist and which main-board cells have a square above / below them.
#[derive(Clone, Copy)]
struct Layout {
    exists: Cells,
    cover_below: Cells,
    cover_above: Cells,
}

fn layout_of(g: &Geometry, occupied_pin: impl Fn(usize) -> bool) -> Layout {
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

#[inline(always)]
fn ray_attacks(g: &Geometry, sq: usize, dirs: std::ops::Range<usize>, occ: Cells) -> Cells {
    let rays = &g.rays[sq];
    let mut a = Cells::EMPTY;
    for d in dirs {
        let ray = rays[d];
        let b = ray & occ;
        a |= if b.is_empty() {
            ray
        } else if oblique_engine::startrek::geometry::dir_is_positive(d) {
            ray ^ g.rays[b.lsb()][d]
        } else {
            ray ^ g.rays[b.msb()][d]
        };
    }
    a
}

/// Cells a non-pawn piece attacks (existing cells only).
#[inline(always)]
fn attacks(g: &Geometry, role: Role, sq: usize, occ: Cells, l: &Layout) -> Cells {
    let a = match role {
        Role::Knight => {
            let mut k = g.knight_direct[sq];
            k |= g.knight_skip_up[sq] & !l.cover_below;
            k |= g.knight_skip_down[sq] & !l.cover_above;
            k
        }
        Role::Bishop => ray_attacks(g, sq, 6..18, occ),
        Role::Rook => ray_attacks(g, sq, 0..6, occ),
        Role::Queen => ray_attacks(g, sq, 0..18, occ),
        Role::King => g.king[sq],
        _ => Cells::EMPTY,
    };
    a & l.exists
}

/// Pawn moves of one colour from a cell, in the given layout and occupancy.
fn pawn_moves(g: &Geometry, c: usize, sq: usize, occ: Cells, l: &Layout) -> (Cells, Cells) {
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
    /// Material + squares per colour, role, cell.
    psq: [[Vec<S>; 8]; 2],
    passed_mask: [Vec<Cells>; 2],
    passed_bonus: [Vec<S>; 2],
    /// Cells within two king steps.
    near: Vec<Cells>,
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
const PASSED_SHARE_EG: [f64; 10] = [0.0, 0.30, 0.17, 0.09, 0.05, 0.03, 0.02, 0.01, 0.0, 0.0];
const ADVANCE_SHARE_EG: [f64; 10] = [0.0, 0.06, 0.035, 0.02, 0.012, 0.006, 0.003, 0.0, 0.0, 0.0];

fn start_layout(g: &Geometry) -> Layout {
    layout_of(g, |i| START_PINS.contains(&g.pins[i].name.as_str()))
}

/// BFS distances on a graph given as successor sets.
fn bfs(next: &dyn Fn(usize) -> Cells, sources: Cells) -> Vec<u8> {
    let mut dist = vec![FAR; CELLS];
    let mut seen = sources;
    let mut frontier = sources;
    let mut d = 0u8;
    while frontier.any() {
        let mut nx = Cells::EMPTY;
        for x in frontier.iter() {
            dist[x] = d;
            nx |= next(x);
        }
        nx &= !seen;
        seen |= nx;
        frontier = nx;
        d += 1;
    }
    dist
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
    let mut rng = SplitMix(0x57a7_7e4b_0a4d_0001);
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
    let dist_from: Vec<Vec<u8>> = (0..CELLS).map(|x| bfs(&king_next, Cells::bit(x))).collect();
    let closeness: Vec<f64> = (0..CELLS)
        .map(|x| {
            main.iter()
                .map(|&y| dist_from[x][y].min(12) as f64)
                .sum::<f64>()
                / main.len() as f64
        })
        .collect();
    let mean = main.iter().map(|&y| closeness[y]).sum::<f64>() / main.len() as f64;
    let centre: Vec<f64> = closeness.iter().map(|c| mean - c).collect();

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
        let qd = bfs(&|x| back[x], t.promotion);
        let home = bfs(&king_next, camp[c]);
        for (i, table) in psq[c].iter_mut().enumerate() {
            let role = Role::from_index(i);
            let v = value[i];
            let (wm, we) = PST_CENTRE[i];
            *table = (0..CELLS)
                .map(|x| match role {
                    Role::King => {
                        let away = home[x].min(8) as f64;
                        s(
                            (-25.0 * away - 10.0 * centre[x]).round() as i32,
                            (18.0 * centre[x]).round() as i32,
                        )
                    }
                    Role::Pawn => {
                        let q = (qd[x].min(9)) as usize;
                        let adv = gain * ADVANCE_SHARE_EG[q];
                        s(
                            v + (0.5 * adv + wm * centre[x]).round() as i32,
                            v + (adv + we * centre[x]).round() as i32,
                        )
                    }
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
                Cells::from_cells((0..CELLS).filter(|&y| {
                    let (f2, r2, _) = g.coord[y];
                    (f2 - f).abs() <= 1 && (r2 - r) * dr >= 0 && y != x
                }))
            })
            .collect();
        passed_bonus[c] = (0..CELLS)
            .map(|x| {
                let q = (qd[x].min(9)) as usize;
                let eg = gain * PASSED_SHARE_EG[q];
                s((0.5 * eg).round() as i32, eg.round() as i32)
            })
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
            attack_weight[v.role.index()] = ((v.value + 85) / 170).max(1);
            expected_mobility[v.role.index()] = v.mobility.round() as i32;
        }
    }
    Tables {
        values: vals,
        value,
        psq,
        passed_mask,
        passed_bonus,
        near,
        attack_weight,
        expected_mobility,
        phase_max: phase_max.max(1),
    }
}

static TABLES: Lazy<Tables> = Lazy::new(build);

/// Score of a Star Trek position from the side to move's point of view.
pub fn evaluate(pos: &StarTrekPosition) -> i32 {
    let t = &*TABLES;
    let g = geometry();
    // The position's sets, read through its public accessors.
    // Pieces stand only on existing squares (at most 64 of the 144 cells).
    let l = layout_of(g, |i| pos.pin_occupied(i));
    let mut by_color = [Cells::EMPTY; 2];
    let mut by_role = [Cells::EMPTY; 8];
    let mut kings = [0usize; 2];
    for x in l.exists.iter() {
        if let Some(p) = pos.piece_at(x) {
            by_color[p.color.index()].set(x);
            by_role[p.role.index()].set(x);
            if p.role == Role::King {
                kings[p.color.index()] = x;
            }
        }
    }
    let occ = by_color[0] | by_color[1];
    let pawns = [
        by_color[0] & by_role[Role::Pawn.index()],
        by_color[1] & by_role[Role::Pawn.index()],
    ];
    let mut score = [S::default(); 2];
    let mut npm = [0i32; 2];
    let mut danger = [0i32; 2];
    let mut attackers = [0i32; 2];
    for c in 0..2 {
        let them = 1 - c;
        let near_king = t.near[kings[them]];
        for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
            let ri = role.index();
            for x in (by_color[c] & by_role[ri]).iter() {
                score[c] += t.psq[c][ri][x];
                npm[c] += t.value[ri];
                let a = attacks(g, role, x, occ, &l);
                let mob = (a & !by_color[c]).count() as i32 - t.expected_mobility[ri];
                score[c] += MOBILITY_WEIGHT[ri] * mob;
                let hits = (a & near_king).count() as i32;
                if hits > 0 {
                    attackers[c] += 1;
                    danger[c] += t.attack_weight[ri] * hits;
                }
            }
        }
        score[c] += t.psq[c][Role::King.index()][kings[c]];
        for x in pawns[c].iter() {
            score[c] += t.psq[c][Role::Pawn.index()][x];
            if (t.passed_mask[c][x] & pawns[them]).is_empty() {
                score[c] += t.passed_bonus[c][x];
            }
        }
    }
    for (c, sc) in score.iter_mut().enumerate() {
        let a = 1 - c;
        let penalty = (danger[a] * danger[a] * attackers[a].min(4) / 16).min(900);
        sc.mg -= penalty;
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
        evaluate(pos)
    }
}

/// The values table (for tests).
pub fn values_table() -> &'static [RoleValue] {
    &TABLES.values
}
