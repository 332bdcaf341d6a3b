//! Moves as text: protocol notation out (grid names, `e7e8q`), and a forgiving reader that
//! also takes true square names (`ab4`), `-`/`x` separators and `=Q`.

use crate::error::MoveError;
use crate::game::Game;
use crate::packed_move::choose_promotion;
use crate::plane::moves::{Move, MoveKind};
use crate::plane::position::Position;
use crate::plane::rules::RulesCache;
use crate::types::Role;
use oblique_tables::Bitboard;

impl<B: Bitboard + RulesCache> Position<B> {
    /// Protocol notation: from, to, optional lower-case promotion letter.
    pub fn move_text(&self, m: Move) -> String {
        let r = self.rules;
        let mut s = r.square_name(m.from());
        s.push_str(&r.square_name(m.to()));
        if let Some(p) = m.promotion() {
            s.push(r.spec.letter(p));
        }
        s
    }

    /// Human notation with true square names (`Nb1-c3`, `ab4xbc5`, `g7-h8`, `e7-e8=Q`, `O-O`).
    pub fn move_to_human(&self, m: Move) -> String {
        let r = self.rules;
        if m.kind() == MoveKind::Castle {
            return if m.aux() == 0 { "O-O" } else { "O-O-O" }.to_string();
        }
        let piece = self.piece_at(m.from());
        let letter = match piece.map(|p| p.role) {
            Some(Role::Pawn) | None => String::new(),
            Some(role) => r.spec.letter(role).to_ascii_uppercase().to_string(),
        };
        let capture = self.piece_at(m.to()).is_some() || m.kind() == MoveKind::EnPassant;
        let mut s = format!(
            "{letter}{}{}{}",
            r.geom.cells[m.from()].name,
            if capture { 'x' } else { '-' },
            r.geom.cells[m.to()].name
        );
        if let Some(p) = m.promotion() {
            s.push('=');
            s.push(r.spec.letter(p).to_ascii_uppercase());
        }
        s
    }

    /// Reads a move in protocol or human notation and returns the legal move it names.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let t = text.trim();
        if t.is_empty() {
            return Err(MoveError::Empty);
        }
        let legal = self.legal_moves();
        if t == "O-O" || t == "0-0" || t == "O-O-O" || t == "0-0-0" {
            let side = if t.len() == 3 { 0 } else { 1 };
            return legal
                .iter()
                .copied()
                .find(|m| m.kind() == MoveKind::Castle && m.aux() == side)
                .ok_or_else(|| MoveError::illegal(t, "castling is not legal here"));
        }
        let cleaned: String = t
            .chars()
            .filter(|c| !matches!(c, '-' | 'x' | ':' | '=' | '+' | '#' | '!' | '?'))
            .collect();
        // Strip a leading piece letter of human notation (upper case only).
        let body = match cleaned.chars().next() {
            Some(c) if c.is_ascii_uppercase() && self.rules.spec.role_of_letter(c).is_some() => {
                &cleaned[1..]
            }
            _ => &cleaned[..],
        };
        let (from, rest) = self
            .take_square(body)
            .ok_or_else(|| MoveError::unreadable(t, "bad from-square"))?;
        let (to, rest) = self
            .take_square(rest)
            .ok_or_else(|| MoveError::unreadable(t, "bad to-square"))?;
        let promo = match rest {
            "" => None,
            p if p.chars().count() == 1 => Some(
                p.chars()
                    .next()
                    .and_then(|c| self.rules.spec.role_of_letter(c))
                    .ok_or_else(|| {
                        MoveError::unreadable(t, format!("'{p}' is not a piece letter"))
                    })?,
            ),
            _ => return Err(MoveError::unreadable(t, "unexpected text after the move")),
        };
        let same_squares: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| m.from() == from && m.to() == to)
            .collect();
        choose_promotion(&same_squares, promo, t, "a promotion piece is required")
    }

    /// Reads one square name (grid `a4` or true `ab4`) from the front of `s`.
    fn take_square<'a>(&self, s: &'a str) -> Option<(usize, &'a str)> {
        let letters = s.bytes().take_while(|b| b.is_ascii_lowercase()).count();
        let digits = s[letters..]
            .bytes()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if letters == 0 || digits == 0 {
            return None;
        }
        // A trailing promotion letter is never part of the next square: squares end in digits.
        let name = &s[..letters + digits];
        let sq = self.rules.geom.cell(name)?;
        Some((sq, &s[letters + digits..]))
    }
}
