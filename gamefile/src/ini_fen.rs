//! Fairy-Stockfish's FENs made into the ones our games take: missing castling, en passant
//! and clock fields completed, and a position checked against a game read from an ini
//! file (its board, its holes, its piece letters), so that Fairy-Stockfish's perft
//! positions can be set up on the games the ini reader produces.

use crate::schema::GameFile;

/// Completes a Fairy-Stockfish FEN to six fields (`board side castling ep half full`):
/// absent castling and en passant fields become `-`, absent clocks `0 1`. Check counters
/// (`3+3`) and castling by file letters (gating, Chess960) are refused.
pub fn complete_fen(fen: &str) -> Result<String, String> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let Some(board) = fields.first() else {
        return Err("empty FEN".to_string());
    };
    let side = fields.get(1).copied().unwrap_or("w");
    if side != "w" && side != "b" {
        return Err(format!("side to move '{side}': expected w or b"));
    }
    let mut rest: &[&str] = fields.get(2..).unwrap_or(&[]);
    let number = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let mut castling = "-";
    let mut ep = "-";
    if let Some(&c) = rest.first() {
        if !number(c) {
            if c != "-" && !c.chars().all(|x| "KQkq".contains(x)) {
                return Err(format!(
                    "castling field '{c}': only K, Q, k, q (castling by file letters is not supported)"
                ));
            }
            castling = c;
            rest = &rest[1..];
            if let Some(&e) = rest.first() {
                if !number(e) {
                    let square =
                        e.len() >= 2 && e.as_bytes()[0].is_ascii_lowercase() && number(&e[1..]);
                    if e != "-" && !square {
                        return Err(format!("en passant field '{e}': expected a square or -"));
                    }
                    ep = e;
                    rest = &rest[1..];
                }
            }
        }
    }
    let half = rest.first().copied().unwrap_or("0");
    let full = rest.get(1).copied().unwrap_or("1");
    if !number(half) || !number(full) || rest.len() > 2 {
        return Err(format!(
            "'{}' after the en passant field: expected two clocks (check counters are not supported)",
            rest.join(" ")
        ));
    }
    Ok(format!("{board} {side} {castling} {ep} {half} {full}"))
}

/// Completes `fen` and checks it against `game`: as many ranks and files, `*` walls
/// exactly on the game's holes, only the game's piece letters. Returns the completed FEN.
pub fn position(game: &GameFile, fen: &str) -> Result<String, String> {
    let full = complete_fen(fen)?;
    let board = full.split(' ').next().unwrap_or_default();
    if board.contains('[') {
        return Err("pockets ([...]) are not played by the engine".to_string());
    }
    let rows: Vec<&str> = board.split('/').collect();
    let (files, ranks) = (game.board.files as usize, game.board.ranks as usize);
    if rows.len() != ranks {
        return Err(format!("{} ranks; the game has {ranks}", rows.len()));
    }
    let letters: Vec<char> = game
        .pieces
        .iter()
        .map(|p| p.letter)
        .chain(game.pawn.iter().map(|p| p.letter))
        .map(|c| c.to_ascii_lowercase())
        .collect();
    let mut walls = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = ranks - i;
        let mut file = 0usize;
        let mut chars = row.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                let mut n = d as usize;
                while let Some(d2) = chars.peek().and_then(|c| c.to_digit(10)) {
                    n = n.saturating_mul(10).saturating_add(d2 as usize);
                    chars.next();
                }
                file = file.saturating_add(n);
                continue;
            }
            if c == '*' {
                walls.push(format!("{}{rank}", (b'a' + file.min(25) as u8) as char));
            } else if !letters.contains(&c.to_ascii_lowercase()) {
                return Err(format!("'{c}' is not a piece of {}", game.game.name));
            }
            file += 1;
        }
        if file != files {
            return Err(format!(
                "rank {rank} has {file} squares; the game has {files} files"
            ));
        }
    }
    let mut holes = game.board.holes.clone();
    holes.sort();
    walls.sort();
    if walls != holes {
        return Err("its walls (*) are not the game's holes".to_string());
    }
    Ok(full)
}
