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

/// XBoard's default letters of its piece types, in `pieceToCharTable` order.
const XBOARD_LETTERS: &str = "PNBRQFEACWMOHIJGDVLSUK";

/// The `pieceToCharTable` slot XBoard draws a FEN letter's piece in: the type XBoard gives
/// that letter by default (C is its Chancellor, U its Unicorn, which draws the Ultra).
fn slot_of(letter: char) -> Option<usize> {
    XBOARD_LETTERS.find(letter.to_ascii_uppercase())
}

/// The `(PIECETOCHAR)` part of `setup` for a game using these FEN letters.
pub fn piece_to_char(letters: &[char]) -> String {
    let mut white = vec!['.'; XBOARD_SLOTS];
    let mut homeless = Vec::new();
    for &l in letters {
        match slot_of(l) {
            Some(i) => white[i] = l.to_ascii_uppercase(),
            None => homeless.push(l.to_ascii_uppercase()),
        }
    }
    // Letters XBoard has no type for (X, Y, Z, T) take the first free fairy types.
    for l in homeless {
        if let Some(i) = (5..XBOARD_SLOTS - 1).find(|&i| white[i] == '.') {
            white[i] = l;
        }
    }
    white[XBOARD_SLOTS - 1] = 'K';
    let black: String = white.iter().map(|c| c.to_ascii_lowercase()).collect();
    let white: String = white.into_iter().collect();
    format!("{white}{black}")
}

#[cfg(test)]
mod tests {
    use crate::plane::registry::{builtin as builtin_games, find};

    #[test]
    fn every_record_names_itself_to_xboard() {
        for v in builtin_games() {
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
