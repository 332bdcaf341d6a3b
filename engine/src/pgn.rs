//! PGN, the text form of a game record (`record::GameRecord`), in the one dialect Oblique
//! writes and reads: what `oblique match` writes and the browser board downloads and loads.
//!
//! * Moves are in the protocol's coordinate notation (`e2e4`, `b3a4`, `b1(2)c3(2)`): the
//!   games have no agreed SAN, and this is what engines, XBoard and this reader accept.
//! * Every game but orthodox chess carries a `Variant` tag; every game that is not orthodox
//!   chess from its standard start carries `FEN` and `SetUp` (`position_tags`).
//! * Move numbers follow the start position's side to move and full-move number; Black's
//!   move is numbered (`1...`, `2...`) when it is the first move or follows a comment, as
//!   PGN's export format asks. Lines are wrapped before 80 columns.
//! * The reader splits a text into games (tags and movetext, `games`); `read` replays the
//!   first game, skipping comments, variations and NAGs, and takes moves in protocol or
//!   human notation.
//!
//! It lives in the engine, next to the record it is a form of, because the match runner
//! (`oblique-arena`) and the browser board (`oblique-web`) are siblings that both write and
//! read it: neither may depend on the other, and the engine is below both. What each adds
//! (the runner's time controls and per-move comments, the browser's placeholders) it passes
//! in as tags and comments.

use crate::any::PositionError;
use crate::record::{GameRecord, PlayError};
use crate::types::Color;
use std::fmt;

/// The result token of a game that may not be over: `1-0`, `0-1`, `1/2-1/2` by the rules,
/// `*` while it goes on.
pub fn result_token(g: &GameRecord) -> &'static str {
    g.outcome().map(|o| o.result()).unwrap_or("*")
}

/// The tags that say which game and where it starts: `Variant` for every game but orthodox
/// chess, `FEN` and `SetUp` unless it is orthodox chess from its standard start.
pub fn position_tags(g: &GameRecord) -> Vec<(&'static str, String)> {
    let mut tags = Vec::new();
    if !g.is_orthodox() {
        tags.push(("Variant", g.variant().to_string()));
    }
    if !g.is_orthodox() || !g.starts_from_standard() {
        tags.push(("FEN", g.start_fen()));
        tags.push(("SetUp", "1".to_string()));
    }
    tags
}

fn quote(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// One game as PGN text, ending in a blank line: `tags` in the order given, then the moves
/// with `comments[i]` (if any) after move `i`, then `last_comment` and `result`.
pub fn write(
    tags: &[(&str, String)],
    g: &GameRecord,
    comments: &[Option<String>],
    last_comment: Option<&str>,
    result: &str,
) -> String {
    let mut out = String::new();
    for (k, v) in tags {
        out.push_str(&format!("[{k} \"{}\"]\n", quote(v)));
    }
    out.push('\n');
    let mut black = g.first_mover() == Color::Black;
    let mut number = g.start_fullmove();
    let mut after_comment = true;
    let mut tokens: Vec<String> = Vec::new();
    for (i, m) in g.moves().iter().enumerate() {
        if !black {
            tokens.push(format!("{number}."));
        } else if after_comment {
            tokens.push(format!("{number}..."));
        }
        tokens.push(m.text.clone());
        after_comment = false;
        if let Some(Some(c)) = comments.get(i) {
            tokens.push(format!("{{{c}}}"));
            after_comment = true;
        }
        if black {
            number += 1;
        }
        black = !black;
    }
    if let Some(c) = last_comment {
        tokens.push(format!("{{{c}}}"));
    }
    tokens.push(result.to_string());
    // Wrap before 80 columns; comments may be broken across lines like any token.
    let mut line_len = 0;
    for word in tokens.iter().flat_map(|t| t.split(' ')) {
        if line_len > 0 && line_len + 1 + word.len() > 79 {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        out.push_str(word);
        line_len += word.len();
    }
    out.push_str("\n\n");
    out
}

/// One game of a PGN text as written: its tags and its movetext (lines trimmed, joined by
/// newlines).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    pub tags: Vec<(String, String)>,
    pub movetext: String,
}

impl PgnGame {
    /// The value of a tag, if the game has it (the first if it is there twice).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The moves of the movetext: without move numbers, comments, variations, NAGs,
    /// annotation marks and the result.
    pub fn moves(&self) -> Vec<String> {
        move_tokens(&self.movetext)
    }

    /// The game replayed: its `Variant` (orthodox chess without one), its `FEN` (the
    /// game's start without one) and its moves.
    pub fn replay(&self) -> Result<GameRecord, ReadError> {
        let fen = self.tag("FEN").map(str::trim).filter(|f| !f.is_empty());
        let mut game = match self.tag("Variant") {
            Some(v) => GameRecord::new(v, fen)?,
            None => GameRecord::from_start(orthodox_start(fen)?),
        };
        for (i, m) in self.moves().into_iter().enumerate() {
            if let Err(error) = game.play(&m) {
                return Err(ReadError::Move {
                    number: i + 1,
                    text: m,
                    error,
                });
            }
        }
        Ok(game)
    }
}

/// Orthodox chess, the game of a PGN without a `Variant` tag.
fn orthodox_start(fen: Option<&str>) -> Result<crate::AnyPosition, PositionError> {
    crate::AnyPosition::new(crate::registry::chess().name, fen)
}

/// Why a PGN game could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// The `Variant` or `FEN` tag names no position.
    Position(PositionError),
    /// Move `number` (from 1) is not legal where it stands.
    Move {
        number: usize,
        text: String,
        error: PlayError,
    },
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Position(e) => write!(f, "{e}"),
            ReadError::Move {
                number,
                text,
                error,
            } => write!(f, "PGN move {number} ({text}): {error}"),
        }
    }
}

