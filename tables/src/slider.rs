//! Occupancy-indexed slider attacks that follow the board graph.
//!
//! On escalator boards a ray can fork (b3 N leads to ab4 and bc4) and a blocker on one
//! branch leaves the other open, so a ray is a small tree, not a line. We store, per square,
//! the set of cells whose occupancy can matter (every cell on the tree that has a cell beyond
//! it) and a table of attack sets indexed by PEXT of the occupancy over that set. The same
//! lookup serves orthodox chess, holes and forks alike.

use crate::bitboard::Bitboard;
use crate::geometry::{Dir, Geometry};

/// Above this many entries a combined table stops paying for itself (USEC's rook table
/// would hold 5.6 M entries, 89 MB); the directions are then split into two opposite pairs,
/// each with its own small table, at the cost of a second lookup.
const SPLIT_ABOVE_ENTRIES: usize = 1 << 20;

#[derive(Clone, Debug)]
struct Part<B> {
    masks: Vec<B>,
    offsets: Vec<u32>,
    attacks: Vec<B>,
}

impl<B: Bitboard> Part<B> {
    fn build(geom: &Geometry, dirs: &[Dir]) -> Part<B> {
        let mut masks = Vec::with_capacity(geom.len());
        let mut offsets = Vec::with_capacity(geom.len());
        let mut attacks = Vec::new();
        for sq in 0..geom.len() {
            let relevant = relevant_blockers::<B>(geom, sq, dirs);
            let bits: Vec<usize> = relevant.iter().collect();
            assert!(bits.len() < 24, "slider mask unexpectedly large");
            offsets.push(attacks.len() as u32);
            masks.push(relevant);
            for pattern in 0..(1usize << bits.len()) {
                let occ = B::from_indices(
                    bits.iter()
                        .enumerate()
                        .filter(|(k, _)| pattern >> k & 1 == 1)
                        .map(|(_, &b)| b),
                );
                debug_assert_eq!(occ.pext(relevant), pattern);
                attacks.push(slide::<B>(geom, sq, dirs, occ));
            }
        }
        Part {
            masks,
            offsets,
            attacks,
        }
    }

    /// Entries a table for `dirs` would need, without building it.
    fn size(geom: &Geometry, dirs: &[Dir]) -> usize {
        (0..geom.len())
            .map(|sq| 1usize << relevant_blockers::<B>(geom, sq, dirs).count())
            .sum()
    }

    #[inline(always)]
    fn lookup(&self, sq: usize, occupied: B) -> B {
        self.attacks[self.offsets[sq] as usize + occupied.pext(self.masks[sq])]
    }
}

#[derive(Clone, Debug)]
pub struct SliderTable<B> {
    first: Part<B>,
    second: Option<Part<B>>,
}

impl<B: Bitboard> SliderTable<B> {
    /// Builds the table for a slider moving along `dirs` on `geom`.
    pub fn build(geom: &Geometry, dirs: &[Dir]) -> SliderTable<B> {
        assert!(
            geom.len() <= B::CAPACITY,
            "board too large for bitboard width"
        );
        if dirs.len() == 4 && Part::<B>::size(geom, dirs) > SPLIT_ABOVE_ENTRIES {
            // Opposite directions share a line: N+S / E+W, NE+SW / SE+NW.
            let (a, b): (Vec<Dir>, Vec<Dir>) = dirs.iter().partition(|d| {
                let i = d.index() % 4;
                i == dirs[0].index() % 4
            });
            let (a, b) = if a.len() == 2 {
                (a, b)
            } else {
                (dirs[..2].to_vec(), dirs[2..].to_vec())
            };
            SliderTable {
                first: Part::build(geom, &a),
                second: Some(Part::build(geom, &b)),
            }
        } else {
            SliderTable {
                first: Part::build(geom, dirs),
                second: None,
            }
        }
    }

    /// Attacked cells from `sq` with the given occupancy (pieces of either colour).
    #[inline(always)]
    pub fn attacks(&self, sq: usize, occupied: B) -> B {
        let a = self.first.lookup(sq, occupied);
        match &self.second {
            None => a,
            Some(p) => a | p.lookup(sq, occupied),
        }
    }

    /// Attacks on an empty board.
    pub fn empty_board(&self, sq: usize) -> B {
        self.attacks(sq, B::EMPTY)
    }

    /// Total table entries (memory is this times the bitboard size).
    pub fn entries(&self) -> usize {
        self.first.attacks.len() + self.second.as_ref().map_or(0, |p| p.attacks.len())
    }
}

