//! `[promotion]` and `[castling]`: the pawn's promotion and the king's castling.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use super::yes;

#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PromotionSection {
    /// White's promotion squares given as the last `ranks` ranks (1 = the last rank only).
    #[serde(default)]
    pub ranks: Option<u8>,
    /// Letters a pawn may become (both colours unless `black_pieces` is given).
    #[serde(default)]
    pub pieces: Option<String>,
    /// Black's own choice where it differs from White's.
    #[serde(default)]
    pub black_pieces: Option<String>,
    /// Promotion squares each with its own choice (White's; Black's follow the game's
    /// symmetry unless `black_squares` lists them).
    #[serde(rename = "square", default)]
    pub squares: Vec<PromotionSquare>,
    /// Black's promotion squares with their choices, where they are not White's by the
    /// game's symmetry (Legan: pawns mirror, promotion zones turn half round).
    #[serde(
        rename = "black_square",
        default,
        skip_serializing_if = "Vec::is_empty"
    )]
    pub black_squares: Vec<PromotionSquare>,
    /// A pawn reaching the zone must promote; `false`: it may also stay a pawn wherever it
    /// could still move on (it must promote where it could not: the last rank).
    #[serde(default = "yes")]
    pub mandatory: bool,
    /// Letter -> N: a pawn may become that piece only while its side has fewer than N of
    /// it (letters not listed: no limit).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub limits: BTreeMap<String, u8>,
}

#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PromotionSquare {
    pub cell: String,
    pub pieces: String,
}

/// Castling on the back ranks: the king and a rook of the same rank; Black's squares are on
/// the same files of Black's back rank.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CastlingSection {
    /// White's king square (`e1`).
    pub king: String,
    /// FEN right `K`: where the king and the rook go.
    pub kingside: CastlingSide,
    /// FEN right `Q`.
    pub queenside: CastlingSide,
    /// Letters of the pieces that may stand on `rook_from` and castle with the king
    /// (Perfect Chess castles with a rook or a chancellor: `["r", "c"]`). Default: the
    /// piece that moves as a rook.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub partners: Option<Vec<String>>,
}

#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CastlingSide {
    pub king_to: String,
    pub rook_from: String,
    pub rook_to: String,
}
