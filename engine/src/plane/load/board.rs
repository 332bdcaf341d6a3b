//! `[board]` read: the grid with its holes and barriers, one of the rules' escalator boards,
//! or an explicit graph given cell by cell (`[[board.cell]]`), with the limits on its size.
//! Every fault of a graph board (unknown neighbour, a slot used twice or off the grid, a cell
//! with no way in or out, too many cells, a polygon of fewer than 3 points, a barrier on a
//! cell) is refused with the line of the cell that has it.

use super::{leak, Fail, MAX_CELLS, MAX_SIDE};
use crate::plane::variant::{BoardShape, GraphBoard, Width};
use oblique_gamefile::schema::CellEntry;
use oblique_gamefile::{GameFile, GameFileError};
use oblique_tables::escalator::EscalatorBoard;
use oblique_tables::geometry::{grid_name, parse_grid_name, CellSpec};
use oblique_tables::{Dir, Geometry, ALL_DIRS};
use std::collections::HashMap;

/// The board's shape and the bitboard width its cells need. `text` is the file's source
/// (to point at a cell's line).
pub(super) fn shape(
    file: &GameFile,
    text: &str,
    fail: Fail,
) -> Result<(BoardShape, Width), GameFileError> {
    let b = &file.board;
    if b.files == 0 || b.files > MAX_SIDE || b.ranks == 0 || b.ranks > MAX_SIDE {
        return Err(fail(
            "files",
            format!(
                "a board of {}x{}: files and ranks must be 1..{MAX_SIDE}",
                b.files, b.ranks
            ),
        ));
    }
    let holes = slots(b.files, b.ranks, &b.holes, "hole", &[], fail)?;
    let barriers = slots(b.files, b.ranks, &b.barriers, "barrier", &holes, fail)?;
    if !b.cell.is_empty() {
        if let Some(key) = &b.escalator {
            return Err(fail(
                key,
                "an escalator board comes from the rules: give it or [[board.cell]], not both"
                    .to_string(),
            ));
        }
        let graph = graph(file, text, &holes, &barriers, fail)?;
        let width = if graph.cells.len() <= 64 {
            Width::W64
        } else {
            Width::W128
        };
        return Ok((BoardShape::Graph(Box::leak(Box::new(graph))), width));
    }
    let cells = b.files as usize * b.ranks as usize - holes.len() - barriers.len();
    if cells > MAX_CELLS {
        return Err(fail(
            "[board]",
            format!("the board has {cells} cells; the engine holds at most {MAX_CELLS}"),
        ));
    }
    let board = match b.escalator.as_deref() {
        None => BoardShape::Grid {
            files: b.files,
            ranks: b.ranks,
            holes: leak(holes.clone()),
            barriers: leak(barriers),
        },
        Some(key) => {
            if let Some(first) = b.barriers.first() {
                return Err(fail(
                    first,
                    format!(
                        "the {key} board's holes are its barriers: list them as holes, \
                         with no barriers key"
                    ),
                ));
            }
            let board = [
                EscalatorBoard::Sec,
                EscalatorBoard::Msec,
                EscalatorBoard::Usec,
            ]
            .into_iter()
            .find(|e| e.key() == key)
            .ok_or_else(|| {
                fail(
                    key,
                    format!("escalator board '{key}': use SEC, MSEC or USEC"),
                )
            })?;
            let mut want: Vec<(u8, u8)> = board
                .holes()
                .iter()
                .filter_map(|h| parse_grid_name(h))
                .collect();
            want.sort_unstable();
            let mut given = holes.clone();
            given.sort_unstable();
            if board.files() != b.files || want != given {
                return Err(fail(
                    key,
                    format!(
                        "the {key} board has {} files and holes {}: the file must say so",
                        board.files(),
                        board.holes().join(" ")
                    ),
                ));
            }
            BoardShape::Escalator(board)
        }
    };
    let width = if cells <= 64 { Width::W64 } else { Width::W128 };
    Ok((board, width))
}

/// Grid slots of a `holes` or `barriers` list: on the grid, each once, none in `taken`.
fn slots(
    files: u8,
    ranks: u8,
    names: &[String],
    what: &str,
    taken: &[(u8, u8)],
    fail: Fail,
) -> Result<Vec<(u8, u8)>, GameFileError> {
    let mut out = Vec::new();
    for h in names {
        match parse_grid_name(h) {
            Some((f, r)) if f < files && r < ranks => {
                if out.contains(&(f, r)) {
                    return Err(fail(h, format!("{what} {h} is listed twice")));
                }
                if taken.contains(&(f, r)) {
                    return Err(fail(h, format!("{h} is both a hole and a barrier")));
                }
                out.push((f, r))
            }
            _ => {
                return Err(fail(
                    h,
                    format!("{what} '{h}' is not a square of the board"),
                ))
            }
        }
    }
    Ok(out)
}

/// Lines of a file's `[[board.cell]]` entries, to point at one cell's fault.
struct CellLines<'a> {
    text: &'a str,
    /// 1-based line of each `[[board.cell]]` header, when the file uses that form.
    headers: Vec<usize>,
}

