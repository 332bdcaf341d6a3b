//! The drawn shape of every cell of a 2D board, for front ends that draw the board as it
//! really is.
//!
//! Escalator squares are parallelograms (escalator.md §1.2): inside an escalator block the
//! horizontal shift of the outer columns is 0 at the block's top edge (Black's side) and 1/2 at
//! its bottom edge, varying linearly over the block's horizontal lines; the left columns lean
//! east going down, the right columns west. The hole of each escalator rank fills the space
//! between its leaning column and the first central file. Every other square is a unit square.
//! The shape comes from the board's grid and holes alone, so every 2D game is drawn by the same
//! code; nothing here knows which game it is.
//!
//! Coordinates are in files and ranks: x from 0 (west edge of file a) to `files`, y from 0
//! (White's edge) to `ranks`, y growing towards Black.

use crate::geometry::Geometry;

/// A quadrilateral: south-west, south-east, north-east, north-west corner (counter-clockwise
/// with y up).
pub type Quad = [(f32, f32); 4];

/// A barrier cell (grid slot that is no square) and its drawn shape.
#[derive(Clone, Debug)]
pub struct HoleShape {
    pub file: u8,
    pub rank: u8,
    pub quad: Quad,
}

/// The drawn board: one quadrilateral per cell (same order as `Geometry::cells`) and one per
/// hole.
#[derive(Clone, Debug)]
pub struct BoardShapes {
    pub files: u8,
    pub ranks: u8,
    pub cells: Vec<Quad>,
    pub holes: Vec<HoleShape>,
}

/// The horizontal extent of a slot's top and bottom edge: (left, right) at the top, (left,
/// right) at the bottom.
type Span = ((f32, f32), (f32, f32));

/// Holes of a rank, west to east.
fn holes_in_rank(g: &Geometry, rank: u8) -> Vec<u8> {
    (0..g.files)
        .filter(|&f| g.is_hole(f as i32, rank as i32))
        .collect()
}

/// Shift of the outer columns at the top and bottom edge of `rank` (both 0 off the
/// escalator ranks).
fn shifts(g: &Geometry, rank: u8) -> (f32, f32) {
    let block: Vec<u8> = (0..g.ranks)
        .filter(|&r| !holes_in_rank(g, r).is_empty())
        .collect();
    let Some(&top) = block.iter().max() else {
        return (0.0, 0.0);
    };
    if !block.contains(&rank) {
        return (0.0, 0.0);
    }
    let n = block.len() as f32;
    let j = (top - rank) as f32;
    (j / (2.0 * n), (j + 1.0) / (2.0 * n))
}

/// Horizontal extent of grid slot (`file`, `rank`), square or hole.
fn span(g: &Geometry, file: u8, rank: u8) -> Span {
    let f = file as f32;
    let plain = ((f, f + 1.0), (f, f + 1.0));
    let holes = holes_in_rank(g, rank);
    let (Some(&first), Some(&last)) = (holes.first(), holes.last()) else {
        return plain;
    };
    let (top, bottom) = shifts(g, rank);
    if file < first {
        ((f + top, f + 1.0 + top), (f + bottom, f + 1.0 + bottom))
    } else if file == first {
        ((f + top, f + 1.0), (f + bottom, f + 1.0))
    } else if file == last && last != first {
        ((f, f + 1.0 - top), (f, f + 1.0 - bottom))
    } else if file > last {
        ((f - top, f + 1.0 - top), (f - bottom, f + 1.0 - bottom))
    } else {
        plain
    }
}

fn quad(g: &Geometry, file: u8, rank: u8) -> Quad {
    let ((tl, tr), (bl, br)) = span(g, file, rank);
    let (y0, y1) = (rank as f32, rank as f32 + 1.0);
    [(bl, y0), (br, y0), (tr, y1), (tl, y1)]
}

