//! XBoard as a host in tests: the virtual X display it draws on (Xvfb, stopped and cleaned
//! up when dropped) and its debug log read back as protocol lines and engine moves. Shared by
//! the real-client tests and the Windows tests, which both let XBoard host a game.
#![allow(dead_code)] // each test file uses its own part

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The lock file and the socket an X server keeps for display `n`.
pub fn lock_file(n: impl std::fmt::Display) -> String {
    format!("/tmp/.X{n}-lock")
}

pub fn socket_file(n: impl std::fmt::Display) -> String {
    format!("/tmp/.X11-unix/X{n}")
}

/// An Xvfb server on its own display, stopped when dropped.
pub struct Xvfb {
    child: Child,
    /// `:N`, for `DISPLAY`.
    pub display: String,
}

impl Xvfb {
    /// Starts `xvfb` on a free display from `first` on (suites keep apart ranges: real
    /// clients from 140, the Windows tests from 600), different for every process.
    pub fn start(xvfb: &Path, first: u32) -> Xvfb {
        // A display number unlikely to be taken, different for every process.
        let base = first + (std::process::id() % 400);
        for n in base..base + 40 {
            let (lock, socket) = (lock_file(n), socket_file(n));
            if Path::new(&lock).exists() {
                // A display is taken while the server its lock names runs; a lock left by a
                // killed server is stale, and goes with its socket (else the socket would
                // pass for the new server's readiness below).
                let owner = std::fs::read_to_string(&lock)
                    .ok()
                    .and_then(|text| text.trim().parse::<u32>().ok());
                match owner {
                    Some(pid) if !Path::new(&format!("/proc/{pid}")).exists() => {
                        let _ = std::fs::remove_file(&lock);
                        let _ = std::fs::remove_file(&socket);
                    }
                    _ => continue,
                }
            }
            let mut child = Command::new(xvfb)
                .args([
                    &format!(":{n}"),
                    "-screen",
                    "0",
                    "1280x1024x24",
                    "-nolisten",
                    "tcp",
                ])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("start Xvfb");
            // Ready when its socket appears.
            let start = Instant::now();
            while start.elapsed() < Duration::from_secs(10) {
                if Path::new(&socket).exists() {
                    return Xvfb {
                        child,
                        display: format!(":{n}"),
                    };
                }
                if let Ok(Some(_)) = child.try_wait() {
                    break;
                }
                std::thread::sleep(Duration::from_millis(50));
            }
            let _ = child.kill();
            let _ = child.wait();
        }
        panic!("could not start Xvfb on any display");
    }
}

impl Drop for Xvfb {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        // A killed server leaves its lock and socket behind: remove them, or every run
        // would take up displays for good.
        let n = &self.display[1..];
        let _ = std::fs::remove_file(lock_file(n));
        let _ = std::fs::remove_file(socket_file(n));
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Dir {
    /// From XBoard to an engine (`NNN >first : text`).
    ToEngine,
    /// From an engine to XBoard (`NNN <first : text`).
    FromEngine,
}

/// The protocol lines of XBoard's debug log: direction, engine (`first`/`second`), text.
pub fn protocol_lines(debug: &str) -> Vec<(Dir, &str, &str)> {
    debug
        .lines()
        .filter_map(|l| {
            let (dir, rest) = match (l.split_once(" <"), l.split_once(" >")) {
                (Some((_, r)), _) => (Dir::FromEngine, r),
                (None, Some((_, r))) => (Dir::ToEngine, r),
                _ => return None,
            };
            let (who, text) = rest.split_once(':')?;
            let who = who.trim();
            matches!(who, "first" | "second").then_some((dir, who, text.trim()))
        })
        .collect()
}

/// The moves each engine announced (`move X` lines in XBoard's debug log), in order.
pub fn engine_moves(debug: &str) -> Vec<String> {
    protocol_lines(debug)
        .into_iter()
        .filter(|(dir, _, _)| *dir == Dir::FromEngine)
        .filter_map(|(_, _, text)| text.strip_prefix("move ").map(|m| m.trim().to_string()))
        .collect()
}
