//! The fixed geometry of Star Trek chess, computed once: the 6×10×7 box, the 144 cells (48
//! main-board squares and the 96 squares of the 24 attack-board pins), pins and their moves,
//! ray, king, knight and pawn tables (startrek.md §1–§6).
//!
//! Everything that depends on which pins are occupied is left to the position, which keeps
//! an "exists" mask (main boards | footprints of occupied pins) and two "cover" masks: the
//! main-board cells that have an existing square directly below them (`cover_below`) or
//! directly above them (`cover_above`). The knight's and the pawn's level step (`vstep`)
//! skips an absent attack-board level exactly when the landing cell is *not* covered on the
//! side it is entered from, so every exists-dependent table here comes in a "direct" part
//! (valid whenever the target exists) and a "skip" part (valid when it is not covered).

use super::bitset::{Cells, CELLS};
use oblique_tables::Bitboard;
use once_cell::sync::Lazy;

pub const FILES: i32 = 6;
pub const RANKS: i32 = 10;
pub const LEVELS: i32 = 7;
pub const BOX: usize = (FILES * RANKS * LEVELS) as usize;
/// Number of attack-board positions.
pub const PINS: usize = 24;
/// "No cell" in the u8 tables.
pub const NONE: u8 = u8::MAX;

/// Slider directions: 0..6 rook (orthogonal), 6..18 bishop (two equal non-zero components).
/// Directions 0..3 and 6..12 have a positive box offset (cells along them have growing
/// numbers); the others are their opposites, in the same order.
pub const DIRS: [(i32, i32, i32); 18] = [
    (1, 0, 0),
    (0, 1, 0),
    (0, 0, 1),
    (-1, 0, 0),
    (0, -1, 0),
    (0, 0, -1),
    (1, 1, 0),
    (-1, 1, 0),
    (0, 1, 1),
    (0, -1, 1),
    (1, 0, 1),
    (-1, 0, 1),
    (-1, -1, 0),
    (1, -1, 0),
    (0, -1, -1),
    (0, 1, -1),
    (-1, 0, -1),
    (1, 0, -1),
];

#[inline(always)]
pub const fn dir_is_positive(d: usize) -> bool {
    d < 3 || (d >= 6 && d < 12)
}

/// The three main boards: (level, first rank).
pub const MAIN_BOARDS: [(i32, i32); 3] = [(2, 1), (4, 3), (6, 5)];

/// One attack-board position.
#[derive(Clone, Debug)]
pub struct Pin {
    /// The attachment square (the main-board corner's file and rank at the AB's level), which
    /// names the pin: `b1(1)`.
    pub attach: (i32, i32, i32),
    pub name: String,
    /// Footprint cells in corner order: south-west, south-east, north-west, north-east
    /// (lowest rank first, then lowest file), i.e. ascending cell numbers.
    pub cells: [u8; 4],
    pub footprint: Cells,
    /// Level of the main board this pin belongs to.
    pub board_level: i32,
    /// Main-board cells directly above / below the footprint.
    pub mb_above: Cells,
    pub mb_below: Cells,
    /// Pins this board may move to in one move, with "is an inversion" (startrek.md §6).
    pub moves: Vec<(u8, bool)>,
}

/// Star Trek chess's fixed box geometry (named apart from `oblique_tables::Geometry`, the
/// 2D board graph: the two are different things).
pub struct BoxGeometry {
    /// Box index (`box_index`) to cell number, or NONE for implied positions without cells.
    pub cell_at_box: [u8; BOX],
    /// (file 0..5, rank 0..9, level 1..7) of each cell.
    pub coord: [(i32, i32, i32); CELLS],
    pub name: Vec<String>,
    /// The 48 main-board cells (always exist).
    pub main: Cells,
    /// Pin holding each cell, NONE for main-board cells.
    pub pin_of: [u8; CELLS],
    /// Corner (0..4, see `Pin::cells`) of each attack-board cell.
    pub corner_of: [u8; CELLS],
    pub pins: Vec<Pin>,
    /// Slider rays: every cell along the direction to the box edge (implied positions that
    /// are no cell are simply not in the set).
    pub rays: Vec<[Cells; 18]>,
    pub orth_all: Vec<Cells>,
    pub diag_all: Vec<Cells>,
    pub king: Vec<Cells>,
    /// Knight: targets that are the raw vector (level component 0 or 2) or the unskipped
    /// level step (level component ±1 landing at l±1); valid when the target exists.
    pub knight_direct: Vec<Cells>,
    /// Knight level steps that skip an absent level upwards (landing at l+2 from a
    /// main-board level); valid when the target is not in `cover_below`.
    pub knight_skip_up: Vec<Cells>,
    /// ... downwards (landing at l−2); valid when the target is not in `cover_above`.
    pub knight_skip_down: Vec<Cells>,
    /// Reverse knight tables: the cells a knight attacks the index cell from.
    pub knight_direct_from: Vec<Cells>,
    pub knight_skip_up_from: Vec<Cells>,
    pub knight_skip_down_from: Vec<Cells>,
    pub pawn: [PawnTables; 2],
    /// Castling squares per colour (startrek.md §7).
    pub castle: [CastleCells; 2],
}

