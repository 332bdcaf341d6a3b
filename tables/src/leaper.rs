//! Leaper masks: pieces that jump to fixed destinations whatever stands in between.

use crate::bitboard::Bitboard;
use crate::geometry::{Dir, Geometry, ALL_DIRS};
use crate::polygon::{barrier_shapes, crosses_barrier};

/// Destinations by grid vectors; only meaningful on boards without holes, where the grid is
/// the geometry (orthodox knight, Diagonal Chess camel-knight).
pub fn from_vectors<B: Bitboard>(geom: &Geometry, vectors: &[(i32, i32)]) -> Vec<B> {
    assert!(
        !geom.has_holes(),
        "grid vectors are not the geometry of a board with holes"
    );
    (0..geom.len())
        .map(|sq| {
            let c = &geom.cells[sq];
            B::from_indices(
                vectors
                    .iter()
                    .filter_map(|&(df, dr)| geom.at(c.file as i32 + df, c.rank as i32 + dr)),
            )
        })
        .collect()
}

/// All eight (±1,±2)/(±2,±1) vectors.
pub const KNIGHT_VECTORS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// All eight (±1,±3)/(±3,±1) vectors (Diagonal Chess's knight).
pub const CAMEL_VECTORS: [(i32, i32); 8] = [
    (1, 3),
    (3, 1),
    (3, -1),
    (1, -3),
    (-1, -3),
    (-3, -1),
    (-3, 1),
    (-1, 3),
];

/// A table given as data by the rules (escalator knight, Ultra).
pub fn from_named<B: Bitboard>(geom: &Geometry, name: &str) -> Option<Vec<B>> {
    let table = geom.named_leaper(name)?;
    Some(
        table
            .iter()
            .map(|dests| B::from_indices(dests.iter().map(|&d| d as usize)))
            .collect(),
    )
}

/// One step in any direction along the graph (the king).
pub fn steps<B: Bitboard>(geom: &Geometry, dirs: &[Dir]) -> Vec<B> {
    (0..geom.len())
        .map(|sq| {
            B::from_indices(
                dirs.iter()
                    .flat_map(|&d| geom.neighbours(sq, d).iter().map(|&n| n as usize)),
            )
        })
        .collect()
}

/// The Ultra derived from the rules' words (escalator.md 1.7): one or two steps in one
/// direction along the graph, jumping whatever stands on the first step, plus the lateral
/// barrier jump over a hole. Used to cross-check the rules' own Ultra table.
pub fn ultra_from_rule<B: Bitboard>(geom: &Geometry) -> Vec<B> {
    (0..geom.len())
        .map(|sq| {
            let mut dest = B::EMPTY;
            for d in ALL_DIRS {
                for &n in geom.neighbours(sq, d) {
                    dest |= B::bit(n as usize);
                    for &m in geom.neighbours(n as usize, d) {
                        dest |= B::bit(m as usize);
                    }
                }
            }
            let c = &geom.cells[sq];
            for df in [-1i32, 1] {
                let (f, r) = (c.file as i32 + df, c.rank as i32);
                if geom.is_hole(f, r) {
                    if let Some(beyond) = geom.at(f + df, r) {
                        dest |= B::bit(beyond);
                    }
                }
            }
            dest & !B::bit(sq)
        })
        .collect()
}

/// `table` without the leaps that cross a barrier (`polygon::crosses_barrier`): the moves
/// of a leaper that may not jump the barriers. A step to a neighbouring cell is not a leap
/// and stays (in the drawing the diagonal step SEC bc5-c6 clips the corner of the hole c5,
/// yet it goes along the board). A board without barriers (holes bar nothing) keeps every
/// leap.
pub fn without_barrier_jumps<B: Bitboard>(geom: &Geometry, table: &[B]) -> Vec<B> {
    if geom.barriers().is_empty() {
        return table.to_vec();
    }
    let shapes = barrier_shapes(geom);
    let neighbours: Vec<B> = steps(geom, &ALL_DIRS);
    table
        .iter()
        .enumerate()
        .map(|(from, &dests)| {
            B::from_indices(
                dests
                    .iter()
                    .filter(|&to| neighbours[from].has(to) || !crosses_barrier(&shapes, from, to)),
            )
        })
        .collect()
}

/// Reverses a leaper table: from which cells does a piece reach `sq`?
pub fn reverse<B: Bitboard>(table: &[B]) -> Vec<B> {
    let mut rev = vec![B::EMPTY; table.len()];
    for (from, &dests) in table.iter().enumerate() {
        for to in dests.iter() {
            rev[to] |= B::bit(from);
        }
    }
    rev
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::escalator::EscalatorBoard;

    #[test]
    fn ultra_rule_reproduces_the_rules_table() {
        let g = EscalatorBoard::Usec.geometry().unwrap();
        let table: Vec<u128> = from_named(&g, "ultra").unwrap();
        let derived: Vec<u128> = ultra_from_rule(&g);
        for sq in 0..g.len() {
            assert_eq!(table[sq], derived[sq], "ultra on {}", g.cells[sq].name);
        }
    }

    #[test]
    fn escalator_knight_is_symmetric_and_orthodox_far_from_escalators() {
        for board in [EscalatorBoard::Sec, EscalatorBoard::Msec] {
            let g = board.geometry().unwrap();
            let k: Vec<u64> = from_named(&g, "knight").unwrap();
            assert_eq!(reverse(&k), k);
        }
        let g = EscalatorBoard::Sec.geometry().unwrap();
        let k: Vec<u64> = from_named(&g, "knight").unwrap();
        let a1 = g.cell("a1").unwrap();
        assert_eq!(
            k[a1],
            u64::from_indices([g.cell("c2").unwrap(), g.cell("b3").unwrap()])
        );
    }

    #[test]
    fn camel_from_f7() {
        let g = Geometry::grid("diagonal", 8, 8);
        let camel: Vec<u64> = from_vectors(&g, &CAMEL_VECTORS);
        let want = u64::from_indices(["c8", "c6", "e4", "g4"].iter().map(|s| g.cell(s).unwrap()));
        assert_eq!(camel[g.cell("f7").unwrap()], want);
    }

    /// The barrier rule keeps the knight symmetric (A reaches B iff B reaches A) and
    /// mirror-symmetric left to right, only removes leaps, and never removes a step to a
    /// neighbour (though the drawn step SEC bc5-c6 clips a hole's corner).
    #[test]
    fn barred_knight_is_symmetric_and_steps_are_never_barred() {
        for board in [
            EscalatorBoard::Sec,
            EscalatorBoard::Msec,
            EscalatorBoard::Usec,
        ] {
            let g = board.geometry().unwrap();
            let k: Vec<u128> = from_named(&g, "knight").unwrap();
            let barred = without_barrier_jumps(&g, &k);
            assert_eq!(reverse(&barred), barred, "{}", g.name);
            let mirror = |sq: usize| {
                let c = &g.cells[sq];
                g.at(g.files as i32 - 1 - c.file as i32, c.rank as i32)
                    .expect("the board is mirror-symmetric")
            };
            for sq in 0..g.len() {
                assert_eq!(barred[sq] & !k[sq], 0);
                let mirrored = u128::from_indices(barred[sq].iter().map(mirror));
                assert_eq!(
                    mirrored,
                    barred[mirror(sq)],
                    "{} {}",
                    g.name,
                    g.cells[sq].name
                );
            }
            assert!(barred != k, "{}: the rule removes some leaps", g.name);
            let king: Vec<u128> = steps(&g, &ALL_DIRS);
            assert_eq!(without_barrier_jumps(&g, &king), king, "{}", g.name);
        }
    }
}
