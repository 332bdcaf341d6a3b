//! XBoard GUI glue: what XBoard needs to draw and check our 2D games, read from each game's
//! record (`VariantSpec::xboard`): the offered names, board size, `setup` and `piece`
//! commands, `highlight` boards for `lift`, and FEN clean-up for `setboard`.

use crate::error::FenGameError;
use oblique_engine::AnyPosition;

/// A 2D position read back from its FEN: the grid with pieces and holes.
pub struct Grid {
    pub files: usize,
    pub ranks: usize,
    /// `cells[rank][file]`, rank 0 = rank 1 (White's side): `None` empty, `Some('*')` hole,
    /// otherwise the FEN letter of the piece.
    pub cells: Vec<Vec<Option<char>>>,
    pub en_passant: Option<(usize, usize)>,
}

/// (file, rank) of a grid square name such as `a4` or `j10`, both from 0.
pub fn parse_square(name: &str) -> Option<(usize, usize)> {
    let b = name.as_bytes();
    let first = *b.first()?;
    if !first.is_ascii_lowercase() || b.len() < 2 || b.len() > 3 {
        return None;
    }
    let digits = &name[1..];
    if !digits.bytes().all(|c| c.is_ascii_digit()) || digits.starts_with('0') {
        return None;
    }
    let rank: usize = digits.parse().ok()?;
    Some(((first - b'a') as usize, rank - 1))
}

/// A grid square as (file, rank), both from 0.
pub type Square = (usize, usize);

/// Splits a protocol move (`e7e8q`, `b3a4`, `f1h1`) into from, to and promotion letter.
pub fn split_move(m: &str) -> Option<(Square, Square, Option<char>)> {
    let b = m.as_bytes();
    let mut i = 1;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    let from = parse_square(m.get(..i)?)?;
    let rest = m.get(i..)?;
    let rb = rest.as_bytes();
    let mut j = 1;
    while j < rb.len() && rb[j].is_ascii_digit() {
        j += 1;
    }
    let to = parse_square(rest.get(..j)?)?;
    let promo = match rest.get(j..)? {
        "" => None,
        p if p.len() == 1 => p.chars().next(),
        _ => return None,
    };
    Some((from, to, promo))
}

