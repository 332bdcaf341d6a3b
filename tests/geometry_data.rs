//! The geometry the engine uses is the geometry the rules give: the embedded JSON is the
//! shared file byte for byte, and the tables printed in escalator.md section 5 say the same.

use oblique_tables::escalator::{EscalatorBoard, BOARDS_JSON};
use oblique_tables::{Dir, Geometry};
use std::collections::BTreeSet;
use std::path::PathBuf;

fn shared_rules() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/rules")
}

#[test]
fn embedded_board_data_matches_the_shared_rules_file() {
    let path = shared_rules().join("escalator_boards.json");
    let shared = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    assert_eq!(
        shared, BOARDS_JSON,
        "tables/data/escalator_boards.json differs from the shared rules"
    );
}

/// Parses the markdown tables of escalator.md section 5 into (board, table kind) -> rows.
fn markdown_tables() -> Vec<(String, String, Vec<Vec<String>>)> {
    let text = std::fs::read_to_string(shared_rules().join("escalator.md")).expect("escalator.md");
    let section = text
        .split("## 5. Geometry tables")
        .nth(1)
        .expect("section 5 present");
    let mut out = Vec::new();
    let mut current: Option<(String, String, Vec<Vec<String>>)> = None;
    for line in section.lines() {
        if let Some(h) = line.strip_prefix("#### ") {
            if let Some(t) = current.take() {
                out.push(t);
            }
            let (board, kind) = h.split_once(':').expect("heading 'BOARD: kind'");
            current = Some((
                board.trim().to_string(),
                kind.trim().to_string(),
                Vec::new(),
            ));
        } else if line.starts_with('|') {
            let cells: Vec<String> = line
                .trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_string())
                .collect();
            if cells[0] == "square" || cells[0].starts_with("---") {
                continue;
            }
            if let Some(t) = current.as_mut() {
                t.2.push(cells);
            }
        }
    }
    if let Some(t) = current.take() {
        out.push(t);
    }
    out
}

fn board(key: &str) -> Geometry {
    match key {
        "SEC" => EscalatorBoard::Sec,
        "MSEC" => EscalatorBoard::Msec,
        "USEC" => EscalatorBoard::Usec,
        other => panic!("unknown board {other}"),
    }
    .geometry()
    .expect("board builds")
}

fn names(g: &Geometry, cells: impl IntoIterator<Item = usize>) -> BTreeSet<String> {
    cells.into_iter().map(|c| g.cells[c].name.clone()).collect()
}

#[test]
fn rules_text_tables_match_the_engine_geometry() {
    let tables = markdown_tables();
    assert_eq!(tables.len(), 7, "expected 7 tables in section 5");
    let mut checked = 0;
    for (key, kind, rows) in tables {
        let g = board(&key);
        for row in rows {
            let sq = g
                .cell(&row[0])
                .unwrap_or_else(|| panic!("{key}: {}", row[0]));
            if kind.starts_with("adjacency") {
                let dirs = [
                    Dir::N,
                    Dir::NE,
                    Dir::E,
                    Dir::SE,
                    Dir::S,
                    Dir::SW,
                    Dir::W,
                    Dir::NW,
                ];
                for (i, d) in dirs.iter().enumerate() {
                    let want: BTreeSet<String> = if row[i + 1] == "-" {
                        BTreeSet::new()
                    } else {
                        row[i + 1].split('/').map(str::to_string).collect()
                    };
                    let got = names(&g, g.neighbours(sq, *d).iter().map(|&c| c as usize));
                    assert_eq!(got, want, "{key} {} {}", row[0], d.name());
                }
            } else {
                let table_name = if kind.starts_with("knight") {
                    "knight"
                } else {
                    "ultra"
                };
                let want: BTreeSet<String> =
                    row[1].split_whitespace().map(str::to_string).collect();
                let got = names(
                    &g,
                    g.named_leaper(table_name).expect("table")[sq]
                        .iter()
                        .map(|&c| c as usize),
                );
                assert_eq!(got, want, "{key} {table_name} {}", row[0]);
            }
            checked += 1;
        }
    }
    assert!(checked > 300, "only {checked} rows checked");
}
