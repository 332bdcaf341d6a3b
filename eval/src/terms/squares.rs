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
use oblique_engine::rules::Rules;
use oblique_engine::variant::VariantSpec;
use oblique_engine::Role;
use oblique_tables::Bitboard;

/// Piece-square weight per role: centipawns per expected destination above the board's
/// average on that cell (pawn and king have their own terms).
const PST_WEIGHT: [(f64, f64); 8] = [
    (0.0, 0.0), // pawn
    (5.0, 4.0), // knight
    (3.0, 3.0), // bishop
    (1.0, 1.0), // rook
    (1.0, 1.0), // queen
    (0.0, 0.0), // king
    (3.0, 3.0), // ultra
    (2.0, 2.0), // chancellor
];

/// Live mobility weight per role: centipawns per safe destination (cells not ours and not
/// attacked by enemy pawn-role pieces), centred on the role's expected mobility.
pub const MOBILITY_WEIGHT: [S; 8] = [
    s(0, 0),
    s(5, 5),
    s(5, 5),
    s(3, 5),
    s(2, 4),
    s(0, 0),
    s(4, 4),
    s(2, 4),
];

/// King-walk and centrality weights.
const KING_HOME_STEP_MG: f64 = 25.0;
const KING_CENTRE_MG: f64 = 30.0;
const KING_CENTRE_EG: f64 = 18.0;
const PAWN_CENTRE_MG: f64 = 10.0;

/// Expected destinations of every role on every cell (pawn and absent roles 0), averaged
/// over the board's symmetries so that sampling noise never makes a cell and its mirror
/// image differ (a position and its colour-flipped mirror must score the same).
pub fn cell_mobility<B: Bitboard>(spec: &VariantSpec, rules: &Rules<B>) -> Vec<Vec<f64>> {
    let n = rules.cells;
    let occs = values::samples::<B>(n, values::fit().density);
    let orbits = symmetry_orbits(rules);
    (0..8)
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
    value: &[i32; 8],
    paths: &[PawnPaths<B>; 2],
) -> [[Vec<S>; 8]; 2] {
    let n = rules.cells;
    let cell_mob = cell_mobility(spec, rules);
    [0, 1].map(|c| {
        let home = &graph.home[c];
        std::array::from_fn(|i| {
            let role = Role::from_index(i);
            let v = value[i];
            let (wm, we) = PST_WEIGHT[i];
            let mob = &cell_mob[i];
            let mean = if n > 0 {
                mob.iter().sum::<f64>() / n as f64
            } else {
                0.0
            };
            let mw = MOBILITY_WEIGHT[i];
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
                                KING_HOME_STEP_MG,
                                KING_CENTRE_MG,
                                KING_CENTRE_EG,
                            )
                        }
                        Role::Pawn => pawn_square(
                            v,
                            paths[c].gain[sq] as f64,
                            paths[c].qdist[sq].min(7) as usize,
                            centre,
                            PAWN_CENTRE_MG,
                            0.0,
                        ),
                        _ => {
                            let d = mob[sq] - mean;
                            s(
                                v + (wm * d).round() as i32 - (mw.mg as f64 * mean).round() as i32,
                                v + (we * d).round() as i32 - (mw.eg as f64 * mean).round() as i32,
                            )
                        }
                    }
                })
                .collect()
        })
    })
}