impl Grid {
    /// Reads the grid from a 2D FEN; `None` for Star Trek positions.
    pub fn from_position(pos: &AnyPosition) -> Option<Grid> {
        if matches!(pos, AnyPosition::StarTrek(_)) {
            return None;
        }
        let fen = pos.to_fen();
        let mut fields = fen.split_whitespace();
        let placement = fields.next()?;
        let _side = fields.next();
        let _castling = fields.next();
        let ep = fields.next().and_then(parse_square);
        let mut rows = Vec::new();
        for row in placement.split('/') {
            let mut cells = Vec::new();
            let mut run = 0usize;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    run = run * 10 + d as usize;
                } else {
                    cells.extend(std::iter::repeat_n(None, run));
                    run = 0;
                    cells.push(Some(c));
                }
            }
            cells.extend(std::iter::repeat_n(None, run));
            rows.push(cells);
        }
        rows.reverse();
        let files = rows.iter().map(Vec::len).max()?;
        for r in rows.iter_mut() {
            r.resize(files, None);
        }
        Some(Grid {
            files,
            ranks: rows.len(),
            cells: rows,
            en_passant: ep,
        })
    }

    pub fn at(&self, (f, r): (usize, usize)) -> Option<char> {
        self.cells
            .get(r)
            .and_then(|row| row.get(f))
            .copied()
            .flatten()
    }

    /// A board string in FEN layout with one letter per marked square (`colors[rank][file]`).
    pub fn color_fen(&self, colors: &[Vec<Option<char>>]) -> String {
        let mut out = String::new();
        for r in (0..self.ranks).rev() {
            let mut empty = 0;
            for f in 0..self.files {
                match colors.get(r).and_then(|row| row.get(f)).copied().flatten() {
                    Some(c) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(c);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if r > 0 {
                out.push('/');
            }
        }
        out
    }
}

/// `piece` commands for the game: its record's definitions (`VariantSpec::xboard`), each
/// made to define Black's piece as well ([`for_both_colours`]).
pub fn piece_commands(variant: &str) -> Vec<String> {
    oblique_engine::find_variant(variant)
        .map(|spec| {
            spec.xboard
                .pieces
                .iter()
                .flat_map(|p| for_both_colours(p, spec.symmetry))
                .collect()
        })
        .unwrap_or_default()
}

/// A `piece X BETZA` line that defines White's piece only, made to define Black's too.
///
/// XBoard 4.9.1 (`backend.c`, the `piece` handler) gives Black the definition only when the
/// letter is followed by `&`; otherwise Black's piece keeps XBoard's own idea of that type
/// (for a letter such as S, XBoard's wild-card Cobra: no moves generated, anything accepted,
/// and SAN written with the full origin square). For Black, XBoard turns the definition
/// half round (`MovesFromString` in `moves.c`: "invert black moves"). A game whose Black
/// mirrors White across the middle rank therefore gets `X&` when the Betza names no side
/// (`l`/`r`), where half a turn and the mirror agree, and otherwise a line of Black's own,
/// lower-case, with `l` and `r` swapped (the mirror is half a turn and a left-right swap).
/// Lines that already carry `&` (half-turn games such as Diagonal Chess) are kept.
pub fn for_both_colours(line: &str, symmetry: oblique_engine::variant::Symmetry) -> Vec<String> {
    use oblique_engine::variant::Symmetry;
    let mut words = line.splitn(3, ' ');
    let (Some("piece"), Some(letter), Some(betza)) = (words.next(), words.next(), words.next())
    else {
        return vec![line.to_string()];
    };
    if letter.ends_with('&') || !letter.chars().all(|c| c.is_ascii_uppercase()) {
        return vec![line.to_string()];
    }
    let sided = betza.chars().any(|c| c == 'l' || c == 'r');
    if symmetry == Symmetry::Rotate || !sided {
        return vec![format!("piece {letter}& {betza}")];
    }
    let swapped: String = betza
        .chars()
        .map(|c| match c {
            'l' => 'r',
            'r' => 'l',
            c => c,
        })
        .collect();
    vec![
        line.to_string(),
        format!("piece {} {swapped}", letter.to_ascii_lowercase()),
    ]
}

/// XBoard's names of the games offered to it, derived from the games' records.
pub fn offered_variants() -> Vec<&'static str> {
    oblique_engine::registry::xboard_names()
}

/// The move XBoard means by `text`. XBoard appends a promotion letter to every pawn move
/// onto the last rank (its parser supplies `q` when none is given), also to the Diagonal
/// Chess win g7-h8 (and b2-a1), which promotes nothing: when `text` is not legal but the
/// move without its last letter is a legal move that does not promote, that move is meant.
pub fn without_false_promotion<'a>(pos: &AnyPosition, text: &'a str) -> &'a str {
    let Some((from, to, Some(_))) = split_move(text) else {
        return text;
    };
    let bare = &text[..text.len() - 1];
    let legal = pos.legal_moves_text();
    let promotes =
        |m: &String| matches!(split_move(m), Some((f, t, Some(_))) if f == from && t == to);
    if legal.iter().any(|m| m == text) || legal.iter().any(promotes) {
        return text;
    }
    if legal.iter().any(|m| m == bare) {
        bare
    } else {
        text
    }
}

/// `setup (PIECETOCHAR) WxH+0_fairy FEN` for a game XBoard does not know, `None` for
/// orthodox chess (XBoard's `normal`) and games XBoard cannot draw.
///
/// The parent variant `fairy` is what makes XBoard 4.9.1 take the game: without one its
/// variant stays "unknown", and when the engine answers its first `ping` XBoard shows
/// "Engine did not send setup for non-standard variant" and falls back to orthodox chess
/// (the `setup` and `pong` handlers in its `backend.c`). With the parent, XBoard
/// re-initialises its board to the `setup` position, so a position loaded at start-up
/// (`-lpf`) under a named game is replaced; positions are loaded under `-variant fairy`
/// instead (docs/xboard.md), where the `setboard` that follows decides the game.
pub fn setup_command(pos: &AnyPosition) -> Option<String> {
    let spec = oblique_engine::find_variant(pos.variant_name())?;
    if spec.xboard.built_in {
        return None;
    }
    let grid = Grid::from_position(pos)?;
    Some(format!(
        "setup ({}) {}x{}+0_fairy {}",
        spec.xboard_piece_to_char(),
        grid.files,
        grid.ranks,
        pos.to_fen()
    ))
}

