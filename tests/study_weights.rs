//! Measured piece values feeding the engine (issue 35, item 6): `oblique study values
//! --write-weights` writes a weights file in the tuner's format whose material is the measured
//! values, the evaluation reads it back at run time (`oblique --weights FILE`), a bad file is
//! a one-line error, a measured interval that leaves the evaluation's value out is said on
//! standard output and in summary.md, and an engine spec of `oblique match` carries the
//! option to the engine it starts.
//!
//! The study's games here are written by the test (results only, no moves) and read with
//! `--report-only`, so the measured values are known and the test plays no game for them.

use oblique_eval::weights::{PerRole, Weights, WeightsFile};
use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output, Stdio};

#[path = "common/child.rs"]
mod child;

use child::{report, scratch_dir};

fn oblique(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_oblique"))
        .env_remove("OBLIQUE_NET")
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("oblique runs")
}

fn ok(args: &[&str]) -> Output {
    let o = oblique(args);
    assert!(o.status.success(), "{args:?}\n{}", report(&o));
    o
}

fn json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).expect("valid JSON")
}

/// A study's PGN record of `results` for one group: the study reads a game's group from
/// `Event` and its number from `Round`.
fn pgn_group(group: &str, results: &[(&str, usize)]) -> String {
    let mut out = String::new();
    let mut round = 0;
    for &(result, n) in results {
        for _ in 0..n {
            round += 1;
            out.push_str(&format!(
                "[Event \"Oblique study: {group}\"]\n[Site \"?\"]\n[Date \"2026.01.01\"]\n\
                 [Round \"{round}\"]\n[White \"Oblique (1)\"]\n[Black \"Oblique (2)\"]\n\
                 [Result \"{result}\"]\n[Termination \"normal\"]\n\n{result}\n\n"
            ));
        }
    }
    out
}

/// Chess's knight-odds study at depth 1 with given scores of the odds side (wins, draws,
/// losses of the side giving the odds, the same from each colour), as its PGN.
fn odds_record(pawn: [usize; 3], knight: [usize; 3]) -> String {
    let mut text = String::new();
    for (piece, [w, d, l]) in [("P", pawn), ("N", knight)] {
        // White gives the odds: its wins are 1-0; Black gives them: its wins are 0-1.
        text.push_str(&pgn_group(
            &format!("values/chess/{piece}/white-odds/depth 1"),
            &[("1-0", w), ("1/2-1/2", d), ("0-1", l)],
        ));
        text.push_str(&pgn_group(
            &format!("values/chess/{piece}/black-odds/depth 1"),
            &[("0-1", w), ("1/2-1/2", d), ("1-0", l)],
        ));
    }
    text
}

/// The knight's value derived from its mobility, as `oblique values` prints it (the
/// evaluation's knight before any weights file).
fn derived_knight() -> i32 {
    let o = ok(&["values", "--variant", "chess"]);
    let text = String::from_utf8_lossy(&o.stdout).to_string();
    let line = text
        .lines()
        .find(|l| l.starts_with("knight"))
        .unwrap_or_else(|| panic!("no knight line: {text}"));
    line.split_whitespace()
        .last()
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("no value: {line}"))
}

