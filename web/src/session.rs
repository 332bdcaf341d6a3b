//! One browser tab's game: the position and its moves, who the engine plays, and the tab's
//! search. Every message from the page is answered with the new state or one error line; a
//! bad message changes nothing.

use crate::engine::{Cancel, Engines};
use crate::json::{info_json, view_json};
use crate::pgn;
use oblique_engine::search::{Limits, MAX_DEPTH};
use oblique_engine::view::view;
use oblique_engine::{AnyPosition, Color};
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc::UnboundedSender;

/// Longest think the page may ask for per move.
pub const MAX_MOVETIME_MS: u64 = 600_000;
/// Most lines an analysis may show.
pub const MAX_MULTIPV: usize = 8;

/// What the page sends.
#[derive(Deserialize, Debug)]
#[serde(tag = "type", rename_all = "camelCase", deny_unknown_fields)]
pub enum Request {
    /// A new game: variant, optional FEN/TFEN, who the engine plays and how strong.
    New {
        variant: String,
        fen: Option<String>,
        #[serde(default)]
        moves: Vec<String>,
        engine: Option<String>,
        depth: Option<u32>,
        movetime: Option<u64>,
    },
    /// A move in protocol (or human) notation.
    Move {
        #[serde(rename = "move")]
        text: String,
    },
    /// Take back the last move (against the engine: back to the person's previous turn).
    Undo,
    /// Who the engine plays (`white`, `black`, `both`, `off`) and its strength.
    Engine {
        side: String,
        depth: Option<u32>,
        movetime: Option<u64>,
    },
    /// The engine moves now for the side to move.
    Go,
    /// Start analysing the position with this many lines.
    Analyse { multipv: Option<usize> },
    /// Stop analysing.
    Stop,
    /// Replace the game by one read from PGN.
    LoadPgn { pgn: String },
}

/// What a search reports back to the tab's task.
pub enum Event {
    Info {
        generation: u64,
        line: Value,
    },
    Done {
        generation: u64,
        best: Option<String>,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum EngineSide {
    Off,
    Plays(Color),
    Both,
}

impl EngineSide {
    fn parse(s: &str) -> Result<EngineSide, String> {
        match s {
            "off" | "none" => Ok(EngineSide::Off),
            "white" | "w" => Ok(EngineSide::Plays(Color::White)),
            "black" | "b" => Ok(EngineSide::Plays(Color::Black)),
            "both" => Ok(EngineSide::Both),
            other => Err(format!(
                "engine side must be white, black, both or off, not '{other}'"
            )),
        }
    }

    fn name(self) -> &'static str {
        match self {
            EngineSide::Off => "off",
            EngineSide::Plays(Color::White) => "white",
            EngineSide::Plays(Color::Black) => "black",
            EngineSide::Both => "both",
        }
    }

    fn plays(self, c: Color) -> bool {
        match self {
            EngineSide::Off => false,
            EngineSide::Plays(p) => p == c,
            EngineSide::Both => true,
        }
    }
}

/// A move that was played, as the page lists and marks it.
#[derive(Clone, Debug)]
struct Played {
    text: String,
    human: String,
    from: String,
    to: String,
    board_move: bool,
}

/// The game itself: start position and moves; the current position is their replay.
#[derive(Clone)]
pub struct GameRecord {
    pub variant: String,
    pub start_fen: String,
    start: AnyPosition,
    pub pos: AnyPosition,
    played: Vec<Played>,
}

impl GameRecord {
    pub fn new(variant: &str, fen: Option<&str>) -> Result<GameRecord, String> {
        let fen = fen.map(str::trim).filter(|f| !f.is_empty());
        let start = AnyPosition::new(variant, fen).map_err(|e| e.to_string())?;
        Ok(GameRecord {
            variant: start.variant_name().to_string(),
            start_fen: start.to_fen(),
            pos: start.clone(),
            start,
            played: Vec::new(),
        })
    }