/// The squares castling uses for one colour.
#[derive(Clone, Copy, Debug)]
pub struct CastleCells {
    /// King's start square (e0(1) / e9(7)).
    pub king: usize,
    /// King's rook (f0(1) / f9(7)) and queen's rook (a0(1) / a9(7)).
    pub king_rook: usize,
    pub queen_rook: usize,
    /// Queen's start square, which queenside castling needs empty and safe.
    pub queen_square: usize,
    /// The home pins (b1(1), e1(1) / b8(7), e8(7)) that must hold boards for queenside.
    pub home_pins: [u8; 2],
}

/// Pawn tables of one colour (startrek.md §5.1); `d` is +1 for White, −1 for Black.
pub struct PawnTables {
    /// (f, r+d, l), if a cell.
    pub forward: [u8; CELLS],
    /// Double step: middle (f, r+d, l) if a cell, and target (f, r+2d, l) if a cell.
    pub double_mid: [u8; CELLS],
    pub double_to: [u8; CELLS],
    /// Vertical step: (f, r, l+d) and, from a main-board level, (f, r, l+2d).
    pub up: [u8; CELLS],
    pub up_skip: [u8; CELLS],
    /// Rook-pawn step target on the pawn's own main board, if any.
    pub rook_pawn: [u8; CELLS],
    /// Diagonal captures (f±1, r+d, l) — the targets are cells; they exist iff occupied.
    pub diag: Vec<Cells>,
    /// Lateral-vertical captures: (f±1, r, l+d) (valid when it exists) and from a
    /// main-board level (f±1, r, l+2d) (valid when the target is not covered from the
    /// pawn's side: `cover_below` for White, `cover_above` for Black).
    pub lateral: Vec<Cells>,
    pub lateral_skip: Vec<Cells>,
    /// Reverse: cells from which a pawn of this colour attacks the index cell by a
    /// diagonal or unskipped lateral-vertical capture, and by a skipping one.
    pub attackers: Vec<Cells>,
    pub attackers_skip: Vec<Cells>,
    /// Cells where a pawn of this colour must promote.
    pub promotion: Cells,
}

/// A pin while building: attachment square, its main board's level, footprint (file, rank).
type RawPin = ((i32, i32, i32), i32, [(i32, i32); 4]);

#[inline(always)]
pub fn box_index(f: i32, r: i32, l: i32) -> Option<usize> {
    if (0..FILES).contains(&f) && (0..RANKS).contains(&r) && (1..=LEVELS).contains(&l) {
        Some(((l - 1) * FILES * RANKS + r * FILES + f) as usize)
    } else {
        None
    }
}

/// `b1(2)` style name of a box position.
pub fn square_name(f: i32, r: i32, l: i32) -> String {
    format!("{}{}({})", (b'a' + f as u8) as char, r, l)
}

impl BoxGeometry {
    /// The cell at box coordinates, if that implied position is one of the 144 cells.
    #[inline(always)]
    pub fn cell(&self, f: i32, r: i32, l: i32) -> Option<usize> {
        let b = box_index(f, r, l)?;
        let c = self.cell_at_box[b];
        (c != NONE).then_some(c as usize)
    }

    fn cell_u8(&self, f: i32, r: i32, l: i32) -> u8 {
        self.cell(f, r, l).map_or(NONE, |c| c as u8)
    }

    /// Pin whose attachment square has these coordinates.
    pub fn pin_at(&self, f: i32, r: i32, l: i32) -> Option<usize> {
        self.pins.iter().position(|p| p.attach == (f, r, l))
    }

