//! A piece's moves as tables on one board: Betza moves (and a board's named leap table)
//! compiled into per-cell leap sets per colour and slider lookups. The common case, a piece
//! that leaps and slides along whole orthogonal or diagonal lines and captures the way it
//! moves (every piece of the built-in games), is `plain`: its attacks are one leap lookup
//! and the shared rook and bishop tables. Directional or move-only/capture-only rides get
//! tables of their own (`Ride`). A piece whose file says `jumps_barriers = false` loses
//! the leaps that cross a hole of the drawn board (`leaper::without_barrier_jumps`).

use crate::plane::load::unit_dir;
use crate::plane::special_moves::{Special, SpecialMove};
use crate::plane::variant::{PieceSpec, Symmetry};
use crate::types::Color;
use oblique_gamefile::betza::{BetzaMove, Kind};
use oblique_tables::{leaper, Bitboard, Dir, Geometry, SliderTable};

/// A ride along some directions that is not a whole rook or bishop line with both modes.
pub struct Ride<B> {
    /// Per colour: the ride's table, and the table of the opposite directions (where a
    /// piece must stand to reach a cell).
    pub to: [SliderTable<B>; 2],
    pub from: [SliderTable<B>; 2],
    pub quiet: bool,
    pub capture: bool,
}

/// What a piece's moves are made of, for move generation to pick its loop once per piece
/// type: leaps, whole rook lines, whole bishop lines (the plain kinds), or anything else.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceKind {
    /// No moves (a slot the game does not use).
    Idle,
    Leaper,
    Rook,
    Bishop,
    Queen,
    LeaperRook,
    LeaperBishop,
    LeaperQueen,
    /// One-mode leaps or directional rides: moves and captures differ.
    Irregular,
}

pub struct PieceTables<B> {
    /// Leaps that move and capture, per colour and cell.
    pub leap: [Vec<B>; 2],
    /// `leap` is not empty everywhere (pure sliders skip its lookup).
    pub leaps: bool,
    /// Leaps that only move / only capture (empty tables when the piece has none).
    pub leap_quiet: [Vec<B>; 2],
    pub leap_capture: [Vec<B>; 2],
    /// Rides whole rook lines / bishop lines, moving and capturing.
    pub orth: bool,
    pub diag: bool,
    pub rides: Vec<Ride<B>>,
    /// Repeated leaps, lame leaps and hops (`special_moves`): none in the built-in games.
    pub specials: Vec<SpecialMove<B>>,
    /// The flags above summed up.
    pub kind: PieceKind,
}

/// White's step turned into `color`'s.
fn turn(step: (i32, i32), color: Color, symmetry: Symmetry) -> (i32, i32) {
    match color {
        Color::White => step,
        Color::Black => symmetry.black_step(step),
    }
}

fn dir_of(d: (i32, i32)) -> Dir {
    Dir::from_delta(d).expect("a unit step has a direction")
}

impl<B: Bitboard> PieceTables<B> {
    /// No moves at all (slots a game does not use).
    pub fn none(n: usize) -> PieceTables<B> {
        PieceTables {
            leap: [vec![B::EMPTY; n], vec![B::EMPTY; n]],
            leaps: false,
            leap_quiet: [Vec::new(), Vec::new()],
            leap_capture: [Vec::new(), Vec::new()],
            orth: false,
            diag: false,
            rides: Vec::new(),
            specials: Vec::new(),
            kind: PieceKind::Idle,
        }
    }

