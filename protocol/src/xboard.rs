//! XBoard / WinBoard (CECP v2): parses commands, calls the session, prints answers.

use crate::session::{Session, MAX_HASH_MB, MAX_MOVE_OVERHEAD_MS, MAX_MULTIPV, MAX_THREADS};
use crate::tokenize::{parse_i64, parse_seconds, parse_u64, Line};
use crate::xboard_gui;
use crate::{Flow, Frontend, Out, SearchOutcome};
use oblique_engine::search::{Clock, Info, Limits, PonderHit, Score, SearchResult, MAX_DEPTH};
use oblique_engine::{AnyPosition, Color};
use std::sync::Arc;
use std::time::Duration;

/// Also announced: `fairy` (XBoard sends `variant WxH_fairy` for its sizes) means "one of
/// our 2D games, told by the `setboard` that follows". It is how a game that Black begins
/// starts from XBoard's command line: a position loaded at start-up with Black to move
/// makes XBoard ignore the engine's `setup`, and for a named engine-defined variant that
/// is an error that resets XBoard to orthodox chess (the `pong` handler in `backend.c`).
const BY_POSITION: &str = "fairy";

/// `fairy` and `WxH+0_fairy` for every board size of our 2D games other than 8x8 (XBoard
/// asks for a sized name when its board is not 8x8).
fn by_position_names() -> String {
    let mut names = vec![BY_POSITION.to_string()];
    let infos = oblique_engine::any::variant_infos().unwrap_or_default();
    for info in infos
        .iter()
        .filter(|i| oblique_engine::find_variant(i.name).is_some())
    {
        let sized = format!("{}+0_{BY_POSITION}", info.board);
        if info.board != "8x8" && !names.contains(&sized) {
            names.push(sized);
        }
    }
    names.join(",")
}

/// Thinking time per move when no time control has been given.
const DEFAULT_MOVE_TIME: Duration = Duration::from_secs(5);

#[derive(Clone, Copy, Debug)]
struct Level {
    moves_per_session: u32,
    base: Duration,
    increment: Duration,
}

#[derive(Debug)]
enum Task {
    /// Thinking on our own move.
    Think,
    /// Thinking on the opponent's time, assuming `expected`; `held` is a result that came
    /// before the opponent moved.
    Ponder {
        expected: String,
        held: Option<SearchResult>,
        hit: Arc<PonderHit>,
    },
    Analyze,
}

#[derive(Debug)]
struct Current {
    generation: u64,
    task: Task,
}

pub struct XBoard {
    /// The colour the engine plays; `None` is force mode.
    engine_side: Option<Color>,
    analyzing: bool,
    post: bool,
    ponder: bool,
    level: Option<Level>,
    search_time: Option<Duration>,
    depth_limit: Option<u32>,
    time_left: Option<Duration>,
    opponent_time: Option<Duration>,
    excluded: Vec<String>,
    lifted: Option<String>,
    deferred_pongs: Vec<String>,
    current: Option<Current>,
    hint: Option<String>,
    /// XBoard sent `variant` without a name (it lost the name of an engine-defined game):
    /// the next `setboard` is read as one of our games other than orthodox chess.
    unnamed_variant: bool,
    closed: bool,
}

impl Default for XBoard {
    fn default() -> Self {
        Self::new()
    }
}

fn centiseconds(word: &str) -> Option<Duration> {
    parse_i64(word).map(|cs| Duration::from_millis((cs.max(0) as u64).saturating_mul(10)))
}

/// `5`, `0:30`, `2:30.5` (minutes[:seconds]) as a duration; extra characters after the
/// number are ignored as the protocol asks.
fn level_base(word: &str) -> Option<Duration> {
    let clean: String = word
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == ':' || *c == '.')
        .collect();
    let (min, sec) = match clean.split_once(':') {
        Some((m, s)) => (parse_seconds(m)?, parse_seconds(s)?),
        None => (parse_seconds(&clean)?, 0.0),
    };
    Some(Duration::from_secs_f64(min * 60.0 + sec))
}

