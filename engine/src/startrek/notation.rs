//! Star Trek moves as text (startrek.md §9). Output is the machine form (`b1(2)c3(2)`,
//! `b7(6)b8(6)q`, castling `e0(1)f0(1)`, boards `Ab1(1)e1(1)`, `Ab6(5)b8(5)q`); the reader
//! also takes the human form (`Nb1(2)-c3(2)`, `Bc1(2)xc5(6)`, `=Q`, `O-O`, `O-O-O`,
//! `Ab1(1)-e1(1)`, a trailing ` e.p.`, check marks).

use super::geometry::geometry;
use super::position::{StMove, StMoveKind, StarTrekPosition};
use super::tfen::{parse_cell, parse_pin};
use crate::error::MoveError;
use crate::game::Game;
use crate::packed_move::choose_promotion;
use crate::types::Role;

/// A small cursor over move text.
struct Cursor<'a> {
    s: &'a str,
}

impl<'a> Cursor<'a> {
    /// Takes a 5-character square name (`b1(2)`) from the front.
    fn square(&mut self) -> Option<&'a str> {
        let t = self.s.get(..5)?;
        if t.as_bytes()[2] == b'(' && t.as_bytes()[4] == b')' {
            self.s = &self.s[5..];
            Some(t)
        } else {
            None
        }
    }

    fn eat(&mut self, c: char) -> bool {
        if let Some(rest) = self.s.strip_prefix(c) {
            self.s = rest;
            true
        } else {
            false
        }
    }
}

impl StarTrekPosition {
    /// Machine notation.
    pub fn move_text(&self, m: StMove) -> String {
        let g = geometry();
        let mut s = match m.kind() {
            StMoveKind::Board => format!("A{}{}", g.pins[m.from()].name, g.pins[m.to()].name),
            _ => format!("{}{}", g.name[m.from()], g.name[m.to()]),
        };
        if let Some(p) = m.promotion() {
            s.push(p.letter());
        }
        s
    }

    /// Human notation, for game records and people: `Nb1(2)-c3(2)`, `Bc1(2)xc5(6)`,
    /// `b7(6)-b8(6)=Q`, `O-O`, `Ab1(1)-e1(1)`, `c5(4)xd6(4) e.p.`.
    pub fn move_to_human(&self, m: StMove) -> String {
        let g = geometry();
        let promo = m
            .promotion()
            .map(|p| format!("={}", p.letter().to_ascii_uppercase()))
            .unwrap_or_default();
        match m.kind() {
            StMoveKind::CastleKing => "O-O".into(),
            StMoveKind::CastleQueen => "O-O-O".into(),
            StMoveKind::Board => {
                format!("A{}-{}{promo}", g.pins[m.from()].name, g.pins[m.to()].name)
            }
            kind => {
                let letter = match self.piece_at(m.from()).map(|p| p.role) {
                    Some(Role::Pawn) | None => String::new(),
                    Some(r) => r.letter().to_ascii_uppercase().to_string(),
                };
                let capture = self.piece_at(m.to()).is_some() || kind == StMoveKind::EnPassant;
                format!(
                    "{letter}{}{}{}{promo}{}",
                    g.name[m.from()],
                    if capture { 'x' } else { '-' },
                    g.name[m.to()],
                    if kind == StMoveKind::EnPassant {
                        " e.p."
                    } else {
                        ""
                    }
                )
            }
        }
    }

    /// Reads a move in machine or human notation and returns the legal move it names.
    pub fn parse_move(&self, text: &str) -> Result<StMove, MoveError> {
        let g = geometry();
        let original = text.trim();
        if original.is_empty() {
            return Err(MoveError::Empty);
        }
        let mut t = original.trim_end_matches(['+', '#', '!', '?']);
        if let Some(rest) = t.strip_suffix("e.p.") {
            t = rest.trim_end();
        }
        let legal = self.legal_moves();
        let castle = match t {
            "O-O" | "0-0" => Some(StMoveKind::CastleKing),
            "O-O-O" | "0-0-0" => Some(StMoveKind::CastleQueen),
            _ => None,
        };
        if let Some(kind) = castle {
            return legal
                .iter()
                .copied()
                .find(|m| m.kind() == kind)
                .ok_or_else(|| MoveError::illegal(original, "castling is not legal here"));
        }
        let mut cur = Cursor { s: t };
        let board_move = cur.eat('A');
        let letter = if board_move {
            None
        } else {
            match cur.s.chars().next() {
                Some(c @ ('K' | 'Q' | 'R' | 'B' | 'N' | 'P')) => {
                    cur.s = &cur.s[1..];
                    Role::from_letter(c)
                }
                _ => None,
            }
        };
        let from_text = cur.square().ok_or_else(|| {
            MoveError::unreadable(
                original,
                "expected a square like b1(2) after the piece letter",
            )
        })?;
        if !cur.eat('x') {
            cur.eat('-');
        }
        let to_text = cur.square().ok_or_else(|| {
            MoveError::unreadable(original, "expected a destination square like c3(2)")
        })?;
        cur.eat('=');
        let promo = match cur.s {
            "" => None,
            p => {
                let mut cs = p.chars();
                let c = cs.next().unwrap_or(' ');
                let role = Role::from_letter(c)
                    .filter(|r| matches!(r, Role::Queen | Role::Rook | Role::Bishop | Role::Knight))
                    .filter(|_| cs.as_str().is_empty())
                    .ok_or_else(|| {
                        MoveError::unreadable(original, format!("unexpected '{p}' after the move"))
                    })?;
                Some(role)
            }
        };
        let (from, to) = if board_move {
            (
                parse_pin(g, from_text)
                    .map_err(|e| MoveError::unreadable(original, e.to_string()))?,
                parse_pin(g, to_text)
                    .map_err(|e| MoveError::unreadable(original, e.to_string()))?,
            )
        } else {
            (
                parse_cell(g, from_text)
                    .map_err(|e| MoveError::unreadable(original, e.to_string()))?,
                parse_cell(g, to_text)
                    .map_err(|e| MoveError::unreadable(original, e.to_string()))?,
            )
        };
        if let Some(role) = letter {
            let here = self.piece_at(from).filter(|p| p.color == self.turn.side);
            if here.map(|p| p.role) != Some(role) {
                return Err(MoveError::illegal(
                    original,
                    format!(
                        "there is no {} of the side to move on {from_text}",
                        role.name()
                    ),
                ));
            }
        }
        let same: Vec<StMove> = legal
            .iter()
            .copied()
            .filter(|m| m.is_board_move() == board_move && m.from() == from && m.to() == to)
            .collect();
        choose_promotion(
            &same,
            promo,
            original,
            "a promotion piece is required (q, r, b or n)",
        )
    }
}