    /// Level of a cell (1..7).
    #[inline(always)]
    pub fn level(&self, c: usize) -> i32 {
        self.coord[c].2
    }

    fn build() -> BoxGeometry {
        let mut in_game = vec![false; BOX];
        let mut is_main = vec![false; BOX];
        for &(m, r0) in &MAIN_BOARDS {
            for f in 1..=4 {
                for r in r0..r0 + 4 {
                    let b = box_index(f, r, m).expect("main board inside the box");
                    in_game[b] = true;
                    is_main[b] = true;
                }
            }
        }
        // Pins in the §3 formula; their footprints.
        let mut raw_pins: Vec<RawPin> = Vec::new();
        for &(m, r0) in &MAIN_BOARDS {
            for c in [1, 4] {
                for k in [r0, r0 + 3] {
                    for lv in [m - 1, m + 1] {
                        let files = if c == 1 { [0, 1] } else { [4, 5] };
                        let ranks = if k == r0 { [k - 1, k] } else { [k, k + 1] };
                        let sq = [
                            (files[0], ranks[0]),
                            (files[1], ranks[0]),
                            (files[0], ranks[1]),
                            (files[1], ranks[1]),
                        ];
                        for &(f, r) in &sq {
                            let b = box_index(f, r, lv).expect("pin inside the box");
                            assert!(!in_game[b], "pin footprints are disjoint");
                            in_game[b] = true;
                        }
                        raw_pins.push(((c, k, lv), m, sq));
                    }
                }
            }
        }
        // Cells numbered in box order.
        let mut cell_at_box = [NONE; BOX];
        let mut coord = [(0, 0, 0); CELLS];
        let mut main = Cells::EMPTY;
        let mut n = 0usize;
        for (b, &present) in in_game.iter().enumerate() {
            if present {
                let b32 = b as i32;
                let l = b32 / (FILES * RANKS) + 1;
                let r = b32 % (FILES * RANKS) / FILES;
                let f = b32 % FILES;
                cell_at_box[b] = n as u8;
                coord[n] = (f, r, l);
                if is_main[b] {
                    main.set(n);
                }
                n += 1;
            }
        }
        assert_eq!(n, CELLS, "Star Trek chess has 144 cells");
        let name = coord
            .iter()
            .map(|&(f, r, l)| square_name(f, r, l))
            .collect();
        let mut g = BoxGeometry {
            cell_at_box,
            coord,
            name,
            main,
            pin_of: [NONE; CELLS],
            corner_of: [NONE; CELLS],
            pins: Vec::new(),
            rays: Vec::new(),
            orth_all: Vec::new(),
            diag_all: Vec::new(),
            king: Vec::new(),
            knight_direct: Vec::new(),
            knight_skip_up: Vec::new(),
            knight_skip_down: Vec::new(),
            knight_direct_from: vec![Cells::EMPTY; CELLS],
            knight_skip_up_from: vec![Cells::EMPTY; CELLS],
            knight_skip_down_from: vec![Cells::EMPTY; CELLS],
            pawn: [PawnTables::empty(), PawnTables::empty()],
            castle: [CastleCells {
                king: 0,
                king_rook: 0,
                queen_rook: 0,
                queen_square: 0,
                home_pins: [0; 2],
            }; 2],
        };
        // Pins, sorted by attachment square (level, rank, file): TFEN order.
        raw_pins.sort_by_key(|&((f, r, l), _, _)| box_index(f, r, l));
        for ((f, r, l), m, sq) in raw_pins {
            let mut cells = [0u8; 4];
            for (i, &(cf, cr)) in sq.iter().enumerate() {
                cells[i] = g.cell_u8(cf, cr, l);
            }
            let footprint = Cells::from_indices(cells.iter().map(|&c| c as usize));
            let mut mb_above = Cells::EMPTY;
            let mut mb_below = Cells::EMPTY;
            for &(cf, cr) in &sq {
                if let Some(c) = g.cell(cf, cr, l + 1) {
                    if g.main.has(c) {
                        mb_above.set(c);
                    }
                }
                if let Some(c) = g.cell(cf, cr, l - 1) {
                    if g.main.has(c) {
                        mb_below.set(c);
                    }
                }
            }
            let idx = g.pins.len();
            for (corner, &c) in cells.iter().enumerate() {
                g.pin_of[c as usize] = idx as u8;
                g.corner_of[c as usize] = corner as u8;
            }
            g.pins.push(Pin {
                attach: (f, r, l),
                name: square_name(f, r, l),
                cells,
                footprint,
                board_level: m,
                mb_above,
                mb_below,
                moves: Vec::new(),
            });
        }
        g.build_pin_moves();
        g.build_rays();
        g.build_leapers();
        g.pawn = [g.build_pawns(1), g.build_pawns(-1)];
        for (i, (r, l)) in [(0, 1), (9, 7)].into_iter().enumerate() {
            let near = if r == 0 { 1 } else { 8 };
            let cell = |f| g.cell(f, r, l).expect("castling squares are cells");
            let pin = |f| g.pin_at(f, near, l).expect("home pins exist") as u8;
            g.castle[i] = CastleCells {
                king: cell(4),
                king_rook: cell(5),
                queen_rook: cell(0),
                queen_square: cell(1),
                home_pins: [pin(1), pin(4)],
            };
        }
        g
    }

