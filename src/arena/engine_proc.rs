//! Engine processes and the two protocols the arena speaks to them: UCI and XBoard (CECP v2).
//!
//! A reader thread turns the engine's standard output into timestamped lines on a bounded
//! channel, so every wait has a deadline and nothing an engine sends (or fails to send) can
//! block or panic the runner. Engines run in their own process group: Ctrl-C at the terminal
//! reaches only the runner, which then ends them itself.

use std::io::{BufRead, BufReader, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Longest line kept from an engine; the rest of a longer line is dropped.
const MAX_LINE: usize = 64 * 1024;
/// How long an engine may take to answer `uci` / `isready` / `ping` / `protover 2`.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);
/// XBoard: how long to wait for `feature ... done=1` unless the engine sent `done=0`
/// (the protocol's own two seconds).
const XBOARD_FEATURE_TIMEOUT: Duration = Duration::from_secs(2);
/// Auto-detection: how long to wait for `uciok` after `uci`.
const DETECT_TIMEOUT: Duration = Duration::from_secs(3);
/// How often waits look at the stop flag.
const POLL: Duration = Duration::from_millis(25);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proto {
    Uci,
    Xboard,
}

impl Proto {
    pub fn name(self) -> &'static str {
        match self {
            Proto::Uci => "uci",
            Proto::Xboard => "xboard",
        }
    }
}

/// How to start one engine: `--engine "CMD ARGS [proto=uci|xboard] [name=NAME]
/// [option.NAME=VALUE ...] [dir=PATH]"`, or with the command given as `cmd=...`.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineConfig {
    pub command: Vec<String>,
    pub name: Option<String>,
    pub proto: Option<Proto>,
    /// UCI `setoption` / XBoard `option` settings, in order.
    pub options: Vec<(String, String)>,
    pub dir: Option<String>,
}

impl EngineConfig {
    pub fn parse(spec: &str) -> Result<EngineConfig, String> {
        let words = split_words(spec)?;
        let mut cfg = EngineConfig {
            command: Vec::new(),
            name: None,
            proto: None,
            options: Vec::new(),
            dir: None,
        };
        for w in words {
            let (key, value) = w.split_once('=').unwrap_or(("", ""));
            match key {
                "cmd" => cfg.command.extend(split_words(value)?),
                "name" => cfg.name = Some(value.to_string()),
                "dir" => cfg.dir = Some(value.to_string()),
                "proto" => {
                    cfg.proto = Some(match value.to_ascii_lowercase().as_str() {
                        "uci" => Proto::Uci,
                        "xboard" | "cecp" | "winboard" => Proto::Xboard,
                        other => {
                            return Err(format!(
                                "--engine: proto must be uci or xboard, not '{other}'"
                            ))
                        }
                    })
                }
                k if k.starts_with("option.") && k.len() > "option.".len() => cfg
                    .options
                    .push((k["option.".len()..].to_string(), value.to_string())),
                _ => cfg.command.push(w),
            }
        }
        if cfg.command.is_empty() {
            return Err(format!("--engine '{spec}': no command to run"));
        }
        Ok(cfg)
    }

    /// A name for messages before the engine has told its own.
    pub fn label(&self) -> String {
        self.name.clone().unwrap_or_else(|| {
            let prog = &self.command[0];
            prog.rsplit('/').next().unwrap_or(prog).to_string()
        })
    }

    /// Search threads the engine was asked to use (UCI `Threads`, XBoard `cores`).
    pub fn threads(&self) -> usize {
        self.options
            .iter()
            .filter(|(k, _)| k.eq_ignore_ascii_case("threads") || k.eq_ignore_ascii_case("cores"))
            .filter_map(|(_, v)| v.trim().parse::<usize>().ok())
            .next_back()
            .unwrap_or(1)
            .max(1)
    }
}

/// Splits a command line into words: blanks separate, single and double quotes group,
/// a backslash escapes the next character.
pub fn split_words(s: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some('"'), '\\') | (None, '\\') => match chars.next() {
                Some(n) => cur.push(n),
                None => return Err(format!("'{s}': ends in a lone backslash")),
            },
            (Some(_), c) => cur.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            (None, c) => {
                cur.push(c);
                in_word = true;
            }
        }
    }
    if quote.is_some() {
        return Err(format!("'{s}': unclosed quote"));
    }
    if in_word {
        words.push(cur);
    }
    Ok(words)
}

