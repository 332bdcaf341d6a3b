//! Text drawing of a Star Trek position: the seven levels from the top (Black's end) down,
//! each as a grid of files a–f and the ranks that level can have, so a person can follow a
//! game in a terminal. Existing empty squares are `.`, pieces their TFEN letters; squares of
//! pins without a board are left blank, so only the surfaces that exist are drawn. Each
//! attack board is labelled with its pin and owner beside its upper row.

use super::geometry::{geometry, FILES, LEVELS, RANKS};
use super::StarTrekPosition;
use crate::game::Game;

impl StarTrekPosition {
    pub fn diagram(&self) -> String {
        let g = geometry();
        let mut out = String::new();
        out.push_str("Star Trek chess, upper levels first (White plays up from rank 0, level 1)\n");
        for level in (1..=LEVELS).rev() {
            let title = match level {
                2 => "White's main board".to_string(),
                4 => "neutral main board".to_string(),
                6 => "Black's main board".to_string(),
                _ => {
                    let boards: Vec<String> = (0..g.pins.len())
                        .filter(|&p| g.pins[p].attach.2 == level)
                        .filter_map(|p| {
                            self.pin_owner(p)
                                .map(|o| format!("{} ({})", g.pins[p].name, o.name()))
                        })
                        .collect();
                    if boards.is_empty() {
                        "attack boards: none".to_string()
                    } else {
                        format!("attack boards: {}", boards.join(", "))
                    }
                }
            };
            out.push_str(&format!("level {level}: {title}\n"));
            let mut rows = Vec::new();
            for rank in (0..RANKS).rev() {
                let mut line = String::new();
                let mut any = false;
                for file in 0..FILES {
                    let ch = match g.cell(file, rank, level) {
                        Some(c) if self.exists(c) => {
                            any = true;
                            self.piece_at(c).map_or('.', |p| p.fen_char())
                        }
                        _ => ' ',
                    };
                    line.push(' ');
                    line.push(ch);
                }
                if any {
                    // Label each attack board beside its upper row: pin and owner.
                    let labels: Vec<String> = (0..g.pins.len())
                        .filter(|&p| {
                            let pin = &g.pins[p];
                            pin.attach.2 == level
                                && g.coord[pin.cells[3] as usize].1 == rank
                                && self.pin_occupied(p)
                        })
                        .filter_map(|p| {
                            self.pin_owner(p)
                                .map(|o| format!("[{} {}]", g.pins[p].name, o.name()))
                        })
                        .collect();
                    let row = format!("  {rank} {line}");
                    if labels.is_empty() {
                        rows.push(row.trim_end().to_string());
                    } else {
                        rows.push(format!("{row}   {}", labels.join(" ")));
                    }
                }
            }
            if !rows.is_empty() {
                out.push_str("     a b c d e f\n");
                for r in rows {
                    out.push_str(&r);
                    out.push('\n');
                }
            }
        }
        out.push_str(&crate::game::status_lines(self, super::TITLE, "tfen"));
        out
    }
}
