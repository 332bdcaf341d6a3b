//! An engine's operating-system process: spawning it in its own process group, a reader
//! thread that turns its standard output into timestamped lines on a bounded channel, and
//! waits with deadlines. Nothing an engine sends (or fails to send) can block or panic the
//! runner; Ctrl-C at the terminal reaches only the runner, which then ends the engines itself.
//! On Unix the engine gets a process group of its own (killed whole at the end); on Windows a
//! new console process group (Ctrl-C is not passed to it) and the end kills the process.

use crate::config::EngineConfig;
pub use crate::error::EngineError;
use crate::error::StartError;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Longest line kept from an engine; the rest of a longer line is dropped.
const MAX_LINE: usize = 64 * 1024;
/// How often waits look at the stop flag.
const POLL: Duration = Duration::from_millis(25);

pub(crate) enum Event {
    Line(String, Instant),
    Eof,
}

/// A running engine process with a line reader.
pub struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
    rx: Receiver<Event>,
    eof: bool,
    /// Prefix for the I/O trace on stderr (`--debug`), if any.
    trace: Option<String>,
}

impl Process {
    pub(crate) fn spawn(cfg: &EngineConfig, trace: Option<String>) -> Result<Process, StartError> {
        let mut cmd = Command::new(&cfg.command[0]);
        cmd.args(&cfg.command[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        own_group(&mut cmd);
        if let Some(dir) = &cfg.dir {
            cmd.current_dir(dir);
        }
        let mut child = cmd.spawn().map_err(|error| StartError::Spawn {
            command: cfg.command.join(" "),
            error,
        })?;
        let stdin = child.stdin.take();
        let Some(stdout) = child.stdout.take() else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(StartError::NoOutput);
        };
        let (tx, rx) = sync_channel(4096);
        std::thread::Builder::new()
            .name("engine-reader".into())
            .spawn(move || {
                let mut r = BufReader::new(stdout);
                let mut buf = Vec::new();
                loop {
                    buf.clear();
                    match read_line_capped(&mut r, &mut buf) {
                        Ok(0) | Err(_) => {
                            let _ = tx.send(Event::Eof);
                            return;
                        }
                        Ok(_) => {
                            let line = String::from_utf8_lossy(&buf)
                                .trim_end_matches(['\r', '\n'])
                                .to_string();
                            if tx.send(Event::Line(line, Instant::now())).is_err() {
                                return;
                            }
                        }
                    }
                }
            })
            .map_err(StartError::ReaderThread)?;
        Ok(Process {
            child,
            stdin,
            rx,
            eof: false,
            trace,
        })
    }

    pub(crate) fn exit_reason(&mut self) -> String {
        // Give a dying process a moment to be reaped so the reason names its status.
        for _ in 0..20 {
            match self.child.try_wait() {
                Ok(Some(status)) => return status.to_string(),
                Ok(None) => std::thread::sleep(Duration::from_millis(5)),
                Err(e) => return e.to_string(),
            }
        }
        "closed its output".to_string()
    }

    pub(crate) fn send(&mut self, line: &str) -> Result<(), EngineError> {
        if let Some(t) = &self.trace {
            eprintln!("{t} < {line}");
        }
        let res = match self.stdin.as_mut() {
            Some(w) => w
                .write_all(line.as_bytes())
                .and_then(|_| w.write_all(b"\n"))
                .and_then(|_| w.flush()),
            None => return Err(EngineError::Crashed("input closed".into())),
        };
        res.map_err(|e| {
            self.stdin = None;
            let why = self.exit_reason();
            EngineError::Crashed(format!("{why}; write failed: {e}"))
        })
    }

    /// The next line, waiting until `deadline` at most.
    pub(crate) fn recv(
        &mut self,
        deadline: Instant,
        stop: &AtomicBool,
    ) -> Result<(String, Instant), EngineError> {
        if self.eof {
            return Err(EngineError::Crashed(self.exit_reason()));
        }
        loop {
            if stop.load(Ordering::Relaxed) {
                return Err(EngineError::Aborted);
            }
            let now = Instant::now();
            if now >= deadline {
                // A line may already be waiting: take it rather than call it late.
                return match self.rx.try_recv() {
                    Ok(ev) => self.event(ev),
                    Err(_) => Err(EngineError::Timeout),
                };
            }
            match self.rx.recv_timeout((deadline - now).min(POLL)) {
                Ok(ev) => return self.event(ev),
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => {
                    self.eof = true;
                    return Err(EngineError::Crashed(self.exit_reason()));
                }
            }
        }
    }

    fn event(&mut self, ev: Event) -> Result<(String, Instant), EngineError> {
        match ev {
            Event::Line(l, t) => {
                if let Some(tr) = &self.trace {
                    eprintln!("{tr} > {l}");
                }
                Ok((l, t))
            }
            Event::Eof => {
                self.eof = true;
                Err(EngineError::Crashed(self.exit_reason()))
            }
        }
    }

    /// Drops lines already received (stale output between moves).
    pub(crate) fn drain(&mut self) -> Result<(), EngineError> {
        loop {
            match self.rx.try_recv() {
                Ok(Event::Line(l, _)) => {
                    if let Some(tr) = &self.trace {
                        eprintln!("{tr} > {l}");
                    }
                }
                Ok(Event::Eof) => {
                    self.eof = true;
                    return Err(EngineError::Crashed(self.exit_reason()));
                }
                Err(_) => return Ok(()),
            }
        }
    }

    /// Ends the process (and anything it started in its group) at once.
    pub(crate) fn kill(&mut self) {
        self.stdin = None;
        #[cfg(unix)]
        {
            let pid = self.child.id() as i32;
            // SAFETY: kill(2) with a negative pid signals the process group we created for
            // this child (process_group(0) makes its pid the group id); it touches no memory.
            unsafe {
                libc::kill(-pid, libc::SIGKILL);
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Asks the engine to quit, then ends it if it has not within `grace`.
    pub(crate) fn quit(&mut self, cmd: &str, grace: Duration) {
        let _ = self.send(cmd);
        self.stdin = None;
        let end = Instant::now() + grace;
        while Instant::now() < end {
            if let Ok(Some(_)) = self.child.try_wait() {
                break;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        self.kill();
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Starts the engine in a process group of its own, so that Ctrl-C at the terminal reaches
/// the runner only (which then ends the engines itself).
#[cfg(unix)]
fn own_group(cmd: &mut Command) {
    use std::os::unix::process::CommandExt;
    cmd.process_group(0);
}

/// Windows: a new console process group (`CREATE_NEW_PROCESS_GROUP`), which does not get
/// the console's Ctrl-C.
#[cfg(windows)]
fn own_group(cmd: &mut Command) {
    use std::os::windows::process::CommandExt;
    const CREATE_NEW_PROCESS_GROUP: u32 = 0x0000_0200;
    cmd.creation_flags(CREATE_NEW_PROCESS_GROUP);
}

#[cfg(not(any(unix, windows)))]
fn own_group(_cmd: &mut Command) {}

pub(crate) fn read_line_capped(r: &mut impl BufRead, out: &mut Vec<u8>) -> std::io::Result<usize> {
    let mut total = 0;
    loop {
        let avail = match r.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if avail.is_empty() {
            return Ok(total);
        }
        let (used, done) = match avail.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (avail.len(), false),
        };
        let room = MAX_LINE.saturating_sub(out.len());
        out.extend_from_slice(&avail[..used.min(room)]);
        r.consume(used);
        total += used;
        if done {
            return Ok(total);
        }
    }
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn capped_lines() {
        let long = vec![b'x'; MAX_LINE * 2];
        let mut data = long.clone();
        data.extend_from_slice(b"\nok\n");
        let mut r = std::io::Cursor::new(data);
        let mut buf = Vec::new();
        assert_eq!(
            read_line_capped(&mut r, &mut buf).unwrap(),
            MAX_LINE * 2 + 1
        );
        assert_eq!(buf.len(), MAX_LINE);
        buf.clear();
        read_line_capped(&mut r, &mut buf).unwrap();
        assert_eq!(buf, b"ok\n");
        buf.clear();
        assert_eq!(read_line_capped(&mut r, &mut buf).unwrap(), 0);
    }
}
