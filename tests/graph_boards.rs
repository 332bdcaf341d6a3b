//! Boards given cell by cell (`[[board.cell]]`, docs/game-files.md): the shipped example
//! `variants/forked-escalators.toml` against the numbers of the independent Python reference
//! `tools/graph_perft.py` (which also runs here, on the cases it finishes in seconds), moves
//! worked out by hand on it (a ray splitting around the hole, a diagonal bridging it, knights
//! barred by a barrier but not by the hole), orthodox chess written as a graph file (built
//! here) against the published perft, with its knight also given as a leap table, leap
//! tables no grid arithmetic gives worked out by hand, and every fault of a graph board
//! refused with its line.

#[path = "common/tools.rs"]
mod tools;

use oblique_engine::AnyPosition;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

const EXAMPLE: &str = "variants/forked-escalators.toml";
const SOURCE: &str = "tools/graph_perft.py (independent Python reference)";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn scratch(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("oblique-graph-boards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch dir");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write scratch file");
    path
}

/// Registers the example once (the registry refuses a second game of the same name).
fn example() -> &'static str {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        oblique_engine::registry::register_file(&root().join(EXAMPLE).to_string_lossy())
            .expect("the example loads");
    });
    "forked-escalators"
}

fn example_game() -> oblique_gamefile::GameFile {
    let text = std::fs::read_to_string(root().join(EXAMPLE)).expect("example file");
    oblique_gamefile::toml_reader::parse(EXAMPLE, &text).expect("example reads")
}

fn moves_from(game: &str, fen: &str, from: &str) -> BTreeSet<String> {
    AnyPosition::new(game, Some(fen))
        .expect("position")
        .legal_moves_text()
        .into_iter()
        .filter(|m| {
            m.starts_with(from) && !m[from.len()..].starts_with(|c: char| c.is_ascii_digit())
        })
        .map(|m| m[from.len()..].to_string())
        .collect()
}

fn set(v: &[&str]) -> BTreeSet<String> {
    v.iter().map(|s| s.to_string()).collect()
}

#[test]
fn the_example_matches_its_independent_reference_numbers() {
    let game = example_game();
    assert!(game.perft.len() >= 3, "start, a middle game and an ending");
    let name = example();
    for e in &game.perft {
        assert_eq!(
            e.source.as_deref(),
            Some(SOURCE),
            "every number is the reference's"
        );
        let mut pos = AnyPosition::new(name, e.fen.as_deref()).expect("position");
        assert_eq!(
            pos.perft(e.depth),
            e.nodes,
            "perft {} from {}",
            e.depth,
            e.fen.as_deref().unwrap_or("the start")
        );
    }
    let out = Command::new(env!("CARGO_BIN_EXE_oblique"))
        .env_remove("OBLIQUE_NET")
        .current_dir(root())
        .args(["check", EXAMPLE])
        .output()
        .expect("run oblique check");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("78 cells, graph given cell by cell: 1 holes, 2 barriers, 12 forked"),
        "{text}"
    );
}

/// The reference itself on the example: the file's cases that take it seconds (the deeper
/// ones are the same code, run when the numbers were written).
#[test]
fn the_python_reference_reproduces_the_files_small_cases() {
    let Some(python) = tools::require_python(&["tomllib"], "python3 3.11+ (for tomllib)") else {
        return;
    };
    let game = example_game();
    let start = game.game.start.clone();
    let mut ran = 0;
    for e in game.perft.iter().filter(|e| e.nodes <= 20_000) {
        let fen = e.fen.clone().unwrap_or_else(|| start.clone());
        let out = Command::new(&python)
            .current_dir(root())
            .args([
                "tools/graph_perft.py",
                EXAMPLE,
                "--fen",
                &fen,
                &e.depth.to_string(),
            ])
            .output()
            .expect("run tools/graph_perft.py");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{text}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            text.trim(),
            format!("{} {}", e.depth, e.nodes),
            "reference on {fen}"
        );
        ran += 1;
    }
    assert!(
        ran >= 2,
        "the file has small cases for the reference to run"
    );
}

