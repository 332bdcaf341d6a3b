//! `[promotion]` and `[castling]` read: promotion by ranks or per square with each
//! colour's choices, and the castling squares on the back rank.

use super::{leak, leak_str, Fail};
use crate::plane::variant::{CastlingShape, Promotion};
use crate::types::Role;
use oblique_gamefile::schema::CastlingSide;
use oblique_gamefile::{GameFile, GameFileError};
use oblique_tables::geometry::parse_grid_name;

/// The promotion rule; `promotable` turns a list of letters into the roles a pawn may become.
pub(super) fn promotion(
    file: &GameFile,
    promotable: &dyn Fn(&str) -> Result<&'static [Role], GameFileError>,
    fail: Fail,
) -> Result<Promotion, GameFileError> {
    let b = &file.board;
    let promotion = match &file.promotion {
        None => Promotion::LastRanks {
            ranks: 0,
            white: &[],
            black: &[],
        },
        Some(p) => {
            if !p.mandatory {
                return Err(fail(
                    "mandatory",
                    "optional promotion is not played yet (mandatory = false)".to_string(),
                ));
            }
            if !p.squares.is_empty() {
                if p.ranks.is_some() || p.pieces.is_some() {
                    return Err(fail(
                        "[promotion]",
                        "give promotion squares or ranks and pieces, not both".to_string(),
                    ));
                }
                let mut list = Vec::new();
                for sq in &p.squares {
                    let cell: &'static str = leak_str(&sq.cell);
                    list.push((cell, promotable(&sq.pieces)?));
                }
                Promotion::PerSquare { white: leak(list) }
            } else {
                let pieces = p
                    .pieces
                    .as_deref()
                    .ok_or_else(|| fail("[promotion]", "promotion needs pieces".to_string()))?;
                let ranks = p.ranks.unwrap_or(1);
                if ranks == 0 || ranks > b.ranks {
                    return Err(fail(
                        "ranks",
                        format!("promotion ranks {ranks}: off the board"),
                    ));
                }
                let white = promotable(pieces)?;
                let black = match &p.black_pieces {
                    Some(bp) => promotable(bp)?,
                    None => white,
                };
                Promotion::LastRanks {
                    ranks,
                    white,
                    black,
                }
            }
        }
    };
    Ok(promotion)
}

/// The castling squares, if the game castles.
pub(super) fn castling(
    file: &GameFile,
    fail: Fail,
) -> Result<Option<CastlingShape>, GameFileError> {
    let b = &file.board;
    let castling = match &file.castling {
        None => None,
        Some(c) => {
            let file_of = |sq: &str| -> Result<u8, GameFileError> {
                match parse_grid_name(sq) {
                    Some((f, 0)) if f < b.files => Ok(f),
                    _ => Err(fail(
                        sq,
                        format!("castling square '{sq}' is not on White's first rank"),
                    )),
                }
            };
            let side = |s: &CastlingSide| -> Result<(u8, u8, u8), GameFileError> {
                Ok((
                    file_of(&s.king_to)?,
                    file_of(&s.rook_from)?,
                    file_of(&s.rook_to)?,
                ))
            };
            Some(CastlingShape {
                king_from: file_of(&c.king)?,
                sides: [side(&c.kingside)?, side(&c.queenside)?],
            })
        }
    };

    Ok(castling)
}
