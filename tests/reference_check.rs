//! The engine's 2D move generation against the independent reference generator in
//! `tests/reference/` (Python, written from the rules text alone; it shares no code with the
//! engine), in CI.
//!
//! Our other 2D tests check what a person worked out by hand: first moves and depth-1 lists.
//! Deeper counts have no published numbers outside orthodox chess, so here a second program,
//! written from the same rules by other means, must agree with the engine:
//! * perft to depth 3 from the start position of every 2D game (`oblique variants`; start
//!   FENs read from the rules, `conventions.md`), to depth 4 in Slanted, Mini Slanted and
//!   Diagonal Chess, and to depth 3 from every position of `tests/data/handworked.json`;
//! * the first-move lists of `tests/data/first_moves.json` and the hand-worked lists of
//!   `tests/data/handworked.json` are the reference's legal moves (and their FENs valid);
//! * every forced win that `tests/mates.rs` and `tests/search.rs` assert is confirmed by the
//!   reference mate solver (`mate_check.py`: exactly N moves, no shorter win, exactly the
//!   listed first moves);
//! * seed 000's experimental variant, knights that may not jump the barriers: the perft
//!   entries of `variants/slanted-noknightjump.toml` and the barred-leap table of
//!   `docs/game-files.md` are the reference's (`barriers.py`).
//!
//! Without Python 3 the tests fail under CI=true and skip elsewhere (`tests/common/tools.rs`).
//! They take about a minute of processor time, mostly the reference's (measured: 62 s, of
//! which Slanted's depth 4 is 34 s; libtest runs two tests at a time on two cores).

use oblique_engine::AnyPosition;
use serde_json::{json, Value};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

#[path = "common/tools.rs"]
mod tools;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn python() -> Option<PathBuf> {
    tools::require_python(&[], "python3 (Debian package python3)")
}

/// The 2D games of `oblique variants` (every game but Star Trek chess, which has its own
/// reference generator in `tests/common/startrek_reference.rs`).
fn games_2d() -> Vec<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_oblique"))
        .env_remove("OBLIQUE_NET")
        .arg("variants")
        .output()
        .expect("run oblique variants");
    assert!(out.status.success(), "oblique variants failed");
    let games: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .skip(1)
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .filter(|g| g != "startrek")
        .collect();
    assert!(games.len() >= 8, "{games:?}");
    games
}

/// The start FEN of each game as the rules give it (the table in `conventions.md`).
fn rules_start_fen(game: &str) -> String {
    let path = root().join("../shared/rules/conventions.md");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (the rules sit beside the repo)", path.display()));
    text.lines()
        .find_map(|l| {
            let (name, fen) = l.trim().split_once(char::is_whitespace)?;
            (name == game && fen.split_whitespace().count() == 6).then(|| fen.trim().to_string())
        })
        .unwrap_or_else(|| panic!("conventions.md gives no start FEN for {game}"))
}

/// Runs the reference on `jobs` ({variant, fen, depth}); its answers, in order.
fn reference(python: &Path, jobs: &[Value]) -> Vec<Value> {
    let script = root().join("tests/reference/batch.py");
    let mut child = Command::new(python)
        .arg(&script)
        .env(
            "OBLIQUE_BOARDS_JSON",
            root().join("../shared/rules/escalator_boards.json"),
        )
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start tests/reference/batch.py");
    {
        let mut stdin = child.stdin.take().expect("stdin");
        for j in jobs {
            writeln!(stdin, "{j}").expect("write a job");
        }
    }
    let out = child.wait_with_output().expect("batch.py");
    assert!(
        out.status.success(),
        "tests/reference/batch.py failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let answers: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON answer"))
        .collect();
    assert_eq!(answers.len(), jobs.len(), "one answer per job");
    answers
}

fn strings(v: &Value) -> Vec<String> {
    let mut s: Vec<String> = v
        .as_array()
        .unwrap_or_else(|| panic!("not a list: {v}"))
        .iter()
        .map(|m| m.as_str().expect("a move").to_string())
        .collect();
    s.sort();
    s
}

/// The engine's perft of depths 1..=depth.
fn engine_perft(variant: &str, fen: &str, depth: u32) -> Vec<u64> {
    let mut pos = AnyPosition::new(variant, Some(fen)).unwrap_or_else(|e| panic!("{fen}: {e}"));
    (1..=depth).map(|d| pos.perft(d)).collect()
}

fn engine_moves(variant: &str, fen: &str) -> Vec<String> {
    let mut m = AnyPosition::new(variant, Some(fen))
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
        .legal_moves_text();
    m.sort();
    m
}