/// Hand-worked on the example's board (its header comment describes it).
#[test]
fn rays_split_around_the_hole_and_bridge_it() {
    let game = example();
    // A rook on e2: north e3 e4, where the ray splits to d6 and f6 and goes on up both files;
    // south e1; east and west along rank 2.
    let fen = "8k/9/9/9/2*1*1*2/9/9/4R4/K8 w - - 0 1";
    assert_eq!(
        moves_from(game, fen, "e2"),
        set(&[
            "e3", "e4", "d6", "d7", "d8", "d9", "f6", "f7", "f8", "f9", "e1", "f2", "g2", "h2",
            "i2", "d2", "c2", "b2", "a2"
        ])
    );
    // A blocker on d7 stops that branch only; the other goes on.
    let fen = "8k/9/3p5/9/2*1*1*2/9/9/4R4/K8 w - - 0 1";
    let north: BTreeSet<String> = moves_from(game, fen, "e2")
        .into_iter()
        .filter(|m| !m.ends_with('2') && m != "e1")
        .collect();
    assert_eq!(
        north,
        set(&["e3", "e4", "d6", "d7", "f6", "f7", "f8", "f9"])
    );
    // A rook on a5 going east stops before the barrier c5; one on d5 goes east to f4 and f6
    // (and on along ranks 4 and 6), west to nothing (c5 is a barrier).
    let fen = "8k/9/9/9/R1*R*1*2/9/9/9/K8 w - - 0 1";
    assert_eq!(
        moves_from(game, fen, "a5"),
        set(&["b5", "a6", "a7", "a8", "a9", "a4", "a3", "a2"])
    );
    assert_eq!(
        moves_from(game, fen, "d5"),
        set(&[
            "d6", "d7", "d8", "d9", "d4", "d3", "d2", "d1", "f4", "g4", "h4", "i4", "f6", "g6",
            "h6", "i6"
        ])
    );
    // A bishop on c3 going north-east: d4, then across the hole to f6, g7, h8, i9.
    let fen = "k8/9/9/9/2*1*1*2/9/2B6/9/K8 w - - 0 1";
    let ne: BTreeSet<String> = moves_from(game, fen, "c3")
        .into_iter()
        .filter(|m| m.as_bytes()[0] > b'c' && m.as_bytes()[1] > b'3')
        .collect();
    assert_eq!(ne, set(&["d4", "f6", "g7", "h8", "i9"]));
    // A white pawn on e4 steps to d6 or f6 (its north neighbours; f6 is taken); on d4 it
    // steps to d5 or e6 (e6's south fork comes back as d4's north) and captures on f6 across
    // the bridge.
    let fen = "8k/9/9/5p3/2*1*1*2/3PP4/9/9/K8 w - - 0 1";
    assert_eq!(moves_from(game, fen, "e4"), set(&["d6"]));
    assert_eq!(moves_from(game, fen, "d4"), set(&["d5", "e6", "f6"]));
}

#[test]
fn knights_leap_the_hole_but_not_the_barriers() {
    let game = example();
    // b4: c6 (over b5, c5) and d5 (over c4, c5) cross the barrier c5; a2 c2 d3 a6 do not.
    let fen = "6k2/9/9/9/2*1*1*2/1N7/9/9/4K4 w - - 0 1";
    assert_eq!(moves_from(game, fen, "b4"), set(&["a2", "c2", "d3", "a6"]));
    // d4: over the hole e5 to e6 and f5 is allowed; c6 (over c5, d5) and b5 (over c4, c5)
    // cross the barrier.
    let fen = "6k2/9/9/9/2*1*1*2/3N5/9/9/4K4 w - - 0 1";
    assert_eq!(
        moves_from(game, fen, "d4"),
        set(&["e6", "f5", "f3", "e2", "c2", "b3"])
    );
}

/// The eight neighbour lists of a plain `files` x `ranks` grid written out cell by cell;
/// `half`: only N, NE, E and SE (the reader adds the way back).
fn grid_cells(files: u8, ranks: u8, half: bool) -> String {
    let name = |f: i32, r: i32| format!("{}{}", (b'a' + f as u8) as char, r + 1);
    let dirs: &[(&str, (i32, i32))] = &[
        ("n", (0, 1)),
        ("ne", (1, 1)),
        ("e", (1, 0)),
        ("se", (1, -1)),
        ("s", (0, -1)),
        ("sw", (-1, -1)),
        ("w", (-1, 0)),
        ("nw", (-1, 1)),
    ];
    let mut out = String::new();
    for r in 0..ranks as i32 {
        for f in 0..files as i32 {
            out.push_str(&format!("[[board.cell]]\nslot = \"{}\"\n", name(f, r)));
            for &(key, (df, dr)) in dirs.iter().take(if half { 4 } else { 8 }) {
                let (g, s) = (f + df, r + dr);
                if (0..files as i32).contains(&g) && (0..ranks as i32).contains(&s) {
                    out.push_str(&format!("{key} = [\"{}\"]\n", name(g, s)));
                }
            }
        }
    }
    out
}

