//! `oblique match --shard K/N` and `oblique match report`, and the Ray driver
//! (`tools/ray_match.py`): a fixed-depth match split into slices, played on a local Ray head
//! node, gives exactly the games of the same match played in one process, and the merged
//! report gives the same score. Likewise for the network's self-play records: `oblique net
//! data --shard K/N` slices merged by `oblique net merge`, and by the Ray driver
//! (`tools/ray_net_data.py`), are byte for byte the file of the run in one process, and so
//! are the driver's `net relabel` slices (`--command relabel`).
//!
//! Without Python or Ray the Ray test fails under CI=true and skips with a `SKIPPED:` line
//! elsewhere (`tests/common/tools.rs`; `.ci/install-test-tools` installs Ray).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

fn oblique() -> &'static str {
    env!("CARGO_BIN_EXE_oblique")
}

#[path = "common/tools.rs"]
mod tools;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("oblique-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// The match of every test here: two Oblique engines, fixed depth (so the games are the
/// same wherever they are played), random openings from a fixed seed.
fn match_args() -> Vec<String> {
    let a = format!("{} uci name=A", oblique());
    let b = format!("{} uci name=B option.Hash=8", oblique());
    [
        "--variant",
        "minislanted",
        "--engine",
        &a,
        "--engine",
        &b,
        "--games",
        "8",
        "--depth",
        "2",
        "--random-plies",
        "4",
        "--seed",
        "11",
        "--quiet",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

/// Movetext (comments with times left out) and result per game number.
fn games_by_round(pgn: &str) -> BTreeMap<u32, String> {
    let mut out = BTreeMap::new();
    for game in pgn.split("[Event ").skip(1) {
        let round = game
            .lines()
            .find_map(|l| {
                l.strip_prefix("[Round \"")
                    .and_then(|r| r.strip_suffix("\"]"))
            })
            .and_then(|r| r.parse().ok())
            .expect("Round tag");
        let body = game.split_once("\n\n").map(|(_, b)| b).unwrap_or("");
        let mut clean = String::new();
        let mut depth = 0;
        for c in body.chars() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ if depth == 0 => clean.push(c),
                _ => {}
            }
        }
        out.insert(
            round,
            clean.split_whitespace().collect::<Vec<_>>().join(" "),
        );
    }
    out
}

fn run(args: &[String]) -> String {
    let out = Command::new(oblique())
        .env_remove("OBLIQUE_NET")
        .args(args)
        .output()
        .expect("run oblique");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "oblique {args:?} failed:\n{text}");
    text
}

fn play_whole(dir: &Path) -> (String, String) {
    let pgn = dir.join("whole.pgn");
    let mut args = vec!["match".to_string()];
    args.extend(match_args());
    args.extend(["--pgn".to_string(), pgn.to_string_lossy().to_string()]);
    let out = run(&args);
    (std::fs::read_to_string(&pgn).expect("whole PGN"), out)
}

/// The score line of a report (`Score of A vs B: W - L - D [s] n`).
fn score_line(out: &str) -> String {
    out.lines()
        .find(|l| l.starts_with("Score of "))
        .unwrap_or_else(|| panic!("no score line in:\n{out}"))
        .to_string()
}

#[test]
fn slices_merge_into_the_whole_match() {
    let dir = scratch("shards");
    let (whole, whole_out) = play_whole(&dir);
    let mut files = Vec::new();
    for k in 1..=3 {
        let pgn = dir.join(format!("slice{k}.pgn"));
        let mut args = vec!["match".to_string()];
        args.extend(match_args());
        args.extend([
            "--shard".to_string(),
            format!("{k}/3"),
            "--pgn".to_string(),
            pgn.to_string_lossy().to_string(),
        ]);
        run(&args);
        files.push(pgn);
    }
    let mut merged = BTreeMap::new();
    for f in &files {
        let g = games_by_round(&std::fs::read_to_string(f).expect("slice PGN"));
        assert!(!g.is_empty() && g.len() <= 3, "{f:?}: {g:?}");
        merged.extend(g);
    }
    assert_eq!(merged, games_by_round(&whole));
    assert_eq!(merged.len(), 8);
    // The report over the slices gives the match's own score line.
    let mut args = vec!["match".to_string(), "report".to_string()];
    args.extend(files.iter().map(|f| f.to_string_lossy().to_string()));
    let report = run(&args);
    assert_eq!(score_line(&report), score_line(&whole_out));
    // Bad slices and reports are refused with a message.
    for bad in [vec!["--shard", "4/3"], vec!["--shard", "x"]] {
        let mut args = vec!["match".to_string()];
        args.extend(match_args());
        args.extend(bad.iter().map(|s| s.to_string()));
        let out = Command::new(oblique())
            .env_remove("OBLIQUE_NET")
            .args(&args)
            .output()
            .expect("run");
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("--shard takes K/N"));
    }
    let out = Command::new(oblique())
        .env_remove("OBLIQUE_NET")
        .args([
            "match",
            "report",
            &dir.join("missing.pgn").to_string_lossy(),
        ])
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}

fn python_with_ray() -> Option<PathBuf> {
    tools::require_python(&["ray"], "Ray for Python 3 (PyPI package ray)")
}