/// Checks one reference answer against the engine: a valid FEN, the same legal moves, the
/// same perft counts. Pushes what differs onto `failures`.
fn compare(
    what: &str,
    variant: &str,
    fen: &str,
    depth: u32,
    a: &Value,
    failures: &mut Vec<String>,
) {
    if let Some(e) = a.get("parse_error") {
        failures.push(format!("{what}: the reference cannot read {fen}: {e}"));
        return;
    }
    if a["errors"].as_array().is_some_and(|e| !e.is_empty()) {
        failures.push(format!(
            "{what}: the reference finds {fen} invalid: {}",
            a["errors"]
        ));
    }
    let (want, got) = (strings(&a["moves"]), engine_moves(variant, fen));
    if want != got {
        let missing: Vec<_> = want.iter().filter(|m| !got.contains(m)).collect();
        let extra: Vec<_> = got.iter().filter(|m| !want.contains(m)).collect();
        failures.push(format!(
            "{what}: engine lacks {missing:?} and has extra {extra:?} ({variant} {fen})"
        ));
    }
    let want: Vec<u64> = a["perft"]
        .as_array()
        .expect("perft list")
        .iter()
        .map(|n| n.as_u64().expect("a count"))
        .collect();
    let got = engine_perft(variant, fen, depth);
    if want != got {
        failures.push(format!(
            "{what}: perft 1..{depth} reference {want:?}, engine {got:?} ({variant} {fen})"
        ));
    } else {
        eprintln!(
            "{what}: perft 1..{depth} = {got:?} ({} s in Python)",
            a["seconds"]
        );
    }
}

/// The depth a start position is checked to: 4 where the reference (about 38,000 nodes a
/// second) needs at most half a minute for it (Slanted 1,274,591 leaves in 34 s, Mini Slanted
/// and Diagonal Chess a few seconds), 3 in the 84-cell Ultra games, whose depth 4 (about 5
/// million leaves each) would cost it over two minutes apiece, and in orthodox chess, whose
/// perft `tests/perft_orthodox.rs` checks against published numbers to depth 6.
fn start_depth(game: &str) -> u32 {
    match game {
        "slanted" | "minislanted" | "diagonal" => 4,
        _ => 3,
    }
}

