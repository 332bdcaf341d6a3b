//! UCI: parses commands, calls the session, prints answers. Errors go out as
//! `info string ...` and the engine keeps running.

use crate::error::PositionCommandError;
use crate::session::{
    position_after, Session, DEFAULT_HASH_MB, MAX_HASH_MB, MAX_MOVE_OVERHEAD_MS, MAX_MULTIPV,
    MAX_THREADS,
};
use crate::tokenize::{parse_i64, parse_u64, Line};
use crate::{Flow, Frontend, Out, SearchOutcome};
use oblique_engine::any::all_variant_names;
use oblique_engine::search::{Clock, Info, Limits, PonderHit, DEFAULT_MOVE_OVERHEAD, MAX_DEPTH};
use oblique_engine::{AnyPosition, Color};
use std::time::Duration;

const GO_KEYWORDS: &[&str] = &[
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
];

struct Current {
    generation: u64,
    /// `go infinite`: no bestmove before `stop`.
    infinite: bool,
    /// `go ponder` before `ponderhit`: no bestmove before `ponderhit` or `stop`.
    pondering: bool,
    /// The limits as given (clock included), for the time budget after `ponderhit`.
    limits: Limits,
    stop: bool,
    /// A result that came while no bestmove could be sent yet.
    held: Option<SearchOutcome>,
}

#[derive(Default)]
pub struct Uci {
    current: Option<Current>,
}

impl Uci {
    pub fn new() -> Uci {
        Uci::default()
    }

    fn identify(&self, s: &Session, out: &mut Out) {
        out.line(format!("id name {}", crate::engine_name()));
        out.line("id author the Oblique developers");
        out.line(format!(
            "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"
        ));
        out.line(format!(
            "option name Threads type spin default 1 min 1 max {MAX_THREADS}"
        ));
        out.line(format!(
            "option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"
        ));
        out.line("option name Ponder type check default false");
        out.line(format!(
            "option name Move Overhead type spin default {} min 0 max {MAX_MOVE_OVERHEAD_MS}",
            DEFAULT_MOVE_OVERHEAD.as_millis()
        ));
        let vars: Vec<String> = all_variant_names()
            .iter()
            .map(|v| format!("var {v}"))
            .collect();
        out.line(format!(
            "option name UCI_Variant type combo default {} {}",
            s.game.variant(),
            vars.join(" ")
        ));
        out.line("option name Clear Hash type button");
        // Fairy-Stockfish's name: game files whose games join UCI_Variant.
        out.line("option name VariantPath type string default <empty>");
        out.line("uciok");
    }

    fn bestmove(&mut self, out: &mut Out, result: SearchOutcome) {
        match result {
            Ok(r) => match (r.best_move, r.ponder) {
                (Some(m), Some(p)) => out.line(format!("bestmove {m} ponder {p}")),
                (Some(m), None) => out.line(format!("bestmove {m}")),
                (None, _) => out.line("bestmove (none)"),
            },
            Err(e) => {
                out.line(format!("info string error: {e}"));
                out.line("bestmove (none)");
            }
        }
    }

    fn set_option(&mut self, s: &mut Session, out: &mut Out, line: &Line) {
        let Some(name_at) = line.find("name", 1) else {
            out.line(format!(
                "info string error: setoption needs a name: {}",
                line.text()
            ));
            return;
        };
        let value_at = line.find("value", name_at + 1);
        let name = line
            .span_text(name_at + 1, value_at.unwrap_or(line.len()))
            .to_ascii_lowercase();
        let value = value_at.map(|v| line.rest_from(v + 1)).unwrap_or("");
        let number = parse_u64(value);
        let bad = |out: &mut Out| {
            out.line(format!(
                "info string error: bad value for option '{name}': '{value}'"
            ))
        };
        match name.as_str() {
            "hash" => match number {
                Some(mb) => {
                    if let Err(e) = s.set_hash((mb as usize).clamp(1, MAX_HASH_MB)) {
                        out.line(format!("info string error: {e}"));
                    }
                }
                None => bad(out),
            },
            "threads" => match number {
                Some(n) if n >= 1 => {
                    if let Err(e) = s.set_threads((n as usize).min(MAX_THREADS)) {
                        out.line(format!("info string error: {e}"));
                    }
                }
                _ => bad(out),
            },
            "multipv" => match number {
                Some(n) if n >= 1 => s.options.multipv = (n as usize).min(MAX_MULTIPV),
                _ => bad(out),
            },
            "move overhead" => match number {
                Some(ms) => {
                    s.options.move_overhead = Duration::from_millis(ms.min(MAX_MOVE_OVERHEAD_MS))
                }
                None => bad(out),
            },
            "ponder" => match value.to_ascii_lowercase().as_str() {
                "true" => s.options.ponder = true,
                "false" => s.options.ponder = false,
                _ => bad(out),
            },
            "uci_variant" => {
                let v = value.to_ascii_lowercase();
                if !all_variant_names().contains(&v.as_str()) {
                    out.line(format!(
                        "info string error: unknown variant '{value}' (known: {})",
                        all_variant_names().join(", ")
                    ));
                } else if let Err(e) = s.new_game(&v, None) {
                    out.line(format!("info string error: {e}"));
                }
            }
            "clear hash" => s.clear_hash(),
            "variantpath" => {
                // Several files may be given separated as in PATH (`:`; `;` on Windows).
                for file in std::env::split_paths(value) {
                    let file = file.to_string_lossy();
                    if file.is_empty() || file == "<empty>" {
                        continue;
                    }
                    match oblique_engine::registry::register_file(&file) {
                        Ok(games) => {
                            let names: Vec<&str> = games.iter().map(|g| g.name).collect();
                            out.line(format!("info string loaded {}", names.join(", ")));
                        }
                        Err(e) => out.line(format!("info string error: {e}")),
                    }
                }
            }
            "" => out.line(format!(
                "info string error: setoption needs a name: {}",
                line.text()
            )),
            _ => out.line(format!("info string error: unknown option '{name}'")),
        }
    }