    /// Attack-board moves (§6): F=±3, R=±3, L=±2 (inversion) and the same-level neighbour
    /// shifts R∈{±1,±2} onto a pin of an adjacent main board; destinations must be pins.
    fn build_pin_moves(&mut self) {
        let attach: Vec<(i32, i32, i32)> = self.pins.iter().map(|p| p.attach).collect();
        let boards: Vec<i32> = self.pins.iter().map(|p| p.board_level).collect();
        for i in 0..self.pins.len() {
            let (f, r, l) = attach[i];
            let mut moves = Vec::new();
            let add = |tf: i32, tr: i32, tl: i32, inversion: bool, moves: &mut Vec<(u8, bool)>| {
                if let Some(j) = attach.iter().position(|&a| a == (tf, tr, tl)) {
                    if !moves.iter().any(|&(m, _)| m as usize == j) {
                        moves.push((j as u8, inversion));
                    }
                }
            };
            add(5 - f, r, l, false, &mut moves); // b <-> e
            add(f, r + 3, l, false, &mut moves);
            add(f, r - 3, l, false, &mut moves);
            add(f, r, l + 2, true, &mut moves);
            add(f, r, l - 2, true, &mut moves);
            for dr in [-2, -1, 1, 2] {
                // Neighbour shifts connect pins of different, adjacent main boards.
                if let Some(j) = attach.iter().position(|&a| a == (f, r + dr, l)) {
                    if boards[j] != boards[i] && (boards[j] - boards[i]).abs() == 2 {
                        add(f, r + dr, l, false, &mut moves);
                    }
                }
            }
            moves.sort();
            self.pins[i].moves = moves;
        }
    }

    fn build_rays(&mut self) {
        let mut rays = vec![[Cells::EMPTY; 18]; CELLS];
        for (c, ray) in rays.iter_mut().enumerate() {
            let (f, r, l) = self.coord[c];
            for (d, &(df, dr, dl)) in DIRS.iter().enumerate() {
                let mut k = 1;
                while box_index(f + k * df, r + k * dr, l + k * dl).is_some() {
                    if let Some(t) = self.cell(f + k * df, r + k * dr, l + k * dl) {
                        ray[d].set(t);
                    }
                    k += 1;
                }
            }
        }
        self.orth_all = rays
            .iter()
            .map(|r| r[..6].iter().fold(Cells::EMPTY, |a, &b| a | b))
            .collect();
        self.diag_all = rays
            .iter()
            .map(|r| r[6..].iter().fold(Cells::EMPTY, |a, &b| a | b))
            .collect();
        self.rays = rays;
    }

