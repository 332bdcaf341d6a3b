//! Small helpers for tests that run programs (the engine, XBoard, Wine): a scratch folder per
//! test process, a wait that kills a child stuck past its limit, and a program's output as
//! text for a failure message. One copy for every suite that needs them.
#![allow(dead_code)] // each test file uses its own part

use std::path::PathBuf;
use std::process::{Child, ExitStatus, Output};
use std::time::{Duration, Instant};

/// An empty folder `oblique-NAME-PID` under the system's temporary folder.
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("oblique-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// Waits for a child, killing it after `limit` (then `None`).
pub fn wait_with_limit(child: &mut Child, limit: Duration) -> Option<ExitStatus> {
    let start = Instant::now();
    loop {
        if let Ok(Some(status)) = child.try_wait() {
            return Some(status);
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The last `n` lines of `text`.
pub fn tail(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(n)..].join("\n")
}

/// A finished program's status, standard output and standard error, for a failure message.
pub fn report(o: &Output) -> String {
    format!(
        "status {:?}\n--- stdout\n{}\n--- stderr\n{}",
        o.status,
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}
