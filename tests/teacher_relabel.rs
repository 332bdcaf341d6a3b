//! `tools/teacher_relabel.py` against a real teacher (Debian's Stockfish): the scores it
//! writes are from White's side, mates are dropped, each record keeps its game, result and
//! position, the file is the same whatever the number of jobs, and a malformed record is
//! reported with its file and line; `--tempo-correction` takes its centipawns from the side
//! to move and `--scale` multiplies what is left; `--variant` has the teacher (Debian's
//! Fairy-Stockfish) score another game.
//!
//! The expectations come from the positions, not from a run of the tool: a side a queen up
//! is far ahead whoever is to move, and a mate in one is scored as a mate by any engine.

#[path = "common/child.rs"]
mod child;
#[path = "common/tools.rs"]
mod tools;

use child::scratch_dir;
use std::path::{Path, PathBuf};
use std::process::Command;

fn script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tools/teacher_relabel.py")
}

/// Runs the tool; its exit status and standard error.
fn relabel(
    python: &Path,
    teacher: &Path,
    data: &Path,
    out: &Path,
    jobs: u32,
    chunk: u32,
    extra: &[&str],
) -> (bool, String) {
    let run = Command::new(python)
        .arg(script())
        .args(["--engine", &teacher.to_string_lossy(), "--nodes", "2000"])
        .arg("--data")
        .arg(data)
        .arg("--out")
        .arg(out)
        .args(["--jobs", &jobs.to_string(), "--chunk", &chunk.to_string()])
        .args(extra)
        .output()
        .expect("run the tool");
    (
        run.status.success(),
        String::from_utf8_lossy(&run.stderr).to_string(),
    )
}

/// Python 3 and the teacher program `name`, or None (the test then does nothing, and fails
/// under CI, by `tools::require`).
fn python_and_teacher(name: &str, package: &str) -> Option<(PathBuf, PathBuf)> {
    let python = tools::require_python(&[], "python3 (Debian package python3)")?;
    let teacher = tools::require_program(name, package)?;
    Some((python, teacher))
}

/// The score (White's view) of each record of an output file, in order.
fn scores(path: &Path) -> Vec<i32> {
    std::fs::read_to_string(path)
        .expect("output")
        .lines()
        .map(|l| {
            l.split(' ')
                .nth(2)
                .and_then(|s| s.parse().ok())
                .expect("a score")
        })
        .collect()
}

