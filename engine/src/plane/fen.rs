//! FEN for the 2D games exactly as conventions.md defines it: grid embedding, `*` for holes,
//! digits counting empty squares only, six fields.

use crate::game::Game;
use crate::plane::position::{Position, NO_SQUARE};
use crate::plane::rules::RulesCache;
use crate::plane::variant::VariantSpec;
use crate::types::{Color, Piece, Role};
use oblique_tables::geometry::parse_grid_name;
use oblique_tables::Bitboard;
use std::fmt;

/// A FEN the game cannot accept, with a message naming the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError(pub String);

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid FEN: {}", self.0)
    }
}

impl std::error::Error for FenError {}

fn err<T>(msg: impl Into<String>) -> Result<T, FenError> {
    Err(FenError(msg.into()))
}

/// Upper bound on pieces per side: no game starts with more than 21, and none can gain
/// pieces. Keeps move lists bounded whatever a FEN says.
const MAX_PIECES_PER_SIDE: u32 = 32;

impl<B: Bitboard + RulesCache> Position<B> {
    /// The game's start position.
    pub fn start(spec: &'static VariantSpec) -> Result<Position<B>, FenError> {
        Position::from_fen(spec, spec.start_fen)
    }

    pub fn from_fen(spec: &'static VariantSpec, fen: &str) -> Result<Position<B>, FenError> {
        let mut pos = Position::<B>::empty(spec).map_err(|e| FenError(e.to_string()))?;
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() != 6 && fields.len() != 4 {
            return err(format!(
                "expected 6 fields (placement, side, castling, en passant, halfmove, fullmove), found {}",
                fields.len()
            ));
        }
        pos.parse_placement(fields[0])?;
        pos.turn.side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return err(format!("side to move must be 'w' or 'b', not '{other}'")),
        };
        pos.parse_castling(fields[2])?;
        pos.parse_ep(fields[3])?;
        if fields.len() == 6 {
            pos.turn.halfmove = fields[4]
                .parse()
                .map_err(|_| FenError(format!("halfmove clock '{}' is not a number", fields[4])))?;
            pos.turn.fullmove = fields[5].parse().map_err(|_| {
                FenError(format!("fullmove number '{}' is not a number", fields[5]))
            })?;
            if pos.turn.fullmove == 0 {
                return err("fullmove number must be at least 1");
            }
        }
        pos.validate()?;
        pos.refresh_key();
        Ok(pos)
    }

    fn parse_placement(&mut self, placement: &str) -> Result<(), FenError> {
        let g = &self.rules.geom;
        let rows: Vec<&str> = placement.split('/').collect();
        if rows.len() != g.ranks as usize {
            return err(format!(
                "{} has {} ranks, the placement has {}",
                self.rules.spec.name,
                g.ranks,
                rows.len()
            ));
        }
        for (i, row) in rows.iter().enumerate() {
            let rank = g.ranks as i32 - 1 - i as i32;
            let mut file: i32 = 0;
            let mut chars = row.chars().peekable();
            let slot = |f: i32| format!("{}{}", (b'a' + f as u8) as char, rank + 1);
            while let Some(c) = chars.next() {
                if c.is_ascii_digit() {
                    let mut n = c.to_digit(10).unwrap_or(0);
                    while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                        n = n.saturating_mul(10).saturating_add(d);
                        chars.next();
                    }
                    if n == 0 {
                        return err(format!("rank {}: empty-square count 0", rank + 1));
                    }
                    for _ in 0..n.min(1000) {
                        if file >= g.files as i32 {
                            return err(format!("rank {} has too many files", rank + 1));
                        }
                        if g.is_hole(file, rank) {
                            return err(format!(
                                "{} is a hole and must be written '*', not counted as empty",
                                slot(file)
                            ));
                        }
                        file += 1;
                    }
                } else if c == '*' {
                    if file >= g.files as i32 {
                        return err(format!("rank {} has too many files", rank + 1));
                    }
                    if !g.is_hole(file, rank) {
                        return err(format!(
                            "'*' on {}, which is a square in {}",
                            slot(file),
                            self.rules.spec.name
                        ));
                    }
                    file += 1;
                } else {
                    let piece = self.rules.spec.piece_from_char(c).ok_or_else(|| {
                        FenError(format!("'{c}' is not a piece of {}", self.rules.spec.name))
                    })?;
                    if file >= g.files as i32 {
                        return err(format!("rank {} has too many files", rank + 1));
                    }
                    let sq = g.at(file, rank).ok_or_else(|| {
                        FenError(format!("piece '{c}' on {}, which is a hole", slot(file)))
                    })?;
                    self.put::<false>(sq, piece.code());
                    file += 1;
                }
            }
            if file != g.files as i32 {
                return err(format!(
                    "rank {} has {} files, {} needs {}",
                    rank + 1,
                    file,
                    self.rules.spec.name,
                    g.files
                ));
            }
        }
        Ok(())
    }

    fn parse_castling(&mut self, field: &str) -> Result<(), FenError> {
        if field == "-" {
            return Ok(());
        }
        if self.rules.spec.castling.is_none() {
            return err(format!(
                "castling rights '{field}' in {}, which has no castling",
                self.rules.spec.name
            ));
        }
        for c in field.chars() {
            let (color, side) = match c {
                'K' => (Color::White, 0),
                'Q' => (Color::White, 1),
                'k' => (Color::Black, 0),
                'q' => (Color::Black, 1),
                _ => {
                    return err(format!(
                        "castling field '{field}': '{c}' is not K, Q, k or q"
                    ))
                }
            };
            let rule = self.rules.castling[color.index()][side]
                .ok_or_else(|| FenError("castling rule missing".into()))?;
            if self.castling & rule.right != 0 {
                return err(format!("castling field '{field}' repeats '{c}'"));
            }
            let king = Piece {
                color,
                role: Role::King,
            };
            let partners = self.spec().castling.map_or(&[][..], |c| c.partners);
            let partner = self
                .piece_at(rule.rook_from)
                .is_some_and(|p| p.color == color && partners.contains(&p.role));
            if self.piece_at(rule.king_from) != Some(king) {
                return err(format!(
                    "castling right '{c}' but no {} king on {}",
                    color.name(),
                    self.rules.square_name(rule.king_from)
                ));
            }
            if !partner {
                let names: Vec<&str> = partners
                    .iter()
                    .map(|&r| self.spec().piece_name(r))
                    .collect();
                return err(format!(
                    "castling right '{c}' but no {} {} on {}",
                    color.name(),
                    names.join(" or "),
                    self.rules.square_name(rule.rook_from)
                ));
            }
            self.castling |= rule.right;
        }
        Ok(())
    }

    fn parse_ep(&mut self, field: &str) -> Result<(), FenError> {
        if field == "-" {
            return Ok(());
        }
        let r = self.rules;
        let sq = parse_grid_name(field)
            .and_then(|(f, rk)| r.geom.at(f as i32, rk as i32))
            .ok_or_else(|| FenError(format!("en-passant square '{field}' is not a square")))?;
        // The side that just moved made the double step: some pawn of theirs stands on a
        // square the step could reach through `sq`, with the start square and `sq` empty.
        let mover = self.turn.side.other();
        let pawns = self.board.sets.pieces(mover, Role::Pawn);
        let occ = self.board.sets.occupied();
        let possible = (0..r.cells).any(|origin| {
            !occ.has(origin)
                && r.pawn_double[mover.index()][origin]
                    .iter()
                    .any(|ds| ds.mid as usize == sq && !occ.has(sq) && (ds.dests & pawns).any())
        });
        if !possible {
            return err(format!(
                "en-passant square {field} could not have been produced by a double step"
            ));
        }
        self.ep = sq as u8;
        Ok(())
    }

    fn validate(&self) -> Result<(), FenError> {
        let r = self.rules;
        for color in [Color::White, Color::Black] {
            let kings = self.board.sets.pieces(color, Role::King).count();
            if kings == 0 {
                return err(format!("no {} king", color.name()));
            }
            if kings > 1 {
                return err(format!("{} {} kings", kings, color.name()));
            }
            if self.board.sets.color(color).count() > MAX_PIECES_PER_SIDE {
                return err(format!(
                    "more than {MAX_PIECES_PER_SIDE} {} pieces",
                    color.name()
                ));
            }
            let stuck = self.board.sets.pieces(color, Role::Pawn)
                & r.promotion_zone[color.index()]
                & !r.promotion_optional[color.index()]
                & !r.goal[color.index()];
            if stuck.any() {
                return err(format!(
                    "{} pawn on {}, where it must already have promoted",
                    color.name(),
                    r.square_name(stuck.lsb())
                ));
            }
        }
        let them = self.turn.side.other();
        if self.is_attacked(
            self.king_cell(them),
            self.board.sets.occupied(),
            self.board.sets.color(self.turn.side),
        ) {
            return err(format!(
                "the side not to move ({}) is in check",
                them.name()
            ));
        }
        Ok(())
    }
}

impl<B: Bitboard + RulesCache> Position<B> {
    pub fn to_fen(&self) -> String {
        let g = &self.rules.geom;
        let mut out = String::new();
        for rank in (0..g.ranks as i32).rev() {
            let mut empty = 0;
            for file in 0..g.files as i32 {
                match g.at(file, rank) {
                    None => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push('*');
                    }
                    Some(sq) => match self.piece_at(sq) {
                        None => empty += 1,
                        Some(p) => {
                            if empty > 0 {
                                out.push_str(&empty.to_string());
                                empty = 0;
                            }
                            out.push(self.rules.spec.fen_char(p));
                        }
                    },
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push(' ');
        out.push(self.turn.side.fen_char());
        out.push(' ');
        if self.castling == 0 {
            out.push('-');
        } else {
            for (bit, c) in [(1, 'K'), (2, 'Q'), (4, 'k'), (8, 'q')] {
                if self.castling & bit != 0 {
                    out.push(c);
                }
            }
        }
        out.push(' ');
        if self.ep == NO_SQUARE {
            out.push('-');
        } else {
            out.push_str(&self.rules.square_name(self.ep as usize));
        }
        out.push_str(&format!(" {} {}", self.turn.halfmove, self.turn.fullmove));
        out
    }
}
