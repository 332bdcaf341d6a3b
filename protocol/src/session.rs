//! The session layer both protocols share: the game being played, the engine options and
//! the search thread. Front ends parse a command, call the session and print; the session
//! never prints.
//!
//! Every mutation happens on the event-loop thread. A search runs on a thread of its own
//! and reports back through the event channel (`Event::Info`, `Event::Done`), so `stop`,
//! `?`, `ping` and `isready` are answered while it thinks.

use crate::error::{MovesError, PlayError, SearchError, SearchSetupError, SessionError};
use oblique_engine::search::{Info, Limits, Search, SearchResult};
use oblique_engine::{record, AnyPosition, GameRecord, PositionError};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// How the session searches a position: `evaluation_search_fn` (the engine's search with
/// the project's evaluator, what the binary uses) or a stand-in for tests.
pub type SearchFn = Arc<
    dyn Fn(
            &Search,
            &AnyPosition,
            &Limits,
            &mut dyn FnMut(&Info),
        ) -> Result<SearchResult, SearchError>
        + Send
        + Sync,
>;

/// The real search: `AnyPosition::search` with the project's evaluator, for every game.
pub fn evaluation_search_fn() -> SearchFn {
    Arc::new(|search, pos, limits, on_info| {
        Ok(pos.search(search, &oblique_eval::Evaluation, limits, on_info))
    })
}

/// A search function for tests and tools without an evaluator: the first legal move,
/// reported as a one-ply search (the binary passes the real search).
pub fn first_move_search_fn() -> SearchFn {
    Arc::new(|_search, pos, limits, on_info| {
        let moves = pos.legal_moves_text();
        let allowed: Vec<&String> = if limits.searchmoves.is_empty() {
            moves.iter().collect()
        } else {
            moves
                .iter()
                .filter(|m| limits.searchmoves.contains(m))
                .collect()
        };
        let best = allowed.first().map(|m| m.to_string());
        on_info(&Info {
            depth: 1,
            seldepth: 1,
            multipv: 1,
            score: oblique_engine::search::Score::Centipawns(0),
            raw_score: 0,
            nodes: moves.len() as u64,
            nps: 0,
            time: Duration::ZERO,
            hashfull: 0,
            pv: best.iter().cloned().collect(),
        });
        Ok(SearchResult {
            best_move: best,
            ponder: None,
            score: oblique_engine::search::Score::Centipawns(0),
            depth: 1,
            nodes: moves.len() as u64,
            time: Duration::ZERO,
            pv: Vec::new(),
        })
    })
}

/// What the event loop receives: input lines, and reports from search threads (tagged with
/// the search generation they belong to).
pub enum Event {
    Line(String),
    Eof,
    Info(u64, Info),
    Done(u64, Result<SearchResult, SearchError>),
    /// Something the user should know about a search (options that could not be applied).
    Warning(u64, String),
}

pub const DEFAULT_HASH_MB: usize = 64;
pub const MAX_HASH_MB: usize = 4096;
pub const MAX_THREADS: usize = 256;
pub const MAX_MULTIPV: usize = 64;
pub const MAX_MOVE_OVERHEAD_MS: u64 = 5000;

/// Engine options, common to both protocols.
#[derive(Clone, Debug)]
pub struct Options {
    pub threads: usize,
    pub hash_mb: usize,
    pub multipv: usize,
    pub ponder: bool,
    pub move_overhead: Duration,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            threads: 1,
            hash_mb: DEFAULT_HASH_MB,
            multipv: 1,
            ponder: false,
            move_overhead: oblique_engine::search::DEFAULT_MOVE_OVERHEAD,
        }
    }
}

/// The game: the engine's game record, and whether the GUI left it without a usable
/// position (an illegal `setboard` / `position` arrived). Reading goes to the record
/// (`Deref`); moves go through `play`, which refuses them while the position is unusable.
#[derive(Clone)]
pub struct Game {
    record: GameRecord,
    invalid: Option<String>,
}

impl std::ops::Deref for Game {
    type Target = GameRecord;

    fn deref(&self) -> &GameRecord {
        &self.record
    }
}

impl Game {
    pub fn new(variant: &str, fen: Option<&str>) -> Result<Game, PositionError> {
        Ok(Game::from_record(GameRecord::new(variant, fen)?))
    }

    fn from_record(record: GameRecord) -> Game {
        Game {
            record,
            invalid: None,
        }
    }

    pub fn invalid(&self) -> Option<&str> {
        self.invalid.as_deref()
    }

