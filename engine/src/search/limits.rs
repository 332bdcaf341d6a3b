//! What a search may spend, and how the clock turns into a time budget.

use std::time::Duration;

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
}

/// Safety margin for the GUI and the operating system between our clock and theirs.
pub const DEFAULT_MOVE_OVERHEAD: Duration = Duration::from_millis(50);

/// How long to think: `soft` is when not to start another iteration, `hard` when to stop
/// mid-iteration.
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
            let left = c.time_left.saturating_sub(overhead);
            let mtg = c.moves_to_go.unwrap_or(40).clamp(1, 80);
            // Aim at an even share of what is left plus most of the increment, but never plan
            // on more than a quarter of the clock, and never go past 30% of it even when the
            // search wants to finish an iteration: low clocks are where games are lost on time.
            // Half the increment keeps the clock, in a long game, near where an even share
            // equals half the increment (about 20 increments), never near zero.
            let base = left / (mtg + 3) + c.increment.mul_f64(0.5);
            let soft = base.min(left.mul_f64(0.25));
            let hard = (soft * 3)
                .min(left.mul_f64(0.3))
                .max(Duration::from_millis(1));
            return Budget {
                soft: Some(soft.min(hard).max(Duration::from_millis(1))),
                hard: Some(hard),
            };
        }
        Budget {
            soft: None,
            hard: None,
        }
    }
}