impl XBoard {
    pub fn new() -> XBoard {
        XBoard {
            engine_side: Some(Color::Black),
            analyzing: false,
            post: false,
            ponder: false,
            level: None,
            search_time: None,
            depth_limit: None,
            time_left: None,
            opponent_time: None,
            excluded: Vec::new(),
            lifted: None,
            deferred_pongs: Vec::new(),
            current: None,
            hint: None,
            unnamed_variant: false,
            closed: false,
        }
    }

    fn thinking(&self, s: &Session) -> bool {
        matches!(&self.current, Some(c) if matches!(c.task, Task::Think) && s.is_current(c.generation))
    }

    /// Stops whatever the engine is doing and forgets its result.
    fn stop_all(&mut self, s: &mut Session) {
        s.abort_search();
        self.current = None;
    }

    fn features(&self, s: &Session, out: &mut Out) {
        out.line("feature done=0");
        out.line(format!(
            "feature myname=\"{}\" ping=1 setboard=1 usermove=1 san=0 colors=0 playother=1",
            crate::engine_name()
        ));
        out.line("feature sigint=0 sigterm=0 analyze=1 memory=1 smp=1 exclude=1 highlight=1 debug=1 nps=0 time=1 draw=0 reuse=1");
        out.line(format!(
            "feature variants=\"{},{}\"",
            xboard_gui::offered_variants().join(","),
            by_position_names()
        ));
        out.line(format!(
            "feature option=\"MultiPV -spin {} 1 {MAX_MULTIPV}\"",
            s.options.multipv
        ));
        out.line(format!(
            "feature option=\"Move Overhead -spin {} 0 {MAX_MOVE_OVERHEAD_MS}\"",
            s.options.move_overhead.as_millis()
        ));
        out.line("feature option=\"Clear Hash -button\"");
        out.line("feature done=1");
    }

    /// Prints `RESULT {reason}` if the game is over; true if it is.
    fn claim_if_over(&self, s: &Session, out: &mut Out) -> bool {
        if s.game.invalid().is_some() {
            return false;
        }
        match s.game.position().outcome() {
            Some(o) => {
                out.line(format!("{} {{{}}}", o.result(), o.reason()));
                true
            }
            None => false,
        }
    }

    /// Root moves left after `exclude` (empty = all of them).
    fn root_moves(&self, pos: &AnyPosition) -> Option<Vec<String>> {
        if self.excluded.is_empty() {
            return Some(Vec::new());
        }
        let moves: Vec<String> = pos
            .legal_moves_text()
            .into_iter()
            .filter(|m| !self.excluded.contains(m))
            .collect();
        if moves.is_empty() {
            None
        } else {
            Some(moves)
        }
    }

    fn engine_moves_played(&self, s: &Session, side: Color) -> u32 {
        (0..s.game.moves().len())
            .filter(|&i| s.game.position_before(i).side_to_move() == side)
            .count() as u32
    }

    fn think_limits(&self, s: &Session) -> Limits {
        let mut l = Limits {
            depth: self.depth_limit,
            multipv: s.options.multipv,
            ..Limits::default()
        };
        if let Some(st) = self.search_time {
            l.movetime = Some(st);
        } else if let Some(level) = self.level {
            let side = s.game.position().side_to_move();
            let played = self.engine_moves_played(s, side);
            let moves_to_go = (level.moves_per_session > 0)
                .then(|| level.moves_per_session - played % level.moves_per_session);
            l.clock = Some(Clock {
                time_left: self.time_left.unwrap_or(level.base),
                increment: level.increment,
                moves_to_go,
            });
        } else if let Some(t) = self.time_left {
            l.clock = Some(Clock {
                time_left: t,
                increment: Duration::ZERO,
                moves_to_go: None,
            });
        } else if self.depth_limit.is_none() {
            l.movetime = Some(DEFAULT_MOVE_TIME);
        }
        l
    }

    /// Starts thinking on our move (or claims the result if the game is over).
    fn think(&mut self, s: &mut Session, out: &mut Out) {
        self.stop_all(s);
        if let Some(why) = s.game.invalid() {
            out.line(format!("Error (no valid position: {why}): go"));
            return;
        }
        if self.claim_if_over(s, out) {
            return;
        }
        let mut limits = self.think_limits(s);
        limits.searchmoves = self.root_moves(s.game.position()).unwrap_or_default();
        let generation = s.start_search(s.game.position().clone(), limits);
        self.current = Some(Current {
            generation,
            task: Task::Think,
        });
    }

