//! The `oblique` binary's commands, one module each: its arguments and a call into the
//! crates that do the work (`args` holds the argument groups several commands share).

pub mod analyze;
pub mod args;
pub mod bench;
pub mod check;
pub mod net;
pub mod perft;
pub mod play;
pub mod serve;
pub mod study;
pub mod tune;
pub mod variants;