    fn position(&mut self, s: &mut Session, out: &mut Out, line: &Line) {
        let variant = s.game.variant();
        let moves_at = line.find("moves", 1);
        let end = moves_at.unwrap_or(line.len());
        let start = match line.word(1) {
            Some("startpos") if end == 2 => AnyPosition::new(variant, None).map_err(Into::into),
            Some("fen") if end > 2 => {
                AnyPosition::new(variant, Some(line.span_text(2, end))).map_err(Into::into)
            }
            Some("startpos") => Err(PositionCommandError::AfterStartpos(
                line.span_text(2, end).to_string(),
            )),
            Some("fen") => Err(PositionCommandError::NoFen),
            Some(other) => Err(PositionCommandError::NotStartposOrFen(other.to_string())),
            None => Err(PositionCommandError::Missing),
        };
        let moves = moves_at.map(|m| line.words_from(m + 1)).unwrap_or_default();
        match start.and_then(|p| position_after(&p, &moves).map_err(Into::into)) {
            Ok(game) => s.game = game,
            Err(e) => {
                out.line(format!(
                    "info string error: {e}; no valid position until the next good 'position'"
                ));
                s.game.set_invalid(e);
            }
        }
    }

    fn go(&mut self, s: &mut Session, out: &mut Out, line: &Line) {
        if self.current.is_some() {
            out.line("info string error: a search is already running (send stop first)");
            return;
        }
        let mut limits = Limits {
            multipv: s.options.multipv,
            ..Limits::default()
        };
        let pos = s.game.position().clone();
        let white = pos.side_to_move() == Color::White;
        let (mut time, mut inc, mut mtg) = (None, None, None);
        let mut ponder = false;
        let mut i = 1;
        let ms = |v: i64| Duration::from_millis(v.max(0) as u64);
        while let Some(word) = line.word(i) {
            i += 1;
            let value = line.word(i);
            let number = value.and_then(parse_i64);
            let mut takes_value = true;
            match word {
                "infinite" => {
                    limits.infinite = true;
                    takes_value = false;
                }
                "ponder" => {
                    ponder = true;
                    takes_value = false;
                }
                "searchmoves" => {
                    takes_value = false;
                    while let Some(m) = line.word(i) {
                        if GO_KEYWORDS.contains(&m) {
                            break;
                        }
                        i += 1;
                        let mut probe = pos.clone();
                        match probe.play(m) {
                            Ok(name) => limits.searchmoves.push(name),
                            Err(e) => {
                                out.line(format!("info string error: ignoring searchmove {m}: {e}"))
                            }
                        }
                    }
                }
                "wtime" | "btime" | "winc" | "binc" | "movestogo" | "depth" | "nodes" | "mate"
                | "movetime" => match number {
                    None => {
                        out.line(format!(
                            "info string error: go {word} needs a number, not '{}'",
                            value.unwrap_or("")
                        ));
                        takes_value = value.is_some_and(|v| !GO_KEYWORDS.contains(&v));
                    }
                    Some(v) => match word {
                        "wtime" if white => time = Some(ms(v)),
                        "btime" if !white => time = Some(ms(v)),
                        "winc" if white => inc = Some(ms(v)),
                        "binc" if !white => inc = Some(ms(v)),
                        "movestogo" => mtg = Some(v.clamp(1, u32::MAX as i64) as u32),
                        "depth" => limits.depth = Some(v.clamp(1, MAX_DEPTH as i64) as u32),
                        "nodes" => limits.nodes = Some(v.max(1) as u64),
                        "mate" => {
                            let n = v.clamp(1, MAX_DEPTH as i64 / 2) as u32;
                            limits.mate = Some(n);
                        }
                        "movetime" => limits.movetime = Some(ms(v).max(Duration::from_millis(1))),
                        _ => {}
                    },
                },
                other => {
                    out.line(format!(
                        "info string error: ignoring unknown go parameter '{other}'"
                    ));
                    takes_value = false;
                }
            }
            if takes_value {
                i += 1;
            }
        }
        if let Some(t) = time {
            limits.clock = Some(Clock {
                time_left: t,
                increment: inc.unwrap_or(Duration::ZERO),
                moves_to_go: mtg,
            });
        }
        if let Some(why) = s.game.invalid() {
            out.line(format!("info string error: no valid position ({why})"));
            out.line("bestmove (none)");
            return;
        }
        if ponder {
            limits.ponder = Some(PonderHit::new());
        }
        let generation = s.start_search(pos, limits.clone());
        self.current = Some(Current {
            generation,
            infinite: limits.infinite,
            pondering: ponder,
            limits,
            stop: false,
            held: None,
        });
    }

