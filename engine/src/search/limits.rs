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

/// Most of the clock a plan with moves to go leaves untouched (see `Limits::budget`).
pub const CLOCK_RESERVE: Duration = Duration::from_millis(300);

/// Most of the clock a sudden-death plan leaves untouched (half of it below twice this).
pub const SUDDEN_DEATH_RESERVE: Duration = Duration::from_millis(500);

/// What every move costs beyond its own search on a busy machine (the answer's trip through
/// the pipes, the GUI's bookkeeping, the wait for a processor), counted for each move the
/// plan covers. On the 2-core machine at load 7-10 the time from `go` to `bestmove` of a
/// 4 ms search reached 50-70 ms; a soak at 1 s + 0.01 s, whose clocks settled some 0.1 s
/// above the move overhead, lost about one game in twenty on time until this kept a cushion
/// of about 0.3 s (issue 10).
pub const LATENCY_PER_MOVE: Duration = Duration::from_millis(10);

/// Moves a sudden-death clock is planned over: the plan counts the clock plus half the
/// increments of this many moves (less their latency).
pub const SUDDEN_DEATH_HORIZON: u32 = 40;

/// The game ply a plan assumes when it is not told (a ponder hit's budget).
const DEFAULT_PLY: u32 = 30;

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
        self.budget_at(overhead, DEFAULT_PLY)
    }

    /// The budget at game ply `ply` (half-moves played since the start): on a sudden-death
    /// clock the share of the time planned for a move grows with the ply.
    pub fn budget_at(&self, overhead: Duration, ply: u32) -> Budget {
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
            let Some(mtg) = c.moves_to_go else {
                return sudden_death(left, c.increment, ply);
            };
            // A reserve for the moments the process waits for a processor (on a loaded
            // machine answers came up to 0.4 s after the hard stop): a quarter of the clock,
            // at most 300 ms, is never planned on.
            let left = left - (left / 4).min(CLOCK_RESERVE);
            let mtg = mtg.clamp(1, 80);
            // An even share of what the next `mtg` moves will have: the clock now plus half
            // of the increments still to come, less each move's latency. Not all of them: a
            // search overshoots its plan by about a third. Never plan on more than a fifth of
            // the clock (most of it on the last move before a time control), and never go
            // past 40% of it even when the search wants to finish an iteration. The search
            // stretches or shrinks the plan (`soft`) by how settled its best move is; `hard`
            // stops it mid-iteration.
            let horizon = (left + c.increment.mul_f64(0.5 * (mtg - 1) as f64))
                .saturating_sub(LATENCY_PER_MOVE * mtg);
            let share = horizon / mtg;
            let (plan_cap, hard_cap) = if mtg == 1 { (0.5, 0.7) } else { (0.2, 0.4) };
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

/// The plan on a sudden-death clock (`left` already less the move overhead), after
/// Stockfish's: the time the game still has is the clock plus half the increments of the
/// next [`SUDDEN_DEATH_HORIZON`] moves, less their latency and less a reserve (half the
/// clock, at most [`SUDDEN_DEATH_RESERVE`]: on this loaded machine answers came up to 0.4 s
/// after the hard stop); a move plans on a share of it that grows with the game ply, from
/// about 1/55 at the start to 1/27 at ply 60, never more than a fifth of the usable clock.
/// So the middle game, where games are decided, gets more than the old even share and the
/// opening less. Half the increments, not all: a search overshoots its plan by about a
/// fifth on average, and with every increment counted the clock sank to 0.1-0.3 s late in
/// long games at 3 s + 0.03 s, where a loaded machine forfeits (2 games in 86); with half
/// it settles near 0.9 s. The hard stop is four to seven times the plan (more as the game
/// goes on), never past 40% of the usable clock.
fn sudden_death(left: Duration, increment: Duration, ply: u32) -> Budget {
    let usable = left - (left / 2).min(SUDDEN_DEATH_RESERVE);
    let mtg = SUDDEN_DEATH_HORIZON;
    let time_left = (usable + increment.mul_f64(0.5 * (mtg - 1) as f64))
        .saturating_sub(LATENCY_PER_MOVE * (mtg + 2))
        .max(Duration::from_millis(1));
    let usable_s = usable.as_secs_f64();
    let time_left_s = time_left.as_secs_f64();
    let opt_scale =
        (0.0120 + (ply as f64 + 3.0).powf(0.45) * 0.0039).min(0.2 * usable_s / time_left_s);
    let max_scale = (4.0 + ply as f64 / 12.0).min(7.0);
    let soft = time_left.mul_f64(opt_scale).max(Duration::from_millis(1));
    let hard = soft
        .mul_f64(max_scale)
        .min(usable.mul_f64(0.4))
        .max(Duration::from_millis(1));
    Budget {
        soft: Some(soft.min(hard)),
        hard: Some(hard),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const OVERHEAD: Duration = DEFAULT_MOVE_OVERHEAD;

    fn on_clock(time_left_ms: u64, increment_ms: u64, moves_to_go: Option<u32>) -> Limits {
        Limits {
            clock: Some(Clock {
                time_left: Duration::from_millis(time_left_ms),
                increment: Duration::from_millis(increment_ms),
                moves_to_go,
            }),
            ..Limits::default()
        }
    }

    fn sudden(left_ms: u64, inc_ms: u64, ply: u32) -> Budget {
        on_clock(left_ms, inc_ms, None).budget_at(OVERHEAD, ply)
    }

    /// What a sudden-death plan may draw on: the clock less the overhead and its reserve.
    fn sudden_death_usable(time_left_ms: u64) -> Duration {
        let left = Duration::from_millis(time_left_ms).saturating_sub(OVERHEAD);
        left - (left / 2).min(SUDDEN_DEATH_RESERVE)
    }

    /// What a plan with moves to go may draw on.
    fn moves_to_go_usable(time_left_ms: u64) -> Duration {
        let left = Duration::from_millis(time_left_ms).saturating_sub(OVERHEAD);
        left - (left / 4).min(CLOCK_RESERVE)
    }

    /// The clock after `moves` moves that each spend what `spend` takes from the budget
    /// plus the latency, or the move at which it would not have had that much left.
    fn clock_through(
        start_ms: u64,
        inc_ms: u64,
        moves: u32,
        spend: impl Fn(Budget) -> Option<Duration>,
    ) -> Result<Duration, String> {
        let mut left = Duration::from_millis(start_ms);
        for mv in 0..moves {
            let budget = on_clock(left.as_millis() as u64, inc_ms, None).budget(OVERHEAD);
            let spent = spend(budget).expect("a clock budget") + LATENCY_PER_MOVE;
            if spent >= left {
                return Err(format!(
                    "{start_ms}+{inc_ms}: move {mv} spends {spent:?} of {left:?}"
                ));
            }
            left = left - spent + Duration::from_millis(inc_ms);
        }
        Ok(left)
    }

    #[test]
    fn a_sudden_death_plan_grows_with_the_ply_and_keeps_its_reserve() {
        for (left, inc) in [(10_000, 100), (3_000, 30), (1_000, 10), (60_000, 600)] {
            let usable = sudden_death_usable(left);
            let mut last = Duration::ZERO;
            for ply in [0, 10, 20, 40, 80] {
                let b = sudden(left, inc, ply);
                let (soft, hard) = (b.soft.unwrap(), b.hard.unwrap());
                assert!(soft >= last, "{left}+{inc} ply {ply}: {soft:?} < {last:?}");
                assert!(soft <= hard, "{left}+{inc} ply {ply}");
                assert!(soft <= usable.mul_f64(0.2) + Duration::from_millis(1));
                assert!(hard <= usable.mul_f64(0.4) + Duration::from_millis(1));
                last = soft;
            }
        }
        // At 10 s + 0.1 s the middle game gets about a third of a second a move.
        let mid = sudden(9_000, 100, 30).soft.unwrap();
        assert!(
            mid > Duration::from_millis(250) && mid < Duration::from_millis(450),
            "{mid:?}"
        );
        // With little left the plan stays under the increment, so the clock stops sinking.
        let low = sudden(700, 30, 100).soft.unwrap();
        assert!(low < Duration::from_millis(30), "{low:?}");
    }

    #[test]
    fn fixed_time_and_infinite_searches() {
        let b = Limits::movetime(1000).budget(OVERHEAD);
        assert_eq!(b.soft, Some(Duration::from_millis(950)));
        assert_eq!(b.hard, Some(Duration::from_millis(950)));
        let b = Limits::movetime(500).budget_at(OVERHEAD, 40);
        assert_eq!(
            (b.soft, b.hard),
            (
                Some(Duration::from_millis(450)),
                Some(Duration::from_millis(450))
            )
        );
        let b = Limits::movetime(10).budget(OVERHEAD);
        assert_eq!(
            b.hard,
            Some(Duration::from_millis(1)),
            "never a zero budget"
        );
        let infinite = Limits {
            infinite: true,
            ..on_clock(5000, 0, None)
        };
        let b = infinite.budget(OVERHEAD);
        assert!(b.soft.is_none() && b.hard.is_none());
        let b = Limits::depth(7).budget(OVERHEAD);
        assert!(b.soft.is_none() && b.hard.is_none());
    }

    #[test]
    fn sudden_death_plans_a_share_within_the_caps() {
        for (ms, inc) in [(300_000, 0), (10_000, 100), (1_000, 10), (200, 0), (60, 0)] {
            let b = on_clock(ms, inc, None).budget(OVERHEAD);
            let (soft, hard) = (b.soft.unwrap(), b.hard.unwrap());
            let left = moves_to_go_usable(ms);
            assert!(soft <= hard, "{ms}+{inc}: soft {soft:?} > hard {hard:?}");
            assert!(soft >= Duration::from_millis(1) && hard >= Duration::from_millis(1));
            if left >= Duration::from_millis(5) {
                assert!(soft <= left.mul_f64(0.2), "{ms}+{inc}: soft {soft:?}");
                assert!(hard <= left.mul_f64(0.4), "{ms}+{inc}: hard {hard:?}");
            }
        }
        // Five minutes without increment, in the middle game: about a thirtieth of the clock.
        let b = on_clock(300_000, 0, None).budget(OVERHEAD);
        let soft = b.soft.unwrap().as_secs_f64();
        assert!((9.0..10.0).contains(&soft), "soft {soft}");
    }

    #[test]
    fn the_increment_to_come_adds_to_the_plan() {
        let without = on_clock(10_000, 0, None).budget(OVERHEAD).soft.unwrap();
        let with = on_clock(10_000, 100, None).budget(OVERHEAD).soft.unwrap();
        assert!(with > without, "{with:?} <= {without:?}");
    }

    #[test]
    fn the_last_move_before_a_control_may_use_more_of_the_clock() {
        let last = on_clock(10_000, 0, Some(1)).budget(OVERHEAD);
        let sudden = on_clock(10_000, 0, None).budget(OVERHEAD);
        let left = moves_to_go_usable(10_000);
        assert!(last.soft.unwrap() > sudden.soft.unwrap());
        assert!(last.soft.unwrap() > Duration::from_secs(3));
        assert!(last.soft.unwrap() <= left.mul_f64(0.5));
        assert!(last.hard.unwrap() <= left.mul_f64(0.7));
        assert!(last.hard.unwrap() < Duration::from_secs(7));
        // Twenty moves to go share the clock more evenly than one.
        let twenty = on_clock(10_000, 0, Some(20)).budget(OVERHEAD);
        assert!(twenty.soft.unwrap() < last.soft.unwrap());
    }

    /// An engine that always ran to its hard limit and paid a latency on top still keeps
    /// time in hand through a long sudden-death game, whenever the increment covers the
    /// latency (when it does not, every move drains the clock whatever the plan).
    #[test]
    fn spending_the_hard_limit_every_move_never_runs_out() {
        for (start_ms, inc_ms) in [(10_000u64, 100u64), (3_000, 30), (1_000, 15)] {
            if let Err(e) = clock_through(start_ms, inc_ms, 300, |b| b.hard) {
                panic!("{e}");
            }
        }
    }

    /// Without an increment, an engine that spends its plan (and a latency) every move
    /// still has time left after 150 moves.
    #[test]
    fn spending_the_plan_lasts_a_long_game_without_increment() {
        for start_ms in [60_000u64, 10_000] {
            if let Err(e) = clock_through(start_ms, 0, 150, |b| b.soft) {
                panic!("{e}");
            }
        }
    }
}
