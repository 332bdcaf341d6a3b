//! The Betza moves that are neither single leaps nor whole rides along the board's lines:
//! repeated leaps (the nightrider's `NN`, a rook limited to `R4`), lame leaps (`nN`, the
//! xiangqi horse) and hoppers (`pR` the cannon's hop, `gQ` the grasshopper). None of the
//! built-in games has one, so they live apart from the lookups of `piece_tables` and are
//! walked cell by cell: each answers one question, "which cells can this move reach from
//! here with this occupancy", and the caller keeps the empty ones for quiet moves and the
//! occupied ones for captures. Attacks by such pieces are asked forwards (does the piece's
//! reach contain the cell?) so that moves and attacks can never disagree.

use oblique_tables::{leaper, Bitboard, Dir, Geometry, SliderTable};

/// What a special move does, with its tables per colour (index 0 White, 1 Black).
pub enum Special<B> {
    /// Repeats one leap while the cells it lands on are empty: `step[c][cell]` is the cell
    /// (or, on a forked ray, the cells) one leap on; at most `limit` leaps (0: no limit).
    Steps { step: [Vec<B>; 2], limit: u8 },
    /// Single leaps that the cells on the way block: per cell, each destination with the
    /// cells that must be empty.
    Lame { leaps: [Vec<Vec<(u16, B)>>; 2] },
    /// Rides a line to the first piece (the screen) and hops it: `behind` empty lands
    /// anywhere beyond the screen up to and including the next piece (`p`); otherwise only
    /// on `behind[c][screen]`, the cell right behind it (`g`).
    Hop {
        line: Box<[SliderTable<B>; 2]>,
        behind: [Vec<B>; 2],
    },
    /// A move (`i`) played only from `from[c]`, the cells of the piece's initial ranks.
    Initial {
        inner: Box<Special<B>>,
        from: [B; 2],
    },
}

/// One special move of a piece: how it goes and whether it moves, captures or both.
pub struct SpecialMove<B> {
    pub what: Special<B>,
    pub quiet: bool,
    pub capture: bool,
}

/// The cells a leap of `(dx, dy)` lands on from each cell: the linked neighbours for a
/// unit step (forks included), grid arithmetic otherwise.
pub fn leap_table<B: Bitboard>(geom: &Geometry, (dx, dy): (i32, i32)) -> Vec<B> {
    match Dir::from_delta((dx, dy)) {
        Some(d) => (0..geom.len())
            .map(|sq| B::from_indices(geom.neighbours(sq, d).iter().map(|&c| c as usize)))
            .collect(),
        None => geom
            .cells
            .iter()
            .map(|cell| B::from_indices(geom.at(cell.file as i32 + dx, cell.rank as i32 + dy)))
            .collect(),
    }
}

/// The cells a lame leap of `(dx, dy)` passes over, as offsets from its start: step along
/// the longer side while it stays longer, then diagonally (a knight's leap goes one
/// orthogonal step, then one diagonal: the xiangqi horse's leg; an alfil's passes the
/// diagonal neighbour).
pub fn lame_path((dx, dy): (i32, i32)) -> Vec<(i32, i32)> {
    let (mut x, mut y) = (0, 0);
    let mut path = Vec::new();
    loop {
        let (rx, ry) = (dx - x, dy - y);
        let longer = rx.abs() - ry.abs();
        if longer > 0 {
            x += rx.signum();
        } else if longer < 0 {
            y += ry.signum();
        } else {
            x += rx.signum();
            y += ry.signum();
        }
        if (x, y) == (dx, dy) {
            return path;
        }
        path.push((x, y));
    }
}

impl<B: Bitboard> Special<B> {
    /// Repeated leaps of `(dx, dy)` per colour, at most `limit` (0: any number).
    pub fn steps(geom: &Geometry, deltas: [(i32, i32); 2], limit: u8, jumps: bool) -> Self {
        let table = |d| {
            let t = leap_table(geom, d);
            if jumps {
                t
            } else {
                leaper::without_barrier_jumps(geom, &t)
            }
        };
        Special::Steps {
            step: [table(deltas[0]), table(deltas[1])],
            limit,
        }
    }

    /// A lame leap of `(dx, dy)` per colour (grid arithmetic: a missing cell on the way,
    /// a hole, blocks it as a piece would).
    pub fn lame(geom: &Geometry, deltas: [(i32, i32); 2]) -> Self {
        let per_colour = |(dx, dy): (i32, i32)| -> Vec<Vec<(u16, B)>> {
            geom.cells
                .iter()
                .map(|cell| {
                    let (f, r) = (cell.file as i32, cell.rank as i32);
                    let Some(to) = geom.at(f + dx, r + dy) else {
                        return Vec::new();
                    };
                    let mut on_the_way = B::EMPTY;
                    for (px, py) in lame_path((dx, dy)) {
                        match geom.at(f + px, r + py) {
                            Some(c) => on_the_way |= B::bit(c),
                            None => return Vec::new(),
                        }
                    }
                    vec![(to as u16, on_the_way)]
                })
                .collect()
        };
        Special::Lame {
            leaps: [per_colour(deltas[0]), per_colour(deltas[1])],
        }
    }

    /// A hop along the line of `dirs` (per colour): `grasshopper` lands right behind the
    /// screen, otherwise anywhere beyond it.
    pub fn hop(geom: &Geometry, dirs: [Dir; 2], grasshopper: bool) -> Self {
        let behind = |d: Dir| {
            if grasshopper {
                leap_table(geom, d.delta())
            } else {
                Vec::new()
            }
        };
        Special::Hop {
            line: Box::new([
                SliderTable::build(geom, &[dirs[0]]),
                SliderTable::build(geom, &[dirs[1]]),
            ]),
            behind: [behind(dirs[0]), behind(dirs[1])],
        }
    }