    fn analyze(&mut self, s: &mut Session) {
        self.stop_all(s);
        if !self.analyzing || s.game.invalid().is_some() || s.game.position().outcome().is_some() {
            return;
        }
        let Some(moves) = self.root_moves(s.game.position()) else {
            return;
        };
        let limits = Limits {
            infinite: true,
            multipv: s.options.multipv,
            searchmoves: moves,
            ..Limits::default()
        };
        let generation = s.start_search(s.game.position().clone(), limits);
        self.current = Some(Current {
            generation,
            task: Task::Analyze,
        });
    }

    /// Thinks on the opponent's time from the position after the move we expect. The
    /// thinking lines then start after that move, which CECP allows only once the engine
    /// has named it in `Hint: MOVE` (else XBoard shows a line where one side moves twice).
    fn start_ponder(&mut self, s: &mut Session, out: &mut Out, expected: Option<String>) {
        if !self.ponder || self.closed || self.engine_side.is_none() || self.analyzing {
            return;
        }
        let Some(expected) = expected else {
            return;
        };
        if s.game.position().outcome().is_some() {
            return;
        }
        let mut pos = s.game.position().clone();
        let Ok(expected) = pos.play(&expected) else {
            return;
        };
        if pos.outcome().is_some() {
            return;
        }
        if self.post {
            out.line(format!("Hint: {expected}"));
        }
        let hit = PonderHit::new();
        let limits = Limits {
            depth: self.depth_limit,
            multipv: s.options.multipv,
            ponder: Some(hit.clone()),
            ..Limits::default()
        };
        let generation = s.start_search(pos, limits);
        self.current = Some(Current {
            generation,
            task: Task::Ponder {
                expected,
                held: None,
                hit,
            },
        });
    }

    /// Plays and announces the engine's move.
    fn emit_move(&mut self, s: &mut Session, out: &mut Out, result: SearchOutcome) {
        match result {
            Err(e) => {
                out.line(format!("telluser Oblique cannot search this position: {e}"));
                self.engine_side = None;
            }
            Ok(r) => match r.best_move {
                None => {
                    self.claim_if_over(s, out);
                }
                Some(m) => match s.game.play(&m) {
                    Ok(name) => {
                        self.excluded.clear();
                        out.line(format!("move {name}"));
                        self.hint = r.ponder.clone();
                        if !self.claim_if_over(s, out) {
                            self.start_ponder(s, out, r.ponder);
                        }
                    }
                    Err(e) => out.line(format!("Error (engine move {m} rejected: {e}): go")),
                },
            },
        }
        for p in std::mem::take(&mut self.deferred_pongs) {
            out.line(format!("pong {p}"));
        }
    }

    /// A move from the GUI (`usermove MOVE` or the bare move).
    fn user_move(&mut self, s: &mut Session, out: &mut Out, text: &str) {
        if let Some(why) = s.game.invalid() {
            out.line(format!("Illegal move (no valid position: {why}): {text}"));
            return;
        }
        if self.thinking(s) {
            out.line(format!(
                "Illegal move (engine is thinking, not your turn): {text}"
            ));
            return;
        }
        let meant = xboard_gui::without_false_promotion(s.game.position(), text);
        let played = match s.game.play(meant) {
            Ok(p) => p,
            Err(e) => {
                if let Some(why) =
                    xboard_gui::white_moved_first(s.game.position(), s.game.moves().len(), meant)
                {
                    out.line(format!("tellusererror {why}"));
                }
                out.line(format!("Illegal move ({e}): {text}"));
                return;
            }
        };
        self.excluded.clear();
        self.lifted = None;
        // A ponder hit turns the ponder search into the real one.
        let ponder = match self.current.take() {
            Some(Current {
                generation,
                task:
                    Task::Ponder {
                        expected,
                        held,
                        hit,
                    },
            }) => Some((generation, expected, held, hit)),
            other => {
                self.current = other;
                None
            }
        };
        if let Some((generation, expected, held, hit)) = ponder {
            let ours = self.engine_side == Some(s.game.position().side_to_move());
            if expected == played && ours && !self.analyzing {
                if let Some(result) = held {
                    s.finished(generation);
                    self.emit_move(s, out, Ok(result));
                    return;
                }
                if s.is_current(generation) {
                    // The search goes on, now on our clock (think_limits always gives a
                    // time or a depth, so it ends by itself).
                    hit.fire(self.think_limits(s).budget(s.options.move_overhead));
                    self.current = Some(Current {
                        generation,
                        task: Task::Think,
                    });
                    return;
                }
            }
            s.abort_search();
        }
        if self.claim_if_over(s, out) {
            self.stop_all(s);
            return;
        }
        if self.analyzing {
            self.analyze(s);
        } else if self.engine_side == Some(s.game.position().side_to_move()) {
            self.think(s, out);
        } else {
            self.stop_all(s);
        }
    }