    /// Plays a legal move given as text; the game is unchanged if it is not legal.
    pub fn play(&mut self, text: &str) -> Result<(), String> {
        if let Some(o) = self.pos.outcome() {
            return Err(format!("the game is over ({})", o.reason()));
        }
        let v = view(&self.pos);
        let mut next = self.pos.clone();
        let canonical = next.play(text).map_err(|e| format!("illegal move: {e}"))?;
        let Some(m) = v.moves.iter().find(|m| m.text == canonical) else {
            return Err(format!("illegal move: {text}"));
        };
        self.played.push(Played {
            text: m.text.clone(),
            human: m.human.clone(),
            from: m.from.clone(),
            to: m.to.clone(),
            board_move: m.board_move,
        });
        self.pos = next;
        Ok(())
    }

    /// Takes back the last `n` moves.
    fn take_back(&mut self, n: usize) {
        let keep = self.played.len().saturating_sub(n);
        let texts: Vec<String> = self.played[..keep].iter().map(|p| p.text.clone()).collect();
        let mut pos = self.start.clone();
        let mut played = Vec::new();
        for (t, p) in texts.iter().zip(&self.played) {
            if pos.play(t).is_err() {
                break;
            }
            played.push(p.clone());
        }
        self.pos = pos;
        self.played = played;
    }

    pub fn moves(&self) -> Vec<String> {
        self.played.iter().map(|p| p.text.clone()).collect()
    }

    pub fn human_moves(&self) -> Vec<String> {
        self.played.iter().map(|p| p.human.clone()).collect()
    }

    /// Side to move in the start position (numbering of the move list).
    pub fn first_mover(&self) -> Color {
        self.start.side_to_move()
    }

    pub fn start_fullmove(&self) -> u32 {
        self.start_fen
            .split_whitespace()
            .last()
            .and_then(|n| n.parse().ok())
            .unwrap_or(1)
    }
}

/// A tab's session.
pub struct Session {
    engines: Arc<Engines>,
    events: UnboundedSender<Event>,
    game: GameRecord,
    engine: EngineSide,
    depth: Option<u32>,
    movetime: Option<u64>,
    analysis: Option<usize>,
    generation: u64,
    cancel: Arc<Cancel>,
    thinking: bool,
}

fn check_strength(depth: Option<u32>, movetime: Option<u64>) -> Result<(), String> {
    if let Some(d) = depth {
        if d == 0 || d > MAX_DEPTH {
            return Err(format!("depth must be between 1 and {MAX_DEPTH}, not {d}"));
        }
    }
    if let Some(t) = movetime {
        if t == 0 || t > MAX_MOVETIME_MS {
            return Err(format!(
                "movetime must be between 1 and {MAX_MOVETIME_MS} ms, not {t}"
            ));
        }
    }
    Ok(())
}

impl Session {
    pub fn new(engines: Arc<Engines>, events: UnboundedSender<Event>) -> Session {
        let game = match GameRecord::new("chess", None) {
            Ok(g) => g,
            Err(e) => unreachable!("orthodox chess always starts: {e}"),
        };
        Session {
            engines,
            events,
            game,
            engine: EngineSide::Off,
            depth: None,
            movetime: Some(1000),
            analysis: None,
            generation: 0,
            cancel: Arc::new(Cancel::default()),
            thinking: false,
        }
    }

    /// Stops whatever this tab's search is doing (also when the tab closes).
    pub fn cancel_search(&mut self) {
        self.cancel.cancel();
        self.generation += 1;
        self.thinking = false;
    }

    /// Handles one text message from the page; returns the messages to send back.
    pub fn handle_text(&mut self, text: &str) -> Vec<Value> {
        let request: Request = match serde_json::from_str(text) {
            Ok(r) => r,
            Err(e) => return vec![error(format!("bad request: {e}"))],
        };
        match self.apply(request) {
            Ok(()) => {
                self.start_search_if_due();
                vec![self.state()]
            }
            Err(e) => vec![error(e)],
        }
    }