/// Why a White move at the start of a game Black begins (Mini and Ultra Slanted Escalator
/// Chess) is refused: XBoard 4.9.1 drops the side to move of `setup` (it reads it into a
/// throw-away variable in `backend.c`) and so believes White moves first. `None` unless
/// that is what happened: no move played yet, Black to move, and `text` legal for White.
pub fn white_moved_first(pos: &AnyPosition, moves_played: usize, text: &str) -> Option<String> {
    if moves_played != 0 || pos.side_to_move() != oblique_engine::Color::Black {
        return None;
    }
    let fen = pos.to_fen();
    let mut fields: Vec<&str> = fen.split_whitespace().collect();
    *fields.get_mut(1)? = "w";
    let mut as_white = AnyPosition::new(pos.variant_name(), Some(&fields.join(" "))).ok()?;
    as_white.play(text).ok()?;
    Some(format!(
        "Black moves first in {}, but XBoard started the game with White to move (XBoard \
         4.9.1 ignores the side to move the engine sends). Load the start position instead: \
         File > Load Position, or -lpf with the FEN as in Oblique's docs/xboard.md.",
        pos.variant_name()
    ))
}

/// Rewrites a Shredder/X-FEN castling field (rook files such as `HAha`) into `KQkq`, so
/// positions XBoard writes for boards whose rooks are not in the corners still read.
pub fn normalize_fen(fen: &str) -> String {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.len() < 3 || fields[2].chars().all(|c| "KQkq-".contains(c)) {
        return fields.join(" ");
    }
    let rows: Vec<&str> = fields[0].split('/').collect();
    let king_file = |row: &str, king: char| -> Option<usize> {
        let mut f = 0usize;
        let mut run = 0usize;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                // Saturating: a run of digits from a GUI can be any length.
                run = run.saturating_mul(10).saturating_add(d as usize);
            } else {
                f = f.saturating_add(run);
                run = 0;
                if c == king {
                    return Some(f);
                }
                f = f.saturating_add(1);
            }
        }
        None
    };
    let white_king = rows.last().and_then(|r| king_file(r, 'K'));
    let black_king = rows.first().and_then(|r| king_file(r, 'k'));
    let mut rights = [false; 4];
    for c in fields[2].chars() {
        match c {
            'K' => rights[0] = true,
            'Q' => rights[1] = true,
            'k' => rights[2] = true,
            'q' => rights[3] = true,
            'A'..='Z' => {
                if let Some(k) = white_king {
                    let file = (c as u8 - b'A') as usize;
                    rights[if file > k { 0 } else { 1 }] = true;
                }
            }
            'a'..='z' => {
                if let Some(k) = black_king {
                    let file = (c as u8 - b'a') as usize;
                    rights[if file > k { 2 } else { 3 }] = true;
                }
            }
            _ => {}
        }
    }
    let castling: String = "KQkq"
        .chars()
        .zip(rights)
        .filter_map(|(c, on)| on.then_some(c))
        .collect();
    let mut out: Vec<String> = fields.iter().map(|s| s.to_string()).collect();
    out[2] = if castling.is_empty() {
        "-".into()
    } else {
        castling
    };
    out.join(" ")
}

/// The game a `setboard` FEN belongs to: the current one if it reads there, otherwise the
/// first XBoard game (in listing order) that reads it; the current game's error if none.
/// `not_orthodox`: XBoard said `variant` without a name, which it does when it has lost the
/// name of one of our games (never for its own `normal`), so orthodox chess is skipped.
pub fn variant_for_fen(
    current: &'static str,
    fen: &str,
    not_orthodox: bool,
) -> Result<&'static str, FenGameError> {
    let built_in =
        |name: &str| oblique_engine::find_variant(name).is_some_and(|s| s.xboard.built_in);
    let skip = |name: &str| not_orthodox && built_in(name);
    let first_error = match AnyPosition::new(current, Some(fen)) {
        Ok(_) if !skip(current) => return Ok(current),
        Ok(_) => FenGameError::NotEngineDefined,
        Err(e) => e.into(),
    };
    for name in offered_variants().into_iter().filter(|n| !skip(n)) {
        if let Ok(p) = AnyPosition::new(name, Some(fen)) {
            return Ok(p.variant_name());
        }
    }
    Err(first_error)
}