    fn build_leapers(&mut self) {
        let mut king = vec![Cells::EMPTY; CELLS];
        for (c, k) in king.iter_mut().enumerate() {
            let (f, r, l) = self.coord[c];
            for df in -1..=1 {
                for dr in -1..=1 {
                    for dl in -1..=1 {
                        if (df, dr, dl) != (0, 0, 0) {
                            if let Some(t) = self.cell(f + df, r + dr, l + dl) {
                                k.set(t);
                            }
                        }
                    }
                }
            }
        }
        self.king = king;
        let mut vectors = Vec::new();
        for a in [-2i32, -1, 0, 1, 2] {
            for b in [-2i32, -1, 0, 1, 2] {
                for c in [-2i32, -1, 0, 1, 2] {
                    let mut m = [a.abs(), b.abs(), c.abs()];
                    m.sort();
                    if m == [0, 1, 2] {
                        vectors.push((a, b, c));
                    }
                }
            }
        }
        assert_eq!(vectors.len(), 24);
        let mut direct = vec![Cells::EMPTY; CELLS];
        let mut up = vec![Cells::EMPTY; CELLS];
        let mut down = vec![Cells::EMPTY; CELLS];
        for c in 0..CELLS {
            let (f, r, l) = self.coord[c];
            for &(df, dr, dl) in &vectors {
                let (tf, tr) = (f + df, r + dr);
                if dl.abs() == 1 {
                    // A level step into the destination column (vstep): the next level if a
                    // square exists there, else (only from a main-board level) the one after.
                    if let Some(t) = self.cell(tf, tr, l + dl) {
                        direct[c].set(t);
                    }
                    if l % 2 == 0 {
                        if let Some(t) = self.cell(tf, tr, l + 2 * dl) {
                            if dl > 0 {
                                up[c].set(t);
                            } else {
                                down[c].set(t);
                            }
                        }
                    }
                } else if let Some(t) = self.cell(tf, tr, l + dl) {
                    direct[c].set(t);
                }
            }
        }
        for c in 0..CELLS {
            for t in direct[c].iter() {
                self.knight_direct_from[t].set(c);
            }
            for t in up[c].iter() {
                self.knight_skip_up_from[t].set(c);
            }
            for t in down[c].iter() {
                self.knight_skip_down_from[t].set(c);
            }
        }
        self.knight_direct = direct;
        self.knight_skip_up = up;
        self.knight_skip_down = down;
    }

    fn build_pawns(&self, d: i32) -> PawnTables {
        let mut t = PawnTables::empty();
        for c in 0..CELLS {
            let (f, r, l) = self.coord[c];
            t.forward[c] = self.cell_u8(f, r + d, l);
            t.double_mid[c] = self.cell_u8(f, r + d, l);
            t.double_to[c] = self.cell_u8(f, r + 2 * d, l);
            t.up[c] = self.cell_u8(f, r, l + d);
            if l % 2 == 0 {
                t.up_skip[c] = self.cell_u8(f, r, l + 2 * d);
            }
            let p = self.pin_of[c];
            if p != NONE && (f == 0 || f == 5) && self.pins[p as usize].board_level == l + d {
                let tf = if f == 0 { 1 } else { 4 };
                if let Some(target) = self.cell(tf, r + d, l + d) {
                    if self.main.has(target) {
                        t.rook_pawn[c] = target as u8;
                    }
                }
            }
            for df in [-1, 1] {
                if let Some(x) = self.cell(f + df, r + d, l) {
                    t.diag[c].set(x);
                }
                if let Some(x) = self.cell(f + df, r, l + d) {
                    t.lateral[c].set(x);
                }
                if l % 2 == 0 {
                    if let Some(x) = self.cell(f + df, r, l + 2 * d) {
                        t.lateral_skip[c].set(x);
                    }
                }
            }
            let last = if l % 2 == 0 {
                if d > 0 {
                    8
                } else {
                    1
                }
            } else if d > 0 {
                9
            } else {
                0
            };
            if r == last {
                t.promotion.set(c);
            }
        }
        for c in 0..CELLS {
            for x in (t.diag[c] | t.lateral[c]).iter() {
                t.attackers[x].set(c);
            }
            for x in t.lateral_skip[c].iter() {
                t.attackers_skip[x].set(c);
            }
        }
        t
    }
}

impl PawnTables {
    fn empty() -> PawnTables {
        PawnTables {
            forward: [NONE; CELLS],
            double_mid: [NONE; CELLS],
            double_to: [NONE; CELLS],
            up: [NONE; CELLS],
            up_skip: [NONE; CELLS],
            rook_pawn: [NONE; CELLS],
            diag: vec![Cells::EMPTY; CELLS],
            lateral: vec![Cells::EMPTY; CELLS],
            lateral_skip: vec![Cells::EMPTY; CELLS],
            attackers: vec![Cells::EMPTY; CELLS],
            attackers_skip: vec![Cells::EMPTY; CELLS],
            promotion: Cells::EMPTY,
        }
    }
}

static GEOMETRY: Lazy<BoxGeometry> = Lazy::new(BoxGeometry::build);

