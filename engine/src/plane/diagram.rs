//! Text diagrams of 2D positions, drawn the way the rules draw the boards: escalator squares
//! lean towards the centre as they go down, holes are shown as barriers.

use crate::game::Game;
use crate::plane::position::Position;
use crate::plane::rules::RulesCache;
use oblique_tables::Bitboard;

const CELL: usize = 4;

/// The board with coordinates, side to move, FEN and legal-move count.
pub fn diagram<B: Bitboard + RulesCache>(p: &Position<B>) -> String {
    {
        let g = &p.rules().geom;
        let mut out = String::new();
        let width = g.files as usize * CELL + 2;
        let mut escalator_notes = Vec::new();
        for rank in (0..g.ranks as i32).rev() {
            let mut line = vec![' '; width];
            let mut leaning = Vec::new();
            for file in 0..g.files as i32 {
                let base = file as usize * CELL + 1;
                match g.at(file, rank) {
                    None => {
                        for c in line.iter_mut().skip(base).take(3) {
                            *c = '#';
                        }
                    }
                    Some(sq) => {
                        let cell = &g.cells[sq];
                        let shift = (cell.lean * CELL as f32).round() as i32;
                        let col = (base as i32 + 1 + shift).max(0) as usize;
                        let ch = p
                            .piece_at(sq)
                            .map(|pc| p.spec().fen_char(pc))
                            .unwrap_or('.');
                        if cell.lean != 0.0 {
                            let edge = if cell.lean > 0.0 { '\\' } else { '/' };
                            line[col - 1] = edge;
                            line[col] = ch;
                            line[col + 1] = edge;
                            leaning.push(cell.name.clone());
                        } else {
                            line[col] = ch;
                        }
                    }
                }
            }
            let text: String = line.into_iter().collect();
            out.push_str(&format!(
                "{:>2} |{}|\n",
                rank + 1,
                text.trim_end_matches(' ').to_string()
                    + &" ".repeat(width.saturating_sub(text.trim_end_matches(' ').len()))
            ));
            if !leaning.is_empty() {
                escalator_notes.push(format!("rank {}: {}", rank + 1, leaning.join(" ")));
            }
        }
        out.push_str("    ");
        for f in 0..g.files {
            out.push((b'a' + f) as char);
            out.push_str(&" ".repeat(CELL - 1));
        }
        out.push('\n');
        if !escalator_notes.is_empty() {
            out.push_str("escalator squares (\\ / lean as drawn; '#' = barrier):\n");
            for n in escalator_notes {
                out.push_str(&format!("  {n}\n"));
            }
        }
        out.push_str(&crate::game::status_lines(p, p.spec().title, "fen"));
        out
    }
}
