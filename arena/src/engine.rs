//! One engine as the runner sees it, whatever its protocol: start-up (with protocol
//! detection), options, a new game, a move request, the end of a game. The conversation of
//! each protocol lives in `uci_client` and `xboard_client`; the process in `process`.

use crate::config::{EngineConfig, Proto, Tc};
use crate::error::StartError;
use crate::process::{EngineError, Process};
use oblique_engine::record::is_orthodox;
use oblique_engine::GameRecord;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// How long an engine may take to answer `uci` / `isready` / `ping` / `protover 2`.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);
/// Auto-detection: how long to wait for `uciok` after `uci`.
const DETECT_TIMEOUT: Duration = Duration::from_secs(3);

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

/// What an engine needs to know to move: the game so far and the clocks.
pub struct MoveRequest<'a> {
    /// The game so far: its start position and every move since (opening moves included).
    pub game: &'a GameRecord,
    /// The engine's and its opponent's remaining time in milliseconds (time controls only).
    pub own_ms: u64,
    pub opp_ms: u64,
    /// White's and Black's remaining time, for UCI.
    pub wtime_ms: u64,
    pub btime_ms: u64,
    /// White's and Black's increments (they differ under time odds), for UCI.
    pub winc_ms: u64,
    pub binc_ms: u64,
    /// The mover's own limit.
    pub tc: Tc,
    /// Give up waiting at this instant.
    pub deadline: Instant,
}

/// One engine speaking UCI or XBoard.
pub struct Engine {
    pub(crate) proc: Process,
    pub proto: Proto,
    /// The name the engine gave (UCI `id name`, XBoard `myname`), if any.
    pub id_name: Option<String>,
    /// UCI: values of the `UCI_Variant` combo option, if the engine has one.
    pub(crate) uci_variants: Option<Vec<String>>,
    /// UCI: the engine has a `UCI_Chess960` option (which some engines, Sjaak II 1.4.1 among
    /// them, switch on by default).
    pub(crate) uci_offers_chess960: bool,
    /// UCI: the engine has a `VariantPath` option (Oblique's and Fairy-Stockfish's: game
    /// files whose games join `UCI_Variant`).
    pub(crate) uci_offers_variant_path: bool,
    pub(crate) xb: XbFeatures,
    /// XBoard per game: moves already sent, and whether `go` has been sent.
    pub(crate) xb_sent: usize,
    pub(crate) xb_started: bool,
    pub(crate) ping_counter: u32,
    /// The last game's conversation may have left it in a state worth a fresh process.
    pub wants_restart: bool,
}

impl Engine {
    /// The engine's next line of a reply, with its arrival time. A time-out marks the
    /// engine for a restart, after `stop_command` (best effort, so that a process reused
    /// meanwhile is quiet) where the protocol has one.
    pub(crate) fn reply_line(
        &mut self,
        deadline: Instant,
        stop: &AtomicBool,
        stop_command: Option<&str>,
    ) -> Result<(String, Instant), EngineError> {
        let line = self.proc.recv(deadline, stop);
        if line.as_ref().err() == Some(&EngineError::Timeout) {
            if let Some(command) = stop_command {
                let _ = self.proc.send(command);
            }
            self.wants_restart = true;
        }
        line
    }

    /// Starts the engine and completes the protocol handshake (detecting the protocol if
    /// the configuration does not name it).
    pub fn start(
        cfg: &EngineConfig,
        stop: &AtomicBool,
        trace: Option<String>,
    ) -> Result<Engine, StartError> {
        let label = cfg.label();
        let fail = |error: EngineError| StartError::Handshake {
            label: label.clone(),
            error,
        };
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
            uci_offers_chess960: false,
            uci_offers_variant_path: false,
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
                if is_orthodox(variant) {
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
                    None => Some(is_orthodox(variant)),
                }
            }
        }
    }

    /// Whether the engine takes game files through UCI's `VariantPath` option.
    pub fn offers_variant_path(&self) -> bool {
        self.proto == Proto::Uci && self.uci_offers_variant_path
    }

    /// Whether the engine can start from a given position (UCI always; XBoard with
    /// `feature setboard=1`).
    pub fn takes_positions(&self) -> bool {
        self.proto == Proto::Uci || self.xb.setboard
    }

    /// Sends the configured options and waits until the engine is ready.
    /// None of the runner's games is Chess960: a UCI engine that offers `UCI_Chess960` is told
    /// it is off (unless the user set it), or one that defaults it on castles king-takes-rook
    /// (`e1h1`), which orthodox chess reads as an illegal move.
    fn configure(&mut self, cfg: &EngineConfig, stop: &AtomicBool) -> Result<(), EngineError> {
        let user_sets_960 = cfg
            .options
            .iter()
            .any(|(k, _)| k.eq_ignore_ascii_case("UCI_Chess960"));
        if self.proto == Proto::Uci && self.uci_offers_chess960 && !user_sets_960 {
            self.proc.send("setoption name UCI_Chess960 value false")?;
        }
        let mut new_games = false;
        for (k, v) in &cfg.options {
            new_games |= k.eq_ignore_ascii_case("VariantPath");
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
        // Games loaded from files join `UCI_Variant`: read the engine's list again.
        if new_games && self.proto == Proto::Uci {
            self.uci_handshake(stop)?;
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

    /// Prepares a new game: variant, start position (`game`'s), limits.
    pub fn new_game(
        &mut self,
        game: &GameRecord,
        tc: Tc,
        stop: &AtomicBool,
    ) -> Result<(), EngineError> {
        self.proc.drain()?;
        match self.proto {
            Proto::Uci => self.uci_new_game(game)?,
            Proto::Xboard => self.xboard_new_game(game, tc)?,
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

/// What an XBoard engine said of itself in its `feature` lines.
#[derive(Default, Clone, Debug)]
pub(crate) struct XbFeatures {
    pub(crate) usermove: bool,
    pub(crate) setboard: bool,
    pub(crate) ping: bool,
    pub(crate) reuse: bool,
    pub(crate) myname: Option<String>,
    pub(crate) variants: Option<Vec<String>>,
}

/// XBoard's name for a game, from the game's record (`normal` for orthodox chess).
pub fn xboard_variant(variant: &str) -> &str {
    oblique_engine::find_variant(variant).map_or(variant, |spec| spec.xboard.name)
}