impl<'a> CellLines<'a> {
    fn new(text: &'a str, count: usize) -> CellLines<'a> {
        let headers: Vec<usize> = text
            .lines()
            .enumerate()
            .filter(|(_, l)| {
                let bare: String = l.chars().filter(|c| !c.is_whitespace()).collect();
                bare.starts_with("[[board.cell]]")
            })
            .map(|(i, _)| i + 1)
            .collect();
        CellLines {
            text,
            headers: if headers.len() == count {
                headers
            } else {
                Vec::new()
            },
        }
    }

    /// The line of `key` in cell `i`'s entry (its header line if the key is not found).
    fn line(&self, i: usize, slot: &str, key: &str) -> Option<usize> {
        let lines: Vec<&str> = self.text.lines().collect();
        if let Some(&start) = self.headers.get(i) {
            for (n, l) in lines.iter().enumerate().skip(start) {
                let t = l.trim_start();
                if t.starts_with('[') {
                    break;
                }
                if let Some(rest) = t.strip_prefix(key) {
                    if rest.trim_start().starts_with('=') {
                        return Some(n + 1);
                    }
                }
            }
            return Some(start);
        }
        // Cells written as inline tables: the line that gives this slot.
        let quoted = format!("\"{slot}\"");
        lines
            .iter()
            .position(|l| l.contains("slot") && l.contains(&quoted))
            .map(|n| n + 1)
    }
}

/// The explicit graph of `[[board.cell]]`.
fn graph(
    file: &GameFile,
    text: &str,
    holes: &[(u8, u8)],
    barriers: &[(u8, u8)],
    fail: Fail,
) -> Result<GraphBoard, GameFileError> {
    let b = &file.board;
    let lines = CellLines::new(text, b.cell.len());
    let at = |i: usize, c: &CellEntry, key: &str, reason: String| {
        let mut e = fail("[board]", reason);
        if let Some(l) = lines.line(i, &c.slot, key) {
            e.line = Some(l);
        }
        e
    };
    if b.cell.len() > MAX_CELLS {
        let c = &b.cell[MAX_CELLS];
        return Err(at(
            MAX_CELLS,
            c,
            "slot",
            format!(
                "the board has {} cells; the engine holds at most {MAX_CELLS}",
                b.cell.len()
            ),
        ));
    }
    // Slots and names.
    let mut by_slot: HashMap<(u8, u8), usize> = HashMap::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    let mut specs: Vec<CellSpec> = Vec::with_capacity(b.cell.len());
    for (i, c) in b.cell.iter().enumerate() {
        let slot = match parse_grid_name(&c.slot) {
            Some((f, r)) if f < b.files && r < b.ranks => (f, r),
            _ => {
                return Err(at(
                    i,
                    c,
                    "slot",
                    format!(
                        "cell slot '{}' is not a square of the {}x{} grid",
                        c.slot, b.files, b.ranks
                    ),
                ))
            }
        };
        if let Some(&j) = by_slot.get(&slot) {
            return Err(at(
                i,
                c,
                "slot",
                format!("slot {} is used twice (also by cell {})", c.slot, j + 1),
            ));
        }
        if barriers.contains(&slot) {
            return Err(at(
                i,
                c,
                "slot",
                format!("{} is both a cell and a barrier", c.slot),
            ));
        }
        if holes.contains(&slot) {
            return Err(at(
                i,
                c,
                "slot",
                format!("{} is both a cell and a hole", c.slot),
            ));
        }
        by_slot.insert(slot, i);
        let name = c.name.clone().unwrap_or_else(|| grid_name(slot.0, slot.1));
        if !is_plain_name(&name) {
            return Err(at(
                i,
                c,
                "name",
                format!("cell name '{name}': use letters, digits, '-' and '_'"),
            ));
        }
        let polygon = match &c.polygon {
            None => None,
            Some(points) => {
                if points.len() < 3 {
                    return Err(at(
                        i,
                        c,
                        "polygon",
                        format!(
                            "cell {name}: a polygon needs at least 3 points, this one has {}",
                            points.len()
                        ),
                    ));
                }
                let inside = |p: &[f64; 2]| {
                    (0.0..=b.files as f64).contains(&p[0]) && (0.0..=b.ranks as f64).contains(&p[1])
                };
                if let Some(p) = points.iter().find(|p| !inside(p)) {
                    return Err(at(
                        i,
                        c,
                        "polygon",
                        format!(
                            "cell {name}: polygon point [{}, {}] is outside the {}x{} grid",
                            p[0], p[1], b.files, b.ranks
                        ),
                    ));
                }
                Some(points.iter().map(|p| (p[0] as f32, p[1] as f32)).collect())
            }
        };
        specs.push(CellSpec {
            slot,
            name,
            links: Default::default(),
            polygon,
            leaps: Vec::new(),
        });
    }
    // A name or a slot names one cell.
    for (i, s) in specs.iter().enumerate() {
        index.insert(grid_name(s.slot.0, s.slot.1), i);
    }
    for (i, s) in specs.iter().enumerate() {
        match index.get(&s.name) {
            Some(&j) if j != i => {
                return Err(at(
                    i,
                    &b.cell[i],
                    "name",
                    format!(
                        "cell name '{}' is already the name or slot of cell {}",
                        s.name,
                        j + 1
                    ),
                ))
            }
            _ => {
                index.insert(s.name.clone(), i);
            }
        }
    }
    // Links.
    let mut linked = vec![false; specs.len()];
    for (i, c) in b.cell.iter().enumerate() {
        for (d, (key, list)) in ALL_DIRS.into_iter().zip(c.links()) {
            for n in list {
                let Some(&j) = index.get(n.as_str()) else {
                    return Err(at(
                        i,
                        c,
                        key,
                        format!(
                            "cell {}: neighbour '{n}' ({key}) is no cell of the board",
                            specs[i].name
                        ),
                    ));
                };
                if j == i {
                    return Err(at(
                        i,
                        c,
                        key,
                        format!("cell {} lists itself as a neighbour", specs[i].name),
                    ));
                }
                if !specs[i].links[d.index()].contains(&j) {
                    specs[i].links[d.index()].push(j);
                }
                linked[i] = true;
                linked[j] = true;
            }
        }
    }
    // Named leap tables.
    for (i, c) in b.cell.iter().enumerate() {
        for (table, list) in &c.leaps {
            if !is_plain_name(table) {
                return Err(at(
                    i,
                    c,
                    "leaps",
                    format!("leap table name '{table}': use letters, digits, '-' and '_'"),
                ));
            }
            let mut dests = Vec::with_capacity(list.len());
            for n in list {
                let Some(&j) = index.get(n.as_str()) else {
                    return Err(at(
                        i,
                        c,
                        "leaps",
                        format!(
                            "cell {}: leap '{n}' (table {table}) is no cell of the board",
                            specs[i].name
                        ),
                    ));
                };
                if j == i {
                    return Err(at(
                        i,
                        c,
                        "leaps",
                        format!(
                            "cell {}: table {table} leaps from the cell to itself",
                            specs[i].name
                        ),
                    ));
                }
                dests.push(j);
                linked[i] = true;
                linked[j] = true;
            }
            specs[i].leaps.push((table.clone(), dests));
        }
    }
    if let Some(i) = linked.iter().position(|&l| !l) {
        return Err(at(
            i,
            &b.cell[i],
            "slot",
            format!(
                "cell {} has no way in or out: no neighbour lists it and it lists none",
                specs[i].name
            ),
        ));
    }
    let board = GraphBoard {
        files: b.files,
        ranks: b.ranks,
        cells: specs,
        barriers: barriers.to_vec(),
    };
    let geom = Geometry::from_cells(&file.game.name, b.files, b.ranks, &board.cells, barriers)
        .map_err(|e| fail("[board]", e.to_string()))?;
    for (i, c) in b.cell.iter().enumerate() {
        for pair in [
            [Dir::N, Dir::S],
            [Dir::E, Dir::W],
            [Dir::NE, Dir::SW],
            [Dir::SE, Dir::NW],
        ] {
            let n = line_blockers(&geom, i, &pair);
            if n > MAX_LINE_BLOCKERS {
                return Err(at(
                    i,
                    c,
                    "slot",
                    format!(
                        "cell {}: its {}-{} line has {n} cells whose occupancy matters to a \
                         slider (forks multiply them); the engine holds at most \
                         {MAX_LINE_BLOCKERS}",
                        board.cells[i].name,
                        pair[0].name(),
                        pair[1].name()
                    ),
                ));
            }
        }
    }
    Ok(board)
}

/// A cell's or a leap table's name: letters, digits, `-` and `_`.
fn is_plain_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|ch| ch.is_ascii_alphanumeric() || ch == '-' || ch == '_')
}

