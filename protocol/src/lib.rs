//! Oblique's protocol front ends: XBoard / WinBoard (CECP v2, the primary protocol, with
//! engine-defined variants) and UCI, both over one session layer (`session`).
//!
//! `run` reads commands line by line, hands each to the front end the first command asked
//! for (`xboard` or `uci`) and prints its answers. Searches run on their own thread and
//! report back through the same event queue, so the engine keeps answering while it
//! thinks. Nothing a GUI sends can panic the loop or lose the game: a command that fails
//! inside is answered with an error and the game is put back as it was.

pub mod error;
pub mod session;
pub mod tokenize;
pub mod uci;
pub mod xboard;
pub mod xboard_gui;

pub use session::{evaluation_search_fn, first_move_search_fn, Event, SearchFn, Session};

use error::{SearchError, SessionError};
use oblique_engine::search::{Info, SearchResult};

/// What a search thread reports at its end.
pub type SearchOutcome = Result<SearchResult, SearchError>;
use std::io::{BufRead, Write};
use std::sync::mpsc;

/// The engine's name as GUIs show it, set once by the binary (see `set_engine_name`).
static ENGINE_NAME: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// Names the engine in UCI `id name` and XBoard `myname`, so GUIs and their PGN files say
/// which build played: the binary sets "Oblique VERSION (COMMIT)" before `run`. Without
/// it the name is "Oblique VERSION". Only the first call counts.
pub fn set_engine_name(name: &str) {
    let _ = ENGINE_NAME.set(name.to_string());
}

/// The name set by `set_engine_name`, else "Oblique VERSION".
pub fn engine_name() -> &'static str {
    ENGINE_NAME
        .get()
        .map(String::as_str)
        .unwrap_or(concat!("Oblique ", env!("CARGO_PKG_VERSION")))
}

/// Longest command line kept; the rest of a longer line is dropped.
const MAX_LINE: usize = 1 << 16;

/// Where the front ends print: one whole line at a time, flushed at once.
pub struct Out {
    w: Box<dyn Write + Send>,
}

impl Out {
    pub fn new(w: Box<dyn Write + Send>) -> Out {
        Out { w }
    }

    pub fn line(&mut self, s: impl AsRef<str>) {
        // A GUI that went away is noticed at end of input; nothing to do about it here.
        let _ = writeln!(self.w, "{}", s.as_ref());
        let _ = self.w.flush();
    }
}

/// What the event loop does after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// A protocol: turns commands into session calls and session reports into lines.
pub trait Frontend {
    fn line(&mut self, s: &mut Session, out: &mut Out, line: &str) -> Flow;
    fn info(&mut self, s: &mut Session, out: &mut Out, generation: u64, info: &Info);
    /// The generation of the search this front end waits for, if any.
    fn awaited_search(&self) -> Option<u64>;
    /// The search it waited for has ended (the event loop matched the generation and told
    /// the session; reports of other searches never get here).
    fn done(&mut self, s: &mut Session, out: &mut Out, result: SearchOutcome);
    fn warning(&mut self, out: &mut Out, message: &str);
    /// Input ended: stop searches that would never end by themselves.
    fn eof(&mut self, s: &mut Session, out: &mut Out);
    /// A command failed inside the engine (a bug): tell the GUI.
    fn internal_error(&mut self, out: &mut Out, line: &str);
}

/// Which protocol to speak.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// Whichever the first command asks for (`xboard` or `uci`).
    Auto,
    XBoard,
    Uci,
}

fn spawn_reader<R: BufRead + Send + 'static>(mut input: R, tx: mpsc::Sender<Event>) {
    let spawned = std::thread::Builder::new()
        .name("oblique-input".into())
        .spawn(move || {
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match input.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        buf.truncate(MAX_LINE);
                        let line = String::from_utf8_lossy(&buf)
                            .trim_end_matches(['\n', '\r'])
                            .to_string();
                        if tx.send(Event::Line(line)).is_err() {
                            return;
                        }
                    }
                }
            }
            let _ = tx.send(Event::Eof);
        });
    if spawned.is_err() {
        // Without a reader there is no input: behave as at end of input.
        eprintln!("error: cannot start the input thread");
    }
}

/// The protocol a session speaks: `protocol`, or under `Auto` the one `first` (the first
/// non-empty line) asks for.
fn resolve(protocol: Protocol, first: &str) -> Protocol {
    match protocol {
        Protocol::Auto if first.split_whitespace().next() == Some("uci") => Protocol::Uci,
        Protocol::Auto => Protocol::XBoard,
        p => p,
    }
}

/// Runs a protocol session over `input` and `output` until `quit` or end of input.
/// `uci_game`: the game a UCI session starts in (`UCI_Variant`'s default) instead of
/// orthodox chess, as the binary sets it when one game file is loaded. XBoard sessions
/// always start in orthodox chess: its `new` means that game, and a GUI names any other
/// with `variant`.
pub fn run<R: BufRead + Send + 'static>(
    input: R,
    output: Box<dyn Write + Send>,
    protocol: Protocol,
    search_fn: SearchFn,
    uci_game: Option<&str>,
) -> Result<(), SessionError> {
    let (tx, rx) = mpsc::channel();
    let mut session = Session::new(tx.clone(), search_fn)?;
    let mut out = Out::new(output);
    spawn_reader(input, tx);
    let mut frontend: Option<Box<dyn Frontend>> = None;
    let mut eof = false;
    while let Ok(event) = rx.recv() {
        if let Event::Line(line) = &event {
            if frontend.is_none() {
                if line.trim().is_empty() {
                    continue;
                }
                frontend = Some(match resolve(protocol, line) {
                    Protocol::Uci => {
                        if let Some(game) = uci_game {
                            session.new_game(game, None)?;
                        }
                        Box::new(uci::Uci::new())
                    }
                    _ => Box::new(xboard::XBoard::new()),
                });
            }
        }
        let Some(fe) = frontend.as_mut() else {
            if matches!(event, Event::Eof) {
                break;
            }
            continue;
        };
        let snapshot = session.game.clone();
        let mut failed_line = None;
        let flow = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match event {
            Event::Line(line) => {
                failed_line = Some(line.clone());
                fe.line(&mut session, &mut out, &line)
            }
            Event::Info(g, info) => {
                session.note_info(g, &info);
                if session.is_current(g) {
                    fe.info(&mut session, &mut out, g, &info);
                }
                Flow::Continue
            }
            Event::Done(g, result) => {
                if fe.awaited_search() == Some(g) {
                    session.finished(g);
                    fe.done(&mut session, &mut out, result);
                }
                Flow::Continue
            }
            Event::Warning(_, message) => {
                fe.warning(&mut out, &message);
                Flow::Continue
            }
            Event::Eof => {
                eof = true;
                fe.eof(&mut session, &mut out);
                Flow::Continue
            }
        }));
        let flow = match flow {
            Ok(f) => f,
            Err(_) => {
                session.game = snapshot;
                fe.internal_error(&mut out, failed_line.as_deref().unwrap_or(""));
                Flow::Continue
            }
        };
        if flow == Flow::Quit {
            session.abort_search();
            break;
        }
        if eof && !session.is_running() {
            break;
        }
    }
    session.abort_search();
    Ok(())
}
