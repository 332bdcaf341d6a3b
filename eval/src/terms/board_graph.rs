//! What several terms measure on the board graph itself: king-step distances between every
//! two cells, centrality (mean king distance to every cell, below the board's mean), each
//! side's camp (where its non-pawn pieces start) and the distance from it, and the board's
//! symmetries (so that sampled numbers never make a cell and its mirror image differ).

use super::{pairs, Pairs};
use crate::shared::{bfs, centrality};
use crate::values;
use oblique_engine::rules::{Rules, RulesCache};
use oblique_engine::variant::VariantSpec;
use oblique_engine::Color;
use oblique_engine::Role;
use oblique_tables::Bitboard;

/// Distances and centrality on the king graph, and the camps.
pub struct BoardGraph<B> {
    pub n: usize,
    /// King-step distance, `[a * n + b]`.
    pub king_dist: Vec<u8>,
    /// Centrality: the board's mean closeness minus the cell's (higher is more central).
    pub centre: Vec<f64>,
    /// Own camp per colour: where its non-pawn pieces start.
    pub camp: [B; 2],
    /// King steps from the own camp, per colour.
    pub home: [Vec<u8>; 2],
}

impl<B: Bitboard + RulesCache> BoardGraph<B> {
    pub fn build(spec: &'static VariantSpec, rules: &Rules<B>) -> BoardGraph<B> {
        let n = rules.cells;
        let mut king_dist = vec![0u8; n * n];
        for a in 0..n {
            let d = bfs(rules.king.len(), |x| rules.king[x], B::bit(a));
            king_dist[a * n..(a + 1) * n].copy_from_slice(&d);
        }
        let every_cell: Vec<usize> = (0..n).collect();
        let centre = centrality(n, |a, b| king_dist[a * n + b], &every_cell, u8::MAX);
        let camp: [B; 2] = [Color::White, Color::Black].map(|c| {
            values::start_pieces::<B>(spec, c, None)
                & !values::start_pieces::<B>(spec, c, Some(Role::Pawn))
        });
        let home = [0, 1].map(|c| bfs(rules.king.len(), |x| rules.king[x], camp[c]));
        BoardGraph {
            n,
            king_dist,
            centre,
            camp,
            home,
        }
    }

    /// King-step distance as a padded pair table.
    pub fn king_pairs(&self) -> Pairs {
        pairs(self.n, |a, b| self.king_dist[a * self.n + b])
    }

    /// Centrality times 16, rounded (the mating term's rim distance).
    pub fn centre16(&self) -> Vec<i32> {
        self.centre
            .iter()
            .map(|c| (c * 16.0).round() as i32)
            .collect()
    }
}

/// For each cell, its orbit under the board's symmetries (file flip, rank flip, half turn of
/// the grid embedding; each kept only if it maps every attack table onto itself), sorted so
/// that every member of an orbit sums the same numbers in the same order.
pub fn symmetry_orbits<B: Bitboard>(rules: &Rules<B>) -> Vec<Vec<usize>> {
    let g = &rules.geom;
    let n = rules.cells;
    let (files, ranks) = (g.files as i32, g.ranks as i32);
    type GridMap = fn(i32, i32, i32, i32) -> (i32, i32);
    let candidates: [GridMap; 3] = [
        |f, r, files, _| (files - 1 - f, r),
        |f, r, _, ranks| (f, ranks - 1 - r),
        |f, r, files, ranks| (files - 1 - f, ranks - 1 - r),
    ];
    let mut maps: Vec<Vec<usize>> = Vec::new();
    for cand in candidates {
        let map: Option<Vec<usize>> = (0..n)
            .map(|sq| {
                let c = &g.cells[sq];
                let (f, r) = cand(c.file as i32, c.rank as i32, files, ranks);
                g.at(f, r)
            })
            .collect();
        let Some(map) = map else { continue };
        let image = |b: B| B::from_indices(b.iter().map(|x| map[x]));
        let preserved =
            |table: &dyn Fn(usize) -> B| (0..n).all(|sq| table(map[sq]) == image(table(sq)));
        if preserved(&|sq| rules.king[sq])
            && rules
                .pieces
                .iter()
                .all(|p| preserved(&|sq| p.leap[0][sq]) && preserved(&|sq| p.leap[1][sq]))
            && preserved(&|sq| rules.orth.empty_board(sq))
            && preserved(&|sq| rules.diag.empty_board(sq))
        {
            maps.push(map);
        }
    }
    (0..n)
        .map(|sq| {
            // Closure of the orbit under the kept maps.
            let mut orbit = vec![sq];
            let mut i = 0;
            while i < orbit.len() {
                for m in &maps {
                    let y = m[orbit[i]];
                    if !orbit.contains(&y) {
                        orbit.push(y);
                    }
                }
                i += 1;
            }
            orbit.sort_unstable();
            orbit
        })
        .collect()
}
