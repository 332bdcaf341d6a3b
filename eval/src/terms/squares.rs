//! Piece-square tables: material plus, for each piece, its expected number of destinations
//! on that cell (the same sampling as the piece values, see `values`) minus its board
//! average, times a per-role weight, so a knight next to a hole, which loses jumps, is worth
//! less there. Live mobility (counted in the evaluation) is centred on the role's expected
//! count, folded in here. The king pays for every step away from its camp and for
//! centrality in the middle game and earns centrality in the end game; the pawn-role piece
//! earns advancement (a share of its promotion gain by distance) and centrality.

use super::board_graph::{symmetry_orbits, BoardGraph};
use super::pawn_paths::PawnPaths;
use crate::score::{s, S};
use crate::shared::{king_square, pawn_square, FAR};
use crate::values;
use crate::weights::Weights;
use oblique_engine::rules::Rules;
use oblique_engine::types::ROLE_COUNT;
use oblique_engine::variant::VariantSpec;
use oblique_engine::Role;
use oblique_tables::Bitboard;

// The weights (per-role piece-square and mobility weights, king walk and centrality, pawn
// centrality and advancement) are data: `crate::weights::Weights`.

/// Expected destinations of every role on every cell (pawn and absent roles 0), averaged
/// over the board's symmetries so that sampling noise never makes a cell and its mirror
/// image differ (a position and its colour-flipped mirror must score the same).
pub fn cell_mobility<B: Bitboard>(spec: &VariantSpec, rules: &Rules<B>) -> Vec<Vec<f64>> {
    let n = rules.cells;
    let occs = values::samples::<B>(n, values::fit().density);
    let orbits = symmetry_orbits(rules);
    (0..ROLE_COUNT)
        .map(|i| {
            let role = Role::from_index(i);
            if role == Role::Pawn || !spec.roles.contains(&role) {
                vec![0.0; n]
            } else {
                let raw = values::cell_mobility(rules, role, &occs);
                orbits
                    .iter()
                    .map(|orbit| orbit.iter().map(|&x| raw[x]).sum::<f64>() / orbit.len() as f64)
                    .collect()
            }
        })
        .collect()
}

/// Material + piece-square (+ mobility centring) per colour, role and cell.
pub fn piece_squares<B: Bitboard>(
    spec: &VariantSpec,
    rules: &Rules<B>,
    graph: &BoardGraph<B>,
    value: &[i32; ROLE_COUNT],
    paths: &[PawnPaths<B>; 2],
    w: &Weights,
) -> [[Vec<S>; ROLE_COUNT]; 2] {
    let n = rules.cells;
    let cell_mob = cell_mobility(spec, rules);
    [0, 1].map(|c| {
        let home = &graph.home[c];
        std::array::from_fn(|i| {
            let role = Role::from_index(i);
            let v = value[i];
            let offset = w.material.get(i);
            let pst = w.piece_square.get(i);
            let (wm, we) = (pst.mg as f64, pst.eg as f64);
            let mob = &cell_mob[i];
            let mean = if n > 0 {
                mob.iter().sum::<f64>() / n as f64
            } else {
                0.0
            };
            let mw = w.mobility.get(i);
            (0..n)
                .map(|sq| {
                    let centre = graph.centre[sq];
                    match role {
                        Role::King => {
                            let away = if home[sq] == FAR {
                                8.0
                            } else {
                                home[sq] as f64
                            };
                            king_square(
                                away,
                                centre,
                                w.king_home_step as f64,
                                w.king_centre.mg as f64,
                                w.king_centre.eg as f64,
                            )
                        }
                        Role::Pawn => pawn_square(
                            s(v + offset.mg, v + offset.eg),
                            paths[c].gain[sq] as f64,
                            paths[c].qdist[sq].min(7) as usize,
                            centre,
                            (w.pawn_centre.mg as f64, w.pawn_centre.eg as f64),
                            (
                                w.advance_percent.mg as f64 / 100.0,
                                w.advance_percent.eg as f64 / 100.0,
                            ),
                        ),
                        _ => {
                            let d = mob[sq] - mean;
                            s(
                                v + offset.mg + (wm * d).round() as i32
                                    - (mw.mg as f64 * mean).round() as i32,
                                v + offset.eg + (we * d).round() as i32
                                    - (mw.eg as f64 * mean).round() as i32,
                            )
                        }
                    }
                })
                .collect()
        })
    })
}