    fn apply(&mut self, request: Request) -> Result<(), String> {
        match request {
            Request::New {
                variant,
                fen,
                moves,
                engine,
                depth,
                movetime,
            } => {
                check_strength(depth, movetime)?;
                let engine = engine.as_deref().map(EngineSide::parse).transpose()?;
                let mut game = GameRecord::new(&variant, fen.as_deref())?;
                for m in &moves {
                    game.play(m)?;
                }
                self.cancel_search();
                self.game = game;
                self.analysis = None;
                self.engine =
                    engine.unwrap_or(EngineSide::Plays(self.game.pos.side_to_move().other()));
                self.set_strength(depth, movetime);
            }
            Request::Move { text } => {
                let mover = self.game.pos.side_to_move();
                if self.engine.plays(mover) && self.analysis.is_none() {
                    return Err(format!("it is the engine's move ({})", mover.name()));
                }
                self.game.play(&text)?;
                self.cancel_search();
            }
            Request::Undo => {
                if self.game.played.is_empty() {
                    return Err("no move to take back".into());
                }
                self.cancel_search();
                self.game.take_back(1);
                if !matches!(self.engine, EngineSide::Off | EngineSide::Both) {
                    while !self.game.played.is_empty()
                        && self.engine.plays(self.game.pos.side_to_move())
                    {
                        self.game.take_back(1);
                    }
                }
            }
            Request::Engine {
                side,
                depth,
                movetime,
            } => {
                check_strength(depth, movetime)?;
                let side = EngineSide::parse(&side)?;
                self.cancel_search();
                self.engine = side;
                self.set_strength(depth, movetime);
            }
            Request::Go => {
                if self.game.pos.outcome().is_some() {
                    return Err("the game is over".into());
                }
                self.cancel_search();
                self.analysis = None;
                let side = self.game.pos.side_to_move();
                self.engine = match self.engine {
                    EngineSide::Both => EngineSide::Both,
                    _ => EngineSide::Plays(side),
                };
            }
            Request::Analyse { multipv } => {
                let k = multipv.unwrap_or(1);
                if k == 0 || k > MAX_MULTIPV {
                    return Err(format!("multipv must be between 1 and {MAX_MULTIPV}"));
                }
                self.cancel_search();
                self.engine = EngineSide::Off;
                self.analysis = Some(k);
            }
            Request::Stop => {
                self.cancel_search();
                self.analysis = None;
            }
            Request::LoadPgn { pgn } => {
                let game = pgn::read(&pgn)?;
                self.cancel_search();
                self.game = game;
                self.engine = EngineSide::Off;
                self.analysis = None;
            }
        }
        Ok(())
    }

    fn set_strength(&mut self, depth: Option<u32>, movetime: Option<u64>) {
        if depth.is_some() || movetime.is_some() {
            self.depth = depth;
            self.movetime = movetime;
        }
    }

    /// Starts the engine's move or the analysis when one is due.
    fn start_search_if_due(&mut self) {
        if self.thinking || self.game.pos.outcome().is_some() {
            return;
        }
        let limits = if let Some(k) = self.analysis {
            Limits {
                infinite: true,
                multipv: k,
                ..Limits::default()
            }
        } else if self.engine.plays(self.game.pos.side_to_move()) {
            Limits {
                depth: self.depth,
                movetime: if self.depth.is_some() {
                    None
                } else {
                    self.movetime.map(Duration::from_millis)
                },
                multipv: 1,
                ..Limits::default()
            }
        } else {
            return;
        };
        self.cancel = Arc::new(Cancel::default());
        self.thinking = true;
        let generation = self.generation;
        let pos = self.game.pos.clone();
        let info_pos = pos.clone();
        let events = self.events.clone();
        let done_events = self.events.clone();
        let analysing = self.analysis.is_some();
        let engines = self.engines.clone();
        let cancel = self.cancel.clone();
        tokio::spawn(async move {
            let result = engines
                .search(pos, limits, cancel, move |info| {
                    if analysing {
                        let _ = events.send(Event::Info {
                            generation,
                            line: info_json(&info_pos, info),
                        });
                    }
                })
                .await;
            let _ = done_events.send(Event::Done {
                generation,
                best: result.and_then(|r| r.best_move),
            });
        });
    }

    /// A search's report: lines go to the page, a finished engine move is played.
    pub fn handle_event(&mut self, event: Event) -> Vec<Value> {
        match event {
            Event::Info { generation, line } if generation == self.generation => vec![line],
            Event::Done { generation, best } if generation == self.generation => {
                self.thinking = false;
                if self.analysis.is_some() {
                    self.analysis = None;
                    return vec![self.state()];
                }
                let mut out = Vec::new();
                if let Some(best) = best {
                    if let Err(e) = self.game.play(&best) {
                        out.push(error(format!("engine move {best} refused: {e}")));
                    }
                }
                self.start_search_if_due();
                out.push(self.state());
                out
            }
            _ => Vec::new(),
        }
    }

