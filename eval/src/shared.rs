//! What the 2D and the Star Trek evaluators both use: graph distances over any cell set
//! (`bfs`), the "unreachable" mark, and the passed-pawn and advancement shares of a pawn's
//! promotion gain by its distance to promotion.

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
