//! `[board]`: the cells of the board: a grid with holes and barriers, one of the escalator
//! boards of our rules, or an explicit graph given cell by cell (`[[board.cell]]`).

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct BoardSection {
    pub files: u8,
    pub ranks: u8,
    /// Grid squares that are not part of the board (nothing stands or passes there; every
    /// leaper may leap over them).
    #[serde(default)]
    pub holes: Vec<String>,
    /// Grid squares that are not part of the board and bar the leaps of the pieces with
    /// `jumps_barriers = false` (sliders stop at them as at holes).
    #[serde(default)]
    pub barriers: Vec<String>,
    /// One of the escalator boards of our rules (`SEC`, `MSEC`, `USEC`): its squares,
    /// slanted neighbours and leap tables come from the rules' data, and `files`, `ranks` and
    /// `holes` must agree with it.
    #[serde(default)]
    pub escalator: Option<String>,
    /// An explicit graph: when cells are listed the board is exactly these cells (grid slots
    /// not listed are holes or barriers) with exactly the links they list.
    #[serde(default)]
    pub cell: Vec<CellEntry>,
}

/// One cell of an explicit graph board (`[[board.cell]]`).
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CellEntry {
    /// Its grid slot (`e4`): what FEN and the protocols call it.
    pub slot: String,
    /// Its name for people (default: the slot).
    #[serde(default)]
    pub name: Option<String>,
    /// Neighbours per compass direction (names or slots; several = a fork; absent = the
    /// board's edge that way). A link's way back is added when the other cell omits it.
    #[serde(default)]
    pub n: Vec<String>,
    #[serde(default)]
    pub ne: Vec<String>,
    #[serde(default)]
    pub e: Vec<String>,
    #[serde(default)]
    pub se: Vec<String>,
    #[serde(default)]
    pub s: Vec<String>,
    #[serde(default)]
    pub sw: Vec<String>,
    #[serde(default)]
    pub w: Vec<String>,
    #[serde(default)]
    pub nw: Vec<String>,
    /// Drawing for the browser: corners [x, y] in files and ranks (x from the west edge of
    /// file a, y from White's edge); default: the square of its slot.
    #[serde(default)]
    pub polygon: Option<Vec<[f64; 2]>>,
    /// Named leap tables: table name -> the cells (names or slots) a leap of that table
    /// reaches from this cell; each leap also goes back. A piece's `table` key names one.
    #[serde(default)]
    pub leaps: BTreeMap<String, Vec<String>>,
}

impl CellEntry {
    /// The neighbour lists in compass order N, NE, E, SE, S, SW, W, NW, with their keys.
    pub fn links(&self) -> [(&'static str, &[String]); 8] {
        [
            ("n", &self.n),
            ("ne", &self.ne),
            ("e", &self.e),
            ("se", &self.se),
            ("s", &self.s),
            ("sw", &self.sw),
            ("w", &self.w),
            ("nw", &self.nw),
        ]
    }
}
