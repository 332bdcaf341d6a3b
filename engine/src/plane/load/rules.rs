//! `[promotion]` and `[castling]` read: promotion by ranks or per square with each
//! colour's choices, optional or mandatory, with limits per piece; and the castling squares
//! on the back rank.

use super::{leak, leak_str, Fail};
use crate::plane::variant::{CastlingShape, Promotion, PromotionTerms};
use crate::types::{Role, ROLE_COUNT};
use oblique_gamefile::schema::{CastlingSide, PromotionSquare};
use oblique_gamefile::{GameFile, GameFileError};
use oblique_tables::geometry::parse_grid_name;

/// The promotion rule; `promotable` turns a list of letters into the roles a pawn may become.
pub(super) fn promotion(
    file: &GameFile,
    promotable: &dyn Fn(&str) -> Result<&'static [Role], GameFileError>,
    fail: Fail,
) -> Result<(Promotion, PromotionTerms), GameFileError> {
    let b = &file.board;
    let promotion = match &file.promotion {
        None => Promotion::LastRanks {
            ranks: 0,
            white: &[],
            black: &[],
        },
        Some(p) => {
            if !p.squares.is_empty() || !p.black_squares.is_empty() {
                if p.ranks.is_some() || p.pieces.is_some() || p.black_pieces.is_some() {
                    return Err(fail(
                        "[promotion]",
                        "give promotion squares (and Black's as black_square) or ranks and \
                         pieces, not both"
                            .to_string(),
                    ));
                }
                let list = |squares: &[PromotionSquare]| -> Result<_, GameFileError> {
                    let mut list = Vec::new();
                    for sq in squares {
                        let cell: &'static str = leak_str(&sq.cell);
                        list.push((cell, promotable(&sq.pieces)?));
                    }
                    Ok(leak(list))
                };
                Promotion::PerSquare {
                    white: list(&p.squares)?,
                    black: if p.black_squares.is_empty() {
                        None
                    } else {
                        Some(list(&p.black_squares)?)
                    },
                }
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
    let terms = match &file.promotion {
        None => PromotionTerms::default(),
        Some(p) => PromotionTerms {
            optional: !p.mandatory,
            limits: limits(&p.limits, promotable, fail)?,
        },
    };
    Ok((promotion, terms))
}

/// `limits = { q = 1, ... }` as a count per role slot (0: no limit).
fn limits(
    given: &std::collections::BTreeMap<String, u8>,
    promotable: &dyn Fn(&str) -> Result<&'static [Role], GameFileError>,
    fail: Fail,
) -> Result<[u8; ROLE_COUNT], GameFileError> {
    let mut out = [0u8; ROLE_COUNT];
    for (letter, &n) in given {
        let needle = format!("{letter} =");
        let mut chars = letter.chars();
        let (Some(_), None) = (chars.next(), chars.next()) else {
            return Err(fail(
                &needle,
                format!("promotion limit '{letter}': give one piece letter"),
            ));
        };
        let role = promotable(letter).map_err(|_| {
            fail(
                &needle,
                format!("promotion limit '{letter}': not a piece a pawn may become"),
            )
        })?[0];
        if n == 0 {
            return Err(fail(
                &needle,
                format!("promotion limit {letter} = 0: leave '{letter}' out of the pieces instead"),
            ));
        }
        if out[role.index()] != 0 {
            return Err(fail(
                &needle,
                format!("promotion limit '{letter}' given twice"),
            ));
        }
        out[role.index()] = n;
    }
    Ok(out)
}

/// The castling squares, if the game castles.
pub(super) fn castling(
    file: &GameFile,
    role_of: &dyn Fn(char) -> Option<Role>,
    fail: Fail,
) -> Result<Option<CastlingShape>, GameFileError> {
    let b = &file.board;
    let castling = match &file.castling {
        None => None,
        Some(c) => {
            // Every castling square is on one rank of White's (Shako castles on its second).
            let rank = parse_grid_name(&c.king).map(|(_, r)| r);
            let file_of = |sq: &str| -> Result<u8, GameFileError> {
                match parse_grid_name(sq) {
                    Some((f, r)) if f < b.files && Some(r) == rank && r < b.ranks / 2 => Ok(f),
                    _ => Err(fail(
                        sq,
                        format!(
                            "castling square '{sq}' is not on the king's rank in White's half of the board"
                        ),
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
            let partners = match &c.partners {
                None => vec![Role::Rook],
                Some(letters) => {
                    let mut roles = Vec::new();
                    for l in letters {
                        let mut chars = l.chars();
                        let role = match (chars.next(), chars.next()) {
                            (Some(c), None) => role_of(c),
                            _ => None,
                        };
                        match role {
                            Some(r) if r != Role::Pawn && r != Role::King => roles.push(r),
                            _ => {
                                return Err(fail(
                                    "partners",
                                    format!(
                                        "castling partner '{l}': give the letter of a piece \
                                         other than the pawn and the king"
                                    ),
                                ))
                            }
                        }
                    }
                    if roles.is_empty() {
                        return Err(fail(
                            "partners",
                            "castling partners: give at least one piece letter".to_string(),
                        ));
                    }
                    roles
                }
            };
            Some(CastlingShape {
                king_from: file_of(&c.king)?,
                rank: rank.unwrap_or(0),
                sides: [side(&c.kingside)?, side(&c.queenside)?],
                partners: leak(partners),
            })
        }
    };

    Ok(castling)
}
