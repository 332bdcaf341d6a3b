//! Alpha-beta search, generic over the game: iterative deepening, principal-variation
//! search with aspiration windows, quiescence, a shared lock-free transposition table,
//! null-move pruning, late-move reductions, check extensions, killers and history (each
//! thread's kept from one search to the next), and Lazy SMP on a rayon thread pool.

pub mod game;
pub mod limits;
pub mod see;
pub mod tt;
mod worker;

pub use game::{Evaluator, SearchGame};
pub use limits::{Budget, Clock, Limits, PonderHit, DEFAULT_MOVE_OVERHEAD};
pub use tt::TranspositionTable;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use worker::Worker;

/// Score of a mate on the board (mate in n plies scores `MATE - n`).
pub const MATE: i32 = 30_000;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;
pub const INFINITE: i32 = 32_000;
/// Deepest ply the search reaches (extensions included).
pub const MAX_PLY: usize = 120;
/// Deepest iteration a search starts.
pub const MAX_DEPTH: u32 = 100;

/// A score as protocols report it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Centipawns(i32),
    /// Mate in this many moves (negative: we are mated).
    Mate(i32),
}

impl Score {
    pub fn from_internal(s: i32) -> Score {
        if s >= MATE_BOUND {
            Score::Mate((MATE - s + 1) / 2)
        } else if s <= -MATE_BOUND {
            Score::Mate(-((MATE + s) / 2))
        } else {
            Score::Centipawns(s)
        }
    }

    /// UCI form: `cp 34` or `mate -3`.
    pub fn uci(self) -> String {
        match self {
            Score::Centipawns(c) => format!("cp {c}"),
            Score::Mate(m) => format!("mate {m}"),
        }
    }
}

/// One completed iteration (per principal variation), for the protocols to print.
#[derive(Clone, Debug)]
pub struct Info {
    pub depth: u32,
    pub seldepth: u32,
    pub multipv: usize,
    pub score: Score,
    /// The score in centipawns with mates as ±(100000 - plies), XBoard style.
    pub raw_score: i32,
    pub nodes: u64,
    pub nps: u64,
    pub time: Duration,
    pub hashfull: u32,
    pub pv: Vec<String>,
}

#[derive(Clone, Debug)]
pub struct SearchResult {
    /// `None` only when the position has no legal move.
    pub best_move: Option<String>,
    pub ponder: Option<String>,
    pub score: Score,
    pub depth: u32,
    pub nodes: u64,
    pub time: Duration,
    pub pv: Vec<String>,
}

/// State every thread of one search shares.
pub(crate) struct Shared<'a> {
    pub tt: &'a TranspositionTable,
    pub stop: &'a AtomicBool,
    pub nodes: AtomicU64,
    pub start: Instant,
    /// The budget of a normal search; a ponder search takes its own when it fires.
    pub budget: Budget,
    pub ponder: Option<&'a PonderHit>,
    pub node_limit: Option<u64>,
    pub threads: usize,
    /// How many threads are in an iteration of each depth (helpers avoid crowded depths).
    pub searching_at: Vec<std::sync::atomic::AtomicU32>,
    /// The iterations helper threads completed, each deeper than the one before (the last
    /// is the deepest).
    pub helper_results: std::sync::Mutex<Vec<HelperResult>>,
    /// Its depth, for the main thread to read at every iteration without the lock.
    pub helper_depth: std::sync::atomic::AtomicU32,
}

/// A helper thread's completed iteration, with its exact score for the report.
pub(crate) struct HelperResult {
    pub result: SearchResult,
    pub raw_score: i32,
}

/// The score in centipawns with mates as ±(100000 - plies), as XBoard shows it.
pub(crate) fn raw_score(internal: i32) -> i32 {
    if internal >= MATE_BOUND {
        100_000 - (MATE - internal)
    } else if internal <= -MATE_BOUND {
        -100_000 + (MATE + internal)
    } else {
        internal
    }
}

impl Shared<'_> {
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// The time budget in force and the moment it counts from; `None` while pondering.
    pub fn timing(&self) -> Option<(Instant, Budget)> {
        match self.ponder {
            Some(hit) => hit.fired(),
            None => Some((self.start, self.budget)),
        }
    }

    /// Still thinking on the opponent's time?
    pub fn pondering(&self) -> bool {
        self.ponder.is_some_and(|hit| hit.fired().is_none())
    }
}

/// The search engine: owns the hash table and the thread pool across searches.
pub struct Search {
    tt: TranspositionTable,
    pool: rayon::ThreadPool,
    threads: usize,
    stop: Arc<AtomicBool>,
    /// Each thread's butterfly history, kept across searches (a game's later moves start
    /// with what its earlier searches learnt; cleared for a new game).
    histories: Vec<Mutex<Vec<i32>>>,
    pub move_overhead: Duration,
}

/// Entries of one thread's butterfly history: side, from-cell and to-cell (cells below 256).
const HISTORY_SIZE: usize = 2 * 256 * 256;

fn histories(threads: usize) -> Vec<Mutex<Vec<i32>>> {
    (0..threads)
        .map(|_| Mutex::new(vec![0; HISTORY_SIZE]))
        .collect()
}

/// The search's helper threads could not be started (the system refused them).
#[derive(Debug)]
pub struct ThreadPoolError(rayon::ThreadPoolBuildError);

