//! Searches for the browser board, off the async runtime and never more at once than the
//! server was started with (`--threads`): each search uses one thread and borrows one of a
//! fixed set of `Search` objects, waiting for a free one when all are busy.
//!
//! A search belongs to one tab. The tab cancels it (new move, take back, stop, closed
//! socket) through its `Cancel`, which stops a running search within a millisecond and makes
//! a waiting one give up before it starts.

use oblique_engine::search::{Info, Limits, Search, SearchResult, ThreadPoolError};
use oblique_engine::AnyPosition;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::Semaphore;

/// The server's searches: at most `threads` run at once.
pub struct Engines {
    idle: Mutex<Vec<Search>>,
    permits: Arc<Semaphore>,
    threads: usize,
    /// Searches running now, and the most that ever ran at once (`/api/stats`).
    running: AtomicUsize,
    peak: AtomicUsize,
}

/// A tab's handle on its search.
#[derive(Default)]
pub struct Cancel {
    cancelled: AtomicBool,
    /// Stop flag of the `Search` running this job, once it runs.
    running: Mutex<Option<Arc<AtomicBool>>>,
}

impl Cancel {
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::SeqCst);
        if let Some(stop) = lock(&self.running).as_ref() {
            stop.store(true, Ordering::SeqCst);
        }
    }

    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::SeqCst)
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Engines {
    pub fn new(threads: usize, hash_mb: usize) -> Result<Engines, ThreadPoolError> {
        let threads = threads.max(1);
        let idle = (0..threads)
            .map(|_| {
                let mut s = Search::new(1, hash_mb)?;
                s.move_overhead = std::time::Duration::ZERO;
                Ok(s)
            })
            .collect::<Result<Vec<_>, ThreadPoolError>>()?;
        Ok(Engines {
            idle: Mutex::new(idle),
            permits: Arc::new(Semaphore::new(threads)),
            threads,
            running: AtomicUsize::new(0),
            peak: AtomicUsize::new(0),
        })
    }

    /// (search threads allowed, searches running now, most ever running at once).
    pub fn load(&self) -> (usize, usize, usize) {
        (
            self.threads,
            self.running.load(Ordering::SeqCst),
            self.peak.load(Ordering::SeqCst),
        )
    }

    /// Searches `pos` on a blocking thread; `None` if cancelled before it started. `on_info`
    /// runs on the search thread after every completed iteration.
    pub async fn search(
        self: Arc<Self>,
        pos: AnyPosition,
        limits: Limits,
        cancel: Arc<Cancel>,
        mut on_info: impl FnMut(&Info) + Send + 'static,
    ) -> Option<SearchResult> {
        let permit = self.permits.clone().acquire_owned().await.ok()?;
        if cancel.is_cancelled() {
            return None;
        }
        let search = lock(&self.idle).pop()?;
        let engines = self.clone();
        let job = tokio::task::spawn_blocking(move || {
            let stop = search.stop_handle();
            *lock(&cancel.running) = Some(stop.clone());
            let result = if cancel.is_cancelled() {
                None
            } else {
                let now = engines.running.fetch_add(1, Ordering::SeqCst) + 1;
                engines.peak.fetch_max(now, Ordering::SeqCst);
                let r = pos.search(&search, &oblique_eval::Evaluation, &limits, |info| {
                    // `Search::run` clears its stop flag when it starts: a cancel that came
                    // in between is repeated here at the first completed iteration.
                    if cancel.is_cancelled() {
                        stop.store(true, Ordering::SeqCst);
                    }
                    on_info(info)
                });
                engines.running.fetch_sub(1, Ordering::SeqCst);
                Some(r)
            };
            *lock(&cancel.running) = None;
            lock(&engines.idle).push(search);
            drop(permit);
            result
        });
        job.await.ok().flatten()
    }
}
