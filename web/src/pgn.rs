//! PGN for the browser board: the engine's one PGN dialect (`oblique_engine::pgn`, what
//! `oblique match` writes) with the tags a game played in a browser has: placeholders for
//! the players and the date, the result so far. The reader is the engine's: the first game
//! of a file, comments, variations and NAGs skipped, moves in protocol or human notation.

use oblique_engine::pgn::{self as engine_pgn, ReadError};
use oblique_engine::GameRecord;

/// The game as PGN text.
pub fn write(g: &GameRecord) -> String {
    let result = engine_pgn::result_token(g);
    let mut tags: Vec<(&str, String)> = vec![
        ("Event", "Oblique browser game".into()),
        ("Site", "oblique serve".into()),
        ("Date", "????.??.??".into()),
        ("Round", "-".into()),
        ("White", "?".into()),
        ("Black", "?".into()),
        ("Result", result.into()),
    ];
    tags.extend(engine_pgn::position_tags(g));
    tags.push(("PlyCount", g.len().to_string()));
    let reason = g.outcome().map(|o| o.reason());
    engine_pgn::write(&tags, g, &[], reason, result)
}

/// Reads the first game of a PGN text.
pub fn read(pgn: &str) -> Result<GameRecord, ReadError> {
    engine_pgn::read(pgn)
}

#[cfg(test)]
mod tests {
    use super::*;
    use oblique_engine::AnyPosition;

    #[test]
    fn reads_what_oblique_match_writes() {
        // The form of src/arena/pgn.rs's own test: Black first, comments on every move.
        let start = AnyPosition::new("minislanted", None).unwrap().to_fen();
        let text = format!(
            "[Event \"t\"]\n[Variant \"minislanted\"]\n[FEN \"{start}\"]\n[SetUp \"1\"]\n\n\
             1... a5a4 {{book}} 2. a2a3 {{+0.20/5 0.120s}} 2... b5b4\n{{White resigns}} 0-1\n\n"
        );
        let g = read(&text).unwrap();
        assert_eq!(g.texts(), ["a5a4", "a2a3", "b5b4"]);
    }

    #[test]
    fn star_trek_squares_are_not_variations() {
        let text = "[Variant \"startrek\"]\n\n1. b2(2)b4(2) (1. c2(2)c4(2)) b7(6)b5(6) *\n";
        let g = read(text).unwrap();
        assert_eq!(g.texts(), ["b2(2)b4(2)", "b7(6)b5(6)"]);
    }

    #[test]
    fn written_games_read_back() {
        let mut g = GameRecord::new("minislanted", None).unwrap();
        for m in ["a5a4", "a2a3", "b5b4"] {
            g.play(m).unwrap();
        }
        let text = write(&g);
        assert!(text.contains("1... a5a4 2. a2a3 b5b4"), "{text}");
        assert_eq!(read(&text).unwrap().texts(), g.texts());
        let chess = GameRecord::new("chess", None).unwrap();
        assert!(!write(&chess).contains("[FEN"));
    }

    #[test]
    fn bad_moves_are_named() {
        let err = read("1. e2e5 *").err().unwrap().to_string();
        assert!(err.contains("PGN move 1 (e2e5)"), "{err}");
    }
}