const CHESS_PIECES: &str = r#"
[pawn]
letter = "p"
betza = "fmWfcF"
double_step_ranks = [2]

[[piece]]
letter = "n"
name = "knight"
betza = "N"

[[piece]]
letter = "b"
name = "bishop"
betza = "B"

[[piece]]
letter = "r"
name = "rook"
betza = "R"

[[piece]]
letter = "q"
name = "queen"
betza = "Q"

[[piece]]
letter = "k"
name = "king"
betza = "K"
royal = true

[promotion]
pieces = "qrbn"

[castling]
king = "e1"
kingside = { king_to = "g1", rook_from = "h1", rook_to = "f1" }
queenside = { king_to = "c1", rook_from = "a1", rook_to = "d1" }
"#;

/// Orthodox chess as a graph file: perft 4 = 197,281 and, from the published "Kiwipete"
/// position (castling, en passant, promotion), perft 3 = 97,862 (both from the chess
/// programming literature's perft tables, not from Oblique).
#[test]
fn chess_written_cell_by_cell_plays_chess() {
    for half in [false, true] {
        let name = if half {
            "graph-chess-half"
        } else {
            "graph-chess-full"
        };
        let text = format!(
            "[game]\nname = \"{name}\"\nstart = \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"\n\
             [board]\nfiles = 8\nranks = 8\n{}{CHESS_PIECES}",
            grid_cells(8, 8, half)
        );
        let path = scratch(&format!("{name}.toml"), &text);
        oblique_engine::registry::register_file(&path.to_string_lossy()).expect("file loads");
        let mut pos = AnyPosition::new(name, None).expect("start");
        assert_eq!(pos.perft(4), 197_281, "{name}");
        let mut kiwi = AnyPosition::new(
            name,
            Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        )
        .expect("kiwipete");
        assert_eq!(kiwi.perft(3), 97_862, "{name}");
    }
}

/// `grid_cells` with one more line per cell, `leaps = { TABLE = [...] }`, from `leaps(file,
/// rank)` (cells listed without their own leaps get none).
fn with_leaps(cells: &str, table: &str, leaps: impl Fn(i32, i32) -> Vec<String>) -> String {
    let mut out = String::new();
    for line in cells.lines() {
        out.push_str(line);
        out.push('\n');
        if let Some(slot) = line
            .strip_prefix("slot = \"")
            .and_then(|l| l.strip_suffix('"'))
        {
            let (f, r) = (
                i32::from(slot.as_bytes()[0] - b'a'),
                slot[1..].parse::<i32>().expect("rank") - 1,
            );
            let list: Vec<String> = leaps(f, r).iter().map(|c| format!("\"{c}\"")).collect();
            if !list.is_empty() {
                out.push_str(&format!("leaps = {{ {table} = [{}] }}\n", list.join(", ")));
            }
        }
    }
    out
}

/// Orthodox chess on a graph board whose knight is not Betza's `N` but a leap table the
/// file lists cell by cell (`leaps = { jump = [...] }`, `table = "jump"`), each cell giving
/// only its leaps towards Black (the reader adds the way back): the same published perft
/// as chess, 197,281 at depth 4 and Kiwipete's 97,862 at depth 3.
#[test]
fn a_knight_given_as_a_leap_table_plays_chess() {
    let name = |f: i32, r: i32| format!("{}{}", (b'a' + f as u8) as char, r + 1);
    let forward_leaps = |f: i32, r: i32| -> Vec<String> {
        [(-2, 1), (-1, 2), (1, 2), (2, 1)]
            .iter()
            .map(|&(df, dr)| (f + df, r + dr))
            .filter(|&(g, s)| (0..8).contains(&g) && (0..8).contains(&s))
            .map(|(g, s)| name(g, s))
            .collect()
    };
    let cells = with_leaps(&grid_cells(8, 8, true), "jump", forward_leaps);
    let pieces = CHESS_PIECES.replace("betza = \"N\"", "table = \"jump\"");
    assert_ne!(pieces, CHESS_PIECES);
    let text = format!(
        "[game]\nname = \"graph-chess-table\"\nstart = \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"\n\
         [board]\nfiles = 8\nranks = 8\n{cells}{pieces}"
    );
    let path = scratch("graph-chess-table.toml", &text);
    oblique_engine::registry::register_file(&path.to_string_lossy()).expect("file loads");
    let mut pos = AnyPosition::new("graph-chess-table", None).expect("start");
    assert_eq!(pos.perft(4), 197_281);
    let mut kiwi = AnyPosition::new(
        "graph-chess-table",
        Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
    )
    .expect("kiwipete");
    assert_eq!(kiwi.perft(3), 97_862);
}

