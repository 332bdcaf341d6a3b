//! The browser board (`oblique serve`) in a real browser: headless Chromium driven by
//! Selenium from `tests/browser/board_test.py`. A whole game by clicks in every game (the
//! page's FEN checked after every move against the engine's own replay of the moves), a
//! Black-first start, Diagonal Chess's restricted promotion and corner win, an illegal click,
//! a bad FEN, castling, and a Star Trek attack-board move carrying a piece.
//!
//! Skips with a message when Chromium, chromedriver or Selenium is missing, unless CI=true,
//! where a missing tool fails the test (`.ci/install-test-tools` installs them).

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true" || v == "1")
}

fn find_tool(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([
            PathBuf::from("/usr/bin"),
            PathBuf::from("/usr/lib/chromium"),
        ])
        .flat_map(|d| names.iter().map(move |n| d.join(n)))
        .find(|p| p.is_file())
}

/// Prints why the test is skipped (or panics in CI); true if everything is there.
fn tools_present() -> bool {
    let mut missing = Vec::new();
    if find_tool(&["chromium", "chromium-browser", "google-chrome"]).is_none() {
        missing.push("chromium");
    }
    if find_tool(&["chromedriver"]).is_none() {
        missing.push("chromedriver");
    }
    let selenium = Command::new("python3")
        .args(["-c", "import selenium"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !selenium {
        missing.push("python3 selenium");
    }
    if missing.is_empty() {
        return true;
    }
    let list = missing.join(", ");
    if in_ci() {
        panic!("{list} missing, and CI=true requires it (run .ci/install-test-tools)");
    }
    eprintln!("SKIPPED: {list} missing (run .ci/install-test-tools to install)");
    false
}

/// `oblique serve --port 0`, killed when dropped.
struct Server {
    child: Child,
    url: String,
}

impl Server {
    fn start() -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_oblique"))
            .args(["serve", "--port", "0", "--threads", "1"])
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start oblique serve");
        let stdout = child.stdout.take().expect("server stdout");
        let mut line = String::new();
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("read the server's first line");
        let url = line
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("no URL in the server's first line: {line:?}"))
            .to_string();
        Server { child, url }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn the_browser_board_plays_every_game() {
    if !tools_present() {
        return;
    }
    let server = Server::start();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser/board_test.py");
    let status = Command::new("python3")
        .arg(&script)
        .arg(&server.url)
        .status()
        .expect("run tests/browser/board_test.py");
    assert!(
        status.success(),
        "browser tests failed (see the lines above)"
    );
}