impl std::fmt::Display for ThreadPoolError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot start search threads: {}", self.0)
    }
}

impl std::error::Error for ThreadPoolError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.0)
    }
}

fn build_pool(threads: usize) -> Result<rayon::ThreadPool, ThreadPoolError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.saturating_sub(1).max(1))
        .thread_name(|i| format!("oblique-search-{i}"))
        .stack_size(8 << 20)
        .build()
        .map_err(ThreadPoolError)
}

impl Search {
    /// A search with `threads` threads and a hash table of `hash_mb` MB.
    pub fn new(threads: usize, hash_mb: usize) -> Result<Search, ThreadPoolError> {
        let threads = threads.clamp(1, 256);
        Ok(Search {
            tt: TranspositionTable::new(hash_mb),
            pool: build_pool(threads)?,
            threads,
            stop: Arc::new(AtomicBool::new(false)),
            histories: histories(threads),
            move_overhead: DEFAULT_MOVE_OVERHEAD,
        })
    }

    pub fn threads(&self) -> usize {
        self.threads
    }

    pub fn set_threads(&mut self, threads: usize) -> Result<(), ThreadPoolError> {
        let threads = threads.clamp(1, 256);
        if threads != self.threads {
            self.pool = build_pool(threads)?;
            self.threads = threads;
            self.histories = histories(threads);
        }
        Ok(())
    }

    pub fn hash_mb(&self) -> usize {
        self.tt.megabytes()
    }

    pub fn set_hash(&mut self, megabytes: usize) {
        self.tt = TranspositionTable::new(megabytes);
    }

    /// Forgets what earlier searches learnt (new game).
    pub fn clear(&self) {
        self.tt.clear();
        for h in &self.histories {
            h.lock().unwrap_or_else(|e| e.into_inner()).fill(0);
        }
    }

    /// Setting this flag stops a running search within a millisecond or so; the search
    /// still returns its best move so far.
    pub fn stop_handle(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// Searches `pos` within `limits`, calling `on_info` after every completed iteration.
    pub fn run<G, E, F>(&self, pos: &G, eval: &E, limits: &Limits, mut on_info: F) -> SearchResult
    where
        G: SearchGame,
        E: Evaluator<G>,
        F: FnMut(&Info),
    {
        let start = Instant::now();
        self.stop.store(false, Ordering::SeqCst);
        self.tt.new_search();
        // The game ply (half-moves since the start) for the time plan.
        let ply = 2 * pos.fullmove_number().saturating_sub(1)
            + (pos.side_to_move() == crate::types::Color::Black) as u32;
        let budget = limits.budget_at(self.move_overhead, ply);
        let shared = Shared {
            tt: &self.tt,
            stop: &self.stop,
            nodes: AtomicU64::new(0),
            start,
            budget,
            ponder: limits.ponder.as_deref(),
            node_limit: limits.nodes,
            threads: self.threads,
            searching_at: (0..=MAX_DEPTH as usize + 1)
                .map(|_| std::sync::atomic::AtomicU32::new(0))
                .collect(),
            helper_results: std::sync::Mutex::new(Vec::new()),
            helper_depth: std::sync::atomic::AtomicU32::new(0),
        };
        let mut result = None;
        self.pool.in_place_scope(|scope| {
            for id in 1..self.threads {
                let mut helper_pos = pos.clone();
                let shared = &shared;
                let history = &self.histories[id];
                scope.spawn(move |_| {
                    let mut history = history.lock().unwrap_or_else(|e| e.into_inner());
                    let mut w = Worker::new(shared, eval, id, &mut history);
                    w.iterate(&mut helper_pos, limits, &mut |_| {});
                });
            }
            let mut main_pos = pos.clone();
            let mut history = self.histories[0].lock().unwrap_or_else(|e| e.into_inner());
            let mut w = Worker::new(&shared, eval, 0, &mut history);
            result = Some(w.iterate(&mut main_pos, limits, &mut on_info));
            self.stop.store(true, Ordering::SeqCst);
        });
        let mut r = result.unwrap_or(SearchResult {
            best_move: None,
            ponder: None,
            score: Score::Centipawns(0),
            depth: 0,
            nodes: 0,
            time: Duration::ZERO,
            pv: Vec::new(),
        });
        r.nodes = shared.nodes.load(Ordering::Relaxed);
        r.time = start.elapsed();
        // A helper that finished a deeper iteration than the main thread has the better move
        // (one line only: helpers do not keep the other lines of a multi-PV search).
        let helper = shared
            .helper_results
            .into_inner()
            .unwrap_or_else(|e| e.into_inner())
            .pop();
        if let Some(HelperResult {
            result: h,
            raw_score,
        }) = helper.filter(|h| limits.multipv <= 1 && h.result.depth > r.depth)
        {
            if h.best_move.is_some() {
                r.best_move = h.best_move;
                r.ponder = h.ponder;
                r.score = h.score;
                r.depth = h.depth;
                r.pv = h.pv;
                on_info(&Info {
                    depth: r.depth,
                    seldepth: r.depth,
                    multipv: 1,
                    score: r.score,
                    raw_score,
                    nodes: r.nodes,
                    nps: (r.nodes as f64 / r.time.as_secs_f64().max(1e-6)) as u64,
                    time: r.time,
                    hashfull: self.tt.hashfull(),
                    pv: r.pv.clone(),
                });
            }
        }
        r
    }
}