#[test]
fn measured_values_make_a_weights_file_the_evaluation_reads_back() {
    let dir = scratch_dir("study-weights");
    let out = dir.join("values");
    std::fs::create_dir_all(&out).expect("dir");
    // A pawn's odds side scores 0.25 and a knight's 0.15 (100 games each): the knight comes
    // out near 1.6 pawns, its interval well below the evaluation's 3.16.
    std::fs::write(out.join("games.pgn"), odds_record([5, 15, 30], [2, 11, 37]))
        .expect("write pgn");
    let file = dir.join("measured.json");
    let args = [
        "study",
        "values",
        "--variant",
        "chess",
        "--pieces",
        "N",
        "--games",
        "50",
        "--depth",
        "1",
        "--out",
        out.to_str().unwrap(),
        "--report-only",
        "--quiet",
        "--write-weights",
        file.to_str().unwrap(),
    ];
    let o = ok(&args);
    let stdout = String::from_utf8_lossy(&o.stdout).to_string();
    let j = json(&out.join("values.json"));
    let n = &j["values"]["N"];
    assert_eq!(n["games"], 100, "{n}");
    let (pawns, low, high) = (
        n["pawns"].as_f64().expect("a value"),
        n["low"].as_f64().expect("low"),
        n["high"].as_f64().expect("high"),
    );
    let engine = n["engine_pawns"].as_f64().expect("the evaluation's value");
    assert!(high < engine, "{n}");

    // "Says so": one line per piece whose evaluation value lies outside the interval, on
    // standard output and in summary.md.
    let says = format!("N: measured {pawns:.2} pawns (95 % {low:.2} to {high:.2}); the evaluation's {engine:.2} is outside");
    assert!(stdout.lines().any(|l| l == says), "{stdout}");
    let summary = std::fs::read_to_string(out.join("summary.md")).expect("summary");
    assert!(summary.contains(&format!("- {says}\n")), "{summary}");

    // The file is the tuner's format: the game, the command, the fit, the weights.
    let written: WeightsFile =
        serde_json::from_str(&std::fs::read_to_string(&file).expect("file")).expect("format");
    assert_eq!(written.game, "chess");
    assert!(written.command.contains("--write-weights"));
    // In the evaluation's units (chess's pawn is 100 centipawns: eval/src/values.rs, "the
    // orthodox pawn is 100"): the knight's material is the measured value in centipawns,
    // derived value plus the material weight, in both phases.
    let want = (pawns * 100.0).round() as i32 - derived_knight();
    assert_eq!(
        [
            written.weights.material.knight.mg,
            written.weights.material.knight.eg
        ],
        [want, want]
    );
    // Every other weight is the game's current one (chess has no tuned file: the hand set).
    let mut rest = written.weights.clone();
    rest.material = PerRole::default();
    assert_eq!(rest, Weights::default());
    assert!(stdout.contains(&format!("Wrote weights {}", file.display())));

    // Read back: with the file the evaluation's knight is the measured value.
    let again = dir.join("again");
    std::fs::create_dir_all(&again).expect("dir");
    std::fs::copy(out.join("games.pgn"), again.join("games.pgn")).expect("copy");
    let mut with_file = vec!["--weights", file.to_str().unwrap()];
    with_file.extend(args[..args.len() - 2].iter().copied());
    let out_at = with_file.iter().position(|a| *a == "--out").expect("--out") + 1;
    with_file[out_at] = again.to_str().unwrap();
    let o = ok(&with_file);
    let j = json(&again.join("values.json"));
    let read_back = j["values"]["N"]["engine_pawns"].as_f64().expect("value");
    assert!(
        (read_back - (pawns * 100.0).round() / 100.0).abs() < 1e-9,
        "{read_back} against {pawns}"
    );
    assert_eq!(j["differences"], serde_json::json!([]), "{}", report(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_bad_weights_file_is_a_one_line_error() {
    let dir = scratch_dir("study-weights-bad");
    let write = |name: &str, text: &str| {
        let p = dir.join(name);
        std::fs::write(&p, text).expect("write");
        p.to_str().unwrap().to_string()
    };
    let missing = dir.join("missing.json").to_str().unwrap().to_string();
    let cases = [
        (missing, "cannot read weights file".to_string()),
        (
            write("cut.json", "{\"game\": \"chess\","),
            "is not a weights file".to_string(),
        ),
        (
            write(
                "field.json",
                r#"{"game":"chess","command":"","fit":"","weights":{"knight_bonus":3}}"#,
            ),
            "unknown field `knight_bonus`".to_string(),
        ),
        (
            write(
                "game.json",
                r#"{"game":"nosuchgame","command":"","fit":"","weights":{}}"#,
            ),
            "for game 'nosuchgame', which this engine does not have".to_string(),
        ),
        (
            write(
                "big.json",
                r#"{"game":"chess","command":"","fit":"","weights":{"material":{"queen":[0,50000]}}}"#,
            ),
            "weight material.queen[1] = 50000 is beyond +-10000".to_string(),
        ),
        (
            write(
                "startrek.json",
                r#"{"game":"startrek","command":"","fit":"","weights":{}}"#,
            ),
            "whose evaluation takes no weights file".to_string(),
        ),
    ];
    for (path, want) in cases {
        for args in [
            vec!["--weights", &path, "show"],
            vec!["--weights", &path, "uci"],
        ] {
            let o = oblique(&args);
            let err = String::from_utf8_lossy(&o.stderr);
            assert_eq!(o.status.code(), Some(2), "{args:?}\n{}", report(&o));
            assert!(err.contains(&want), "{args:?}: {err}");
            assert_eq!(err.trim().lines().count(), 1, "one line: {err}");
            assert!(!err.contains("panicked"));
        }
    }
    // A game without a weights file of its own cannot have one written.
    let o = oblique(&[
        "study",
        "values",
        "--variant",
        "startrek",
        "--out",
        dir.join("st").to_str().unwrap(),
        "--write-weights",
        dir.join("st.json").to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{}", report(&o));
    assert_eq!(err.trim().lines().count(), 1, "one line: {err}");
    assert!(!dir.join("st.json").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_match_engine_spec_carries_the_weights_file_to_the_engine() {
    let dir = scratch_dir("study-weights-match");
    let mut w = WeightsFile {
        game: "chess".to_string(),
        command: "test".to_string(),
        fit: "test".to_string(),
        weights: Weights::default(),
    };
    w.weights.material.knight = oblique_eval::score::s(-50, -50);
    let file = dir.join("w.json");
    std::fs::write(&file, w.to_text()).expect("write");
    let bin = env!("CARGO_BIN_EXE_oblique");
    let pgn = dir.join("m.pgn");
    let with = format!("{bin} --weights {} uci", file.display());
    let without = format!("{bin} uci");
    ok(&[
        "match",
        "--variant",
        "chess",
        "--engine",
        &with,
        "--engine",
        &without,
        "--games",
        "2",
        "--depth",
        "1",
        "--pgn",
        pgn.to_str().unwrap(),
        "--quiet",
    ]);
    // The engine names itself after its weights file, and the referee records that name.
    let text = std::fs::read_to_string(&pgn).expect("pgn");
    let tagged = format!("weights {}", file.display());
    let names: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("[White ") || l.starts_with("[Black "))
        .collect();
    assert_eq!(names.len(), 4, "{text}");
    assert_eq!(
        names.iter().filter(|l| l.contains(&tagged)).count(),
        2,
        "{names:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
