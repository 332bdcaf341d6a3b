//! Oblique's training lab: everything that makes the evaluation's data, none of which the
//! engine needs to play. The evaluation (`oblique-eval`) reads weights files and network
//! files; this crate writes them, from the games' own self-play (none of these games has
//! master games to learn from). Layered `tables <- engine <- eval <- train <- binary`.
//!
//! * `tune`: the Texel tuner of the 2D evaluation's weights (`oblique tune data`, `tune fit`);
//! * `net`: self-play records and the network trainer (`oblique net data`, `net train`);
//! * `error`: why a run failed, one line each;
//! * `game_lines`: a data file written game by game, with its progress bar;
//! * `progress`: the progress bar of the long runs.
//!
//! The binary's `tune` and `net` commands only read their arguments and call
//! `tune::make_data::run`, `tune::make_weights::run`, `net::make_data::run` and
//! `net::make_net::run`.

pub mod error;
pub mod game_lines;
pub mod net;
pub mod progress;
pub mod tune;

pub use error::TrainError;