/// Every cell's and hole's drawn shape.
pub fn board_shapes(g: &Geometry) -> BoardShapes {
    let cells = g.cells.iter().map(|c| quad(g, c.file, c.rank)).collect();
    let mut holes = Vec::new();
    for rank in 0..g.ranks {
        for file in holes_in_rank(g, rank) {
            holes.push(HoleShape {
                file,
                rank,
                quad: quad(g, file, rank),
            });
        }
    }
    BoardShapes {
        files: g.files,
        ranks: g.ranks,
        cells,
        holes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::escalator::EscalatorBoard;
    use crate::geometry::Dir;

    const EPS: f32 = 1e-4;

    fn boards() -> Vec<Geometry> {
        vec![
            EscalatorBoard::Sec.geometry().unwrap(),
            EscalatorBoard::Msec.geometry().unwrap(),
            EscalatorBoard::Usec.geometry().unwrap(),
        ]
    }

    fn area(q: &Quad) -> f32 {
        // Shoelace formula.
        let mut a = 0.0;
        for i in 0..4 {
            let (x0, y0) = q[i];
            let (x1, y1) = q[(i + 1) % 4];
            a += x0 * y1 - x1 * y0;
        }
        a / 2.0
    }

    #[test]
    fn cells_and_holes_tile_the_rectangle() {
        for g in boards().into_iter().chain([Geometry::grid("chess", 8, 8)]) {
            let s = board_shapes(&g);
            let total: f32 = s.cells.iter().map(area).sum::<f32>()
                + s.holes.iter().map(|h| area(&h.quad)).sum::<f32>();
            // The leaning outer columns leave a notch at both edges of each escalator rank
            // (the seed diagrams' `\` and `/` edges): over a block of n ranks whose shift grows
            // linearly from 0 to 1/2, the two notches together cover n/2 of a square.
            let block = (0..g.ranks)
                .filter(|&r| (0..g.files).any(|f| g.is_hole(f as i32, r as i32)))
                .count() as f32;
            let want = g.files as f32 * g.ranks as f32 - block / 2.0;
            assert!((total - want).abs() < 1e-3, "{}: {total} vs {want}", g.name);
            assert!(s.cells.iter().all(|q| area(q) > 0.0), "{}", g.name);
        }
    }

    #[test]
    fn escalator_squares_are_the_parallelograms_of_the_rules() {
        // escalator.md 1.2: ab4 covers the right half of a3 and the left half of b3 at its
        // bottom; ab5 lines up with a6 at its top.
        let g = EscalatorBoard::Sec.geometry().unwrap();
        let s = board_shapes(&g);
        let ab4 = s.cells[g.cell("ab4").unwrap()];
        assert!((ab4[0].0 - 0.5).abs() < EPS && (ab4[1].0 - 1.5).abs() < EPS);
        let ab5 = s.cells[g.cell("ab5").unwrap()];
        assert!(ab5[3].0.abs() < EPS && (ab5[2].0 - 1.0).abs() < EPS);
        let gh4 = s.cells[g.cell("gh4").unwrap()];
        assert!((gh4[0].0 - 6.5).abs() < EPS && (gh4[1].0 - 7.5).abs() < EPS);
        let e4 = s.cells[g.cell("e4").unwrap()];
        assert_eq!(e4, [(4.0, 3.0), (5.0, 3.0), (5.0, 4.0), (4.0, 4.0)]);
    }

    /// The rules derive the adjacency from this drawing: N neighbours are the squares of the
    /// next rank whose bottom edge overlaps the top edge with positive length; NE the one whose
    /// bottom edge contains the top-right corner ([left, right)), NW the top-left corner
    /// ((left, right]). The drawn shapes must give back the rules' own tables.
    #[test]
    fn drawn_shapes_reproduce_the_rules_adjacency() {
        for g in boards() {
            let s = board_shapes(&g);
            for (i, c) in g.cells.iter().enumerate() {
                let top = (s.cells[i][3].0, s.cells[i][2].0);
                let above: Vec<usize> = (0..g.cells.len())
                    .filter(|&k| g.cells[k].rank == c.rank + 1)
                    .collect();
                let mut n: Vec<usize> = above
                    .iter()
                    .copied()
                    .filter(|&k| {
                        let (l, r) = (s.cells[k][0].0, s.cells[k][1].0);
                        top.1.min(r) - top.0.max(l) > EPS
                    })
                    .collect();
                n.sort_unstable();
                let mut want: Vec<usize> = g
                    .neighbours(i, Dir::N)
                    .iter()
                    .map(|&k| k as usize)
                    .collect();
                want.sort_unstable();
                assert_eq!(n, want, "{} N of {}", g.name, c.name);
                let ne: Vec<usize> = above
                    .iter()
                    .copied()
                    .filter(|&k| {
                        let (l, r) = (s.cells[k][0].0, s.cells[k][1].0);
                        top.1 >= l - EPS && top.1 < r - EPS
                    })
                    .collect();
                let want_ne: Vec<usize> = g
                    .neighbours(i, Dir::NE)
                    .iter()
                    .map(|&k| k as usize)
                    .collect();
                assert_eq!(ne, want_ne, "{} NE of {}", g.name, c.name);
                let nw: Vec<usize> = above
                    .iter()
                    .copied()
                    .filter(|&k| {
                        let (l, r) = (s.cells[k][0].0, s.cells[k][1].0);
                        top.0 > l + EPS && top.0 <= r + EPS
                    })
                    .collect();
                let want_nw: Vec<usize> = g
                    .neighbours(i, Dir::NW)
                    .iter()
                    .map(|&k| k as usize)
                    .collect();
                assert_eq!(nw, want_nw, "{} NW of {}", g.name, c.name);
            }
        }
    }
}
