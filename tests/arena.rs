//! `oblique match`: self-play in every game with a PGN the arbiter replays, games written in
//! files (the referee's `--variant-file`, the engines' own `--variant-file` or UCI
//! `VariantPath`), scripted fake engines that play an illegal move, time out and crash, a
//! match against Fairy-Max over XBoard, Ctrl-C, and argument errors.
//!
//! Oblique itself plays every game `oblique variants` lists (Star Trek chess included, through
//! `UCI_Variant`); a game its UCI front end cannot play fails the test (nothing stands in
//! for it, so a UCI regression in one game cannot pass as a match of random movers).

use oblique_engine::AnyPosition;
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

#[path = "common/child.rs"]
mod child;
#[path = "common/file_games.rs"]
mod file_games;
#[path = "common/match_pgn.rs"]
mod match_pgn;
#[path = "common/tools.rs"]
mod tools;

use child::report;
use match_pgn::PgnGame;

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_oblique")
}

fn fake() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/fake_engines/fake_uci.sh")
        .display()
        .to_string()
}

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("oblique-arena-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    let _ = std::fs::remove_file(&p);
    p
}

/// Whether `oblique uci` plays `variant`: it offers it through UCI_Variant and answers
/// `go depth 1` from the start position with a legal move. Asked once per game; `Err` says
/// what went wrong.
fn oblique_plays(variant: &str) -> Result<(), String> {
    static CACHE: OnceLock<Mutex<HashMap<String, Result<(), String>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(known) = cache.lock().unwrap().get(variant) {
        return known.clone();
    }
    let plays = probe_uci(variant);
    cache
        .lock()
        .unwrap()
        .insert(variant.to_string(), plays.clone());
    plays
}

fn probe_uci(variant: &str) -> Result<(), String> {
    let start = AnyPosition::new(variant, None).map_err(|e| format!("no start position: {e}"))?;
    let mut child = Command::new(bin())
        .env_remove("OBLIQUE_NET")
        .arg("uci")
        .env_remove("OBLIQUE_NET")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start `oblique uci`: {e}"))?;
    let mut stdin = child.stdin.take().ok_or("no stdin")?;
    let stdout = child.stdout.take().ok_or("no stdout")?;
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let script = format!(
        "uci\nsetoption name UCI_Variant value {variant}\nisready\nucinewgame\n\
         position fen {}\ngo depth 1\n",
        start.to_fen()
    );
    let _ = stdin.write_all(script.as_bytes());
    let _ = stdin.flush();
    // A bound on a hang, not a timing: a depth-1 answer takes milliseconds, but the tests
    // share two cores with release builds.
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut offered = false;
    let mut answer = None;
    let mut transcript = Vec::new();
    while let Some(left) = deadline.checked_duration_since(Instant::now()) {
        let Ok(line) = rx.recv_timeout(left) else {
            break;
        };
        transcript.push(line.clone());
        if line.starts_with("option name UCI_Variant") {
            offered = line.split_whitespace().any(|w| w == variant);
        }
        if let Some(m) = line.strip_prefix("bestmove ") {
            answer = m.split_whitespace().next().map(str::to_string);
            break;
        }
    }
    let _ = stdin.write_all(b"quit\n");
    drop(stdin);
    let _ = child.kill();
    let _ = child.wait();
    let said = transcript.join("\n");
    if !(offered || variant == "chess") {
        return Err(format!("UCI_Variant does not offer {variant}:\n{said}"));
    }
    let Some(m) = answer else {
        return Err(format!("no bestmove to `go depth 1` within 60 s:\n{said}"));
    };
    start
        .clone()
        .play(&m)
        .map(|_| ())
        .map_err(|e| format!("bestmove {m} is not legal ({e}):\n{said}"))
}

/// The engine command for Oblique over UCI in `variant`. The match tests are tests of
/// Oblique: when its UCI front end cannot play the game, the test fails (no stand-in).
fn oblique_uci(variant: &str) -> String {
    if let Err(why) = oblique_plays(variant) {
        panic!("`oblique uci` cannot play {variant}: {why}");
    }
    format!("{} uci name=Oblique", bin())
}

