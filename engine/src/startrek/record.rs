//! Star Trek chess's game record in the file form (`engine/games/startrek.toml`): the
//! family's board and pieces are this module's code, so the record states what a file can
//! (name, title, start, how the game ends, perft entries) in the keys every game file uses,
//! and `oblique check` reads and proves it like any other file.
//!
//! A file of the family is checked against the family: its name must be the game's (other
//! Star Trek games are not loaded from files yet), its start the family's start, and its
//! `[end]` the rules text's endings, which is all the family plays. Anything else is refused
//! with its line, never silently played as something it did not say.

use super::{NAME, START_TFEN, TITLE};
use oblique_gamefile::error::line_of;
use oblique_gamefile::schema::FamilyFile;
use oblique_gamefile::{toml_reader, GameFileError};
use once_cell::sync::Lazy;

/// The record's text, embedded in the binary.
pub const RECORD_TEXT: &str = include_str!("../../games/startrek.toml");

static RECORD: Lazy<FamilyFile> = Lazy::new(|| {
    // The project's own data; `the_record_states_the_family` reads it in every test run.
    toml_reader::parse_family("<built-in startrek>", RECORD_TEXT)
        .and_then(|f| check(&f, "<built-in startrek>", RECORD_TEXT).map(|()| f))
        .unwrap_or_else(|e| panic!("built-in game file: {e}"))
});

/// The built-in record.
pub fn record() -> &'static FamilyFile {
    &RECORD
}

/// Reads a family file of Star Trek chess and checks it states the family's game.
pub fn read(origin: &str, text: &str) -> Result<FamilyFile, GameFileError> {
    let file = toml_reader::parse_family(origin, text)?;
    check(&file, origin, text)?;
    Ok(file)
}

/// The family's endings, as `[end]` writes them: key, the value the family plays.
pub const ENDINGS: [(&str, &str); 7] = [
    ("stalemate", "draw"),
    ("dead", "kings-only"),
    ("move_rule", "100"),
    ("repetition", "3"),
    ("bare_king", "none"),
    ("checks", "allowed"),
    ("goal_reply", "none"),
];

/// Is `file` the family's game as the engine plays it?
pub fn check(file: &FamilyFile, origin: &str, text: &str) -> Result<(), GameFileError> {
    let fail =
        |needle: &str, reason: String| GameFileError::new(origin, line_of(text, needle), reason);
    if file.game.name != NAME {
        return Err(fail(
            &file.game.name,
            format!(
                "game '{}' of the startrek family: only the built-in game ('{NAME}') is played; \
                 other Star Trek games are not loaded from files yet",
                file.game.name
            ),
        ));
    }
    if file.game.start.split_whitespace().collect::<Vec<_>>()
        != START_TFEN.split_whitespace().collect::<Vec<_>>()
    {
        return Err(fail(
            "start",
            format!("start: '{NAME}' starts from the rules' position ({START_TFEN}); a record may not move it"),
        ));
    }
    if file.title() != NAME && file.title() != TITLE {
        return Err(fail(
            "title",
            format!("title: '{NAME}' is called \"{TITLE}\""),
        ));
    }
    let e = &file.end;
    let given: [Option<String>; 7] = [
        e.stalemate.clone(),
        e.dead.clone(),
        e.move_rule.map(|n| n.to_string()),
        e.repetition.map(|n| n.to_string()),
        e.bare_king.clone(),
        e.checks.clone(),
        e.goal_reply.clone(),
    ];
    for ((key, plays), value) in ENDINGS.iter().zip(given) {
        if let Some(v) = value.filter(|v| v != plays) {
            return Err(fail(
                &format!("{key} ="),
                format!(
                    "{key} = {v}: the startrek family plays the rules text's endings only \
                     ({key} = {plays})"
                ),
            ));
        }
    }
    if !e.goals.is_empty() {
        return Err(fail(
            "goal",
            "goal: the startrek family has no goal squares".to_string(),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::outcome::EndRules;
    use crate::startrek::StarTrekPosition;

    #[test]
    fn the_record_states_the_family() {
        let r = record();
        assert_eq!(r.game.name, NAME);
        assert_eq!(r.title(), TITLE);
        assert_eq!(r.game.start, START_TFEN);
        let p = StarTrekPosition::start();
        assert_eq!(p.end_rules(), EndRules::STANDARD);
        assert!(r.perft.len() >= 3);
    }

    #[test]
    fn a_record_that_differs_from_the_family_is_refused_with_its_line() {
        let bad = RECORD_TEXT.replace("stalemate = \"draw\"", "stalemate = \"win\"");
        let e = read("st.toml", &bad).unwrap_err();
        assert!(e.reason.contains("stalemate = win"), "{e}");
        assert_eq!(e.line, line_of(&bad, "stalemate ="), "{e}");
        let other = RECORD_TEXT.replace("name = \"startrek\"", "name = \"startrek-odds\"");
        let e = read("st.toml", &other).unwrap_err();
        assert!(e.reason.contains("not loaded from files yet"), "{e}");
        let board = format!("{RECORD_TEXT}\n[board]\nfiles = 6\nranks = 10\n");
        let e = read("st.toml", &board).unwrap_err();
        assert!(e.reason.starts_with("[board]: a game of a family"), "{e}");
        assert!(e.line.is_some(), "{e}");
        let family = RECORD_TEXT.replace("family = \"startrek\"", "family = \"hexagonal\"");
        let e = read("st.toml", &family).unwrap_err();
        assert!(e.reason.contains("family 'hexagonal'"), "{e}");
        let start = RECORD_TEXT.replace("Qb0(1),", "");
        let e = read("st.toml", &start).unwrap_err();
        assert!(e.reason.starts_with("start:"), "{e}");
    }
}