/// The geometry, built on first use.
#[inline(always)]
pub fn geometry() -> &'static BoxGeometry {
    &GEOMETRY
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(g: &BoxGeometry, name: &str) -> usize {
        g.name.iter().position(|n| n == name).expect(name)
    }

    #[test]
    fn counts() {
        let g = geometry();
        assert_eq!(g.main.count(), 48);
        assert_eq!(g.pins.len(), 24);
        let all = g.pins.iter().fold(g.main, |a, p| a | p.footprint);
        assert_eq!(all.count(), 144);
        // Word layout: levels 1–3 in word 0, 4–6 in word 1, 7 in word 2.
        for c in 0..CELLS {
            let l = g.level(c);
            assert_eq!(c / 64, ((l - 1) / 3) as usize, "{}", g.name[c]);
        }
    }

    #[test]
    fn pin_names_and_footprints() {
        let g = geometry();
        let names: Vec<&str> = g.pins.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "b1(1)", "e1(1)", "b4(1)", "e4(1)", "b1(3)", "e1(3)", "b3(3)", "e3(3)", "b4(3)",
                "e4(3)", "b6(3)", "e6(3)", "b3(5)", "e3(5)", "b5(5)", "e5(5)", "b6(5)", "e6(5)",
                "b8(5)", "e8(5)", "b5(7)", "e5(7)", "b8(7)", "e8(7)"
            ]
        );
        let p = &g.pins[g.pin_at(1, 3, 3).unwrap()];
        let fp: Vec<&str> = p
            .cells
            .iter()
            .map(|&c| g.name[c as usize].as_str())
            .collect();
        assert_eq!(fp, ["a2(3)", "b2(3)", "a3(3)", "b3(3)"]);
        let p = &g.pins[g.pin_at(4, 8, 7).unwrap()];
        let fp: Vec<&str> = p
            .cells
            .iter()
            .map(|&c| g.name[c as usize].as_str())
            .collect();
        assert_eq!(fp, ["e8(7)", "f8(7)", "e9(7)", "f9(7)"]);
    }

    #[test]
    fn pin_moves() {
        let g = geometry();
        let moves = |name: &str| -> Vec<String> {
            let p = g.pins.iter().find(|p| p.name == name).unwrap();
            let mut v: Vec<String> = p
                .moves
                .iter()
                .map(|&(q, inv)| {
                    format!("{}{}", g.pins[q as usize].name, if inv { "*" } else { "" })
                })
                .collect();
            v.sort();
            v
        };
        assert_eq!(moves("b1(1)"), ["b1(3)*", "b4(1)", "e1(1)"]);
        assert_eq!(moves("b1(3)"), ["b1(1)*", "b3(3)", "b4(3)", "e1(3)"]);
        assert_eq!(
            moves("b3(3)"),
            ["b1(3)", "b3(5)*", "b4(3)", "b6(3)", "e3(3)"]
        );
        assert_eq!(
            moves("b4(3)"),
            ["b1(3)", "b3(3)", "b4(1)*", "b6(3)", "e4(3)"]
        );
        assert_eq!(moves("b6(3)"), ["b3(3)", "b4(3)", "b6(5)*", "e6(3)"]);
        assert_eq!(
            moves("b6(5)"),
            ["b3(5)", "b5(5)", "b6(3)*", "b8(5)", "e6(5)"]
        );
        assert_eq!(moves("e8(7)"), ["b8(7)", "e5(7)", "e8(5)*"]);
        assert_eq!(moves("e8(5)"), ["b8(5)", "e5(5)", "e6(5)", "e8(7)*"]);
    }

    #[test]
    fn knight_level_steps() {
        let g = geometry();
        let b12 = cell(g, "b1(2)");
        let b34 = cell(g, "b3(4)");
        let b33 = cell(g, "b3(3)");
        assert!(g.knight_skip_up[b12].has(b34));
        // (0,2,1) lands on b3(3) when that square exists, else skips to b3(4).
        assert!(g.knight_direct[b12].has(b33));
        assert!(g.knight_skip_up_from[b34].has(b12));
        assert!(g.knight_direct[b12].has(cell(g, "c3(2)")));
        assert!(g.knight_direct[cell(g, "b3(4)")].has(cell(g, "b5(5)")));
        assert!(g.knight_direct[cell(g, "b4(3)")].has(cell(g, "b6(4)")));
    }
}