/// The arguments of a match between two engines: `--engine A --engine B --games N`.
fn two_engines<'a>(first: &'a str, second: &'a str, games: &'a str) -> Vec<&'a str> {
    vec!["--engine", first, "--engine", second, "--games", games]
}

/// `oblique match` between two engines, with further arguments.
fn match_between(first: &str, second: &str, games: &str, rest: &[&str]) -> Output {
    let mut args = two_engines(first, second, games);
    args.extend_from_slice(rest);
    run_match(&args)
}

fn run_match(args: &[&str]) -> Output {
    let out = Command::new(bin())
        .env_remove("OBLIQUE_NET")
        .arg("match")
        .args(args)
        .env("OBLIQUE_BIN", bin())
        .stdin(Stdio::null())
        .output()
        .expect("run oblique match");
    out
}

/// The games of a PGN file written by `oblique match`.
fn read_pgn(path: &Path) -> Vec<PgnGame> {
    match_pgn::parse(&std::fs::read_to_string(path).expect("read the PGN file"))
}

/// Replays every game through the arbiter and checks the result tag against it. Returns
/// the number of games.
fn check_pgn(path: &Path, variant: &str) -> Vec<PgnGame> {
    let games = read_pgn(path);
    for (n, g) in games.iter().enumerate() {
        let tag_variant = g.tags.get("Variant").map(String::as_str).unwrap_or("chess");
        assert_eq!(tag_variant, variant, "game {n}: Variant tag");
        let fen = g.tags.get("FEN").map(String::as_str);
        if variant != "chess" {
            assert!(fen.is_some(), "game {n}: variants carry FEN");
            assert_eq!(g.tags.get("SetUp").map(String::as_str), Some("1"));
        }
        let mut pos = AnyPosition::new(variant, fen).unwrap();
        for m in &g.moves {
            pos.play(m)
                .unwrap_or_else(|e| panic!("game {n}: move {m} does not replay: {e}\n{g:?}"));
        }
        assert_eq!(
            g.tags["Result"], g.result,
            "game {n}: Result tag = result token"
        );
        assert_eq!(
            g.tags["PlyCount"].parse::<usize>().unwrap(),
            g.moves.len(),
            "game {n}: PlyCount"
        );
        let term = g.tags["Termination"].as_str();
        let reason = g.comments.last().cloned().unwrap_or_default();
        match pos.outcome() {
            Some(o) => {
                assert_eq!(term, "normal", "game {n} is over by rule: {reason}");
                assert_eq!(g.result, o.result(), "game {n}: result by the arbiter");
                assert_eq!(reason, o.reason(), "game {n}: reason");
            }
            None => {
                // Not over by rule: adjudicated, forfeited or resigned.
                assert_ne!(term, "normal", "game {n}: {reason}");
                if term == "adjudication" {
                    assert_eq!(g.result, "1/2-1/2", "game {n}: {reason}");
                }
            }
        }
    }
    games
}

fn variants() -> Vec<String> {
    let out = Command::new(bin())
        .env_remove("OBLIQUE_NET")
        .arg("variants")
        .output()
        .unwrap();
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .skip(1)
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .collect()
}

fn self_play(variant: &str) {
    let engine = oblique_uci(variant);
    let pgn = tmp(&format!("self-{variant}.pgn"));
    let second = format!("{engine} name=Second");
    // Fixed depth: no clock, so a busy machine (these tests run side by side) cannot make
    // anyone forfeit on time; clocks are tested with the fake engines and Fairy-Max.
    let limit = ["--depth", "2"];
    let out = match_between(
        &engine,
        &second,
        "2",
        &[
            "--variant",
            variant,
            limit[0],
            limit[1],
            "--max-moves",
            "30",
            "--random-plies",
            "2",
            "--seed",
            "11",
            "--pgn",
            pgn.to_str().unwrap(),
        ],
    );
    assert!(out.status.success(), "{variant}: {}", report(&out));
    let games = check_pgn(&pgn, variant);
    assert_eq!(games.len(), 2, "{variant}: {}", report(&out));
    // Colours alternate and the opening is shared.
    assert_eq!(games[0].tags["White"], games[1].tags["Black"]);
    assert_eq!(games[0].moves[..2], games[1].moves[..2]);
    for g in &games {
        assert!(
            ["normal", "adjudication"].contains(&g.tags["Termination"].as_str()),
            "{variant}: nobody forfeits in self-play: {g:?}"
        );
    }
    println!("{variant}: self-play: ok");
}

