//! A board as a graph: cells with grid slots (for FEN and protocol names), true names (for
//! people), and neighbour lists in the eight compass directions.
//!
//! Plain boards get their neighbours from grid arithmetic. Escalator boards get them from the
//! rules' adjacency tables, because the bottom of each escalator block is shifted half a
//! square and grid arithmetic would be wrong there. Graph boards of game files
//! (`[[board.cell]]`) get them from the file's own lists (`from_cells`).
//!
//! Grid slots that hold no cell are of two kinds: holes (sliders stop, every leaper leaps
//! over them) and barriers (sliders stop, and a piece that may not jump the barriers may not
//! leap across them: `polygon::crosses_barrier`). The escalator boards' holes are barriers
//! (the rules call them so).

use std::collections::HashMap;
use std::fmt;

/// Compass directions from White's point of view (N = towards Black).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    N = 0,
    NE = 1,
    E = 2,
    SE = 3,
    S = 4,
    SW = 5,
    W = 6,
    NW = 7,
}

pub const ALL_DIRS: [Dir; 8] = [
    Dir::N,
    Dir::NE,
    Dir::E,
    Dir::SE,
    Dir::S,
    Dir::SW,
    Dir::W,
    Dir::NW,
];

impl Dir {
    pub const ORTHOGONAL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];
    pub const DIAGONAL: [Dir; 4] = [Dir::NE, Dir::SE, Dir::SW, Dir::NW];

    pub fn index(self) -> usize {
        self as usize
    }

    /// The direction turned half round: what "forward" means for Black.
    pub fn opposite(self) -> Dir {
        ALL_DIRS[(self as usize + 4) % 8]
    }

    pub fn name(self) -> &'static str {
        ["N", "NE", "E", "SE", "S", "SW", "W", "NW"][self as usize]
    }

    pub fn from_name(s: &str) -> Option<Dir> {
        ALL_DIRS.iter().copied().find(|d| d.name() == s)
    }

    /// The direction of a one-square grid step, if it is one.
    pub fn from_delta(d: (i32, i32)) -> Option<Dir> {
        ALL_DIRS.into_iter().find(|x| x.delta() == d)
    }

    /// Grid step (file, rank) on a plain board.
    pub fn delta(self) -> (i32, i32) {
        [
            (0, 1),
            (1, 1),
            (1, 0),
            (1, -1),
            (0, -1),
            (-1, -1),
            (-1, 0),
            (-1, 1),
        ][self as usize]
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeometryError(pub String);

impl fmt::Display for GeometryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for GeometryError {}

/// One square of the board.
#[derive(Clone, Debug)]
pub struct Cell {
    /// The square's own name (`ab4` on an escalator, `e4` elsewhere).
    pub name: String,
    /// Grid slot used by FEN and protocol moves (0-based file and rank, White's rank 1 = 0).
    pub file: u8,
    pub rank: u8,
    /// Horizontal lean of the square's centre in the drawn board, in files (positive = east).
    /// Zero except on escalator ranks; only used to draw the board for people.
    pub lean: f32,
    /// The drawn outline a game file gives the cell (corners in files and ranks); `None`:
    /// the square of its grid slot (leaning on escalator ranks).
    pub polygon: Option<Vec<(f32, f32)>>,
}

/// One cell of a graph board as a game file gives it (`Geometry::from_cells`).
#[derive(Clone, Debug, PartialEq)]
pub struct CellSpec {
    /// Grid slot (0-based file, rank).
    pub slot: (u8, u8),
    /// True name (the slot's grid name when the file gives none).
    pub name: String,
    /// Neighbours per direction (`Dir::index` order), as indices into the cell list.
    pub links: [Vec<usize>; 8],
    pub polygon: Option<Vec<(f32, f32)>>,
    /// Named leap tables: (table name, the cells a leap of that table reaches from here).
    pub leaps: Vec<(String, Vec<usize>)>,
}

/// The graph of a 2D board.
#[derive(Clone, Debug)]
pub struct Geometry {
    pub name: String,
    pub files: u8,
    pub ranks: u8,
    pub cells: Vec<Cell>,
    grid: Vec<Option<u8>>,
    adjacency: Vec<[Vec<u8>; 8]>,
    /// Grid slots without a cell that bar the leaps of pieces that may not jump barriers.
    barriers: Vec<(u8, u8)>,
    /// Leaper tables given as data by the rules (escalator knight and Ultra), by name.
    named_leapers: HashMap<String, Vec<Vec<u8>>>,
    by_name: HashMap<String, u8>,
}

impl Geometry {
    /// A plain rectangular board with no holes.
    pub fn grid(name: &str, files: u8, ranks: u8) -> Geometry {
        Self::grid_with_holes(name, files, ranks, &[])
    }

    /// A rectangle whose `holes` (file, rank) hold no square: steps into a hole lead
    /// nowhere, so sliders stop at it, and leaps by grid arithmetic may cross it.
    pub fn grid_with_holes(name: &str, files: u8, ranks: u8, holes: &[(u8, u8)]) -> Geometry {
        Self::grid_with_barriers(name, files, ranks, holes, &[])
    }

    /// A rectangle with holes and barriers (both hold no square; see the module note).
    pub fn grid_with_barriers(
        name: &str,
        files: u8,
        ranks: u8,
        holes: &[(u8, u8)],
        barriers: &[(u8, u8)],
    ) -> Geometry {
        let mut cells = Vec::new();
        let mut grid: Vec<Option<u8>> = vec![None; files as usize * ranks as usize];
        for r in 0..ranks {
            for f in 0..files {
                if holes.contains(&(f, r)) || barriers.contains(&(f, r)) {
                    continue;
                }
                grid[r as usize * files as usize + f as usize] = Some(cells.len() as u8);
                cells.push(Cell {
                    name: grid_name(f, r),
                    file: f,
                    rank: r,
                    lean: 0.0,
                    polygon: None,
                });
            }
        }
        let mut adjacency = Vec::with_capacity(cells.len());
        for c in &cells {
            let mut adj: [Vec<u8>; 8] = Default::default();
            for d in ALL_DIRS {
                let (df, dr) = d.delta();
                let (f, r) = (c.file as i32 + df, c.rank as i32 + dr);
                if (0..files as i32).contains(&f) && (0..ranks as i32).contains(&r) {
                    if let Some(n) = grid[(r * files as i32 + f) as usize] {
                        adj[d.index()].push(n);
                    }
                }
            }
            adjacency.push(adj);
        }
        let mut g = Self::assemble(name, files, ranks, cells, grid, adjacency, HashMap::new());
        g.barriers = barriers.to_vec();
        g
    }

    /// A graph board given cell by cell (a game file's `[[board.cell]]`). Every link gets
    /// its way back (X lists Y under NE: Y has X under SW) when the other cell does not list
    /// it, and so does every leap of a named table (X leaps to Y: Y leaps to X). The caller
    /// has checked the slots (distinct, on the grid), the link indices, the size and the
    /// barriers (off every cell); a slot that is neither a cell nor a barrier is a hole.
    pub fn from_cells(
        name: &str,
        files: u8,
        ranks: u8,
        specs: &[CellSpec],
        barriers: &[(u8, u8)],
    ) -> Result<Geometry, GeometryError> {
        if specs.len() > u8::MAX as usize {
            return Err(GeometryError(format!("{name}: too many cells")));
        }
        let mut grid: Vec<Option<u8>> = vec![None; files as usize * ranks as usize];
        let mut cells = Vec::with_capacity(specs.len());
        for (i, c) in specs.iter().enumerate() {
            let (f, r) = c.slot;
            let at = r as usize * files as usize + f as usize;
            if f >= files || r >= ranks || grid[at].is_some() {
                return Err(GeometryError(format!(
                    "{name}: slot {} is off the grid or taken twice",
                    grid_name(f, r)
                )));
            }
            grid[at] = Some(i as u8);
            cells.push(Cell {
                name: c.name.clone(),
                file: f,
                rank: r,
                lean: 0.0,
                polygon: c.polygon.clone(),
            });
        }
        let mut adjacency: Vec<[Vec<u8>; 8]> = vec![Default::default(); specs.len()];
        let mut link = |x: usize, d: Dir, y: usize| {
            if !adjacency[x][d.index()].contains(&(y as u8)) {
                adjacency[x][d.index()].push(y as u8);
            }
        };
        for (x, c) in specs.iter().enumerate() {
            for d in ALL_DIRS {
                for &y in &c.links[d.index()] {
                    if y >= specs.len() {
                        return Err(GeometryError(format!("{name}: link to no cell")));
                    }
                    link(x, d, y);
                    link(y, d.opposite(), x);
                }
            }
        }
        let mut named: HashMap<String, Vec<Vec<u8>>> = HashMap::new();
        for (x, c) in specs.iter().enumerate() {
            for (table, dests) in &c.leaps {
                for &y in dests {
                    if y >= specs.len() || y == x {
                        return Err(GeometryError(format!(
                            "{name}: leap table {table} leaps to no cell"
                        )));
                    }
                    let t = named
                        .entry(table.clone())
                        .or_insert_with(|| vec![Vec::new(); specs.len()]);
                    for (a, b) in [(x, y), (y, x)] {
                        if !t[a].contains(&(b as u8)) {
                            t[a].push(b as u8);
                        }
                    }
                }
            }
        }
        let mut g = Self::assemble(name, files, ranks, cells, grid, adjacency, named);
        g.barriers = barriers.to_vec();
        g.check_symmetry()?;
        Ok(g)
    }

    /// A board with holes whose graph is given explicitly.
    ///
    /// `rows[r]` lists the true names of rank `r` west to east; each is placed in the next
    /// grid slot of that rank that is not a hole. `adjacency` maps a true name to its
    /// neighbours per direction; `leapers` maps a table name to name -> destinations.
    pub fn from_tables(
        name: &str,
        files: u8,
        holes: &[&str],
        rows: &[Vec<String>],
        adjacency: &HashMap<String, HashMap<String, Vec<String>>>,
        leapers: &[(&str, &HashMap<String, Vec<String>>)],
    ) -> Result<Geometry, GeometryError> {
        let ranks = rows.len() as u8;
        let hole_slots: Vec<(u8, u8)> = holes
            .iter()
            .map(|h| parse_grid_name(h).ok_or_else(|| GeometryError(format!("bad hole {h}"))))
            .collect::<Result<_, _>>()?;
        let mut cells = Vec::new();
        let mut grid = vec![None; files as usize * ranks as usize];
        for (r, row) in rows.iter().enumerate() {
            let r = r as u8;
            let free: Vec<u8> = (0..files)
                .filter(|f| !hole_slots.contains(&(*f, r)))
                .collect();
            if free.len() != row.len() {
                return Err(GeometryError(format!(
                    "{name}: rank {} has {} squares but {} free grid slots",
                    r + 1,
                    row.len(),
                    free.len()
                )));
            }
            let leans = escalator_leans(files, r, &hole_slots);
            for (sq_name, &f) in row.iter().zip(&free) {
                let letters: Vec<u8> = sq_name
                    .bytes()
                    .take_while(|b| b.is_ascii_lowercase())
                    .map(|b| b - b'a')
                    .collect();
                if !letters.contains(&f) {
                    return Err(GeometryError(format!(
                        "{name}: square {sq_name} does not line up with grid file {}",
                        (b'a' + f) as char
                    )));
                }
                grid[r as usize * files as usize + f as usize] = Some(cells.len() as u8);
                cells.push(Cell {
                    name: sq_name.clone(),
                    file: f,
                    rank: r,
                    lean: leans[f as usize],
                    polygon: None,
                });
            }
        }
        let index: HashMap<&str, u8> = cells
            .iter()
            .enumerate()
            .map(|(i, c)| (c.name.as_str(), i as u8))
            .collect();
        let lookup = |n: &str| {
            index
                .get(n)
                .copied()
                .ok_or_else(|| GeometryError(format!("{name}: unknown square {n}")))
        };
        let mut adj_out = Vec::with_capacity(cells.len());
        for c in &cells {
            let per_dir = adjacency
                .get(&c.name)
                .ok_or_else(|| GeometryError(format!("{name}: no adjacency for {}", c.name)))?;
            let mut adj: [Vec<u8>; 8] = Default::default();
            for (dname, list) in per_dir {
                let d = Dir::from_name(dname)
                    .ok_or_else(|| GeometryError(format!("{name}: bad direction {dname}")))?;
                for n in list {
                    adj[d.index()].push(lookup(n)?);
                }
            }
            adj_out.push(adj);
        }
        let mut named = HashMap::new();
        for (tname, table) in leapers {
            if table.is_empty() {
                continue;
            }
            let mut per_cell = vec![Vec::new(); cells.len()];
            for (from, dests) in table.iter() {
                let fi = lookup(from)? as usize;
                for d in dests {
                    per_cell[fi].push(lookup(d)?);
                }
            }
            named.insert(tname.to_string(), per_cell);
        }
        let mut g = Self::assemble(name, files, ranks, cells, grid, adj_out, named);
        // The rules call the escalator holes barriers.
        g.barriers = hole_slots;
        g.check_symmetry()?;
        Ok(g)
    }

    fn assemble(
        name: &str,
        files: u8,
        ranks: u8,
        cells: Vec<Cell>,
        grid: Vec<Option<u8>>,
        adjacency: Vec<[Vec<u8>; 8]>,
        named_leapers: HashMap<String, Vec<Vec<u8>>>,
    ) -> Geometry {
        let mut by_name = HashMap::new();
        for (i, c) in cells.iter().enumerate() {
            by_name.insert(grid_name(c.file, c.rank), i as u8);
        }
        for (i, c) in cells.iter().enumerate() {
            by_name.insert(c.name.clone(), i as u8);
        }
        Geometry {
            name: name.to_string(),
            files,
            ranks,
            cells,
            grid,
            adjacency,
            barriers: Vec::new(),
            named_leapers,
            by_name,
        }
    }

    /// X is Y's neighbour in direction d exactly when Y is X's neighbour in the opposite
    /// direction; slider attack symmetry (and so check detection) relies on it.
    fn check_symmetry(&self) -> Result<(), GeometryError> {
        for (x, adj) in self.adjacency.iter().enumerate() {
            for d in ALL_DIRS {
                for &y in &adj[d.index()] {
                    if !self.adjacency[y as usize][d.opposite().index()].contains(&(x as u8)) {
                        return Err(GeometryError(format!(
                            "{}: {} -> {} ({}) has no way back",
                            self.name,
                            self.cells[x].name,
                            self.cells[y as usize].name,
                            d.name()
                        )));
                    }
                }
            }
        }
        Ok(())
    }

    pub fn len(&self) -> usize {
        self.cells.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Neighbours of `cell` in direction `d` (two at the foot of an escalator block).
    pub fn neighbours(&self, cell: usize, d: Dir) -> &[u8] {
        &self.adjacency[cell][d.index()]
    }

    /// The cell in a grid slot, or `None` for a hole or a slot off the board.
    pub fn at(&self, file: i32, rank: i32) -> Option<usize> {
        if file < 0 || rank < 0 || file >= self.files as i32 || rank >= self.ranks as i32 {
            return None;
        }
        self.grid[rank as usize * self.files as usize + file as usize].map(|c| c as usize)
    }

    /// True when the grid slot is inside the board's rectangle but holds no square.
    pub fn is_hole(&self, file: i32, rank: i32) -> bool {
        file >= 0
            && rank >= 0
            && file < self.files as i32
            && rank < self.ranks as i32
            && self.at(file, rank).is_none()
    }

    pub fn has_holes(&self) -> bool {
        self.grid.iter().any(|c| c.is_none())
    }

    /// The grid slots that are barriers (holding no cell), west to east, rank by rank as
    /// given.
    pub fn barriers(&self) -> &[(u8, u8)] {
        &self.barriers
    }

    /// True when the grid slot is a barrier.
    pub fn is_barrier(&self, file: i32, rank: i32) -> bool {
        self.barriers
            .iter()
            .any(|&(f, r)| f as i32 == file && r as i32 == rank)
    }

    /// Looks a square up by its grid name (`a4`) or its true name (`ab4`).
    pub fn cell(&self, name: &str) -> Option<usize> {
        self.by_name.get(name).map(|&c| c as usize)
    }

    /// Grid name (protocol notation) of a cell.
    pub fn grid_name(&self, cell: usize) -> String {
        let c = &self.cells[cell];
        grid_name(c.file, c.rank)
    }

    /// A leaper table supplied as data by the rules, if the board has one by that name.
    pub fn named_leaper(&self, name: &str) -> Option<&Vec<Vec<u8>>> {
        self.named_leapers.get(name)
    }

    /// The names of the board's leap tables, sorted.
    pub fn named_leaper_names(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self.named_leapers.keys().map(String::as_str).collect();
        names.sort_unstable();
        names
    }
}

/// `a1`-style name of a grid slot.
pub fn grid_name(file: u8, rank: u8) -> String {
    format!("{}{}", (b'a' + file) as char, rank + 1)
}

/// Parses `a1`..`z99` into 0-based (file, rank).
pub fn parse_grid_name(s: &str) -> Option<(u8, u8)> {
    let mut chars = s.chars();
    let f = chars.next()?;
    if !f.is_ascii_lowercase() {
        return None;
    }
    let rest: String = chars.collect();
    if rest.is_empty() || !rest.bytes().all(|b| b.is_ascii_digit()) || rest.starts_with('0') {
        return None;
    }
    let r: u32 = rest.parse().ok()?;
    if r == 0 || r > 99 {
        return None;
    }
    Some((f as u8 - b'a', (r - 1) as u8))
}

/// How far each slot of rank `r` leans in the drawing (escalator model of the rules:
/// the block's shift is 0 at its top edge and 1/2 at its bottom edge, left block leaning
/// east, right block west). Ranks without holes do not lean.
fn escalator_leans(files: u8, r: u8, holes: &[(u8, u8)]) -> Vec<f32> {
    let mut leans = vec![0.0; files as usize];
    let in_rank: Vec<u8> = holes.iter().filter(|h| h.1 == r).map(|h| h.0).collect();
    if in_rank.is_empty() {
        return leans;
    }
    let block: Vec<u8> = {
        let mut ranks: Vec<u8> = holes.iter().map(|h| h.1).collect();
        ranks.sort_unstable();
        ranks.dedup();
        ranks
    };
    let top = *block.iter().max().unwrap_or(&r);
    let j = (top - r) as f32; // 0 for the top rank of the block
    let n = block.len() as f32;
    let shift = (2.0 * j + 1.0) / (4.0 * n);
    let (first, last) = (
        *in_rank.iter().min().unwrap_or(&0),
        *in_rank.iter().max().unwrap_or(&0),
    );
    for f in 0..files {
        if f < first {
            leans[f as usize] = shift;
        } else if f > last {
            leans[f as usize] = -shift;
        }
    }
    leans
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_grid_neighbours() {
        let g = Geometry::grid("chess", 8, 8);
        let e4 = g.cell("e4").unwrap();
        assert_eq!(g.neighbours(e4, Dir::N), &[g.cell("e5").unwrap() as u8]);
        assert!(g.neighbours(g.cell("a1").unwrap(), Dir::SW).is_empty());
        assert_eq!(g.grid_name(63), "h8");
    }

    #[test]
    fn grid_names_parse_strictly() {
        assert_eq!(parse_grid_name("a1"), Some((0, 0)));
        assert_eq!(parse_grid_name("j10"), Some((9, 9)));
        assert_eq!(parse_grid_name("a0"), None);
        assert_eq!(parse_grid_name("a01"), None);
        assert_eq!(parse_grid_name("A1"), None);
        assert_eq!(parse_grid_name(""), None);
    }
}
