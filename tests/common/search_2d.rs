//! Searching a 2D position from a test and asserting forced wins; shared by the search and
//! mate test files.
#![allow(dead_code)] // each test file uses its own part

use oblique_engine::search::{Limits, Score, Search, SearchResult};
use oblique_engine::AnyPosition;

#[path = "clean_env.rs"]
mod clean_env;
pub use clean_env::clean as clean_env;

/// Searches `fen` of `variant` within `limits` on `threads` threads (16 MB table).
pub fn search(
    variant: &str,
    fen: &str,
    limits: &Limits,
    threads: usize,
) -> (AnyPosition, SearchResult) {
    clean_env();
    let pos = AnyPosition::new(variant, Some(fen)).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let s = Search::new(threads, 16).unwrap();
    let r = pos.search(&s, &oblique_eval::Evaluation, limits, |_| {});
    (pos, r)
}

/// Asserts a forced win in exactly `moves` moves, found by a search of depth 2 * moves + 2
/// (one thread: pruning and reductions must not hide a short mate), and, when given, that the
/// engine's first move is one of `first`.
pub fn mate_in(variant: &str, fen: &str, moves: i32, first: Option<&[&str]>) {
    let (_, r) = search(variant, fen, &Limits::depth(2 * moves as u32 + 2), 1);
    assert_eq!(r.score, Score::Mate(moves), "{variant} {fen}: {r:?}");
    if let Some(first) = first {
        let best = r.best_move.clone().unwrap();
        assert!(
            first.contains(&best.as_str()),
            "{variant} {fen}: played {best}, want {first:?}"
        );
    }
}