    /// Compiles a piece's moves on `geom`. Moves the loader accepted only: single leaps
    /// (graph steps for unit vectors, grid arithmetic otherwise), unit rides, and the
    /// special moves (repeated or lame leaps, hops).
    pub fn build(
        geom: &Geometry,
        piece: &PieceSpec,
        named: Option<&[B]>,
        symmetry: Symmetry,
    ) -> PieceTables<B> {
        let n = geom.len();
        let mut t: PieceTables<B> = PieceTables::none(n);
        let mut quiet_leaps = [vec![B::EMPTY; n], vec![B::EMPTY; n]];
        let mut capture_leaps = [vec![B::EMPTY; n], vec![B::EMPTY; n]];
        // Ride directions per colour and mode (both, quiet only, capture only).
        let mut ride_dirs: [[Vec<Dir>; 3]; 2] = Default::default();
        for m in piece.moves {
            if is_special(m) || m.initial_only {
                let deltas = [Color::White, Color::Black]
                    .map(|c| turn((m.dx as i32, m.dy as i32), c, symmetry));
                let mut what = match m.kind {
                    Kind::Lame => Special::lame(geom, deltas),
                    Kind::Hop | Kind::Grasshop => {
                        Special::hop(geom, deltas.map(dir_of), m.kind == Kind::Grasshop)
                    }
                    Kind::Plain => Special::steps(geom, deltas, m.max_steps, piece.jumps_barriers),
                };
                if m.initial_only {
                    what = Special::initial(geom, what, piece.initial_ranks);
                }
                t.specials.push(SpecialMove {
                    what,
                    quiet: m.quiet,
                    capture: m.capture,
                });
                continue;
            }
            for color in [Color::White, Color::Black] {
                let ci = color.index();
                let (dx, dy) = turn((m.dx as i32, m.dy as i32), color, symmetry);
                let mode = mode_index(m);
                if m.max_steps == 1 {
                    let unit = unit_dir(m).is_some();
                    for (sq, cell) in geom.cells.iter().enumerate() {
                        let dests: B = if unit {
                            B::from_indices(
                                geom.neighbours(sq, dir_of((dx, dy)))
                                    .iter()
                                    .map(|&c| c as usize),
                            )
                        } else {
                            B::from_indices(geom.at(cell.file as i32 + dx, cell.rank as i32 + dy))
                        };
                        match mode {
                            0 => t.leap[ci][sq] |= dests,
                            1 => quiet_leaps[ci][sq] |= dests,
                            _ => capture_leaps[ci][sq] |= dests,
                        }
                    }
                } else {
                    let d = dir_of((dx, dy));
                    if !ride_dirs[ci][mode].contains(&d) {
                        ride_dirs[ci][mode].push(d);
                    }
                }
            }
        }
        if let Some(table) = named {
            for c in 0..2 {
                for (sq, &dests) in table.iter().enumerate() {
                    t.leap[c][sq] |= dests;
                }
            }
        }
        // A leap that only moves and also only captures is a leap that does both.
        for c in 0..2 {
            for sq in 0..n {
                let both = quiet_leaps[c][sq] & capture_leaps[c][sq];
                t.leap[c][sq] |= both;
                quiet_leaps[c][sq] &= !t.leap[c][sq];
                capture_leaps[c][sq] &= !t.leap[c][sq];
            }
        }
        // A piece that may not jump the barriers loses every leap that crosses one.
        if !piece.jumps_barriers {
            for tables in [&mut t.leap, &mut quiet_leaps, &mut capture_leaps] {
                for table in tables.iter_mut() {
                    *table = leaper::without_barrier_jumps(geom, table);
                }
            }
        }
        let any = |v: &[B]| v.iter().any(|b| b.any());
        if any(&quiet_leaps[0]) || any(&quiet_leaps[1]) {
            t.leap_quiet = quiet_leaps;
        }
        if any(&capture_leaps[0]) || any(&capture_leaps[1]) {
            t.leap_capture = capture_leaps;
        }
        // Whole lines with both modes use the shared tables.
        let has_all = |dirs: &[Dir], set: &[Dir]| set.iter().all(|d| dirs.contains(d));
        for set in [Dir::ORTHOGONAL, Dir::DIAGONAL] {
            if has_all(&ride_dirs[0][0], &set) && has_all(&ride_dirs[1][0], &set) {
                if set == Dir::ORTHOGONAL {
                    t.orth = true;
                } else {
                    t.diag = true;
                }
                for per_mode in ride_dirs.iter_mut() {
                    per_mode[0].retain(|d| !set.contains(d));
                }
            }
        }
        // One table per direction: a single ray stays small on any board the loader takes.
        let [white_dirs, black_dirs] = &ride_dirs;
        for (mode, (w, b)) in white_dirs.iter().zip(black_dirs).enumerate() {
            for (&wd, &bd) in w.iter().zip(b) {
                let table = |d: Dir| SliderTable::build(geom, &[d]);
                t.rides.push(Ride {
                    to: [table(wd), table(bd)],
                    from: [table(wd.opposite()), table(bd.opposite())],
                    quiet: mode != 2,
                    capture: mode != 1,
                });
            }
        }
        t.leaps = any(&t.leap[0]) || any(&t.leap[1]);
        let plain = t.rides.is_empty()
            && t.leap_quiet[0].is_empty()
            && t.leap_capture[0].is_empty()
            && t.specials.is_empty();
        t.kind = match (plain, t.leaps, t.orth, t.diag) {
            (false, ..) => PieceKind::Irregular,
            (true, false, false, false) => PieceKind::Idle,
            (true, true, false, false) => PieceKind::Leaper,
            (true, false, true, false) => PieceKind::Rook,
            (true, false, false, true) => PieceKind::Bishop,
            (true, false, true, true) => PieceKind::Queen,
            (true, true, true, false) => PieceKind::LeaperRook,
            (true, true, false, true) => PieceKind::LeaperBishop,
            (true, true, true, true) => PieceKind::LeaperQueen,
        };
        t
    }

    /// Only `leap`, `orth` and `diag`: attacks are exactly the moves.
    pub fn plain(&self) -> bool {
        self.kind != PieceKind::Irregular
    }

    /// Cells from which a piece of each colour leaps (moving and capturing) to the index
    /// cell.
    pub fn leap_from(&self) -> [Vec<B>; 2] {
        [
            leaper::reverse(&self.leap[0]),
            leaper::reverse(&self.leap[1]),
        ]
    }
}

/// Is the move one of `special_moves`' (not a single leap, not a ride of unit steps)?
pub fn is_special(m: &BetzaMove) -> bool {
    m.kind != Kind::Plain || (m.max_steps != 1 && (m.max_steps != 0 || unit_dir(m).is_none()))
}

/// 0: moves and captures; 1: moves only; 2: captures only.
fn mode_index(m: &BetzaMove) -> usize {
    match (m.quiet, m.capture) {
        (true, true) => 0,
        (true, false) => 1,
        _ => 2,
    }
}
