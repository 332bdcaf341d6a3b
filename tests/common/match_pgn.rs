//! A small PGN reader of the tests' own for what `oblique match` writes (tags, moves in
//! protocol notation, comments, result), written apart from the engine's `pgn` module so
//! that the tests check the runner's files without trusting the code that wrote them.
//! Shared by the match-runner and the Windows tests.
#![allow(dead_code)] // each test file uses its own part

use std::collections::HashMap;

/// One game: its tags, its moves (move numbers dropped), its comments and its result.
#[derive(Debug)]
pub struct PgnGame {
    pub tags: HashMap<String, String>,
    pub moves: Vec<String>,
    pub comments: Vec<String>,
    pub result: String,
}

/// The games of a PGN text as `oblique match` writes it.
pub fn parse(data: &str) -> Vec<PgnGame> {
    let mut games = Vec::new();
    let mut tags = HashMap::new();
    let mut movetext = String::new();
    let flush = |tags: &mut HashMap<String, String>, movetext: &mut String, games: &mut Vec<_>| {
        if tags.is_empty() {
            return;
        }
        let mut moves = Vec::new();
        let mut comments = Vec::new();
        let mut result = String::new();
        let mut rest = movetext.as_str();
        while let Some(c) = rest.chars().next() {
            if c == '{' {
                let end = rest.find('}').expect("closed comment");
                // Comments may be wrapped across lines like any movetext.
                comments.push(
                    rest[1..end]
                        .split_whitespace()
                        .collect::<Vec<_>>()
                        .join(" "),
                );
                rest = &rest[end + 1..];
            } else if c.is_whitespace() {
                rest = &rest[c.len_utf8()..];
            } else {
                let end = rest
                    .find(|ch: char| ch.is_whitespace() || ch == '{')
                    .unwrap_or(rest.len());
                let tok = &rest[..end];
                rest = &rest[end..];
                if ["1-0", "0-1", "1/2-1/2", "*"].contains(&tok) {
                    result = tok.to_string();
                } else if tok
                    .trim_end_matches('.')
                    .chars()
                    .all(|c| c.is_ascii_digit())
                {
                    // move number
                } else {
                    moves.push(tok.to_string());
                }
            }
        }
        games.push(PgnGame {
            tags: std::mem::take(tags),
            moves,
            comments,
            result,
        });
        movetext.clear();
    };
    for line in data.lines() {
        if line.starts_with("[Event ") {
            flush(&mut tags, &mut movetext, &mut games);
        }
        if let Some(inner) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            let (k, v) = inner.split_once(' ').unwrap();
            let v = v.trim().trim_matches('"').replace("\\\"", "\"");
            tags.insert(k.to_string(), v);
        } else {
            movetext.push_str(line);
            movetext.push('\n');
        }
    }
    flush(&mut tags, &mut movetext, &mut games);
    games
}
