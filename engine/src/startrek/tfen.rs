//! TFEN, the Star Trek position string (startrek.md §10): pieces, attack boards, side to
//! move, never-moved squares, en-passant square, clocks. The writer produces the sorted
//! order exactly; the reader takes the lists in any order and names what is wrong.

use super::bitset::Cells;
use super::geometry::{box_index, geometry, square_name, BoxGeometry};
use super::position::StarTrekPosition;
use crate::game::Game;
use crate::types::{Color, Piece, Role};
use oblique_tables::Bitboard;

/// The initial position (startrek.md §4, §10).
pub const START_TFEN: &str = "Ra0(1),Qb0(1),Ke0(1),Rf0(1),Pa1(1),Pb1(1),Pe1(1),Pf1(1),Nb1(2),Bc1(2),Bd1(2),Ne1(2),Pb2(2),Pc2(2),Pd2(2),Pe2(2),pb7(6),pc7(6),pd7(6),pe7(6),nb8(6),bc8(6),bd8(6),ne8(6),pa8(7),pb8(7),pe8(7),pf8(7),ra9(7),qb9(7),ke9(7),rf9(7) b1(1):w,e1(1):w,b8(7):b,e8(7):b w a0(1),e0(1),f0(1),a1(1),b1(1),e1(1),f1(1),b2(2),c2(2),d2(2),e2(2),b7(6),c7(6),d7(6),e7(6),a8(7),b8(7),e8(7),f8(7),a9(7),e9(7),f9(7) - 0 1";

/// Most attack boards a position may hold (the game has four).
const MAX_BOARDS: usize = 4;

/// Reads `<file><rank>(<level>)` exactly: file a–f, rank 0–9, level 1–7. Returns box
/// coordinates (which need not be a cell of the game).
pub fn parse_coords(text: &str) -> Result<(i32, i32, i32), SquareError> {
    let b = text.as_bytes();
    let ok = b.len() == 5
        && (b'a'..=b'f').contains(&b[0])
        && b[1].is_ascii_digit()
        && b[2] == b'('
        && (b'1'..=b'7').contains(&b[3])
        && b[4] == b')';
    if !ok {
        return Err(SquareError::Malformed(text.to_string()));
    }
    Ok((
        (b[0] - b'a') as i32,
        (b[1] - b'0') as i32,
        (b[3] - b'0') as i32,
    ))
}

/// Reads a square name and returns its cell, if the box position is one of the 144 cells.
pub fn parse_cell(g: &BoxGeometry, text: &str) -> Result<usize, SquareError> {
    let (f, r, l) = parse_coords(text)?;
    debug_assert!(box_index(f, r, l).is_some());
    g.cell(f, r, l)
        .ok_or_else(|| SquareError::NotACell(text.to_string()))
}

/// Reads a pin name (its attachment square, e.g. `b1(1)`).
pub fn parse_pin(g: &BoxGeometry, text: &str) -> Result<usize, SquareError> {
    let (f, r, l) = parse_coords(text)?;
    g.pin_at(f, r, l).ok_or_else(|| SquareError::NotAPin {
        text: text.to_string(),
        pins: g.pins.iter().map(|p| p.name.clone()).collect(),
    })
}

/// A Star Trek square or pin name that cannot be read (in a TFEN or a move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SquareError {
    /// Not `<file><rank>(<level>)` with file a-f, rank 0-9, level 1-7.
    Malformed(String),
    /// Well-formed, but no main board or attack-board pin covers it.
    NotACell(String),
    /// Well-formed, but not the attachment square of a pin; `pins` lists them.
    NotAPin { text: String, pins: Vec<String> },
}

impl std::fmt::Display for SquareError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SquareError::Malformed(text) => write!(
                f,
                "malformed square '{text}' (expected file a-f, rank 0-9, level 1-7 in parentheses, like b1(2))"
            ),
            SquareError::NotACell(text) => write!(
                f,
                "{text} is not a square of the game (no main board or attack-board pin covers it)"
            ),
            SquareError::NotAPin { text, pins } => {
                write!(f, "{text} is not an attack-board pin (pins: {})", pins.join(", "))
            }
        }
    }
}