fn check_start_positions(games: &[String]) {
    let Some(python) = python() else {
        return;
    };
    let jobs: Vec<Value> = games
        .iter()
        .map(|g| json!({"variant": g, "fen": rules_start_fen(g), "depth": start_depth(g)}))
        .collect();
    let answers = reference(&python, &jobs);
    let mut failures = Vec::new();
    for (g, a) in games.iter().zip(&answers) {
        let fen = rules_start_fen(g);
        // The engine's start position is the rules' one.
        let engine_start = AnyPosition::new(g, None).expect("start position").to_fen();
        if engine_start != fen {
            failures.push(format!(
                "{g}: engine starts from {engine_start}, rules say {fen}"
            ));
        }
        compare(
            &format!("{g} start"),
            g,
            &fen,
            start_depth(g),
            a,
            &mut failures,
        );
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

// The start positions are split in three tests of which libtest runs two side by side on the
// two cores: the four 84-cell Ultra games (about 12 s of reference time), Slanted to depth 4
// (34 s), and the others.

fn is_ultra(game: &str) -> bool {
    game.contains("ultra")
}

#[test]
fn perft_from_the_start_of_the_ultra_games_equals_the_reference() {
    let games: Vec<String> = games_2d().into_iter().filter(|g| is_ultra(g)).collect();
    assert_eq!(games.len(), 4, "{games:?}");
    check_start_positions(&games);
}

#[test]
fn perft_from_the_start_of_slanted_equals_the_reference() {
    let games: Vec<String> = games_2d().into_iter().filter(|g| g == "slanted").collect();
    assert_eq!(games, ["slanted"]);
    check_start_positions(&games);
}

#[test]
fn perft_from_the_start_of_the_other_2d_games_equals_the_reference() {
    let games: Vec<String> = games_2d()
        .into_iter()
        .filter(|g| !is_ultra(g) && g != "slanted")
        .collect();
    assert!(games.len() >= 3, "{games:?}");
    check_start_positions(&games);
}

/// Seed 000's experimental variant (`variants/slanted-noknightjump.toml`, knights that may not
/// jump the barriers): every perft entry of the file is the reference's number and the
/// engine's, and the table of barred leaps in `docs/game-files.md` is the reference's
/// (`barriers.py`; `tests/barrier_knights.rs` holds the engine to that table). About 35 s of
/// reference time, most of it the start position's depth 4.
#[test]
fn knights_that_may_not_jump_the_barriers_equal_the_reference() {
    let Some(python) = python() else {
        return;
    };
    const GAME: &str = "slanted-noknightjump";
    let text = std::fs::read_to_string(root().join("variants/slanted-noknightjump.toml"))
        .expect("variants/slanted-noknightjump.toml");
    let file = oblique_gamefile::toml_reader::parse(GAME, &text).expect("the file reads");
    assert!(file.perft.len() >= 3);
    let fens: Vec<String> = file
        .perft
        .iter()
        .map(|e| e.fen.clone().unwrap_or_else(|| file.game.start.clone()))
        .collect();
    let jobs: Vec<Value> = file
        .perft
        .iter()
        .zip(&fens)
        .map(|(e, f)| json!({"variant": GAME, "fen": f, "depth": e.depth}))
        .collect();
    let answers = reference(&python, &jobs);
    let mut failures = Vec::new();
    for ((e, f), a) in file.perft.iter().zip(&fens).zip(&answers) {
        let last = a["perft"]
            .as_array()
            .and_then(|p| p.last())
            .and_then(Value::as_u64);
        if last != Some(e.nodes) {
            failures.push(format!(
                "{f} depth {}: the file says {}, the reference {last:?}",
                e.depth, e.nodes
            ));
        }
        compare(GAME, GAME, f, e.depth, a, &mut failures);
    }
    let out = Command::new(&python)
        .arg(root().join("tests/reference/barriers.py"))
        .arg("SEC")
        .env(
            "OBLIQUE_BOARDS_JSON",
            root().join("../shared/rules/escalator_boards.json"),
        )
        .output()
        .expect("run tests/reference/barriers.py");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rows = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| l.starts_with("| ") && !l.starts_with("| square"))
            .map(str::to_string)
            .collect()
    };
    let docs = std::fs::read_to_string(root().join("docs/game-files.md")).expect("docs");
    let table = docs
        .split("<!-- barred-knight-table SEC -->")
        .nth(1)
        .and_then(|t| t.split("<!-- end barred-knight-table -->").next())
        .expect("docs/game-files.md has the barred-knight table");
    let want = rows(&String::from_utf8_lossy(&out.stdout));
    assert!(want.len() >= 10, "{want:?}");
    if rows(table) != want {
        failures.push(format!(
            "docs/game-files.md's barred-knight table is not barriers.py's:\n{}",
            want.join("\n")
        ));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn first_move_lists_are_the_references() {
    let Some(python) = python() else {
        return;
    };
    let path = root().join("tests/data/first_moves.json");
    let data: Value =
        serde_json::from_str(&std::fs::read_to_string(&path).expect("first_moves.json"))
            .expect("first_moves.json parses");
    let games = games_2d();
    let jobs: Vec<Value> = games
        .iter()
        .map(|g| json!({"variant": g, "fen": rules_start_fen(g), "depth": 0}))
        .collect();
    let answers = reference(&python, &jobs);
    let mut failures = Vec::new();
    for (g, a) in games.iter().zip(&answers) {
        let want = strings(&a["moves"]);
        let listed = data
            .get(format!("{g}_moves"))
            .unwrap_or_else(|| panic!("first_moves.json has no {g}_moves"));
        if strings(listed) != want {
            failures.push(format!(
                "{g}: first_moves.json {listed} != reference {want:?}"
            ));
        }
        if data[g.as_str()].as_u64() != Some(want.len() as u64) {
            failures.push(format!(
                "{g}: first_moves.json count {} != {}",
                data[g.as_str()],
                want.len()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn hand_worked_lists_and_their_perft_are_the_references() {
    let Some(python) = python() else {
        return;
    };
    let path = root().join("tests/data/handworked.json");
    let cases: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(&path).expect("handworked.json"))
            .expect("handworked.json parses");
    assert!(cases.len() >= 50, "{} cases", cases.len());
    const DEPTH: u32 = 3;
    let jobs: Vec<Value> = cases
        .iter()
        .map(|c| json!({"variant": c["variant"], "fen": c["fen"], "depth": DEPTH}))
        .collect();
    let answers = reference(&python, &jobs);
    let mut failures = Vec::new();
    for (c, a) in cases.iter().zip(&answers) {
        let (name, variant, fen) = (
            c["name"].as_str().expect("name"),
            c["variant"].as_str().expect("variant"),
            c["fen"].as_str().expect("fen"),
        );
        // The hand-worked list itself is the reference's (the engine's is checked against it
        // by tests/handworked.rs, and again here through compare).
        let want = strings(&a["moves"]);
        if strings(&c["moves"]) != want {
            failures.push(format!(
                "{name}: handworked.json {} != reference {want:?}",
                c["moves"]
            ));
        }
        compare(name, variant, fen, DEPTH, a, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_asserted_mate_is_confirmed_by_the_reference_solver() {
    let Some(python) = python() else {
        return;
    };
    let out = Command::new(python)
        .arg(root().join("tests/reference/mate_check.py"))
        .env(
            "OBLIQUE_BOARDS_JSON",
            root().join("../shared/rules/escalator_boards.json"),
        )
        .output()
        .expect("run tests/reference/mate_check.py");
    let text = String::from_utf8_lossy(&out.stdout);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "mate_check.py failed:\n{text}\n{err}");
    // Every call of `mate_in` in the two files was read and checked (a call the script could
    // not read fails it too); the summary names how many.
    let calls = ["tests/mates.rs", "tests/search.rs"]
        .iter()
        .map(|f| {
            std::fs::read_to_string(root().join(f))
                .expect("test source")
                .matches("mate_in(")
                .count()
        })
        .sum::<usize>();
    assert!(calls >= 30, "{calls} mate_in calls");
    let summary = format!("from {calls} mate_in calls, 0 failed");
    assert!(
        text.lines().any(|l| l.ends_with(&summary)),
        "no line ending in {summary:?}:\n{text}"
    );
    eprintln!("{text}");
}
