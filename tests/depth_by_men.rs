//! `tools/depth_by_men.py`, the depth gap by men left (docs/strength-log.md): its table of
//! the depths played, read from a hand-written PGN whose medians and means are worked out
//! here by hand, its refusal of a file without any searched move, and of a file game's PGN
//! (python-chess replays orthodox chess only) in one line, not a traceback.

#[path = "common/child.rs"]
mod child;
#[path = "common/tools.rs"]
mod tools;

use std::process::{Command, Output};

const PYTHON_CHESS: &str = "python-chess (PyPI package chess)";

/// Runs the tool on `pgn` (written to a scratch folder of its own, `name`); `None` when
/// python-chess is missing outside CI.
fn run(name: &str, pgn: &str) -> Option<Output> {
    let python = tools::require_python(&["chess"], PYTHON_CHESS)?;
    let path = child::scratch_dir(name).join("games.pgn");
    std::fs::write(&path, pgn).expect("write scratch PGN");
    let out = Command::new(python)
        .arg(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tools/depth_by_men.py"))
        .arg(&path)
        .output()
        .expect("run tools/depth_by_men.py");
    Some(out)
}

/// Game 1 from the start (32 men): A searched 10 and 12 plies (0.3 s, 0.5 s), B 8 (0.1 s), a
/// book move counts for nobody. Game 2 from three men: A's mate score at 30 plies (0.05 s),
/// B's at 25 (0.02 s). So A: median 11, mean 11.0, 0.40 s, 2 moves at 28-32 men; 30 at 2-7.
#[test]
fn the_played_depths_are_tabled_by_men_left() {
    let Some(out) = run(
        "depth-by-men-games",
        "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n\
         1. e2e4 {+0.20/10 0.300s} 1... e7e5 {-0.10/8 0.100s} 2. g1f3 {+0.30/12 0.500s}\n\
         2... b8c6 {book} *\n\n\
         [White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n[SetUp \"1\"]\n\
         [FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n\
         1. e2e4 {+M12/30 0.050s} 1... e8d7 {-M11/25 0.020s} *\n",
    ) else {
        return;
    };
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.contains(&"| men | A | B |"), "{text}");
    assert!(
        lines.contains(&"| 28-32 men | 11, 11.0 / 0.40 s (2) | 8, 8.0 / 0.10 s (1) |"),
        "{text}"
    );
    assert!(lines.contains(&"| 20-27 men | - | - |"), "{text}");
    assert!(
        lines.contains(&"| 2-7 men | 30, 30.0 / 0.05 s (1) | 25, 25.0 / 0.02 s (1) |"),
        "{text}"
    );
}

#[test]
fn a_file_without_searched_moves_is_refused_in_one_line() {
    let Some(out) = run(
        "depth-by-men-book",
        "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e2e4 {book} *\n",
    ) else {
        return;
    };
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("error: no move with a {score/depth time} comment"),
        "{err}"
    );
}

#[test]
fn another_games_pgn_is_refused_in_one_line() {
    let Some(out) = run(
        "depth-by-men-variant",
        "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n[Variant \"capablanca\"]\n[SetUp \"1\"]\n\
         [FEN \"rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1\"]\n\n\
         1. e2e4 {+0.20/10 0.300s} *\n",
    ) else {
        return;
    };
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("error: "), "{err}");
    assert!(err.contains("game 1"), "{err}");
    assert!(err.contains("orthodox chess games only"), "{err}");
}
