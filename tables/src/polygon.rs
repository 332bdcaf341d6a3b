//! The drawn shape of every cell of a 2D board, for front ends that draw the board as it
//! really is.
//!
//! Escalator squares are parallelograms (escalator.md §1.2): inside an escalator block the
//! horizontal shift of the outer columns is 0 at the block's top edge (Black's side) and 1/2 at
//! its bottom edge, varying linearly over the block's horizontal lines; the left columns lean
//! east going down, the right columns west. The hole of each escalator rank fills the space
//! between its leaning column and the first central file. Every other square is a unit square.
//! The shape comes from the board's grid and holes alone, so every 2D game is drawn by the same
//! code; nothing here knows which game it is. A graph board's cell may bring its own outline
//! (a game file's `polygon`), drawn as given; the others are the squares of their slots.
//! Barriers are drawn, holes are not (they are simply no part of the board).
//!
//! Coordinates are in files and ranks: x from 0 (west edge of file a) to `files`, y from 0
//! (White's edge) to `ranks`, y growing towards Black.

use crate::geometry::Geometry;

/// A quadrilateral: south-west, south-east, north-east, north-west corner (counter-clockwise
/// with y up).
pub type Quad = [(f32, f32); 4];

/// A cell's drawn outline: its corners in order (counter-clockwise with y up for the
/// squares made here; a game file's polygon as the file gives it).
pub type Outline = Vec<(f32, f32)>;

/// A barrier cell (grid slot that is no square) and its drawn shape.
#[derive(Clone, Debug)]
pub struct HoleShape {
    pub file: u8,
    pub rank: u8,
    pub quad: Quad,
}

/// The drawn board: one outline per cell (same order as `Geometry::cells`) and one
/// quadrilateral per barrier.
#[derive(Clone, Debug)]
pub struct BoardShapes {
    pub files: u8,
    pub ranks: u8,
    pub cells: Vec<Outline>,
    pub holes: Vec<HoleShape>,
}

