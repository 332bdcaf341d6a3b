//! The pawn-role piece's ways to promotion, per colour: its distance along its own quiet
//! moves to the promotion zone (BFS over the reversed `pawn_quiet` table), what it would
//! promote to at the end of the shortest way (Diagonal Chess squares allow different
//! pieces), the cells its quiet moves can reach (front span), the passed mask (front span
//! plus every cell from which an enemy pawn-role piece captures on it), the kings'
//! distances to its next cells and to its promotion cells, the passed-pawn bonus by
//! distance, and the straight-ahead ray that makes two pawns doubled.

use super::board_graph::BoardGraph;
use super::{pairs, reverse, Pairs};
use crate::score::{s, S};
use crate::shared::{bfs, passed_bonus, FAR};
use oblique_engine::rules::Rules;
use oblique_engine::types::ROLE_COUNT;
use oblique_engine::variant::VariantSpec;
use oblique_engine::Role;
use oblique_tables::{Bitboard, Dir};

/// One colour's pawn paths.
pub struct PawnPaths<B> {
    /// Quiet steps to the promotion zone (FAR if none).
    pub qdist: Vec<u8>,
    /// Promotion gain (value of the best piece minus the pawn) by cell.
    pub gain: Vec<i32>,
    /// Every cell the pawn's quiet moves can take it to.
    pub front_span: Vec<B>,
    pub passed_mask: Vec<B>,
    /// King distance to a pawn's next cells on a shortest way to promotion,
    /// `[pawn << 7 | king]`.
    pub block_kdist: Pairs,
    /// King distance to the nearest promotion cell of a pawn, `[pawn << 7 | king]`.
    pub promo_kdist: Pairs,
    pub passed_bonus: Vec<S>,
    /// End-game weight of king proximity to a passed pawn.
    pub passed_king_weight: Vec<i32>,
    /// Cells straight ahead of a pawn (its first quiet direction, repeated).
    pub straight_ahead: Vec<B>,
}

/// Cells reached in exactly `steps` steps of `next` from `from`.
fn after_steps<B: Bitboard>(from: usize, steps: u8, next: impl Fn(usize) -> B) -> B {
    let mut frontier = B::bit(from);
    for _ in 0..steps {
        let mut reached = B::EMPTY;
        for x in frontier.iter() {
            reached |= next(x);
        }
        frontier = reached;
    }
    frontier
}

impl<B: Bitboard> PawnPaths<B> {
    pub fn build(
        spec: &'static VariantSpec,
        rules: &Rules<B>,
        graph: &BoardGraph<B>,
        value: &[i32; ROLE_COUNT],
        passed_percent: S,
        c: usize,
    ) -> PawnPaths<B> {
        let n = rules.cells;
        let quiet = &rules.pawn_quiet[c];
        let back = reverse(quiet);
        let zone = rules.promotion_zone[c];
        let qd = bfs(back.len(), |x| back[x], zone);
        let best_promotion =
            |roles: &[Role]| roles.iter().map(|r| value[r.index()]).max().unwrap_or(0);
        // Gain: best promotion among the zone cells at the shortest distance.
        let gain: Vec<i32> = (0..n)
            .map(|sq| {
                if qd[sq] == FAR || qd[sq] == 0 {
                    return 0;
                }
                let frontier = after_steps(sq, qd[sq], |x| quiet[x]);
                let mut best = 0;
                for z in (frontier & zone).iter() {
                    best = best.max(best_promotion(rules.promotion_choices[c][z]));
                }
                (best - value[Role::Pawn.index()]).max(0)
            })
            .collect();
        // Next cells on a shortest way to promotion, and the zone cells at the end.
        let next_cells: Vec<B> = (0..n)
            .map(|sq| {
                let mut m = B::EMPTY;
                for x in quiet[sq].iter() {
                    if qd[x] != FAR && qd[x] + 1 == qd[sq] {
                        m |= B::bit(x);
                    }
                }
                m
            })
            .collect();
        let targets: Vec<B> = (0..n)
            .map(|sq| {
                if qd[sq] == FAR {
                    return B::EMPTY;
                }
                after_steps(sq, qd[sq], |x| next_cells[x])
            })
            .collect();
        let front_span: Vec<B> = (0..n)
            .map(|sq| {
                let mut all = B::EMPTY;
                let mut frontier = quiet[sq];
                while frontier.any() {
                    all |= frontier;
                    let mut next = B::EMPTY;
                    for x in frontier.iter() {
                        next |= quiet[x];
                    }
                    frontier = next & !all;
                }
                all
            })
            .collect();
        let them = 1 - c;
        let passed_mask: Vec<B> = (0..n)
            .map(|sq| {
                let own = front_span[sq] | B::bit(sq);
                let mut m = own;
                for x in own.iter() {
                    m |= rules.pawn_attackers[them][x];
                }
                m
            })
            .collect();
        let king_dist_to = |sets: &Vec<B>| -> Pairs {
            pairs(n, |sq, k| {
                sets[sq]
                    .iter()
                    .map(|x| graph.king_dist[k * n + x])
                    .min()
                    .unwrap_or(FAR)
            })
        };
        let passed_bonus = (0..n)
            .map(|sq| {
                let b = passed_bonus(gain[sq] as f64, qd[sq].min(7) as usize);
                s(
                    b.mg * passed_percent.mg / 100,
                    b.eg * passed_percent.eg / 100,
                )
            })
            .collect();
        let passed_king_weight = (0..n)
            .map(|sq| {
                let k = (5 - qd[sq] as i32).clamp(0, 4);
                (k * gain[sq] + 400) / 800
            })
            .collect();
        // A game without a pawn (racing kings) has no pawn step and no pawn to ask about
        // the ray: any direction builds it.
        let forward = spec.pawn.quiet.first().copied().unwrap_or(Dir::N);
        let dir = if c == 0 { forward } else { forward.opposite() };
        let straight_ahead = (0..n)
            .map(|sq| {
                let mut m = B::EMPTY;
                let mut frontier = vec![sq];
                while let Some(x) = frontier.pop() {
                    for &y in rules.geom.neighbours(x, dir) {
                        if !m.has(y as usize) {
                            m |= B::bit(y as usize);
                            frontier.push(y as usize);
                        }
                    }
                }
                m
            })
            .collect();
        PawnPaths {
            block_kdist: king_dist_to(&next_cells),
            promo_kdist: king_dist_to(&targets),
            qdist: qd,
            gain,
            front_span,
            passed_mask,
            passed_bonus,
            passed_king_weight,
            straight_ahead,
        }
    }
}
