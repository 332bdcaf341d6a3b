//! Material odds: the start position of a game with one piece taken from one side, the
//! positions `study values` plays. Which piece of a kind is taken is fixed by a rule, so that
//! both colours lose the mirror piece and the study is reproducible:
//!
//! - a piece other than a pawn: the first of its kind met scanning the side's own ranks from
//!   its back rank forward, files from a (orthodox chess: the b-knight, the c-bishop, the
//!   a-rook, the queen);
//! - a pawn (the pawn-role piece, the Crab in the escalator games): the side's pawns ordered
//!   by file, then by distance from the side's back edge, and the one at 5/8 of that list
//!   taken (orthodox chess: the f-pawn, the classic pawn odds);
//! - a king: never; a side without a king is not a game (an error, not a study);
//! - a rook that could still castle takes its castling right with it (the wing is read from
//!   the rook's file against its king's);
//! - Star Trek chess (TFEN): the same rules over its level-qualified squares, and the piece's
//!   square leaves the list of unmoved pieces; except that pawn odds take a main-level pawn:
//!   of the side's pawns standing on a main board (an even level), the one whose file is
//!   nearest its king's, then nearest its back edge, then from file a. At the start
//!   (shared/rules/startrek.md §4) White's king stands on e0(1) on the kingside attack board,
//!   its main-level pawns on b2(2)..e2(2), so the pawn taken is e2(2), the one in front of the
//!   king's position on the main level, as the f-pawn is the king's-wing pawn of orthodox
//!   chess; Black loses the point-reflected e7(6). The general rule would take the
//!   attack-board pawn e1(1), whose loss costs no measurable score at depth 2
//!   (docs/studies.md): attack-board pawns stand off the main boards where play happens.
//!   With no main-level pawn left the general rule applies.
//!
//! Every result is checked by the game's own position parser: a removal the rules refuse is
//! an error saying why.

use crate::study::error::StudyError;
use oblique_engine::{AnyPosition, Color};

/// The piece letters (lower case) of a game's start position, kings and pawns excluded, in
/// the order they first appear on White's side.
pub fn piece_letters(variant: &str) -> Result<Vec<char>, StudyError> {
    let start = AnyPosition::new(variant, None)?;
    let mut cells = cells_of(&start)?;
    cells.sort_by_key(|c| (c.rank, c.file));
    let mut out = Vec::new();
    for c in cells {
        let l = c.letter.to_ascii_lowercase();
        if c.letter.is_ascii_uppercase() && l != 'k' && l != 'p' && !out.contains(&l) {
            out.push(l);
        }
    }
    Ok(out)
}

/// One piece on the board as the position string places it.
#[derive(Clone, Debug)]
struct Cell {
    letter: char,
    file: usize,
    /// 0 is White's back rank.
    rank: usize,
    /// Star Trek chess's level (1..7, main boards even); `None` in a 2D game.
    level: Option<usize>,
    /// Where it is in the position string: 2D (FEN rank from the top, cell in the rank), or
    /// the TFEN entry's index.
    at: (usize, usize),
}

/// A 2D FEN's board field as rows of cells, top rank first: `Some(letter)`, `None` empty,
/// `Some('*')` a hole.
fn fen_rows(board: &str) -> Vec<Vec<Option<char>>> {
    board
        .split('/')
        .map(|rank| {
            let mut row = Vec::new();
            let mut n = 0usize;
            for ch in rank.chars() {
                if let Some(d) = ch.to_digit(10) {
                    n = n * 10 + d as usize;
                } else {
                    row.extend(std::iter::repeat_n(None, n));
                    n = 0;
                    row.push(Some(ch));
                }
            }
            row.extend(std::iter::repeat_n(None, n));
            row
        })
        .collect()
}

