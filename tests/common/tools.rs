//! The one place that decides what a test does when an outside tool it needs (XBoard, Xvfb,
//! Fairy-Max, Chromium, a Python module, Python itself) is missing.
//!
//! A test that returned early and reported `ok` would claim to prove what it never ran. So:
//! under CI (`CI=true`, or `1`) a missing tool fails the test with a message naming the tool
//! and `.ci/install-test-tools`; elsewhere the test is skipped with a `SKIPPED: test: reason`
//! line written straight to the process's stderr (not through `eprintln!`, which libtest
//! captures and hides for a passing test), so it shows under a plain `cargo test`.
//!
//! Every test file that needs a tool includes this file (`#[path = "common/tools.rs"]`) and
//! goes through [`require`]; none decides on its own.
#![allow(dead_code)] // each test file uses its own part

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// The script that installs every tool the tests drive.
pub const INSTALL: &str = ".ci/install-test-tools";

/// Whether this run is CI, where nothing may be skipped.
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v.eq_ignore_ascii_case("true") || v == "1")
}

/// The test's own name (libtest names each test thread after its test).
fn test_name() -> String {
    std::thread::current()
        .name()
        .unwrap_or("(unnamed test)")
        .to_string()
}

/// The decision: `found`, or, when it is `None`, a failure under CI and a `SKIPPED:` line on
/// stderr elsewhere (then `None`, and the caller returns). `what` names the missing tool the
/// way a person installs it, e.g. "xboard (Debian package xboard)".
pub fn require<T>(found: Option<T>, what: &str) -> Option<T> {
    require_from(found, what, INSTALL)
}

/// [`require`] for a tool that another script installs (`installer`, e.g.
/// `.ci/install-windows-tools`).
pub fn require_from<T>(found: Option<T>, what: &str, installer: &str) -> Option<T> {
    if found.is_some() {
        return found;
    }
    if in_ci() {
        panic!(
            "{what} is missing, and CI=true requires it: run {installer} (it installs every \
             tool it is for and fails naming any it could not install)"
        );
    }
    let _ = writeln!(
        std::io::stderr(),
        "SKIPPED: {}: {what} is missing (run {installer} to install it)",
        test_name()
    );
    None
}

/// Finds a program on PATH, then in `extra_dirs` (Debian puts xboard and fairymax in
/// /usr/games, Chromium's driver may live in /usr/lib/chromium); the first of `names` found.
pub fn find_program(names: &[&str], extra_dirs: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain(extra_dirs.iter().map(PathBuf::from))
        .flat_map(|d| names.iter().map(move |n| d.join(n)))
        .find(|p| p.is_file())
}

/// A program the test needs (see [`require`]), searched on PATH and in /usr/games.
pub fn require_program(name: &str, package: &str) -> Option<PathBuf> {
    require(
        find_program(&[name], &["/usr/games", "/usr/bin"]),
        &format!("{name} (Debian package {package})"),
    )
}

/// A Python 3 interpreter (`python3` on PATH, else /usr/bin/python3) that imports every
/// module of `modules` (none: plain Python 3 with its standard library).
pub fn find_python(modules: &[&str]) -> Option<PathBuf> {
    let import = if modules.is_empty() {
        "import sys; assert sys.version_info >= (3, 8)".to_string()
    } else {
        format!("import {}", modules.join(", "))
    };
    ["python3", "/usr/bin/python3"]
        .into_iter()
        .find(|p| {
            Command::new(p)
                .args(["-c", &import])
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success())
        })
        .map(PathBuf::from)
}

/// A Python 3 the test needs, with `modules` (PyPI packages named in `what`, e.g.
/// "python-chess (PyPI package chess)"); see [`require`].
pub fn require_python(modules: &[&str], what: &str) -> Option<PathBuf> {
    require(find_python(modules), what)
}

/// Runs `python script ini` with `input` on its standard input and returns its output
/// lines (the pyffish oracles: one answer line per question line). The input is written
/// from a thread, since the answers fill the pipe back while the questions go in; a
/// failing script fails the test with its standard error.
pub fn python_lines(
    python: &std::path::Path,
    script: &std::path::Path,
    ini: &std::path::Path,
    input: String,
) -> Vec<String> {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(python)
        .arg(script)
        .arg(ini)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run python");
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().expect("python output");
    assert!(
        out.status.success(),
        "python: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    writer
        .join()
        .expect("writer thread")
        .expect("send the questions");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}