#[test]
fn ray_driver_plays_the_same_games() {
    let Some(python) = python_with_ray() else {
        return;
    };
    let dir = scratch("ray");
    let (whole, whole_out) = play_whole(&dir);
    let merged = dir.join("ray.pgn");
    let driver = Path::new(env!("CARGO_MANIFEST_DIR")).join("tools/ray_match.py");
    let mut cmd = Command::new(&python);
    cmd.env_remove("OBLIQUE_NET")
        .arg(&driver)
        .args(["--shards", "3", "--binary", oblique()])
        .args(["--pgn", &merged.to_string_lossy(), "--"])
        .args(match_args().iter().filter(|a| *a != "--quiet"))
        .env("RAY_USAGE_STATS_ENABLED", "0");
    let out = cmd.output().expect("run the Ray driver");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "Ray driver failed:\n{text}");
    let merged_text = std::fs::read_to_string(&merged).expect("merged PGN");
    assert_eq!(
        games_by_round(&merged_text),
        games_by_round(&whole),
        "{text}"
    );
    assert_eq!(score_line(&text), score_line(&whole_out));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A short self-play run for the network's records (fixed nodes: the same everywhere).
const NET_DATA_ARGS: [&str; 10] = [
    "--games",
    "7",
    "--nodes",
    "300",
    "--max-plies",
    "40",
    "--seed",
    "3",
    "--random-plies",
    "8",
];

fn net_data(dir: &Path, name: &str, extra: &[&str]) -> PathBuf {
    let out = dir.join(name);
    let mut args = vec!["net".to_string(), "data".to_string()];
    args.extend(NET_DATA_ARGS.iter().chain(extra).map(|s| s.to_string()));
    args.extend(["--out".to_string(), out.to_string_lossy().to_string()]);
    run(&args);
    out
}

#[test]
fn net_data_slices_merge_into_the_whole_file() {
    let dir = scratch("net-data");
    let whole = std::fs::read(net_data(&dir, "whole.txt", &["--threads", "2"])).expect("whole");
    assert!(!whole.is_empty());
    let slices: Vec<PathBuf> = (1..=3)
        .map(|k| {
            net_data(
                &dir,
                &format!("slice{k}.txt"),
                &["--shard", &format!("{k}/3")],
            )
        })
        .collect();
    let merged = dir.join("merged.txt");
    let mut args = vec!["net".to_string(), "merge".to_string()];
    // In any order.
    args.extend(slices.iter().rev().map(|p| p.to_string_lossy().to_string()));
    args.extend(["--out".to_string(), merged.to_string_lossy().to_string()]);
    run(&args);
    assert_eq!(std::fs::read(&merged).expect("merged"), whole);
    // Every game is in the slice its number names (K, K+3, ... from 1).
    for (k, p) in slices.iter().enumerate() {
        for line in std::fs::read_to_string(p).expect("slice").lines() {
            let game: usize = line
                .split(' ')
                .next()
                .and_then(|g| g.parse().ok())
                .expect("game");
            assert_eq!(game % 3, k, "{p:?}: {line}");
        }
    }
    // A slice that does not exist, and files that are not slices of one run, are refused.
    let bad = Command::new(oblique())
        .args(["net", "data", "--games", "3", "--shard", "4/3", "--out"])
        .arg(dir.join("bad.txt"))
        .output()
        .expect("run");
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--shard takes K/N"));
    let twice = Command::new(oblique())
        .args(["net", "merge"])
        .args([&slices[0], &slices[0]])
        .arg("--out")
        .arg(dir.join("twice.txt"))
        .output()
        .expect("run");
    assert_eq!(twice.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&twice.stderr).contains("is also in another file"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs `tools/ray_net_data.py` over three slices on a local Ray head node with `command`
/// (`data` or `relabel`) and its arguments into `out`; the driver's output, after it
/// succeeded.
fn ray_net_driver(python: &Path, command: &str, args: &[String], out: &Path) -> String {
    let driver = Path::new(env!("CARGO_MANIFEST_DIR")).join("tools/ray_net_data.py");
    let done = Command::new(python)
        .env_remove("OBLIQUE_NET")
        .arg(&driver)
        .args(["--shards", "3", "--binary", oblique(), "--command", command])
        .args(["--out", &out.to_string_lossy(), "--"])
        .args(args)
        .env("RAY_USAGE_STATS_ENABLED", "0")
        .output()
        .expect("run the Ray driver");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&done.stdout),
        String::from_utf8_lossy(&done.stderr)
    );
    assert!(
        done.status.success(),
        "Ray driver ({command}) failed:\n{text}"
    );
    text
}

#[test]
fn ray_driver_writes_the_same_net_data() {
    let Some(python) = python_with_ray() else {
        return;
    };
    let dir = scratch("ray-net-data");
    let whole = std::fs::read(net_data(&dir, "whole.txt", &[])).expect("whole");
    let merged = dir.join("ray.txt");
    let args = NET_DATA_ARGS.map(String::from);
    let text = ray_net_driver(&python, "data", &args, &merged);
    assert_eq!(std::fs::read(&merged).expect("merged"), whole, "{text}");
    assert!(!dir.join("ray.txt.slices").exists(), "slices left behind");
    // The same records scored again (`--command relabel`) give the one-process file too.
    let data = dir.join("whole.txt").to_string_lossy().to_string();
    let relabel = ["--data", &data, "--nodes", "300", "--every", "2"].map(String::from);
    let one = dir.join("relabel-one.txt");
    let mut args = vec!["net".to_string(), "relabel".to_string()];
    args.extend(relabel.iter().cloned());
    args.extend(["--out".to_string(), one.to_string_lossy().to_string()]);
    run(&args);
    let by_ray = dir.join("relabel-ray.txt");
    let text = ray_net_driver(&python, "relabel", &relabel, &by_ray);
    let one = std::fs::read(&one).expect("one process");
    assert!(!one.is_empty());
    assert_eq!(std::fs::read(&by_ray).expect("by Ray"), one, "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}
