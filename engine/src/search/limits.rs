//! What a search may spend, and how the clock turns into a time budget.

use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// The player's clock as a GUI reports it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Clock {
    pub time_left: Duration,
    pub increment: Duration,
    /// Moves until the next time control; `None` is sudden death.
    pub moves_to_go: Option<u32>,
}

#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    pub clock: Option<Clock>,
    /// Search until stopped (analysis, pondering).
    pub infinite: bool,
    /// Number of principal variations to report (1 = normal search).
    pub multipv: usize,
    /// Restrict the root to these moves (protocol notation); empty = all.
    pub searchmoves: Vec<String>,
    /// Stop early when a mate in this many moves is found.
    pub mate: Option<u32>,
    /// Set for a search on the opponent's time: until the signal fires it runs without a
    /// time limit (and holds its answer); from then on the budget given when it fired
    /// counts from that moment.
    pub ponder: Option<Arc<PonderHit>>,
}

/// The moment a ponder search becomes the real one (UCI `ponderhit`, or XBoard's opponent
/// playing the expected move), with the time budget the move may use from then on.
///
/// The search owns its limits for the whole run, so the protocol keeps a clone of this
/// signal instead of racing a new limit into a search that may not have started yet.
#[derive(Debug, Default)]
pub struct PonderHit {
    fired: OnceLock<(Instant, Budget)>,
}

impl PonderHit {
    pub fn new() -> Arc<PonderHit> {
        Arc::new(PonderHit::default())
    }

    /// Turns the ponder search into a normal one with `budget`; later calls do nothing.
    pub fn fire(&self, budget: Budget) {
        let _ = self.fired.set((Instant::now(), budget));
    }

    /// When it fired and the budget it gave; `None` while still pondering.
    pub fn fired(&self) -> Option<(Instant, Budget)> {
        self.fired.get().copied()
    }
}

/// Safety margin for the GUI and the operating system between our clock and theirs.
pub const DEFAULT_MOVE_OVERHEAD: Duration = Duration::from_millis(50);

/// Most of the clock a plan leaves untouched (see `Limits::budget`).
pub const CLOCK_RESERVE: Duration = Duration::from_millis(300);

/// What every move costs beyond its own search on a busy machine (the answer's trip through
/// the pipes, the GUI's bookkeeping, the wait for a processor), counted for each move the
/// plan covers. On the 2-core machine at load 7-10 the time from `go` to `bestmove` of a
/// 4 ms search reached 50-70 ms; a soak at 1 s + 0.01 s, whose clocks settled some 0.1 s
/// above the move overhead, lost about one game in twenty on time until this kept a cushion
/// of about 0.3 s (issue 10).
pub const LATENCY_PER_MOVE: Duration = Duration::from_millis(10);

/// Moves a sudden-death clock is planned over (what is left is shared among this many
/// moves, with their increments).
pub const SUDDEN_DEATH_HORIZON: u32 = 30;

/// How long to think: `soft` is the time planned for the move (the search starts no new
/// iteration after a share of it, scaled by how settled its best move is), `hard` when to
/// stop mid-iteration.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    pub soft: Option<Duration>,
    pub hard: Option<Duration>,
}

impl Limits {
    pub fn depth(d: u32) -> Limits {
        Limits {
            depth: Some(d),
            ..Limits::default()
        }
    }

    pub fn movetime(ms: u64) -> Limits {
        Limits {
            movetime: Some(Duration::from_millis(ms)),
            ..Limits::default()
        }
    }

    /// The budget for thinking on our own clock (a ponder search gets it when it fires).
    pub fn budget(&self, overhead: Duration) -> Budget {
        if self.infinite {
            return Budget {
                soft: None,
                hard: None,
            };
        }
        if let Some(t) = self.movetime {
            let t = t.saturating_sub(overhead).max(Duration::from_millis(1));
            return Budget {
                soft: Some(t),
                hard: Some(t),
            };
        }
        if let Some(c) = self.clock {
            // A reserve for the moments the process waits for a processor (on a loaded
            // machine answers came up to 0.4 s after the hard stop): a quarter of the clock,
            // at most 300 ms, is never planned on.
            let left = c.time_left.saturating_sub(overhead);
            let left = left - (left / 4).min(CLOCK_RESERVE);
            let sudden_death = c.moves_to_go.is_none();
            let mtg = c.moves_to_go.unwrap_or(SUDDEN_DEATH_HORIZON).clamp(1, 80);
            // An even share of what the next `mtg` moves will have: the clock now plus half
            // of the increments still to come, less each move's latency. Not all of them: a search overshoots its plan
            // by about a third, and a plan that counted every increment kept the clock, late
            // in long games, within a tenth of a second of the overhead (a loaded machine then
            // forfeits); with half, and the latencies, it settles some 0.3 s above it. Never plan on
            // more than a fifth of the clock (most of it on the last move before a time
            // control), and never go past 40% of it even when the search wants to finish an
            // iteration. The search stretches or shrinks the plan (`soft`) by how settled its
            // best move is; `hard` stops it mid-iteration.
            let horizon = (left + c.increment.mul_f64(0.5 * (mtg - 1) as f64))
                .saturating_sub(LATENCY_PER_MOVE * mtg);
            let share = horizon / mtg;
            let (plan_cap, hard_cap) = if mtg == 1 && !sudden_death {
                (0.5, 0.7)
            } else {
                (0.2, 0.4)
            };
            let soft = share
                .min(left.mul_f64(plan_cap))
                .max(Duration::from_millis(1));
            let hard = (soft * 5)
                .min(left.mul_f64(hard_cap))
                .max(Duration::from_millis(1));
            return Budget {
                soft: Some(soft.min(hard)),
                hard: Some(hard),
            };
        }
        Budget {
            soft: None,
            hard: None,
        }
    }
}
