//! `[board]`: the cells of the board (a grid with holes, or an escalator board of our rules).

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct BoardSection {
    pub files: u8,
    pub ranks: u8,
    /// Grid squares that are not part of the board (nothing stands or passes there).
    #[serde(default)]
    pub holes: Vec<String>,
    /// One of the escalator boards of our rules (`SEC`, `MSEC`, `USEC`): its squares,
    /// slanted neighbours and leap tables come from the rules' data, and `files`, `ranks` and
    /// `holes` must agree with it.
    #[serde(default)]
    pub escalator: Option<String>,
}
