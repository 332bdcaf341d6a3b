//! Reads our TOML game format into a `GameFile`. Syntax errors and unknown keys come from
//! the TOML parser with their line; this module adds the checks that need the whole file
//! (names, letters, the royal piece) so that a bad file is refused before any table is
//! built.

use crate::error::{line_at, line_of, GameFileError};
use crate::schema::{FamilyFile, GameFile, FAMILIES, FAMILY_GIVES};
use std::collections::HashSet;

/// The family a TOML game file names in `[game] family` (Star Trek chess's record), if any;
/// `None` also for text that is not TOML (`parse` then reports the error).
pub fn family_of(text: &str) -> Option<String> {
    let table: toml::Table = toml::from_str(text).ok()?;
    let family = table.get("game")?.as_table()?.get("family")?;
    Some(family.as_str().unwrap_or_default().to_string())
}

/// Parses a family game file (`[game] family = "startrek"`): the family gives the board and
/// the pieces, so those sections are refused with their line.
pub fn parse_family(file: &str, text: &str) -> Result<FamilyFile, GameFileError> {
    let table: toml::Table = toml::from_str(text).map_err(|e| syntax_error(file, text, &e))?;
    for section in FAMILY_GIVES {
        if table.contains_key(section) {
            let header = if section == "piece" {
                "[[piece]]".to_string()
            } else {
                format!("[{section}]")
            };
            return Err(GameFileError::new(
                file,
                line_of(text, &header),
                format!(
                    "{header}: a game of a family (family = ...) takes its board, pieces, \
                     pawns, promotion and castling from the family; remove it"
                ),
            ));
        }
    }
    let game: FamilyFile = toml::from_str(text).map_err(|e| syntax_error(file, text, &e))?;
    let family = game.game.family.as_str();
    if !FAMILIES.contains(&family) {
        return Err(GameFileError::new(
            file,
            line_of(text, "family ="),
            format!(
                "family '{family}' is not one the engine has (it has: {})",
                FAMILIES.join(", ")
            ),
        ));
    }
    Ok(game)
}

/// A TOML syntax or schema error, with its line.
fn syntax_error(file: &str, text: &str, e: &toml::de::Error) -> GameFileError {
    let line = e.span().map(|s| line_at(text, s.start));
    GameFileError::new(file, line, e.message().trim().to_string())
}

/// Parses one game from TOML text; `file` names it in errors.
pub fn parse(file: &str, text: &str) -> Result<GameFile, GameFileError> {
    let game: GameFile = toml::from_str(text).map_err(|e| syntax_error(file, text, &e))?;
    check(file, text, &game)?;
    Ok(game)
}

/// Checks a game that any reader produced: its name, its letters, exactly one royal
/// piece. `text` is the source, used to point at a line.
pub fn check(file: &str, text: &str, game: &GameFile) -> Result<(), GameFileError> {
    let err =
        |needle: &str, reason: String| Err(GameFileError::new(file, line_of(text, needle), reason));
    let name = &game.game.name;
    if name.is_empty()
        || !name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
    {
        return err(
            name,
            format!("game name '{name}': use lower-case letters, digits, '-' and '_'"),
        );
    }
    let mut seen = HashSet::new();
    let letters = game
        .pieces
        .iter()
        .map(|p| (p.letter, p.name.as_str()))
        .chain(game.pawn.iter().map(|p| (p.letter, p.name.as_str())));
    for (letter, pname) in letters {
        if !letter.is_ascii_alphabetic() {
            return err(
                &format!("'{letter}'"),
                format!("piece {pname}: letter '{letter}' is not a letter a FEN can hold"),
            );
        }
        if !seen.insert(letter.to_ascii_lowercase()) {
            return err(
                &format!("\"{letter}\""),
                format!("letter '{letter}' is used by two pieces"),
            );
        }
    }
    for p in &game.pieces {
        if p.betza.is_none() && p.table.is_none() {
            return err(
                &p.name,
                format!("piece {}: give its moves (betza or table)", p.name),
            );
        }
    }
    let royals = game.pieces.iter().filter(|p| p.royal).count();
    if royals != 1 {
        return err(
            "[[piece]]",
            format!("a game needs exactly one royal piece (royal = true); this one has {royals}"),
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const TINY: &str = r#"
[game]
name = "tiny"
start = "k3/4/4/3K w - - 0 1"

[board]
files = 4
ranks = 4

[[piece]]
letter = "k"
name = "king"
betza = "K"
royal = true
"#;

    #[test]
    fn a_small_game_reads() {
        let g = parse("tiny.toml", TINY).expect("valid");
        assert_eq!(g.game.name, "tiny");
        assert_eq!(g.board.files, 4);
        assert_eq!(g.pieces[0].betza.as_deref(), Some("K"));
        assert!(g.pieces[0].royal);
    }

    #[test]
    fn an_unknown_key_is_refused_with_its_line() {
        let text = TINY.replace("royal = true", "royal = true\nflies = true");
        let e = parse("tiny.toml", &text).unwrap_err();
        assert_eq!(e.line, Some(15), "{e}");
        assert!(e.reason.contains("flies"), "{e}");
        assert!(e.to_string().starts_with("tiny.toml:15: "), "{e}");
    }

    #[test]
    fn malformed_toml_is_refused_with_its_line() {
        let text = TINY.replace("files = 4", "files = = 4");
        let e = parse("t.toml", &text).unwrap_err();
        assert_eq!(e.line, Some(7), "{e}");
    }

    #[test]
    fn duplicate_letters_and_missing_king_are_refused() {
        let two = format!("{TINY}\n[[piece]]\nletter = \"K\"\nname = \"kong\"\nbetza = \"W\"\n");
        let e = parse("t.toml", &two).unwrap_err();
        assert!(e.reason.contains("two pieces"), "{e}");
        let none = TINY.replace("royal = true", "");
        let e = parse("t.toml", &none).unwrap_err();
        assert!(e.reason.contains("exactly one royal"), "{e}");
    }

    #[test]
    fn bad_names_are_refused() {
        let e = parse("t.toml", &TINY.replace("\"tiny\"", "\"Tiny Game\"")).unwrap_err();
        assert!(e.reason.contains("lower-case"), "{e}");
        assert_eq!(e.line, Some(3));
    }
}