    fn set_board(&mut self, s: &mut Session, out: &mut Out, fen: &str) {
        self.stop_all(s);
        self.excluded.clear();
        let fen = xboard_gui::normalize_fen(fen);
        // XBoard may lose track of an engine-defined variant (it sends `variant` without a
        // name after loading a position): take the game whose board the FEN fits.
        match xboard_gui::variant_for_fen(s.game.variant(), &fen, self.unnamed_variant) {
            Ok(variant) => {
                if let Err(e) = s.new_game(variant, Some(&fen)) {
                    out.line(format!("tellusererror Illegal position: {e}"));
                    s.game.set_invalid(e);
                } else if self.unnamed_variant {
                    // Under `fairy` XBoard knows only the board: the position named the
                    // game, and XBoard learns how its pieces move (for its legality test).
                    for p in xboard_gui::piece_commands(variant) {
                        out.line(p);
                    }
                }
            }
            Err(e) => {
                out.line(format!("tellusererror Illegal position: {e}"));
                s.game.set_invalid(e);
            }
        }
        self.analyze(s);
    }

    fn set_variant(&mut self, s: &mut Session, out: &mut Out, line: &Line) {
        let name = line.word(1).unwrap_or("").to_ascii_lowercase();
        // No name: XBoard 4.9.1 sends this after it lost the name of an engine-defined game
        // (to a second engine, once the first one's `setup` was ignored). `fairy`, with or
        // without a board size: the game is told by the position. Either way the next
        // `setboard` decides which of our games it is.
        let by_position = name.rsplit('_').next() == Some(BY_POSITION);
        if name.is_empty() || by_position {
            self.stop_all(s);
            self.unnamed_variant = true;
            return;
        }
        let known = xboard_gui::offered_variants().contains(&name.as_str());
        if !known {
            out.line(format!("Error (unsupported variant): {}", line.text()));
            return;
        }
        self.stop_all(s);
        if let Err(e) = s.new_game(&name, None) {
            out.line(format!("Error ({e}): {}", line.text()));
            return;
        }
        self.unnamed_variant = false;
        self.excluded.clear();
        if let Some(setup) = xboard_gui::setup_command(s.game.position()) {
            out.line(setup);
        }
        for p in xboard_gui::piece_commands(s.game.variant()) {
            out.line(p);
        }
        self.analyze(s);
    }

    fn set_option(&mut self, s: &mut Session, out: &mut Out, line: &Line) {
        let rest = line.rest_from(1);
        let (name, value) = match rest.split_once('=') {
            Some((n, v)) => (n.trim(), Some(v.trim())),
            None => (rest.trim(), None),
        };
        let number = value.and_then(parse_u64);
        match (name.to_ascii_lowercase().as_str(), number) {
            ("multipv", Some(n)) => s.options.multipv = (n as usize).clamp(1, MAX_MULTIPV),
            ("move overhead", Some(n)) => {
                s.options.move_overhead = Duration::from_millis(n.min(MAX_MOVE_OVERHEAD_MS))
            }
            ("clear hash", _) => s.clear_hash(),
            ("multipv" | "move overhead", None) => {
                out.line(format!("Error (bad option value): {}", line.text()))
            }
            _ => out.line(format!("Error (unknown option): {}", line.text())),
        }
    }