impl std::error::Error for ReadError {}

impl From<PositionError> for ReadError {
    fn from(e: PositionError) -> ReadError {
        ReadError::Position(e)
    }
}

/// The games of a PGN text, in order. A game starts at a tag line that follows movetext (or
/// at the first line); a text with only movetext is one game without tags.
pub fn games(text: &str) -> Vec<PgnGame> {
    let mut games = Vec::new();
    let mut game = PgnGame::default();
    for line in text.lines() {
        let l = line.trim();
        if let Some(inner) = l.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            if !game.movetext.is_empty() {
                games.push(std::mem::take(&mut game));
            }
            if let Some((k, v)) = inner.split_once(' ') {
                let v = v.trim();
                let v = v
                    .strip_prefix('"')
                    .and_then(|v| v.strip_suffix('"'))
                    .unwrap_or(v);
                game.tags
                    .push((k.to_string(), v.replace("\\\"", "\"").replace("\\\\", "\\")));
            }
        } else if !l.is_empty() {
            if !game.movetext.is_empty() {
                game.movetext.push('\n');
            }
            game.movetext.push_str(l);
        }
    }
    if !game.tags.is_empty() || !game.movetext.is_empty() {
        games.push(game);
    }
    games
}

/// Replays the first game of a PGN text (an empty text is orthodox chess from the start).
pub fn read(text: &str) -> Result<GameRecord, ReadError> {
    games(text).into_iter().next().unwrap_or_default().replay()
}

