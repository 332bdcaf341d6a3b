//! What the 2D and the Star Trek evaluators both use: graph distances over any cell set
//! (`bfs`) and centrality, the "unreachable" mark, the passed-pawn and advancement shares of
//! a pawn's promotion gain by its distance to promotion, and the formulas of the terms both
//! build the same way (king square, pawn square, passed bonus, king-attack weight, king
//! danger).

use crate::score::{s, S};
use oblique_tables::Bitboard;

/// "Unreachable" in the distance tables.
pub const FAR: u8 = u8::MAX;

/// End-game share of the promotion gain for a passed pawn this many quiet moves from
/// promotion (index 0 unused; beyond the table, nothing).
pub const PASSED_SHARE_EG: [f64; 10] = [0.0, 0.30, 0.17, 0.09, 0.05, 0.03, 0.02, 0.01, 0.0, 0.0];
/// End-game share of the promotion gain for any pawn this many quiet moves from promotion.
pub const ADVANCE_SHARE_EG: [f64; 10] =
    [0.0, 0.06, 0.035, 0.02, 0.012, 0.006, 0.003, 0.0, 0.0, 0.0];

/// Breadth-first distances from `sources` over `cells` cells, each cell's successors given
/// by `next` (unreached cells are `FAR`).
pub fn bfs<B: Bitboard>(cells: usize, next: impl Fn(usize) -> B, sources: B) -> Vec<u8> {
    let mut dist = vec![FAR; cells];
    let mut frontier = sources;
    let mut seen = sources;
    let mut d = 0u8;
    while frontier.any() {
        let mut reached = B::EMPTY;
        for sq in frontier.iter() {
            dist[sq] = d;
            reached |= next(sq);
        }
        reached &= !seen;
        seen |= reached;
        frontier = reached;
        d += 1;
    }
    dist
}

/// Centrality of every one of `cells` cells: the mean distance (capped at `cap`) from it to
/// the `targets`, subtracted from the mean of that number over the targets themselves, so
/// that positive is more central than the average target.
pub fn centrality(
    cells: usize,
    dist: impl Fn(usize, usize) -> u8,
    targets: &[usize],
    cap: u8,
) -> Vec<f64> {
    let closeness: Vec<f64> = (0..cells)
        .map(|a| {
            targets
                .iter()
                .map(|&b| dist(a, b).min(cap) as f64)
                .sum::<f64>()
                / targets.len() as f64
        })
        .collect();
    let mean = targets.iter().map(|&b| closeness[b]).sum::<f64>() / targets.len() as f64;
    closeness.iter().map(|c| mean - c).collect()
}

/// Weight of a piece's attacks on the enemy king's surroundings, from its value (about
/// one per 170 centipawns, at least one).
pub fn king_attack_weight(value: i32) -> i32 {
    ((value + 85) / 170).max(1)
}

/// Cap of the king-danger penalty.
pub const DANGER_CAP: i32 = 900;

/// King danger: quadratic in the weighted attacks, stronger with more attacking pieces
/// (`scale` 256ths; 16 is the hand-set weight).
#[inline(always)]
pub fn king_danger_penalty(danger: i32, attackers: i32, scale: i32) -> i32 {
    (danger * danger * attackers.min(4) * scale / 256).min(DANGER_CAP)
}

/// The king's own square term: in the middle game `away_weight` per step away from its camp
/// and `centre_mg` per unit of centrality against it; in the end game `centre_eg` per unit
/// of centrality for it.
pub fn king_square(away: f64, centre: f64, away_weight: f64, centre_mg: f64, centre_eg: f64) -> S {
    s(
        (-away_weight * away - centre_mg * centre).round() as i32,
        (centre_eg * centre).round() as i32,
    )
}

/// A pawn-role piece's square: its value plus half the advancement bonus (a share of
/// `gain` by its quiet distance `qd` to promotion, times `advance.0`) and `centre.0` per
/// unit of `centrality` in the middle game; the whole bonus (times `advance.1`) and
/// `centre.1` per unit in the end game.
pub fn pawn_square(
    value: S,
    gain: f64,
    qd: usize,
    centrality: f64,
    centre: (f64, f64),
    advance: (f64, f64),
) -> S {
    let adv = gain * ADVANCE_SHARE_EG[qd];
    s(
        value.mg + (0.5 * adv * advance.0 + centre.0 * centrality).round() as i32,
        value.eg + (adv * advance.1 + centre.1 * centrality).round() as i32,
    )
}

/// Passed-pawn bonus: a share of the promotion `gain` by quiet distance `qd`, half of it in
/// the middle game.
pub fn passed_bonus(gain: f64, qd: usize) -> S {
    let eg = gain * PASSED_SHARE_EG[qd];
    s((0.5 * eg).round() as i32, eg.round() as i32)
}
