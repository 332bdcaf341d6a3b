//! The `oblique` binary driven over a pipe, line by line, for the UCI and XBoard transcript
//! tests: every line in and out is kept so a failure prints the whole conversation.
#![allow(dead_code)] // each test file uses its own part

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::Duration;

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    Uci,
    XBoard,
}

pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    rx: Receiver<String>,
    pub transcript: Vec<String>,
    ping: u32,
    dialect: Dialect,
}

impl Engine {
    /// Starts the engine without arguments (the first command picks the protocol) and
    /// completes the handshake.
    pub fn start(dialect: Dialect) -> Engine {
        Engine::start_with(dialect, &[])
    }

    /// `start` with command-line arguments (no command: `--variant-file FILE`, ...).
    pub fn start_with(dialect: Dialect, args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_oblique"))
            .args(args)
            .env_remove("OBLIQUE_NET")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start oblique");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut e = Engine {
            child,
            stdin,
            rx,
            transcript: Vec::new(),
            ping: 0,
            dialect,
        };
        match dialect {
            Dialect::Uci => {
                e.send("uci");
                e.until(|l| l == "uciok");
            }
            Dialect::XBoard => {
                e.send("xboard");
                e.send("protover 2");
                e.until(|l| l == "feature done=1");
            }
        }
        e
    }

    pub fn send(&mut self, line: &str) {
        self.transcript.push(format!("> {line}"));
        writeln!(self.stdin, "{line}").expect("write");
        self.stdin.flush().expect("flush");
    }

    /// Lines up to and including the first that satisfies `pred`.
    pub fn until(&mut self, pred: impl Fn(&str) -> bool) -> Vec<String> {
        let mut got = Vec::new();
        loop {
            match self.rx.recv_timeout(Duration::from_secs(60)) {
                Ok(line) => {
                    self.transcript.push(format!("< {line}"));
                    let done = pred(&line);
                    got.push(line);
                    if done {
                        return got;
                    }
                }
                Err(_) => panic!(
                    "no expected answer; transcript:\n{}",
                    self.transcript.join("\n")
                ),
            }
        }
    }

    /// Sends a command and returns what the engine printed for it (up to the answer of a
    /// synchronising `isready` or `ping`).
    pub fn cmd(&mut self, line: &str) -> Vec<String> {
        self.send(line);
        self.sync()
    }

    pub fn sync(&mut self) -> Vec<String> {
        self.ping += 1;
        let mut got = match self.dialect {
            Dialect::Uci => {
                self.send("isready");
                self.until(|l| l == "readyok")
            }
            Dialect::XBoard => {
                let n = self.ping;
                self.send(&format!("ping {n}"));
                self.until(|l| l == format!("pong {n}"))
            }
        };
        got.pop();
        got
    }

    pub fn quit(mut self) {
        self.send("quit");
        let status = self.child.wait().expect("wait");
        assert!(status.success());
    }

    /// Closes the engine's input without a `quit`; it must still exit cleanly.
    pub fn close_input(self) {
        self.close_input_within(Duration::from_secs(60));
    }

    /// Closes the engine's input; the engine must exit cleanly within `limit` (a bound on a
    /// hang, not a timing: the engine is killed and the test fails past it). Returns what
    /// it printed after the input closed.
    pub fn close_input_within(self, limit: Duration) -> Vec<String> {
        let Engine {
            mut child,
            stdin,
            rx,
            mut transcript,
            ..
        } = self;
        drop(stdin);
        transcript.push("> (end of input)".to_string());
        let start = std::time::Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().expect("wait") {
                break status;
            }
            if start.elapsed() > limit {
                let _ = child.kill();
                let _ = child.wait();
                panic!(
                    "the engine did not exit within {limit:?} of the end of its input:\n{}",
                    transcript.join("\n")
                );
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        assert!(status.success(), "{}", transcript.join("\n"));
        // The engine has exited, but its last lines (a final `bestmove`) may still sit in the
        // pipe, not yet read by the reader thread: read until the thread sees the end of the
        // pipe and hangs up the channel, so nothing the engine printed is lost.
        let mut after = Vec::new();
        let deadline = std::time::Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            match rx.recv_timeout(left) {
                Ok(line) => after.push(line),
                Err(RecvTimeoutError::Disconnected) => break,
                Err(RecvTimeoutError::Timeout) => panic!(
                    "the engine exited but its output did not end within {limit:?}:\n{}\n{}",
                    transcript.join("\n"),
                    after.join("\n")
                ),
            }
        }
        after
    }
}