impl std::error::Error for SquareError {}

impl From<SquareError> for TfenError {
    fn from(e: SquareError) -> TfenError {
        TfenError(e.to_string())
    }
}

/// A TFEN the game cannot accept, with a message naming the problem (as `FenError` for the
/// 2D games).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TfenError(pub String);

impl std::fmt::Display for TfenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "invalid TFEN: {}", self.0)
    }
}

impl std::error::Error for TfenError {}

fn err<T>(msg: impl Into<String>) -> Result<T, TfenError> {
    Err(TfenError(msg.into()))
}

impl StarTrekPosition {
    /// The initial position.
    pub fn start() -> StarTrekPosition {
        match StarTrekPosition::from_tfen(START_TFEN) {
            Ok(p) => p,
            Err(e) => unreachable!("the start TFEN is valid: {e}"),
        }
    }

    /// Reads a TFEN. Errors are one line and name the problem.
    pub fn from_tfen(text: &str) -> Result<StarTrekPosition, TfenError> {
        let g = geometry();
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 7 && fields.len() != 5 {
            return err(format!(
                "expected 7 words (pieces, attack boards, side, never-moved squares, en passant, halfmove, fullmove), found {}",
                fields.len()
            ));
        }
        let mut pos = StarTrekPosition::empty();
        // Attack boards first: they decide which squares exist.
        let mut boards = 0;
        if fields[1] != "-" {
            for item in fields[1].split(',') {
                let (pin_text, owner_text) = item.split_once(':').ok_or_else(|| {
                    TfenError(format!(
                        "attack board '{item}' must be <pin>:<owner>, like b1(1):w"
                    ))
                })?;
                let pin = parse_pin(g, pin_text)?;
                let owner = match owner_text {
                    "w" => Color::White,
                    "b" => Color::Black,
                    other => {
                        return err(format!(
                        "owner of the attack board on {pin_text} must be 'w' or 'b', not '{other}'"
                    ))
                    }
                };
                if pos.pin_occupied(pin) {
                    return err(format!("two attack boards on pin {pin_text}"));
                }
                boards += 1;
                if boards > MAX_BOARDS {
                    return err(format!(
                        "more than {MAX_BOARDS} attack boards ({} listed)",
                        fields[1].split(',').count()
                    ));
                }
                pos.place_board(pin, owner);
            }
        }
        for item in fields[0].split(',') {
            let mut chars = item.chars();
            let letter = chars
                .next()
                .ok_or_else(|| TfenError("empty entry in the piece list".into()))?;
            let piece = Piece::from_fen_char(letter)
                .filter(|p| p.role.index() <= Role::King.index())
                .ok_or_else(|| {
                    TfenError(format!("unknown piece letter '{letter}' in '{item}' (K Q R B N P, lower case for Black)"))
                })?;
            let sq_text = chars.as_str();
            let cell = parse_cell(g, sq_text)?;
            if !pos.exists(cell) {
                let pin = &g.pins[g.pin_of[cell] as usize];
                return err(format!(
                    "piece on {sq_text}, which does not exist: no attack board on pin {}",
                    pin.name
                ));
            }
            if pos.piece_at(cell).is_some() {
                return err(format!("two pieces on {sq_text}"));
            }
            if piece.role == Role::Pawn && g.pawn[piece.color.index()].promotion.has(cell) {
                return err(format!(
                    "{} pawn on {sq_text}, a square where it must already have promoted",
                    piece.color.name()
                ));
            }
            pos.put::<false>(cell, piece.code());
        }
        for color in [Color::White, Color::Black] {
            let kings = (pos.board.sets.color(color) & pos.board.sets.role(Role::King)).count();
            if kings != 1 {
                return err(if kings == 0 {
                    format!("{} has no king", color.name())
                } else {
                    format!("{} has {kings} kings", color.name())
                });
            }
        }
        pos.turn.side = match fields[2] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return err(format!("side to move must be 'w' or 'b', not '{other}'")),
        };
        if fields[3] != "-" {
            for sq_text in fields[3].split(',') {
                let cell = parse_cell(g, sq_text)?;
                match pos.piece_at(cell) {
                    Some(p) if matches!(p.role, Role::King | Role::Rook | Role::Pawn) => {
                        pos.unmoved.set(cell)
                    }
                    Some(p) => {
                        return err(format!(
                            "never-moved square {sq_text} holds a {}; only kings, rooks and pawns are listed",
                            p.role.name()
                        ))
                    }
                    None => return err(format!("never-moved square {sq_text} is empty")),
                }
            }
        }
        if fields[4] != "-" {
            pos.ep = pos.check_ep(g, fields[4])? as u8;
        }
        if fields.len() == 7 {
            pos.turn.halfmove = fields[5].parse().map_err(|_| {
                TfenError(format!("halfmove clock '{}' is not a number", fields[5]))
            })?;
            pos.turn.fullmove = fields[6].parse().map_err(|_| {
                TfenError(format!("fullmove number '{}' is not a number", fields[6]))
            })?;
            if pos.turn.fullmove == 0 {
                return err("fullmove number must be at least 1");
            }
        }
        let waiting = pos.turn.side.other();
        if pos.is_attacked(pos.king_cell(waiting), pos.turn.side) {
            return err(format!(
                "the side not to move ({}) is in check",
                waiting.name()
            ));
        }
        pos.refresh_key();
        Ok(pos)
    }

    /// An e.p. square must exist and be empty, with the pawn that double-stepped over it
    /// just beyond it (same file and level, one rank further from its own side).
    fn check_ep(&self, g: &BoxGeometry, text: &str) -> Result<usize, TfenError> {
        let cell = parse_cell(g, text)?;
        if !self.exists(cell) {
            return err(format!("en-passant square {text} does not exist"));
        }
        if self.piece_at(cell).is_some() {
            return err(format!("en-passant square {text} is occupied"));
        }
        let (f, r, l) = g.coord[cell];
        let mover = self.turn.side.other();
        let beyond = if mover == Color::White { r + 1 } else { r - 1 };
        let before = if mover == Color::White { r - 1 } else { r + 1 };
        let victim = g.cell(f, beyond, l).filter(|&c| {
            self.piece_at(c)
                == Some(Piece {
                    color: mover,
                    role: Role::Pawn,
                })
        });
        let Some(victim) = victim else {
            return err(format!(
                "en-passant square {text}: no {} pawn on {} that could have double-stepped over it",
                mover.name(),
                square_name(f, beyond, l)
            ));
        };
        if self.unmoved.has(victim) {
            return err(format!(
                "en-passant square {text}: the pawn on {} just moved, it cannot be never-moved",
                g.name[victim]
            ));
        }
        if let Some(c) = g.cell(f, before, l) {
            if self.piece_at(c).is_some() {
                return err(format!(
                    "en-passant square {text}: the double step's start square {} is occupied",
                    g.name[c]
                ));
            }
        }
        Ok(cell)
    }

    /// Writes the TFEN in the exact order of startrek.md §10.
    pub fn to_tfen(&self) -> String {
        let g = geometry();
        let mut pieces = Vec::new();
        for color in [Color::White, Color::Black] {
            for c in self.board.sets.color(color).iter() {
                if let Some(p) = self.piece_at(c) {
                    pieces.push(format!("{}{}", p.fen_char(), g.name[c]));
                }
            }
        }
        let boards: Vec<String> = (0..g.pins.len())
            .filter_map(|p| {
                self.pin_owner(p)
                    .map(|o| format!("{}:{}", g.pins[p].name, o.fen_char()))
            })
            .collect();
        let list = |cells: Cells| -> String {
            if cells.is_empty() {
                "-".into()
            } else {
                cells
                    .iter()
                    .map(|c| g.name[c].as_str())
                    .collect::<Vec<_>>()
                    .join(",")
            }
        };
        format!(
            "{} {} {} {} {} {} {}",
            pieces.join(","),
            if boards.is_empty() {
                "-".to_string()
            } else {
                boards.join(",")
            },
            self.turn.side.fen_char(),
            list(self.unmoved),
            self.ep_square()
                .map_or("-".to_string(), |c| g.name[c].clone()),
            self.turn.halfmove,
            self.turn.fullmove
        )
    }
}