/// The `[board]` block of the short board printed in docs/game-files.md.
fn documented_short_board() -> String {
    let doc = std::fs::read_to_string(root().join("docs/game-files.md")).expect("docs");
    doc.split("```toml")
        .find(|b| b.contains("name = \"foot\""))
        .and_then(|b| b.split("```").next())
        .expect("the short board's block")
        .to_string()
}

/// Leap tables that no grid arithmetic gives, on the short board of docs/game-files.md
/// (a3 b3 c3 / barrier a2, hole b2, c2 / a1 b1 c1; b1's north forks to a3 and c3). a1 lists
/// `portal = ["c3"]` and `long = ["a3"]`; worked out by hand from those lists and the links.
#[test]
fn leap_tables_go_both_ways_give_check_and_respect_barriers() {
    let block = documented_short_board();
    let block = block.replacen(
        "slot = \"a1\"\n",
        "slot = \"a1\"\nleaps = { portal = [\"c3\"], long = [\"a3\"] }\n",
        1,
    );
    let text = format!(
        "[game]\nname = \"portal-graph\"\nstart = \"1k1/**1/J1K w - - 0 1\"\n{block}\n\
         [[piece]]\nletter = \"k\"\nname = \"king\"\nbetza = \"K\"\nroyal = true\n\
         [[piece]]\nletter = \"j\"\nname = \"jumper\"\nbetza = \"W\"\ntable = \"portal\"\n\
         [[piece]]\nletter = \"l\"\nname = \"lame\"\ntable = \"long\"\njumps_barriers = false\n\
         [[piece]]\nletter = \"m\"\nname = \"long\"\ntable = \"long\"\n"
    );
    let path = scratch("portal-graph.toml", &text);
    oblique_engine::registry::register_file(&path.to_string_lossy()).expect("portal board loads");
    let game = "portal-graph";
    // From a1: the step east to b1 and the portal to c3.
    assert_eq!(
        moves_from(game, "1k1/**1/J1K w - - 0 1", "a1"),
        set(&["b1", "c3"])
    );
    // From c3: steps to c2, b1 (back through the fork) and b3, and the portal's way back.
    assert_eq!(
        moves_from(game, "k1J/**1/2K w - - 0 1", "c3"),
        set(&["c2", "b1", "b3", "a1"])
    );
    // The portal gives check: Black's king on c3 may not stay, nor go to c2 or b1 (the
    // white king on c1 and the jumper's step guard them): b3 is its one move.
    let pos = AnyPosition::new(game, Some("2k/**1/J1K b - - 0 1")).expect("position");
    assert!(pos.in_check());
    assert_eq!(pos.legal_moves_text(), vec!["c3b3".to_string()]);
    // The long leap a1-a3 crosses the barrier a2: barred for the piece that may not jump
    // barriers, open to the one that may, both ways.
    assert_eq!(moves_from(game, "1k1/**1/L1K w - - 0 1", "a1"), set(&[]));
    assert_eq!(
        moves_from(game, "1k1/**1/M1K w - - 0 1", "a1"),
        set(&["a3"])
    );
    assert_eq!(moves_from(game, "Mk1/**1/2K w - - 0 1", "a3"), set(&["a1"]));
    // A piece naming a table the board does not have is refused at its line.
    let bad = text.replace("table = \"long\"\njumps", "table = \"lng\"\njumps");
    let parsed = oblique_gamefile::toml_reader::parse("bad.toml", &bad).expect("reads");
    let e = oblique_engine::plane::load::spec_from_file(&parsed, "bad.toml", &bad, 0)
        .expect_err("unknown table");
    assert!(e.reason.contains("has no leap table 'lng'"), "{e}");
    let line = bad
        .lines()
        .position(|l| l == "table = \"lng\"")
        .map(|i| i + 1);
    assert_eq!(e.line, line, "{e}");
}

