//! The three escalator boards, built from the rules' geometry data.
//!
//! `tables/data/escalator_boards.json` is a verbatim copy of `shared/rules/escalator_boards.json`
//! (a test proves they match). It is embedded at compile time so the binary needs no files
//! at run time.

use crate::geometry::{Geometry, GeometryError};
use serde::Deserialize;
use std::collections::HashMap;

pub const BOARDS_JSON: &str = include_str!("../data/escalator_boards.json");

#[derive(Deserialize)]
struct BoardData {
    squares: Vec<Vec<String>>,
    adjacency: HashMap<String, HashMap<String, Vec<String>>>,
    knight: HashMap<String, Vec<String>>,
    ultra: HashMap<String, Vec<String>>,
}

/// The escalator boards by their key in the data file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EscalatorBoard {
    /// Slanted Escalator Chess, 8x8 with 60 squares.
    Sec,
    /// Mini Slanted Escalator Chess, 8x6 with 44 squares.
    Msec,
    /// Ultra Slanted Escalator Chess, 10x9 with 84 squares.
    Usec,
}

impl EscalatorBoard {
    pub fn key(self) -> &'static str {
        match self {
            EscalatorBoard::Sec => "SEC",
            EscalatorBoard::Msec => "MSEC",
            EscalatorBoard::Usec => "USEC",
        }
    }

    pub fn files(self) -> u8 {
        match self {
            EscalatorBoard::Usec => 10,
            _ => 8,
        }
    }

    /// Grid slots that are barriers (conventions.md, "holes").
    pub fn holes(self) -> &'static [&'static str] {
        match self {
            EscalatorBoard::Sec => &["c4", "c5", "f4", "f5"],
            EscalatorBoard::Msec => &["c3", "c4", "f3", "f4"],
            EscalatorBoard::Usec => &["d4", "d5", "d6", "g4", "g5", "g6"],
        }
    }

    pub fn geometry(self) -> Result<Geometry, GeometryError> {
        let all: HashMap<String, BoardData> = serde_json::from_str(BOARDS_JSON)
            .map_err(|e| GeometryError(format!("escalator data: {e}")))?;
        let data = all
            .get(self.key())
            .ok_or_else(|| GeometryError(format!("escalator data has no board {}", self.key())))?;
        Geometry::from_tables(
            self.key(),
            self.files(),
            self.holes(),
            &data.squares,
            &data.adjacency,
            &[("knight", &data.knight), ("ultra", &data.ultra)],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Dir;

    #[test]
    fn boards_have_the_rules_square_counts() {
        assert_eq!(EscalatorBoard::Sec.geometry().unwrap().len(), 60);
        assert_eq!(EscalatorBoard::Msec.geometry().unwrap().len(), 44);
        assert_eq!(EscalatorBoard::Usec.geometry().unwrap().len(), 84);
    }

    #[test]
    fn grid_embedding_follows_conventions() {
        let g = EscalatorBoard::Sec.geometry().unwrap();
        assert_eq!(g.cell("ab4"), g.cell("a4"));
        assert_eq!(g.cell("bc4"), g.cell("b4"));
        assert_eq!(g.cell("fg5"), g.cell("g5"));
        assert_eq!(g.cell("gh5"), g.cell("h5"));
        assert!(g.cell("c4").is_none() && g.is_hole(2, 3));
        let u = EscalatorBoard::Usec.geometry().unwrap();
        assert_eq!(u.cell("cd6"), u.cell("c6"));
        assert_eq!(u.cell("hi4"), u.cell("i4"));
        assert_eq!(u.cell("ij5"), u.cell("j5"));
        assert!(u.is_hole(3, 4) && u.is_hole(6, 5));
    }

    #[test]
    fn forks_at_the_foot_of_the_escalator() {
        let g = EscalatorBoard::Sec.geometry().unwrap();
        let b3 = g.cell("b3").unwrap();
        let mut n: Vec<_> = g
            .neighbours(b3, Dir::N)
            .iter()
            .map(|&c| g.cells[c as usize].name.clone())
            .collect();
        n.sort();
        assert_eq!(n, ["ab4", "bc4"]);
        assert!(g.neighbours(g.cell("ab4").unwrap(), Dir::W).is_empty());
    }
}
