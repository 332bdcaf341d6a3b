//! Sudden death with increment: a game of Oblique against itself at 1 s + 0.01 s per move,
//! with each side's clock kept here from wall time, must never run out of time.

use oblique_engine::search::{Clock, Limits, Search};
use oblique_engine::{AnyPosition, Color};
use std::time::{Duration, Instant};

fn play_on_the_clock(variant: &str, max_plies: usize) {
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
        let t = Instant::now();
        let r = pos.search(&search, &eval, &limits, |_| {});
        let used = t.elapsed();
        assert!(
            used < clocks[side],
            "{variant}: ply {ply} used {used:?} with {:?} left",
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