/// The shapes the barrier rule measures on: one quadrilateral per cell and per barrier.
#[derive(Clone, Debug)]
pub struct BarrierShapes {
    pub cells: Vec<Quad>,
    pub barriers: Vec<Quad>,
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

/// Horizontal extent of grid slot (`file`, `rank`), square or hole. Only escalator boards
/// (whose cells lean) slant; a plain grid with holes is drawn in unit squares.
fn span(g: &Geometry, file: u8, rank: u8) -> Span {
    let f = file as f32;
    let plain = ((f, f + 1.0), (f, f + 1.0));
    if g.cells.iter().all(|c| c.lean == 0.0) {
        return plain;
    }
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

/// Every cell's and barrier's drawn shape.
pub fn board_shapes(g: &Geometry) -> BoardShapes {
    let cells = g
        .cells
        .iter()
        .map(|c| match &c.polygon {
            Some(p) => p.clone(),
            None => quad(g, c.file, c.rank).to_vec(),
        })
        .collect();
    let holes = g
        .barriers()
        .iter()
        .map(|&(file, rank)| HoleShape {
            file,
            rank,
            quad: quad(g, file, rank),
        })
        .collect();
    BoardShapes {
        files: g.files,
        ranks: g.ranks,
        cells,
        holes,
    }
}

/// The shapes the barrier rule measures on: the drawing above where the board leans (the
/// escalator boards), unit squares of the grid slots elsewhere (walls cut out of a
/// rectangle; a graph board's own polygons are for people and do not move its barriers).
pub fn barrier_shapes(g: &Geometry) -> BarrierShapes {
    let leaning = g.cells.iter().any(|c| c.lean != 0.0);
    let shape = |file: u8, rank: u8| -> Quad {
        if leaning {
            return quad(g, file, rank);
        }
        let (x, y) = (file as f32, rank as f32);
        [(x, y), (x + 1.0, y), (x + 1.0, y + 1.0), (x, y + 1.0)]
    };
    BarrierShapes {
        cells: g.cells.iter().map(|c| shape(c.file, c.rank)).collect(),
        barriers: g.barriers().iter().map(|&(f, r)| shape(f, r)).collect(),
    }
}

/// Exact coordinates for the barrier test: every corner of a drawn board lies on a grid of
/// 1/48 of a square (escalator shifts are quarters or sixths), so corners scaled by 48 are
/// integers; they are scaled by 4 more so that a centre (the mean of four corners) is one too.
type Point = (i64, i64);

fn fixed(v: f32) -> i64 {
    (v * 48.0).round() as i64
}

fn corners(q: &Quad) -> [Point; 4] {
    q.map(|(x, y)| (4 * fixed(x), 4 * fixed(y)))
}

fn centre(q: &Quad) -> Point {
    q.iter()
        .fold((0, 0), |(x, y), &(qx, qy)| (x + fixed(qx), y + fixed(qy)))
}

fn cross(a: Point, b: Point) -> i64 {
    a.0 * b.1 - a.1 * b.0
}

fn sub(a: Point, b: Point) -> Point {
    (a.0 - b.0, a.1 - b.1)
}

/// Does the open segment `p`-`q` meet the inside of the convex quadrilateral `quad`
/// (counter-clockwise corners)? Each edge's inner half-plane holds the points `p + t (q - p)`
/// with `a + b t > 0`; the segment meets the inside iff the `t` they all allow form an
/// interval of positive length inside (0, 1). Exact: fractions compared by cross-multiplying.
fn meets_inside(p: Point, q: Point, quad: &[Point; 4]) -> bool {
    // The allowed t are (lo, hi), both fractions (numerator, positive denominator).
    let (mut lo, mut hi): ((i128, i128), (i128, i128)) = ((0, 1), (1, 1));
    let d = sub(q, p);
    for i in 0..4 {
        let (v, w) = (quad[i], quad[(i + 1) % 4]);
        let e = sub(w, v);
        if e == (0, 0) {
            continue;
        }
        let a = cross(e, sub(p, v)) as i128;
        let b = cross(e, d) as i128;
        match b.signum() {
            0 if a <= 0 => return false,
            0 => {}
            // a + b t > 0 <=> t > -a / b.
            1 if -a * lo.1 > lo.0 * b => lo = (-a, b),
            -1 if a * hi.1 < hi.0 * -b => hi = (a, -b),
            _ => {}
        }
    }
    lo.0 * hi.1 < hi.0 * lo.1
}

/// Does the segment `p`-`q` run along a stretch of positive length of an edge that two
/// barrier cells share (the inside of a barrier region made of several holes)?
fn runs_between_holes(p: Point, q: Point, holes: &[[Point; 4]]) -> bool {
    fn edges(h: &[Point; 4]) -> impl Iterator<Item = (Point, Point)> + '_ {
        (0..4).map(move |i| (h[i], h[(i + 1) % 4]))
    }
    for (i, h) in holes.iter().enumerate() {
        for other in &holes[i + 1..] {
            for (a, b) in edges(h) {
                for (c, e) in edges(other) {
                    // Shared stretch: both edges and the segment on one line, overlapping.
                    let line = sub(b, a);
                    let on_line = |x: Point| cross(line, sub(x, a)) == 0;
                    if line == (0, 0) || !(on_line(c) && on_line(e) && on_line(p) && on_line(q)) {
                        continue;
                    }
                    let t = |x: Point| {
                        let v = sub(x, a);
                        (v.0 * line.0 + v.1 * line.1) as i128
                    };
                    let span = |x: i128, y: i128| (x.min(y), x.max(y));
                    let (s0, s1) = span(t(a), t(b));
                    let (o0, o1) = span(t(c), t(e));
                    let (g0, g1) = span(t(p), t(q));
                    if s0.max(o0).max(g0) < s1.min(o1).min(g1) {
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// The barrier rule for leapers that may not jump the barriers (a game file's
/// `jumps_barriers = false`): the leap from cell `from` to cell `to` is barred when the
/// straight segment between the two cells' centres (a centre is the mean of the drawn
/// shape's four corners) passes through the inside of a barrier: the inside of a hole's
/// drawn shape, or an edge shared by two holes. Touching a barrier's boundary (a corner, or
/// running along the edge between a hole and a square) does not bar the leap, and neither
/// does passing outside the board's outline (the notches beside the escalator ranks).
pub fn crosses_barrier(shapes: &BarrierShapes, from: usize, to: usize) -> bool {
    let (p, q) = (centre(&shapes.cells[from]), centre(&shapes.cells[to]));
    let holes: Vec<[Point; 4]> = shapes.barriers.iter().map(corners).collect();
    holes.iter().any(|h| meets_inside(p, q, h)) || runs_between_holes(p, q, &holes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::escalator::EscalatorBoard;
    use crate::geometry::Dir;

    #[test]
    fn a_plain_grid_with_barriers_is_drawn_in_unit_squares() {
        let g = Geometry::grid_with_barriers("walls", 4, 4, &[(0, 3)], &[(1, 1), (2, 1)]);
        let shapes = board_shapes(&g);
        for (c, q) in g.cells.iter().zip(&shapes.cells) {
            let (f, r) = (c.file as f32, c.rank as f32);
            assert_eq!(*q, [(f, r), (f + 1.0, r), (f + 1.0, r + 1.0), (f, r + 1.0)]);
        }
        // The barriers are drawn, the hole a4 is not.
        assert_eq!(shapes.holes.len(), 2);
        assert_eq!(
            shapes.holes[0].quad,
            [(1.0, 1.0), (2.0, 1.0), (2.0, 2.0), (1.0, 2.0)]
        );
    }

    /// A hole bars no leap (every leaper leaps over a hole); the same slot as a barrier does.
    #[test]
    fn holes_bar_nothing() {
        let holes = Geometry::grid_with_holes("walls", 5, 5, &[(1, 1)]);
        let s = barrier_shapes(&holes);
        assert!(s.barriers.is_empty());
        let (a1, c2) = (holes.cell("a1").unwrap(), holes.cell("c2").unwrap());
        assert!(!crosses_barrier(&s, a1, c2));
        let walls = Geometry::grid_with_barriers("walls", 5, 5, &[], &[(1, 1)]);
        let s = barrier_shapes(&walls);
        let (a1, c2) = (walls.cell("a1").unwrap(), walls.cell("c2").unwrap());
        assert!(crosses_barrier(&s, a1, c2));
    }

    const EPS: f32 = 1e-4;

    fn boards() -> Vec<Geometry> {
        vec![
            EscalatorBoard::Sec.geometry().unwrap(),
            EscalatorBoard::Msec.geometry().unwrap(),
            EscalatorBoard::Usec.geometry().unwrap(),
        ]
    }

    fn area(q: &[(f32, f32)]) -> f32 {
        // Shoelace formula.
        let mut a = 0.0;
        for i in 0..q.len() {
            let (x0, y0) = q[i];
            let (x1, y1) = q[(i + 1) % q.len()];
            a += x0 * y1 - x1 * y0;
        }
        a / 2.0
    }

    #[test]
    fn cells_and_holes_tile_the_rectangle() {
        for g in boards().into_iter().chain([Geometry::grid("chess", 8, 8)]) {
            let s = board_shapes(&g);
            let total: f32 = s.cells.iter().map(|c| area(c)).sum::<f32>()
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
            assert_eq!(s.holes.len(), g.barriers().len(), "{}", g.name);
        }
    }

    #[test]
    fn escalator_squares_are_the_parallelograms_of_the_rules() {
        // escalator.md 1.2: ab4 covers the right half of a3 and the left half of b3 at its
        // bottom; ab5 lines up with a6 at its top.
        let g = EscalatorBoard::Sec.geometry().unwrap();
        let s = board_shapes(&g);
        let ab4 = &s.cells[g.cell("ab4").unwrap()];
        assert!((ab4[0].0 - 0.5).abs() < EPS && (ab4[1].0 - 1.5).abs() < EPS);
        let ab5 = &s.cells[g.cell("ab5").unwrap()];
        assert!(ab5[3].0.abs() < EPS && (ab5[2].0 - 1.0).abs() < EPS);
        let gh4 = &s.cells[g.cell("gh4").unwrap()];
        assert!((gh4[0].0 - 6.5).abs() < EPS && (gh4[1].0 - 7.5).abs() < EPS);
        let e4 = &s.cells[g.cell("e4").unwrap()];
        assert_eq!(*e4, [(4.0, 3.0), (5.0, 3.0), (5.0, 4.0), (4.0, 4.0)]);
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

    /// The barrier rule on a plain grid: a knight's segment crosses exactly the two squares
    /// beside its path (through the middle of their shared edge), so a hole on either bars it;
    /// a diagonal step between two holes that meet at a corner only touches them.
    #[test]
    fn barrier_rule_on_a_grid_with_holes() {
        let g = Geometry::grid_with_barriers("walls", 5, 5, &[], &[(1, 1), (2, 2)]);
        let s = barrier_shapes(&g);
        let at = |n: &str| g.cell(n).unwrap();
        // a1-b3 passes over a2 and b2 (b2 a hole): barred. a1-c2 passes b1 and b2: barred.
        assert!(crosses_barrier(&s, at("a1"), at("b3")));
        assert!(crosses_barrier(&s, at("c2"), at("a1")));
        // a3-b5 passes a4 and b4: free. a3-c4: b3 and b4, free.
        assert!(!crosses_barrier(&s, at("a3"), at("b5")));
        assert!(!crosses_barrier(&s, at("a3"), at("c4")));
        // c2-b3: the corner shared by the holes b2 and c3 only.
        assert!(!crosses_barrier(&s, at("c2"), at("b3")));
        // a1-e5 runs through both holes; a4-e4 passes beside them.
        assert!(crosses_barrier(&s, at("a1"), at("e5")));
        assert!(!crosses_barrier(&s, at("a4"), at("e4")));
    }

    /// Along an edge shared by two holes is inside the barrier; along an edge between a hole
    /// and a square is not.
    #[test]
    fn barrier_rule_along_edges() {
        let g = Geometry::grid_with_barriers("walls", 4, 3, &[], &[(1, 1), (2, 1)]);
        let s = barrier_shapes(&g);
        let hole_pairs: Vec<[Point; 4]> = s.barriers.iter().map(corners).collect();
        // The shared edge of b2 and c2 is x = 2 (in squares), y from 1 to 2.
        let p = (4 * 96, 4 * 30);
        let q = (4 * 96, 4 * 120);
        assert!(runs_between_holes(p, q, &hole_pairs));
        // The west edge of b2 (x = 1) borders a2: not inside.
        let (p, q) = ((4 * 48, 4 * 30), (4 * 48, 4 * 120));
        assert!(!runs_between_holes(p, q, &hole_pairs));
        assert!(!hole_pairs.iter().any(|h| meets_inside(p, q, h)));
    }
}
