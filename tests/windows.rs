//! The Windows engine for WinBoard users, proven under Wine: the `.exe` is cross-built here
//! (`x86_64-pc-windows-gnu`, profile `wintest`: release code without fat LTO, which would
//! add some 15 minutes on CI's two cores) and then
//! - answers the UCI and XBoard handshakes, fed Windows line ends (`\r\n`), naming the
//!   version and the commit it was built from, as the Linux build does;
//! - plays a complete `oblique match` game against the Linux build in orthodox chess,
//!   Slanted Escalator Chess and Star Trek chess, refereed by the Linux arbiter, with no
//!   illegal move and no time loss (the PGN is replayed here through `AnyPosition`);
//! - plays a full game hosted by real XBoard under Xvfb (`-fcp "wine oblique.exe"`), with
//!   XBoard's own legality testing on, against the Linux build.
//!
//! Wine runs in a prefix of its own under `target/` (`WINEDEBUG=-all`; its first start takes
//! a while). When Wine, the MinGW-w64 linker, the Rust target, XBoard or Xvfb is missing the
//! tests skip with the reason, except under `CI=true`, where they fail
//! (`.ci/install-windows-tools` and `.ci/install-test-tools` install them).

use oblique_engine::{AnyPosition, Color};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

#[path = "common/child.rs"]
mod child;
#[path = "common/match_pgn.rs"]
mod match_pgn;
#[path = "common/tools.rs"]
mod tools;
#[path = "common/xboard_host.rs"]
mod xboard_host;

use child::{report, scratch_dir, tail, wait_with_limit};
use xboard_host::{engine_moves, Xvfb};

const TARGET: &str = "x86_64-pc-windows-gnu";
const PROFILE: &str = "wintest";
/// How long one scripted protocol exchange may take under Wine on a loaded two-core machine
/// (a cold Wine start alone can take several seconds).
const EXCHANGE: Duration = Duration::from_secs(60);
/// How long one match game may take: two clocks of 8 s + 0.1 s a move over at most 120
/// moves come to about 40 s; the rest is for Wine and a loaded machine.
const GAME: Duration = Duration::from_secs(300);

/// One game at a time: two cores, two engines.
static SERIAL: Mutex<()> = Mutex::new(());

fn linux_bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_oblique"))
}

/// The target directory this test was built in (`<target>/<profile>/oblique`).
fn target_dir() -> PathBuf {
    let bin = linux_bin();
    bin.parent()
        .and_then(Path::parent)
        .map(Path::to_path_buf)
        .expect("the test binary's target directory")
}

/// Finds a program on PATH or in /usr/games (Debian's home for xboard).
fn find_tool(name: &str) -> Option<PathBuf> {
    tools::find_program(&[name], &["/usr/games", "/usr/bin"])
}

/// A missing tool, through the tests' one rule (`tests/common/tools.rs`): fails under CI,
/// skips with a `SKIPPED:` line elsewhere.
fn missing(why: &str, installer: &str) {
    tools::require_from::<()>(None, why, installer);
}

/// The Windows build, ready to run under Wine.
struct Wine {
    wine: PathBuf,
    exe: PathBuf,
    prefix: PathBuf,
}

impl Wine {
    /// Wine's environment: a prefix of our own, no debug chatter, and no offer to install
    /// Mono or Gecko (which this machine could not download anyway).
    fn env(&self, cmd: &mut Command) {
        cmd.env("WINEPREFIX", &self.prefix)
            .env("WINEDEBUG", "-all")
            .env("WINEDLLOVERRIDES", "mscoree,mshtml=");
    }

    /// `wine oblique.exe ARGS`.
    fn oblique(&self, args: &[&str]) -> Command {
        let mut cmd = Command::new(&self.wine);
        cmd.arg(&self.exe).args(args);
        self.env(&mut cmd);
        cmd
    }

    /// The engine's command line as a GUI or `oblique match` takes it.
    fn command_line(&self) -> String {
        format!("{} {}", self.wine.display(), self.exe.display())
    }
}

/// The Windows build under Wine, built and its prefix made on first use; `None` (after
/// saying why) when a tool is missing outside CI.
fn wine() -> Option<&'static Wine> {
    static WINE: OnceLock<Result<Wine, String>> = OnceLock::new();
    match WINE.get_or_init(prepare) {
        Ok(w) => Some(w),
        Err(why) => {
            missing(why, ".ci/install-windows-tools");
            None
        }
    }
}