    fn exclude(&mut self, s: &mut Session, out: &mut Out, line: &Line, exclude: bool) {
        let Some(arg) = line.word(1) else {
            out.line(format!("Error (too few parameters): {}", line.text()));
            return;
        };
        let pos = s.game.position().clone();
        if arg == "all" {
            self.excluded = if exclude {
                pos.legal_moves_text()
            } else {
                Vec::new()
            };
        } else {
            let mut probe = pos.clone();
            let Ok(name) = probe.play(arg) else {
                out.line(format!("Illegal move: {arg}"));
                return;
            };
            self.excluded.retain(|m| *m != name);
            if exclude {
                self.excluded.push(name);
            }
        }
        if self.analyzing {
            self.analyze(s);
        }
    }

    fn status(&self, s: &Session, out: &mut Out) {
        let Some(r) = s.running() else {
            return;
        };
        let total = s.game.position().count_legal_moves();
        let (nodes, depth, best) = match &r.last_info {
            Some(i) => (i.nodes, i.depth, i.pv.first().cloned().unwrap_or_default()),
            None => (0, 0, String::new()),
        };
        out.line(format!(
            "stat01: {} {} {} {} {} {}",
            r.started.elapsed().as_millis() / 10,
            nodes,
            depth,
            0,
            total,
            best
        ));
    }

    fn undo(&mut self, s: &mut Session, out: &mut Out, line: &Line, count: usize) {
        if s.game.moves().len() < count {
            out.line(format!("Error (command not legal now): {}", line.text()));
            return;
        }
        self.stop_all(s);
        for _ in 0..count {
            s.game.undo();
        }
        self.excluded.clear();
        self.analyze(s);
    }

    /// `new`: orthodox chess, the engine plays Black, limits and exclusions cleared.
    fn new_game(&mut self, s: &mut Session, out: &mut Out) {
        self.stop_all(s);
        if let Err(e) = s.new_game("chess", None) {
            out.line(format!("Error ({e}): new"));
        }
        s.clear_hash();
        self.engine_side = Some(Color::Black);
        self.depth_limit = None;
        self.excluded.clear();
        self.hint = None;
        self.unnamed_variant = false;
        self.analyze(s);
    }

    /// `go`: the engine plays the side to move and thinks now.
    fn go(&mut self, s: &mut Session, out: &mut Out) {
        if self.analyzing {
            out.line("Error (command not legal now): go");
        } else {
            self.engine_side = Some(s.game.position().side_to_move());
            self.think(s, out);
        }
    }

    /// `ping N`: `pong N` now, or after the move being thought about.
    fn ping(&mut self, s: &Session, out: &mut Out, line: &Line) {
        let n = line.rest_from(1).to_string();
        if self.thinking(s) {
            self.deferred_pongs.push(n);
        } else {
            out.line(format!("pong {n}"));
        }
    }

    /// `easy`: pondering off, and a ponder search under way ends.
    fn stop_pondering(&mut self, s: &mut Session) {
        self.ponder = false;
        if matches!(
            &self.current,
            Some(Current {
                task: Task::Ponder { .. },
                ..
            })
        ) {
            self.stop_all(s);
        }
    }

    /// `exit`: leaves analysis mode.
    fn exit_analysis(&mut self, s: &mut Session, out: &mut Out) {
        if self.analyzing {
            self.analyzing = false;
            self.stop_all(s);
        } else {
            out.line("Error (command not legal now): exit");
        }
    }

    /// `level MPS BASE INC`: a conventional or incremental clock.
    fn set_level(&mut self, out: &mut Out, line: &Line) {
        let parsed = (|| {
            Some(Level {
                moves_per_session: u32::try_from(line.word(1).and_then(parse_u64)?).ok()?,
                base: level_base(line.word(2)?)?,
                increment: Duration::from_secs_f64(parse_seconds(line.word(3)?)?),
            })
        })();
        match parsed {
            Some(l) if line.len() == 4 => {
                self.level = Some(l);
                self.search_time = None;
            }
            _ => out.line(format!("Error (bad parameters): {}", line.text())),
        }
    }

    /// `st SECONDS`: a fixed time per move.
    fn set_search_time(&mut self, out: &mut Out, line: &Line) {
        match line.word(1).and_then(parse_seconds) {
            Some(t) => {
                self.search_time = Some(Duration::from_secs_f64(t).max(Duration::from_millis(1)));
                self.level = None;
            }
            None => out.line(format!("Error (bad parameters): {}", line.text())),
        }
    }