    /// Keeps the variant but refuses moves and searches until a good position arrives.
    pub fn set_invalid(&mut self, why: impl std::fmt::Display) {
        self.invalid = Some(why.to_string());
        self.record.take_back(self.record.len());
    }

    /// Plays a move; the game is unchanged if it is not legal. A result by rule does not
    /// stop the game while a move is left: the GUI decides. Returns the move in protocol
    /// notation.
    pub fn play(&mut self, text: &str) -> Result<String, PlayError> {
        if let Some(why) = &self.invalid {
            return Err(PlayError::NoValidPosition(why.clone()));
        }
        match self.record.play_past_result(text) {
            Ok(m) => Ok(m.text.clone()),
            Err(record::PlayError::GameOver(_)) => Err(PlayError::GameOver),
            Err(record::PlayError::Move(e)) => Err(PlayError::Move(e)),
        }
    }

    /// Takes back the last move; false if there is none.
    pub fn undo(&mut self) -> bool {
        self.record.undo()
    }
}

/// What every search thread shares with the session.
struct Engine {
    search: Mutex<Slot>,
    state: Mutex<State>,
}

/// Which search generation runs, and which are still wanted.
#[derive(Default)]
struct State {
    /// The generation that last entered the search.
    started: u64,
    /// The generation that last left it.
    finished: u64,
    /// Generations below this are abandoned: they must not start.
    wanted_from: u64,
}

/// The search and the hash size it was last given (requested MB; the table rounds).
struct Slot {
    search: Search,
    hash_mb: usize,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panic on another thread must not take the session down with it.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The search in progress, as the session sees it.
#[derive(Clone, Debug)]
pub struct Running {
    pub generation: u64,
    pub started: Instant,
    pub stop_requested: bool,
    pub last_info: Option<Info>,
}

pub struct Session {
    pub game: Game,
    pub options: Options,
    engine: Arc<Engine>,
    stop: Arc<AtomicBool>,
    search_fn: SearchFn,
    tx: Sender<Event>,
    next_generation: u64,
    running: Option<Running>,
}

impl Session {
    pub fn new(tx: Sender<Event>, search_fn: SearchFn) -> Result<Session, SessionError> {
        let options = Options::default();
        let mut search = Search::new(options.threads, options.hash_mb)
            .map_err(|e| SearchSetupError(e.to_string()))?;
        search.move_overhead = options.move_overhead;
        let stop = search.stop_handle();
        Ok(Session {
            game: Game::new("chess", None)?,
            options,
            engine: Arc::new(Engine {
                search: Mutex::new(Slot {
                    search,
                    hash_mb: DEFAULT_HASH_MB,
                }),
                state: Mutex::new(State::default()),
            }),
            stop,
            search_fn,
            tx,
            next_generation: 1,
            running: None,
        })
    }

    pub fn running(&self) -> Option<&Running> {
        self.running.as_ref()
    }

    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// Is this report from the search in progress?
    pub fn is_current(&self, generation: u64) -> bool {
        self.running
            .as_ref()
            .is_some_and(|r| r.generation == generation)
    }

    /// Remembers the latest iteration of the current search (for status lines).
    pub fn note_info(&mut self, generation: u64, info: &Info) {
        if let Some(r) = self.running.as_mut() {
            if r.generation == generation {
                r.last_info = Some(info.clone());
            }
        }
    }

    /// The current search has reported its result: forget it.
    pub fn finished(&mut self, generation: u64) {
        if self.is_current(generation) {
            self.running = None;
        }
    }