#[test]
fn self_play_in_every_game_gives_a_legal_pgn() {
    let all = variants();
    assert!(all.len() >= 9, "{all:?}");
    // Two games at a time (the tests themselves run two at a time as well).
    std::thread::scope(|s| {
        for chunk in all.chunks(all.len().div_ceil(2)) {
            s.spawn(move || {
                for v in chunk {
                    self_play(v);
                }
            });
        }
    });
}

/// A match of the random mover against a misbehaving fake. The margin is generous so the
/// random mover (a shell script) never forfeits on a busy machine; the tests that need no
/// clock use `--depth`.
fn fake_match(mode: &str, limit: &[&str]) -> (Output, Vec<PgnGame>) {
    let pgn = tmp(&format!("fake-{mode}-{}.pgn", limit.join("")));
    let good = format!("{} random", fake());
    let bad = format!("{} {mode}", fake());
    let mut args = two_engines(&good, &bad, "2");
    args.extend_from_slice(&["--margin", "1000", "--pgn", pgn.to_str().unwrap()]);
    args.extend_from_slice(limit);
    let out = run_match(&args);
    assert!(out.status.success(), "{}", report(&out));
    let games = check_pgn(&pgn, "chess");
    assert_eq!(games.len(), 2, "{}", report(&out));
    (out, games)
}

/// Both games lost by the misbehaving engine (White in game 2), with this termination.
fn assert_forfeits(mode: &str, games: &[PgnGame], termination: &str, reason: &str) {
    let name = format!("Fake-{mode}");
    for g in games {
        assert_eq!(g.tags["Termination"], termination, "{g:?}");
        let lost = if g.tags["White"] == name {
            "0-1"
        } else {
            "1-0"
        };
        assert_eq!(g.result, lost, "{g:?}");
        let why = g.comments.last().unwrap();
        assert!(why.contains(reason), "'{why}' should say '{reason}'");
    }
    // The misbehaving engine played two moves in each game (its third went wrong): in the
    // second game it was a fresh process again.
    for g in games {
        let fake_white = g.tags["White"] == name;
        let expected_plies = if fake_white { 4 } else { 5 };
        assert_eq!(g.moves.len(), expected_plies, "{g:?}");
    }
}

#[test]
fn an_illegal_move_loses() {
    let (out, games) = fake_match("illegal", &["--depth", "1"]);
    assert_forfeits("illegal", &games, "rules infraction", "illegal move: a1a1");
    let so = String::from_utf8_lossy(&out.stdout);
    assert!(
        so.contains("Forfeits by Fake-illegal: illegal move x2"),
        "{so}"
    );
    assert!(
        so.contains("Score of Fake-random vs Fake-illegal: 2 - 0 - 0"),
        "{so}"
    );
}

#[test]
fn an_unreadable_move_loses() {
    let (_, games) = fake_match("garbage", &["--depth", "1"]);
    assert_forfeits("garbage", &games, "rules infraction", "illegal move: hello");
}

#[test]
fn a_slow_engine_loses_on_time() {
    let started = Instant::now();
    let (out, games) = fake_match("timeout", &["--movetime", "30"]);
    assert_forfeits("timeout", &games, "time forfeit", "loses on time");
    // The runner does not wait for the late answer (3 s per game): 30 ms + 1 s margin.
    assert!(
        started.elapsed() < Duration::from_millis(5500),
        "{}",
        report(&out)
    );
    let (_, games) = fake_match("timeout", &["--tc", "0.5+0.05"]);
    assert_forfeits("timeout", &games, "time forfeit", "loses on time");
}

#[test]
fn a_crashing_engine_loses_and_is_restarted() {
    let (out, games) = fake_match("crash", &["--depth", "1"]);
    assert_forfeits(
        "crash",
        &games,
        "abandoned",
        "engine crashed (exit status: 3)",
    );
    let so = String::from_utf8_lossy(&out.stdout);
    assert!(so.contains("Forfeits by Fake-crash: crash x2"), "{so}");
}