/// The move tokens of a movetext.
fn move_tokens(movetext: &str) -> Vec<String> {
    let mut tokens = Vec::new();
    let mut current = String::new();
    let mut chars = movetext.chars().peekable();
    let flush = |current: &mut String, tokens: &mut Vec<String>| {
        if !current.is_empty() {
            tokens.push(std::mem::take(current));
        }
    };
    while let Some(c) = chars.next() {
        match c {
            '{' => {
                flush(&mut current, &mut tokens);
                for d in chars.by_ref() {
                    if d == '}' {
                        break;
                    }
                }
            }
            ';' => {
                flush(&mut current, &mut tokens);
                for d in chars.by_ref() {
                    if d == '\n' {
                        break;
                    }
                }
            }
            // A variation starts only at the beginning of a token: inside one, `(` is part
            // of a Star Trek square (`b1(2)`), and those parentheses are balanced.
            '(' if current.is_empty() => {
                let mut depth = 1;
                for d in chars.by_ref() {
                    match d {
                        '(' => depth += 1,
                        ')' => depth -= 1,
                        _ => {}
                    }
                    if depth == 0 {
                        break;
                    }
                }
            }
            c if c.is_whitespace() => flush(&mut current, &mut tokens),
            c => current.push(c),
        }
    }
    flush(&mut current, &mut tokens);
    tokens
        .into_iter()
        .filter_map(|t| {
            // Drop move numbers (`12.`, `12...`, also glued to the move: `12.e2e4`).
            let t = t.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
            let t = t.trim_end_matches(['!', '?']);
            let is_result = matches!(t, "1-0" | "0-1" | "1/2-1/2" | "*" | "-0" | "-1" | "/2-1/2");
            (!t.is_empty() && !t.starts_with('$') && !is_result).then(|| t.to_string())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(variant: &str, moves: &[&str]) -> GameRecord {
        let mut g = GameRecord::new(variant, None).unwrap();
        for m in moves {
            g.play(m).unwrap();
        }
        g
    }

    #[test]
    fn black_moves_are_numbered_after_a_comment_and_first() {
        // escalator.md 2.2: Black moves first in Mini Slanted Escalator chess.
        let g = record("minislanted", &["a5a4", "a2a3", "b5b4"]);
        let plain = write(&[], &g, &[], None, "*");
        assert!(plain.contains("1... a5a4 2. a2a3 b5b4 *"), "{plain}");
        let noted = [Some("book".to_string()), None, Some("x".to_string())];
        let text = write(&[], &g, &noted, Some("end"), "0-1");
        assert!(
            text.contains("1... a5a4 {book} 2. a2a3 b5b4 {x} {end} 0-1"),
            "{text}"
        );
    }

    #[test]
    fn position_tags_name_the_game_and_its_start() {
        assert!(position_tags(&record("chess", &["e2e4"])).is_empty());
        let from = GameRecord::new("chess", Some("k7/8/8/8/8/8/8/K7 w - - 0 1")).unwrap();
        let tags = position_tags(&from);
        assert_eq!(tags[0], ("FEN", "k7/8/8/8/8/8/8/K7 w - - 0 1".to_string()));
        assert_eq!(tags[1], ("SetUp", "1".to_string()));
        let slanted = position_tags(&record("slanted", &[]));
        assert_eq!(slanted[0], ("Variant", "slanted".to_string()));
        assert_eq!(slanted[1].0, "FEN");
    }

    #[test]
    fn games_are_split_at_tags_after_movetext() {
        let text = "[Event \"a\"]\n[White \"A \\\"x\\\"\"]\n\n1. e2e4 {c\nd} *\n\n\
                    [Event \"b\"]\n\n1. d2d4 *\n";
        let gs = games(text);
        assert_eq!(gs.len(), 2);
        assert_eq!(gs[0].tag("White"), Some("A \"x\""));
        assert_eq!(gs[0].movetext, "1. e2e4 {c\nd} *");
        assert_eq!(gs[0].moves(), ["e2e4"]);
        assert_eq!(gs[1].tag("Event"), Some("b"));
        assert_eq!(gs[1].tag("White"), None);
    }

    #[test]
    fn a_written_game_reads_back() {
        let g = record("startrek", &["b2(2)b4(2)", "b7(6)b5(6)"]);
        let tags = position_tags(&g);
        let text = write(&tags, &g, &[], None, result_token(&g));
        let back = read(&text).unwrap();
        assert_eq!(back.texts(), g.texts());
        assert_eq!(back.variant(), "startrek");
    }

    #[test]
    fn bad_moves_are_named_by_number() {
        let err = read("1. e2e4 e7e5 2. e4e5 *").unwrap_err();
        assert!(err.to_string().starts_with("PGN move 3 (e4e5): "), "{err}");
        assert!(matches!(
            read("[Variant \"nosuch\"]\n\n*"),
            Err(ReadError::Position(_))
        ));
    }
}
