//! PGN in and out for the browser board, in the dialect `oblique match` writes
//! (`src/arena/pgn.rs`): moves in protocol notation (`e2e4`, `b3a4`, `b1(2)c3(2)`), a
//! `Variant` tag for every game but orthodox chess, `FEN` + `SetUp` when the game does not
//! start from the orthodox start position, Black's first move numbered `1...` when Black
//! starts. The reader takes the first game of a file, skips comments, variations and NAGs,
//! and accepts moves in protocol or human notation.

use crate::session::GameRecord;
use oblique_engine::{AnyPosition, Color};

fn quote(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The game as PGN text.
pub fn write(g: &GameRecord) -> String {
    let result = g.pos.outcome().map(|o| o.result()).unwrap_or("*");
    let mut out = String::new();
    let mut tag = |k: &str, v: &str| out.push_str(&format!("[{k} \"{}\"]\n", quote(v)));
    tag("Event", "Oblique browser game");
    tag("Site", "oblique serve");
    tag("Date", "????.??.??");
    tag("Round", "-");
    tag("White", "?");
    tag("Black", "?");
    tag("Result", result);
    let standard = AnyPosition::new("chess", None)
        .map(|p| p.to_fen() == g.start_fen)
        .unwrap_or(false);
    if g.variant != "chess" {
        tag("Variant", &g.variant);
    }
    if g.variant != "chess" || !standard {
        tag("FEN", &g.start_fen);
        tag("SetUp", "1");
    }
    tag("PlyCount", &g.moves().len().to_string());
    out.push('\n');
    let mut black = g.first_mover() == Color::Black;
    let mut number = g.start_fullmove();
    let mut tokens = Vec::new();
    for (i, m) in g.moves().into_iter().enumerate() {
        if !black {
            tokens.push(format!("{number}."));
        } else if i == 0 {
            tokens.push(format!("{number}..."));
        }
        tokens.push(m);
        if black {
            number += 1;
        }
        black = !black;
    }
    if let Some(o) = g.pos.outcome() {
        tokens.push(format!("{{{}}}", o.reason()));
    }
    tokens.push(result.to_string());
    let mut line = 0;
    for t in tokens {
        if line > 0 && line + 1 + t.len() > 79 {
            out.push('\n');
            line = 0;
        } else if line > 0 {
            out.push(' ');
            line += 1;
        }
        line += t.len();
        out.push_str(&t);
    }
    out.push_str("\n\n");
    out
}

/// Value of a tag in the header, if present.
fn tag_value(pgn: &str, name: &str) -> Option<String> {
    pgn.lines().map(str::trim).find_map(|l| {
        let rest = l.strip_prefix('[')?.strip_suffix(']')?;
        let (key, value) = rest.split_once(' ')?;
        (key == name).then(|| {
            value
                .trim()
                .trim_matches('"')
                .replace("\\\"", "\"")
                .replace("\\\\", "\\")
        })
    })
}

/// The move tokens of the first game's movetext.
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

/// Reads the first game of a PGN text.
pub fn read(pgn: &str) -> Result<GameRecord, String> {
    let variant = tag_value(pgn, "Variant").unwrap_or_else(|| "chess".to_string());
    let fen = tag_value(pgn, "FEN");
    let mut game = GameRecord::new(&variant, fen.as_deref())?;
    let movetext: String = pgn
        .lines()
        .skip_while(|l| l.trim().is_empty() || l.trim_start().starts_with('['))
        .take_while(|l| !l.trim_start().starts_with('['))
        .collect::<Vec<_>>()
        .join("\n");
    for (i, m) in move_tokens(&movetext).iter().enumerate() {
        game.play(m)
            .map_err(|e| format!("PGN move {} ({m}): {e}", i + 1))?;
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_what_oblique_match_writes() {
        // The form of src/arena/pgn.rs's own test: Black first, comments on every move.
        let start = AnyPosition::new("minislanted", None).unwrap().to_fen();
        let text = format!(
            "[Event \"t\"]\n[Variant \"minislanted\"]\n[FEN \"{start}\"]\n[SetUp \"1\"]\n\n\
             1... a5a4 {{book}} 2. a2a3 {{+0.20/5 0.120s}} 2... b5b4\n{{White resigns}} 0-1\n\n"
        );
        let g = read(&text).unwrap();
        assert_eq!(g.moves(), ["a5a4", "a2a3", "b5b4"]);
    }

    #[test]
    fn star_trek_squares_are_not_variations() {
        let text = "[Variant \"startrek\"]\n\n1. b2(2)b4(2) (1. c2(2)c4(2)) b7(6)b5(6) *\n";
        let g = read(text).unwrap();
        assert_eq!(g.moves(), ["b2(2)b4(2)", "b7(6)b5(6)"]);
    }

    #[test]
    fn written_games_read_back() {
        let mut g = GameRecord::new("minislanted", None).unwrap();
        for m in ["a5a4", "a2a3", "b5b4"] {
            g.play(m).unwrap();
        }
        let text = write(&g);
        assert!(text.contains("1... a5a4 2. a2a3 b5b4"), "{text}");
        assert_eq!(read(&text).unwrap().moves(), g.moves());
        let chess = GameRecord::new("chess", None).unwrap();
        assert!(!write(&chess).contains("[FEN"));
    }

    #[test]
    fn bad_moves_are_named() {
        let err = read("1. e2e5 *").err().unwrap();
        assert!(err.contains("PGN move 1 (e2e5)"), "{err}");
    }
}
