//! The UCI side of the runner's conversation with an engine: the `uci` handshake (name,
//! `UCI_Variant` values, whether it has `UCI_Chess960`), `position` and `go`, and the `info` lines that carry scores.

use crate::config::Tc;
use crate::engine::{Engine, MoveRequest, Reply, Score, HANDSHAKE_TIMEOUT};
use crate::process::EngineError;
use oblique_engine::GameRecord;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

impl Engine {
    /// `UCI_Variant` (not for orthodox chess) and `ucinewgame`.
    pub(crate) fn uci_new_game(&mut self, game: &GameRecord) -> Result<(), EngineError> {
        if !game.is_orthodox() {
            self.proc.send(&format!(
                "setoption name UCI_Variant value {}",
                game.variant()
            ))?;
        }
        self.proc.send("ucinewgame")?;
        Ok(())
    }

    pub(crate) fn uci_handshake(&mut self, stop: &AtomicBool) -> Result<(), EngineError> {
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
    pub(crate) fn uci_line(&mut self, line: &str) -> bool {
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
            } else if name.eq_ignore_ascii_case("UCI_Chess960") {
                self.uci_offers_chess960 = true;
            } else if name.eq_ignore_ascii_case("VariantPath") {
                self.uci_offers_variant_path = true;
            }
        }
        false
    }

    pub(crate) fn uci_move(
        &mut self,
        req: &MoveRequest,
        stop: &AtomicBool,
    ) -> Result<Reply, EngineError> {
        // `startpos` is orthodox chess's start; any other start is sent as a FEN.
        let mut pos = if req.game.is_orthodox() && req.game.starts_from_standard() {
            "position startpos".to_string()
        } else {
            format!("position fen {}", req.game.start_fen())
        };
        if !req.game.is_empty() {
            pos.push_str(" moves");
            for m in req.game.moves() {
                pos.push(' ');
                pos.push_str(&m.text);
            }
        }
        self.proc.send(&pos)?;
        let go = match req.tc {
            Tc::Fischer { .. } => format!(
                "go wtime {} btime {} winc {} binc {}",
                req.wtime_ms, req.btime_ms, req.winc_ms, req.binc_ms
            ),
            Tc::MoveTime(ms) => format!("go movetime {ms}"),
            Tc::Depth(d) => format!("go depth {d}"),
        };
        self.proc.send(&go)?;
        let mut score = None;
        let mut depth = None;
        loop {
            let (line, at) = self.reply_line(req.deadline, stop, Some("stop"))?;
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
#[cfg(test)]
mod tests {
    use super::*;

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
}