/// A graph board's faults: one error naming the file and the cell's line.
#[test]
fn bad_graph_boards_are_refused_with_their_line() {
    let base = |board: &str| {
        format!(
            "[game]\nname = \"bad-graph\"\nstart = \"k1/2/1K w - - 0 1\"\n\
             [board]\nfiles = 2\nranks = 3\n{board}\n\
             [[piece]]\nletter = \"k\"\nname = \"king\"\nbetza = \"K\"\nroyal = true\n"
        )
    };
    // Lines: 1-3 [game], 4 [board], 5 files, 6 ranks, 7 on: the cells.
    let cells = "[[board.cell]]\nslot = \"a1\"\nn = [\"a2\"]\ne = [\"b1\"]\n\
                 [[board.cell]]\nslot = \"b1\"\nn = [\"b2\"]\n\
                 [[board.cell]]\nslot = \"a2\"\ne = [\"b2\"]\nn = [\"a3\"]\n\
                 [[board.cell]]\nslot = \"b2\"\nn = [\"b3\"]\n\
                 [[board.cell]]\nslot = \"a3\"\ne = [\"b3\"]\n\
                 [[board.cell]]\nslot = \"b3\"";
    let load = |text: &str| -> Result<(), oblique_gamefile::GameFileError> {
        let game = oblique_gamefile::toml_reader::parse("bad.toml", text)?;
        oblique_engine::plane::load::spec_from_file(&game, "bad.toml", text, 0).map(|_| ())
    };
    load(&base(cells)).expect("the good board loads");
    let cases: Vec<(String, usize, &str)> = vec![
        (
            cells.replace("n = [\"b2\"]", "n = [\"b7\"]"),
            13,
            "neighbour 'b7' (n) is no cell",
        ),
        (
            cells.replace("slot = \"a3\"", "slot = \"a2\""),
            22,
            "slot a2 is used twice",
        ),
        (
            cells.replace("slot = \"a3\"", "slot = \"c3\""),
            22,
            "not a square of the 2x3 grid",
        ),
        (
            cells
                .replace("e = [\"b3\"]", "")
                .replace("n = [\"b3\"]", ""),
            25,
            "b3 has no way in or out",
        ),
        (
            cells.replace(
                "[[board.cell]]\nslot = \"b3\"",
                "[[board.cell]]\nslot = \"b3\"\npolygon = [[1, 2], [2, 2]]",
            ),
            26,
            "at least 3 points",
        ),
        (
            format!("barriers = [\"b3\"]\n{cells}"),
            26,
            "both a cell and a barrier",
        ),
        (
            cells.replace("n = [\"b2\"]", "n = [\"b1\"]"),
            13,
            "lists itself",
        ),
        (
            cells.replace("slot = \"b3\"", "slot = \"b3\"\nname = \"a1\""),
            26,
            "already the name or slot",
        ),
        (format!("escalator = \"SEC\"\n{cells}"), 7, "not both"),
        (
            cells.replace(
                "slot = \"b3\"",
                "slot = \"b3\"\nleaps = { jump = [\"b9\"] }",
            ),
            26,
            "leap 'b9' (table jump) is no cell",
        ),
        (
            cells.replace(
                "slot = \"b3\"",
                "slot = \"b3\"\nleaps = { jump = [\"b3\"] }",
            ),
            26,
            "leaps from the cell to itself",
        ),
        (
            cells.replace(
                "slot = \"b3\"",
                "slot = \"b3\"\nleaps = { \"ju mp\" = [\"a1\"] }",
            ),
            26,
            "leap table name 'ju mp'",
        ),
        (
            cells.replace("slot = \"b3\"", "slot = \"b3\"\nnorth = [\"a1\"]"),
            26,
            "unknown field `north`",
        ),
    ];
    for (board, line, reason) in cases {
        let e = load(&base(&board)).expect_err(reason);
        assert!(e.reason.contains(reason), "{reason}: {e}");
        assert_eq!(e.line, Some(line), "{reason}: {e}");
        assert!(
            e.to_string().starts_with(&format!("bad.toml:{line}: ")),
            "{e}"
        );
    }
}