/// Checks the tools, cross-builds the `.exe` and makes the Wine prefix. A missing tool is
/// an `Err`; a failing build or Wine that does not start is a test failure.
fn prepare() -> Result<Wine, String> {
    let wine = find_tool("wine").ok_or("wine is not installed")?;
    find_tool("x86_64-w64-mingw32-gcc")
        .ok_or("the MinGW-w64 linker (x86_64-w64-mingw32-gcc) is not installed")?;
    if let Ok(out) = Command::new("rustup")
        .args(["target", "list", "--installed"])
        .output()
    {
        if !String::from_utf8_lossy(&out.stdout)
            .lines()
            .any(|l| l.trim() == TARGET)
        {
            return Err(format!("the Rust target {TARGET} is not installed"));
        }
    }
    let target = target_dir();
    let started = Instant::now();
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let out = Command::new(cargo)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["build", "--profile", PROFILE, "--target", TARGET])
        .args(["--bin", "oblique", "--target-dir"])
        .arg(&target)
        .stdin(Stdio::null())
        .output()
        .expect("run cargo");
    assert!(
        out.status.success(),
        "cargo build --profile {PROFILE} --target {TARGET} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    eprintln!(
        "windows: built the .exe in {:.0} s",
        started.elapsed().as_secs_f64()
    );
    let exe = target.join(TARGET).join(PROFILE).join("oblique.exe");
    assert!(exe.is_file(), "{} was not built", exe.display());
    let w = Wine {
        wine,
        exe,
        prefix: target.join("wine-prefix"),
    };
    // The prefix is made (or brought up to date) once, before any engine starts.
    let started = Instant::now();
    let mut boot = Command::new(&w.wine);
    boot.args(["wineboot", "--init"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    w.env(&mut boot);
    let mut child = boot.spawn().expect("start wine");
    let status = wait_with_limit(&mut child, Duration::from_secs(600));
    assert!(
        status.is_some_and(|s| s.success()),
        "wineboot did not set up {} within 10 minutes: {status:?}",
        w.prefix.display()
    );
    install_process_prng(&w.prefix);
    keep_one_server(&w);
    eprintln!(
        "windows: Wine prefix ready in {:.0} s",
        started.elapsed().as_secs_f64()
    );
    Ok(w)
}

/// One Wine server for the whole run, kept 30 s after its last client: every engine start
/// then finds it running instead of racing one that is shutting down. The server wineboot
/// started is waited out first (a running server keeps its own persistence).
fn keep_one_server(w: &Wine) {
    let Some(server) = find_tool("wineserver") else {
        return;
    };
    for args in [["-w"], ["-p30"]] {
        let mut cmd = Command::new(&server);
        cmd.args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        w.env(&mut cmd);
        let _ = cmd.status();
    }
}

/// Rust's standard library (1.78 on) draws its random seeds from `ProcessPrng` in
/// `bcryptprimitives.dll`, which every Windows from 10 on has but Wine before 9.0 does not
/// (Debian 12 ships Wine 8.0: the `.exe` would not even start). Where the prefix lacks the
/// DLL, a stand-in is built here with MinGW-w64 and put in its `system32`: `ProcessPrng`
/// filled by `RtlGenRandom` (advapi32's `SystemFunction036`), which Wine has. It exists only
/// in the test's prefix, never in the release archives.
const PROCESS_PRNG_C: &str = r#"#include <windows.h>
BOOLEAN NTAPI SystemFunction036(PVOID buffer, ULONG length);
__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
"#;

fn install_process_prng(prefix: &Path) {
    let system32 = prefix.join("drive_c/windows/system32");
    let dll = system32.join("bcryptprimitives.dll");
    if dll.exists() {
        return;
    }
    let dir = target_dir().join("wine-shim");
    std::fs::create_dir_all(&dir).expect("shim dir");
    let source = dir.join("bcryptprimitives.c");
    std::fs::write(&source, PROCESS_PRNG_C).expect("write the shim's source");
    let built = dir.join("bcryptprimitives.dll");
    let out = Command::new("x86_64-w64-mingw32-gcc")
        .args(["-shared", "-O2", "-s", "-o"])
        .arg(&built)
        .arg(&source)
        .arg("-ladvapi32")
        .output()
        .expect("run x86_64-w64-mingw32-gcc");
    assert!(
        out.status.success(),
        "building bcryptprimitives.dll failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::copy(&built, &dll).expect("copy bcryptprimitives.dll into the prefix");
    eprintln!("windows: this Wine lacks bcryptprimitives.dll; the stand-in is in the prefix");
}

/// The version line both builds must print: the version and the commit of this checkout,
/// from git (or "unknown" where git or `.git` is missing).
fn expected_version() -> String {
    let commit = std::env::var("OBLIQUE_COMMIT")
        .ok()
        .filter(|c| !c.trim().is_empty())
        .or_else(|| {
            let out = Command::new("git")
                .current_dir(env!("CARGO_MANIFEST_DIR"))
                .args(["rev-parse", "--short", "HEAD"])
                .output()
                .ok()?;
            let c = String::from_utf8(out.stdout).ok()?.trim().to_string();
            (out.status.success() && !c.is_empty()).then_some(c)
        })
        .unwrap_or_else(|| "unknown".to_string());
    format!("{} (commit {commit})", env!("CARGO_PKG_VERSION"))
}

/// A running engine fed a script, its output lines on a channel.
struct Session {
    child: Child,
    lines: Receiver<String>,
    seen: Vec<String>,
}

impl Session {
    fn start(mut cmd: Command) -> Session {
        let mut child = cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start the engine");
        let stdout = child.stdout.take().expect("engine stdout");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Session {
            child,
            lines,
            seen: Vec::new(),
        }
    }

    /// Sends `text` as it is (its line ends included).
    fn send(&mut self, text: &str) {
        let stdin = self.child.stdin.as_mut().expect("engine stdin");
        stdin
            .write_all(text.as_bytes())
            .expect("write to the engine");
        stdin.flush().expect("flush to the engine");
    }

    /// Reads until a line satisfies `want` and returns it; panics with what was seen after
    /// `EXCHANGE`.
    fn until(&mut self, what: &str, want: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + EXCHANGE;
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    if want(&line) {
                        return line;
                    }
                }
                Err(_) => break,
            }
        }
        panic!("no {what}; the engine said:\n{}", self.seen.join("\n"));
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.child.stdin.take();
        if wait_with_limit(&mut self.child, Duration::from_secs(20)).is_none() {
            eprintln!("the engine did not quit within 20 s; killed");
        }
    }
}