    /// `sd DEPTH`: a depth limit (capped at the search's deepest).
    fn set_depth_limit(&mut self, out: &mut Out, line: &Line) {
        match line.word(1).and_then(parse_u64) {
            Some(d) if d >= 1 => self.depth_limit = Some(d.min(MAX_DEPTH as u64) as u32),
            _ => out.line(format!("Error (bad parameters): {}", line.text())),
        }
    }

    /// `time CS` / `otim CS`: the engine's and the opponent's clocks in centiseconds.
    fn set_clock(&mut self, out: &mut Out, line: &Line) {
        match line.word(1).and_then(centiseconds) {
            Some(t) if line.command() == "time" => self.time_left = Some(t),
            Some(t) => self.opponent_time = Some(t),
            None => out.line(format!("Error (bad parameters): {}", line.text())),
        }
    }

    /// `memory MB`: the hash table's size.
    fn set_memory(&mut self, s: &mut Session, out: &mut Out, line: &Line) {
        match line.word(1).and_then(parse_u64) {
            Some(mb) => {
                if let Err(e) = s.set_hash((mb as usize).clamp(1, MAX_HASH_MB)) {
                    out.line(format!("Error ({e}): {}", line.text()));
                }
            }
            None => out.line(format!("Error (bad parameters): {}", line.text())),
        }
    }

    /// `cores N`: search threads.
    fn set_cores(&mut self, s: &mut Session, out: &mut Out, line: &Line) {
        match line.word(1).and_then(parse_u64) {
            Some(n) if n >= 1 => {
                if let Err(e) = s.set_threads((n as usize).min(MAX_THREADS)) {
                    out.line(format!("Error ({e}): {}", line.text()));
                }
            }
            _ => out.line(format!("Error (bad parameters): {}", line.text())),
        }
    }

    /// `lift SQUARE`: the legal targets of the piece a person picked up, as `highlight`.
    fn lift(&mut self, s: &Session, out: &mut Out, line: &Line) {
        match line.word(1) {
            Some(sq) => match xboard_gui::highlight_for(s.game.position(), sq) {
                Some(h) => {
                    self.lifted = Some(sq.to_string());
                    out.line(format!("highlight {h}"));
                }
                None => out.line(format!("Error (bad square): {}", line.text())),
            },
            None => out.line("Error (too few parameters): lift"),
        }
    }

    /// `put SQUARE` after a `lift`: the promotion choices of that move, as `choice`.
    fn put(&mut self, s: &Session, out: &mut Out, line: &Line) {
        match (self.lifted.take(), line.word(1)) {
            (Some(from), Some(to)) => {
                let choices = xboard_gui::promotion_choices(s.game.position(), &from, to);
                if !choices.is_empty() {
                    out.line(format!("choice {choices}"));
                }
            }
            (_, None) => out.line("Error (too few parameters): put"),
            (None, Some(_)) => {}
        }
    }

    /// A word that is no command: a move sent bare (usermove=1 is asked for, but older GUIs
    /// send moves alone), or an unknown command.
    fn bare_word(&mut self, s: &mut Session, out: &mut Out, line: &Line, word: &str) {
        let looks_like_move = xboard_gui::split_move(word).is_some()
            || word.contains('(')
            || word.starts_with("O-O")
            || word == "@@@@";
        if looks_like_move && line.len() == 1 {
            self.user_move(s, out, word);
        } else {
            out.line(format!("Error (unknown command): {}", line.text()));
        }
    }
}