    fn stop(&mut self, s: &mut Session, out: &mut Out) {
        let Some(c) = self.current.as_mut() else {
            return;
        };
        if let Some(result) = c.held.take() {
            self.current = None;
            self.bestmove(out, result);
        } else {
            c.stop = true;
            s.request_stop();
        }
    }

    fn ponderhit(&mut self, s: &mut Session, out: &mut Out) {
        let Some(c) = self.current.as_mut() else {
            return;
        };
        if !c.pondering {
            return;
        }
        c.pondering = false;
        if c.infinite {
            return;
        }
        if let Some(result) = c.held.take() {
            self.current = None;
            self.bestmove(out, result);
            return;
        }
        let budget = c.limits.budget(s.options.move_overhead);
        if let Some(hit) = &c.limits.ponder {
            hit.fire(budget);
        }
        let limited = budget.hard.is_some() || c.limits.depth.is_some() || c.limits.nodes.is_some();
        if !limited {
            // Nothing would ever end it: answer now with what pondering found.
            c.stop = true;
            s.request_stop();
        }
    }
}

fn info_line(i: &Info) -> String {
    let mut s = format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} time {} hashfull {}",
        i.depth,
        i.seldepth,
        i.multipv.max(1),
        i.score.uci(),
        i.nodes,
        i.nps,
        i.time.as_millis(),
        i.hashfull
    );
    if !i.pv.is_empty() {
        s.push_str(" pv ");
        s.push_str(&i.pv.join(" "));
    }
    s
}

impl Frontend for Uci {
    fn line(&mut self, s: &mut Session, out: &mut Out, text: &str) -> Flow {
        let line = Line::new(text);
        match line.command() {
            "" | "debug" | "register" => {}
            "uci" => self.identify(s, out),
            "isready" => out.line("readyok"),
            "setoption" => self.set_option(s, out, &line),
            "ucinewgame" => {
                if self.current.is_some() {
                    out.line("info string error: ucinewgame during a search; stopping it");
                    self.current = None;
                    s.abort_search();
                }
                s.clear_hash();
                let variant = s.game.variant();
                if let Err(e) = s.new_game(variant, None) {
                    out.line(format!("info string error: {e}"));
                }
            }
            "position" => self.position(s, out, &line),
            "go" => self.go(s, out, &line),
            "stop" => self.stop(s, out),
            "ponderhit" => self.ponderhit(s, out),
            "quit" => return Flow::Quit,
            "d" => {
                for l in s.game.position().diagram().lines() {
                    out.line(format!("info string {l}"));
                }
                if let Some(why) = s.game.invalid() {
                    out.line(format!("info string no valid position: {why}"));
                }
            }
            other => out.line(format!("info string error: unknown command '{other}'")),
        }
        Flow::Continue
    }

    fn info(&mut self, _s: &mut Session, out: &mut Out, _generation: u64, info: &Info) {
        out.line(info_line(info));
    }

    fn awaited_search(&self) -> Option<u64> {
        self.current.as_ref().map(|c| c.generation)
    }

    fn done(&mut self, _s: &mut Session, out: &mut Out, result: SearchOutcome) {
        let Some(c) = self.current.as_mut() else {
            return;
        };
        if (c.infinite || c.pondering) && !c.stop {
            c.held = Some(result);
        } else {
            self.current = None;
            self.bestmove(out, result);
        }
    }

    fn warning(&mut self, out: &mut Out, message: &str) {
        out.line(format!("info string {message}"));
    }

    /// End of input is `quit` (as in Stockfish): a GUI that died must not leave the engine
    /// searching. A search under way stops and still answers with its best move.
    fn eof(&mut self, s: &mut Session, out: &mut Out) {
        if self.current.is_some() {
            self.stop(s, out);
        }
    }

    fn internal_error(&mut self, out: &mut Out, line: &str) {
        out.line(format!("info string error: internal error on '{line}'"));
    }
}
