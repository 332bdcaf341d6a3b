//! `[board]` read: the grid with its holes or one of the rules' escalator boards, with the
//! limits on its size.

use super::{leak, Fail, MAX_CELLS, MAX_SIDE};
use crate::plane::variant::{BoardShape, Width};
use oblique_gamefile::{GameFile, GameFileError};
use oblique_tables::escalator::EscalatorBoard;
use oblique_tables::geometry::parse_grid_name;

/// The board's shape and the bitboard width its cells need.
pub(super) fn shape(file: &GameFile, fail: Fail) -> Result<(BoardShape, Width), GameFileError> {
    let b = &file.board;
    if b.files == 0 || b.files > MAX_SIDE || b.ranks == 0 || b.ranks > MAX_SIDE {
        return Err(fail(
            "files",
            format!(
                "a board of {}x{}: files and ranks must be 1..{MAX_SIDE}",
                b.files, b.ranks
            ),
        ));
    }
    let mut holes = Vec::new();
    for h in &b.holes {
        match parse_grid_name(h) {
            Some((f, r)) if f < b.files && r < b.ranks => {
                if holes.contains(&(f, r)) {
                    return Err(fail(h, format!("hole {h} is listed twice")));
                }
                holes.push((f, r))
            }
            _ => return Err(fail(h, format!("hole '{h}' is not a square of the board"))),
        }
    }
    let cells = b.files as usize * b.ranks as usize - holes.len();
    if cells > MAX_CELLS {
        return Err(fail(
            "[board]",
            format!("the board has {cells} cells; the engine holds at most {MAX_CELLS}"),
        ));
    }
    let board = match b.escalator.as_deref() {
        None => BoardShape::Grid {
            files: b.files,
            ranks: b.ranks,
            holes: leak(holes.clone()),
        },
        Some(key) => {
            let board = [
                EscalatorBoard::Sec,
                EscalatorBoard::Msec,
                EscalatorBoard::Usec,
            ]
            .into_iter()
            .find(|e| e.key() == key)
            .ok_or_else(|| {
                fail(
                    key,
                    format!("escalator board '{key}': use SEC, MSEC or USEC"),
                )
            })?;
            let mut want: Vec<(u8, u8)> = board
                .holes()
                .iter()
                .filter_map(|h| parse_grid_name(h))
                .collect();
            want.sort_unstable();
            let mut given = holes.clone();
            given.sort_unstable();
            if board.files() != b.files || want != given {
                return Err(fail(
                    key,
                    format!(
                        "the {key} board has {} files and holes {}: the file must say so",
                        board.files(),
                        board.holes().join(" ")
                    ),
                ));
            }
            BoardShape::Escalator(board)
        }
    };
    let width = if cells <= 64 { Width::W64 } else { Width::W128 };
    Ok((board, width))
}
