//! One browser tab's game (the engine's game record), who the engine plays, and the tab's
//! search. Every message from the page is answered with the new state or one error line
//! (`RequestError`); a bad message changes nothing.

use crate::engine::{Cancel, Engines};
use crate::error::{EngineMoveError, RequestError, MAX_MOVETIME_MS, MAX_MULTIPV};
use crate::json::{info_json, view_json};
use crate::pgn;
use oblique_engine::search::{Limits, MAX_DEPTH};
use oblique_engine::view::view;
use oblique_engine::PositionError;
use oblique_engine::{Color, GameRecord};
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc::UnboundedSender;

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
    fn parse(s: &str) -> Result<EngineSide, RequestError> {
        match s {
            "off" | "none" => Ok(EngineSide::Off),
            "white" | "w" => Ok(EngineSide::Plays(Color::White)),
            "black" | "b" => Ok(EngineSide::Plays(Color::Black)),
            "both" => Ok(EngineSide::Both),
            other => Err(RequestError::EngineSide(other.to_string())),
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

fn check_strength(depth: Option<u32>, movetime: Option<u64>) -> Result<(), RequestError> {
    if let Some(d) = depth {
        if d == 0 || d > MAX_DEPTH {
            return Err(RequestError::Depth(d));
        }
    }
    if let Some(t) = movetime {
        if t == 0 || t > MAX_MOVETIME_MS {
            return Err(RequestError::Movetime(t));
        }
    }
    Ok(())
}

/// A new game of `variant` from `fen` (none when blank): the start of a tab's game.
pub fn new_game(variant: &str, fen: Option<&str>) -> Result<GameRecord, PositionError> {
    GameRecord::new(variant, fen.map(str::trim).filter(|f| !f.is_empty()))
}

impl Session {
    pub fn new(engines: Arc<Engines>, events: UnboundedSender<Event>) -> Session {
        let game = match GameRecord::new(oblique_engine::registry::chess().name, None) {
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
        let applied = serde_json::from_str(text)
            .map_err(RequestError::from)
            .and_then(|request| self.apply(request));
        match applied {
            Ok(()) => {
                self.start_search_if_due();
                vec![self.state()]
            }
            Err(e) => vec![error(&e)],
        }
    }

    fn apply(&mut self, request: Request) -> Result<(), RequestError> {
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
                let mut game = new_game(&variant, fen.as_deref())?;
                for m in &moves {
                    game.play(m)?;
                }
                self.cancel_search();
                self.game = game;
                self.analysis = None;
                self.engine = engine.unwrap_or(EngineSide::Plays(self.side_to_move().other()));
                self.set_strength(depth, movetime);
            }
            Request::Move { text } => {
                let mover = self.side_to_move();
                if self.engine.plays(mover) && self.analysis.is_none() {
                    return Err(RequestError::EnginesMove(mover));
                }
                self.game.play(&text)?;
                self.cancel_search();
            }
            Request::Undo => {
                if self.game.is_empty() {
                    return Err(RequestError::NothingToTakeBack);
                }
                self.cancel_search();
                self.game.undo();
                if !matches!(self.engine, EngineSide::Off | EngineSide::Both) {
                    while !self.game.is_empty() && self.engine.plays(self.side_to_move()) {
                        self.game.undo();
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
                if self.game.outcome().is_some() {
                    return Err(RequestError::Over);
                }
                self.cancel_search();
                self.analysis = None;
                let side = self.side_to_move();
                self.engine = match self.engine {
                    EngineSide::Both => EngineSide::Both,
                    _ => EngineSide::Plays(side),
                };
            }
            Request::Analyse { multipv } => {
                let k = multipv.unwrap_or(1);
                if k == 0 || k > MAX_MULTIPV {
                    return Err(RequestError::MultiPv);
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

    fn side_to_move(&self) -> Color {
        self.game.position().side_to_move()
    }

    fn set_strength(&mut self, depth: Option<u32>, movetime: Option<u64>) {
        if depth.is_some() || movetime.is_some() {
            self.depth = depth;
            self.movetime = movetime;
        }
    }

    /// Starts the engine's move or the analysis when one is due.
    fn start_search_if_due(&mut self) {
        if self.thinking || self.game.outcome().is_some() {
            return;
        }
        let limits = if let Some(k) = self.analysis {
            Limits {
                infinite: true,
                multipv: k,
                ..Limits::default()
            }
        } else if self.engine.plays(self.side_to_move()) {
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
        let pos = self.game.position().clone();
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
                    if let Err(error) = self.game.play(&best) {
                        out.push(self::error(&EngineMoveError { best, error }));
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
        let v = view(self.game.position());
        let last = self.game.moves().last();
        json!({
            "type": "state",
            "view": view_json(&v),
            "startFen": self.game.start_fen(),
            "firstMover": self.game.first_mover().name(),
            "startFullmove": self.game.start_fullmove(),
            "history": self.game.moves().iter().map(|p| json!({
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

fn error(e: &dyn std::error::Error) -> Value {
    json!({"type": "error", "message": e.to_string()})
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
