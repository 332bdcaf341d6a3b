//! Work items run on one thread per search, their results handed on in item order: what
//! `net data` (a game per item) and `net relabel` (a recorded game per item) both need so
//! that a run writes the same file, byte for byte, whatever its number of threads.
//!
//! Why a search per thread and not a rayon pool: each item keeps its thread's search (and
//! so its hash table) for its whole length, and a search is cleared by the item's own work
//! when it starts, so which thread took an item never shows in its result.

use oblique_engine::search::Search;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

/// Runs `work(nth, search)` for every `nth` in `0..items`, one thread per search, and calls
/// `on_done(nth, result)` on the calling thread in order of `nth`.
pub fn run_in_order<R: Send>(
    searches: &[Search],
    items: usize,
    work: impl Fn(usize, &Search) -> R + Sync,
    mut on_done: impl FnMut(usize, R),
) {
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<(usize, R)>();
    std::thread::scope(|scope| {
        for search in searches {
            let tx = tx.clone();
            let (next, work) = (&next, &work);
            scope.spawn(move || loop {
                let nth = next.fetch_add(1, Ordering::Relaxed);
                if nth >= items {
                    break;
                }
                if tx.send((nth, work(nth, search))).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        // Items finish out of order; they are handed on in order.
        let mut pending = BTreeMap::new();
        let mut expected = 0;
        for (nth, result) in rx {
            pending.insert(nth, result);
            while let Some(result) = pending.remove(&expected) {
                on_done(expected, result);
                expected += 1;
            }
        }
    });
}