fn fen_board(rows: &[Vec<Option<char>>]) -> String {
    rows.iter()
        .map(|row| {
            let mut s = String::new();
            let mut n = 0;
            for c in row {
                match c {
                    None => n += 1,
                    Some(ch) => {
                        if n > 0 {
                            s.push_str(&n.to_string());
                            n = 0;
                        }
                        s.push(*ch);
                    }
                }
            }
            if n > 0 {
                s.push_str(&n.to_string());
            }
            s
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// A TFEN piece entry `Nb1(2)`: letter, file, rank, level.
fn tfen_entry(e: &str) -> Option<(char, usize, usize, usize)> {
    let mut chars = e.chars();
    let letter = chars.next()?;
    let file = chars.next()?;
    let (rank, level) = chars.as_str().split_once('(')?;
    let level = level.strip_suffix(')')?;
    Some((
        letter,
        (file as u8).checked_sub(b'a')? as usize,
        rank.parse().ok()?,
        level.parse().ok()?,
    ))
}

/// The squares of a position's pieces, named as moves name them (`e2`; `b1(2)` in Star Trek
/// chess), with the pieces' FEN letters.
pub fn occupied(pos: &AnyPosition) -> Vec<(String, char)> {
    let fen = pos.to_fen();
    let board = fen.split(' ').next().unwrap_or_default();
    if matches!(pos, AnyPosition::StarTrek(_)) {
        board
            .split(',')
            .filter(|e| e.len() > 1)
            .filter_map(|e| Some((e.get(1..)?.to_string(), e.chars().next()?)))
            .collect()
    } else {
        cells_of(pos)
            .unwrap_or_default()
            .into_iter()
            .map(|c| {
                let sq = format!("{}{}", (b'a' + c.file as u8) as char, c.rank + 1);
                (sq, c.letter)
            })
            .collect()
    }
}

fn cells_of(pos: &AnyPosition) -> Result<Vec<Cell>, StudyError> {
    let fen = pos.to_fen();
    let board = fen.split(' ').next().unwrap_or_default();
    let mut out = Vec::new();
    if matches!(pos, AnyPosition::StarTrek(_)) {
        for (i, e) in board.split(',').enumerate() {
            if let Some((letter, file, rank, level)) = tfen_entry(e) {
                out.push(Cell {
                    letter,
                    file,
                    rank,
                    level: Some(level),
                    at: (i, 0),
                });
            }
        }
    } else {
        let rows = fen_rows(board);
        let n = rows.len();
        for (r, row) in rows.iter().enumerate() {
            for (f, c) in row.iter().enumerate() {
                if let Some(ch) = c.filter(|ch| ch.is_ascii_alphabetic()) {
                    out.push(Cell {
                        letter: ch,
                        file: f,
                        rank: n - 1 - r,
                        level: None,
                        at: (r, f),
                    });
                }
            }
        }
    }
    Ok(out)
}

/// The start position of `variant` with one `letter` (any case) taken from `side`, and a
/// description of the piece taken (`the knight on b1`).
pub fn remove_piece(
    variant: &str,
    letter: char,
    side: Color,
) -> Result<(String, String), StudyError> {
    remove_from(variant, None, letter, side)
}

/// The start position with `give` taken from `side` and `take` from the other side (a
/// trade of unequal pieces, e.g. a rook for a bishop), and the descriptions of both.
pub fn trade(
    variant: &str,
    give: char,
    take: char,
    side: Color,
) -> Result<(String, String), StudyError> {
    let (fen, a) = remove_from(variant, None, give, side)?;
    let (fen, b) = remove_from(variant, Some(&fen), take, side.other())?;
    Ok((fen, format!("{a} for {b}")))
}

/// Like `remove_piece`, from `fen` (or the start).
fn remove_from(
    variant: &str,
    fen: Option<&str>,
    letter: char,
    side: Color,
) -> Result<(String, String), StudyError> {
    let start = AnyPosition::new(variant, fen)?;
    let game = start.variant_name().to_string();
    let l = letter.to_ascii_lowercase();
    if l == 'k' {
        return Err(StudyError::KingRemoval(letter));
    }
    let own =
        |c: char| c.to_ascii_lowercase() == l && (c.is_ascii_uppercase() == (side == Color::White));
    let cells = cells_of(&start)?;
    let top = cells.iter().map(|c| c.rank).max().unwrap_or(0);
    // Distance from the side's own back edge.
    let depth = |c: &Cell| match side {
        Color::White => c.rank,
        Color::Black => top - c.rank,
    };
    let mut mine: Vec<&Cell> = cells.iter().filter(|c| own(c.letter)).collect();
    if mine.is_empty() {
        let known: Vec<String> = std::iter::once('p')
            .chain(piece_letters(&game)?)
            .map(|c| c.to_ascii_uppercase().to_string())
            .collect();
        return Err(StudyError::UnknownPiece {
            game,
            letter: letter.to_string(),
            known: known.join(", "),
        });
    }
    let main_level = |c: &&Cell| c.level.is_some_and(|lv| lv % 2 == 0);
    let king_file = cells
        .iter()
        .find(|c| c.letter.eq_ignore_ascii_case(&'k') && own_colour(c.letter, side))
        .map(|c| c.file);
    // Star Trek chess with a main-level pawn left: the one nearest the king's file (see the top).
    let star_trek_pawn = if l == 'p' && mine.iter().any(main_level) {
        king_file
    } else {
        None
    };
    let taken = if let Some(kf) = star_trek_pawn {
        mine.retain(main_level);
        mine.sort_by_key(|c| (c.file.abs_diff(kf), depth(c), c.file));
        mine[0]
    } else if l == 'p' {
        mine.sort_by_key(|c| (c.file, depth(c)));
        mine[mine.len() * 5 / 8]
    } else {
        mine.sort_by_key(|c| (depth(c), c.file));
        mine[0]
    }
    .clone();
    let fen = start.to_fen();
    let mut fields: Vec<String> = fen.split(' ').map(str::to_string).collect();
    let square;
    if matches!(start, AnyPosition::StarTrek(_)) {
        let mut entries: Vec<String> = fields[0].split(',').map(str::to_string).collect();
        let entry = entries.remove(taken.at.0);
        // `Nb1(2)` stands on `b1(2)`: that square leaves the unmoved list (field 4).
        square = entry[1..].to_string();
        fields[0] = entries.join(",");
        if let Some(unmoved) = fields.get_mut(3) {
            let rest: Vec<&str> = unmoved.split(',').filter(|s| *s != square).collect();
            *unmoved = if rest.is_empty() {
                "-".to_string()
            } else {
                rest.join(",")
            };
        }
    } else {
        let mut rows = fen_rows(&fields[0]);
        rows[taken.at.0][taken.at.1] = None;
        fields[0] = fen_board(&rows);
        square = format!("{}{}", (b'a' + taken.file as u8) as char, taken.rank + 1);
        if l == 'r' {
            let king = cells
                .iter()
                .find(|c| c.letter.eq_ignore_ascii_case(&'k') && own_colour(c.letter, side));
            if let (Some(k), Some(castling)) = (king, fields.get_mut(2)) {
                let wing = if taken.file < k.file { 'q' } else { 'k' };
                let wing = if side == Color::White {
                    wing.to_ascii_uppercase()
                } else {
                    wing
                };
                let rest: String = castling.chars().filter(|&c| c != wing).collect();
                *castling = if rest.is_empty() || rest == "-" {
                    "-".to_string()
                } else {
                    rest
                };
            }
        }
    }
    let text = fields.join(" ");
    let pos = AnyPosition::new(&game, Some(&text)).map_err(|e| StudyError::BadRemoval {
        game: game.clone(),
        letter,
        why: e.to_string(),
    })?;
    Ok((pos.to_fen(), format!("{} on {square}", taken.letter)))
}

/// Whether a FEN letter is `side`'s.
fn own_colour(letter: char, side: Color) -> bool {
    letter.is_ascii_uppercase() == (side == Color::White)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orthodox_odds_are_the_classic_ones() {
        // Pawn odds are traditionally the f-pawn; knight odds the b-knight (queenside).
        let (fen, what) = remove_piece("chess", 'p', Color::White).unwrap();
        assert_eq!(
            fen,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPP1PP/RNBQKBNR w KQkq - 0 1"
        );
        assert_eq!(what, "P on f2");
        let (fen, _) = remove_piece("chess", 'p', Color::Black).unwrap();
        assert!(fen.starts_with("rnbqkbnr/ppppp1pp/8/"));
        let (fen, what) = remove_piece("chess", 'N', Color::Black).unwrap();
        assert_eq!(
            fen,
            "r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
        assert_eq!(what, "n on b8");
        // The a-rook takes the queenside castling right with it.
        let (fen, _) = remove_piece("chess", 'r', Color::White).unwrap();
        assert_eq!(
            fen,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w Kkq - 0 1"
        );
    }

    #[test]
    fn bad_removals_are_errors() {
        assert!(matches!(
            remove_piece("chess", 'k', Color::White),
            Err(StudyError::KingRemoval('k'))
        ));
        let e = remove_piece("chess", 'u', Color::White).unwrap_err();
        assert_eq!(
            e.to_string(),
            "chess has no piece 'u' (its pieces: P, R, N, B, Q)"
        );
        assert!(remove_piece("nosuchgame", 'n', Color::White).is_err());
    }

    #[test]
    fn escalator_holes_and_ultras_survive() {
        let (fen, _) = remove_piece("minislanted", 'b', Color::White).unwrap();
        assert_eq!(
            fen,
            "rnbqkbnr/pppppppp/2*2*2/2*2*2/PPPPPPPP/RN1QKBNR b KQkq - 0 1"
        );
        assert_eq!(
            piece_letters("ultraslanted").unwrap(),
            ['u', 'r', 'n', 'b', 'q']
        );
    }

    #[test]
    fn trades_take_one_piece_from_each_side() {
        // White gives the a-rook, Black the c-bishop.
        let (fen, what) = trade("chess", 'r', 'b', Color::White).unwrap();
        assert_eq!(
            fen,
            "rn1qkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w Kkq - 0 1"
        );
        assert_eq!(what, "R on a1 for b on c8");
        let (tfen, what) = trade("startrek", 'r', 'b', Color::Black).unwrap();
        assert_eq!(what, "r on a9(7) for B on c1(2)");
        assert!(!tfen.contains("ra9(7)") && !tfen.contains("Bc1(2)"));
    }

    #[test]
    fn star_trek_odds() {
        let (tfen, what) = remove_piece("startrek", 'b', Color::White).unwrap();
        assert_eq!(what, "B on c1(2)");
        assert!(!tfen.contains("Bc1(2)") && tfen.contains("Bd1(2)"));
        let (tfen, what) = remove_piece("startrek", 'b', Color::Black).unwrap();
        assert_eq!(what, "b on c8(6)");
        assert!(!tfen.contains("bc8(6)"));
        let (tfen, _) = remove_piece("startrek", 'r', Color::White).unwrap();
        // The a-rook, and its square leaves the unmoved list.
        assert!(!tfen.contains("Ra0(1)"));
        let unmoved = tfen.split(' ').nth(3).unwrap();
        assert!(!unmoved.split(',').any(|s| s == "a0(1)"), "{unmoved}");
    }

    #[test]
    fn star_trek_pawn_odds_take_the_main_level_pawn_before_the_king() {
        // shared/rules/startrek.md §4: White's king on e0(1), its main-level pawns on
        // b2(2), c2(2), d2(2), e2(2); the one on the king's file is e2(2). Black's are the
        // point reflection (rank r -> 9 - r, level l -> 8 - l): king e9(7), pawn e7(6).
        let (tfen, what) = remove_piece("startrek", 'p', Color::White).unwrap();
        assert_eq!(what, "P on e2(2)");
        let board = tfen.split(' ').next().unwrap();
        let entries: Vec<&str> = board.split(',').collect();
        assert!(!entries.contains(&"Pe2(2)"), "{tfen}");
        // The attack-board pawns and the other main-level pawns stay.
        for kept in [
            "Pa1(1)", "Pb1(1)", "Pe1(1)", "Pf1(1)", "Pb2(2)", "Pc2(2)", "Pd2(2)",
        ] {
            assert!(entries.contains(&kept), "{kept} missing from {tfen}");
        }
        let unmoved = tfen.split(' ').nth(3).unwrap();
        assert!(!unmoved.split(',').any(|s| s == "e2(2)"), "{unmoved}");
        let (tfen, what) = remove_piece("startrek", 'P', Color::Black).unwrap();
        assert_eq!(what, "p on e7(6)");
        let entries: Vec<&str> = tfen.split(' ').next().unwrap().split(',').collect();
        assert!(!entries.contains(&"pe7(6)") && entries.contains(&"pd7(6)"));
        assert!(entries.contains(&"pe8(7)") && entries.contains(&"Pe2(2)"));
    }
}