    /// `inner` played only from White's `ranks` (0 the first) and Black's mirrored ones.
    pub fn initial(geom: &Geometry, inner: Special<B>, ranks: &[u8]) -> Self {
        let on = |black: bool| {
            B::from_indices(geom.cells.iter().enumerate().filter_map(|(sq, cell)| {
                let r = if black {
                    geom.ranks.checked_sub(1 + cell.rank)?
                } else {
                    cell.rank
                };
                ranks.contains(&r).then_some(sq)
            }))
        };
        Special::Initial {
            inner: Box::new(inner),
            from: [on(false), on(true)],
        }
    }

    /// The cells the move reaches from `sq` for colour `c` (0 White) with `occupied`: empty ones are
    /// its quiet moves, occupied ones its captures (the caller picks by the move's modes).
    pub fn reach(&self, c: usize, sq: usize, occupied: B) -> B {
        match self {
            Special::Steps { step, limit } => {
                let step = &step[c];
                let mut reach = B::EMPTY;
                let mut frontier = B::bit(sq);
                let mut left = if *limit == 0 {
                    usize::MAX
                } else {
                    *limit as usize
                };
                while frontier.any() && left > 0 {
                    let mut next = B::EMPTY;
                    for f in frontier.iter() {
                        next |= step[f];
                    }
                    // A ride that comes round to a cell it passed (a looped board) stops.
                    next &= !(reach | B::bit(sq));
                    reach |= next;
                    frontier = next & !occupied;
                    left -= 1;
                }
                reach
            }
            Special::Lame { leaps } => {
                let mut reach = B::EMPTY;
                for &(to, on_the_way) in &leaps[c][sq] {
                    if (on_the_way & occupied).is_empty() {
                        reach |= B::bit(to as usize);
                    }
                }
                reach
            }
            Special::Hop { line, behind } => {
                let line = &line[c];
                let screens = line.attacks(sq, occupied) & occupied;
                let mut reach = B::EMPTY;
                for s in screens.iter() {
                    reach |= if behind[c].is_empty() {
                        line.attacks(s, occupied)
                    } else {
                        behind[c][s]
                    };
                }
                reach & !B::bit(sq)
            }
            Special::Initial { inner, from } => {
                if from[c].has(sq) {
                    inner.reach(c, sq, occupied)
                } else {
                    B::EMPTY
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lame_paths_are_the_legs_xboard_describes() {
        // The knight's leg is the orthogonal step towards the long side.
        assert_eq!(lame_path((1, 2)), vec![(0, 1)]);
        assert_eq!(lame_path((-2, 1)), vec![(-1, 0)]);
        assert_eq!(lame_path((2, 2)), vec![(1, 1)]);
        assert_eq!(lame_path((0, -2)), vec![(0, -1)]);
        assert_eq!(lame_path((3, 0)), vec![(1, 0), (2, 0)]);
    }

    fn sq(geom: &Geometry, name: &str) -> usize {
        geom.cell(name).expect("a cell of the test board")
    }

    #[test]
    fn a_nightrider_rides_until_a_piece_and_takes_it() {
        let g = Geometry::grid("chess", 8, 8);
        let nn: Special<u64> = Special::steps(&g, [(1, 2), (1, -2)], 0, true);
        let from = sq(&g, "a1");
        let empty = nn.reach(0, from, 0u64);
        let expect = u64::from_indices(["b3", "c5", "d7"].iter().map(|n| sq(&g, n)));
        assert_eq!(empty, expect);
        let blocked = nn.reach(0, from, u64::bit(sq(&g, "c5")));
        assert_eq!(
            blocked,
            u64::from_indices(["b3", "c5"].iter().map(|n| sq(&g, n)))
        );
        let limited: Special<u64> = Special::steps(&g, [(0, 1), (0, -1)], 2, true);
        assert_eq!(
            limited.reach(0, from, 0u64),
            u64::from_indices(["a2", "a3"].iter().map(|n| sq(&g, n)))
        );
    }

    #[test]
    fn a_cannon_needs_one_screen_and_a_grasshopper_lands_behind_it() {
        let g = Geometry::grid("chess", 8, 8);
        let cannon: Special<u64> = Special::hop(&g, [Dir::N, Dir::S], false);
        let hopper: Special<u64> = Special::hop(&g, [Dir::N, Dir::S], true);
        let from = sq(&g, "a1");
        assert_eq!(cannon.reach(0, from, 0u64), 0);
        let occ = u64::from_indices(["a3", "a6"].iter().map(|n| sq(&g, n)));
        assert_eq!(
            cannon.reach(0, from, occ),
            u64::from_indices(["a4", "a5", "a6"].iter().map(|n| sq(&g, n)))
        );
        assert_eq!(hopper.reach(0, from, occ), u64::bit(sq(&g, "a4")));
        // A screen on the edge leaves nothing behind it.
        let edge = u64::bit(sq(&g, "a8"));
        assert_eq!(hopper.reach(0, from, edge), 0);
    }

    #[test]
    fn a_horse_is_blocked_by_its_leg() {
        let g = Geometry::grid("chess", 9, 10);
        let horse: Special<u128> = Special::lame(&g, [(1, 2), (1, -2)]);
        let from = sq(&g, "b1");
        assert_eq!(horse.reach(0, from, 0u128), u128::bit(sq(&g, "c3")));
        assert_eq!(horse.reach(0, from, u128::bit(sq(&g, "b2"))), 0);
        // A piece on the diagonal does not block it.
        assert_eq!(
            horse.reach(0, from, u128::bit(sq(&g, "c2"))),
            u128::bit(sq(&g, "c3"))
        );
    }
}