/// UCI with `\r\n` line ends: the handshake names this build, and a Slanted Escalator
/// Chess search from a position after two moves answers a legal move.
fn uci_exchange(cmd: Command) {
    let mut s = Session::start(cmd);
    s.send("uci\r\n");
    let name = s.until("id name", |l| l.starts_with("id name "));
    assert_eq!(
        name,
        format!("id name Oblique {}", build_name()),
        "UCI id name"
    );
    s.until("uciok", |l| l == "uciok");
    s.send("setoption name UCI_Variant value slanted\r\nisready\r\n");
    s.until("readyok", |l| l == "readyok");
    let start = AnyPosition::new("slanted", None).expect("slanted start");
    let moves = two_moves(&start);
    s.send(&format!(
        "ucinewgame\r\nposition startpos moves {}\r\ngo depth 4\r\n",
        moves.join(" ")
    ));
    let best = s.until("bestmove", |l| l.starts_with("bestmove "));
    let m = best.split_whitespace().nth(1).unwrap_or("");
    let mut pos = start;
    for mv in &moves {
        pos.play(mv).expect("replay");
    }
    assert!(pos.play(m).is_ok(), "{m} is not legal after {moves:?}");
    s.send("quit\r\n");
}

/// XBoard with `\r\n` line ends: `feature myname` names this build, the session ends its
/// feature list with `done=1`, and after `usermove e2e4` the engine answers a legal move.
fn xboard_exchange(cmd: Command) {
    let mut s = Session::start(cmd);
    s.send("xboard\r\nprotover 2\r\n");
    let features = s.until("feature myname", |l| l.contains("myname="));
    let want = format!("myname=\"Oblique {}\"", build_name());
    assert!(features.contains(&want), "{features:?} lacks {want}");
    s.until("feature done=1", |l| l.contains("done=1"));
    s.send("new\r\nforce\r\nusermove e2e4\r\nsd 4\r\ngo\r\n");
    let reply = s.until("move", |l| l.starts_with("move "));
    let m = reply.trim_start_matches("move ").trim();
    let mut pos = AnyPosition::new("chess", None).expect("chess start");
    pos.play("e2e4").expect("e2e4");
    assert!(pos.play(m).is_ok(), "{m} is not legal after e2e4");
    s.send("quit\r\n");
}