/// An engine whose `UCI_Chess960` is on by default castles king-takes-rook (Sjaak II 1.4.1
/// lost 9 of 20 orthodox games that way before the runner switched the option off); the
/// fake plays `e1h1`/`e8h8` on its third move unless told `UCI_Chess960` is false.
#[test]
fn an_engine_defaulting_to_chess960_is_switched_to_orthodox_castling() {
    let pgn = tmp("fake-chess960.pgn");
    let good = format!("{} random", fake());
    let bad = format!("{} chess960", fake());
    let mut args = two_engines(&good, &bad, "2");
    args.extend_from_slice(&["--depth", "1", "--max-moves", "4"]);
    args.extend_from_slice(&["--pgn", pgn.to_str().unwrap()]);
    let out = run_match(&args);
    assert!(out.status.success(), "{}", report(&out));
    let games = check_pgn(&pgn, "chess");
    assert_eq!(games.len(), 2, "{}", report(&out));
    for g in &games {
        assert_eq!(g.result, "1/2-1/2", "{g:?}");
        assert_ne!(g.tags["Termination"], "rules infraction", "{g:?}");
    }
}

#[test]
fn a_silent_engine_loses_as_stalled_under_depth() {
    let (_, games) = fake_match("silent", &["--depth", "2", "--stall-timeout", "1"]);
    assert_forfeits("silent", &games, "abandoned", "did not move within 1 s");
}

fn fairymax() -> Option<String> {
    tools::require(
        tools::find_program(&["fairymax"], &["/usr/games", "/usr/bin"]),
        "fairymax (Debian package fairymax)",
    )
    .map(|p| p.display().to_string())
}