    /// Starts searching `pos` on a thread of its own; any search in progress is abandoned
    /// first. Returns the new search's generation.
    pub fn start_search(&mut self, pos: AnyPosition, limits: Limits) -> u64 {
        self.abort_search();
        let generation = self.next_generation;
        self.next_generation += 1;
        lock(&self.engine.state).wanted_from = generation;
        let engine = self.engine.clone();
        let tx = self.tx.clone();
        let search_fn = self.search_fn.clone();
        let options = self.options.clone();
        let spawned = std::thread::Builder::new()
            .name("oblique-session-search".into())
            .spawn(move || {
                let result = {
                    let mut search = lock(&engine.search);
                    {
                        let mut st = lock(&engine.state);
                        if generation < st.wanted_from {
                            drop(st);
                            drop(search);
                            let _ = tx.send(Event::Done(generation, Err(SearchError::Abandoned)));
                            return;
                        }
                        st.started = generation;
                    }
                    if let Err(e) = apply_options(&mut search, &options) {
                        let _ = tx.send(Event::Warning(
                            generation,
                            format!("options not applied: {e}"),
                        ));
                    }
                    let tx_info = tx.clone();
                    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        search_fn(&search.search, &pos, &limits, &mut |info: &Info| {
                            let _ = tx_info.send(Event::Info(generation, info.clone()));
                        })
                    }));
                    lock(&engine.state).finished = generation;
                    match outcome {
                        Ok(r) => r,
                        Err(_) => Err(SearchError::Panicked),
                    }
                };
                let _ = tx.send(Event::Done(generation, result));
            });
        if let Err(e) = spawned {
            let _ = self
                .tx
                .send(Event::Done(generation, Err(SearchError::Thread(e))));
        }
        self.running = Some(Running {
            generation,
            started: Instant::now(),
            stop_requested: false,
            last_info: None,
        });
        generation
    }

    /// Asks the current search to stop; its result still arrives as `Event::Done`.
    pub fn request_stop(&mut self) {
        let Some(r) = self.running.as_mut() else {
            return;
        };
        if r.stop_requested {
            return;
        }
        r.stop_requested = true;
        let generation = r.generation;
        let engine = self.engine.clone();
        let stop = self.stop.clone();
        // The search clears the flag when it starts, so keep setting it until that
        // generation has finished (a search thread may not have started running yet).
        let _ = std::thread::Builder::new()
            .name("oblique-session-stop".into())
            .spawn(move || {
                let deadline = Instant::now() + Duration::from_secs(60);
                loop {
                    {
                        let st = lock(&engine.state);
                        if st.finished >= generation
                            || st.started > generation
                            || (st.started < generation && st.wanted_from > generation)
                        {
                            break;
                        }
                        if st.started == generation {
                            stop.store(true, Ordering::SeqCst);
                        }
                    }
                    if Instant::now() > deadline {
                        break;
                    }
                    std::thread::sleep(Duration::from_millis(1));
                }
            });
    }

    /// Stops the current search and drops its result.
    pub fn abort_search(&mut self) {
        if let Some(r) = &self.running {
            let mut st = lock(&self.engine.state);
            st.wanted_from = st.wanted_from.max(r.generation + 1);
        }
        self.request_stop();
        self.running = None;
    }

    /// Applies thread and hash settings now if no search runs (otherwise the next search
    /// applies them when it starts).
    pub fn apply_options_now(&mut self) -> Result<(), SearchSetupError> {
        if self.running.is_some() {
            return Ok(());
        }
        let mut search = lock(&self.engine.search);
        apply_options(&mut search, &self.options)
    }

    /// Forgets what earlier searches learnt (new game); waits for a finishing search.
    pub fn clear_hash(&mut self) {
        if self.running.is_some() {
            return;
        }
        lock(&self.engine.search).search.clear();
    }

    pub fn set_threads(&mut self, n: usize) -> Result<(), SearchSetupError> {
        self.options.threads = n.clamp(1, MAX_THREADS);
        self.apply_options_now()
    }

    pub fn set_hash(&mut self, mb: usize) -> Result<(), SearchSetupError> {
        self.options.hash_mb = mb.clamp(1, MAX_HASH_MB);
        self.apply_options_now()
    }

    /// A new game of `variant` from its start position or `fen`; on error the game is
    /// unchanged.
    pub fn new_game(&mut self, variant: &str, fen: Option<&str>) -> Result<(), PositionError> {
        self.game = Game::new(variant, fen)?;
        Ok(())
    }
}

fn apply_options(slot: &mut Slot, o: &Options) -> Result<(), SearchSetupError> {
    slot.search.move_overhead = o.move_overhead;
    if slot.search.threads() != o.threads {
        slot.search
            .set_threads(o.threads)
            .map_err(|e| SearchSetupError(e.to_string()))?;
    }
    if slot.hash_mb != o.hash_mb {
        slot.search.set_hash(o.hash_mb);
        slot.hash_mb = o.hash_mb;
    }
    Ok(())
}

/// The position after `moves` from `start`; errors name the first bad move.
pub fn position_after(start: &AnyPosition, moves: &[&str]) -> Result<Game, MovesError> {
    let mut g = Game::from_record(GameRecord::from_start(start.clone()));
    for m in moves {
        g.play(m).map_err(|error| MovesError {
            text: m.to_string(),
            error,
        })?;
    }
    Ok(g)
}
