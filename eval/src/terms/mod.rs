//! One builder per evaluation term of the 2D games. `GameTables::build` (in `game_tables`)
//! only composes them; each builder derives its tables from the game's board graph and the
//! rules' move tables, never from grid arithmetic, so escalator squares, cells next to holes
//! and Diagonal Chess's corners get their real worth.
//!
//! * `board_graph`: king-step distances, centrality, each side's camp, the board's
//!   symmetries (inputs of several terms);
//! * `material`: piece values, phase scale, bishop pair, draw-scaling threshold;
//! * `pawn_paths`: the pawn-role piece's ways to promotion (distances, gains, passed masks,
//!   king distances to its path, passed-pawn bonuses, doubled-pawn rays);
//! * `squares`: piece-square tables (material, expected mobility per cell, king walk and
//!   centrality, pawn advancement) and live-mobility weights;
//! * `king_safety`: king zone, pawn shield, attack weights, castling targets;
//! * `race`: Diagonal Chess's race to the goal corner;
//! * `threats`: which roles are lesser than which (derived values), bonus per threat.

pub mod board_graph;
pub mod king_safety;
pub mod material;
pub mod pawn_paths;
pub mod race;
pub mod squares;
pub mod threats;

use crate::shared::FAR;
/// The reverse of a move table: for each cell, the cells whose moves reach it.
pub use oblique_tables::leaper::reverse;

/// A per-cell table, padded to 128 cells so that indexing with `sq & 127` needs no bounds
/// check.
pub type Board<T> = Box<[T; 128]>;

/// Pads a per-cell vector to a [`Board`].
pub fn board<T: Copy + Default>(v: &[T]) -> Board<T> {
    let mut b = Box::new([T::default(); 128]);
    b[..v.len()].copy_from_slice(v);
    b
}

/// Pads one per-cell vector per colour.
pub fn boards<T: Copy + Default>(v: &[Vec<T>; 2]) -> [Board<T>; 2] {
    [board(&v[0]), board(&v[1])]
}

/// A cell-pair table (`[a << 7 | b]`), padded the same way.
pub type Pairs = Box<[u8; 128 * 128]>;

/// A cell-pair table of `n` cells from `f(a, b)` (`FAR` outside the board).
pub fn pairs(n: usize, f: impl Fn(usize, usize) -> u8) -> Pairs {
    let mut t: Pairs = vec![FAR; 128 * 128]
        .into_boxed_slice()
        .try_into()
        .expect("128 * 128 cells");
    for a in 0..n {
        for b in 0..n {
            t[a << 7 | b] = f(a, b);
        }
    }
    t
}