/// The leap tables a graph board defines, by name.
pub(super) fn graph_tables(board: &GraphBoard) -> Vec<&str> {
    let mut names: Vec<&str> = board
        .cells
        .iter()
        .flat_map(|c| c.leaps.iter().map(|(t, _)| t.as_str()))
        .collect();
    names.sort_unstable();
    names.dedup();
    names
}

/// Most cells of one line (a direction and its opposite, every branch) whose occupancy
/// matters to a slider from one cell: as on a 16-cell grid line, which keeps the slider
/// tables small (`tables::slider`).
const MAX_LINE_BLOCKERS: usize = 14;

/// Cells of the ray trees from `from` along `dirs` that have a further cell in the same
/// direction (their occupancy can change what a slider reaches).
fn line_blockers(geom: &Geometry, from: usize, dirs: &[Dir]) -> usize {
    let mut relevant = vec![false; geom.len()];
    for &d in dirs {
        let mut seen = vec![false; geom.len()];
        let mut stack = vec![from];
        while let Some(cur) = stack.pop() {
            for &n in geom.neighbours(cur, d) {
                let n = n as usize;
                if n == from || seen[n] {
                    continue;
                }
                seen[n] = true;
                stack.push(n);
                if geom.neighbours(n, d).iter().any(|&m| m as usize != from) {
                    relevant[n] = true;
                }
            }
        }
    }
    relevant.iter().filter(|&&r| r).count()
}
