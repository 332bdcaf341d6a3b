//! Test binaries that search in-process read `OBLIQUE_NET` (a network file replacing a game's
//! compiled-in evaluation, `eval/src/nnue/nets.rs`) once, at their first evaluation: a
//! developer's setting would change what the tests search and score. [`clean`] removes it;
//! each test calls it before its first search (the spawned engines get `env_remove`).
#![allow(dead_code)] // each test file uses its own part

use std::sync::Once;

/// Removes `OBLIQUE_NET` from this process, once; every caller waits until it is gone.
pub fn clean() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| std::env::remove_var("OBLIQUE_NET"));
}