impl Frontend for XBoard {
    /// One command from the GUI: the words that need an answer or change state, each
    /// handled by a method of `XBoard` named for what it does; moves sent bare are moves.
    fn line(&mut self, s: &mut Session, out: &mut Out, text: &str) -> Flow {
        let line = Line::new(text);
        match line.command() {
            // Words XBoard sends that need no answer here.
            "" | "xboard" | "accepted" | "rejected" | "random" | "computer" | "name" | "rating"
            | "ics" | "draw" | "white" | "black" | "hover" | "#" => {}
            "quit" => return Flow::Quit,
            "protover" => self.features(s, out),
            // The game.
            "new" => self.new_game(s, out),
            "variant" => self.set_variant(s, out, &line),
            "setboard" if line.len() < 2 => out.line("Error (too few parameters): setboard"),
            "setboard" => self.set_board(s, out, line.rest_from(1)),
            "usermove" => match line.word(1) {
                Some(m) => self.user_move(s, out, m),
                None => out.line("Error (too few parameters): usermove"),
            },
            "undo" => self.undo(s, out, &line, 1),
            "remove" => self.undo(s, out, &line, 2),
            // Who plays, and when the engine thinks.
            "force" => {
                if !self.analyzing {
                    self.stop_all(s);
                }
                self.engine_side = None;
            }
            "result" => {
                self.stop_all(s);
                self.engine_side = None;
            }
            "go" => self.go(s, out),
            "playother" => {
                self.stop_all(s);
                self.engine_side = Some(s.game.position().side_to_move().other());
            }
            "?" => {
                if self.thinking(s) {
                    s.request_stop();
                }
            }
            "ping" => self.ping(s, out, &line),
            "hard" => self.ponder = true,
            "easy" => self.stop_pondering(s),
            "post" => self.post = true,
            "nopost" => self.post = false,
            "analyze" => {
                self.analyzing = true;
                self.engine_side = None;
                self.analyze(s);
            }
            "exit" => self.exit_analysis(s, out),
            "." => self.status(s, out),
            "exclude" => self.exclude(s, out, &line, true),
            "include" => self.exclude(s, out, &line, false),
            "hint" => {
                if let Some(h) = &self.hint {
                    out.line(format!("Hint: {h}"));
                }
            }
            // Clocks and limits.
            "level" => self.set_level(out, &line),
            "st" => self.set_search_time(out, &line),
            "sd" => self.set_depth_limit(out, &line),
            "time" | "otim" => self.set_clock(out, &line),
            // Engine options.
            "memory" => self.set_memory(s, out, &line),
            "cores" => self.set_cores(s, out, &line),
            "option" => self.set_option(s, out, &line),
            // The GUI's questions.
            "bk" => {
                out.line(" Oblique has no opening book.");
                out.line("");
            }
            "lift" => self.lift(s, out, &line),
            "put" => self.put(s, out, &line),
            word => self.bare_word(s, out, &line, word),
        }
        Flow::Continue
    }

    fn info(&mut self, _s: &mut Session, out: &mut Out, _generation: u64, info: &Info) {
        if !self.post && !self.analyzing {
            return;
        }
        // Mates as 100000 + N (mate in N moves) and -100000 - N (mated in N), as CECP asks.
        let score = match info.score {
            Score::Centipawns(c) => c,
            Score::Mate(n) if n > 0 => 100_000 + n,
            Score::Mate(n) => -100_000 + n,
        };
        out.line(format!(
            "{} {} {} {} {}",
            info.depth,
            score,
            info.time.as_millis() / 10,
            info.nodes,
            info.pv.join(" ")
        ));
    }

    fn awaited_search(&self) -> Option<u64> {
        self.current.as_ref().map(|c| c.generation)
    }

    fn done(&mut self, s: &mut Session, out: &mut Out, result: SearchOutcome) {
        let Some(current) = self.current.as_mut() else {
            return;
        };
        match &mut current.task {
            Task::Think => {
                self.current = None;
                self.emit_move(s, out, result);
            }
            Task::Ponder { held, .. } => {
                if let Ok(r) = result {
                    *held = Some(r);
                } else {
                    self.current = None;
                }
            }
            Task::Analyze => {
                self.current = None;
                if let Err(e) = result {
                    out.line(format!(
                        "telluser Oblique cannot analyse this position: {e}"
                    ));
                }
            }
        }
    }

    fn warning(&mut self, out: &mut Out, message: &str) {
        out.line(format!("# {message}"));
    }

    /// End of input is `quit`: whatever the engine is searching stops at once (nobody is
    /// left to read a move).
    fn eof(&mut self, s: &mut Session, _out: &mut Out) {
        self.closed = true;
        self.stop_all(s);
    }

    fn internal_error(&mut self, out: &mut Out, line: &str) {
        out.line(format!("Error (internal error): {line}"));
    }
}