/// More cells than the engine holds: the first cell past the limit is pointed at (its slot).
#[test]
fn too_many_cells_are_refused() {
    let text = format!(
        "[game]\nname = \"huge-graph\"\nstart = \"k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/15K w - - 0 1\"\n\
         [board]\nfiles = 16\nranks = 16\n{}\
         [[piece]]\nletter = \"k\"\nname = \"king\"\nbetza = \"K\"\nroyal = true\n",
        grid_cells(16, 16, true)
    );
    let game = oblique_gamefile::toml_reader::parse("huge.toml", &text).expect("reads");
    let e = oblique_engine::plane::load::spec_from_file(&game, "huge.toml", &text, 0)
        .expect_err("256 cells");
    assert!(
        e.reason.contains("256 cells; the engine holds at most 128"),
        "{e}"
    );
    let want = text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.starts_with("[[board.cell]]"))
        .nth(128)
        .map(|(i, _)| i + 2); // the slot line of the 129th cell
    assert_eq!(e.line, want, "{e}");
}

/// Rays that fork at every step would make the slider tables explode: refused, not built.
#[test]
fn a_line_with_too_many_forks_is_refused() {
    // 16 ranks on two files; every cell's north neighbours are both cells of the next rank.
    let mut cells = String::new();
    for r in 1..=16 {
        for f in ['a', 'b'] {
            cells.push_str(&format!("[[board.cell]]\nslot = \"{f}{r}\"\n"));
            if r < 16 {
                cells.push_str(&format!("n = [\"a{}\", \"b{}\"]\n", r + 1, r + 1));
            }
        }
    }
    let text = format!(
        "[game]\nname = \"forky\"\nstart = \"k1/2/2/2/2/2/2/2/2/2/2/2/2/2/2/1K w - - 0 1\"\n\
         [board]\nfiles = 2\nranks = 16\n{cells}\
         [[piece]]\nletter = \"k\"\nname = \"king\"\nbetza = \"K\"\nroyal = true\n\
         [[piece]]\nletter = \"r\"\nname = \"rook\"\nbetza = \"R\"\n"
    );
    let game = oblique_gamefile::toml_reader::parse("forky.toml", &text).expect("reads");
    // Two cells per rank and 16 ranks: 28 cells of a line matter (over 14).
    let e = oblique_engine::plane::load::spec_from_file(&game, "forky.toml", &text, 0)
        .expect_err("too many forks");
    assert!(e.reason.contains("occupancy matters"), "{e}");
    assert!(e.line.is_some(), "{e}");
}

/// The reference is a program of its own: it refuses what it does not read rather than
/// guessing (so its numbers are never from a misread file).
#[test]
fn the_reference_refuses_what_it_does_not_read() {
    let Some(python) = tools::require_python(&["tomllib"], "python3 3.11+ (for tomllib)") else {
        return;
    };
    let text = format!(
        "[game]\nname = \"g\"\nstart = \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"\n\
         [board]\nfiles = 8\nranks = 8\n{}{CHESS_PIECES}",
        grid_cells(8, 8, true)
    );
    let path = scratch("castling.toml", &text);
    let out = Command::new(&python)
        .args([
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("tools/graph_perft.py")
                .to_string_lossy()
                .as_ref(),
            path.to_string_lossy().as_ref(),
            "1",
        ])
        .output()
        .expect("run the reference");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("castling"));
}

/// The short board of docs/game-files.md, as printed there, plays as the text after it says.
#[test]
fn the_documented_short_board_plays_as_documented() {
    let block = documented_short_board();
    let text = format!(
        "[game]\nname = \"doc-graph\"\nstart = \"1k1/**1/1RK w - - 0 1\"\n{block}\n\
         [[piece]]\nletter = \"k\"\nname = \"king\"\nbetza = \"K\"\nroyal = true\n\
         [[piece]]\nletter = \"r\"\nname = \"rook\"\nbetza = \"R\"\n"
    );
    let path = scratch("doc-graph.toml", &text);
    oblique_engine::registry::register_file(&path.to_string_lossy()).expect("doc board loads");
    // A rook on b1 (its king on c1): north to a3 and c3 (the fork), west to a1. The a2
    // barrier and the b2 hole are written `*`.
    let fen = "1k1/**1/1RK w - - 0 1";
    assert_eq!(moves_from("doc-graph", fen, "b1"), set(&["a1", "a3", "c3"]));
    // A rook on c3 (its king on b3): south to c2, c1 and, back through the fork, b1.
    let fen = "1KR/**1/k2 w - - 0 1";
    assert_eq!(moves_from("doc-graph", fen, "c3"), set(&["c2", "c1", "b1"]));
}