/// The `highlight` board for a piece lifted from `square`: captures red, promotions
/// magenta, other moves yellow; an empty board when nothing of the side to move can go
/// anywhere from there.
pub fn highlight_for(pos: &AnyPosition, square: &str) -> Option<String> {
    let grid = Grid::from_position(pos)?;
    let from = parse_square(square)?;
    if from.0 >= grid.files || from.1 >= grid.ranks {
        return None;
    }
    let mut colors = vec![vec![None; grid.files]; grid.ranks];
    for m in pos.legal_moves_text() {
        let Some((f, to, promo)) = split_move(&m) else {
            continue;
        };
        if f != from || to.1 >= grid.ranks || to.0 >= grid.files {
            continue;
        }
        let mover = grid.at(from);
        let is_pawn = mover.is_some_and(|c| c.eq_ignore_ascii_case(&'p'));
        let capture = matches!(grid.at(to), Some(c) if c != '*')
            || (is_pawn && grid.en_passant == Some(to) && to.0 != from.0);
        let color = if promo.is_some() {
            'M'
        } else if capture {
            'R'
        } else {
            'Y'
        };
        let cell = &mut colors[to.1][to.0];
        // A promotion mark wins over the others on the same square.
        if *cell != Some('M') {
            *cell = Some(color);
        }
    }
    Some(grid.color_fen(&colors))
}