#[test]
fn a_match_against_fairy_max_over_xboard() {
    let Some(fm) = fairymax() else { return };
    let engine = oblique_uci("chess");
    let pgn = tmp("fairymax.pgn");
    let fm = format!("{fm} proto=xboard");
    let out = match_between(
        &engine,
        &fm,
        "2",
        &[
            "--tc",
            "2+0.05",
            "--margin",
            "1000",
            "--max-moves",
            "60",
            "--concurrency",
            "2",
            "--pgn",
            pgn.to_str().unwrap(),
        ],
    );
    assert!(out.status.success(), "{}", report(&out));
    let games = check_pgn(&pgn, "chess");
    assert_eq!(games.len(), 2);
    for g in &games {
        let fm_side = if g.tags["White"].starts_with("Fairy-Max") {
            "White"
        } else {
            assert!(g.tags["Black"].starts_with("Fairy-Max"), "{g:?}");
            "Black"
        };
        // Fairy-Max keeps to the XBoard protocol and its clock (`level`, `time`, `otim`).
        let why = g.comments.last().unwrap();
        assert!(
            !why.starts_with(fm_side) || g.tags["Termination"] == "normal",
            "{why}"
        );
    }
    let so = String::from_utf8_lossy(&out.stdout);
    assert!(so.contains("(xboard)"), "{so}");
    println!("fairymax match: ok");
    // Fairy-Max has no `setboard`: a start position is refused before the match.
    let out = match_between(
        &engine,
        &fm,
        "2",
        &["--depth", "2", "--fen", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"],
    );
    assert_eq!(out.status.code(), Some(2), "{}", report(&out));
    assert!(String::from_utf8_lossy(&out.stderr).contains("setboard=0"));
}

#[test]
fn auto_detection_finds_xboard_and_uci() {
    let Some(fm) = fairymax() else { return };
    let rnd = format!("{} random", fake());
    let out = match_between(&rnd, &fm, "1", &["--depth", "1", "--max-moves", "3"]);
    assert!(out.status.success(), "{}", report(&out));
    let so = String::from_utf8_lossy(&out.stdout);
    assert!(so.contains("fake_uci.sh random (uci)"), "{so}");
    assert!(so.contains("fairymax (xboard)"), "{so}");
}

#[test]
fn sprt_report_and_openings_file() {
    let openings = tmp("openings.txt");
    std::fs::write(
        &openings,
        "# two openings\ne2e4 e7e5\nrnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\n",
    )
    .unwrap();
    let pgn = tmp("sprt.pgn");
    let a = format!("{} random", fake());
    let b = format!("{} random name=Other", fake());
    let out = match_between(
        &a,
        &b,
        "4",
        &[
            "--depth",
            "1",
            "--max-moves",
            "10",
            "--openings",
            openings.to_str().unwrap(),
            "--sprt",
            "elo0=0,elo1=10",
            "--pgn",
            pgn.to_str().unwrap(),
        ],
    );
    assert!(out.status.success(), "{}", report(&out));
    let so = String::from_utf8_lossy(&out.stdout);
    assert!(so.contains("SPRT: llr"), "{so}");
    assert!(so.contains("lbound -2.94, ubound 2.94"), "{so}");
    assert!(so.contains("Elo difference:"), "{so}");
    let games = check_pgn(&pgn, "chess");
    assert_eq!(games.len(), 4);
    assert_eq!(games[0].moves[..2], ["e2e4", "e7e5"]);
    assert_eq!(games[1].moves[..2], ["e2e4", "e7e5"]);
    assert!(!games[0].tags.contains_key("FEN"));
    assert_eq!(
        games[2].tags["FEN"],
        "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1"
    );
    assert_eq!(games[2].tags["FEN"], games[3].tags["FEN"]);
    assert_eq!(games[2].tags["White"], games[3].tags["Black"]);
}

#[test]
fn ctrl_c_keeps_the_finished_games() {
    let pgn = tmp("interrupted.pgn");
    let a = format!("{} random", fake());
    let b = format!("{} random name=Other", fake());
    let child = Command::new(bin())
        .env_remove("OBLIQUE_NET")
        .args(["match", "--engine", &a, "--engine", &b, "--games", "200"])
        .args(["--depth", "1", "--max-moves", "4", "--pgn"])
        .arg(&pgn)
        .env("OBLIQUE_BIN", bin())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while read_pgn_if_any(&pgn) < 2 {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "no game finished"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    // SIGINT, as Ctrl-C at a terminal sends.
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", report(&out));
    let so = String::from_utf8_lossy(&out.stdout);
    let games = check_pgn(&pgn, "chess");
    assert!(games.len() >= 2 && games.len() < 200);
    assert!(
        so.contains(&format!(
            "Interrupted: {} of 200 games finished",
            games.len()
        )),
        "{so}"
    );
}

fn read_pgn_if_any(p: &Path) -> usize {
    std::fs::read_to_string(p)
        .map(|s| s.matches("[Event ").count())
        .unwrap_or(0)
}

#[test]
fn bad_arguments_are_reported() {
    let rnd = format!("{} random", fake());
    for (args, msg) in [
        (
            vec!["--engine", &rnd, "--games", "2", "--depth", "2"],
            "at least two --engine",
        ),
        (
            vec![
                "--engine",
                &rnd,
                "--engine",
                &rnd,
                "--engine",
                &rnd,
                "--games",
                "2",
                "--depth",
                "2",
                "--sprt",
                "elo0=0,elo1=5",
            ],
            "--sprt needs exactly two engines",
        ),
        (
            vec![
                "--engine",
                "/nonexistent/engine",
                "--engine",
                &rnd,
                "--games",
                "2",
                "--depth",
                "2",
            ],
            "cannot start '/nonexistent/engine'",
        ),
        (
            vec![
                "--variant",
                "nosuch",
                "--engine",
                &rnd,
                "--engine",
                &rnd,
                "--games",
                "2",
                "--depth",
                "2",
            ],
            "unknown variant",
        ),
        (
            vec![
                "--engine", &rnd, "--engine", &rnd, "--games", "2", "--tc", "fast",
            ],
            "--tc",
        ),
    ] {
        let out = run_match(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", report(&out));
        let se = String::from_utf8_lossy(&out.stderr);
        assert!(se.contains(msg), "{args:?}: {se}");
    }
    // A UCI engine that does not offer the game (no UCI_Variant, as an orthodox engine) is
    // refused before the match.
    let orthodox = format!("{} orthodox", fake());
    let out = match_between(
        &orthodox,
        &rnd,
        "2",
        &["--variant", "slanted", "--depth", "2"],
    );
    assert_eq!(out.status.code(), Some(2), "{}", report(&out));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("does not play slanted"),
        "{}",
        report(&out)
    );
}

#[test]
fn oblique_over_xboard_meets_oblique_over_uci_in_a_black_first_game() {
    // Fails (naming what went wrong) when the UCI side cannot play the game.
    oblique_uci("minislanted");
    let pgn = tmp("xboard-uci.pgn");
    let xb = format!("{} xboard name=XB", bin());
    let uci = format!("{} uci name=UCI", bin());
    let out = match_between(
        &xb,
        &uci,
        "2",
        &[
            "--variant",
            "minislanted",
            "--depth",
            "2",
            "--random-plies",
            "3",
            "--max-moves",
            "25",
            "--pgn",
            pgn.to_str().unwrap(),
        ],
    );
    assert!(out.status.success(), "{}", report(&out));
    let so = String::from_utf8_lossy(&out.stdout);
    assert!(so.contains("(xboard)") && so.contains("(uci)"), "{so}");
    let games = check_pgn(&pgn, "minislanted");
    assert_eq!(games.len(), 2);
    for g in &games {
        assert!(
            ["normal", "adjudication"].contains(&g.tags["Termination"].as_str()),
            "{g:?}"
        );
    }
}

/// `oblique --variant-file FILE match ...`: the referee loads the file (its one game is the
/// match's game without `--variant`), and each engine is told the game its own way.
fn file_game_match(file: &Path, game: &str, first: &str, second: &str, extra: &[&str]) {
    file_games::register(file);
    let pgn = tmp(&format!("file-{game}.pgn"));
    let mut args = vec![
        "--variant-file",
        file.to_str().unwrap(),
        "match",
        "--engine",
        first,
        "--engine",
        second,
        "--games",
        "2",
        "--depth",
        "2",
        "--random-plies",
        "2",
        "--seed",
        "5",
        "--max-moves",
        "200",
        "--pgn",
        pgn.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let out = Command::new(bin())
        .env_remove("OBLIQUE_NET")
        .args(&args)
        .stdin(Stdio::null())
        .output()
        .expect("run oblique match");
    assert!(out.status.success(), "{game}: {}", report(&out));
    let games = check_pgn(&pgn, game);
    assert_eq!(games.len(), 2, "{game}: {}", report(&out));
    for g in &games {
        assert!(
            ["normal", "adjudication"].contains(&g.tags["Termination"].as_str()),
            "{game}: nobody forfeits: {g:?}"
        );
    }
    println!(
        "{game}: {} and {} plies, {} and {}",
        games[0].moves.len(),
        games[1].moves.len(),
        games[0].result,
        games[1].result
    );
}

#[test]
fn a_match_in_a_game_from_a_file() {
    // Capablanca (10x8) from the shipped file, the match's game by default: one engine is
    // given the file on its command line, the other over UCI (`VariantPath`, then
    // `UCI_Variant`).
    let file = file_games::capablanca_file();
    let f = file.to_str().unwrap();
    file_game_match(
        &file,
        "capablanca",
        &format!("{} --variant-file {f} uci name=ByFlag", bin()),
        &format!("{} uci option.VariantPath={f} name=ByOption", bin()),
        &[],
    );
    // A game of the test's own, named with --variant: plain `oblique uci`, to which the
    // runner hands the file (it offers VariantPath and lacks the game), against Oblique
    // over XBoard with the file on its command line.
    let file = file_games::khon_chess_file();
    let f = file.to_str().unwrap();
    file_game_match(
        &file,
        file_games::KHON_CHESS_NAME,
        &format!("{} uci name=Handed", bin()),
        &format!("{} --variant-file {f} xboard name=XB", bin()),
        &["--variant", file_games::KHON_CHESS_NAME],
    );
}

#[test]
fn an_engine_without_the_file_game_is_refused() {
    // An XBoard engine cannot be handed a file: the match stops before any game, naming it.
    let file = file_games::khon_chess_file();
    let out = Command::new(bin())
        .env_remove("OBLIQUE_NET")
        .args(["--variant-file", file.to_str().unwrap(), "match"])
        .args(two_engines(
            &format!("{} xboard name=Blind", bin()),
            &format!("{} uci", bin()),
            "1",
        ))
        .args(["--depth", "1"])
        .stdin(Stdio::null())
        .output()
        .expect("run oblique match");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{}", report(&out));
    assert!(
        err.contains("Blind") && err.contains(file_games::KHON_CHESS_NAME),
        "{}",
        report(&out)
    );
}
