//! `tools/dead_positions.py`: every record it writes is a legal orthodox-chess position that
//! Oblique's own referee calls a draw by insufficient material (conventions.md: judged as FIDE
//! does), scored 0 with a drawn result, one game a position numbered from `--first-game`; both
//! sides move in some; the same seed gives the same file and another seed another.
//!
//! The expectations come from the rules, not from a run of the tool: a dead position is drawn
//! whatever is played, so its true score is 0.

#[path = "common/child.rs"]
mod child;
#[path = "common/tools.rs"]
mod tools;

use child::scratch_dir;
use oblique_engine::{AnyPosition, Color, Outcome};
use std::path::{Path, PathBuf};
use std::process::Command;

fn script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tools/dead_positions.py")
}

/// Runs the tool; its exit status, the file it wrote (empty if none) and its standard error.
fn write(python: &Path, out: &Path, args: &[&str]) -> (bool, String, String) {
    let run = Command::new(python)
        .arg(script())
        .args(args)
        .arg("--out")
        .arg(out)
        .output()
        .expect("run the tool");
    (
        run.status.success(),
        std::fs::read_to_string(out).unwrap_or_default(),
        String::from_utf8_lossy(&run.stderr).to_string(),
    )
}

#[test]
fn every_record_is_a_legal_dead_position_scored_level() {
    let Some(python) = tools::require_python(&["chess"], "python-chess (PyPI package chess)")
    else {
        return;
    };
    let dir = scratch_dir("dead-positions");
    let args = ["--count", "400", "--seed", "5", "--first-game", "7000"];
    let (ok, text, err) = write(&python, &dir.join("a"), &args);
    assert!(ok, "{err}");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 400, "{err}");
    let mut to_move = [0; 2];
    let mut with_bishops_each = 0;
    for (i, line) in lines.iter().enumerate() {
        let r: Vec<&str> = line.splitn(4, ' ').collect();
        assert_eq!(r.len(), 4, "{line}");
        assert_eq!(r[0], (7000 + i).to_string(), "game numbers: {line}");
        assert_eq!((r[1], r[2]), ("0.5", "0"), "drawn and level: {line}");
        let pos = AnyPosition::new("chess", Some(r[3])).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(
            pos.outcome(),
            Some(Outcome::InsufficientMaterial),
            "not dead: {line}"
        );
        to_move[(pos.side_to_move() == Color::Black) as usize] += 1;
        let board = r[3].split(' ').next().unwrap_or_default();
        if board.contains('B') && board.contains('b') {
            with_bishops_each += 1;
        }
    }
    assert!(
        to_move[0] > 100 && to_move[1] > 100,
        "sides to move {to_move:?}"
    );
    assert!(
        with_bishops_each > 10,
        "bishops on both sides in {with_bishops_each}"
    );
    let (_, again, _) = write(&python, &dir.join("b"), &args);
    assert_eq!(again, text, "the same seed");
    let other = ["--count", "400", "--seed", "6", "--first-game", "7000"];
    let (_, other, _) = write(&python, &dir.join("c"), &other);
    assert_ne!(other, text, "another seed");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_negative_count_is_refused() {
    let Some(python) = tools::require_python(&["chess"], "python-chess (PyPI package chess)")
    else {
        return;
    };
    let dir = scratch_dir("dead-positions-bad");
    let args = ["--count", "-1", "--first-game", "0"];
    let (ok, text, err) = write(&python, &dir.join("a"), &args);
    assert!(!ok, "refused");
    assert!(text.is_empty(), "no file");
    assert!(err.contains("must not be negative"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