/// The promotion choices for moving `from` to `to`, as FEN letters of the mover's colour
/// (empty if the move is not a promotion).
pub fn promotion_choices(pos: &AnyPosition, from: &str, to: &str) -> String {
    let (Some(f), Some(t)) = (parse_square(from), parse_square(to)) else {
        return String::new();
    };
    let white = pos.side_to_move() == oblique_engine::Color::White;
    let mut out = String::new();
    for m in pos.legal_moves_text() {
        if let Some((mf, mt, Some(p))) = split_move(&m) {
            if mf == f && mt == t {
                let c = if white {
                    p.to_ascii_uppercase()
                } else {
                    p.to_ascii_lowercase()
                };
                if !out.contains(c) {
                    out.push(c);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalize_fen_survives_long_digit_runs() {
        // Found by the protocol fuzzer: a 30-digit run overflowed the file count.
        let fen = "k999999999999999999999999999999K/8/8/8/8/8/8/K7 w Ha - 0 1";
        let _ = normalize_fen(fen);
        let fen = "k7/8/8/8/8/8/8/999999999999999999999999999999K w Ha - 0 1";
        let _ = normalize_fen(fen);
        let fen = "k7/8/8/8/8/8/8/99999999999999999999999999999pK w Ha - 0 1";
        let _ = normalize_fen(fen);
    }

    #[test]
    fn setup_strings() {
        let p = AnyPosition::new("minislanted", None).expect("start");
        assert_eq!(
            setup_command(&p).as_deref(),
            Some(
                "setup (PNBRQ................Kpnbrq................k) 8x6+0_fairy \
                 rnbqkbnr/pppppppp/2*2*2/2*2*2/PPPPPPPP/RNBQKBNR b KQkq - 0 1"
            )
        );
        let u = AnyPosition::new("sortofalmostultraslanted", None).expect("start");
        let s = setup_command(&u).expect("setup");
        assert!(s.starts_with("setup (PNBRQ...C...........UKpnbrq...c...........uk) 10x9+0_fairy "));
        assert!(setup_command(&AnyPosition::new("chess", None).expect("start")).is_none());
    }

    #[test]
    fn moves_and_squares() {
        assert_eq!(split_move("e7e8q"), Some(((4, 6), (4, 7), Some('q'))));
        assert_eq!(split_move("b8b9u"), Some(((1, 7), (1, 8), Some('u'))));
        assert_eq!(split_move("a10b9"), Some(((0, 9), (1, 8), None)));
        assert_eq!(split_move("e2"), None);
        assert_eq!(parse_square("a0"), None);
    }

    #[test]
    fn black_gets_the_definition_too() {
        use oblique_engine::variant::Symmetry::{Mirror, Rotate};
        // Makruk's khon, chess-like (mirrored) game: half a turn gives Black the same
        // forward step, so `&` is right.
        assert_eq!(for_both_colours("piece S FfW", Mirror), ["piece S& FfW"]);
        // A piece that names a side: Black's forward-right is White's forward-left mirrored.
        assert_eq!(
            for_both_colours("piece X frNlW", Mirror),
            ["piece X frNlW", "piece x flNrW"]
        );
        assert_eq!(for_both_colours("piece X frN", Rotate), ["piece X& frN"]);
        assert_eq!(
            for_both_colours("piece P& frmFfrcW", Rotate),
            ["piece P& frmFfrcW"]
        );
    }

    #[test]
    fn diagonal_pieces_in_xboard_order() {
        // Direction letters before the mode letter, one definition for both colours.
        assert_eq!(
            piece_commands("diagonal"),
            ["piece N& C", "piece P& frmFfrcW"]
        );
    }

    #[test]
    fn false_promotion_letter() {
        // diagonal.md: g7-h8 onto an empty h8 wins and promotes nothing.
        let p = AnyPosition::new("diagonal", Some("k7/6P1/8/8/8/8/8/7K w - - 0 1")).expect("FEN");
        assert_eq!(without_false_promotion(&p, "g7h8q"), "g7h8");
        assert_eq!(without_false_promotion(&p, "g7h8"), "g7h8");
        // A promotion keeps its letter; a wrong one (d8 allows only N) is left for the move
        // reader to refuse.
        let r = AnyPosition::new("diagonal", Some("k7/2P5/8/8/8/8/8/7K w - - 0 1")).expect("FEN");
        assert_eq!(without_false_promotion(&r, "c7d8n"), "c7d8n");
        assert_eq!(without_false_promotion(&r, "c7d8q"), "c7d8q");
        // Orthodox chess: moves are left as written.
        let c = AnyPosition::new("chess", Some("k7/4P3/8/8/8/8/8/K7 w - - 0 1")).expect("FEN");
        assert_eq!(without_false_promotion(&c, "e7e8q"), "e7e8q");
        assert_eq!(without_false_promotion(&c, "e2e4q"), "e2e4q");
    }

    #[test]
    fn white_first_in_a_black_first_game() {
        let p = AnyPosition::new("minislanted", None).expect("start");
        // A White pawn move at the start: XBoard's wrong belief, explained.
        let why = white_moved_first(&p, 0, "a2a3").expect("explained");
        assert!(why.contains("Black moves first in minislanted"), "{why}");
        // Garbage, a Black move, or a later move: nothing to explain.
        assert!(white_moved_first(&p, 0, "a2a6").is_none());
        assert!(white_moved_first(&p, 0, "a5b4").is_none());
        assert!(white_moved_first(&p, 1, "a2a3").is_none());
        let c = AnyPosition::new("chess", None).expect("start");
        assert!(white_moved_first(&c, 0, "e7e5").is_none());
    }

    #[test]
    fn castling_letters() {
        assert_eq!(
            normalize_fen(
                "urnbqkbnru/pppppppppp/10/3*2*3/3*2*3/3*2*3/10/PPPPPPPPPP/URNBQKBNRU b IBib - 0 1"
            ),
            "urnbqkbnru/pppppppppp/10/3*2*3/3*2*3/3*2*3/10/PPPPPPPPPP/URNBQKBNRU b KQkq - 0 1"
        );
        assert_eq!(normalize_fen("8/8 w KQ - 0 1"), "8/8 w KQ - 0 1");
    }

    #[test]
    fn highlight_start() {
        let p = AnyPosition::new("slanted", None).expect("start");
        // b2 Crab: b3, a3, c3, and the double step to b4 (bc4... grid b4) and a4.
        let h = highlight_for(&p, "b2").expect("2D");
        assert_eq!(h.split('/').count(), 8);
        assert!(h.contains('Y'));
        assert!(!h.contains('R'));
        assert_eq!(highlight_for(&p, "e8").as_deref(), Some("8/8/8/8/8/8/8/8"));
    }
}