/// Walks every branch of every ray from `sq`, stopping each branch at the first occupied cell
/// (which is attacked) or where the graph ends.
pub fn slide<B: Bitboard>(geom: &Geometry, sq: usize, dirs: &[Dir], occupied: B) -> B {
    let mut att = B::EMPTY;
    let mut stack: Vec<usize> = Vec::new();
    for &d in dirs {
        let mut seen = B::EMPTY;
        stack.clear();
        stack.push(sq);
        while let Some(cur) = stack.pop() {
            for &n in geom.neighbours(cur, d) {
                let n = n as usize;
                if n == sq || seen.has(n) {
                    continue;
                }
                seen |= B::bit(n);
                att |= B::bit(n);
                if !occupied.has(n) {
                    stack.push(n);
                }
            }
        }
    }
    att
}

/// Cells on the ray trees whose occupancy can change the attack set: those with a further
/// cell in the same direction.
fn relevant_blockers<B: Bitboard>(geom: &Geometry, sq: usize, dirs: &[Dir]) -> B {
    let mut rel = B::EMPTY;
    for &d in dirs {
        let reach = slide::<B>(geom, sq, &[d], B::EMPTY);
        for c in reach.iter() {
            if geom.neighbours(c, d).iter().any(|&n| n as usize != sq) {
                rel |= B::bit(c);
            }
        }
    }
    rel
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::escalator::EscalatorBoard;

    fn names(g: &Geometry, b: u64) -> Vec<String> {
        let mut v: Vec<String> = b.iter().map(|c| g.cells[c].name.clone()).collect();
        v.sort();
        v
    }

    fn set(g: &Geometry, sqs: &[&str]) -> u64 {
        u64::from_indices(sqs.iter().map(|s| g.cell(s).unwrap()))
    }

    #[test]
    fn orthodox_rook_and_bishop() {
        let g = Geometry::grid("chess", 8, 8);
        let rook = SliderTable::<u64>::build(&g, &Dir::ORTHOGONAL);
        let occ = set(&g, &["d6", "f4"]);
        assert_eq!(
            names(&g, rook.attacks(g.cell("d4").unwrap(), occ)),
            ["a4", "b4", "c4", "d1", "d2", "d3", "d5", "d6", "e4", "f4"]
        );
        assert_eq!(rook.entries(), 102_400);
        let bishop = SliderTable::<u64>::build(&g, &Dir::DIAGONAL);
        assert_eq!(bishop.entries(), 5_248);
    }

    #[test]
    fn forked_rook_ray_from_b1_sees_both_files() {
        let g = EscalatorBoard::Sec.geometry().unwrap();
        let rook = SliderTable::<u64>::build(&g, &Dir::ORTHOGONAL);
        let b1 = g.cell("b1").unwrap();
        let n = rook.attacks(b1, set(&g, &["a1", "c1"]));
        assert_eq!(
            names(&g, n),
            [
                "a1", "a6", "a7", "a8", "ab4", "ab5", "b2", "b3", "b6", "b7", "b8", "bc4", "bc5",
                "c1"
            ]
        );
        // A blocker on one branch leaves the other open.
        let n = rook.attacks(b1, set(&g, &["a1", "c1", "ab5"]));
        assert_eq!(
            names(&g, n),
            ["a1", "ab4", "ab5", "b2", "b3", "b6", "b7", "b8", "bc4", "bc5", "c1"]
        );
    }

    #[test]
    fn bishop_changes_colour_through_double_connection() {
        let g = EscalatorBoard::Sec.geometry().unwrap();
        let bishop = SliderTable::<u64>::build(&g, &Dir::DIAGONAL);
        let a3 = g.cell("a3").unwrap();
        let att = bishop.attacks(a3, 0);
        // escalator.md 1.3: bishop a3 NE: ab4 bc5 c6 d7 e8; plus SE b2 c1.
        assert_eq!(names(&g, att), ["ab4", "b2", "bc5", "c1", "c6", "d7", "e8"]);
        // b3 NE: bc4 then stop (barrier).
        let b3 = g.cell("b3").unwrap();
        let ne = slide::<u64>(&g, b3, &[Dir::NE], 0);
        assert_eq!(names(&g, ne), ["bc4"]);
    }

    #[test]
    fn large_tables_are_split_into_lines() {
        let g = EscalatorBoard::Usec.geometry().unwrap();
        let rook = SliderTable::<u128>::build(&g, &Dir::ORTHOGONAL);
        assert!(rook.second.is_some());
        assert!(rook.entries() < 200_000, "{}", rook.entries());
    }

    #[test]
    fn table_lookup_equals_direct_walk_on_random_occupancy() {
        let g = EscalatorBoard::Usec.geometry().unwrap();
        let rook = SliderTable::<u128>::build(&g, &Dir::ORTHOGONAL);
        let mut x: u128 = 0x1234_5678_9abc_def0_0fed_cba9_8765_4321;
        let all = u128::from_indices(0..g.len());
        for _ in 0..500 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let occ = x & x.rotate_left(29) & all;
            for sq in 0..g.len() {
                assert_eq!(
                    rook.attacks(sq, occ),
                    slide::<u128>(&g, sq, &Dir::ORTHOGONAL, occ)
                );
            }
        }
    }
}
