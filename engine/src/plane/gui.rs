//! What a GUI needs to know about a 2D game, kept in the game's record (`VariantSpec::
//! xboard`) rather than in protocol code: XBoard's name for it, the `piece` definitions
//! that make XBoard move its pieces right, and the `pieceToCharTable` of its `setup`.
//! This module is data and letter arithmetic only; the record (`variant`) holds a game's
//! facts and answers for them (`VariantSpec::xboard_piece_to_char`, `xboard_names`), so
//! the two never import each other.

/// A game's facts for XBoard (CECP v2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct XBoardFacts {
    /// XBoard's name for the game (`normal` for orthodox chess).
    pub name: &'static str,
    /// XBoard knows the game itself: no `setup` is sent.
    pub built_in: bool,
    /// `piece` commands (Betza) for pieces XBoard would otherwise move wrongly; empty where
    /// the geometry cannot be written in Betza (escalator boards) or XBoard knows the game.
    ///
    /// XBoard 4.9.1 reads a move as direction letters, then mode letters, then the atom
    /// (`MovesFromString` in its `moves.c`): direction letters written after `m`/`c` are
    /// skipped, so `frmF` is not `mfrF`. `P&` defines White's piece and gives Black the same
    /// string, which XBoard turns by 180 degrees for the side to move.
    pub pieces: &'static [&'static str],
}

impl XBoardFacts {
    /// A game XBoard learns from the engine's `setup`, under the engine's own name.
    pub const fn engine_defined(name: &'static str) -> XBoardFacts {
        XBoardFacts {
            name,
            built_in: false,
            pieces: &[],
        }
    }
}

/// XBoard's piece types in `pieceToCharTable` order (one side; the last is the king).
const XBOARD_SLOTS: usize = 22;

/// The `pieceToCharTable` slot XBoard draws a FEN letter's piece in.
fn slot_of(letter: char) -> Option<usize> {
    match letter.to_ascii_uppercase() {
        'P' => Some(0),
        'N' => Some(1),
        'B' => Some(2),
        'R' => Some(3),
        'Q' => Some(4),
        // Marshall (rook + knight) is XBoard's Chancellor.
        'C' => Some(8),
        // The Ultra borrows the Unicorn's picture.
        'U' => Some(20),
        'K' => Some(21),
        _ => None,
    }
}

/// The `(PIECETOCHAR)` part of `setup` for a game using these FEN letters.
pub fn piece_to_char(letters: &[char]) -> String {
    let mut white = vec!['.'; XBOARD_SLOTS];
    for &l in letters {
        if let Some(i) = slot_of(l) {
            white[i] = l.to_ascii_uppercase();
        }
    }
    white[XBOARD_SLOTS - 1] = 'K';
    let black: String = white.iter().map(|c| c.to_ascii_lowercase()).collect();
    let white: String = white.into_iter().collect();
    format!("{white}{black}")
}

#[cfg(test)]
mod tests {
    use crate::plane::variant::{find, VARIANTS};

    #[test]
    fn every_record_names_itself_to_xboard() {
        for v in VARIANTS {
            if !v.xboard.built_in {
                assert_eq!(
                    v.xboard.name, v.name,
                    "a copied record kept another game's name"
                );
            }
            assert_eq!(find(v.xboard.name).map(|s| s.name), Some(v.name));
        }
        assert_eq!(find("normal").map(|s| s.name), Some("chess"));
    }
}