    /// The whole state the page draws.
    pub fn state(&self) -> Value {
        let v = view(&self.game.pos);
        let last = self.game.played.last();
        json!({
            "type": "state",
            "view": view_json(&v),
            "startFen": self.game.start_fen,
            "firstMover": self.game.first_mover().name(),
            "startFullmove": self.game.start_fullmove(),
            "history": self.game.played.iter().map(|p| json!({
                "text": p.text, "human": p.human, "from": p.from, "to": p.to,
                "boardMove": p.board_move
            })).collect::<Vec<_>>(),
            "lastMove": last.map(|p| json!({"from": p.from, "to": p.to, "boardMove": p.board_move})),
            "engine": self.engine.name(),
            "depth": self.depth,
            "movetime": self.movetime,
            "thinking": self.thinking && self.analysis.is_none(),
            "analysing": self.analysis,
            "pgn": pgn::write(&self.game),
        })
    }

    pub fn game(&self) -> &GameRecord {
        &self.game
    }
}

fn error(message: String) -> Value {
    json!({"type": "error", "message": message})
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver};

    fn session() -> (Session, UnboundedReceiver<Event>) {
        let (tx, rx) = unbounded_channel();
        let engines = Arc::new(Engines::new(1, 1).unwrap());
        (Session::new(engines, tx), rx)
    }

    fn one(replies: Vec<Value>) -> Value {
        assert_eq!(replies.len(), 1, "{replies:?}");
        replies.into_iter().next().unwrap()
    }

    #[test]
    fn bad_requests_get_one_error_and_change_nothing() {
        let (mut s, _rx) = session();
        let start = one(s.handle_text(r#"{"type":"new","variant":"minislanted","engine":"off"}"#));
        assert_eq!(start["view"]["sideToMove"], "black");
        let fen = start["view"]["fen"].clone();
        for bad in [
            "not json",
            r#"{"type":"fly"}"#,
            r#"{"type":"new","variant":"minislanted","fen":"8/8/8 w - - 0 1"}"#,
            r#"{"type":"new","variant":"nosuch"}"#,
            r#"{"type":"new","variant":"chess","depth":0}"#,
            r#"{"type":"move","move":"a2a3"}"#,
            r#"{"type":"analyse","multipv":99}"#,
            r#"{"type":"undo"}"#,
        ] {
            let r = one(s.handle_text(bad));
            assert_eq!(r["type"], "error", "{bad}: {r}");
            assert!(!r["message"].as_str().unwrap_or("").is_empty());
        }
        assert_eq!(s.state()["view"]["fen"], fen);
        // Black moves first in MSEC (escalator.md 2.2); a5 to ab4 is written a5a4.
        let r = one(s.handle_text(r#"{"type":"move","move":"a5a4"}"#));
        assert_eq!(r["history"][0]["human"], "a5-ab4");
        let r = one(s.handle_text(r#"{"type":"undo"}"#));
        assert_eq!(r["view"]["fen"], fen);
    }

    #[test]
    fn the_engine_answers_and_take_back_returns_to_the_person() {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async {
            let (mut s, mut rx) = session();
            one(s.handle_text(r#"{"type":"new","variant":"chess","engine":"black","depth":1}"#));
            let r = one(s.handle_text(r#"{"type":"move","move":"e2e4"}"#));
            assert_eq!(r["thinking"], true);
            let mut last = Value::Null;
            while let Some(ev) = rx.recv().await {
                if let Some(v) = s.handle_event(ev).pop() {
                    last = v;
                    break;
                }
            }
            assert_eq!(last["history"].as_array().map(Vec::len), Some(2), "{last}");
            assert_eq!(last["thinking"], false);
            let r = one(s.handle_text(r#"{"type":"undo"}"#));
            assert_eq!(r["history"].as_array().map(Vec::len), Some(0));
            assert_eq!(r["view"]["sideToMove"], "white");
        });
    }
}