const WHITE_QUEEN_UP_BLACK_TO_MOVE: &str = "4k3/8/8/8/8/8/3Q4/K7 b - - 0 1";
const BLACK_QUEEN_UP_WHITE_TO_MOVE: &str = "k7/3q4/8/8/8/8/8/4K3 w - - 0 1";
const BACK_RANK_MATE_IN_ONE: &str = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn the_teachers_scores_are_whites_and_mates_are_dropped_whatever_the_jobs() {
    let Some((python, teacher)) = python_and_teacher("stockfish", "stockfish") else {
        return;
    };
    let dir = scratch_dir("teacher-scores");
    let data = dir.join("data");
    std::fs::write(
        &data,
        [
            format!("4 1 0 {WHITE_QUEEN_UP_BLACK_TO_MOVE}"),
            format!("4 1 0 {BACK_RANK_MATE_IN_ONE}"),
            format!("9 0 0 {BLACK_QUEEN_UP_WHITE_TO_MOVE}"),
            format!("12 0.5 0 {START}"),
        ]
        .join("\n")
            + "\n",
    )
    .expect("write");
    let (one, two) = (dir.join("one"), dir.join("two"));
    let (ok, err) = relabel(&python, &teacher, &data, &one, 1, 10, &[]);
    assert!(ok, "{err}");
    let (ok, err) = relabel(&python, &teacher, &data, &two, 2, 1, &[]);
    assert!(ok, "{err}");
    let text = std::fs::read_to_string(&one).expect("output");
    assert_eq!(
        std::fs::read_to_string(&two).expect("output"),
        text,
        "two jobs"
    );
    let records: Vec<Vec<&str>> = text.lines().map(|l| l.splitn(4, ' ').collect()).collect();
    let kept: Vec<(&str, &str, &str)> = records.iter().map(|r| (r[0], r[1], r[3])).collect();
    assert_eq!(
        kept,
        [
            ("4", "1", WHITE_QUEEN_UP_BLACK_TO_MOVE),
            ("9", "0", BLACK_QUEEN_UP_WHITE_TO_MOVE),
            ("12", "0.5", START),
        ],
        "the mate in one is dropped, the rest kept in order: {text}"
    );
    let score = |i: usize| records[i][2].parse::<i32>().expect("a centipawn score");
    assert!(score(0) > 500, "White is a queen up: {text}");
    assert!(score(1) < -500, "Black is a queen up: {text}");
    assert!(score(2).abs() < 100, "the start is about level: {text}");
    assert!(err.contains("3 of 4 positions"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_malformed_record_is_reported_with_its_file_and_line() {
    let Some(python) = tools::require_python(&[], "python3 (Debian package python3)") else {
        return;
    };
    let dir = scratch_dir("teacher-bad");
    let data = dir.join("data");
    std::fs::write(&data, format!("0 1 0 {START}\nnot a record\n")).expect("write");
    // The teacher is never started: the files are read first.
    let (ok, err) = relabel(
        &python,
        Path::new("/nonexistent"),
        &data,
        &dir.join("out"),
        1,
        1,
        &[],
    );
    assert!(!ok, "a bad record fails the run");
    assert!(
        err.contains(&format!("{}:2:", data.display())),
        "names the file and line: {err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_tempo_correction_is_taken_from_the_side_to_move() {
    let Some((python, teacher)) = python_and_teacher("stockfish", "stockfish") else {
        return;
    };
    let dir = scratch_dir("teacher-tempo");
    let data = dir.join("data");
    std::fs::write(
        &data,
        format!("1 0.5 0 {START}\n2 1 0 {WHITE_QUEEN_UP_BLACK_TO_MOVE}\n"),
    )
    .expect("write");
    let (plain, corrected) = (dir.join("plain"), dir.join("corrected"));
    let (ok, err) = relabel(&python, &teacher, &data, &plain, 1, 1, &[]);
    assert!(ok, "{err}");
    let args = ["--tempo-correction", "30"];
    let (ok, err) = relabel(&python, &teacher, &data, &corrected, 1, 1, &args);
    assert!(ok, "{err}");
    let (p, c) = (scores(&plain), scores(&corrected));
    // White moves at the start, so White loses 30; Black moves in the second, so White gains.
    assert_eq!(c, [p[0] - 30, p[1] + 30], "plain {p:?}");

    // `--scale` multiplies the corrected score, rounded to the nearest centipawn.
    let scaled = dir.join("scaled");
    let args = ["--tempo-correction", "30", "--scale", "0.5"];
    let (ok, err) = relabel(&python, &teacher, &data, &scaled, 1, 1, &args);
    assert!(ok, "{err}");
    let half = |cp: i32| (f64::from(cp) * 0.5 + 0.5).floor() as i32;
    // The side to move's corrected score is halved, then turned to White's view.
    let expected = [half(p[0] - 30), -half(-p[1] - 30)];
    assert_eq!(scores(&scaled), expected, "plain {p:?}");
    for bad in ["0", "-1", "nan", "many"] {
        let (ok, err) = relabel(
            &python,
            &teacher,
            &data,
            &dir.join("bad"),
            1,
            1,
            &["--scale", bad],
        );
        assert!(!ok, "--scale {bad} is refused: {err}");
        assert!(err.contains("--scale"), "names the flag: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Los Alamos chess (6x6, no bishops), as Fairy-Stockfish names and writes it.
const LOS_ALAMOS_WHITE_QUEEN_UP_BLACK_TO_MOVE: &str = "3k2/6/6/6/1Q4/K5 b - - 0 1";
const LOS_ALAMOS_BLACK_QUEEN_UP_WHITE_TO_MOVE: &str = "k5/1q4/6/6/6/3K2 w - - 0 1";

#[test]
fn another_game_is_scored_as_the_teacher_plays_it_and_an_unknown_one_is_refused() {
    let Some((python, teacher)) = python_and_teacher("fairy-stockfish", "fairy-stockfish") else {
        return;
    };
    let dir = scratch_dir("teacher-variant");
    let data = dir.join("data");
    std::fs::write(
        &data,
        format!(
            "1 1 0 {LOS_ALAMOS_WHITE_QUEEN_UP_BLACK_TO_MOVE}\n\
             2 0 0 {LOS_ALAMOS_BLACK_QUEEN_UP_WHITE_TO_MOVE}\n"
        ),
    )
    .expect("write");
    let out = dir.join("out");
    let args = ["--variant", "losalamos"];
    let (ok, err) = relabel(&python, &teacher, &data, &out, 1, 1, &args);
    assert!(ok, "{err}");
    let text = std::fs::read_to_string(&out).expect("output");
    let scores = scores(&out);
    // A 6x6 FEN read as orthodox chess would be refused or misread; as Los Alamos chess a
    // queen is far ahead whoever is to move.
    assert_eq!(scores.len(), 2, "{text}");
    assert!(scores[0] > 300, "White is a queen up: {text}");
    assert!(scores[1] < -300, "Black is a queen up: {text}");

    let refused = dir.join("refused");
    let args = ["--variant", "no-such-game"];
    let (ok, err) = relabel(&python, &teacher, &data, &refused, 1, 1, &args);
    assert!(!ok, "an unknown game fails the run");
    assert!(err.contains("'no-such-game'"), "names the game: {err}");
    assert!(!refused.exists(), "nothing is written: {err}");
    let _ = std::fs::remove_dir_all(&dir);
}
