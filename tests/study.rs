//! `oblique study`: small real studies (depth-limited self-play, well under a minute), the
//! JSON contract of issue 35, resuming from the PGN after an interruption without losing or
//! replaying a game, slices merging into the report one process writes, and bad input.

use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

#[path = "common/child.rs"]
mod child;
#[path = "common/tools.rs"]
mod tools;

use child::{report, scratch_dir, wait_with_limit};

/// `oblique study ARGS --quiet`, with the default evaluation (no network from the
/// environment, so that fixed-depth games are the same in every process).
fn study(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_oblique"))
        .env_remove("OBLIQUE_NET")
        .arg("study")
        .args(args)
        .arg("--quiet")
        .output()
        .expect("oblique runs")
}

fn ok(args: &[&str]) -> Output {
    let o = study(args);
    assert!(o.status.success(), "{args:?}\n{}", report(&o));
    o
}

fn json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).expect("valid JSON")
}

/// (Event, Round) -> movetext of every game in the directory's PGN files, and the count of
/// games (so that a game written twice shows).
fn games_in(dir: &Path) -> (BTreeMap<(String, String), String>, usize) {
    let mut map = BTreeMap::new();
    let mut count = 0;
    for e in std::fs::read_dir(dir).expect("dir") {
        let p = e.expect("entry").path();
        if p.extension().is_some_and(|x| x == "pgn") {
            let text = std::fs::read_to_string(&p).expect("pgn");
            for g in oblique_engine::pgn::games(&text) {
                count += 1;
                let key = (
                    g.tag("Event").unwrap_or_default().to_string(),
                    g.tag("Round").unwrap_or_default().to_string(),
                );
                map.insert(key, g.moves().join(" "));
            }
        }
    }
    (map, count)
}

