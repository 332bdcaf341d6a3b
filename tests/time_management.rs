//! Sudden death with increment: a game of Oblique against itself at 1 s + 0.01 s per move,
//! with each side's clock kept here, must never run out of time.
//!
//! The clock is charged with the processor time the search used, not the wall time: the
//! engine plans by the wall clock (that is what a GUI charges), but on a machine whose two
//! cores are shared with builds and other tests, the wall time of a move also counts the
//! time another process held the core, which says nothing about the engine's time
//! management. Processor time is what the engine controls: a search that ignored its
//! clock, planned too much of it or overshot its hard stop spends it all the same, and
//! loses here. (On an idle machine the two are the same.)

use oblique_engine::search::{Clock, Limits, Search};
use oblique_engine::{AnyPosition, Color};
use std::time::Duration;

#[path = "common/clean_env.rs"]
mod clean_env;

/// Processor time used so far by this process: user plus system, every thread (the only
/// test of this file is running, so that is the search). Wall time where there is no
/// `getrusage`.
#[cfg(unix)]
fn cpu_time() -> Duration {
    // SAFETY: getrusage writes a plain struct; an all-zero rusage is a valid value of it.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `usage` is a valid, writable rusage; RUSAGE_SELF is always supported.
    let rc = unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) };
    assert_eq!(rc, 0, "getrusage failed");
    let tv = |t: libc::timeval| {
        Duration::from_secs(t.tv_sec as u64) + Duration::from_micros(t.tv_usec as u64)
    };
    tv(usage.ru_utime) + tv(usage.ru_stime)
}

#[cfg(not(unix))]
fn cpu_time() -> Duration {
    use std::sync::OnceLock;
    static START: OnceLock<std::time::Instant> = OnceLock::new();
    START.get_or_init(std::time::Instant::now).elapsed()
}

fn play_on_the_clock(variant: &str, max_plies: usize) {
    clean_env::clean();
    let mut pos = AnyPosition::new(variant, None).unwrap();
    let search = Search::new(1, 16).unwrap();
    let eval = oblique_eval::Evaluation;
    let increment = Duration::from_millis(10);
    let mut clocks = [Duration::from_secs(1), Duration::from_secs(1)];
    for ply in 0..max_plies {
        if pos.outcome().is_some() {
            break;
        }
        let side = match pos.side_to_move() {
            Color::White => 0,
            Color::Black => 1,
        };
        let limits = Limits {
            clock: Some(Clock {
                time_left: clocks[side],
                increment,
                moves_to_go: None,
            }),
            ..Limits::default()
        };
        let before = cpu_time();
        let r = pos.search(&search, &eval, &limits, |_| {});
        let used = cpu_time().saturating_sub(before);
        assert!(
            used < clocks[side],
            "{variant}: ply {ply} used {used:?} of processor time with {:?} left",
            clocks[side]
        );
        clocks[side] = clocks[side] - used + increment;
        pos.play(&r.best_move.expect("a legal move")).unwrap();
    }
}

#[test]
fn never_loses_on_time_at_one_second_plus_increment() {
    play_on_the_clock("chess", 160);
    play_on_the_clock("ultraslanted", 120);
}