/// "VERSION (COMMIT)": the name GUIs show after "Oblique ".
fn build_name() -> String {
    expected_version().replace("(commit ", "(")
}

/// The first legal move, then the first legal answer: a position off the start.
fn two_moves(start: &AnyPosition) -> Vec<String> {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for _ in 0..2 {
        let m = pos
            .legal_moves_text()
            .into_iter()
            .next()
            .expect("a legal move");
        pos.play(&m).expect("legal");
        moves.push(m);
    }
    moves
}

#[test]
fn linux_build_reads_windows_line_ends_and_names_its_commit() {
    let out = Command::new(linux_bin()).arg("--version").output().unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        format!("oblique {}", expected_version())
    );
    let mut uci = Command::new(linux_bin());
    uci.arg("uci");
    uci_exchange(uci);
    let mut xboard = Command::new(linux_bin());
    xboard.arg("xboard");
    xboard_exchange(xboard);
}

#[test]
fn windows_build_answers_the_uci_and_xboard_handshakes_under_wine() {
    let Some(w) = wine() else { return };
    // Once in CI (2026-11-27, the five Wine tests starting together right after the prefix
    // was made) the first `--version` came back with no output at all; the rerun passed.
    // An empty answer is therefore asked once more, after saying so; any other answer is
    // checked as it came.
    let version = || {
        let out = w.oblique(&["--version"]).stdin(Stdio::null()).output();
        out.expect("run the .exe under wine")
    };
    let mut out = version();
    if out.stdout.is_empty() {
        eprintln!(
            "--version under wine said nothing ({}); asking again",
            report(&out)
        );
        out = version();
    }
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        format!("oblique {}", expected_version()),
        "--version of the .exe: {}",
        report(&out)
    );
    // Without a subcommand the first command chooses the protocol, as WinBoard starts it.
    uci_exchange(w.oblique(&[]));
    xboard_exchange(w.oblique(&[]));
}

