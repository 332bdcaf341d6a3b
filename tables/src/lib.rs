//! Board geometry and attack tables: everything that depends on the shape of a board and
//! nothing that depends on a game in progress.
//!
//! A board is a graph of cells with eight compass directions (`geometry`). Escalator boards
//! come from the rules' adjacency data (`escalator`), plain boards from grid arithmetic.
//! From the graph we derive leaper masks (`leaper`) and occupancy-indexed slider tables that
//! follow forked rays (`slider`). Bitboards are `u64` or `u128` behind one trait
//! (`bitboard`), so each board pays only for the width it needs.

pub mod bitboard;
pub mod escalator;
pub mod geometry;
pub mod leaper;
pub mod polygon;
pub mod slider;

pub use bitboard::{BitIter, Bitboard};
pub use geometry::{Dir, Geometry, GeometryError, ALL_DIRS};
pub use slider::SliderTable;