/// Why talking to an engine failed.
#[derive(Clone, Debug, PartialEq)]
pub enum EngineError {
    /// No answer before the deadline.
    Timeout,
    /// The process ended or closed its pipes.
    Crashed(String),
    /// The engine said something that makes going on impossible.
    Protocol(String),
    /// The runner is stopping (Ctrl-C, SPRT verdict).
    Aborted,
}

impl std::fmt::Display for EngineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineError::Timeout => write!(f, "no answer in time"),
            EngineError::Crashed(why) => write!(f, "engine process ended ({why})"),
            EngineError::Protocol(why) => write!(f, "{why}"),
            EngineError::Aborted => write!(f, "aborted"),
        }
    }
}

enum Event {
    Line(String, Instant),
    Eof,
}

/// A running engine process with a line reader.
struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
    rx: Receiver<Event>,
    eof: bool,
    /// Prefix for the I/O trace on stderr (`--debug`), if any.
    trace: Option<String>,
}

impl Process {
    fn spawn(cfg: &EngineConfig, trace: Option<String>) -> Result<Process, String> {
        let mut cmd = Command::new(&cfg.command[0]);
        cmd.args(&cfg.command[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .process_group(0);
        if let Some(dir) = &cfg.dir {
            cmd.current_dir(dir);
        }
        let mut child = cmd
            .spawn()
            .map_err(|e| format!("cannot start '{}': {e}", cfg.command.join(" ")))?;
        let stdin = child.stdin.take();
        let Some(stdout) = child.stdout.take() else {
            let _ = child.kill();
            let _ = child.wait();
            return Err("engine has no standard output".into());
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
            .map_err(|e| format!("cannot start a reader thread: {e}"))?;
        Ok(Process {
            child,
            stdin,
            rx,
            eof: false,
            trace,
        })
    }

    fn exit_reason(&mut self) -> String {
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

    fn send(&mut self, line: &str) -> Result<(), EngineError> {
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
    fn recv(
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
    fn drain(&mut self) -> Result<(), EngineError> {
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
    fn kill(&mut self) {
        self.stdin = None;
        let pid = self.child.id() as i32;
        // SAFETY: kill(2) with a negative pid signals the process group we created for this
        // child (process_group(0) makes its pid the group id); it touches no memory.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Asks the engine to quit, then ends it if it has not within `grace`.
    fn quit(&mut self, cmd: &str, grace: Duration) {
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

fn read_line_capped(r: &mut impl BufRead, out: &mut Vec<u8>) -> std::io::Result<usize> {
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

/// A score as an engine reports it, from the mover's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Cp(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

impl Score {
    /// Centipawns, mates as ±(100000 - moves).
    pub fn centipawns(self) -> i32 {
        match self {
            Score::Cp(c) => c,
            Score::Mate(m) if m > 0 => 100_000 - m,
            Score::Mate(m) => -100_000 - m,
        }
    }

    /// As in PGN comments: `+0.35`, `+M5`, `-M2`.
    pub fn pgn(self) -> String {
        match self {
            Score::Cp(c) => format!("{:+.2}", c as f64 / 100.0),
            Score::Mate(m) if m > 0 => format!("+M{m}"),
            Score::Mate(m) => format!("-M{}", -m),
        }
    }
}

/// What an engine answered when asked to move.
#[derive(Clone, Debug, PartialEq)]
pub enum Reply {
    Move {
        text: String,
        /// When the move arrived.
        at: Instant,
        score: Option<Score>,
        depth: Option<u32>,
    },
    Resign,
}

/// How the engine is told to limit its search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Tc {
    /// Base time and increment per move, in milliseconds.
    Fischer {
        base_ms: u64,
        inc_ms: u64,
    },
    MoveTime(u64),
    Depth(u32),
}

impl Tc {
    /// Reads `BASE+INC` in seconds (`10+0.1`, `60`, `0.5+0.01`).
    pub fn parse_fischer(text: &str) -> Result<Tc, String> {
        let (b, i) = text.split_once('+').unwrap_or((text, "0"));
        let secs = |s: &str| -> Result<u64, String> {
            let v: f64 = s
                .trim()
                .parse()
                .map_err(|_| format!("--tc '{text}': '{s}' is not a number of seconds"))?;
            if !(0.0..=86_400.0 * 7.0).contains(&v) {
                return Err(format!("--tc '{text}': '{s}' is out of range"));
            }
            Ok((v * 1000.0).round() as u64)
        };
        let base_ms = secs(b)?;
        let inc_ms = secs(i)?;
        if base_ms == 0 {
            return Err(format!("--tc '{text}': the base time must be positive"));
        }
        Ok(Tc::Fischer { base_ms, inc_ms })
    }

    /// PGN `TimeControl` tag value.
    pub fn pgn(self) -> String {
        match self {
            Tc::Fischer { base_ms, inc_ms } => {
                format!("{}+{}", secs_text(base_ms), secs_text(inc_ms))
            }
            Tc::MoveTime(ms) => format!("{}/move", secs_text(ms)),
            Tc::Depth(_) => "-".to_string(),
        }
    }
}

fn secs_text(ms: u64) -> String {
    if ms.is_multiple_of(1000) {
        format!("{}", ms / 1000)
    } else {
        let s = format!("{:.3}", ms as f64 / 1000.0);
        s.trim_end_matches('0').to_string()
    }
}

/// What an engine needs to know to move: the game so far and the clocks.
pub struct MoveRequest<'a> {
    pub variant: &'a str,
    /// Start position string, `None` for the game's standard start.
    pub start_fen: Option<&'a str>,
    /// Every move since the start position, in protocol notation.
    pub moves: &'a [String],
    /// The engine's and its opponent's remaining time in milliseconds (time controls only).
    pub own_ms: u64,
    pub opp_ms: u64,
    /// White's and Black's remaining time, for UCI.
    pub wtime_ms: u64,
    pub btime_ms: u64,
    pub tc: Tc,
    /// Give up waiting at this instant.
    pub deadline: Instant,
}

#[derive(Default, Clone, Debug)]
struct XbFeatures {
    usermove: bool,
    setboard: bool,
    ping: bool,
    reuse: bool,
    myname: Option<String>,
    variants: Option<Vec<String>>,
}

/// One engine speaking UCI or XBoard.
pub struct Engine {
    proc: Process,
    pub proto: Proto,
    /// The name the engine gave (UCI `id name`, XBoard `myname`), if any.
    pub id_name: Option<String>,
    /// UCI: values of the `UCI_Variant` combo option, if the engine has one.
    uci_variants: Option<Vec<String>>,
    xb: XbFeatures,
    /// XBoard per game: moves already sent, and whether `go` has been sent.
    xb_sent: usize,
    xb_started: bool,
    ping_counter: u32,
    /// The last game's conversation may have left it in a state worth a fresh process.
    pub wants_restart: bool,
}

/// XBoard's name for a game.
pub fn xboard_variant(variant: &str) -> &str {
    if variant == "chess" {
        "normal"
    } else {
        variant
    }
}

impl Engine {
    /// Starts the engine and completes the protocol handshake (detecting the protocol if
    /// the configuration does not name it).
    pub fn start(
        cfg: &EngineConfig,
        stop: &AtomicBool,
        trace: Option<String>,
    ) -> Result<Engine, String> {
        let label = cfg.label();
        let fail = |e: EngineError| format!("engine '{label}': {e} during start-up");
        let proto = match cfg.proto {
            Some(p) => p,
            None => {
                // Try UCI; an engine that does not answer `uciok` is taken for XBoard and
                // started afresh so no stray `uci` confuses it.
                let mut proc = Process::spawn(cfg, trace.clone())?;
                match detect(&mut proc, stop) {
                    Ok((Proto::Uci, lines)) => {
                        let mut e = Engine::wrap(proc, Proto::Uci);
                        for l in &lines {
                            e.uci_line(l);
                        }
                        e.configure(cfg, stop).map_err(fail)?;
                        return Ok(e);
                    }
                    Ok((Proto::Xboard, _)) => {
                        proc.quit("quit", Duration::from_millis(100));
                        Proto::Xboard
                    }
                    Err(e) => return Err(fail(e)),
                }
            }
        };
        let proc = Process::spawn(cfg, trace)?;
        let mut e = Engine::wrap(proc, proto);
        match proto {
            Proto::Uci => e.uci_handshake(stop).map_err(fail)?,
            Proto::Xboard => e.xboard_handshake(stop).map_err(fail)?,
        }
        e.configure(cfg, stop).map_err(fail)?;
        Ok(e)
    }

    fn wrap(proc: Process, proto: Proto) -> Engine {
        Engine {
            proc,
            proto,
            id_name: None,
            uci_variants: None,
            xb: XbFeatures::default(),
            xb_sent: 0,
            xb_started: false,
            ping_counter: 0,
            wants_restart: false,
        }
    }

    /// Whether the engine says it plays `variant` (`None`: it does not say).
    pub fn supports(&self, variant: &str) -> Option<bool> {
        match self.proto {
            Proto::Uci => {
                if variant == "chess" {
                    return Some(true);
                }
                match &self.uci_variants {
                    // A UCI_Variant option without a list of values: the engine does not say.
                    Some(v) if v.is_empty() => None,
                    Some(v) => Some(v.iter().any(|x| x.eq_ignore_ascii_case(variant))),
                    None => Some(false),
                }
            }
            Proto::Xboard => {
                let name = xboard_variant(variant);
                match &self.xb.variants {
                    Some(v) => Some(v.iter().any(|x| x.eq_ignore_ascii_case(name))),
                    None => Some(variant == "chess"),
                }
            }
        }
    }

    /// Whether the engine can start from a given position (UCI always; XBoard with
    /// `feature setboard=1`).
    pub fn takes_positions(&self) -> bool {
        self.proto == Proto::Uci || self.xb.setboard
    }

    fn uci_handshake(&mut self, stop: &AtomicBool) -> Result<(), EngineError> {
        self.proc.send("uci")?;
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        loop {
            let (line, _) = self.proc.recv(deadline, stop)?;
            if self.uci_line(&line) {
                return Ok(());
            }
        }
    }

    /// Takes in one line of the `uci` answer; true at `uciok`.
    fn uci_line(&mut self, line: &str) -> bool {
        let t = line.trim();
        if t == "uciok" {
            return true;
        }
        if let Some(name) = t.strip_prefix("id name ") {
            self.id_name = Some(name.trim().to_string());
        } else if let Some(rest) = t.strip_prefix("option name ") {
            let name = rest.split(" type ").next().unwrap_or("").trim().to_string();
            if name.eq_ignore_ascii_case("UCI_Variant") {
                let vars: Vec<String> = rest
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .windows(2)
                    .filter(|w| w[0] == "var")
                    .map(|w| w[1].to_string())
                    .collect();
                self.uci_variants = Some(vars);
            }
        }
        false
    }

    fn xboard_handshake(&mut self, stop: &AtomicBool) -> Result<(), EngineError> {
        // The protocol's default: an engine that says nothing may be reused for more games.
        self.xb.reuse = true;
        self.proc.send("xboard")?;
        self.proc.send("protover 2")?;
        let start = Instant::now();
        let mut deadline = start + XBOARD_FEATURE_TIMEOUT;
        loop {
            let line = match self.proc.recv(deadline, stop) {
                Ok((l, _)) => l,
                // Protocol version 1 engines send no features: carry on with the defaults.
                Err(EngineError::Timeout) => return Ok(()),
                Err(e) => return Err(e),
            };
            let Some(rest) = line.trim().strip_prefix("feature ") else {
                continue;
            };
            let mut done = None;
            for (key, value) in parse_features(rest) {
                let on = value == "1";
                let known = match key.as_str() {
                    "done" => {
                        done = Some(on);
                        true
                    }
                    "usermove" => {
                        self.xb.usermove = on;
                        true
                    }
                    "setboard" => {
                        self.xb.setboard = on;
                        true
                    }
                    "ping" => {
                        self.xb.ping = on;
                        true
                    }
                    "reuse" => {
                        self.xb.reuse = on;
                        true
                    }
                    "myname" => {
                        self.xb.myname = Some(value.clone());
                        true
                    }
                    "variants" => {
                        self.xb.variants =
                            Some(value.split(',').map(|s| s.trim().to_string()).collect());
                        true
                    }
                    // We send coordinate moves only.
                    "san" => !on,
                    "sigint" | "sigterm" | "time" | "draw" | "colors" | "name" | "analyze"
                    | "debug" | "memory" | "smp" | "option" | "nps" | "pause" | "playother"
                    | "ics" | "exclude" | "setscore" | "highlight" | "xedit" | "egt" => true,
                    _ => false,
                };
                if key != "done" {
                    let verdict = if known { "accepted" } else { "rejected" };
                    self.proc.send(&format!("{verdict} {key}"))?;
                }
            }
            match done {
                Some(true) => break,
                // done=0: the engine needs time to start; the spec has no limit, we allow
                // the handshake timeout.
                Some(false) => deadline = start + HANDSHAKE_TIMEOUT,
                None => {}
            }
        }
        self.id_name = self.xb.myname.clone();
        Ok(())
    }

    /// Sends the configured options and waits until the engine is ready.
    fn configure(&mut self, cfg: &EngineConfig, stop: &AtomicBool) -> Result<(), EngineError> {
        for (k, v) in &cfg.options {
            match self.proto {
                Proto::Uci => self.proc.send(&format!("setoption name {k} value {v}"))?,
                Proto::Xboard => {
                    if k.eq_ignore_ascii_case("cores") || k.eq_ignore_ascii_case("memory") {
                        self.proc.send(&format!("{} {v}", k.to_ascii_lowercase()))?
                    } else {
                        self.proc.send(&format!("option {k}={v}"))?
                    }
                }
            }
        }
        self.sync(stop)
    }

    /// `isready`/`readyok` or `ping`/`pong`: waits until the engine has read everything sent.
    fn sync(&mut self, stop: &AtomicBool) -> Result<(), EngineError> {
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        match self.proto {
            Proto::Uci => {
                self.proc.send("isready")?;
                loop {
                    let (l, _) = self.proc.recv(deadline, stop)?;
                    if l.trim() == "readyok" {
                        return Ok(());
                    }
                }
            }
            Proto::Xboard => {
                if !self.xb.ping {
                    return Ok(());
                }
                self.ping_counter += 1;
                let n = self.ping_counter;
                self.proc.send(&format!("ping {n}"))?;
                let want = format!("pong {n}");
                loop {
                    let (l, _) = self.proc.recv(deadline, stop)?;
                    if l.trim() == want {
                        return Ok(());
                    }
                }
            }
        }
    }

    /// Prepares a new game: variant, start position, limits.
    pub fn new_game(
        &mut self,
        variant: &str,
        start_fen: Option<&str>,
        tc: Tc,
        stop: &AtomicBool,
    ) -> Result<(), EngineError> {
        self.proc.drain()?;
        match self.proto {
            Proto::Uci => {
                if variant != "chess" {
                    self.proc
                        .send(&format!("setoption name UCI_Variant value {variant}"))?;
                }
                self.proc.send("ucinewgame")?;
            }
            Proto::Xboard => {
                self.xb_sent = 0;
                self.xb_started = false;
                self.proc.send("new")?;
                if variant != "chess" {
                    self.proc
                        .send(&format!("variant {}", xboard_variant(variant)))?;
                }
                self.proc.send("force")?;
                if let Some(fen) = start_fen {
                    if !self.xb.setboard {
                        return Err(EngineError::Protocol(
                            "the engine cannot take a start position (feature setboard=0)".into(),
                        ));
                    }
                    self.proc.send(&format!("setboard {fen}"))?;
                }
                match tc {
                    Tc::Fischer { base_ms, inc_ms } => {
                        let base_s = base_ms / 1000;
                        let base = if base_s % 60 == 0 && base_ms % 1000 == 0 {
                            format!("{}", base_s / 60)
                        } else {
                            // Whole seconds only in `level`; round up sub-second bases.
                            let s = base_ms.div_ceil(1000);
                            format!("{}:{:02}", s / 60, s % 60)
                        };
                        self.proc
                            .send(&format!("level 0 {base} {}", secs_text(inc_ms)))?;
                    }
                    Tc::MoveTime(ms) => self
                        .proc
                        .send(&format!("st {}", ms.div_ceil(1000).max(1)))?,
                    Tc::Depth(d) => self.proc.send(&format!("sd {d}"))?,
                }
                self.proc.send("post")?;
                self.proc.send("easy")?;
            }
        }
        self.sync(stop)
    }

    /// Asks for a move and waits for it until the request's deadline.
    pub fn request_move(
        &mut self,
        req: &MoveRequest,
        stop: &AtomicBool,
    ) -> Result<Reply, EngineError> {
        self.proc.drain()?;
        match self.proto {
            Proto::Uci => self.uci_move(req, stop),
            Proto::Xboard => self.xboard_move(req, stop),
        }
    }

    fn uci_move(&mut self, req: &MoveRequest, stop: &AtomicBool) -> Result<Reply, EngineError> {
        let mut pos = match req.start_fen {
            None if req.variant == "chess" => "position startpos".to_string(),
            None => match oblique_engine::AnyPosition::new(req.variant, None) {
                Ok(p) => format!("position fen {}", p.to_fen()),
                Err(e) => return Err(EngineError::Protocol(e)),
            },
            Some(f) => format!("position fen {f}"),
        };
        if !req.moves.is_empty() {
            pos.push_str(" moves");
            for m in req.moves {
                pos.push(' ');
                pos.push_str(m);
            }
        }
        self.proc.send(&pos)?;
        let go = match req.tc {
            Tc::Fischer { inc_ms, .. } => format!(
                "go wtime {} btime {} winc {inc_ms} binc {inc_ms}",
                req.wtime_ms, req.btime_ms
            ),
            Tc::MoveTime(ms) => format!("go movetime {ms}"),
            Tc::Depth(d) => format!("go depth {d}"),
        };
        self.proc.send(&go)?;
        let mut score = None;
        let mut depth = None;
        loop {
            let (line, at) = match self.proc.recv(req.deadline, stop) {
                Ok(x) => x,
                Err(e) => {
                    // Best effort: stop a search that ran over, so a reused process is quiet.
                    if e == EngineError::Timeout {
                        let _ = self.proc.send("stop");
                        self.wants_restart = true;
                    }
                    return Err(e);
                }
            };
            let mut words = line.split_whitespace();
            match words.next() {
                Some("bestmove") => {
                    let text = words.next().unwrap_or("").to_string();
                    return Ok(Reply::Move {
                        text,
                        at,
                        score,
                        depth,
                    });
                }
                Some("info") => {
                    let (s, d) = parse_uci_info(&line);
                    if s.is_some() {
                        score = s;
                    }
                    if d.is_some() {
                        depth = d;
                    }
                }
                _ => {}
            }
        }
    }

    fn xboard_move(&mut self, req: &MoveRequest, stop: &AtomicBool) -> Result<Reply, EngineError> {
        let send_move = |e: &mut Engine, m: &str| -> Result<(), EngineError> {
            if e.xb.usermove {
                e.proc.send(&format!("usermove {m}"))
            } else {
                e.proc.send(m)
            }
        };
        let clocks = |e: &mut Engine| -> Result<(), EngineError> {
            if let Tc::Fischer { .. } = req.tc {
                e.proc.send(&format!("time {}", req.own_ms / 10))?;
                e.proc.send(&format!("otim {}", req.opp_ms / 10))?;
            }
            Ok(())
        };
        if req.moves.len() < self.xb_sent {
            return Err(EngineError::Protocol("move list went backwards".into()));
        }
        if !self.xb_started {
            // Still in force mode: catch up, then `go`.
            for i in self.xb_sent..req.moves.len() {
                send_move(self, &req.moves[i])?;
            }
            clocks(self)?;
            self.proc.send("go")?;
            self.xb_started = true;
        } else {
            // The engine is waiting for its opponent's move and thinks on receiving it.
            clocks(self)?;
            for i in self.xb_sent..req.moves.len() {
                send_move(self, &req.moves[i])?;
            }
        }
        self.xb_sent = req.moves.len();
        let mut score = None;
        let mut depth = None;
        loop {
            let (line, at) = match self.proc.recv(req.deadline, stop) {
                Ok(x) => x,
                Err(e) => {
                    if e == EngineError::Timeout {
                        self.wants_restart = true;
                    }
                    return Err(e);
                }
            };
            let t = line.trim();
            let mut words = t.split_whitespace();
            let first = words.next().unwrap_or("");
            if first == "move" {
                let text = words.next().unwrap_or("").to_string();
                // The engine has played it on its own board.
                self.xb_sent += 1;
                return Ok(Reply::Move {
                    text,
                    at,
                    score,
                    depth,
                });
            }
            if first == "resign" {
                return Ok(Reply::Resign);
            }
            if t.starts_with("Illegal move") {
                self.wants_restart = true;
                return Err(EngineError::Protocol(format!(
                    "the engine rejected a legal move: {t}"
                )));
            }
            // Thinking output: `ply score time nodes pv...`.
            let mut nums = t.split_whitespace();
            if let (Some(p), Some(s)) = (nums.next(), nums.next()) {
                let p = p.trim_end_matches(['.', '&']);
                if let (Ok(p), Ok(s)) = (p.parse::<u32>(), s.parse::<i32>()) {
                    depth = Some(p);
                    score = Some(xboard_score(s));
                }
            }
        }
    }

    /// Tells the engine the game is over (best effort).
    pub fn end_game(&mut self, result: &str, reason: &str) {
        if self.proto == Proto::Xboard {
            let _ = self.proc.send(&format!("result {result} {{{reason}}}"));
            let _ = self.proc.send("force");
            if !self.xb.reuse {
                self.wants_restart = true;
            }
        }
    }

    /// Ends the engine politely, then firmly.
    pub fn quit(mut self) {
        self.proc.quit("quit", Duration::from_millis(300));
    }
}

/// Auto-detection: sends `uci` and decides from the answer. For UCI it returns the lines
/// of the answer before `uciok` (names and options) for the handshake to read.
fn detect(proc: &mut Process, stop: &AtomicBool) -> Result<(Proto, Vec<String>), EngineError> {
    proc.send("uci")?;
    let deadline = Instant::now() + DETECT_TIMEOUT;
    let mut lines = Vec::new();
    loop {
        match proc.recv(deadline, stop) {
            Ok((l, _)) => {
                let t = l.trim().to_string();
                if t == "uciok" {
                    return Ok((Proto::Uci, lines));
                }
                if t.starts_with("feature ")
                    || t.starts_with("Error")
                    || t.starts_with("Illegal")
                    || t.starts_with("tellics")
                {
                    return Ok((Proto::Xboard, lines));
                }
                lines.push(t);
            }
            Err(EngineError::Timeout) => return Ok((Proto::Xboard, lines)),
            Err(e) => return Err(e),
        }
    }
}

/// `key=value key="quoted value" ...` of an XBoard `feature` line.
pub fn parse_features(s: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = s.trim_start();
    while !rest.is_empty() {
        let Some(eq) = rest.find('=') else { break };
        let key = rest[..eq].trim().to_string();
        let after = &rest[eq + 1..];
        let (value, next) = if let Some(q) = after.strip_prefix('"') {
            match q.find('"') {
                Some(end) => (q[..end].to_string(), &q[end + 1..]),
                None => (q.to_string(), ""),
            }
        } else {
            let end = after.find(char::is_whitespace).unwrap_or(after.len());
            (after[..end].to_string(), &after[end..])
        };
        if !key.is_empty() && !key.contains(char::is_whitespace) {
            out.push((key, value));
        }
        rest = next.trim_start();
    }
    out
}

/// Score and depth of a UCI `info` line.
pub fn parse_uci_info(line: &str) -> (Option<Score>, Option<u32>) {
    let w: Vec<&str> = line.split_whitespace().collect();
    let mut score = None;
    let mut depth = None;
    let mut i = 0;
    while i < w.len() {
        match w[i] {
            "depth" => {
                depth = w.get(i + 1).and_then(|d| d.parse().ok());
                i += 1;
            }
            "score" => {
                match (
                    w.get(i + 1),
                    w.get(i + 2).and_then(|v| v.parse::<i32>().ok()),
                ) {
                    (Some(&"cp"), Some(v)) => score = Some(Score::Cp(v)),
                    (Some(&"mate"), Some(v)) => score = Some(Score::Mate(v)),
                    _ => {}
                }
                i += 2;
            }
            // The principal variation runs to the end of the line.
            "pv" | "string" => break,
            _ => {}
        }
        i += 1;
    }
    (score, depth)
}

/// XBoard scores: centipawns, mate in N moves as 100000 + N (CECP v2, `post`).
fn xboard_score(s: i32) -> Score {
    if s >= 100_000 {
        Score::Mate(s - 100_000)
    } else if s <= -100_000 {
        Score::Mate(s + 100_000)
    } else {
        Score::Cp(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_specs() {
        let c = EngineConfig::parse("target/release/oblique uci name=Oblique option.Threads=2")
            .unwrap();
        assert_eq!(c.command, vec!["target/release/oblique", "uci"]);
        assert_eq!(c.name.as_deref(), Some("Oblique"));
        assert_eq!(c.options, vec![("Threads".to_string(), "2".to_string())]);
        assert_eq!(c.threads(), 2);
        let c = EngineConfig::parse("cmd='/usr/games/fairymax -x' proto=xboard").unwrap();
        assert_eq!(c.command, vec!["/usr/games/fairymax", "-x"]);
        assert_eq!(c.proto, Some(Proto::Xboard));
        assert_eq!(c.threads(), 1);
        assert_eq!(c.label(), "fairymax");
        let c = EngineConfig::parse("eng --hash=16 \"a b\"").unwrap();
        assert_eq!(c.command, vec!["eng", "--hash=16", "a b"]);
        assert!(EngineConfig::parse("proto=xboard").is_err());
        assert!(EngineConfig::parse("x proto=telepathy").is_err());
        assert!(EngineConfig::parse("x 'open").is_err());
    }

    #[test]
    fn features() {
        let f = parse_features(r#"myname="Fairy-Max 5.0b" setboard=0 ping=1 done=0"#);
        assert_eq!(
            f,
            vec![
                ("myname".to_string(), "Fairy-Max 5.0b".to_string()),
                ("setboard".to_string(), "0".to_string()),
                ("ping".to_string(), "1".to_string()),
                ("done".to_string(), "0".to_string()),
            ]
        );
        assert!(parse_features(r#"option="Resign -check 0"#).len() == 1);
        assert!(parse_features("garbage without equals").is_empty());
    }

    #[test]
    fn uci_info() {
        assert_eq!(
            parse_uci_info("info depth 12 seldepth 20 score cp -35 nodes 1000 pv e2e4 e7e5"),
            (Some(Score::Cp(-35)), Some(12))
        );
        assert_eq!(
            parse_uci_info("info depth 3 score mate -2 pv a1a2"),
            (Some(Score::Mate(-2)), Some(3))
        );
        assert_eq!(parse_uci_info("info string score cp 5"), (None, None));
        assert_eq!(parse_uci_info("info depth x score cp"), (None, None));
        assert_eq!(Score::Mate(3).pgn(), "+M3");
        assert_eq!(Score::Cp(-5).pgn(), "-0.05");
    }

    #[test]
    fn time_controls() {
        assert_eq!(
            Tc::parse_fischer("10+0.1").unwrap(),
            Tc::Fischer {
                base_ms: 10_000,
                inc_ms: 100
            }
        );
        assert_eq!(
            Tc::parse_fischer("60").unwrap(),
            Tc::Fischer {
                base_ms: 60_000,
                inc_ms: 0
            }
        );
        assert!(Tc::parse_fischer("0+1").is_err());
        assert!(Tc::parse_fischer("abc").is_err());
        assert_eq!(Tc::parse_fischer("2+0.05").unwrap().pgn(), "2+0.05");
        assert_eq!(Tc::MoveTime(50).pgn(), "0.05/move");
    }

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

    #[test]
    fn xboard_mate_scores() {
        assert_eq!(xboard_score(35), Score::Cp(35));
        assert_eq!(xboard_score(100_002), Score::Mate(2));
        assert_eq!(xboard_score(-100_001), Score::Mate(-1));
    }
}
