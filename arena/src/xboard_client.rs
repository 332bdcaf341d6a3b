//! The XBoard (CECP v2) side of the runner's conversation with an engine: `protover 2`
//! and its features, `new`/`variant`/`setboard`/`level`, moves in force mode and on the
//! engine's turn, thinking output, game results.

use crate::config::{secs_text, Tc};
use crate::engine::{xboard_variant, Engine, MoveRequest, Reply, Score, HANDSHAKE_TIMEOUT};
use crate::process::EngineError;
use oblique_engine::GameRecord;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// XBoard: how long to wait for `feature ... done=1` unless the engine sent `done=0`
/// (the protocol's own two seconds).
const XBOARD_FEATURE_TIMEOUT: Duration = Duration::from_secs(2);

impl Engine {
    /// `new`, `variant`, `force`, `setboard`, the time control, `post`, `easy`.
    pub(crate) fn xboard_new_game(&mut self, game: &GameRecord, tc: Tc) -> Result<(), EngineError> {
        self.xb_sent = 0;
        self.xb_started = false;
        self.proc.send("new")?;
        // `new` is orthodox chess (XBoard's `normal`); any other game is named.
        if !game.is_orthodox() {
            self.proc
                .send(&format!("variant {}", xboard_variant(game.variant())))?;
        }
        self.proc.send("force")?;
        if !game.starts_from_standard() {
            let fen = game.start_fen();
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
        Ok(())
    }

    pub(crate) fn xboard_handshake(&mut self, stop: &AtomicBool) -> Result<(), EngineError> {
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

    pub(crate) fn xboard_move(
        &mut self,
        req: &MoveRequest,
        stop: &AtomicBool,
    ) -> Result<Reply, EngineError> {
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
        let moves = req.game.moves();
        if moves.len() < self.xb_sent {
            return Err(EngineError::Protocol("move list went backwards".into()));
        }
        if !self.xb_started {
            // Still in force mode: catch up, then `go`.
            for m in &moves[self.xb_sent..] {
                send_move(self, &m.text)?;
            }
            clocks(self)?;
            self.proc.send("go")?;
            self.xb_started = true;
        } else {
            // The engine is waiting for its opponent's move and thinks on receiving it.
            clocks(self)?;
            for m in &moves[self.xb_sent..] {
                send_move(self, &m.text)?;
            }
        }
        self.xb_sent = moves.len();
        let mut score = None;
        let mut depth = None;
        loop {
            let (line, at) = self.reply_line(req.deadline, stop, None)?;
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
    fn xboard_mate_scores() {
        assert_eq!(xboard_score(35), Score::Cp(35));
        assert_eq!(xboard_score(100_002), Score::Mate(2));
        assert_eq!(xboard_score(-100_001), Score::Mate(-1));
    }
}