#[test]
fn balance_of_a_black_first_game_with_its_white_first_form() {
    let dir = scratch_dir("study-balance");
    let out = dir.join("mini");
    let o = ok(&[
        "balance",
        "--variant",
        "minislanted",
        "--games",
        "6",
        "--depth",
        "1,2",
        "--out",
        out.to_str().unwrap(),
    ]);
    let j = json(&out.join("balance.json"));
    // The contract: {"game", "first_mover", "first_mover_score", "low", "high", "draw_rate",
    // "games"}. The rules: Black moves first in Mini SEC.
    assert_eq!(j["game"], "minislanted");
    assert_eq!(j["first_mover"], "b");
    // The rules' form pooled over both depths: 2 × 6 games.
    assert_eq!(j["games"], 12);
    for key in ["first_mover_score", "low", "high", "draw_rate"] {
        assert!(j[key].is_number(), "{key}: {}", j[key]);
    }
    let (s, lo, hi) = (
        j["first_mover_score"].as_f64().unwrap(),
        j["low"].as_f64().unwrap(),
        j["high"].as_f64().unwrap(),
    );
    assert!((0.0..=1.0).contains(&s) && lo <= s && s <= hi && hi <= 1.0 && lo >= 0.0);
    // Two forms (Black first, White first) at two depths.
    let groups = j["groups"].as_array().expect("groups");
    assert_eq!(groups.len(), 4);
    assert_eq!(j["forms"][1]["first_mover"], "w");
    for g in groups {
        assert_eq!(g["games"], 6);
        let endings: u64 = g["endings"]
            .as_object()
            .expect("endings")
            .values()
            .map(|v| v.as_u64().unwrap())
            .sum();
        assert_eq!(endings, 6, "every game ended one way: {g}");
        assert!(g["plies_mean"].as_f64().unwrap() > 0.0);
    }
    // Six games are too few for an interval to mean much: said on stderr and in the JSON.
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("fewer than 20"), "{err}");
    assert!(!j["warnings"].as_array().unwrap().is_empty());
    let html = std::fs::read_to_string(out.join("report.html")).expect("report.html");
    // Self-contained: charts inline, nothing loaded from elsewhere.
    assert!(html.contains("<svg"), "no chart");
    for outside in ["<script", "<link", "src=", "href=", "url("] {
        assert!(!html.contains(outside), "{outside}");
    }
    assert!(std::fs::read_to_string(out.join("summary.md"))
        .expect("summary.md")
        .contains("| form | limit |"));
    let (games, count) = games_in(&out);
    assert_eq!((games.len(), count), (24, 24));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_interrupted_study_resumes_without_losing_or_replaying_games() {
    let dir = scratch_dir("study-resume");
    let out = dir.join("chess");
    let args = [
        "balance",
        "--variant",
        "chess",
        "--games",
        "12",
        "--depth",
        "1",
        "--out",
        out.to_str().unwrap(),
    ];
    // Stop the first run once a few games are in the PGN (SIGKILL: no chance to tidy up).
    let mut child = Command::new(env!("CARGO_BIN_EXE_oblique"))
        .env_remove("OBLIQUE_NET")
        .arg("study")
        .args(args)
        .arg("--quiet")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("oblique runs");
    let pgn = out.join("games.pgn");
    for _ in 0..600 {
        let n = std::fs::read_to_string(&pgn)
            .map(|t| t.matches("[Event ").count())
            .unwrap_or(0);
        if n >= 3 || child.try_wait().ok().flatten().is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    wait_with_limit(&mut child, Duration::from_secs(30)).expect("stopped");
    let (before, _) = games_in(&out);
    let o = ok(&args);
    let said = String::from_utf8_lossy(&o.stdout);
    if !before.is_empty() && before.len() < 12 {
        assert!(said.contains("Resuming"), "{said}");
    }
    let (after, count) = games_in(&out);
    // Every game once, the ones played before the interruption kept as they were.
    assert_eq!((after.len(), count), (12, 12), "{said}");
    for (k, moves) in &before {
        assert_eq!(after.get(k), Some(moves));
    }
    assert_eq!(json(&out.join("balance.json"))["games"], 12);
    // Nothing left to play: a third run plays no game and reports the same.
    let o = ok(&args);
    assert!(String::from_utf8_lossy(&o.stdout).contains("0 for this run"));
    assert_eq!(games_in(&out).1, 12);
    // A report made again names the command that played the games, and its own.
    let mut again = args.to_vec();
    again.push("--report-only");
    ok(&again);
    let command = json(&out.join("balance.json"))["command"]
        .as_str()
        .expect("command")
        .to_string();
    assert!(
        command.contains("--games 12 --depth 1") && command.contains("(report: "),
        "{command}"
    );
    assert_eq!(command.matches("(report: ").count(), 1, "{command}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn slices_merge_into_the_report_one_process_writes() {
    let dir = scratch_dir("study-shards");
    let base = |out: &str| {
        vec![
            "balance".to_string(),
            "--variant".into(),
            "chess".into(),
            "--games".into(),
            "4".into(),
            "--depth".into(),
            "1,2".into(),
            "--out".into(),
            dir.join(out).display().to_string(),
        ]
    };
    let whole = base("whole");
    ok(&whole.iter().map(String::as_str).collect::<Vec<_>>());
    for k in ["1/3", "2/3", "3/3"] {
        let mut a = base("sliced");
        a.extend(["--shard".to_string(), k.to_string()]);
        ok(&a.iter().map(String::as_str).collect::<Vec<_>>());
    }
    let mut a = base("sliced");
    a.push("--report-only".into());
    ok(&a.iter().map(String::as_str).collect::<Vec<_>>());
    // The same games (fixed depth: the engine is deterministic) and the same numbers.
    let (whole_games, _) = games_in(&dir.join("whole"));
    let (sliced_games, n) = games_in(&dir.join("sliced"));
    assert_eq!(n, 8);
    assert_eq!(whole_games, sliced_games);
    let (w, s) = (
        json(&dir.join("whole/balance.json")),
        json(&dir.join("sliced/balance.json")),
    );
    for key in [
        "games",
        "first_mover_score",
        "low",
        "high",
        "draw_rate",
        "groups",
    ] {
        assert_eq!(w[key], s[key], "{key}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The Ray driver (`tools/ray_study.py`) on a local head node: three slices played as Ray
/// tasks, merged into the report one process writes. Without Python or Ray this fails under
/// CI=true and is skipped with a `SKIPPED:` line elsewhere (`tests/common/tools.rs`).
#[test]
fn ray_driver_merges_slices_into_the_same_report() {
    let Some(python) = tools::require_python(&["ray"], "Ray for Python 3 (PyPI package ray)")
    else {
        return;
    };
    let dir = scratch_dir("study-ray");
    let args = [
        "balance",
        "--variant",
        "minislanted",
        "--games",
        "4",
        "--depth",
        "1,2",
    ];
    let whole = dir.join("whole");
    let mut a = args.to_vec();
    a.extend(["--out", whole.to_str().unwrap()]);
    ok(&a);
    let merged = dir.join("ray");
    let driver = Path::new(env!("CARGO_MANIFEST_DIR")).join("tools/ray_study.py");
    let out = Command::new(python)
        .env_remove("OBLIQUE_NET")
        .env("RAY_USAGE_STATS_ENABLED", "0")
        .arg(&driver)
        .args(["--shards", "3", "--binary", env!("CARGO_BIN_EXE_oblique")])
        .args(["--out", merged.to_str().unwrap(), "--"])
        .args(args)
        .output()
        .expect("run the Ray driver");
    assert!(out.status.success(), "Ray driver failed:\n{}", report(&out));
    let (w, n) = games_in(&whole);
    let (r, m) = games_in(&merged);
    assert_eq!((n, m), (16, 16));
    assert_eq!(w, r);
    let (wj, rj) = (
        json(&whole.join("balance.json")),
        json(&merged.join("balance.json")),
    );
    for key in [
        "games",
        "first_mover_score",
        "low",
        "high",
        "draw_rate",
        "groups",
    ] {
        assert_eq!(wj[key], rj[key], "{key}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn values_and_playability_write_their_contract() {
    let dir = scratch_dir("study-values");
    let out = dir.join("values");
    ok(&[
        "values",
        "--variant",
        "chess",
        "--pieces",
        "N",
        "--games",
        "4",
        "--depth",
        "1",
        "--out",
        out.to_str().unwrap(),
    ]);
    let j = json(&out.join("values.json"));
    assert_eq!(j["game"], "chess");
    let n = &j["values"]["N"];
    // Keyed by FEN letter: pawns, low, high (numbers, or null with the reason in "error"
    // when these few games cannot give an interval), games (4 per colour giving the odds).
    for key in ["pawns", "low", "high"] {
        assert!(
            n[key].is_number() || (n[key].is_null() && n["error"].is_string()),
            "{key}: {n}"
        );
    }
    assert_eq!(n["games"], 8);
    assert_eq!(j["yardstick"]["games"], 8);
    // The knight taken is the b-knight, from each side in turn (the classic knight odds).
    assert_eq!(n["removed"], serde_json::json!(["N on b1", "n on b8"]));
    assert!(n["engine_pawns"].as_f64().unwrap() > 2.0);
    assert!(out.join("report.html").exists() && out.join("summary.md").exists());

    // A trade: one side without a rook, the other without a bishop.
    let out = dir.join("trade");
    ok(&[
        "values",
        "--variant",
        "chess",
        "--trade",
        "R:B",
        "--games",
        "2",
        "--depth",
        "1",
        "--out",
        out.to_str().unwrap(),
    ]);
    let j = json(&out.join("values.json"));
    let t = &j["trades"]["R-B"];
    assert_eq!(t["games"], 4, "{t}");
    assert_eq!(
        t["removed"],
        serde_json::json!(["R on a1 for b on c8", "r on a8 for B on c1"])
    );
    // Only the pawn besides the trade.
    assert_eq!(j["values"], serde_json::json!({}));

    let out = dir.join("play");
    ok(&[
        "playability",
        "--variant",
        "minislanted",
        "--games",
        "2",
        "--depth",
        "1",
        "--out",
        out.to_str().unwrap(),
    ]);
    let j = json(&out.join("playability.json"));
    assert_eq!(j["compared_with"], "chess");
    let groups = j["groups"].as_array().expect("groups");
    assert_eq!(groups.len(), 2);
    for g in groups {
        assert_eq!(g["games"], 2);
        assert!(g["mobility"]["mean"].as_f64().unwrap() > 1.0, "{g}");
        assert!(g["length"]["mean"].as_f64().unwrap() >= 4.0, "{g}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_input_is_a_clear_error() {
    let dir = scratch_dir("study-bad");
    let out = dir.join("x");
    let out = out.to_str().unwrap();
    let cases: [(&[&str], &str); 8] = [
        (
            &["balance", "--variant", "nosuchgame", "--out", out],
            "unknown variant 'nosuchgame'",
        ),
        (
            &[
                "values",
                "--variant",
                "chess",
                "--pieces",
                "K",
                "--out",
                out,
            ],
            "without its king",
        ),
        (
            &[
                "values",
                "--variant",
                "chess",
                "--pieces",
                "U",
                "--out",
                out,
            ],
            "chess has no piece 'U'",
        ),
        (
            &[
                "values",
                "--variant",
                "chess",
                "--pieces",
                "NB",
                "--out",
                out,
            ],
            "--pieces takes one FEN letter per piece, e.g. N,B,R, not 'NB'",
        ),
        (
            &[
                "values",
                "--variant",
                "chess",
                "--trade",
                "R-B",
                "--out",
                out,
            ],
            "--trade takes two FEN letters per trade",
        ),
        (
            &[
                "values",
                "--variant",
                "chess",
                "--trade",
                "K:B",
                "--out",
                out,
            ],
            "without its king",
        ),
        (
            &["balance", "--games", "0", "--out", out],
            "--games must be at least 1",
        ),
        (
            &["balance", "--depth", "0", "--out", out],
            "--depth must be between 1 and 100",
        ),
    ];
    for (args, want) in cases {
        let o = study(args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}\n{}", report(&o));
        assert!(err.contains(want), "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "one line: {err}");
        assert!(!err.contains("panicked"));
    }
    let _ = std::fs::remove_dir_all(&dir);
}