/// One `oblique match` game between the Windows build (under Wine) and the Linux build,
/// refereed by the Linux arbiter on a real clock; `windows_first` gives the `.exe` the
/// first move. The game must end by rule or by adjudication (no forfeit of any kind), and
/// every move must replay here.
fn windows_against_linux(variant: &str, windows_first: bool) {
    let Some(w) = wine() else { return };
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let dir = scratch_dir(&format!("windows-match-{variant}"));
    let pgn = dir.join("game.pgn");
    let windows = format!("{} uci name=Windows", w.command_line());
    let linux = format!("{} uci name=Linux", linux_bin().display());
    let (first, second) = if windows_first {
        (&windows, &linux)
    } else {
        (&linux, &windows)
    };
    let mut cmd = Command::new(linux_bin());
    cmd.arg("match")
        .args(["--engine", first, "--engine", second, "--games", "1"])
        .args(["--variant", variant, "--tc", "8+0.1"])
        .args(["--max-moves", "120", "--resign", "4:1500"])
        .args(["--random-plies", "2", "--seed", "36"])
        .arg("--pgn")
        .arg(&pgn)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    w.env(&mut cmd);
    let started = Instant::now();
    let out = cmd.output().expect("run oblique match");
    let took = started.elapsed();
    assert!(out.status.success(), "{variant}: {}", report(&out));
    assert!(took < GAME, "{variant}: the game took {took:?}");
    let text = std::fs::read_to_string(&pgn)
        .unwrap_or_else(|e| panic!("{variant}: no PGN ({e}): {}", report(&out)));
    let games = match_pgn::parse(&text);
    assert_eq!(games.len(), 1, "{variant}: {text}");
    let g = &games[0];
    let (white, black) = (g.tags["White"].as_str(), g.tags["Black"].as_str());
    let mover = if windows_first { "Windows" } else { "Linux" };
    let first_name = if variant_black_first(variant) {
        black
    } else {
        white
    };
    assert_eq!(first_name, mover, "{variant}: who moved first:\n{text}");
    assert_eq!(
        g.tags.get("Variant").map(String::as_str).unwrap_or("chess"),
        variant
    );
    let term = g.tags.get("Termination").map(String::as_str).unwrap_or("");
    assert!(
        ["normal", "adjudication"].contains(&term),
        "{variant}: the game ended by {term:?}, not by rule or adjudication:\n{text}"
    );
    let mut pos =
        AnyPosition::new(variant, g.tags.get("FEN").map(String::as_str)).expect("start position");
    for (i, m) in g.moves.iter().enumerate() {
        pos.play(m)
            .unwrap_or_else(|e| panic!("{variant}: ply {} ({m}) is illegal: {e}\n{text}", i + 1));
    }
    assert!(g.moves.len() > 2, "{variant}: no engine move:\n{text}");
    match pos.outcome() {
        Some(o) => {
            assert_eq!(term, "normal", "{variant}: {text}");
            assert_eq!(g.result, o.result(), "{variant}: result by rule: {text}");
        }
        None => assert_eq!(term, "adjudication", "{variant}: {text}"),
    }
    assert_eq!(g.tags["Result"], g.result, "{variant}: Result tag");
    eprintln!(
        "{variant}: Windows against Linux, {} plies, {} ({term}) in {:.0} s",
        g.moves.len(),
        g.result,
        took.as_secs_f64()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Whether Black moves first in `variant` (from its start position's FEN).
fn variant_black_first(variant: &str) -> bool {
    let fen = AnyPosition::new(variant, None).expect("variant").to_fen();
    fen.split_whitespace().nth(1) == Some("b")
}

#[test]
fn windows_build_plays_orthodox_chess_against_linux() {
    windows_against_linux("chess", true);
}

#[test]
fn windows_build_plays_slanted_escalator_chess_against_linux() {
    windows_against_linux("slanted", false);
}

#[test]
fn windows_build_plays_star_trek_chess_against_linux() {
    windows_against_linux("startrek", true);
}

/// `oblique.exe match` itself under Wine: the match runner starts Windows engine processes
/// (in a new console process group, `arena/src/process.rs`), one named by a quoted Windows
/// path with backslashes, and writes a PGN whose games replay here.
#[test]
fn windows_match_runner_plays_windows_engines() {
    let Some(w) = wine() else { return };
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let dir = scratch_dir("windows-runner");
    let pgn = dir.join("games.pgn");
    // The .exe as Windows names it under Wine: drive Z: is the Linux root.
    let windows_path = format!("Z:{}", w.exe.display()).replace('/', "\\");
    let out = w
        .oblique(&["match", "--engine"])
        .arg(format!("'{windows_path}' uci name=A"))
        .arg("--engine")
        .arg(format!("'{windows_path}' xboard name=B"))
        .args(["--games", "2", "--depth", "2", "--max-moves", "12"])
        .args(["--variant", "slanted", "--random-plies", "2", "--seed", "7"])
        .arg("--pgn")
        .arg(format!("Z:{}", pgn.display()))
        .stdin(Stdio::null())
        .output()
        .expect("run oblique.exe match under wine");
    assert!(out.status.success(), "{}", report(&out));
    let text =
        std::fs::read_to_string(&pgn).unwrap_or_else(|e| panic!("no PGN ({e}): {}", report(&out)));
    let games = match_pgn::parse(&text);
    assert_eq!(games.len(), 2, "{text}");
    for g in &games {
        let mut pos = AnyPosition::new("slanted", g.tags.get("FEN").map(String::as_str))
            .expect("start position");
        for m in &g.moves {
            pos.play(m)
                .unwrap_or_else(|e| panic!("{m} does not replay: {e}\n{text}"));
        }
        match pos.outcome() {
            Some(o) => assert_eq!(g.result, o.result(), "{text}"),
            None => {
                assert_eq!(g.moves.len(), 24, "a draw by the 12-move limit:\n{text}");
                assert_eq!(g.result, "1/2-1/2", "{text}");
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn xboard_hosts_a_game_of_the_windows_build_under_wine() {
    let Some(w) = wine() else { return };
    let Some(xboard) = find_tool("xboard") else {
        return missing("xboard is not installed", ".ci/install-test-tools");
    };
    let Some(xvfb) = find_tool("Xvfb") else {
        return missing("Xvfb is not installed", ".ci/install-test-tools");
    };
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let dir = scratch_dir("windows-xboard");
    let x = Xvfb::start(&xvfb, 600);
    let pgn_path = dir.join("game.pgn");
    let debug_path = dir.join("xboard.debug");
    let mut cmd = Command::new(&xboard);
    // A HOME of its own: XBoard reads (and could write) ~/.xboardrc there.
    cmd.current_dir(&dir)
        .env("HOME", &dir)
        .env("DISPLAY", &x.display)
        .args(["-saveSettingsOnExit", "false", "-testLegality", "true"])
        .args(["-fcp", &w.command_line(), "-fd", &dir.to_string_lossy()])
        .args(["-scp", &linux_bin().to_string_lossy()])
        .args(["-sd", &dir.to_string_lossy()])
        .args(["-variant", "normal", "-matchGames", "1"])
        .args(["-saveGameFile", &pgn_path.to_string_lossy()])
        .args(["-timeControl", "0:10", "-timeIncrement", "0.1"])
        .args(["-adjudicateDrawMoves", "100"])
        .args(["-debug", "-nameOfDebugFile", &debug_path.to_string_lossy()])
        .args([
            "-noGUI",
            "-popupExitMessage",
            "false",
            "-autoCallFlag",
            "true",
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    w.env(&mut cmd);
    let started = Instant::now();
    let mut child = cmd.spawn().expect("start xboard");
    let status = wait_with_limit(&mut child, GAME);
    drop(x);
    let debug = std::fs::read_to_string(&debug_path).unwrap_or_default();
    assert!(
        status.is_some(),
        "xboard did not finish within {GAME:?}; debug log tail:\n{}",
        tail(&debug, 40)
    );
    let pgn_text = std::fs::read_to_string(&pgn_path)
        .unwrap_or_else(|_| panic!("no PGN saved; debug log tail:\n{}", tail(&debug, 40)));
    assert!(
        debug.contains(">first : xboard") || debug.contains(">first : protover"),
        "XBoard never spoke to the Windows engine:\n{}",
        tail(&debug, 40)
    );
    assert!(
        !debug.contains("Illegal move") && !debug.contains("Forfeit"),
        "XBoard saw an illegal move:\n{}",
        tail(&debug, 30)
    );
    for lost_on_time in ["on time", "flag fell"] {
        assert!(
            !pgn_text.contains(lost_on_time) && !debug.contains(lost_on_time),
            "a time loss ({lost_on_time}):\n{pgn_text}\n{}",
            tail(&debug, 30)
        );
    }
    let games = match_pgn::parse(&pgn_text);
    assert_eq!(games.len(), 1, "{pgn_text}");
    let g = &games[0];
    // Both players named as the engines name themselves: this build, version and commit.
    let name = format!("Oblique {}", build_name());
    assert_eq!(g.tags["White"], name, "{pgn_text}");
    assert_eq!(g.tags["Black"], name, "{pgn_text}");
    let moves = engine_moves(&debug);
    let mut pos = AnyPosition::new("chess", None).expect("chess");
    for (i, m) in moves.iter().enumerate() {
        pos.play(m)
            .unwrap_or_else(|e| panic!("ply {} ({m}) is illegal: {e}\n{pgn_text}", i + 1));
    }
    assert_eq!(g.moves.len(), moves.len(), "PGN and debug log:\n{pgn_text}");
    assert_eq!(g.tags["Result"], g.result, "{pgn_text}");
    match pos.outcome() {
        Some(o) => assert_eq!(
            g.result,
            o.result(),
            "by rule ({}):\n{pgn_text}",
            o.reason()
        ),
        None => assert_eq!(
            g.result, "1/2-1/2",
            "not over by rule, so only XBoard's draw adjudication may end it:\n{pgn_text}"
        ),
    }
    eprintln!(
        "xboard: the Windows build against Linux, {} plies, {} in {:.0} s",
        moves.len(),
        g.result,
        started.elapsed().as_secs_f64()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs `tools/release.sh` into a scratch directory (profile `wintest` and this machine's
/// CPU, so it reuses the `.exe` built above rather than adding a fat-LTO build to CI), unpacks
/// both archives, checks their contents, and runs each binary: `--version` and the perft of
/// orthodox chess to depth 4 (197,281, the published number), the Windows one under Wine.
#[test]
fn release_archives_unpack_and_their_binaries_run() {
    let Some(w) = wine() else { return };
    for tool in ["tar", "zip", "unzip"] {
        if find_tool(tool).is_none() {
            return missing(
                &format!("{tool} is not installed"),
                ".ci/install-windows-tools",
            );
        }
    }
    // The script builds: no game may run beside it.
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let dist = scratch_dir("windows-dist");
    let started = Instant::now();
    let out = Command::new("bash")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tools/release.sh"))
        .env("OBLIQUE_RELEASE_PROFILE", PROFILE)
        .env("OBLIQUE_RELEASE_CPU", "native")
        .env("OBLIQUE_RELEASE_TARGET_DIR", target_dir())
        .env("OBLIQUE_DIST_DIR", &dist)
        .stdin(Stdio::null())
        .output()
        .expect("run tools/release.sh");
    assert!(out.status.success(), "tools/release.sh: {}", report(&out));
    eprintln!(
        "release.sh ({PROFILE}) took {:.0} s",
        started.elapsed().as_secs_f64()
    );
    let version = env!("CARGO_PKG_VERSION");
    let unpacked = dist.join("unpacked");
    std::fs::create_dir_all(&unpacked).unwrap();
    let tgz = dist.join(format!("oblique-{version}-x86_64-linux.tar.gz"));
    let zip = dist.join(format!("oblique-{version}-x86_64-windows.zip"));
    let status = Command::new("tar")
        .arg("-xzf")
        .arg(&tgz)
        .arg("-C")
        .arg(&unpacked)
        .status()
        .expect("run tar");
    assert!(status.success(), "tar -xzf {}", tgz.display());
    let status = Command::new("unzip")
        .arg("-q")
        .arg(&zip)
        .arg("-d")
        .arg(&unpacked)
        .status()
        .expect("run unzip");
    assert!(status.success(), "unzip {}", zip.display());
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (dir, binary) in [
        (format!("oblique-{version}-x86_64-linux"), "oblique"),
        (format!("oblique-{version}-x86_64-windows"), "oblique.exe"),
    ] {
        let d = unpacked.join(&dir);
        for (file, original) in [
            ("README.md", Some("README.md")),
            ("LICENSE", Some("LICENSE")),
            ("docs/winboard.md", Some("docs/winboard.md")),
            (binary, None),
        ] {
            let path = d.join(file);
            assert!(path.is_file(), "{dir} lacks {file}");
            if let Some(original) = original {
                assert_eq!(
                    std::fs::read(&path).unwrap(),
                    std::fs::read(root.join(original)).unwrap(),
                    "{dir}/{file} differs from the repository's"
                );
            }
        }
        for v in ["minislanted", "ultraslanted"] {
            let fen = std::fs::read_to_string(d.join(format!("positions/{v}.fen")))
                .unwrap_or_else(|e| panic!("{dir}/positions/{v}.fen: {e}"));
            let pos = AnyPosition::new(v, Some(fen.trim()))
                .unwrap_or_else(|e| panic!("{dir}/positions/{v}.fen: {e}"));
            assert_eq!(
                pos.side_to_move(),
                Color::Black,
                "{v} is a Black-first game"
            );
        }
        let run = |args: &[&str]| -> Output {
            let mut cmd = if binary == "oblique.exe" {
                let mut c = Command::new(&w.wine);
                c.arg(d.join(binary));
                w.env(&mut c);
                c
            } else {
                Command::new(d.join(binary))
            };
            cmd.args(args).stdin(Stdio::null()).output().expect("run")
        };
        let out = run(&["--version"]);
        assert_eq!(
            String::from_utf8_lossy(&out.stdout).trim(),
            format!("oblique {}", expected_version()),
            "{dir}: {}",
            report(&out)
        );
        let out = run(&["perft", "--variant", "chess", "--depth", "4"]);
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success() && text.contains("nodes 197281 "),
            "{dir}: perft 4 of chess is 197,281: {}",
            report(&out)
        );
    }
    let _ = std::fs::remove_dir_all(&dist);
}
