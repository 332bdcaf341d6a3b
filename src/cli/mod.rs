//! Subcommands of the `oblique` binary that need the search.

pub mod analyze;
pub mod bench;
pub mod net;
pub mod play;
pub mod serve;
pub mod tune;
